// The cells of a mode tree's preview (choose-tree, choose-client): characters with their colours
// and attributes, as tmux's mode screen holds them; pane cells copied in (screen_write_fast_copy),
// text and lines written over them, and read back as the box's lines and their styled runs.
import type { Terminal } from "@xterm/headless";
import { packTmuxAttr, readAttrs, packTmuxColour, type CellStyle, type StyledCell } from "../../render/index.ts";
import type { PreviewContent } from "./mode-box.ts";

/** One cell: its text ("" on a wide character's right half), colours in the frame's packed form, Attr bits. */
export interface PreviewCell {
  ch: string;
  fg: number;
  bg: number;
  attrs: number;
}

const PLAIN: CellStyle = { fg: 0, bg: 0, attrs: 0 };
const blank = (): PreviewCell => ({ ch: " ", fg: 0, bg: 0, attrs: 0 });

export class PreviewGrid {
  private readonly rows: PreviewCell[][];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rows = Array.from({ length: Math.max(0, height) }, () => Array.from({ length: Math.max(0, width) }, blank));
  }

  cell(x: number, y: number): PreviewCell | undefined {
    return this.rows[y]?.[x];
  }

  /** Sets one cell; a wide character it cuts in half loses its other half to a space. */
  set(x: number, y: number, c: PreviewCell): void {
    const row = this.rows[y];
    if (!row || x < 0 || x >= this.width) return;
    if (row[x]!.ch === "" && x > 0) row[x - 1]!.ch = " ";
    if (row[x + 1]?.ch === "" && c.ch !== "") row[x + 1]!.ch = " ";
    row[x] = c;
  }

  /** `text` from (x, y) in `style` (default colours when not given), a wide character taking two cells. */
  put(x: number, y: number, text: string, style: CellStyle = PLAIN): void {
    for (const ch of text) {
      const w = Bun.stringWidth(ch) === 2 ? 2 : 1;
      if (x + w > this.width) return;
      this.set(x, y, { ch, fg: style.fg, bg: style.bg, attrs: style.attrs });
      if (w === 2) this.set(x + 1, y, { ch: "", fg: style.fg, bg: style.bg, attrs: style.attrs });
      x += w;
    }
  }

  vline(x: number): void {
    for (let y = 0; y < this.height; y++) this.put(x, y, "│");
  }

  /** Another grid's cells at column `x`, its first `width` columns. */
  paste(x: number, width: number, from: PreviewGrid): void {
    for (let y = 0; y < Math.min(this.height, from.height); y++) {
      for (let k = 0; k < Math.min(width, from.width); k++) {
        const c = from.cell(k, y)!;
        if (c.ch !== "" && from.cell(k + 1, y)?.ch === "" && k + 1 >= width) break; // a wide character that would not fit
        this.set(x + k, y, { ...c });
      }
    }
  }

  /** The lines, and a highlight for each run of cells not in default colours, as the box draws them. */
  content(): PreviewContent {
    const lines: string[] = [];
    const highlights: NonNullable<PreviewContent["highlights"]> = [];
    this.rows.forEach((row, y) => {
      lines.push(row.map((c) => c.ch).join(""));
      let start = -1;
      for (let x = 0; x <= row.length; x++) {
        const c = row[x];
        const s = row[start];
        if (s && (!c || c.fg !== s.fg || c.bg !== s.bg || c.attrs !== s.attrs)) {
          if (s.fg || s.bg || s.attrs) highlights.push({ x: start, y, width: x - start, style: { fg: s.fg, bg: s.bg, attrs: s.attrs } });
          start = -1;
        }
        if (start < 0) start = x;
      }
    });
    return { lines, highlights };
  }
}

/**
 * Columns [px, px + width) of rows [py, py + height) of a terminal's screen, cell by cell with
 * their styles (screen_write_fast_copy): a wide character that would cross the right edge ends
 * the row there.
 */
export function copyScreen(t: Terminal, px: number, py: number, width: number, height: number): PreviewGrid {
  const g = new PreviewGrid(width, height);
  const b = t.buffer.active;
  for (let y = 0; y < height && py + y < t.rows; y++) {
    const line = b.getLine(b.baseY + py + y);
    if (!line) continue;
    for (let k = 0; k < width && px + k < t.cols; k++) {
      const c = line.getCell(px + k);
      if (!c) break;
      const w = c.getWidth();
      if (k + w > width) break;
      const fm = c.getFgColorMode();
      const bm = c.getBgColorMode();
      const cell: PreviewCell = { ch: w === 0 ? (k === 0 ? " " : "") : c.getChars() || " ", fg: fm === 0 ? 0 : fm | c.getFgColor(), bg: bm === 0 ? 0 : bm | c.getBgColor(), attrs: c.isAttributeDefault() ? 0 : readAttrs(c) };
      g.set(k, y, cell);
    }
  }
  return g;
}

/** Styled cells (a status line as drawn) written from (0, y), as far as the grid is wide. */
export function putStyled(g: PreviewGrid, y: number, cells: readonly StyledCell[]): void {
  let x = 0;
  for (const c of cells) {
    if (x >= g.width) return;
    if (c.width === 0) continue;
    if (c.width === 2 && x + 2 > g.width) return;
    const cell = { ch: c.text === "" ? " " : c.text, fg: packTmuxColour(c.fg), bg: packTmuxColour(c.bg), attrs: c.attr === 0 ? 0 : packTmuxAttr(c.attr) };
    g.set(x, y, cell);
    if (c.width === 2) g.set(x + 1, y, { ...cell, ch: "" });
    x += c.width;
  }
}
