// A control client's output (tmux's control.c, its write side): command replies, notifications
// and the panes' %output, in order, written only as fast as the client takes them. What it has
// not taken waits here, bounded: a pane too far behind is paused (pause-after) or the client is
// dropped, as tmux does, so the server never grows for a client that stopped reading.

/** Where the bytes go, and how much of what went there the client has not read yet. */
export interface ControlSink {
  write(bytes: Uint8Array): void;
  readonly backlog: number;
}

/**
 * Written to the connection while less than this waits in its socket: a few socket buffers'
 * worth keeps the client busy without building a queue the age checks cannot see (tmux keeps
 * 8 KiB, CONTROL_BUFFER_HIGH; more here so that one write carries a turn's replies).
 */
const SINK_HIGH = 256 * 1024;

/** Without pause-after, a client whose oldest unwritten output is this old is dropped (tmux's CONTROL_MAXIMUM_AGE). */
export const MAXIMUM_AGE_MS = 300_000;

/**
 * weft's own bound on the raw output held for one client. tmux holds it in the pane's buffer
 * for up to CONTROL_MAXIMUM_AGE (5 minutes of a flood); here past this much a pane is paused
 * (pause-after) or the client dropped, whichever tmux would do once the age runs out.
 */
export const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

interface TextBlock {
  kind: "text";
  text: string;
}

interface OutputBlock {
  kind: "output";
  pane: number;
  chunks: Uint8Array[];
  size: number;
  /** When its first byte was queued (performance.now()). */
  t: number;
}

type Block = TextBlock | OutputBlock;

/** What the writer asks of its client: its flags, and being dropped. */
export interface ControlOutputOwner {
  /** pause-after's age in ms, or null when the flag is off. */
  readonly pauseAfter: number | null;
  /** The client is too far behind: it exits with this reason. */
  tooFarBehind(): void;
}

const BACKSLASH = 0x5c;
const DIGIT = 0x30;

/** tmux's %output escaping: bytes below a space and backslash as \ooo, everything else as it is. */
export function escapeOutput(bytes: Uint8Array, prefix: string): Uint8Array {
  const out = new Uint8Array(prefix.length + bytes.length * 4 + 1);
  let n = 0;
  for (let i = 0; i < prefix.length; i++) out[n++] = prefix.charCodeAt(i);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x20 || b === BACKSLASH) {
      out[n++] = BACKSLASH;
      out[n++] = DIGIT + (b >> 6);
      out[n++] = DIGIT + ((b >> 3) & 7);
      out[n++] = DIGIT + (b & 7);
    } else out[n++] = b;
  }
  out[n++] = 0x0a;
  return out.subarray(0, n);
}

export class ControlOutput {
  private readonly blocks: Block[] = [];
  /** Raw output bytes held in blocks. */
  private queuedBytes = 0;
  /** Panes the client turned off (-A %N:off) or that were paused. */
  readonly off = new Set<number>();
  readonly paused = new Set<number>();
  private scheduled = false;
  private stopped = false;
  /** A command is running: its reply is between %begin and %end, so output read meanwhile waits until after. */
  private held: OutputBlock[] | null = null;

  constructor(
    private readonly sink: ControlSink,
    private readonly owner: ControlOutputOwner,
  ) {}

  /** One line of text (a reply or a notification), after everything before it. */
  line(text: string): void {
    if (this.stopped) return;
    const tail = this.blocks[this.blocks.length - 1];
    if (tail?.kind === "text") tail.text += text + "\n";
    else this.blocks.push({ kind: "text", text: text + "\n" });
    this.schedule();
  }

  /** Raw output of a pane, to be sent as %output (or %extended-output); copied, the caller's buffer is reused. */
  output(pane: number, bytes: Uint8Array): void {
    if (this.stopped || bytes.length === 0 || this.off.has(pane) || this.paused.has(pane)) return;
    if (this.checkAge(pane)) return;
    if (this.queuedBytes + bytes.length > MAX_QUEUED_BYTES) {
      if (this.owner.pauseAfter !== null) return this.pause(pane);
      return this.owner.tooFarBehind();
    }
    const now = performance.now();
    const blocks = this.held ?? this.blocks;
    const tail = blocks[blocks.length - 1];
    if (tail?.kind === "output" && tail.pane === pane) {
      tail.chunks.push(bytes.slice());
      tail.size += bytes.length;
    } else blocks.push({ kind: "output", pane, chunks: [bytes.slice()], size: bytes.length, t: now });
    this.queuedBytes += bytes.length;
    if (!this.held) this.schedule();
  }

  /** A command's %begin is written: panes' output waits until its %end (a pane's echo is read while send-keys runs). */
  holdOutput(): void {
    this.held ??= [];
  }

  /** Its %end is written: the output held meanwhile follows. */
  releaseOutput(): void {
    const held = this.held;
    this.held = null;
    if (!held || held.length === 0) return;
    this.blocks.push(...held);
    this.schedule();
  }

  /** Pause a pane's output: what is queued of it goes, and the client is told. */
  pause(pane: number): void {
    if (this.paused.has(pane)) return;
    this.paused.add(pane);
    this.discardPane(pane);
    this.line(`%pause %${pane}`);
  }

  /** -A %N:continue: output flows again from now on. */
  continuePane(pane: number): void {
    if (!this.paused.delete(pane)) return;
    this.line(`%continue %${pane}`);
  }

  /** Drop every pane's queued output (the client is leaving, or no-output was set). */
  discardOutput(): void {
    if (this.held) this.held = [];
    for (let i = this.blocks.length - 1; i >= 0; i--) if (this.blocks[i]!.kind === "output") this.blocks.splice(i, 1);
    this.queuedBytes = 0;
  }

  /** Nothing is waiting here or in the connection. */
  get done(): boolean {
    return this.blocks.length === 0 && this.sink.backlog === 0;
  }

  stop(): void {
    this.stopped = true;
    this.blocks.length = 0;
    this.queuedBytes = 0;
  }

  /** Write now, in order, as much as the connection has room for (`high`: more, when leaving). */
  pump(high = SINK_HIGH): void {
    this.scheduled = false;
    const parts: Uint8Array[] = [];
    let size = 0;
    while (this.blocks.length > 0 && this.sink.backlog + size < high) {
      const b = this.blocks.shift()!;
      const bytes = b.kind === "text" ? Buffer.from(b.text, "utf8") : this.encode(b);
      if (b.kind === "output") this.queuedBytes -= b.size;
      parts.push(bytes);
      size += bytes.length;
    }
    if (parts.length === 1) this.sink.write(parts[0]!);
    else if (parts.length > 1) this.sink.write(Buffer.concat(parts, size));
  }

  /** The connection took what it had: write what waits. */
  onDrain(): void {
    if (this.blocks.length > 0) this.pump();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // One write a turn: pipelined commands' replies go out together.
    setImmediate(() => this.pump());
  }

  private encode(b: OutputBlock): Uint8Array {
    const data = b.chunks.length === 1 ? b.chunks[0]! : Buffer.concat(b.chunks, b.size);
    const pauseAfter = this.owner.pauseAfter;
    const prefix = pauseAfter === null ? `%output %${b.pane} ` : `%extended-output %${b.pane} ${Math.max(0, Math.floor(performance.now() - b.t))} : `;
    return escapeOutput(data, prefix);
  }

  /** tmux's control_check_age: true when the pane was paused or the client is dropped. */
  private checkAge(pane: number): boolean {
    const oldest = this.blocks.find((b): b is OutputBlock => b.kind === "output" && b.pane === pane) ?? this.held?.find((b) => b.pane === pane);
    if (!oldest) return false;
    const age = performance.now() - oldest.t;
    const pauseAfter = this.owner.pauseAfter;
    if (pauseAfter !== null) {
      if (age < pauseAfter) return false;
      this.pause(pane);
      return true;
    }
    if (age < MAXIMUM_AGE_MS) return false;
    this.owner.tooFarBehind();
    return true;
  }

  private discardPane(pane: number): void {
    if (this.held) this.held = this.held.filter((b) => b.pane !== pane);
    for (let i = this.blocks.length - 1; i >= 0; i--) {
      const b = this.blocks[i]!;
      if (b.kind === "output" && b.pane === pane) {
        this.queuedBytes -= b.size;
        this.blocks.splice(i, 1);
      }
    }
    // Text blocks either side of a removed one stay apart; they are written in order all the same.
  }
}
