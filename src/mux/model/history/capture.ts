// capture-pane's text of a range of rows of any xterm-like buffer (the history store's view or a
// terminal's): -e SGR, -J joined wrapped rows, -N trailing spaces kept, -C escaped as octal.
import type { IBuffer, IBufferLine } from "@xterm/headless";
import { MODE_MASK, packBg, packFg, sgrChange } from "./attrs.ts";

export interface CaptureRowsOptions {
  codes?: boolean; // -e
  join?: boolean; // -J
  noTrim?: boolean; // -N
  escapeC0?: boolean; // -C
}

/** Cells of a row that hold something: tmux only stores cells that were written. */
function usedCells(line: IBufferLine, cols: number, buf: IBuffer): number {
  const cell = buf.getNullCell();
  for (let x = Math.min(cols, line.length) - 1; x >= 0; x--) {
    const c = line.getCell(x, cell);
    if (!c) continue;
    if (c.getCode() !== 0 || (c.getBgColorMode() & MODE_MASK) !== 0 || c.isInverse()) return x + 1;
  }
  return 0;
}

/** Rows top..bottom (buffer indices, inclusive) as capture-pane prints them: each ends in \n unless joined to the next. */
export function captureRows(buf: IBuffer, cols: number, top: number, bottom: number, o: CaptureRowsOptions = {}): string {
  const esc = o.escapeC0 ? "\\033" : "\x1b";
  const trim = !o.join && !o.noTrim;
  const cell = buf.getNullCell();
  let lastFg = 0;
  let lastBg = 0;
  const out: string[] = [];
  let next = buf.getLine(top);
  for (let y = top; y <= bottom; y++) {
    const line = next;
    next = buf.getLine(y + 1);
    let text = "";
    const used = line ? usedCells(line, cols, buf) : 0;
    for (let x = 0; line && x < used; x++) {
      const c = line.getCell(x, cell);
      if (!c || c.getWidth() === 0) continue; // the second half of a wide character
      if (o.codes) {
        const fg = packFg(c);
        const bg = packBg(c);
        text += sgrChange(lastFg, lastBg, fg, bg, esc);
        lastFg = fg;
        lastBg = bg;
      }
      let ch = c.getChars() || " ";
      if (o.escapeC0 && ch === "\\") ch = "\\\\";
      text += ch;
    }
    if (trim) text = text.replace(/ +$/, "");
    out.push(text);
    if (!o.join || !(next?.isWrapped && y + 1 <= bottom)) out.push("\n");
  }
  return out.join("");
}
