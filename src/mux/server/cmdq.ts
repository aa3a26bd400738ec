// The server's command queues, as tmux's cmdq (cmd-queue.c): one queue per client and a global
// one (the config file, commands with no client). Every command — argv from a client, a key
// binding, the prompt, the config, source-file, if-shell — is parsed (lang/cmd-parse.ts) and
// queued here; a command that returns a promise holds its queue until it settles.
import { CommandQueue, type CommandStatus, type QueueItem } from "../lang/cmd-queue.ts";
import { parseArguments, parseFile, parseString, type Arg, type CommandList, type ParsedCommand, type ParseOptions, type ParseResult } from "../lang/cmd-parse.ts";
import { buildArgs, CommandError, type Args, CommandExit, findEntry, type CommandMouse, type Target } from "../lang/command.ts";
import type { CommandSpec } from "../lang/cmd-print.ts";
import type { FindFlags } from "../lang/cmd-find.ts";
import { expandFormat } from "../lang/format.ts";
import { formatLookup } from "../lang/format-vars.ts";
import { UserError, type PaneTarget } from "../model/index.ts";
import { LayoutError } from "../model/layout.ts";
import type { ClientConnection } from "../client/client-connection.ts";
import type { Server, ServerCommandContext, ServerCommandEntry } from "./server.ts";
import { commandAlias } from "./command-alias.ts";
import { AFTER_HOOK_COMMANDS, type HookCommands, type HookQueue } from "./hooks.ts";

/** What a queued item runs for (tmux's cmdq_state and item->client). */
export interface ItemState {
  /** The client it runs for; null in the global queue (the config file). */
  conn: ClientConnection | null;
  /** Format variables the commands see (current_file while a file's commands run). */
  formats?: Record<string, string>;
  /** Where output and errors go instead, as for a command-line client (tests, no socket). */
  sink?: OutputSink;
  /** A control client's line (CMDQ_STATE_CONTROL): its guards' flags are 1, not 0. */
  control?: boolean;
  /** Where "current" is for its commands while valid: a menu's -t, a hook's target (cmdq_state's current). */
  current?: PaneTarget | null;
  /** The mouse event its key binding ran for, as cmdq_state's event. */
  mouse?: CommandMouse;
  /** A hook's commands: they run no hooks themselves (CMDQ_STATE_NOHOOKS). */
  noHooks?: boolean;
}

/** A command-line client without a connection: its stdout, its stderr and its exit status. */
export interface OutputSink {
  print(text: string): void;
  error(text: string): void;
  retval: number;
}

export interface Queued {
  readonly group: number;
  readonly state: ItemState;
  /** The command, or null for a callback. */
  readonly command: ParsedCommand | null;
  readonly callback?: (item: QueueItem<Queued>) => CommandStatus;
}

/** A command's place in its queue, as `ctx.item`: commands inserted after it run before what followed it. */
export class ItemHandle {
  private last: QueueItem<Queued>;

  constructor(
    private readonly runner: CommandRunner,
    readonly item: QueueItem<Queued>,
    private readonly queue: CommandQueue<Queued>,
    /** The client it runs for (tmux's item->client once fired: the best attached one if none). */
    readonly conn: ClientConnection | null,
  ) {
    this.last = item;
  }

  get state(): ItemState {
    return this.item.command.state;
  }

  /** Run these next, after any inserted before (cmdq_insert_after on the last inserted). */
  insert(list: CommandList, state: ItemState = this.state): void {
    if (list.length === 0) return;
    this.last = this.queue.insertAfter(this.last, list.map((c) => commandItem(c, state)));
  }

  /** Run a callback next, after any inserted before. */
  insertCallback(fn: (item: QueueItem<Queued>) => CommandStatus): void {
    this.last = this.queue.insertAfter(this.last, [callbackItem(fn, this.state)]);
  }

  /** tmux's cmdq_error for this item (where the message goes depends on the client). */
  error(message: string): void {
    this.runner.reportError(this.conn, this.item.command.command, message, this.state.sink);
  }

  /** tmux's cmdq_print for this item. */
  print(text: string): void {
    this.runner.print(this.conn, text, this.state.sink);
  }

  /** Hold the queue: `continue` it later (a command's own wait, as run-shell's). */
  continue(status: "normal" | "error" = "normal"): void {
    this.queue.continue(this.item, status);
  }
}

export function commandItem(cmd: ParsedCommand, state: ItemState): Queued {
  return { group: cmd.group, state, command: cmd };
}

function callbackItem(fn: (item: QueueItem<Queued>) => CommandStatus, state: ItemState): Queued {
  return { group: 0, state, command: null, callback: fn };
}

/** tmux upper-cases an error's first letter on the status line. */
function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export class CommandRunner implements HookQueue {
  private readonly global: CommandQueue<Queued>;
  private readonly perClient = new WeakMap<ClientConnection, CommandQueue<Queued>>();
  /** Errors of commands that ran without a client (cfg_causes): shown or printed later. */
  causes: string[] = [];
  /** Set once the startup config's commands have all run (cfg_finished). */
  configFinished = false;
  /** The first client, whose cwd and environment the startup config runs with (cfg_client). */
  configClient: ClientConnection | null = null;
  /** Continues the first client's command once the startup config is done. */
  configWaiter: (() => void) | null = null;
  /** tmux numbers every item it fires, server-wide; a control client's guard names its command by it. */
  private fired = 0;

  constructor(private readonly server: Server) {
    this.global = this.newQueue();
  }

  private newQueue(): CommandQueue<Queued> {
    return new CommandQueue<Queued>({
      run: (item, queue) => this.fire(item, queue),
      reportException: (item, e) => this.reportThrown(item.command, e),
    });
  }

  queueFor(conn: ClientConnection | null): CommandQueue<Queued> {
    if (conn === null) return this.global;
    let q = this.perClient.get(conn);
    if (!q) this.perClient.set(conn, (q = this.newQueue()));
    return q;
  }

  /** Queue commands at the end of a client's queue (or the global one); resolves with their status. */
  append(list: CommandList, state: ItemState, onDone?: (status: number) => void): void {
    this.queueFor(state.conn).append(list.map((c) => commandItem(c, state)), onDone);
  }

  /** Queue commands and wait for them: their exit status (0, or 1 if one failed). */
  run(list: CommandList, state: ItemState): Promise<number> {
    return new Promise((resolve) => this.append(list, state, resolve));
  }

  /** A command line run as a command-line client would run it, into a sink; its exit status. */
  async runArgv(argv: readonly string[], sink: OutputSink): Promise<number> {
    const parsed = this.parseArguments(argv, null);
    if (!parsed.ok) {
      this.reportError(null, null, parsed.error, sink);
      return sink.retval;
    }
    await this.run(parsed.commands, { conn: null, sink });
    return sink.retval;
  }

  appendCallback(state: ItemState, fn: (item: QueueItem<Queued>) => CommandStatus): void {
    this.queueFor(state.conn).append([callbackItem(fn, state)]);
  }

  /**
   * A control client's line (control_read_callback): parsed whole and queued, each command to be
   * guarded as it fires; a parse error fails the line in a guard of its own (control_error).
   */
  appendControlLine(conn: ClientConnection, line: string): void {
    const state: ItemState = { conn, control: true };
    const parsed = this.parseString(line, conn);
    if (parsed.ok) return this.append(parsed.commands, state);
    const error = parsed.error;
    this.appendCallback(state, () => {
      const time = Math.floor(Date.now() / 1000);
      conn.control?.guard("begin", time, this.fired, 1);
      conn.control?.print(`parse error: ${error}`);
      conn.control?.guard("error", time, this.fired, 1);
      return "normal";
    });
  }

  // ---- parsing ---------------------------------------------------------------------------

  /** A command spec (full name and flags) for printing commands back, or undefined. */
  spec = (name: string): CommandSpec | undefined => {
    try {
      const e = findEntry(this.server.entries, name);
      return { name: e.name, template: e.args };
    } catch {
      return undefined;
    }
  };

  /**
   * What check built, for the command's first run (context): a client's command is parsed and
   * run once, and building its arguments again was ~0.2 ms of it. Taken once, as a command may
   * change its Args, and a command list kept (a binding, a hook) runs again.
   */
  private readonly checked = new WeakMap<readonly Arg[], { entry: ServerCommandEntry; built: Args }>();

  private takeChecked(entry: ServerCommandEntry, args: readonly Arg[]): Args | undefined {
    const c = this.checked.get(args);
    if (!c) return undefined;
    this.checked.delete(args);
    return c.entry === entry ? c.built : undefined;
  }

  /** Why a parsed command would not build (unknown command, bad flags), as tmux's parser says. */
  check = (name: string, args: readonly Arg[]): string | undefined => {
    try {
      const entry = findEntry(this.server.entries, name);
      this.checked.set(args, { entry, built: buildArgs(entry, args, this.spec) });
      return undefined;
    } catch (e) {
      if (e instanceof CommandError) return e.message;
      throw e;
    }
  };

  parseOptions(conn: ClientConnection | null, where: { file?: string; line?: number } = {}): ParseOptions {
    return {
      ...where,
      env: this.server.parseEnv,
      expandFormat: (text) => expandFormat(text, formatLookup(this.server, { ...(this.current(conn) ?? {}), client: conn })),
      alias: (name) => commandAlias(this.server, name),
      check: this.check,
    };
  }

  parseString(text: string, conn: ClientConnection | null, where: { file?: string; line?: number } = {}): ParseResult {
    return parseString(text, this.parseOptions(conn, where));
  }

  parseFile(text: string, file: string, conn: ClientConnection | null, parseOnly = false): ParseResult {
    return parseFile(text, { ...this.parseOptions(conn, { file }), parseOnly });
  }

  parseArguments(argv: readonly Arg[], conn: ClientConnection | null): ParseResult {
    return parseArguments(argv, this.parseOptions(conn));
  }

  // ---- running ---------------------------------------------------------------------------

  private current(conn: ClientConnection | null): Target | null {
    return this.server.resolve({ client: conn, env: this.envOf(conn) }, undefined, "pane", { canFail: true });
  }

  /** tmux's item->client when none: the attached client used last (cmd_find_client, quiet). */
  private clientFor(state: ItemState): ClientConnection | null {
    if (state.conn || state.sink) return state.conn;
    let best: ClientConnection | null = null;
    for (const c of this.server.clients) {
      if (c.session && !c.closed && (!best || c.lastActivity > best.lastActivity)) best = c;
    }
    return best;
  }

  /** The state of the command running now (tmux's cmdq_running), while it runs. */
  private running: ItemState | null = null;

  inHook(): boolean {
    return this.running?.noHooks === true;
  }

  /** Notifications announced while commands run, for the global queue once they are done. */
  private notifications: (() => HookCommands | null)[] = [];

  /**
   * tmux appends a notification's callback to the global queue and runs that queue on a later
   * turn of its loop, once the command that caused it (and its after-hooks) is done; appending
   * here would run it at once, inside the command. So the callbacks go in on the next turn, in
   * order.
   */
  appendHook(find: () => HookCommands | null): void {
    if (this.notifications.push(find) > 1) return;
    setImmediate(() => {
      const found = this.notifications;
      this.notifications = [];
      for (const f of found) {
        this.appendCallback({ conn: null }, (item) => {
          const hook = f();
          if (hook) this.insertHook(new ItemHandle(this, item, this.global, null), hook);
          return "normal";
        });
      }
    });
  }

  /**
   * A hook's commands, each line parsed and inserted after `at` in order, at the hook's target
   * with its formats and without hooks. A line that does not parse is reported as the item's error.
   */
  insertHook(at: ItemHandle, hook: HookCommands): void {
    const state: ItemState = { conn: at.state.conn, current: hook.run.current, formats: hook.run.formats, noHooks: true };
    for (const line of hook.commands) {
      const parsed = this.parseString(line, at.conn);
      if (parsed.ok) at.insert(parsed.commands, state);
      else at.error(parsed.error);
    }
  }

  private fire(item: QueueItem<Queued>, queue: CommandQueue<Queued>): CommandStatus {
    const q = item.command;
    const number = ++this.fired;
    if (q.callback) return q.callback(item);
    const cmd = q.command;
    if (!cmd) return "normal";
    // cmdq_guard: a control client's commands are framed, numbered, in its output.
    const control = q.state.conn?.control;
    if (!control) return this.exec(item, queue, cmd, () => {});
    const time = Math.floor(Date.now() / 1000);
    const flags = q.state.control ? 1 : 0;
    control.guard("begin", time, number, flags);
    return this.exec(item, queue, cmd, (status) => control.guard(status === "error" ? "error" : "end", time, number, flags));
  }

  /** Run a command; `done` hears how it ended, before the queue moves on (at once, or once its promise settles). */
  private exec(item: QueueItem<Queued>, queue: CommandQueue<Queued>, cmd: ParsedCommand, done: (status: "normal" | "error") => void): CommandStatus {
    const q = item.command;
    const conn = this.clientFor(q.state);
    const previous = this.running;
    this.running = q.state;
    try {
      const entry = findEntry(this.server.entries, cmd.name);
      const handle = new ItemHandle(this, item, queue, conn);
      const ctx = this.context(entry, cmd, conn, handle);
      const hooks: [string, PaneTarget | null][] = AFTER_HOOK_COMMANDS.has(entry.name) ? [[`after-${entry.name}`, ctx.target ?? null]] : [];
      ctx.insertHook = (name, target) => hooks.push([name, target]);
      // cmdq_insert_hook, once the command has succeeded: its after-hooks run next.
      const after = () => {
        if (q.state.noHooks) return;
        for (const [name, target] of hooks) {
          const hook = this.server.hooks.after(name, ctx.args, target);
          if (hook) this.insertHook(handle, hook);
        }
      };
      const result = entry.exec(ctx);
      if (!(result instanceof Promise)) {
        after();
        done("normal");
        return "normal";
      }
      result.then(
        () => {
          after();
          done("normal");
          queue.continue(item, "normal");
        },
        (e: unknown) => {
          if (e instanceof CommandExit) {
            // The command ends the client's exit status and goes on (display-popup's retval).
            this.setRetval(conn, q.state.sink, e.code);
            done("normal");
            queue.continue(item, "normal");
            return;
          }
          this.reportThrown({ ...q, state: { ...q.state, conn } }, e);
          done("error");
          queue.continue(item, "error");
        },
      );
      return "wait";
    } catch (e) {
      this.reportThrown({ ...q, state: { ...q.state, conn } }, e);
      done("error");
      return "error";
    } finally {
      this.running = previous;
    }
  }

  private context(entry: ServerCommandEntry, cmd: ParsedCommand, conn: ClientConnection | null, item: ItemHandle): ServerCommandContext {
    const args = this.takeChecked(entry, cmd.args) ?? buildArgs(entry, cmd.args, this.spec);
    const server = this.server;
    const from = { client: conn, env: this.envOf(conn), item };
    // With no sessions, commands that may run then (set-option -g, new-session) have no target.
    const none: FindFlags = entry.noSession && server.model.sessions.length === 0 ? { canFail: true } : {};
    const flagValue = (f: string) => {
      const v = args.flags.get(f);
      return typeof v === "string" ? v : undefined;
    };
    // No target of its own: the current pane, if any; with no session there is none to find.
    const target = entry.target
      ? server.resolve(from, flagValue("t"), entry.target, { ...entry.targetFlags, ...none })
      : server.model.sessions.length === 0
      ? null
      : server.resolve(from, undefined, "pane", { canFail: true });
    if (!target && !entry.noSession && !entry.targetFlags?.canFail) throw new CommandError("no current target");
    const source = entry.source ? server.resolve(from, flagValue("s"), entry.source, { ...entry.sourceFlags, ...none }) : null;
    return {
      model: this.server.model,
      server: this.server,
      args,
      target: target as Target,
      ...(source ? { source } : {}),
      client: conn,
      cwd: this.cwdOf(conn),
      env: this.envOf(conn),
      terminal: conn?.terminal,
      origin: { ...(cmd.file !== undefined ? { file: cmd.file } : {}), line: cmd.line },
      item,
      ...(item.state.mouse ? { mouse: item.state.mouse } : {}),
      print: (text) => this.print(conn, text, item.state.sink),
    };
  }

  /** server_client_get_cwd: while the startup config runs, the first client's. */
  cwdOf(conn: ClientConnection | null): string {
    if (!this.configFinished && this.configClient) return this.configClient.cwd;
    return conn?.cwd ?? this.configClient?.cwd ?? process.env.HOME ?? "/";
  }

  envOf(conn: ClientConnection | null): Record<string, string> {
    return conn?.env ?? this.configClient?.env ?? this.server.globalEnv();
  }

  private setRetval(conn: ClientConnection | null, sink: OutputSink | undefined, code: number): void {
    if (sink) sink.retval = code;
    else if (conn) conn.retval = code;
  }

  private reportThrown(q: Queued, e: unknown): void {
    if (e instanceof UserError || e instanceof LayoutError) {
      if (e.message !== "") this.reportError(q.state.conn, q.command, e.message, q.state.sink);
      return;
    }
    // A bug, not a user error: report it and carry on; the server and its panes survive.
    this.reportError(q.state.conn, q.command, `internal error: ${(e as Error).message}`, q.state.sink);
    console.error(e);
  }

  /**
   * cmdq_error: without a client the message becomes a cause (FILE:LINE: message) for later;
   * a control client gets it as a line of the reply; a client not attached gets it on stderr and
   * exits 1; an attached one on its status line.
   */
  reportError(conn: ClientConnection | null, cmd: ParsedCommand | null, message: string, sink?: OutputSink): void {
    if (sink) {
      sink.error(message);
      sink.retval = 1;
      return;
    }
    if (conn?.control) {
      conn.control.print(message);
      conn.retval = 1;
      return;
    }
    if (conn === null) {
      this.causes.push(`${cmd?.file ?? "(null)"}:${cmd?.line ?? 0}: ${message}`);
      return;
    }
    if (!conn.session) {
      conn.printError(message);
      conn.retval = 1;
      return;
    }
    conn.showMessage(capitalise(message.split("\n")[0] ?? ""));
  }

  /** cmdq_print: to a control client's reply, an unattached client's stdout, or over an attached client's pane. */
  print(conn: ClientConnection | null, text: string, sink?: OutputSink): void {
    if (sink) return sink.print(text);
    if (conn === null) return;
    if (conn.control) conn.control.print(text);
    else if (!conn.session) conn.printOutput(text);
    else conn.showOutputLine(text);
  }
}
