// A command queue like tmux's cmdq (cmd-queue.c), generic over how a command
// runs: items run in order; one may wait and be continued later; commands
// may be inserted right after the running one; a failure skips the rest of
// the failed command's group; and a sequence's exit status is 1 when any of
// its commands (or those inserted on its behalf) failed.

/** What running a command gives: done, failed, or continued later by `continue`. */
export type CommandStatus = "normal" | "error" | "wait";

/** Anything queued carries a group; 0 is no group (a callback), never skipped. */
export interface Groupable {
  readonly group: number;
}

export interface QueueItem<C extends Groupable> {
  readonly command: C;
  /** The append (or the item it was inserted after) this item belongs to. */
  readonly sequence: Sequence;
  state: "queued" | "running" | "waiting" | "done";
}

/** One append: its exit status once all its items, inserted ones too, are done. */
export interface Sequence {
  readonly id: number;
  failed: boolean;
  pending: number;
  onDone: ((exitStatus: number) => void) | undefined;
}

export interface QueueRunner<C extends Groupable> {
  /** Runs a command; it may call queue.insertAfter(item, ...) before returning. */
  run(item: QueueItem<C>, queue: CommandQueue<C>): CommandStatus;
  /** A command threw: tmux would have reported a failure, so report it and treat it as one. */
  reportException?(item: QueueItem<C>, error: unknown): void;
}

interface Entry<C extends Groupable> extends QueueItem<C> {
  /** `continue` was called while the command was still running. */
  early: "normal" | "error" | undefined;
}

export class CommandQueue<C extends Groupable> {
  private items: Entry<C>[] = [];
  private draining = false;
  private nextSequence = 1;

  constructor(private readonly runner: QueueRunner<C>) {}

  /** Queues commands at the end; onDone gets 0 or 1 when they and their insertions are done. */
  append(commands: readonly C[], onDone?: (exitStatus: number) => void): Sequence {
    const seq: Sequence = { id: this.nextSequence++, failed: false, pending: 0, onDone };
    this.items.push(...commands.map((c) => this.entry(c, seq)));
    if (commands.length === 0) this.finishSequence(seq);
    this.drain();
    return seq;
  }

  /**
   * Puts commands right after `after` (if-shell's branch, source-file's file,
   * a hook), so they run before whatever followed it; they count toward
   * `after`'s sequence. Returns the last inserted item, for inserting more after it.
   */
  insertAfter(after: QueueItem<C>, commands: readonly C[]): QueueItem<C> {
    const at = this.items.indexOf(after as Entry<C>);
    const entries = commands.map((c) => this.entry(c, after.sequence));
    if (at === -1) this.items.push(...entries);
    else this.items.splice(at + 1, 0, ...entries);
    return entries[entries.length - 1] ?? after;
  }

  /** Ends a command that returned "wait"; "error" also skips the rest of its group. */
  continue(item: QueueItem<C>, status: "normal" | "error" = "normal"): void {
    const e = item as Entry<C>;
    if (e.state === "running") {
      e.early = status;
      return;
    }
    if (e.state !== "waiting") return;
    this.finish(e, status);
    this.drain();
  }

  /**
   * An error was reported for this item without it failing (tmux sets the
   * client's exit status on any error message: source-file's parse errors).
   */
  markFailed(item: QueueItem<C>): void {
    item.sequence.failed = true;
  }

  /** The command now running, if any (tmux's cmdq_running): not one that is waiting. */
  get running(): QueueItem<C> | undefined {
    const head = this.items[0];
    return head?.state === "running" ? head : undefined;
  }

  get length(): number {
    return this.items.length;
  }

  private entry(command: C, sequence: Sequence): Entry<C> {
    sequence.pending++;
    return { command, sequence, state: "queued", early: undefined };
  }

  /** Runs items until the queue is empty or its head waits (cmdq_next). */
  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let head = this.items[0]; head !== undefined && head.state === "queued"; head = this.items[0]) {
        const status = this.fire(head);
        if (status === "wait" && head.early === undefined) {
          head.state = "waiting";
          break;
        }
        this.finish(head, status === "wait" ? (head.early ?? "normal") : status);
      }
    } finally {
      this.draining = false;
    }
  }

  private fire(item: Entry<C>): CommandStatus {
    item.state = "running";
    try {
      return this.runner.run(item, this);
    } catch (error) {
      try {
        this.runner.reportException?.(item, error);
      } catch {
        // A failing reporter must not take the queue down with it.
      }
      return "error";
    }
  }

  private finish(item: Entry<C>, status: "normal" | "error"): void {
    if (status === "error") {
      item.sequence.failed = true;
      this.removeGroup(item);
    }
    this.remove(item);
  }

  /** tmux's cmdq_remove_group: later items of the same (non-zero) group are dropped. */
  private removeGroup(item: Entry<C>): void {
    const group = item.command.group;
    if (group === 0) return;
    const at = this.items.indexOf(item);
    for (const other of this.items.slice(at + 1)) {
      if (other.command.group === group && other.state === "queued") this.remove(other);
    }
  }

  private remove(item: Entry<C>): void {
    const at = this.items.indexOf(item);
    if (at !== -1) this.items.splice(at, 1);
    item.state = "done";
    const seq = item.sequence;
    seq.pending--;
    if (seq.pending === 0) this.finishSequence(seq);
  }

  private finishSequence(seq: Sequence): void {
    const done = seq.onDone;
    seq.onDone = undefined;
    try {
      done?.(seq.failed ? 1 : 0);
    } catch {
      // The queue carries on whatever a completion callback does.
    }
  }
}
