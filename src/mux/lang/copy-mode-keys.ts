// Copy mode's key tables (copy-mode for emacs keys, copy-mode-vi) as tmux's defaults, each key
// bound to `send-keys -X command`, and the commands themselves acting on a CopyMode.
import { CommandError } from "./command.ts";
import type { CopyMode } from "../model/copy-mode.ts";

const SEARCH_DOWN = `command-prompt -p "(search down)" "send-keys -X search-forward \\"%%\\""`;
const SEARCH_UP = `command-prompt -p "(search up)" "send-keys -X search-backward \\"%%\\""`;
const GOTO_LINE = `command-prompt -p "(goto line)" "send-keys -X goto-line \\"%%\\""`;
/** f, F, t and T ask for one character, then jump to it (as tmux's defaults). */
const JUMPS: [string, string, string][] = [
  ["f", "jump forward", "jump-forward"],
  ["F", "jump backward", "jump-backward"],
  ["t", "jump to forward", "jump-to-forward"],
  ["T", "jump to backward", "jump-to-backward"],
];
const jumpPrompt = (label: string, command: string) => `command-prompt -1 -p "(${label})" "send-keys -X ${command} \\"%%\\""`;

/** Keys every table shares (arrows, pages), by command. */
const COMMON: [string, string][] = [
  ["Up", "cursor-up"],
  ["Down", "cursor-down"],
  ["Left", "cursor-left"],
  ["Right", "cursor-right"],
  ["PPage", "page-up"],
  ["NPage", "page-down"],
  ["Home", "start-of-line"],
  ["End", "end-of-line"],
  ["C-Up", "scroll-up"],
  ["C-Down", "scroll-down"],
  ["q", "cancel"],
  ["C-c", "cancel"],
  ["Enter", "copy-selection-and-cancel"],
  ["n", "search-again"],
  ["N", "search-reverse"],
  [";", "jump-again"],
  [",", "jump-reverse"],
];

/** tmux's copy-mode table. Space begins a selection here too (tmux has page-down), as issue 8 asks. */
const EMACS: [string, string][] = [
  ...COMMON,
  ["Space", "begin-selection"],
  ["C-Space", "begin-selection"],
  ["C-@", "begin-selection"],
  ["C-a", "start-of-line"],
  ["C-e", "end-of-line"],
  ["C-f", "cursor-right"],
  ["C-b", "cursor-left"],
  ["C-n", "cursor-down"],
  ["C-p", "cursor-up"],
  ["C-g", "clear-selection"],
  ["C-k", "copy-end-of-line-and-cancel"],
  ["C-v", "page-down"],
  ["C-w", "copy-selection-and-cancel"],
  ["M-w", "copy-selection-and-cancel"],
  ["Escape", "cancel"],
  ["R", "rectangle-toggle"],
  ["M-<", "history-top"],
  ["M->", "history-bottom"],
  ["M-R", "top-line"],
  ["M-r", "middle-line"],
  ["M-b", "previous-word"],
  ["M-f", "next-word-end"],
  ["M-m", "back-to-indentation"],
  ["M-v", "page-up"],
  ["M-Up", "halfpage-up"],
  ["M-Down", "halfpage-down"],
  ["C-u", "halfpage-up"],
  ["C-d", "halfpage-down"],
];

const VI: [string, string][] = [
  ...COMMON,
  ["Space", "begin-selection"],
  ["v", "begin-selection-or-rectangle-toggle"],
  ["C-v", "rectangle-toggle"],
  ["V", "select-line"],
  ["y", "copy-selection-and-cancel"],
  ["C-j", "copy-selection-and-cancel"],
  ["D", "copy-end-of-line-and-cancel"],
  ["Escape", "clear-selection-or-cancel"],
  ["o", "other-end"],
  ["h", "cursor-left"],
  ["j", "cursor-down"],
  ["k", "cursor-up"],
  ["l", "cursor-right"],
  ["BSpace", "cursor-left"],
  ["C-h", "cursor-left"],
  ["w", "next-word"],
  ["b", "previous-word"],
  ["e", "next-word-end"],
  ["0", "start-of-line"],
  ["$", "end-of-line"],
  ["^", "back-to-indentation"],
  ["g", "history-top"],
  ["G", "history-bottom"],
  ["H", "top-line"],
  ["M", "middle-line"],
  ["L", "bottom-line"],
  ["C-u", "halfpage-up"],
  ["C-d", "halfpage-down"],
  ["C-b", "page-up"],
  ["C-f", "page-down"],
  ["C-y", "scroll-up"],
  ["C-e", "scroll-down"],
  ["K", "scroll-up"],
  ["J", "scroll-down"],
];

/** The default bindings of both tables, as [table, key, command line]. */
export function copyModeBindings(): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const [k, c] of EMACS) out.push(["copy-mode", k, `send-keys -X ${c}`]);
  out.push(["copy-mode", "C-s", SEARCH_DOWN], ["copy-mode", "C-r", SEARCH_UP], ["copy-mode", "g", GOTO_LINE]);
  for (const table of ["copy-mode", "copy-mode-vi"]) for (const [k, label, c] of JUMPS) out.push([table, k, jumpPrompt(label, c)]);
  for (const [k, c] of VI) out.push(["copy-mode-vi", k, `send-keys -X ${c}`]);
  out.push(["copy-mode-vi", "/", SEARCH_DOWN], ["copy-mode-vi", "?", SEARCH_UP], ["copy-mode-vi", ":", GOTO_LINE]);
  // A repeat count: 1-9 (vi) or M-1-M-9 (emacs) begin it, more digits add to it, and the next
  // key runs its command that many times.
  for (let d = 1; d <= 9; d++) {
    const count = `command-prompt -N -I ${d} -p (repeat) "send -N \\"%%\\""`;
    out.push(["copy-mode-vi", String(d), count], ["copy-mode", `M-${d}`, count]);
  }
  return out;
}

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
  "search-forward-incremental": (cm, arg) => void cm.search(arg ?? cm.searchText, true),
  "search-backward-incremental": (cm, arg) => void cm.search(arg ?? cm.searchText, false),
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
  f(cm, arg);
}
