// display-panes' drawing, as tmux's: each pane's index in big block digits (the clock's font) in
// its middle with its size at the top-right, or the index as text when the pane is too small;
// panes 10 to 34 also show the letter that picks them.
import type { PaneMark } from "../../render/index.ts";
import { GLYPHS, GLYPH_H, GLYPH_W } from "./clock.ts";

/** Columns a big digit takes with the gap after it. */
const DIGIT_STEP = GLYPH_W + 1;

export interface PaneNumberInput {
  index: number;
  /** The pane's size (shown at its top-right). */
  width: number;
  height: number;
  /** How much of it the client shows, from its top-left (a window bigger than the client is cut). */
  shownWidth: number;
  shownHeight: number;
  /** display-panes-active-colour for the active pane, else display-panes-colour. */
  colour: string;
}

/** The key that picks pane `index` besides its digits: a to y for 10 to 34. */
export function paneLetter(index: number): string {
  return index > 9 && index < 35 ? String.fromCharCode(97 + index - 10) : "";
}

/** The pane index a key picks (0-9, then a-z for 10-35), or null when the key is no index. */
export function paneKeyIndex(key: string): number | null {
  if (/^[0-9]$/.test(key)) return Number(key);
  if (/^[a-z]$/.test(key)) return 10 + key.charCodeAt(0) - 97;
  return null;
}

/** What display-panes writes over one pane, in pane cells. */
export function paneNumberMarks(p: PaneNumberInput): PaneMark[] {
  const sx = p.shownWidth;
  const sy = p.shownHeight;
  const digits = String(p.index);
  const len = digits.length;
  if (sx < len || sy < 1) return [];
  const letter = paneLetter(p.index);
  const px = sx >> 1;
  const py = sy >> 1;
  if (sx < len * DIGIT_STEP || sy < GLYPH_H) {
    // Too small for the big digits: the number (and its letter, room allowing) as text.
    if (sx < len + letter.length + 1) return [{ x: px - (len >> 1), y: py, text: digits, fg: p.colour }];
    const text = `${digits} ${letter}`;
    return [{ x: px - (text.length >> 1), y: py, text, fg: p.colour }];
  }
  const marks: PaneMark[] = [];
  const x0 = px - len * 3;
  const y0 = py - 2;
  [...digits].forEach((d, n) => {
    const glyph = GLYPHS[d] ?? [];
    for (let row = 0; row < GLYPH_H; row++) {
      const line = glyph[row] ?? "";
      // Each run of blocks is one mark of spaces in the colour.
      for (const m of line.matchAll(/#+/g)) marks.push({ x: x0 + n * DIGIT_STEP + m.index, y: y0 + row, text: " ".repeat(m[0].length), bg: p.colour });
    }
  });
  if (sy <= GLYPH_H + 1) return marks;
  const size = `${p.width}x${p.height}`;
  if (sx >= size.length) marks.push({ x: sx - size.length, y: 0, text: size, fg: p.colour });
  if (letter) marks.push({ x: (sx >> 1) + len * 3 - letter.length - 1, y: y0 + GLYPH_H, text: letter, fg: p.colour });
  return marks;
}
