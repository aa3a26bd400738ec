// Copy mode's format variables (tmux 3.3a's window_copy_formats): the cursor, the selection,
// the search and the word and line under the cursor, read from what copy mode shows.
import type { CopyMode } from "./copy-mode.ts";

export type CopyModeVar = () => string | number | undefined;

/** Separators and blanks end a copy_cursor_word. */
function endsWord(ch: string, separators: string): boolean {
  return ch === " " || ch === "" || separators.includes(ch);
}

/**
 * One row of copy mode's screen as tmux draws it: the line's cells, and on the first row the
 * position indicator over its right end (unless hidden). tmux's copy_cursor_word and
 * copy_cursor_line read this screen, which has no history and no wrapped lines.
 */
function screenRow(cm: CopyMode, row: number): string[] {
  const y = cm.top + row;
  const cells: string[] = [];
  for (let x = 0; x < cm.cols; x++) cells.push(cm.isSpacer(x, y) ? "" : cm.charAt(x, y));
  if (row === 0 && !cm.hidePosition) {
    const hdr = [...cm.indicatorText()].slice(0, cm.cols);
    cells.splice(cm.cols - hdr.length, hdr.length, ...hdr);
  }
  return cells;
}

/** Cells up to the last one that is not blank. */
function rowLength(cells: string[]): number {
  let n = cells.length;
  while (n > 0 && (cells[n - 1] === " " || cells[n - 1] === "")) n--;
  return n;
}

/** tmux's format_grid_word on one row: the word at x, or after the separator at x. */
export function wordAt(cells: string[], x: number, separators: string): string {
  let found = false;
  for (;;) {
    const ch = cells[x] ?? " ";
    if (ch === "") break; // the right half of a wide character
    if (endsWord(ch, separators)) {
      found = true;
      break;
    }
    if (x === 0) break;
    x--;
  }
  let out = "";
  const end = rowLength(cells);
  for (;;) {
    if (found) {
      if (end === 0 || x === end - 1) break;
      x++;
    }
    found = true;
    const ch = cells[x] ?? " ";
    if (ch === "" || endsWord(ch, separators)) break;
    out += ch;
  }
  return out;
}

/** The copy-mode variables of a pane in copy mode; `separators` is the global word-separators. */
export function copyModeFormats(cm: CopyMode, separators: string): Record<string, CopyModeVar> {
  const row = () => cm.cursor.y - cm.top;
  const ends = () => cm.selectionEnds();
  const vars: Record<string, CopyModeVar> = {
    scroll_position: () => cm.position.offset,
    rectangle_toggle: () => (cm.rectangle ? 1 : 0),
    copy_cursor_x: () => cm.cursor.x,
    copy_cursor_y: row,
    selection_present: () => (cm.anchor ? 1 : 0),
    selection_active: () => (cm.anchor && !cm.held ? 1 : 0),
    search_present: () => (cm.searchMarked ? 1 : 0),
    search_match: () => cm.matchAtCursor() ?? undefined,
    copy_cursor_word: () => wordAt(screenRow(cm, row()), cm.cursor.x, separators) || undefined,
    copy_cursor_line: () => {
      const cells = screenRow(cm, row());
      return cells.slice(0, rowLength(cells)).join("") || undefined;
    },
  };
  if (cm.anchor) {
    vars.selection_start_x = () => ends()?.start.x;
    vars.selection_start_y = () => ends()?.start.y;
    vars.selection_end_x = () => ends()?.end.x;
    vars.selection_end_y = () => ends()?.end.y;
  }
  return vars;
}
