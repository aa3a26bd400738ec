// A place in a buffer that a reflow keeps: which logical line (counted from the bottom, so rows
// trimmed off the top do not move it) and which column of its joined cells, as tmux's
// grid_wrap_position / grid_unwrap_position keep copy mode's cursor through a resize.
import type { IBuffer, IBufferLine } from "@xterm/headless";

export interface WrapPlace {
  /** Logical lines after this one. */
  fromBottom: number;
  /** The column in the line's joined rows; -1 past its end. */
  wx: number;
}

/** Columns of row y that belong to its line: a wrapped row's all (but a wide character's pad), the last one's up to its last character. */
function usedColumns(buf: IBuffer, y: number, cols: number): number {
  const line = buf.getLine(y);
  if (!line) return 0;
  const next = buf.getLine(y + 1);
  const cell = buf.getNullCell();
  const empty = (l: IBufferLine, x: number) => {
    const c = l.getCell(x, cell);
    return !c || (!c.getChars() && c.getWidth() === 1);
  };
  if (next?.isWrapped) {
    const wideNext = next.getCell(0, cell)?.getWidth() === 2;
    return wideNext && empty(line, cols - 1) ? cols - 1 : cols;
  }
  let used = cols;
  while (used > 0 && empty(line, used - 1)) used--;
  return used;
}

export function wrapPlace(buf: IBuffer, cols: number, x: number, y: number): WrapPlace {
  let fromBottom = 0;
  for (let r = buf.length - 1; r > y; r--) if (!buf.getLine(r)?.isWrapped) fromBottom++;
  let start = y;
  while (start > 0 && buf.getLine(start)?.isWrapped) start--;
  let wx = 0;
  for (let r = start; r < y; r++) wx += usedColumns(buf, r, cols);
  return { fromBottom, wx: x >= usedColumns(buf, y, cols) ? -1 : wx + x };
}

export function unwrapPlace(buf: IBuffer, cols: number, p: WrapPlace): { x: number; y: number } {
  let y = buf.length - 1;
  for (let seen = 0; y > 0; y--) {
    if (buf.getLine(y)?.isWrapped) continue;
    if (seen === p.fromBottom) break;
    seen++;
  }
  const last = (r: number) => !buf.getLine(r + 1)?.isWrapped;
  if (p.wx < 0) {
    while (!last(y)) y++;
    return { x: usedColumns(buf, y, cols), y };
  }
  let wx = p.wx;
  while (!last(y) && wx >= usedColumns(buf, y, cols)) {
    wx -= usedColumns(buf, y, cols);
    y++;
  }
  return { x: wx, y };
}
