// Copy mode's commands (send-keys -X name), acting on a CopyMode, as tmux 3.3a's
// window_copy_cmd_table: each with the arguments it takes, whether it repeats for a count, and
// whether it clears a search's marks. The keys that run them are default-bindings.ts's tables.
import type { CopyMode, CopyOptions } from "../model/copy-mode.ts";
import * as moves from "../model/copy-mode-moves.ts";

/** What a command gets besides the mode: its arguments, the repeat count and format expansion. */
export interface CopyCommandInput {
  /** The arguments after the command's name. */
  args: string[];
  /** The repeat count (send -N, or one typed before it). */
  count: number;
  /** A format expanded for the pane (copy-pipe's command, a prefix, search -F). */
  expand(fmt: string): string;
  /** send-keys -F: the search commands expand their text first. */
  formatArgs: boolean;
}

/** Which commands clear a search's marks: every one, only with emacs keys, or none. */
type Clear = "always" | "emacs" | "never";

interface CopyCommand {
  min: number;
  max: number;
  clear: Clear;
  /** Run `count` times (tmux's commands that loop over the prefix); else once, seeing the count itself. */
  repeat?: boolean;
  run(cm: CopyMode, c: CopyCommandInput): void;
}

const move = (run: (cm: CopyMode, c: CopyCommandInput) => void, max = 0): CopyCommand => ({ min: 0, max, clear: "emacs", repeat: true, run });
const once = (clear: Clear, run: (cm: CopyMode, c: CopyCommandInput) => void, max = 0): CopyCommand => ({ min: 0, max, clear, run });

/** A non-empty argument expanded, or undefined (tmux: an empty command means copy-command). */
function expanded(c: CopyCommandInput, i: number): string | undefined {
  const a = c.args[i];
  return a === undefined || a === "" ? undefined : c.expand(a);
}

/** copy-pipe's arguments: the command (expanded; "" for copy-command) and the buffer prefix. */
function pipeOptions(c: CopyCommandInput): CopyOptions {
  const prefix = c.args[1] === undefined ? undefined : c.expand(c.args[1]);
  return { pipe: expanded(c, 0) ?? "", ...(prefix === undefined ? {} : { prefix }) };
}

function prefixOption(c: CopyCommandInput): CopyOptions {
  return c.args[0] === undefined ? {} : { prefix: c.expand(c.args[0]) };
}

/** Copy with `opts`, then clear the selection or (`cancel`) leave. */
function copyThen(cm: CopyMode, opts: CopyOptions, after: "keep" | "clear" | "cancel"): void {
  cm.copyOut(opts);
  if (after === "keep") return;
  cm.clearSelection();
  if (after === "cancel") cm.cancel();
}

/**
 * copy-line and copy-end-of-line (and their pipe and cancel forms): select from the line's
 * start (or the cursor) to the end of the count-th line, copy, and put the cursor back.
 */
function copyLines(cm: CopyMode, c: CopyCommandInput, fromStart: boolean, pipe: boolean, cancel: boolean): void {
  const opts = pipe ? pipeOptions(c) : prefixOption(c);
  const saved = { top: cm.top, cursor: { ...cm.cursor } };
  if (fromStart) cm.startOfLine();
  cm.beginSelection();
  for (let i = 1; i < c.count; i++) cm.down();
  cm.endOfLine();
  if (!cm.vi) cm.cursor = { x: Math.max(cm.cursor.x, cm.length(cm.cursor.y)), y: cm.cursor.y };
  cm.copyOut(opts);
  if (cancel) return cm.cancel();
  cm.clearSelection();
  cm.moveTo(saved.cursor.x, saved.cursor.y);
  cm.top = saved.top;
}

/** The search text: the argument (expanded with -F), else the last search's. */
function searchText(cm: CopyMode, c: CopyCommandInput): string {
  const a = c.args[0];
  if (a === undefined || a === "") return cm.searchText;
  const t = c.formatArgs ? c.expand(a) : a;
  return t === "" ? cm.searchText : t;
}

/** A search command: the first time with its text, then again for the rest of the count. */
function search(forward: boolean, regex: boolean, min = 0): CopyCommand {
  return {
    min,
    max: 1,
    clear: "always",
    run(cm, c) {
      cm.search(searchText(cm, c), forward, regex);
      for (let i = 1; i < c.count; i++) cm.searchAgain(false);
    },
  };
}

/** An incremental search (tmux's window_copy_cmd_search_*_incremental): its text after =, - or +. */
function incremental(forward: boolean): CopyCommand {
  return { min: 1, max: 1, clear: "always", run: (cm, c) => cm.incrementalSearch(c.args[0] ?? "", forward) };
}

/** Leave copy mode when a move down left the view at the bottom (the -and-cancel forms). */
function cancelAtBottom(cm: CopyMode): void {
  if (cm.position.offset === 0) cm.cancel();
}

/** page-down-and-cancel and the like: move down `count` times, leaving once at the bottom. */
function downThenCancel(step: (cm: CopyMode) => void): CopyCommand {
  return once("always", (cm, c) => {
    for (let i = 0; i < c.count && !cm.finished; i++) {
      step(cm);
      cancelAtBottom(cm);
    }
  });
}

const COMMANDS: Record<string, CopyCommand> = {
  "append-selection": once("always", (cm) => copyThen(cm, { append: true }, "clear")),
  "append-selection-and-cancel": once("always", (cm) => copyThen(cm, { append: true }, "cancel")),
  "back-to-indentation": once("always", (cm) => cm.backToIndentation()),
  "begin-selection": once("always", (cm) => cm.beginSelection()),
  "begin-selection-or-rectangle-toggle": once("always", (cm) => (cm.anchor ? cm.toggleRectangle() : cm.beginSelection())),
  "bottom-line": once("emacs", (cm) => cm.bottomLine()),
  cancel: once("always", (cm) => cm.cancel()),
  "clear-selection": once("always", (cm) => cm.clearSelection()),
  "clear-selection-or-cancel": once("always", (cm) => (cm.anchor ? cm.clearSelection() : cm.cancel())),
  "copy-end-of-line": once("always", (cm, c) => copyLines(cm, c, false, false, false), 1),
  "copy-end-of-line-and-cancel": once("always", (cm, c) => copyLines(cm, c, false, false, true), 1),
  "copy-pipe-end-of-line": once("always", (cm, c) => copyLines(cm, c, false, true, false), 2),
  "copy-pipe-end-of-line-and-cancel": once("always", (cm, c) => copyLines(cm, c, false, true, true), 2),
  "copy-line": once("always", (cm, c) => copyLines(cm, c, true, false, false), 1),
  "copy-line-and-cancel": once("always", (cm, c) => copyLines(cm, c, true, false, true), 1),
  "copy-pipe-line": once("always", (cm, c) => copyLines(cm, c, true, true, false), 2),
  "copy-pipe-line-and-cancel": once("always", (cm, c) => copyLines(cm, c, true, true, true), 2),
  "copy-pipe-no-clear": once("never", (cm, c) => copyThen(cm, pipeOptions(c), "keep"), 2),
  "copy-pipe": once("always", (cm, c) => copyThen(cm, pipeOptions(c), "clear"), 2),
  "copy-pipe-and-cancel": once("always", (cm, c) => copyThen(cm, pipeOptions(c), "cancel"), 2),
  "copy-selection-no-clear": once("never", (cm, c) => copyThen(cm, prefixOption(c), "keep"), 1),
  "copy-selection": once("always", (cm, c) => copyThen(cm, prefixOption(c), "clear"), 1),
  "copy-selection-and-cancel": once("always", (cm, c) => copyThen(cm, prefixOption(c), "cancel"), 1),
  "cursor-down": move((cm) => cm.down()),
  "cursor-down-and-cancel": {
    min: 0,
    max: 0,
    clear: "always",
    run(cm, c) {
      const y = cm.cursor.y;
      for (let i = 0; i < c.count; i++) cm.down();
      if (cm.cursor.y === y) cancelAtBottom(cm);
    },
  },
  "cursor-left": move((cm) => cm.left()),
  "cursor-right": move((cm) => cm.right()),
  "cursor-up": move((cm) => cm.up()),
  "end-of-line": once("emacs", (cm) => cm.endOfLine()),
  "goto-line": { min: 1, max: 1, clear: "emacs", run: (cm, c) => gotoLine(cm, c.args[0] ?? "") },
  "halfpage-down": move((cm) => cm.halfPageDown()),
  "halfpage-down-and-cancel": downThenCancel((cm) => cm.halfPageDown()),
  "halfpage-up": move((cm) => cm.halfPageUp()),
  "history-bottom": once("emacs", (cm) => cm.historyBottom()),
  "history-top": once("emacs", (cm) => cm.historyTop()),
  "jump-again": move((cm) => cm.jumpAgain(false)),
  "jump-backward": { ...move((cm, c) => cm.jump("backward", c.args[0] ?? "")), min: 1, max: 1 },
  "jump-forward": { ...move((cm, c) => cm.jump("forward", c.args[0] ?? "")), min: 1, max: 1 },
  "jump-reverse": move((cm) => cm.jumpAgain(true)),
  "jump-to-backward": { ...move((cm, c) => cm.jump("to-backward", c.args[0] ?? "")), min: 1, max: 1 },
  "jump-to-forward": { ...move((cm, c) => cm.jump("to-forward", c.args[0] ?? "")), min: 1, max: 1 },
  "jump-to-mark": once("always", (cm) => moves.jumpToMark(cm)),
  "middle-line": once("emacs", (cm) => cm.middleLine()),
  "next-matching-bracket": { ...move((cm) => moves.nextMatchingBracket(cm)), clear: "always" },
  "next-paragraph": move((cm) => moves.nextParagraph(cm)),
  "next-space": move((cm) => cm.nextWord("")),
  "next-space-end": move((cm) => cm.nextWordEnd("")),
  "next-word": move((cm) => cm.nextWord()),
  "next-word-end": move((cm) => cm.nextWordEnd()),
  // An even count comes back to the same end.
  "other-end": once("emacs", (cm, c) => void (c.count % 2 === 1 && cm.otherEnd())),
  "page-down": move((cm) => cm.pageDown()),
  "page-down-and-cancel": downThenCancel((cm) => cm.pageDown()),
  "page-up": move((cm) => cm.pageUp()),
  "pipe-no-clear": once("never", (cm, c) => copyThen(cm, { pipe: expanded(c, 0) ?? "", noBuffer: true }, "keep"), 1),
  pipe: once("always", (cm, c) => copyThen(cm, { pipe: expanded(c, 0) ?? "", noBuffer: true }, "clear"), 1),
  "pipe-and-cancel": once("always", (cm, c) => copyThen(cm, { pipe: expanded(c, 0) ?? "", noBuffer: true }, "cancel"), 1),
  "previous-matching-bracket": { ...move((cm) => moves.previousMatchingBracket(cm)), clear: "always" },
  "previous-paragraph": move((cm) => moves.previousParagraph(cm)),
  "previous-space": move((cm) => cm.previousWord("")),
  "previous-word": move((cm) => cm.previousWord()),
  "rectangle-on": once("always", (cm) => void (cm.rectangle = true)),
  "rectangle-off": once("always", (cm) => void (cm.rectangle = false)),
  "rectangle-toggle": once("always", (cm) => cm.toggleRectangle()),
  "refresh-from-pane": once("always", (cm) => cm.refreshFromPane()),
  "scroll-down": move((cm) => cm.scrollLine(1)),
  "scroll-down-and-cancel": downThenCancel((cm) => cm.scrollLine(1)),
  "scroll-up": move((cm) => cm.scrollLine(-1)),
  "search-again": { ...move((cm) => void cm.searchAgain(false)), clear: "always" },
  // search-forward and -backward (/ and ?) take a regular expression; the -text and
  // incremental ones plain text.
  "search-backward": search(false, true),
  "search-backward-text": search(false, false),
  // The prompt's text after =, - or + (command-prompt -i, as C-r and C-s run it).
  "search-backward-incremental": incremental(false),
  "search-forward": search(true, true),
  "search-forward-text": search(true, false),
  "search-forward-incremental": incremental(true),
  "search-reverse": { ...move((cm) => void cm.searchAgain(true)), clear: "always" },
  "select-line": once("always", (cm, c) => cm.selectLine(c.count)),
  "select-word": once("always", (cm) => cm.selectWord()),
  "set-mark": once("always", (cm) => moves.setMark(cm)),
  "start-of-line": once("emacs", (cm) => cm.startOfLine()),
  "stop-selection": once("always", (cm) => cm.stopSelection()),
  "toggle-position": once("never", (cm) => void (cm.hidePosition = !cm.hidePosition)),
  "top-line": once("emacs", (cm) => cm.topLine()),
};

/**
 * goto-line N: the view N lines up from the bottom (-1 or past the top: the top); not a
 * number, nothing (tmux's strtonum).
 */
function gotoLine(cm: CopyMode, arg: string): void {
  if (!/^[ \t]*[+-]?\d+$/.test(arg)) return;
  const n = Number(arg);
  if (n < -1 || n > 2 ** 31 - 1) return;
  const history = cm.position.history;
  cm.gotoLine(n < 0 || n > history ? history : n);
}

export function isCopyModeCommand(name: string): boolean {
  return Object.hasOwn(COMMANDS, name);
}

/**
 * Run one copy-mode command (send-keys -X name [arg...]) as tmux's window_copy_command: an
 * unknown name or a wrong number of arguments does nothing, silently; then, unless it was a
 * search, a command that clears them (with emacs keys, or always) unmarks the search's matches.
 */
export function runCopyModeCommand(cm: CopyMode, name: string, input: CopyCommandInput): void {
  const f = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  let clear: Clear = "never";
  if (f && input.args.length >= f.min && input.args.length <= f.max) {
    clear = f.clear;
    if (f.repeat) for (let i = 0; i < input.count && !cm.finished; i++) f.run(cm, input);
    else f.run(cm, input);
  }
  // Only a search keeps an incremental search's starting point (tmux forgets it with the marks).
  if (!name.startsWith("search-")) cm.searchOrigin = null;
  if (name.startsWith("search-") || cm.finished) return;
  if (clear === "emacs" && cm.vi) clear = "never";
  if (clear !== "never") cm.searchMarked = false;
}

/** Arguments as they are, no formats, run `count` times: for callers without a pane's formats (tests). */
export function plainInput(args: string[] = [], count = 1): CopyCommandInput {
  return { args, count, expand: (s) => s, formatArgs: false };
}
