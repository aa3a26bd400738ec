// A run of consecutive logical lines of history. The newest chunk takes lines as objects; a full
// one is packed: the text of its lines in one string, their cell layouts and attribute runs in
// one array each, with end offsets per line; only lines a resize may change (a blank tail, pads)
// or with a trimmed start stay objects. A line of 100 plain characters then costs ~112 bytes
// instead of ~210 (an object and its own string), one with 6 colour runs ~190 instead of ~420.
import { LogicalLine, PAD } from "./line.ts";

// eslint-disable-next-line no-control-regex
const NOT_LATIN1 = /[^\u0000-\u00ff]/;

/** Lines per chunk: see HistoryStore. */
export const CHUNK_LINES = 256;

export class Chunk {
  /** Lines while the chunk is open; null once packed. */
  private open: LogicalLine[] | null = [];
  private text = "";
  private ends = new Uint32Array(0);
  /** Cell layouts and attribute runs of the packed lines, with each line's end offset (null: no line has any). */
  private layouts: Uint8Array | null = null;
  private layoutEnds: Uint32Array | null = null;
  private runs: Uint32Array | null = null;
  private runEnds: Uint32Array | null = null;
  private complex: Map<number, LogicalLine> | null = null;
  /** Packed lines before this one are gone (trimmed). */
  private start = 0;
  private count = 0;
  /** Rows of its lines at rowsCols columns (HistoryStore's cache). */
  rows = 0;
  rowsCols = -1;

  get length(): number {
    return this.open ? this.open.length : this.count - this.start;
  }

  get full(): boolean {
    return this.length >= CHUNK_LINES;
  }

  line(i: number): LogicalLine {
    if (this.open) return this.open[i]!;
    const k = this.start + i;
    const c = this.complex?.get(k);
    if (c) return c;
    const text = this.text.slice(k === 0 ? 0 : this.ends[k - 1]!, this.ends[k]!);
    const layout = slice(this.layouts, this.layoutEnds, k);
    const runs = slice(this.runs, this.runEnds, k);
    return new LogicalLine(text, layout, runs, layout ? layout.length : text.length, false, -1);
  }

  /** Rows line i makes at `cols`, without building it. */
  rowCount(i: number, cols: number): number {
    if (this.open) return this.open[i]!.rowCount(cols);
    const k = this.start + i;
    const c = this.complex?.get(k);
    if (c) return c.rowCount(cols);
    const le = this.layoutEnds;
    if (le && le[k] !== (k === 0 ? 0 : le[k - 1])) return this.line(i).rowCount(cols);
    const n = this.ends[k]! - (k === 0 ? 0 : this.ends[k - 1]!);
    return n <= cols ? 1 : Math.ceil(n / cols);
  }

  *lines(): IterableIterator<LogicalLine> {
    for (let i = 0; i < this.length; i++) yield this.line(i);
  }

  push(line: LogicalLine): void {
    this.unpack().push(line);
    if (this.open && this.open.length >= CHUNK_LINES) this.pack();
  }

  pop(): LogicalLine | undefined {
    return this.unpack().pop();
  }

  /** Drop the first k lines. */
  dropFront(k: number): void {
    if (this.open) this.open.splice(0, k);
    else this.start += k;
  }

  /** Replace the first line (trimmed rows off its start). */
  replaceFirst(line: LogicalLine): void {
    if (this.open) this.open[0] = line;
    else (this.complex ??= new Map()).set(this.start, line);
  }

  /** A resize: only lines with a tail or pads change (LogicalLine.reflow); plain packed lines have neither. */
  reflow(from: number, to: number): void {
    if (this.open) for (const l of this.open) l.reflow(from, to);
    else if (this.complex) for (const [k, l] of this.complex) if (k >= this.start) l.reflow(from, to);
  }

  bytes(): number {
    if (this.open) return this.open.reduce((n, l) => n + l.bytes(), 0);
    let n = 0;
    let latin1 = true;
    for (let i = 0; i < this.text.length && latin1; i++) if (this.text.charCodeAt(i) > 0xff) latin1 = false;
    n += (latin1 ? 1 : 2) * this.text.length + this.ends.byteLength;
    n += (this.layouts?.byteLength ?? 0) + (this.layoutEnds?.byteLength ?? 0) + (this.runs?.byteLength ?? 0) + (this.runEnds?.byteLength ?? 0);
    if (this.complex) for (const l of this.complex.values()) n += l.bytes();
    return n;
  }

  private pack(): void {
    const lines = this.open;
    if (!lines) return;
    const parts: string[] = [];
    const ends = new Uint32Array(lines.length);
    const layoutEnds = new Uint32Array(lines.length);
    const runEnds = new Uint32Array(lines.length);
    const layouts: Uint8Array[] = [];
    const runs: Uint32Array[] = [];
    let at = 0;
    let la = 0;
    let ra = 0;
    lines.forEach((l, k) => {
      // A line with a character past U+00FF stays apart: JSC keeps a string with none at one
      // byte a character and one with any at two (measured: 132 vs 228 bytes of RSS for a
      // 100-character line), so one such line would double the chunk's text.
      const own = l.tail || l.continued || (l.layout && l.layout.some((b) => (b & PAD) !== 0)) || NOT_LATIN1.test(l.text);
      if (own) (this.complex ??= new Map()).set(k, l);
      else {
        parts.push(l.text);
        at += l.text.length;
        if (l.layout) {
          layouts.push(l.layout);
          la += l.layout.length;
        }
        if (l.runs) {
          runs.push(l.runs);
          ra += l.runs.length;
        }
      }
      ends[k] = at;
      layoutEnds[k] = la;
      runEnds[k] = ra;
    });
    // One flat string (join) of the packed lines' text; the others keep their own.
    this.text = parts.join("");
    this.ends = ends;
    this.layouts = la ? concat(Uint8Array, layouts, la) : null;
    this.layoutEnds = la ? layoutEnds : null;
    this.runs = ra ? concat(Uint32Array, runs, ra) : null;
    this.runEnds = ra ? runEnds : null;
    this.count = lines.length;
    this.start = 0;
    this.open = null;
  }

  private unpack(): LogicalLine[] {
    if (this.open) return this.open;
    const lines: LogicalLine[] = [];
    for (let i = 0; i < this.length; i++) lines.push(this.line(i));
    this.open = lines;
    this.text = "";
    this.ends = new Uint32Array(0);
    this.layouts = this.layoutEnds = null;
    this.runs = this.runEnds = null;
    this.complex = null;
    this.start = 0;
    this.count = 0;
    return lines;
  }
}

/** Packed line k's part of a chunk-wide array (a view), or null when it has none. */
function slice<T extends Uint8Array | Uint32Array>(all: T | null, ends: Uint32Array | null, k: number): T | null {
  if (!all || !ends) return null;
  const from = k === 0 ? 0 : ends[k - 1]!;
  const to = ends[k]!;
  return to > from ? (all.subarray(from, to) as T) : null;
}

function concat<T extends Uint8Array | Uint32Array>(make: new (n: number) => T, parts: T[], n: number): T {
  const out = new make(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
