// Lines the multiplexer draws from formats (the status line, messages, the prompt, pane border
// titles) as cells, and their conversion to the frame's packed colours and attributes.

import { Attr, COLOR_DEFAULT, COLOR_P16, COLOR_P256, COLOR_RGB, SPACE, SPACER, type Frame } from "./frame.ts";
import { charId, sanitizeCode } from "./graphemes.ts";

/**
 * One drawn cell, in tmux's numbering (the mux's DrawCell satisfies it): colours 0-7 and 90-97
 * are the 16 colours, 8 and 9 the default, a 0x01000000 flag marks a palette index and
 * 0x02000000 an RGB value; attr holds tmux's GRID_ATTR bits.
 */
export interface StyledCell {
  /**
   * The character with any zero-width marks; "" on the right half of a wide one, and "" with
   * width 1 for a cell that keeps what the frame has there (the border under a pane's title).
   */
  text: string;
  /** 1; 2 on the left half of a wide character; 0 on its right half. */
  width: number;
  fg: number;
  bg: number;
  attr: number;
}

/** A cell style in the frame's form (packed colours, Attr bits). */
export interface CellStyle {
  fg: number;
  bg: number;
  attrs: number;
}

export const DEFAULT_CELL_STYLE: CellStyle = { fg: COLOR_DEFAULT, bg: COLOR_DEFAULT, attrs: 0 };

const FLAG_256 = 0x01000000;
const FLAG_RGB = 0x02000000;

/** A tmux colour number as the frame packs it. */
export function packTmuxColour(c: number): number {
  if (c & FLAG_RGB) return COLOR_RGB | (c & 0xffffff);
  if (c & FLAG_256) return COLOR_P256 | (c & 0xff);
  if (c >= 0 && c <= 7) return COLOR_P16 | c;
  if (c >= 90 && c <= 97) return COLOR_P16 | (c - 82);
  return COLOR_DEFAULT;
}

// tmux's GRID_ATTR bits (style.ts ATTR) → the frame's; every underscore kind is an underline.
const TMUX_ATTR: readonly (readonly [number, number])[] = [
  [0x1, Attr.bold],
  [0x2, Attr.dim],
  [0x4 | 0x200 | 0x400 | 0x800 | 0x1000, Attr.underline],
  [0x8, Attr.blink],
  [0x10, Attr.inverse],
  [0x20, Attr.invisible],
  [0x40, Attr.italic],
  [0x100, Attr.strikethrough],
  [0x2000, Attr.overline],
];

export function packTmuxAttr(a: number): number {
  let out = 0;
  for (const [bits, attr] of TMUX_ATTR) if (a & bits) out |= attr;
  return out;
}

/** A style (colours in tmux's numbering, tmux's attr bits) in the frame's form. */
export function packTmuxStyle(s: { fg: number; bg: number; attr: number }): CellStyle {
  return { fg: packTmuxColour(s.fg), bg: packTmuxColour(s.bg), attrs: packTmuxAttr(s.attr) };
}

/** Writes `cells` into row y from x, stopping before maxX; a wide char that does not fit becomes a space. */
export function drawStyled(f: Frame, cells: readonly StyledCell[], x: number, y: number, maxX: number): void {
  const row = y * f.cols;
  for (let k = 0; k < cells.length && x < maxX; k++) {
    const c = cells[k] as StyledCell;
    if (c.width === 0) continue;
    if (c.text === "") {
      x++;
      continue;
    }
    const fg = packTmuxColour(c.fg);
    const bg = packTmuxColour(c.bg);
    const attrs = c.attr === 0 ? 0 : packTmuxAttr(c.attr);
    if (c.width === 2 && x + 1 >= maxX) {
      f.set(x++, y, SPACE, fg, bg, attrs);
      break;
    }
    f.set(x, y, cellChar(c.text), fg, bg, attrs);
    if (c.width === 2) {
      f.widths[row + x] = 2;
      f.set(x + 1, y, SPACER, fg, bg, attrs);
      f.widths[row + x + 1] = 0;
      x += 2;
    } else x++;
  }
}

function cellChar(text: string): number {
  if (text.length === 1) return sanitizeCode(text.charCodeAt(0));
  const cp = text.codePointAt(0) ?? SPACE;
  if (text.length === 2 && cp > 0xffff) return sanitizeCode(cp);
  return text === "" ? SPACE : charId(text);
}
