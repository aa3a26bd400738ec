// Parsing pane output on the server's one thread: interactive output first, floods shared
// fairly in bounded slices, and the event loop given back between runs.
//
// xterm's own write() parses each Terminal in 12 ms turns behind setTimeout(0). With four
// panes running `yes` that put a keystroke echo behind ~50 ms of other panes' parsing per
// round (bench:e2e measured a 119 ms median and lost echoes), and added ~1 ms to every echo
// when idle. Here small batches that find their pane idle are parsed at once, and the rest
// round-robin in SLICE-sized pieces within RUN_BUDGET_MS, then yield with setImmediate.
// Plain text that scrolls out of the history is not parsed at all (evictedPrefix), and under a
// flood the plain text that only passes through the screen on its way into the pane's history
// store goes there without being parsed (FloodText). After every write the rows that left the
// terminal's screen move into the store (drainScrollback): the terminal keeps a small margin.
// One file, longer than most: the scheduler, the skipping of evicted text and the flood path
// into the store decide together what is parsed when, and read each other's state.
import type { Terminal } from "@xterm/headless";
import { isUtf8 } from "node:buffer";
import { charPropertiesOf, currentAttrs, drainScrollback, dropScrollback, evictScreen } from "./history/xterm.ts";
import { pushPlainText } from "./history/plain-text.ts";
import type { HistoryStore } from "./history/store.ts";
import { FloodText } from "./flood-text.ts";

/** A batch this small arriving at an idle pane is interactive: parse it now. */
const IMMEDIATE_MAX = 4 * 1024;
/** Bytes parsed for one pane before the next pane's turn. */
const SLICE = 16 * 1024;
const CR = new Uint8Array([0x0d]);
const CRLF = new Uint8Array([0x0d, 0x0a]);
/**
 * Under a flood the server collects its garbage (a full, synchronous GC of ~5 ms) after every
 * this many bytes parsed, and once after a flood of an eighth of it or more. Left to its own
 * heuristics the heap grew through the first seconds of a flood: a server's peak RSS was 95 MiB
 * after 1.3 s of `cat` and 119 MiB after 5 s; 87 and 100 MiB this way (with Bun's GC timer off),
 * for ~1% of the flood's time.
 */
const FLOOD_GC_BYTES = 32 * 1024 * 1024;
/** How long after a flood's last byte is parsed its garbage is collected (frames go first). */
const AFTER_FLOOD_GC_MS = 100;
/** A sink that had a batch longer than IMMEDIATE_MAX this recently is flooding (isFlooding). */
const FLOOD_QUIET_MS = 50;
/** How long after a flood's last batch its text goes into the history store (FloodText). */
const SETTLE_MS = FLOOD_QUIET_MS;
/**
 * A flood's text beyond this goes into the store at once: with a long history-limit every line
 * is kept, and laying out 1 MiB of lines (~10,000) takes a few ms.
 */
const FLOOD_TEXT_MAX = 1024 * 1024;
/** Parsing per run before input, frames and sockets get the thread back. */
const RUN_BUDGET_MS = 8;
/**
 * How long a flooding pane's newest batch of plain text may wait for the next (see hold): at
 * most this long after its pane's screen was last brought up to date, about a frame.
 */
const HOLD_MS = 16;

export interface ParseSink {
  /** The terminal the sink's output is parsed into. */
  readonly model: Terminal;
  /**
   * Where the rows that scroll off the terminal's screen go (the pane's history), if anywhere:
   * after every write the scheduler moves the terminal's scrollback rows into it, so the
   * terminal's scrollback option is only a margin for what one write scrolls. Without one the
   * rows stay in the terminal's scrollback.
   */
  readonly history?: HistoryStore;
  /**
   * Some of this sink's bytes were parsed; `interactive` when they were a short batch parsed
   * at once (an echo, a prompt), which is worth a frame sooner than a flood's.
   */
  parsed(interactive: boolean): void;
  /**
   * How many line feeds of plain text after a prefix scroll all the prefix left out of the
   * terminal and its history (evictedPrefix's keepLines; keptLines), or 0 when no output may be
   * skipped or stored unparsed now.
   */
  keepLines?(): number;
}

/**
 * The length of a prefix of `bytes` whose effect on a terminal is entirely scrolled out of it
 * by what follows: the prefix and the `keepLines` line feeds after it are plain text (printable
 * ASCII, UTF-8 but for the C1 controls, tab, CR, and LF only after CR: PLAIN), so they change no
 * state but the cells they write. Such
 * a prefix can be replaced by a CR: the text after it then starts at column 0, as it would have
 * after the prefix's last CRLF, on whatever row the cursor is. Those keepLines line feeds scroll
 * at least keepLines - rows + 1 times, so with keepLines ≥ scrollback + 2 × rows every row the
 * prefix could have written, or the text after it partly overwritten, leaves the scrollback.
 * When all of `bytes` is plain text, the plain text at the start of `following` (the batches
 * queued after it) counts too, and all of `bytes` up to its last line feed may go. `prev` is the
 * byte parsed just before `bytes` (-1 if unknown): a CR there makes a leading LF plain.
 * 0 when there is no such prefix.
 *
 * `seq 10000000` or a log of short lines in a pane is mostly such text: parsing only the lines
 * that can still be seen makes a flood of them several times cheaper. (A resize to more rows
 * while such a flood is queued can leave a few of the oldest history lines as they were before
 * the skipped text.)
 *
 * Each array's scan is kept (by identity) while it lives: a batch is looked at as `bytes` and
 * as one of `following` several times while it waits, so its bytes must not change meanwhile.
 */
export function evictedPrefix(bytes: Uint8Array, keepLines: number, following: readonly Uint8Array[] = [], prev = -1): number {
  return evict(bytes, keepLines, following, prev).cut;
}

/** evictedPrefix's `cut`, and the line feeds of the plain text at the start of bytes that follow it. */
function evict(bytes: Uint8Array, keepLines: number, following: readonly Uint8Array[], prev: number): { cut: number; after: number } {
  const here = plainRunOf(bytes, prev);
  let later = 0;
  if (here.end === bytes.length) {
    let last = bytes[bytes.length - 1] ?? prev;
    for (const next of following) {
      const r = plainRunOf(next, last);
      later += r.lines;
      if (later >= keepLines || r.end < next.length) break;
      last = next[next.length - 1] ?? last;
    }
  }
  const needed = Math.max(0, keepLines - later);
  if (here.lines <= needed) return { cut: 0, after: here.lines };
  // Cut after the line feed that leaves exactly `needed` line feeds in this batch after it,
  // found from the end (every line feed in the run is a CRLF's, so each one counts).
  let at = here.end;
  for (let k = 0; k <= needed; k++) {
    at = at > 0 ? bytes.lastIndexOf(0x0a, at - 1) : -1;
    if (at < 0) return { cut: 0, after: here.lines };
  }
  return { cut: at + 1, after: needed };
}

interface PlainRun {
  prev: number;
  lines: number;
  end: number;
}

const runs = new WeakMap<Uint8Array, PlainRun>();

/** plainRun of all of bytes, kept for the next call with the same array and `prev`. */
function plainRunOf(bytes: Uint8Array, prev: number): PlainRun {
  const known = runs.get(bytes);
  // prev only matters to a leading LF (a CRLF's?) or 0x80-0x9F (a C1 control's?)
  if (known && (known.prev === prev || (bytes[0] !== 0x0a && PLAIN[bytes[0]!] !== 2))) return known;
  const r = plainRun(bytes, prev);
  const run = { prev, lines: r.lines, end: r.end };
  runs.set(bytes, run);
  return run;
}

/**
 * The bytes plain text is made of besides line feeds: printable ASCII, tab and CR (1), and every
 * byte of UTF-8 (1, or 2 for 0x80-0x9F: plain unless after 0xC2). xterm's decoder makes code
 * points of 0x80 and above of them, or drops them when they are not valid UTF-8 (an overlong
 * ESC is dropped, not an ESC); of those code points only U+0080-U+009F, the C1 controls (U+009B
 * is a CSI), are more to its parser than characters to print, and only C2 80-C2 9F decode to
 * them. The other non-ASCII characters change no state either: the join state of combining
 * characters and emoji sequences ends at every control (the CR and LF of a line's end), and a
 * line feed is never inside a character, so a cut after one leaves the decoder as it was.
 */
const PLAIN = new Uint8Array(256);
PLAIN.fill(1, 0x20, 0x7f);
PLAIN[0x09] = 1;
PLAIN[0x0d] = 1;
PLAIN.fill(2, 0x80, 0xa0);
PLAIN.fill(1, 0xa0, 0x100);

/**
 * The plain text (evictedPrefix) at the start of bytes: where it ends and how many line feeds it
 * has. `prev` is the byte before bytes (a CR there makes a leading LF part of a CRLF, a 0xC2 a
 * leading 0x80-0x9F a C1 control), -1 for none.
 */
function plainRun(bytes: Uint8Array, prev: number): { lines: number; end: number } {
  let lines = 0;
  let end = 0;
  const n = bytes.length;
  while (end < n) {
    const c = bytes[end]!;
    const kind = PLAIN[c];
    if (kind === 1 || (kind === 2 && (end > 0 ? bytes[end - 1] : prev) !== 0xc2)) {
      end++;
      continue;
    }
    if (c === 0x0a && (end > 0 ? bytes[end - 1] : prev) === 0x0d) {
      lines++;
      end++;
      continue;
    }
    break;
  }
  return { lines, end };
}

interface Item {
  bytes: Uint8Array;
  offset: number;
  done?: () => void;
}

/** Line feeds in bytes. */
function countLines(bytes: Uint8Array): number {
  let n = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) n++;
  return n;
}

/** Where the text after the line feed that leaves `n` line feeds after it begins; 0 when there are not more than n. */
function afterLastLines(bytes: Uint8Array, n: number): number {
  let at = bytes.length;
  for (let k = 0; k <= n; k++) {
    at = at > 0 ? bytes.lastIndexOf(0x0a, at - 1) : -1;
    if (at < 0) return 0;
  }
  return at + 1;
}

/** Where the text after the n-th line feed begins; -1 when there are fewer. */
function afterFirstLines(bytes: Uint8Array, n: number): number {
  let at = -1;
  for (let k = 0; k < n; k++) {
    at = bytes.indexOf(0x0a, at + 1);
    if (at < 0) return -1;
  }
  return at + 1;
}

/**
 * Where to end a write of bytes from `from` so that it cannot scroll more than `budget` rows
 * into the terminal's scrollback (drain empties it between writes; what is not drained in time
 * xterm trims, and those rows would be lost). A row scrolls on a line feed (LF, VT, FF, ESC D,
 * ESC E, C1 IND and NEL), on an autowrap, which takes a row's worth of printed bytes, or once
 * after a cursor move (an escape sequence, a C1 CSI) to the last column. At least one byte,
 * and never inside a UTF-8 character.
 * (CSI b, repeat the last character, can wrap more rows than its bytes: not counted.)
 */
export function scrollCut(bytes: Uint8Array, from: number, budget: number, cols: number): number {
  const limit = budget * cols;
  let cost = 0;
  let i = from;
  for (; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x0a || c === 0x0b || c === 0x0c || c === 0x1b) cost += cols;
    else if (c >= 0x84 && c <= 0x9b && i > 0 && bytes[i - 1] === 0xc2) cost += cols;
    else cost++;
    if (cost > limit && i > from) break;
  }
  return charBoundary(bytes, from, i);
}

/**
 * `end`, or the nearest place before it (after `from`), or else after it, that is not inside a
 * UTF-8 character: xterm drops the join of a ZWJ whose bytes two writes split (E2 80 | 8D).
 */
function charBoundary(bytes: Uint8Array, from: number, end: number): number {
  let k = end;
  while (k > from + 1 && k < bytes.length && (bytes[k]! & 0xc0) === 0x80) k--;
  while (k < bytes.length && (bytes[k]! & 0xc0) === 0x80) k++;
  return k;
}

/** The printing state pushPlainText assumes (autowrap, no insert mode, the ASCII charset, tab stops every 8 columns if `tabs`); false where it differs or is unknown. */
function printsPlainly(t: Terminal, tabs: boolean): boolean {
  const m = t.modes;
  if (!m.wraparoundMode || m.insertMode) return false;
  const core: unknown = Reflect.get(t, "_core");
  const charsets: unknown = core && typeof core === "object" ? Reflect.get(core, "_charsetService") : undefined;
  if (!charsets || typeof charsets !== "object" || Reflect.get(charsets, "charset") !== undefined) return false;
  if (!tabs) return true;
  const buf: unknown = Reflect.get(core as object, "buffer");
  const stops: unknown = buf && typeof buf === "object" ? Reflect.get(buf, "tabs") : undefined;
  if (!stops || typeof stops !== "object") return false;
  for (let x = 0; x < t.cols; x++) if (Boolean(Reflect.get(stops, x)) !== (x % 8 === 0)) return false;
  return true;
}


/**
 * evictedPrefix's keepLines for a terminal whose history keeps `history` rows (its scrollback,
 * or the history store's limit): only in the normal screen (the alternate one has no scrollback
 * to push rows into) with the whole screen as its scroll region; 0 otherwise.
 */
export function keptLines(t: Terminal, history = t.options.scrollback ?? 0): number {
  if (t.buffer.active.type !== "normal") return 0;
  const core: unknown = Reflect.get(t, "_core");
  const buf: unknown = core && typeof core === "object" ? Reflect.get(core, "buffer") : undefined;
  const top: unknown = buf && typeof buf === "object" ? Reflect.get(buf, "scrollTop") : undefined;
  const bottom: unknown = buf && typeof buf === "object" ? Reflect.get(buf, "scrollBottom") : undefined;
  if (top !== 0 || bottom !== t.rows - 1) return 0;
  return 2 * t.rows + history;
}

type WriteSync = (data: Uint8Array | string) => void;

/** xterm's synchronous parse (WriteBuffer.writeSync), or null where the internals differ. */
function writeSyncOf(t: Terminal): WriteSync | null {
  const core: unknown = Reflect.get(t, "_core");
  const wb: unknown = core && typeof core === "object" ? Reflect.get(core, "_writeBuffer") : undefined;
  const f: unknown = wb && typeof wb === "object" ? Reflect.get(wb, "writeSync") : undefined;
  return typeof f === "function" ? (data) => (f as (d: Uint8Array | string) => void).call(wb, data) : null;
}

export class ParseScheduler {
  private readonly queues = new Map<ParseSink, Item[]>();
  private readonly writers = new WeakMap<Terminal, WriteSync | null>();
  private ring: ParseSink[] = [];
  private scheduled = false;
  private interrupt: (() => boolean) | null = null;
  private parsedSinceGc = 0;
  private gcTimer: ReturnType<typeof setTimeout> | null = null;
  /** When each sink last had a batch too long to be interactive (isFlooding). */
  private readonly longBatchAt = new WeakMap<ParseSink, number>();
  /** Bytes of output not parsed because what followed them scrolled them away (evictedPrefix). */
  skipped = 0;
  /** Bytes of plain text put into a history store without being parsed (FloodText). */
  deferred = 0;
  /** Each flooding sink's text on its way into its store, and when it goes in (settleSoon). */
  private readonly floods = new Map<ParseSink, FloodText>();
  private readonly settleTimers = new Map<ParseSink, ReturnType<typeof setTimeout>>();
  /** Where a flood's tail and the next batch are joined (joined). */
  private scratch = new Uint8Array(0);
  /** The last byte parsed for each sink, for a CRLF cut between two batches. */
  private readonly lastByte = new WeakMap<ParseSink, number>();
  /** Sinks whose only queued batch waits for the next one (hold), and when each began waiting. */
  private readonly held = new Map<ParseSink, ReturnType<typeof setTimeout>>();
  private readonly holdingSince = new Map<ParseSink, number>();
  /** Held sinks whose wait is over: their batch is parsed whatever follows. */
  private readonly holdOver = new Set<ParseSink>();

  /**
   * Asked between slices of a run: true ends the run early, so input waiting on a socket or
   * interactive output on its way is handled now rather than after the run's budget.
   */
  setInterrupt(check: (() => boolean) | null): void {
    this.interrupt = check;
  }

  /** Called once, at the first batch too long to be interactive: the first flood. */
  onFirstFlood: (() => void) | null = null;

  /**
   * Whether the sink's program is flooding: bytes are waiting to be parsed, or a long batch
   * came within FLOOD_QUIET_MS (between two batches of a flood its queue is often empty).
   */
  isFlooding(sink: ParseSink): boolean {
    if ((this.queues.get(sink)?.length ?? 0) > 0) return true;
    const at = this.longBatchAt.get(sink);
    return at !== undefined && performance.now() - at < FLOOD_QUIET_MS;
  }

  /** Parse bytes into the sink's terminal, in order; `done` runs once they are parsed. */
  feed(sink: ParseSink, bytes: Uint8Array | string, done?: () => void): void {
    const data = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
    const write = this.writer(sink.model);
    if (!write) {
      sink.model.write(data, done); // unknown xterm internals: its own (slower) scheduling
      return;
    }
    if (data.length > IMMEDIATE_MAX) {
      this.longBatchAt.set(sink, performance.now());
      if (this.onFirstFlood) {
        this.onFirstFlood();
        this.onFirstFlood = null;
      }
    }
    let q = this.queues.get(sink);
    if (!q || q.length === 0) {
      if (data.length <= IMMEDIATE_MAX) {
        if (data.length > 0) {
          this.write(sink, data);
          this.lastByte.set(sink, data[data.length - 1]!);
        }
        done?.();
        sink.parsed(true);
        return;
      }
      if (!q) this.queues.set(sink, (q = []));
      this.ring.push(sink);
    }
    q.push({ bytes: data, offset: 0, done });
    const timer = this.held.get(sink);
    if (timer !== undefined) {
      // What the held batch waited for: parse (and mostly skip) it now that this follows it.
      clearTimeout(timer);
      this.held.delete(sink);
      this.ring.push(sink);
    }
    this.schedule();
  }

  /** Forget a sink (its pane is gone): its pending bytes are dropped and their slots released. */
  drop(sink: ParseSink): void {
    const q = this.queues.get(sink);
    this.queues.delete(sink);
    this.floods.get(sink)?.dispose();
    this.floods.delete(sink);
    clearTimeout(this.settleTimers.get(sink));
    this.settleTimers.delete(sink);
    clearTimeout(this.held.get(sink));
    this.held.delete(sink);
    this.holdingSince.delete(sink);
    this.holdOver.delete(sink);
    this.ring = this.ring.filter((s) => s !== sink);
    for (const item of q ?? []) item.done?.();
  }

  private writer(t: Terminal): WriteSync | null {
    let w = this.writers.get(t);
    if (w === undefined) this.writers.set(t, (w = writeSyncOf(t)));
    return w;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.run());
  }

  private run(): void {
    this.scheduled = false;
    const deadline = performance.now() + RUN_BUDGET_MS;
    while (this.ring.length > 0 && performance.now() < deadline) {
      const sink = this.ring.shift()!;
      const q = this.queues.get(sink);
      const item = q?.[0];
      if (!q || !item) continue;
      if (this.hold(sink, q)) continue;
      const keep = sink.keepLines?.() ?? 0;
      const plain = keep > 0 && item.bytes.length > 0 && plainRunOf(item.bytes, this.lastByte.get(sink) ?? -1).end === item.bytes.length;
      // Line feeds in the batch from item.offset on, when a scan already counted them.
      let restLines = -1;
      if (keep > 0 && item.offset === 0) {
        const { cut, after } = evict(item.bytes, keep, q.slice(1).map((i) => i.bytes), this.lastByte.get(sink) ?? -1);
        if (plain) restLines = after;
        if (cut > 0) {
          // Everything before the cut leaves the history: a flood's text too.
          const f = plain ? this.floods.get(sink) : undefined;
          if (f) f.clear();
          else this.write(sink, CR);
          item.offset = cut;
          this.skipped += cut;
        }
      }
      let end = charBoundary(item.bytes, item.offset, Math.min(item.bytes.length, item.offset + SLICE));
      if (plain && this.floodStep(sink, item, restLines)) end = item.bytes.length;
      else if (end > item.offset) this.write(sink, item.bytes.subarray(item.offset, end));
      this.parsedSinceGc += end - item.offset;
      if (this.parsedSinceGc >= FLOOD_GC_BYTES) this.collect();
      item.offset = end;
      if (end >= item.bytes.length) {
        this.lastByte.set(sink, item.bytes[item.bytes.length - 1] ?? -1);
        q.shift();
        item.done?.();
        // Everything queued is parsed: the screen is up to date, and a new hold may begin.
        if (q.length === 0) {
          this.holdOver.delete(sink);
          this.holdingSince.delete(sink);
        }
      }
      sink.parsed(false);
      if (q.length > 0) this.ring.push(sink);
      if (this.interrupt?.()) break;
    }
    if (this.ring.length > 0) this.schedule();
    else if (this.parsedSinceGc >= FLOOD_GC_BYTES / 8) this.collectSoon(); // a flood is over: its garbage too
  }

  /**
   * Whether to leave the sink's queue unparsed for now: its one batch is plain text with more
   * lines than the terminal keeps, so it comes from a flood, and the kept ones (evictedPrefix)
   * are most likely scrolled away by the next batch: parsing them now would be wasted. `cat` of
   * a log, `seq` or `yes` then costs a scan of its bytes and, once a frame (HOLD_MS), a parse of
   * what the screen and history keep: the screen still follows the flood at the frame rate.
   * The wait ends when the next batch comes (feed), HOLD_MS after the pane's screen was last
   * brought up to date, or with the pane (its end comes as a batch too): the screen is never
   * more than about a frame behind what the program wrote.
   */
  private hold(sink: ParseSink, q: Item[]): boolean {
    const item = q[0]!;
    if (q.length !== 1 || item.offset !== 0 || this.holdOver.has(sink)) return false;
    // Worth it when the batch is plain text to its end (else what follows cannot count:
    // evictedPrefix) with more lines than are kept.
    const keep = sink.keepLines?.() ?? 0;
    if (keep === 0) return false;
    const run = plainRunOf(item.bytes, this.lastByte.get(sink) ?? -1);
    if (run.end !== item.bytes.length || run.lines <= keep) return false;
    const now = performance.now();
    const since = this.holdingSince.get(sink) ?? now;
    if (now - since >= HOLD_MS) {
      this.holdOver.add(sink);
      return false;
    }
    this.holdingSince.set(sink, since);
    const timer = setTimeout(() => {
      this.held.delete(sink);
      this.holdOver.add(sink);
      this.ring.push(sink);
      this.schedule();
    }, since + HOLD_MS - now);
    this.held.set(sink, timer);
    return true;
  }

  /**
   * Parse bytes into the sink's terminal and move what scrolled off its screen into its history
   * store, in writes that cannot scroll more than half the terminal's scrollback (the margin
   * drain leaves the other half of).
   */
  private write(sink: ParseSink, bytes: Uint8Array): void {
    const write = this.writer(sink.model);
    if (!write) return;
    const store = sink.history;
    if (!store) return write(bytes);
    this.settle(sink);
    const t = sink.model;
    const half = Math.max(1, Math.floor((t.options.scrollback ?? 0) / 2));
    for (let at = 0; at < bytes.length; ) {
      const end = bytes.length - at <= half ? bytes.length : scrollCut(bytes, at, half, t.cols);
      write(at === 0 && end === bytes.length ? bytes : bytes.subarray(at, end));
      this.drain(sink, store);
      at = end;
    }
  }

  /** Move the rows above the terminal's screen into the store. */
  private drain(sink: ParseSink, store: HistoryStore): void {
    const t = sink.model;
    // The terminal keeps at most the limit (the rest of the line reaching into its screen).
    drainScrollback(t, store, Math.min(Math.floor((t.options.scrollback ?? 0) / 2), store.limit));
  }

  /**
   * The rest of a plain batch, under a flood: parse only its last `rows` lines (the screen) and
   * keep the lines before them as text (FloodText) to go into the store later, unparsed. The
   * first such batch is parsed until the cursor is on a fresh bottom row, and the screen rows
   * above it go into the store (the text after scrolls them away); each next batch continues
   * the text from the last one's tail, the terminal taking a CRLF for the fresh bottom row the
   * text's last line feed made. False (nothing done) when the batch is too short to start a
   * flood, the terminal prints other than plainly, or the text is not valid UTF-8; a flood's
   * text already kept then goes into the store first (settle).
   */
  private floodStep(sink: ParseSink, item: Item, restLines: number): boolean {
    const store = sink.history;
    const t = sink.model;
    if (!store || t.buffer.active.type !== "normal") return false;
    const rest = item.bytes.subarray(item.offset);
    const f = this.floods.get(sink);
    if (f) return this.floodOn(sink, store, f, this.joined(f.tail, rest), restLines >= 0 ? restLines + f.tailLines : -1, rest.length, true);
    const lines = restLines >= 0 ? restLines : countLines(rest);
    const rows = t.rows;
    // After this many line feeds the last one scrolled: the cursor is on a fresh bottom row.
    const toBottom = rows - t.buffer.active.cursorY;
    if (lines <= toBottom + rows) return false;
    const props = charPropertiesOf(t);
    if (!props || !printsPlainly(t, true)) return false;
    const from = afterFirstLines(rest, toBottom);
    const after = rest.subarray(from);
    if (from < 0 || this.floodCut(t, after) <= 0) return false;
    this.write(sink, rest.subarray(0, from));
    evictScreen(t, store);
    const flood = new FloodText(currentAttrs(t) ?? { fg: 0, bg: 0 }, props);
    this.floods.set(sink, flood);
    return this.floodOn(sink, store, flood, after, lines - toBottom, after.length, false);
  }

  /** a then b in one buffer (reused: valid until the next call). */
  private joined(a: Uint8Array, b: Uint8Array): Uint8Array {
    if (a.length === 0) return b;
    const n = a.length + b.length;
    if (this.scratch.length < n) this.scratch = new Uint8Array(2 * n);
    this.scratch.set(a, 0);
    this.scratch.set(b, a.length);
    return this.scratch.subarray(0, n);
  }

  /**
   * Where text's last `rows` lines begin, when the lines before can go into a flood's text
   * (valid UTF-8: xterm drops what is not) and those can be parsed in one write into an empty
   * scrollback (the margin takes all they scroll, so xterm trims none); 0 when not.
   */
  private floodCut(t: Terminal, text: Uint8Array): number {
    const cut = afterLastLines(text, t.rows);
    if (cut === 0) return 0;
    const tail = text.subarray(cut);
    return scrollCut(tail, 0, t.options.scrollback ?? 0, t.cols) === tail.length && isUtf8(text.subarray(0, cut)) ? cut : 0;
  }

  /**
   * A flood goes on with `text` (the last tail and `fresh` new bytes; `lines` line feeds, -1 if
   * not counted): its lines but the last `rows` join the flood's text, and those are parsed from
   * a fresh bottom row (`continued`: after a CRLF; the rows it scrolls are the flood's text's,
   * dropped).
   */
  private floodOn(sink: ParseSink, store: HistoryStore, f: FloodText, text: Uint8Array, lines: number, fresh: number, continued: boolean): boolean {
    const t = sink.model;
    const write = this.writer(t)!;
    const cut = this.floodCut(t, text);
    if (cut === 0) return this.floodTail(sink, f, text, lines, fresh, continued);
    const rows = t.rows;
    const part = text.subarray(0, cut);
    const partLines = lines >= 0 ? lines - rows : countLines(part);
    // Lines with the limit's worth after them would be trimmed off the store at once.
    const limit = Math.max(0, store.limit);
    if (partLines >= limit) {
      const from = afterLastLines(part, limit);
      this.skipped += f.bytes + from;
      f.drop();
      f.append(part.subarray(from), limit);
    } else {
      f.append(part, partLines);
      this.skipped += f.trimTo(limit);
    }
    f.tail = Uint8Array.from(text.subarray(cut));
    f.tailLines = rows;
    this.deferred += fresh;
    if (continued) write(CRLF);
    // The rows above the tail's first stay in xterm's scrollback until the text goes in, so its
    // ring stays full and recycles rows instead of making new ones (FloodText.first).
    f.markTail(t);
    write(f.tail);
    if (f.bytes > FLOOD_TEXT_MAX) this.settle(sink);
    else this.settleSoon(sink);
    return true;
  }

  /**
   * Less than a screenful more of a flood (a batch the cut left a line of, a line's end): it
   * goes on the screen after the tail as it comes, and joins the tail. Otherwise (too much to
   * write at once, or not under way) the flood's text goes into the store and the batch is
   * parsed as it comes.
   */
  private floodTail(sink: ParseSink, f: FloodText, text: Uint8Array, lines: number, fresh: number, continued: boolean): boolean {
    const t = sink.model;
    const bytes = text.subarray(text.length - fresh);
    // (A batch with line feeds after a tail is one floodCut refused: invalid UTF-8, too long a tail.)
    const short = f.tail.length === 0 ? text.length <= SLICE : !bytes.includes(0x0a) && text.length <= SLICE;
    if (!continued || !short || scrollCut(bytes, 0, Math.floor((t.options.scrollback ?? 0) / 2), t.cols) !== bytes.length) {
      this.settle(sink);
      return false;
    }
    const write = this.writer(t)!;
    if (f.tail.length === 0) {
      // After a cut (evictedPrefix): the text after it starts a fresh row.
      write(CRLF);
      f.markTail(t);
    }
    write(bytes);
    f.tail = Uint8Array.from(text);
    f.tailLines = lines >= 0 ? lines : countLines(f.tail);
    this.deferred += fresh;
    this.settleSoon(sink);
    return true;
  }

  /**
   * Bring the sink's history store up to date: a flood's text goes into it (FloodText). For
   * anything that reads the store or writes the terminal; the screen is always up to date.
   */
  settle(sink: ParseSink): void {
    const f = this.floods.get(sink);
    const store = sink.history;
    if (!f || !store) return;
    this.floods.delete(sink);
    clearTimeout(this.settleTimers.get(sink));
    this.settleTimers.delete(sink);
    const t = sink.model;
    dropScrollback(t, f.garbage(t));
    f.dispose();
    const text = Buffer.from(f.view.buffer, f.view.byteOffset, f.view.length).toString("utf8");
    pushPlainText(store, text, { ...f.attrs, charProperties: f.charProperties });
    this.drain(sink, store);
  }

  /** Once a flood has been quiet for SETTLE_MS, its text goes into the store. */
  private settleSoon(sink: ParseSink): void {
    clearTimeout(this.settleTimers.get(sink));
    const timer = setTimeout(() => {
      this.settleTimers.delete(sink);
      if ((this.queues.get(sink)?.length ?? 0) === 0) this.settle(sink);
      else this.settleSoon(sink);
    }, SETTLE_MS);
    timer.unref?.();
    this.settleTimers.set(sink, timer);
  }

  private collect(): void {
    this.parsedSinceGc = 0;
    Bun.gc(true);
  }

  /** After a flood: once its last frame has gone out (a GC first delayed it by ~10 ms), if no new flood began. */
  private collectSoon(): void {
    if (this.gcTimer) return;
    this.gcTimer = setTimeout(() => {
      this.gcTimer = null;
      if (this.ring.length === 0 && this.parsedSinceGc >= FLOOD_GC_BYTES / 8) this.collect();
    }, AFTER_FLOOD_GC_MS);
    this.gcTimer.unref();
  }
}

/** The server's one scheduler: every pane's output goes through it. */
export const parseScheduler = new ParseScheduler();
