// Rows of logical lines: a line's row at some width as xterm columns, copy mode's text of a row,
// an xterm row read into columns, and the cuts the store makes (trimmed rows, reopened lines).
import type { IBufferCell, IBufferLine } from "@xterm/headless";
import { MODE_MASK, MODE_RGB, VALUE_MASK, packBg, packFg } from "./attrs.ts";
import { HistoryCell, HistoryRow } from "./cell.ts";
import { LineBuilder, LogicalLine, PAD, WIDE } from "./line.ts";

/** A row as columns, the way the terminal had it: a wide character's right half has width 0. */
export interface ColumnRow {
  chars: string[];
  widths: number[];
  fg: number[];
  bg: number[];
}


/** Where a history row is: its line and the line's row. */
export interface RowPlace {
  line: LogicalLine;
  /** The row within the line. */
  sub: number;
  /** The first cell of every row of the line at the current width. */
  starts: number[];
}

/** The columns of an xterm buffer line. */
export function readColumns(line: IBufferLine, cols: number, cell?: IBufferCell): ColumnRow {
  return readRaw(line, cols) ?? readCells(line, cols, cell);
}

/** Through the public API: a dozen calls a cell. */
function readCells(line: IBufferLine, cols: number, cell?: IBufferCell): ColumnRow {
  const row: ColumnRow = { chars: [], widths: [], fg: [], bg: [] };
  let c = cell;
  const n = Math.min(cols, line.length);
  for (let x = 0; x < n; x++) {
    c = line.getCell(x, c);
    if (!c) break;
    row.chars.push(c.getChars());
    row.widths.push(c.getWidth());
    row.fg.push(packFg(c));
    row.bg.push(packBg(c));
  }
  return row;
}

/** xterm's BufferLine inside the public view (internals): three words a cell and the combined strings. */
interface RawLine {
  _data: Uint32Array;
  _combined: Record<number, string>;
}

function rawOf(line: IBufferLine): RawLine | null {
  const inner: unknown = Reflect.get(line, "_line");
  if (!inner || typeof inner !== "object") return null;
  const data: unknown = Reflect.get(inner, "_data");
  const combined: unknown = Reflect.get(inner, "_combined");
  return data instanceof Uint32Array && combined && typeof combined === "object" ? (inner as RawLine) : null;
}

// xterm's cell words (common/buffer/Constants.ts): content = code point (21 bits) | combined
// (bit 21) | width (bits 22-23); fg and bg as attrs.ts packs them, plus bg's HAS_EXTENDED and
// PROTECTED bits, which the store does not keep.
const CODEPOINT_MASK = 0x1fffff;
const IS_COMBINED = 0x200000;
const WIDTH_SHIFT = 22;
const BG_DROP = ~(0x10000000 | 0x20000000);
/** One-character strings of ASCII ("" for 0, an empty cell): no new string per cell. */
const ASCII = Array.from({ length: 0x80 }, (_, c) => (c ? String.fromCharCode(c) : ""));

/** A raw fg/bg word with only the colour bits its mode reads (xterm leaves an RGB's bits behind a palette colour). */
export function colourWord(w: number): number {
  const mode = w & MODE_MASK;
  const keep = mode === MODE_RGB ? VALUE_MASK : mode === 0 ? 0 : 0xff;
  return ((w & ~VALUE_MASK) | (w & keep)) >>> 0;
}

/**
 * The same read from xterm's cell words: draining a flood's rows through the public API cost
 * ~30 µs a 200-column row, most of the store's push time (bench/history.ts).
 */
function readRaw(line: IBufferLine, cols: number): ColumnRow | null {
  const raw = rawOf(line);
  if (!raw) return null;
  const n = Math.min(cols, line.length);
  const d = raw._data;
  const row: ColumnRow = { chars: new Array<string>(n), widths: new Array<number>(n), fg: new Array<number>(n), bg: new Array<number>(n) };
  for (let x = 0; x < n; x++) {
    const content = d[x * 3]!;
    const fg = colourWord(d[x * 3 + 1]!);
    const bg = colourWord(d[x * 3 + 2]! & BG_DROP);
    const cp = content & CODEPOINT_MASK;
    row.chars[x] = content & IS_COMBINED ? (raw._combined[x] ?? "") : cp < 0x80 ? ASCII[cp]! : String.fromCodePoint(cp);
    row.widths[x] = content >>> WIDTH_SHIFT;
    row.fg[x] = fg;
    row.bg[x] = bg;
  }
  return row;
}

/** A row of printable ASCII in one fg/bg, then default blank cells: its text and attributes. */
export interface SimpleRow {
  text: string;
  fg: number;
  bg: number;
}

const simpleCodes = new Uint8Array(1024);
/** An empty cell's content word: no code point, one column. */
const EMPTY = 1 << WIDTH_SHIFT;
const latin1 = new TextDecoder("latin1");

/**
 * The row as a SimpleRow when it is one (most rows a flood of plain lines scrolls), straight
 * from xterm's cell words: the store takes it as a line of text without a cell at a time.
 * Null for any other row, or where xterm's internals differ.
 */
export function readSimple(line: IBufferLine, cols: number): SimpleRow | null {
  const raw = rawOf(line);
  if (!raw) return null;
  const n = Math.min(cols, line.length, simpleCodes.length);
  if (n < cols) return null;
  const d = raw._data;
  // Trailing empty cells (no character, one column wide) with default attributes.
  let used = n;
  while (used > 0 && d[(used - 1) * 3] === EMPTY && colourWord(d[(used - 1) * 3 + 1]!) === 0 && colourWord(d[(used - 1) * 3 + 2]! & BG_DROP) === 0) used--;
  const fg = used > 0 ? colourWord(d[1]!) : 0;
  const bg = used > 0 ? colourWord(d[2]! & BG_DROP) : 0;
  for (let x = 0; x < used; x++) {
    const content = d[x * 3]!;
    const cp = content & CODEPOINT_MASK;
    if (content !== (cp | (1 << WIDTH_SHIFT)) || cp < 0x20 || cp > 0x7e) return null;
    if (colourWord(d[x * 3 + 1]!) !== fg || colourWord(d[x * 3 + 2]! & BG_DROP) !== bg) return null;
    simpleCodes[x] = cp;
  }
  return { text: latin1.decode(simpleCodes.subarray(0, used)), fg, bg };
}

/** Row `p.sub` of a line as columns at `cols`. */
export function rowOf(p: RowPlace, cols: number): HistoryRow {
  const { line, sub, starts } = p;
  const last = sub === starts.length - 1;
  const from = starts[sub] ?? 0;
  const to = last ? line.cells : (starts[sub + 1] ?? line.cells);
  const chars: string[] = [];
  const widths: number[] = [];
  const fgs: number[] = [];
  const bgs: number[] = [];
  const offs = line.offsets();
  let run = line.runAt(from);
  for (let i = from; i < to && chars.length < cols; i++) {
    run = line.runAt(i, Math.max(0, run));
    const fg = run >= 0 ? line.runs![run + 1]! : 0;
    const bg = run >= 0 ? line.runs![run + 2]! : 0;
    const l = line.layout ? line.layout[i]! : 0;
    if (l & PAD && cols !== line.cols) continue;
    const wide = (l & WIDE) !== 0;
    if (wide && chars.length + 2 > cols) break;
    chars.push(line.text.slice(offs[i]!, offs[i + 1]!));
    widths.push(wide ? 2 : 1);
    fgs.push(fg);
    bgs.push(bg);
    if (wide) {
      chars.push("");
      widths.push(0);
      fgs.push(fg);
      bgs.push(bg);
    }
  }
  if (last && line.tail) {
    const t = line.tail;
    for (let c = chars.length; c < line.tailCol + t.length / 2 && c < cols; c++) {
      const i = c - line.tailCol;
      chars.push("");
      widths.push(1);
      fgs.push(i >= 0 ? t[2 * i]! : 0);
      bgs.push(i >= 0 ? t[2 * i + 1]! : 0);
    }
  }
  const wrapped = sub > 0 || line.continued;
  return new HistoryRow(wrapped, cols, chars, Uint8Array.from(widths), Uint32Array.from(fgs), Uint32Array.from(bgs));
}

/** rowCells's text of a row; a line of one-column characters is sliced from its text. */
export function rowTextOf(p: RowPlace, cols: number): string {
  const { line, sub, starts } = p;
  if (line.layout || line.tail) return rowCellsOf(p, cols).text;
  const from = starts[sub] ?? 0;
  const to = sub === starts.length - 1 ? line.cells : (starts[sub + 1] ?? line.cells);
  const text = line.text.slice(from, Math.min(to, from + cols));
  return text.length < cols ? text + " ".repeat(cols - text.length) : text;
}

/** rowCells of a row. */
export function rowCellsOf(p: RowPlace, cols: number): { text: string; xs: number[]; endX: number } {
  const row = rowOf(p, cols);
  let text = "";
  const xs: number[] = [];
  const cell = new HistoryCell();
  for (let x = 0; x < cols; x++) {
    row.getCell(x, cell);
    if (cell.width === 0) continue;
    const ch = cell.chars || " ";
    for (let i = 0; i < ch.length; i++) xs.push(x);
    text += ch;
  }
  return { text, xs, endX: cols };
}

/** The line without its first `n` rows at `cols` (trimmed history): a continued line. */
export function dropRows(line: LogicalLine, n: number, cols: number): LogicalLine {
  const starts = line.rowStarts(cols);
  const from = starts[n] ?? line.cells;
  const offs = line.offsets();
  const text = line.text.slice(offs[from]!);
  const layout = line.layout ? line.layout.slice(from) : null;
  let runs: Uint32Array | null = null;
  if (line.runs) {
    const out: number[] = [];
    const r = line.runs;
    const k0 = line.runAt(from);
    for (let k = k0; k < r.length; k += 3) out.push(Math.max(0, r[k]! - from), r[k + 1]!, r[k + 2]!);
    runs = out.some((v, i) => i % 3 !== 0 && v !== 0) ? Uint32Array.from(out) : null;
  }
  const rest = new LogicalLine(text, layout, runs, line.cells - from, true, line.cols, line.tail, line.tailCol);
  return rest;
}

/** A builder holding a sealed line's cells (to go on taking rows). */
export function builderOf(line: LogicalLine): LineBuilder {
  const b = new LineBuilder(line.continued);
  const offs = line.offsets();
  let run = 0;
  for (let i = 0; i < line.cells; i++) {
    run = line.runAt(i, run);
    const fg = run >= 0 ? line.runs![run + 1]! : 0;
    const bg = run >= 0 ? line.runs![run + 2]! : 0;
    const chars = line.text.slice(offs[i]!, offs[i + 1]!);
    const l = line.layout ? line.layout[i]! : 0;
    b.add(chars, (l & WIDE) !== 0, fg, bg);
    if (l & PAD) b.markPad();
  }
  return b;
}

