// A flood's plain text on its way into a pane's history store without being parsed: the parse
// scheduler parses only the last screenful of each batch and keeps the lines before it here,
// laid out into the store once (pushPlainText) when the flood pauses, when anything else is
// written or read, or when this grows too big. The next batch usually pushes most of it past
// history-limit, so it is trimmed to the limit's lines as it comes.
import type { IMarker, Terminal } from "@xterm/headless";
import type { CharProperties } from "./history/plain-text.ts";

/** The buffer's first size; it grows to what it must hold, at most twice FLOOD_TEXT_MAX. */
const FIRST_SIZE = 64 * 1024;

export class FloodText {
  private buf = new Uint8Array(FIRST_SIZE);
  private start = 0;
  private end = 0;
  /** Line feeds in the text (every line of it ends in one). */
  lines = 0;
  /** The batch's last lines after the text: parsed for the screen, continued by the next batch. */
  tail: Uint8Array = new Uint8Array(0);
  /**
   * The terminal's row the tail began on: every row above it (the old screen's, the scrollback)
   * is in the store or in the text already, dropped, not stored, when the text goes in. A
   * marker, as xterm moves it when its full ring recycles rows.
   */
  first: IMarker | null = null;

  /** The rows above the tail's first (all of the scrollback if its marker is gone: never, as writes are cut). */
  garbage(t: Terminal): number {
    const m = this.first;
    return m && !m.isDisposed ? m.line : t.buffer.normal.baseY;
  }

  /** The tail begins at the terminal's cursor row. */
  markTail(t: Terminal): void {
    this.first?.dispose();
    this.first = t.registerMarker(0) ?? null;
  }

  dispose(): void {
    this.first?.dispose();
    this.first = null;
  }

  constructor(
    /** The attributes the text prints with (plain text changes none) and the terminal's widths. */
    readonly attrs: { fg: number; bg: number },
    readonly charProperties: CharProperties,
  ) {}

  get bytes(): number {
    return this.end - this.start;
  }

  /** The text: valid until the next append. */
  get view(): Uint8Array {
    return this.buf.subarray(this.start, this.end);
  }

  append(bytes: Uint8Array, lines: number): void {
    if (this.end + bytes.length > this.buf.length) this.makeRoom(bytes.length);
    this.buf.set(bytes, this.end);
    this.end += bytes.length;
    this.lines += lines;
  }

  /** Keep the last `n` lines; returns the bytes dropped. */
  trimTo(n: number): number {
    const excess = this.lines - n;
    if (excess <= 0) return 0;
    let at = this.start - 1;
    for (let k = 0; k < excess; k++) at = this.buf.indexOf(0x0a, at + 1);
    const dropped = at + 1 - this.start;
    this.start = at + 1;
    this.lines = n;
    return dropped;
  }

  /** Line feeds in the tail. */
  tailLines = 0;

  /** Forget the text (not the tail). */
  drop(): void {
    this.start = this.end = 0;
    this.lines = 0;
  }

  /** Everything before here scrolled out of the history (evictedPrefix): no text, no tail. */
  clear(): void {
    this.drop();
    this.tail = new Uint8Array(0);
    this.tailLines = 0;
  }

  /** Room for n more bytes at the end: the text moved to the front, or into a bigger buffer. */
  private makeRoom(n: number): void {
    const live = this.end - this.start;
    const need = live + n;
    if (2 * need <= this.buf.length) this.buf.copyWithin(0, this.start, this.end);
    else {
      const next = new Uint8Array(2 * need);
      next.set(this.buf.subarray(this.start, this.end));
      this.buf = next;
    }
    this.start = 0;
    this.end = live;
  }
}
