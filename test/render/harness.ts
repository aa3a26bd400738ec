// Test harness for the renderer: pane terminals, a host terminal that plays
// the encoded bytes, and cell-by-cell comparison in one readable format.

import { colourFromString } from "../../src/mux/model/colour.ts";
import { ATTR } from "../../src/mux/model/style.ts";
import type { StyledCell } from "../../src/render/index.ts";
import { Terminal, type IBufferCell } from "@xterm/headless";
import { Attr, charText, ClientScreen, composeFrame, Frame, type FrameInput, type PaneView } from "../../src/render/index.ts";

export function term(cols: number, rows: number, scrollback = 100): Terminal {
  return new Terminal({ cols, rows, scrollback, allowProposedApi: true });
}

export function write(t: Terminal, data: string): Promise<void> {
  return new Promise((r) => t.write(data, r));
}

function attrsOf(c: IBufferCell): number {
  return (
    (c.isBold() ? Attr.bold : 0) |
    (c.isDim() ? Attr.dim : 0) |
    (c.isItalic() ? Attr.italic : 0) |
    (c.isUnderline() ? Attr.underline : 0) |
    (c.isBlink() ? Attr.blink : 0) |
    (c.isInverse() ? Attr.inverse : 0) |
    (c.isInvisible() ? Attr.invisible : 0) |
    (c.isStrikethrough() ? Attr.strikethrough : 0) |
    (c.isOverline() ? Attr.overline : 0)
  );
}

const hex = (n: number) => n.toString(16);

/** One xterm cell as "chars|width|fg|bg|attrs" (colour = mode|value in hex). */
export function describeCell(c: IBufferCell): string {
  const w = c.getWidth();
  const chars = w === 0 ? "" : c.getChars() || " ";
  const fg = c.getFgColorMode() === 0 ? 0 : c.getFgColorMode() | c.getFgColor();
  const bg = c.getBgColorMode() === 0 ? 0 : c.getBgColorMode() | c.getBgColor();
  return `${chars}|${w}|${hex(fg)}|${hex(bg)}|${attrsOf(c)}`;
}

export function describeFrameCell(f: Frame, x: number, y: number): string {
  const i = y * f.cols + x;
  const w = f.widths[i] ?? 1;
  return `${charText(f.chars[i] ?? 32)}|${w}|${hex(f.fg[i] ?? 0)}|${hex(f.bg[i] ?? 0)}|${f.attrs[i] ?? 0}`;
}

/** Rows of a terminal's viewport (or a rectangle of it), one array of cells per row. */
export function termRows(t: Terminal, x0 = 0, y0 = 0, w = t.cols, h = t.rows, top = t.buffer.active.viewportY): string[][] {
  const buf = t.buffer.active;
  const cell = buf.getNullCell();
  const rows: string[][] = [];
  for (let y = y0; y < y0 + h; y++) {
    const line = buf.getLine(top + y);
    const row: string[] = [];
    for (let x = x0; x < x0 + w; x++) {
      if (!line || !line.getCell(x, cell)) row.push(" |1|0|0|0");
      else row.push(describeCell(cell));
    }
    rows.push(row);
  }
  return rows;
}

export function frameRows(f: Frame, x0 = 0, y0 = 0, w = f.cols, h = f.rows): string[][] {
  const rows: string[][] = [];
  for (let y = y0; y < y0 + h; y++) {
    const row: string[] = [];
    for (let x = x0; x < x0 + w; x++) row.push(describeFrameCell(f, x, y));
    rows.push(row);
  }
  return rows;
}

/** Text of a frame row (spacers left out). */
export function frameText(f: Frame, y: number): string {
  let s = "";
  for (let x = 0; x < f.cols; x++) s += charText(f.chars[y * f.cols + x] ?? 32);
  return s;
}

/** A host terminal fed by a ClientScreen. */
export class Host {
  readonly terminal: Terminal;
  readonly screen: ClientScreen;
  lastBytes: Uint8Array = new Uint8Array(0);

  /** `unicode` sets how the host measures characters (xterm's Unicode 6 tables if absent). */
  constructor(cols: number, rows: number, syncOutput = false, unicode?: (t: Terminal) => void) {
    this.terminal = term(cols, rows, 0);
    unicode?.(this.terminal);
    this.screen = new ClientScreen(cols, rows, { syncOutput });
  }

  async show(frame: Frame): Promise<Uint8Array> {
    const bytes = this.screen.encode(frame);
    this.lastBytes = bytes;
    if (bytes.length > 0) await new Promise<void>((r) => this.terminal.write(bytes, r));
    return bytes;
  }

  rows(): string[][] {
    return termRows(this.terminal);
  }

  cursor(): { x: number; y: number; visible: boolean; style: string | undefined } {
    const core = Reflect.get(this.terminal, "_core") as {
      coreService: { isCursorHidden: boolean; decPrivateModes: { cursorStyle?: string } };
    };
    const b = this.terminal.buffer.active;
    return { x: b.cursorX, y: b.cursorY, visible: !core.coreService.isCursorHidden, style: core.coreService.decPrivateModes.cursorStyle };
  }
}

/** Panes of a window laid out left | right-top / right-bottom with 1-cell borders. */
export function threePanes(cols: number, rows: number, active = 0): { panes: PaneView[]; terms: Terminal[] } {
  const lw = Math.floor((cols - 1) / 2);
  const rw = cols - lw - 1;
  const th = Math.floor((rows - 1) / 2);
  const bh = rows - th - 1;
  const rects = [
    { x: 0, y: 0, width: lw, height: rows },
    { x: lw + 1, y: 0, width: rw, height: th },
    { x: lw + 1, y: th + 1, width: rw, height: bh },
  ];
  const terms = rects.map((r) => term(r.width, r.height));
  const panes = rects.map((r, i) => ({ ...r, terminal: terms[i] as Terminal, active: i === active }));
  return { panes, terms };
}

export function input(cols: number, rows: number, panes: PaneView[], extra: Partial<FrameInput> = {}): FrameInput {
  return { cols, rows, panes, windowCols: cols, windowRows: rows - 1, status: [statusLine(cols, [{ text: "[0] 0:sh*" }])], ...extra };
}

/** A run of status text for statusLine: colours as tmux names them ("colour220", "#102030", "red"). */
export interface Segment {
  text: string;
  fg?: string;
  bg?: string;
  bold?: boolean;
  reverse?: boolean;
}

/**
 * One status line of `cols` cells, black on green as tmux's default status-style: `left` from
 * column 0, `right` against the right edge. Characters are kept as given (controls too), so
 * tests see what the renderer makes of them.
 */
export function statusLine(cols: number, left: Segment[], right: Segment[] = []): StyledCell[] {
  const base = { fg: 0, bg: 2, attr: 0 };
  const cells = (segs: Segment[]) => segs.flatMap((seg) => segmentCells(seg, base));
  const l = cells(left);
  const r = cells(right);
  const row: StyledCell[] = Array.from({ length: cols }, () => ({ text: " ", width: 1, ...base }));
  l.slice(0, cols).forEach((c, i) => (row[i] = c));
  const at = Math.max(0, cols - r.length);
  r.slice(0, cols - at).forEach((c, i) => (row[at + i] = c));
  return row;
}

function segmentCells(seg: Segment, base: { fg: number; bg: number; attr: number }): StyledCell[] {
  const fg = seg.fg === undefined ? base.fg : colourFromString(seg.fg);
  const bg = seg.bg === undefined ? base.bg : colourFromString(seg.bg);
  const attr = (seg.bold ? ATTR.bright : 0) | (seg.reverse ? ATTR.reverse : 0);
  const out: StyledCell[] = [];
  for (const { segment } of new Intl.Segmenter().segment(seg.text)) {
    const width = Math.max(1, Math.min(2, Bun.stringWidth(segment)));
    out.push({ text: segment, width, fg, bg, attr });
    if (width === 2) out.push({ text: "", width: 0, fg, bg, attr });
  }
  return out;
}

export { composeFrame };

/** A small seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
