// Reading text out of an xterm buffer line by cells, for copy mode: which cell each character
// starts at (wide characters take two), where a line's content ends, and word classes.
import type { IBuffer } from "@xterm/headless";

export interface LineCells {
  /** The line's characters, blank cells as spaces, wide characters once. */
  text: string;
  /** For each UTF-16 index of text, the cell it starts in. */
  xs: number[];
  /** The cell after the last one. */
  endX: number;
  /** Text of cells [from, to). */
  slice(from: number, to: number): string;
}

export function lineCells(buf: IBuffer, y: number, cols: number): LineCells {
  const line = buf.getLine(y);
  const cell = buf.getNullCell();
  let text = "";
  const xs: number[] = [];
  for (let x = 0; x < cols; x++) {
    if (!line?.getCell(x, cell)) {
      xs.push(x);
      text += " ";
      continue;
    }
    if (cell.getWidth() === 0) continue; // the right half of a wide character
    const ch = cell.getChars() || " ";
    for (let i = 0; i < ch.length; i++) xs.push(x);
    text += ch;
  }
  return {
    text,
    xs,
    endX: cols,
    slice(from, to) {
      let a = 0;
      while (a < xs.length && (xs[a] ?? 0) < from) a++;
      let b = a;
      while (b < xs.length && (xs[b] ?? 0) < to) b++;
      return text.slice(a, b);
    },
  };
}

/** Cells up to the last one holding something other than a blank (tmux's find_length). */
export function lineLength(buf: IBuffer, y: number, cols: number): number {
  const line = buf.getLine(y);
  if (!line) return 0;
  const cell = buf.getNullCell();
  for (let x = Math.min(cols, line.length) - 1; x >= 0; x--) {
    line.getCell(x, cell);
    const ch = cell.getChars();
    if (ch !== "" && ch !== " ") return x + Math.max(1, cell.getWidth());
  }
  return 0;
}

/** Characters that end a word (tmux's word-separators), besides blanks. */
export const WORD_SEPARATORS = "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~";

/** 0 blank, 1 separator (word-separators), 2 word character. */
export function classOf(ch: string, separators = WORD_SEPARATORS): number {
  if (ch === " " || ch === "" || ch === "\t") return 0;
  return separators.includes(ch) ? 1 : 2;
}
