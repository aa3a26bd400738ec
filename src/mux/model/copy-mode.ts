// Copy mode on one pane: a view frozen on an absolute line of the pane's buffer, a cursor, a
// selection and a search, over the live buffer (the program keeps running under it): the
// pane's history store and its terminal, or a terminal alone. Lines are absolute buffer
// indices; when history is trimmed at the limit, every position shifts with it (the store's
// trimmed count, or a marker on a terminal alone), so new output never moves what the user is reading.
// One file, longer than most: every copy-mode command moves the same cursor, view and
// selection, and they keep each other's invariants (clamp, the marker), so they stay together.
import type { IBuffer, IMarker, IDisposable, Terminal } from "@xterm/headless";
import { classOf, lineCells, lineLength, WORD_SEPARATORS, type LineCells } from "./copy-text.ts";
import type { HistoryStore } from "./history/store.ts";
import { historyBuffer } from "./history/xterm.ts";
import { unwrapPlace, wrapPlace } from "./history/wrap-place.ts";

/** A run of cells drawn in other colours (the renderer's Highlight, which the model may not import). */
export interface Highlight {
  x: number;
  y: number;
  width: number;
  fg?: number | string;
  bg?: number | string;
  reverse?: boolean;
  /** What it marks, for the client to draw in mode-style, copy-mode-match-style or copy-mode-current-match-style. */
  kind?: "selection" | "match" | "current-match";
}

/** Where copied text goes besides a new paste buffer (copy mode's commands' arguments). */
export interface CopyOptions {
  /** copy-pipe's command ("": copy-command). */
  pipe?: string;
  /** The new buffer's name prefix (tmux's paste_add prefix), "buffer" when absent. */
  prefix?: string;
  /** pipe: only to the command, no buffer. */
  noBuffer?: boolean;
  /** append-selection: onto the newest buffer instead of a new one. */
  append?: boolean;
}

export interface CopyModeHost {
  /** The selection was copied: put it in a paste buffer (and the clipboard) and pipe it as `opts` say. */
  copy(text: string, opts?: CopyOptions): void;
  /** Something visible changed (the history under the view moved). */
  changed(): void;
  /** Commands or the mouse moved the view, the cursor or the selection (apply). */
  moved?(): void;
  /** Copy mode ended (cancel, copy-and-cancel, scrolled to the bottom with -e). */
  exit(): void;
}

export interface Point {
  x: number;
  y: number;
}

/** tmux's mode-style (selection, indicator), copy-mode-match-style, copy-mode-current-match-style. */
const SELECTION = { fg: "black", bg: "yellow", kind: "selection" } as const;
const MATCH = { fg: "black", bg: "cyan", kind: "match" } as const;
const CURRENT_MATCH = { fg: "black", bg: "magenta", kind: "current-match" } as const;

/** How many lines counting a search's matches reads at most (see countMatches). */
const COUNT_LINE_BUDGET = 50_000;

/** vi's f, F, t and T: to the next or previous `char` on the line, or to the cell before (after) it. */
export type JumpKind = "forward" | "backward" | "to-forward" | "to-backward";

const REVERSE: Record<JumpKind, JumpKind> = {
  forward: "backward",
  backward: "forward",
  "to-forward": "to-backward",
  "to-backward": "to-forward",
};

/** A copy-mode search as a regular expression, global, any case for lower-case text; null if it does not compile. */
const searchCache = new Map<string, RegExp | null>();
function compileSearch(text: string, anyCase: boolean): RegExp | null {
  const key = `${anyCase ? "i" : ""}\0${text}`;
  let re = searchCache.get(key);
  if (re === undefined) {
    try {
      re = new RegExp(text, anyCase ? "gi" : "g");
    } catch {
      re = null;
    }
    if (searchCache.size > 64) searchCache.clear();
    searchCache.set(key, re);
  }
  return re;
}

export class CopyMode {
  /** The absolute line shown in the pane's first row. */
  top: number;
  cursor: Point;
  /** Where the selection started; null when nothing is selected. */
  anchor: Point | null = null;
  /**
   * The selection's moving end once stop-selection froze it (tmux's cursordrag none): the
   * cursor moves on without it. Null while the selection follows the cursor.
   */
  held: Point | null = null;
  /** After other-end the cursor drags the selection's start, not its end (tmux's CURSORDRAG_SEL). */
  cursorIsStart = false;
  /** The mark (set-mark, jump-to-mark): where copy mode was entered until set. */
  mark: Point;
  /** set-mark or jump-to-mark was used: the mark's line is drawn (tmux's showmark). */
  markShown = false;
  /** toggle-position: the [offset/history] indicator is hidden (copy-mode -H). */
  hidePosition = false;
  /** A search's matches are marked (search_present); commands other than searches clear them. */
  searchMarked = false;
  /** How many matches the last search found in the whole buffer (the indicator's "(N results)"). */
  private searchCount: { count: number; more: boolean } | null = null;
  rectangle = false;
  lineSelect = false;
  searchText = "";
  /** The session's word-separators, for word moves and double-click selection. */
  wordSeparators = WORD_SEPARATORS;
  /** wrap-search: a search goes round the ends of the history. */
  wrapSearch = true;
  searchForward = true;
  /** How many times the next command runs (send-keys -N with no key: a typed repeat count; tmux's wme->prefix). */
  prefix = 1;
  /**
   * Where an incremental search started (tmux's searchx, searchy, searcho): a changed text
   * searches again from there. Any command but a search forgets it.
   */
  searchOrigin: { cursor: Point; top: number } | null = null;
  /** The last search was a regular expression (search-forward, search-backward: /, ?), not text (the -text and incremental ones). */
  searchRegex = false;
  /** The last jump (f, F, t, T) for jump-again and jump-reverse. */
  private lastJump: { kind: JumpKind; char: string } | null = null;
  /** The match the last search landed on (absolute), for its own highlight. */
  private match: { x: number; y: number; width: number } | null = null;
  /** Leave copy mode when scrolled back to the bottom (copy-mode -e: the mouse wheel). */
  exitAtBottom = false;
  /** The column up/down try to keep. */
  private wantX = 0;
  private ref: IMarker | undefined;
  private refLine = 0;
  /** The history store's trimmed count last seen (followHistory). */
  private trimmedSeen = 0;
  /** The store's rows then the terminal's (live), when there is a store. */
  private readonly whole: IBuffer | null;
  private readonly subs: IDisposable[] = [];
  private done = false;

  constructor(
    readonly terminal: Terminal,
    private readonly host: CopyModeHost,
    /** vi keys: the selection includes the cursor cell and `$` stops on the last character. */
    public vi: boolean,
    /** The pane's history store, whose rows come before the terminal's; null: the terminal's scrollback is all there is. */
    private readonly history: HistoryStore | null = null,
  ) {
    this.whole = history ? historyBuffer(history, terminal) : null;
    const b = this.buf;
    this.top = b.baseY;
    this.cursor = { x: Math.min(b.cursorX, terminal.cols - 1), y: b.baseY + b.cursorY };
    this.wantX = this.cursor.x;
    this.mark = { ...this.cursor };
    if (history) this.trimmedSeen = history.trimmed;
    else {
      this.placeRef();
      this.subs.push(terminal.onScroll(() => this.followTrim()));
    }
    this.subs.push(terminal.buffer.onBufferChange(() => this.clamp()));
    this.subs.push(terminal.onResize(() => this.clamp()));
  }

  private get buf(): IBuffer {
    return this.whole ?? this.terminal.buffer.active;
  }

  get rows(): number {
    return this.terminal.rows;
  }

  get cols(): number {
    return this.terminal.cols;
  }

  /** The last line in the buffer. */
  get lastLine(): number {
    return this.buf.baseY + this.rows - 1;
  }

  /** Lines scrolled up from the live screen, and the history size: tmux's [oy/hsize]. */
  get position(): { offset: number; history: number } {
    return { offset: Math.max(0, this.buf.baseY - this.top), history: this.buf.baseY };
  }

  /** Copy mode was left (cancel): commands after that do nothing. */
  get finished(): boolean {
    return this.done;
  }

  dispose(): void {
    for (const s of this.subs) s.dispose();
    this.subs.length = 0;
    this.ref?.dispose();
  }

  /**
   * Run copy-mode commands (send-keys -X, the mouse) and announce the change once, unless they
   * left the mode (leaving announces itself).
   */
  apply(change: () => void): void {
    change();
    if (!this.done) this.host.moved?.();
  }

  /** Leave copy mode (once). */
  cancel(): void {
    if (this.done) return;
    this.done = true;
    this.dispose();
    this.host.exit();
  }

  // ---- tracking trimmed history -------------------------------------------------------

  private placeRef(): void {
    this.ref?.dispose();
    this.ref = this.terminal.registerMarker(0);
    this.refLine = this.ref?.line ?? 0;
  }

  /**
   * After output or a resize: if the history store dropped rows off its top, shift every
   * position up by as many (moving rows from the terminal into the store moves none).
   */
  followHistory(): void {
    if (!this.history) return;
    const delta = this.history.trimmed - this.trimmedSeen;
    this.trimmedSeen = this.history.trimmed;
    if (delta > 0) this.shift(delta);
    this.clamp();
  }

  /**
   * The pane is about to be resized; call what this returns once it is. As tmux's
   * window_copy_resize: the cursor stays on its character through the reflow, the view puts it
   * on its top row (or shows the screen when the cursor is on it), the selection goes.
   */
  resizing(): () => void {
    const b = this.buf;
    if (b.type !== "normal") return () => this.followHistory();
    const place = wrapPlace(b, this.cols, this.cursor.x, this.cursor.y);
    return () => {
      const c = unwrapPlace(this.buf, this.cols, place);
      const history = this.buf.baseY;
      this.cursor = { x: Math.min(c.x, this.cols - 1), y: c.y };
      this.wantX = this.cursor.x;
      this.top = c.y < history ? c.y : history;
      this.clearSelection();
      this.match = null;
      if (this.history) this.trimmedSeen = this.history.trimmed;
      this.clamp();
      this.host.changed();
    };
  }

  /** Without a store, called on every scroll: if xterm trimmed lines off the top, shift every position up. */
  private followTrim(): void {
    const ref = this.ref;
    if (!ref || ref.isDisposed) {
      this.placeRef();
      this.clamp();
      return;
    }
    const delta = this.refLine - ref.line;
    if (delta > 0) this.shift(delta);
    this.refLine = ref.line;
    // Move the reference down long before the trim would reach (and dispose) it.
    if (ref.line < this.rows) this.placeRef();
  }

  private shift(delta: number): void {
    this.top = Math.max(0, this.top - delta);
    this.cursor.y = Math.max(0, this.cursor.y - delta);
    if (this.anchor) this.anchor.y = Math.max(0, this.anchor.y - delta);
    if (this.held) this.held.y = Math.max(0, this.held.y - delta);
    this.mark.y = Math.max(0, this.mark.y - delta);
    if (this.match) this.match.y -= delta;
    this.host.changed();
  }

  /** Keep the view inside the buffer and the cursor inside the view. */
  clamp(): void {
    const maxTop = this.buf.baseY;
    this.top = Math.max(0, Math.min(this.top, maxTop));
    this.cursor.y = Math.max(this.top, Math.min(this.cursor.y, this.top + this.rows - 1));
    this.cursor.x = Math.max(0, Math.min(this.cursor.x, this.cols - 1));
    if (this.anchor) {
      this.anchor.y = Math.max(0, Math.min(this.anchor.y, this.lastLine));
      this.anchor.x = Math.max(0, Math.min(this.anchor.x, this.cols - 1));
    }
  }

  // ---- reading the buffer --------------------------------------------------------------

  cells(y: number): LineCells {
    return lineCells(this.buf, y, this.cols);
  }

  length(y: number): number {
    return lineLength(this.buf, y, this.cols);
  }

  /** Line y continues line y - 1 (it wrapped at the edge). */
  isWrapped(y: number): boolean {
    return this.buf.getLine(y)?.isWrapped ?? false;
  }

  /** The right half of a wide character. */
  isSpacer(x: number, y: number): boolean {
    return x > 0 && (this.buf.getLine(y)?.getCell(x)?.getWidth() ?? 1) === 0;
  }

  /** The character at (x, y), a blank past the line's end. */
  charAt(x: number, y: number): string {
    if (x >= this.length(y)) return " ";
    return this.buf.getLine(y)?.getCell(x)?.getChars() || " ";
  }

  // ---- the view ------------------------------------------------------------------------

  /** What the renderer needs: the frozen offset, our cursor, highlights and the indicator. */
  view(): { scrollOffset: number; buffer: IBuffer; cursor: Point; highlights: Highlight[]; indicator: string } {
    this.clamp();
    const { offset, history } = this.position;
    const highlights: Highlight[] = [];
    this.searchHighlights(highlights);
    this.selectionHighlights(highlights);
    return {
      scrollOffset: offset,
      buffer: this.buf,
      cursor: { x: this.cursor.x, y: this.cursor.y - this.top },
      highlights,
      indicator: this.hidePosition ? "" : this.indicatorText(),
    };
  }

  /** The position indicator: [offset/history], after a search's match count while its matches are marked. */
  indicatorText(): string {
    const { offset, history } = this.position;
    const where = `[${offset}/${history}]`;
    if (!this.searchMarked || this.searchCount === null) return where;
    return `(${this.searchCount.count}${this.searchCount.more ? "+" : ""} results) ${where}`;
  }

  /**
   * Count the search's matches in the whole buffer, as tmux's window_copy_search_marks. tmux
   * stops after 200 ms and then says only "10+", "100+" or "1000+"; weft stops after reading
   * COUNT_LINE_BUDGET lines that may match (the store skips the others by their text), which is
   * the same answer for any history tmux counts in time and does not depend on the machine.
   */
  private countMatches(): void {
    const matches = this.rowMatcher(this.searchText, this.searchRegex);
    let count = 0;
    let read = 0;
    for (let y = 0; y <= this.lastLine; y++) {
      if (matches && this.history && y < this.history.rows) {
        const next = this.history.findRow(matches, y, true);
        if (next < 0) {
          y = this.history.rows - 1;
          continue;
        }
        y = next;
      }
      count += this.findInLine(y, this.searchText, this.searchRegex).length;
      if (++read > COUNT_LINE_BUDGET) {
        const floor = [1000, 100, 10].find((n) => count > n);
        this.searchCount = floor === undefined ? null : { count: floor, more: true };
        return;
      }
    }
    this.searchCount = { count, more: false };
  }

  private searchHighlights(out: Highlight[]): void {
    if (!this.searchText || !this.searchMarked) return;
    for (let row = 0; row < this.rows; row++) {
      const y = this.top + row;
      for (const m of this.findInLine(y, this.searchText, this.searchRegex)) {
        const current = this.match && this.match.y === y && this.match.x === m.x;
        out.push({ x: m.x, y: row, width: m.width, ...(current ? CURRENT_MATCH : MATCH) });
      }
    }
  }

  private selectionHighlights(out: Highlight[]): void {
    for (let row = 0; row < this.rows; row++) {
      const r = this.selectedRange(this.top + row);
      if (r && r.to > r.from) out.push({ x: r.from, y: row, width: r.to - r.from, ...SELECTION });
    }
  }

  // ---- selection -----------------------------------------------------------------------

  /** The selection's first and last points in reading order. */
  private ends(): [Point, Point] | null {
    const a = this.anchor;
    if (!a) return null;
    const c = this.movingEnd;
    return a.y < c.y || (a.y === c.y && a.x <= c.x) ? [a, c] : [c, a];
  }

  /** Cells [from, to) of line y inside the selection (middle lines run to the edge). */
  selectedRange(y: number): { from: number; to: number } | null {
    const e = this.ends();
    if (!e) return null;
    const [s, t] = e;
    if (y < s.y || y > t.y) return null;
    const incl = this.vi ? 1 : 0;
    if (this.lineSelect) return { from: 0, to: this.cols };
    if (this.rectangle) {
      const l = Math.min(this.anchor!.x, this.movingEnd.x);
      const r = Math.max(this.anchor!.x, this.movingEnd.x) + incl;
      return { from: l, to: Math.min(this.cols, r) };
    }
    const from = y === s.y ? s.x : 0;
    const to = y === t.y ? Math.min(this.cols, t.x + incl) : this.cols;
    return { from, to };
  }

  /** The selection's end that follows the cursor, or where it stopped. */
  get movingEnd(): Point {
    return this.held ?? this.cursor;
  }

  /** tmux's selection start and end (selx/sely, endselx/endsely): which end the cursor drags decides. */
  selectionEnds(): { start: Point; end: Point } | null {
    if (!this.anchor) return null;
    const [a, m] = [this.anchor, this.movingEnd];
    return this.cursorIsStart ? { start: m, end: a } : { start: a, end: m };
  }

  beginSelection(): void {
    this.anchor = { ...this.cursor };
    this.held = null;
    this.cursorIsStart = false;
    this.lineSelect = false;
  }

  /** stop-selection: the selection stays where it is and the cursor moves on alone. */
  stopSelection(): void {
    if (this.anchor && this.held === null) {
      if (this.lineSelect) this.freezeLines();
      this.held = { ...this.cursor };
    }
    this.lineSelect = false;
  }

  /** A line selection becomes the characters it covers, from the first line's start to the last's end. */
  private freezeLines(): void {
    const e = this.ends();
    if (!e) return;
    e[0].x = 0;
    e[1].x = this.length(e[1].y);
  }

  /**
   * other-end: the cursor goes to the selection's other end, which it then drags; from a
   * stopped selection it goes to the end, which follows it again.
   */
  otherEnd(): void {
    const ends = this.selectionEnds();
    if (!ends) return;
    if (this.held) {
      this.anchor = { ...ends.start };
      this.held = null;
      this.cursorIsStart = false;
      this.moveTo(ends.end.x, ends.end.y);
      return;
    }
    const a = this.anchor!;
    this.anchor = { ...this.cursor };
    this.cursorIsStart = !this.cursorIsStart;
    this.moveTo(a.x, a.y);
  }

  /** select-line: from the line's start, the cursor at the end of the `count`-th line. */
  selectLine(count = 1): void {
    this.beginSelection();
    this.lineSelect = true;
    this.anchor!.x = 0;
    for (let i = 1; i < count; i++) this.down();
    this.endOfLine();
  }

  clearSelection(): void {
    this.anchor = null;
    this.held = null;
    this.cursorIsStart = false;
    this.lineSelect = false;
  }

  /**
   * refresh-from-pane: tmux copies the pane's screen again; weft's copy mode reads the live
   * buffer already, so what is left is what tmux does after it: the selection goes.
   */
  refreshFromPane(): void {
    this.clearSelection();
    this.clamp();
  }

  toggleRectangle(): void {
    this.rectangle = !this.rectangle;
  }

  /**
   * The selected text as tmux copies it: a wrapped line joins the next with no newline, blank
   * cells past a line's end are dropped (spaces inside it kept), a wide character is whole.
   */
  selectionText(): string {
    const e = this.ends();
    if (!e) return "";
    let out = "";
    for (let y = e[0].y; y <= e[1].y; y++) {
      const r = this.selectedRange(y);
      if (!r) continue;
      const joinNext = !this.rectangle && y < e[1].y && this.isWrapped(y + 1);
      let from = r.from;
      if (this.isSpacer(from, y)) from--; // start on a wide char's right half: take the whole char
      const end = joinNext ? r.to : Math.min(r.to, this.length(y));
      out += end > from ? this.cells(y).slice(from, end) : "";
      if (y < e[1].y && !joinNext) out += "\n";
    }
    // vi: a selection that takes in the end of its last line keeps that line's newline (tmux).
    if (this.vi && !this.rectangle && e[1].x >= this.length(e[1].y) && !this.isWrapped(e[1].y + 1)) out += "\n";
    return out;
  }

  /** Copy the selection into a paste buffer; with `cancel`, leave copy mode. */
  copySelection(cancel: boolean, pipe?: string): void {
    this.copyOut(pipe === undefined ? {} : { pipe });
    if (cancel) this.cancel();
    else this.clearSelection();
  }

  /**
   * Send the selection where `opts` say, leaving the selection as it is. With nothing selected
   * it is the search match under the cursor, as tmux's window_copy_get_selection.
   */
  copyOut(opts: CopyOptions = {}): void {
    const text = this.anchor ? this.selectionText() : this.matchAtCursor();
    if (text === null || (text === "" && !this.anchor)) return;
    this.host.copy(text, opts);
  }

  /** The search match under the cursor or just before it (tmux's window_copy_match_at_cursor); null if none. */
  matchAtCursor(): string | null {
    if (!this.searchMarked || !this.searchText) return null;
    const { x, y } = this.cursor;
    const m = this.findInLine(y, this.searchText, this.searchRegex).find((m) => x >= m.x && x <= m.x + m.width);
    return m ? this.cells(y).slice(m.x, m.x + m.width) : null;
  }

  // ---- movement ------------------------------------------------------------------------

  /** Put the cursor at (x, y), scrolling the view just enough to show it. */
  moveTo(x: number, y: number, keepWant = false): void {
    y = Math.max(0, Math.min(y, this.lastLine));
    x = Math.max(0, Math.min(x, this.cols - 1));
    while (this.isSpacer(x, y)) x--;
    this.cursor = { x, y };
    if (!keepWant) this.wantX = x;
    if (y < this.top) this.top = y;
    else if (y >= this.top + this.rows) this.top = y - this.rows + 1;
    this.afterScroll();
  }

  /**
   * Jump along the cursor's line to a character, as tmux's jump-forward (f), jump-backward (F),
   * jump-to-forward (t) and jump-to-backward (T). As in tmux, t and T look from one cell past
   * the neighbour, so repeating them moves on to the next occurrence. Not found: no move.
   */
  jump(kind: JumpKind, char: string): void {
    if (!char) return;
    this.lastJump = { kind, char };
    const y = this.cursor.y;
    const x0 = this.cursor.x;
    const len = this.length(y);
    switch (kind) {
      case "forward":
        for (let x = x0 + 1; x < len; x++) if (this.charAt(x, y) === char) return this.moveTo(x, y);
        return;
      case "to-forward":
        for (let x = x0 + 2; x < len; x++) if (this.charAt(x, y) === char) return this.moveTo(x - 1, y);
        return;
      case "backward":
        for (let x = Math.min(x0, len) - 1; x >= 0; x--) if (this.charAt(x, y) === char) return this.moveTo(x, y);
        return;
      case "to-backward":
        for (let x = Math.min(x0, len) - 2; x >= 0; x--) if (this.charAt(x, y) === char) return this.moveTo(x + 1, y);
        return;
    }
  }

  /** Repeat the last jump (jump-again, `;`) or repeat it the other way (jump-reverse, `,`). */
  jumpAgain(reverse: boolean): void {
    const j = this.lastJump;
    if (!j) return;
    this.jump(reverse ? REVERSE[j.kind] : j.kind, j.char);
    this.lastJump = j; // `,` keeps the original direction for the next `;`
  }

  /** The last column the cursor may reach on a line: after the text (emacs) or on it (vi). */
  private endX(y: number): number {
    const len = this.length(y);
    return this.vi ? Math.max(0, len - 1) : Math.min(len, this.cols - 1);
  }

  left(): void {
    if (this.cursor.x > 0) this.moveTo(this.cursor.x - 1, this.cursor.y);
  }

  right(): void {
    let x = this.cursor.x + 1;
    while (x < this.cols && this.isSpacer(x, this.cursor.y)) x++;
    if (x <= this.endX(this.cursor.y) || (x < this.cols && this.isWrapped(this.cursor.y + 1))) this.moveTo(x, this.cursor.y);
    else if (this.cursor.y < this.lastLine && (this.isWrapped(this.cursor.y + 1) || !this.vi)) this.moveTo(0, this.cursor.y + 1);
  }

  up(n = 1): void {
    const y = Math.max(0, this.cursor.y - n);
    this.moveTo(Math.min(this.wantX, this.endX(y)), y, true);
  }

  down(n = 1): void {
    const y = Math.min(this.lastLine, this.cursor.y + n);
    this.moveTo(Math.min(this.wantX, this.endX(y)), y, true);
  }

  startOfLine(): void {
    this.moveTo(0, this.cursor.y);
  }

  /** To the end of the line (its wrapped rest too): after its last character, in vi as in emacs (tmux). */
  endOfLine(): void {
    let y = this.cursor.y;
    while (y < this.lastLine && this.isWrapped(y + 1)) y++;
    this.moveTo(Math.min(this.length(y), this.cols - 1), y);
    this.wantX = Infinity;
  }

  backToIndentation(): void {
    const y = this.cursor.y;
    const len = this.length(y);
    let x = 0;
    while (x < len && this.charAt(x, y) === " ") x++;
    this.moveTo(Math.min(x, this.endX(y)), y);
  }

  historyTop(): void {
    this.top = 0;
    this.moveTo(0, 0);
  }

  historyBottom(): void {
    this.top = this.buf.baseY;
    const y = this.lastLine;
    this.moveTo(this.endX(y), y);
  }

  topLine(): void {
    this.moveTo(0, this.top);
  }

  middleLine(): void {
    this.moveTo(0, this.top + Math.floor((this.rows - 1) / 2));
  }

  bottomLine(): void {
    this.moveTo(0, this.top + this.rows - 1);
  }

  /** Scroll the view by n lines (negative = up into history); the cursor keeps its row on screen. */
  scroll(n: number): void {
    const row = this.cursor.y - this.top;
    this.top = Math.max(0, Math.min(this.top + n, this.buf.baseY));
    this.cursor.y = this.top + row;
    this.cursor.x = Math.min(this.cursor.x, this.cols - 1);
    this.afterScroll();
  }

  /** Scroll one line, moving the cursor only when it would leave the view (C-y / C-e). */
  scrollLine(n: number): void {
    this.top = Math.max(0, Math.min(this.top + n, this.buf.baseY));
    this.clamp();
    this.afterScroll();
  }

  pageUp(): void {
    this.scroll(-Math.max(1, this.rows - 2));
  }

  pageDown(): void {
    this.scroll(Math.max(1, this.rows - 2));
  }

  halfPageUp(): void {
    this.scroll(-Math.max(1, Math.floor(this.rows / 2)));
  }

  halfPageDown(): void {
    this.scroll(Math.max(1, Math.floor(this.rows / 2)));
  }

  /** goto-line N: the view N lines above the bottom, as tmux's indicator counts them. */
  gotoLine(n: number): void {
    const row = this.cursor.y - this.top;
    this.top = Math.max(0, this.buf.baseY - n);
    this.cursor.y = this.top + row;
    this.afterScroll();
  }

  private afterScroll(): void {
    if (this.exitAtBottom && this.top >= this.buf.baseY && !this.anchor) this.cancel();
  }

  // ---- words ---------------------------------------------------------------------------

  /** The next cell in reading order; the end of an unwrapped line counts as one blank. */
  private next(p: Point): Point | null {
    const len = this.length(p.y);
    if (p.x < len) {
      let x = p.x + 1;
      while (x < len && this.isSpacer(x, p.y)) x++;
      if (x < this.cols) return { x, y: p.y };
    }
    return p.y < this.lastLine ? { x: 0, y: p.y + 1 } : null;
  }

  private prev(p: Point): Point | null {
    if (p.x > 0) {
      let x = Math.min(p.x - 1, this.length(p.y));
      while (x > 0 && this.isSpacer(x, p.y)) x--;
      return { x, y: p.y };
    }
    if (p.y === 0) return null;
    const y = p.y - 1;
    // From the start of a wrapped continuation, the previous cell is the last of the line above.
    return { x: this.isWrapped(p.y) ? Math.max(0, this.length(y) - 1) : this.length(y), y };
  }

  private cls(p: Point, separators = this.wordSeparators): number {
    return classOf(this.charAt(p.x, p.y), separators);
  }

  /** next-word, or with `separators` "" next-space (words are what blanks separate). */
  nextWord(separators = this.wordSeparators): void {
    let p: Point | null = { ...this.cursor };
    const c = this.cls(p, separators);
    while (p && c !== 0 && this.cls(p, separators) === c) p = this.next(p);
    while (p && this.cls(p, separators) === 0) p = this.next(p);
    if (p) this.moveTo(p.x, p.y);
  }

  /** next-word-end, or next-space-end with `separators` "". */
  nextWordEnd(separators = this.wordSeparators): void {
    let p: Point | null = this.next(this.cursor);
    while (p && this.cls(p, separators) === 0) p = this.next(p);
    if (!p) return;
    const c = this.cls(p, separators);
    for (;;) {
      const n = this.next(p);
      if (!n || this.cls(n, separators) !== c) break;
      p = n;
    }
    // emacs leaves the cursor after the word, vi on its last character.
    if (!this.vi) p = this.next(p) ?? p;
    this.moveTo(p.x, p.y);
  }

  /** previous-word, or previous-space with `separators` "". */
  previousWord(separators = this.wordSeparators): void {
    let p: Point | null = this.prev(this.cursor);
    while (p && this.cls(p, separators) === 0) p = this.prev(p);
    if (!p) return;
    const c = this.cls(p, separators);
    for (;;) {
      const q = this.prev(p);
      if (!q || this.cls(q, separators) !== c) break;
      p = q;
    }
    this.moveTo(p.x, p.y);
  }

  /** Select the word under (x, y) (double click). */
  selectWord(): void {
    const c = this.cls(this.cursor);
    let s: Point = { ...this.cursor };
    let e: Point = { ...this.cursor };
    for (;;) {
      const q = this.prev(s);
      if (!q || this.cls(q) !== c || q.y !== s.y && !this.isWrapped(s.y)) break;
      s = q;
    }
    for (;;) {
      const n = this.next(e);
      if (!n || this.cls(n) !== c || n.y !== e.y && !this.isWrapped(n.y)) break;
      e = n;
    }
    this.anchor = s;
    this.held = null;
    this.cursorIsStart = false;
    this.lineSelect = false;
    this.rectangle = false;
    const wasVi = this.vi;
    this.moveTo(e.x, e.y);
    // In emacs the end is exclusive: step past the last character.
    if (!wasVi) this.cursor = this.next(e) ?? { x: e.x + 1, y: e.y };
  }

  // ---- search --------------------------------------------------------------------------

  /**
   * Matches of `text` in line y, in cells; lower-case text matches any case, as tmux. With
   * `regex`, text is a regular expression (one that does not compile is searched as text);
   * empty matches are skipped.
   */
  findInLine(y: number, text: string, regex = false): { x: number; width: number }[] {
    const lc = this.cells(y);
    const out: { x: number; width: number }[] = [];
    if (!text) return out;
    const anyCase = text === text.toLowerCase();
    const push = (i: number, length: number) => {
      const x = lc.xs[i] ?? 0;
      const endX = lc.xs[i + length] ?? lc.endX;
      out.push({ x, width: Math.max(1, endX - x) });
    };
    const re = regex ? compileSearch(text, anyCase) : null;
    if (re) {
      for (const m of lc.text.matchAll(re)) if (m[0].length > 0) push(m.index, m[0].length);
      return out;
    }
    const hay = anyCase ? lc.text.toLowerCase() : lc.text;
    for (let i = hay.indexOf(text); i >= 0; i = hay.indexOf(text, i + text.length)) push(i, text.length);
    return out;
  }

  /** Search from the cursor in a direction, wrapping around the buffer (wrap-search); false if nothing. */
  search(text: string, forward: boolean, regex = false): boolean {
    this.searchText = text;
    this.searchForward = forward;
    this.searchRegex = regex;
    return this.searchAgain(false);
  }

  /**
   * search-forward-incremental / -backward-incremental as tmux 3.3a's: `arg` is the prompt's
   * text after "=" (this search's direction), "-" (up) or "+" (down). A text other than the last
   * starts again from where the search began; none, or no match, clears the highlights.
   */
  incrementalSearch(arg: string, forward: boolean): void {
    const prefix = arg.slice(0, 1);
    const text = arg.slice(1);
    if (!this.searchOrigin) this.searchOrigin = { cursor: { ...this.cursor }, top: this.top };
    else if (this.searchText !== "" && text !== this.searchText) {
      this.cursor = { ...this.searchOrigin.cursor };
      this.top = this.searchOrigin.top;
    }
    if (text === "") {
      this.searchMarked = false;
      this.match = null;
      return;
    }
    const down = prefix === "+" || (prefix === "=" && forward);
    if (prefix !== "=" && prefix !== "+" && prefix !== "-") return;
    if (!this.search(text, down)) this.searchMarked = false;
  }

  /** n (same direction) or N (reverse). */
  searchAgain(reverse: boolean): boolean {
    const found = this.findNext(reverse);
    this.searchMarked = found;
    if (found) this.countMatches();
    return found;
  }

  private findNext(reverse: boolean): boolean {
    const text = this.searchText;
    if (!text) return false;
    const forward = reverse ? !this.searchForward : this.searchForward;
    const total = this.lastLine + 1;
    const { x: cx, y: cy } = this.cursor;
    const matches = this.rowMatcher(text, this.searchRegex);
    for (let i = 0; i <= total; i++) {
      if (!this.wrapSearch && (forward ? cy + i >= total : cy - i < 0)) break;
      let y = forward ? (cy + i) % total : (cy - i + total) % total;
      if (i > 0 && i < total && matches) {
        // Through the store's rows, straight to the next that can match (its text alone is read).
        const next = this.nextCandidate(matches, y, forward, forward ? cy + i < total : cy - i >= 0, cy);
        i += Math.abs(next - y);
        if (i >= total) i = total;
        if (!this.wrapSearch && (forward ? cy + i >= total : cy - i < 0)) break;
        y = forward ? (cy + i) % total : (cy - i + total) % total;
      }
      let ms = this.findInLine(y, text, this.searchRegex);
      if (i === 0) ms = ms.filter((m) => (forward ? m.x > cx : m.x < cx));
      else if (i === total) ms = ms.filter((m) => (forward ? m.x <= cx : m.x >= cx));
      const m = forward ? ms[0] : ms[ms.length - 1];
      if (!m) continue;
      this.match = { x: m.x, y, width: m.width };
      this.showLine(y);
      this.moveTo(m.x, y);
      return true;
    }
    this.match = null;
    return false;
  }

  /**
   * A quick test of a row's text for the search (a superset of findInLine finding something),
   * for the store's findRow; null without a store.
   */
  private rowMatcher(text: string, regex: boolean): ((row: string) => boolean) | null {
    if (!this.history) return null;
    const anyCase = text === text.toLowerCase();
    const re = regex ? compileSearch(text, anyCase) : null;
    if (re) {
      const one = new RegExp(re.source, re.flags.replace("g", ""));
      return (row) => one.test(row);
    }
    return anyCase ? (row) => row.toLowerCase().includes(text) : (row) => row.includes(text);
  }

  /**
   * The first row from y on in the search's direction that may match, while y is in the store;
   * not past the store's last row (forward) or row 0 (backward), nor past the cursor's row `cy`
   * once the search has wrapped around (`beforeWrap` false).
   */
  private nextCandidate(matches: (row: string) => boolean, y: number, forward: boolean, beforeWrap: boolean, cy: number): number {
    const store = this.history;
    if (!store || y >= store.rows) return y;
    const found = store.findRow(matches, y, forward);
    if (forward) {
      const end = beforeWrap ? store.rows : Math.min(store.rows, cy);
      return found < 0 ? end : Math.min(found, end);
    }
    const end = beforeWrap ? 0 : cy;
    return found < 0 ? Math.max(end, 0) : Math.max(found, end);
  }

  /** Scroll so line y is visible, centred when it was not. */
  private showLine(y: number): void {
    if (y >= this.top && y < this.top + this.rows) return;
    this.top = Math.max(0, Math.min(y - Math.floor(this.rows / 2), this.buf.baseY));
  }
}
