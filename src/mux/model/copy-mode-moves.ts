// Copy mode's longer moves, as tmux 3.3a's window-copy.c makes them: paragraphs, matching
// brackets, the mark, and the view placement they share (window_copy_scroll_to).
import type { CopyMode } from "./copy-mode.ts";

const OPEN = "{[(";
const CLOSE = "}])";

/**
 * Put the cursor on absolute (x, y): the view stays if y is on it, else it moves so y is a
 * quarter of a screen from the bottom (or at the top or bottom of the history near its ends).
 */
export function scrollTo(cm: CopyMode, x: number, y: number): void {
  const rows = cm.rows;
  const hsize = cm.position.history;
  if (y < cm.top || y >= cm.top + rows) {
    const gap = Math.floor(rows / 4);
    if (y < rows) cm.top = 0;
    else if (y > hsize + rows - gap) cm.top = hsize;
    else cm.top = y + gap - rows;
  }
  cm.moveTo(x, y);
}

/** previous-paragraph: back over blank lines, then to the blank line before the paragraph (or the top). */
export function previousParagraph(cm: CopyMode): void {
  let y = cm.cursor.y;
  while (y > 0 && cm.length(y) === 0) y--;
  while (y > 0 && cm.length(y) > 0) y--;
  scrollTo(cm, 0, y);
}

/** next-paragraph: on over blank lines, then to the end of the blank line after the paragraph (or the last line). */
export function nextParagraph(cm: CopyMode): void {
  let y = cm.cursor.y;
  const last = cm.lastLine;
  while (y < last && cm.length(y) === 0) y++;
  while (y < last && cm.length(y) > 0) y++;
  scrollTo(cm, cm.length(y), y);
}

/** set-mark: the cursor's place, to come back to with jump-to-mark. */
export function setMark(cm: CopyMode): void {
  cm.mark = { ...cm.cursor };
  cm.markShown = true;
}

/** jump-to-mark: the cursor and the mark change places; the view goes to the mark's line. */
export function jumpToMark(cm: CopyMode): void {
  const to = cm.mark;
  cm.mark = { ...cm.cursor };
  cm.markShown = true;
  cm.top = Math.min(to.y, cm.position.history);
  cm.moveTo(to.x, to.y);
}

/** A single-cell character at (x, y), or "" on a wide character or its right half. */
function bracketAt(cm: CopyMode, x: number, y: number): string {
  const ch = cm.charAt(x, y);
  return ch.length === 1 && !cm.isSpacer(x, y) ? ch : "";
}

/** Walk back from (x, y) to the bracket `open` that balances `close`; null if the history's top comes first. */
function walkBack(cm: CopyMode, x: number, y: number, close: string, open: string): { x: number; y: number } | null {
  let n = 1;
  while (n !== 0) {
    if (x === 0) {
      if (y === 0) return null;
      let len = 0;
      do {
        y--;
        len = cm.length(y);
      } while (len === 0 && y > 0);
      if (len === 0 && y === 0) return null;
      x = len - 1;
    } else x--;
    const c = bracketAt(cm, x, y);
    if (c === close) n++;
    else if (c === open) n--;
  }
  return { x, y };
}

/** Walk on from (x, y) to the bracket `close` that balances `open`; null if the last line ends first. */
function walkOn(cm: CopyMode, x: number, y: number, open: string, close: string): { x: number; y: number } | null {
  let n = 1;
  let len = cm.length(y);
  while (n !== 0) {
    if (x > len) {
      if (y === cm.lastLine) return null;
      x = 0;
      y++;
      len = cm.length(y);
    } else x++;
    const c = bracketAt(cm, x, y);
    if (c === open) n++;
    else if (c === close) n--;
  }
  return { x, y };
}

/**
 * previous-matching-bracket: from a closing bracket under the cursor to its opening one. Not on
 * one, emacs tries the cell before and then moves as previous-word with the closers as the
 * separators; vi stays.
 */
export function previousMatchingBracket(cm: CopyMode): void {
  const y = cm.cursor.y;
  if (cm.length(y) === 0) return;
  let x = cm.cursor.x;
  let i = CLOSE.indexOf(bracketAt(cm, x, y));
  if (i < 0 && !cm.vi && x > 0) i = CLOSE.indexOf(bracketAt(cm, --x, y));
  if (i < 0 || bracketAt(cm, x, y) === "") {
    if (!cm.vi) cm.previousWord(CLOSE);
    return;
  }
  const to = walkBack(cm, x, y, CLOSE[i]!, OPEN[i]!);
  if (to) scrollTo(cm, to.x, to.y);
}

/**
 * next-matching-bracket: from an opening bracket under the cursor to its closing one. Not on
 * one, emacs tries the next cell and then moves as next-word-end with the openers as the
 * separators; vi looks along the line (and its wrapped rest) for a bracket, and one that
 * closes goes back to its opener.
 */
export function nextMatchingBracket(cm: CopyMode): void {
  let { x, y } = cm.cursor;
  let len = cm.length(y);
  if (len === 0) return;
  let tried = false;
  for (;;) {
    const c = bracketAt(cm, x, y);
    const closeAt = c ? CLOSE.indexOf(c) : -1;
    if (closeAt >= 0 && cm.vi) {
      const from = { ...cm.cursor };
      scrollTo(cm, x, y);
      previousMatchingBracket(cm);
      if (CLOSE.includes(bracketAt(cm, cm.cursor.x, cm.cursor.y) || "\0")) scrollTo(cm, from.x, from.y);
      return;
    }
    const i = c ? OPEN.indexOf(c) : -1;
    if (i >= 0) {
      const to = walkOn(cm, x, y, OPEN[i]!, CLOSE[i]!);
      if (to) scrollTo(cm, to.x, to.y);
      return;
    }
    if (!cm.vi) {
      if (!tried && x <= len) {
        x++;
        tried = true;
        continue;
      }
      cm.nextWordEnd(OPEN);
      return;
    }
    if (x > len) {
      // vi: on to the line's wrapped continuation, else give up.
      if (y === cm.lastLine || !cm.isWrapped(y + 1)) return;
      x = 0;
      y++;
      len = cm.length(y);
    } else x++;
  }
}
