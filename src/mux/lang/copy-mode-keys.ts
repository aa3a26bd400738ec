// Copy mode's commands (send-keys -X name), acting on a CopyMode. The keys that run them are
// tmux's default copy-mode and copy-mode-vi tables (default-bindings.ts).
import { CommandError } from "./command.ts";
import type { CopyMode } from "../model/copy-mode.ts";

type CopyCommand = (cm: CopyMode, arg: string | undefined) => void;

const COMMANDS: Record<string, CopyCommand> = {
  "cursor-up": (cm) => cm.up(),
  "cursor-down": (cm) => cm.down(),
  "cursor-left": (cm) => cm.left(),
  "cursor-right": (cm) => cm.right(),
  "start-of-line": (cm) => cm.startOfLine(),
  "end-of-line": (cm) => cm.endOfLine(),
  "back-to-indentation": (cm) => cm.backToIndentation(),
  "next-word": (cm) => cm.nextWord(),
  "next-word-end": (cm) => cm.nextWordEnd(),
  "previous-word": (cm) => cm.previousWord(),
  "history-top": (cm) => cm.historyTop(),
  "history-bottom": (cm) => cm.historyBottom(),
  "top-line": (cm) => cm.topLine(),
  "middle-line": (cm) => cm.middleLine(),
  "bottom-line": (cm) => cm.bottomLine(),
  "page-up": (cm) => cm.pageUp(),
  "page-down": (cm) => cm.pageDown(),
  "halfpage-up": (cm) => cm.halfPageUp(),
  "halfpage-down": (cm) => cm.halfPageDown(),
  "scroll-up": (cm) => cm.scrollLine(-1),
  "scroll-down": (cm) => cm.scrollLine(1),
  "page-down-and-cancel": (cm) => {
    cm.pageDown();
    if (cm.position.offset === 0) cm.cancel();
  },
  "scroll-down-and-cancel": (cm) => {
    cm.scrollLine(1);
    if (cm.position.offset === 0) cm.cancel();
  },
  "goto-line": (cm, arg) => {
    const n = Number(arg);
    if (!arg || !/^\d+$/.test(arg)) throw new CommandError(`invalid line: ${arg ?? ""}`);
    cm.gotoLine(n);
  },
  "begin-selection": (cm) => cm.beginSelection(),
  "begin-selection-or-rectangle-toggle": (cm) => (cm.anchor ? cm.toggleRectangle() : cm.beginSelection()),
  "select-line": (cm) => cm.selectLine(),
  "select-word": (cm) => cm.selectWord(),
  "rectangle-toggle": (cm) => cm.toggleRectangle(),
  "rectangle-on": (cm) => void (cm.rectangle = true),
  "rectangle-off": (cm) => void (cm.rectangle = false),
  "clear-selection": (cm) => cm.clearSelection(),
  "clear-selection-or-cancel": (cm) => (cm.anchor ? cm.clearSelection() : cm.cancel()),
  "other-end": (cm) => {
    const a = cm.anchor;
    if (!a) return;
    cm.anchor = { ...cm.cursor };
    cm.moveTo(a.x, a.y);
  },
  "copy-selection": (cm) => cm.copySelection(false),
  "copy-selection-no-clear": (cm) => cm.copySelection(false),
  "copy-selection-and-cancel": (cm) => cm.copySelection(true),
  // Piped to the argument, or to copy-command when there is none.
  "copy-pipe": (cm, arg) => cm.copySelection(false, arg ?? ""),
  "copy-pipe-and-cancel": (cm, arg) => cm.copySelection(true, arg ?? ""),
  "copy-end-of-line": (cm) => copyEndOfLine(cm, false),
  "copy-end-of-line-and-cancel": (cm) => copyEndOfLine(cm, true),
  "copy-line": (cm) => copyLine(cm, false),
  "copy-line-and-cancel": (cm) => copyLine(cm, true),
  cancel: (cm) => cm.cancel(),
  // tmux: search-forward and -backward (/ and ?) take a regular expression; the -text and
  // incremental ones plain text.
  "search-forward": (cm, arg) => void cm.search(arg ?? cm.searchText, true, true),
  "search-backward": (cm, arg) => void cm.search(arg ?? cm.searchText, false, true),
  "search-forward-text": (cm, arg) => void cm.search(arg ?? cm.searchText, true),
  "search-backward-text": (cm, arg) => void cm.search(arg ?? cm.searchText, false),
  // The prompt's text after =, - or + (command-prompt -i).
  "search-forward-incremental": (cm, arg) => cm.incrementalSearch(arg ?? "", true),
  "search-backward-incremental": (cm, arg) => cm.incrementalSearch(arg ?? "", false),
  "jump-forward": (cm, arg) => cm.jump("forward", arg ?? ""),
  "jump-backward": (cm, arg) => cm.jump("backward", arg ?? ""),
  "jump-to-forward": (cm, arg) => cm.jump("to-forward", arg ?? ""),
  "jump-to-backward": (cm, arg) => cm.jump("to-backward", arg ?? ""),
  "jump-again": (cm) => cm.jumpAgain(false),
  "jump-reverse": (cm) => cm.jumpAgain(true),
  "search-again": (cm) => void cm.searchAgain(false),
  "search-reverse": (cm) => void cm.searchAgain(true),
};

function copyEndOfLine(cm: CopyMode, cancel: boolean): void {
  cm.beginSelection();
  cm.endOfLine();
  if (!cm.vi) cm.cursor = { x: Math.max(cm.cursor.x, cm.length(cm.cursor.y)), y: cm.cursor.y };
  cm.copySelection(cancel);
}

function copyLine(cm: CopyMode, cancel: boolean): void {
  cm.selectLine();
  cm.copySelection(cancel);
}

export function isCopyModeCommand(name: string): boolean {
  return Object.hasOwn(COMMANDS, name);
}

/** Run one copy-mode command (send-keys -X name [arg]). */
export function runCopyModeCommand(cm: CopyMode, name: string, arg?: string): void {
  const f = COMMANDS[name];
  if (!f) throw new CommandError(`unknown command: ${name}`);
  // Only a search keeps an incremental search's starting point (tmux forgets it with the marks).
  if (!name.startsWith("search-")) cm.searchOrigin = null;
  f(cm, arg);
}
