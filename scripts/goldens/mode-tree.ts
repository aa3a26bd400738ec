// Records what tmux 3.3a draws for choose-tree and choose-buffer (the tree lines, the list's
// height, the preview box's title, filter state and contents, and after the mode's keys:
// expanding, collapsing, sorting, tags, the filter, search and kill prompts) into test/e2e/goldens/mode-tree.json,
// which test/e2e/mode-tree.test.ts compares weft's screens against; each case is attached in the
// painting host (test/helpers/paint-host.ts). choose-client's list line and box title name the
// client's tty and the time, which differ from run to run: its case's ignoreRows leaves them out.
// Run: ./node_modules/.bin/bun scripts/goldens/mode-tree.ts [case names: only those again]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { paintScreen, type PaintCase, type Screen } from "../../test/helpers/paint-host.ts";

const OUT = "test/e2e/goldens/mode-tree.json";
const CONFIG = ["set -g mode-style bg=colour22,fg=colour229"];
/** Three windows in s (the second split, with text in its panes) and a second session. */
const SETUP: string[][] = [
  ["send-keys", "-t", "s:0", "zero", "Enter"],
  ["new-window", "-d", "-t", "s:1", "-n", "w1", "cat"],
  ["split-window", "-d", "-t", "s:1", "cat"],
  ["send-keys", "-t", "s:1.0", "one", "Enter"],
  ["send-keys", "-t", "s:1.1", "one-b", "Enter"],
  ["new-window", "-d", "-t", "s:2", "-n", "w2", "cat"],
  ["new-session", "-d", "-s", "t", "-n", "t0", "cat"],
];
const BUFFERS: string[][] = [
  ["set-buffer", "-b", "alpha", "first line\nsecond\tline\nthird \\ line"],
  ["set-buffer", "-b", "beta", "beta text"],
];

/** A window of coloured output (colours, attributes, a line cleared in green, a wide character, the cursor on a coloured cell). */
const COLOURED = "printf '\\033[31mred \\033[1;44mbold-on-blue\\033[0m \\033[4;38;5;208mu208\\033[0m \\033[7mrev\\033[0m\\n\\033[38;5;40mc40\\033[0m wide:日本語|\\n\\033[42m\\033[Kgreen-line\\033[0m\\n\\033[45mAB\\033[D'; exec cat";
const COLOURS: string[][] = [
  ["new-window", "-d", "-t", "s:1", "-n", "col", COLOURED],
  ["split-window", "-d", "-h", "-t", "s:1", "printf '\\033[3;35mitalic\\033[0m\\n\\033[2mdim\\033[22;9mstrike\\033[0m\\n\\033[38;5;196;48;5;236m 世界 \\033[0m'; exec cat"],
];
/** A status line with styles of its own (choose-client's preview copies it). */
const STATUS_STYLES = ["set -g status-style bg=colour24,fg=colour230", "set -g window-status-current-style bold,fg=colour214,bg=colour52", "set -g status-left '#[underscore]<#S>#[default] '"];

/** A left click at a 0-based cell, as SGR mouse reports. */
const click = (x: number, y: number) => `\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`;
const LEFT = "\x1b[D";
const RIGHT = "\x1b[C";

/** A case, and rows of its screen that differ from run to run (a client's tty name), not compared. */
export type GoldenCase = PaintCase & { ignoreRows?: number[] };

export const CASES: GoldenCase[] = [
  { name: "tree", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"]], rows: 30 },
  { name: "tree-sessions", config: CONFIG, commands: [...SETUP, ["choose-tree", "-s", "-t", "s:0"]], rows: 30 },
  { name: "tree-windows-reversed", config: CONFIG, commands: [...SETUP, ["select-window", "-t", "s:1"], ["choose-tree", "-w", "-r", "-O", "name", "-t", "s:1"]], rows: 30 },
  { name: "tree-split-window", config: CONFIG, commands: [...SETUP, ["select-window", "-t", "s:1"], ["choose-tree", "-t", "s:1"]], rows: 30 },
  { name: "tree-filter-active", config: CONFIG, commands: [...SETUP, ["choose-tree", "-f", "#{==:#{window_name},w2}", "-t", "s:0"]], rows: 30 },
  { name: "tree-filter-no-matches", config: CONFIG, commands: [...SETUP, ["choose-tree", "-f", "#{==:#{window_name},nosuch}", "-t", "s:0"]], rows: 30 },
  { name: "tree-no-preview", config: CONFIG, commands: [...SETUP, ["choose-tree", "-N", "-t", "s:0"]], rows: 30 },
  { name: "tree-small", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"]] },
  { name: "buffer", config: CONFIG, commands: [...BUFFERS, ["choose-buffer", "-F", "#{buffer_size}", "-t", "s:0"]], rows: 24 },
  { name: "buffer-name-reversed-no-matches", config: CONFIG, commands: [...BUFFERS, ["choose-buffer", "-F", "x", "-O", "name", "-r", "-f", "#{==:1,0}", "-t", "s:0"]], rows: 24 },
  // The mode's keys, typed at the host terminal (LEFT, RIGHT: cursor keys; M-x: ESC x).
  { name: "keys-left-collapses-parent", config: CONFIG, commands: [...SETUP, ["select-window", "-t", "s:1"], ["choose-tree", "-t", "s:1"], ["@type", LEFT]], rows: 30 },
  { name: "keys-left-twice-collapses-session", config: CONFIG, commands: [...SETUP, ["select-window", "-t", "s:1"], ["choose-tree", "-t", "s:1"], ["@type", LEFT + LEFT + LEFT]], rows: 30 },
  { name: "keys-collapse-all-expand-one", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "\x1b-"], ["@type", RIGHT + "j"]], rows: 30 },
  { name: "keys-expand-all-plus-minus", config: CONFIG, commands: [...SETUP, ["choose-tree", "-s", "-t", "s:0"], ["@type", "\x1b+"], ["@type", "jj-"]], rows: 30 },
  { name: "keys-sort-cycle-reverse", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "Or"]], rows: 30 },
  { name: "keys-sort-time", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "OO"]], rows: 30 },
  { name: "keys-tags-bright", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "tjjtk"]], rows: 30 },
  { name: "keys-tag-all", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "\x14"]], rows: 30 },
  { name: "keys-filter-prompt", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "f"], ["@type", "#{==:#{window_name},w1}"]], rows: 30 },
  { name: "keys-filter-applied", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "f"], ["@type", "#{==:#{window_name},w1}\r"]], rows: 30 },
  { name: "keys-filter-no-matches", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "f"], ["@type", "#{==:1,0}\r"]], rows: 30 },
  { name: "keys-kill-window-prompt", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "jjjjx"]], rows: 30 },
  { name: "keys-kill-window-yes", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "jjjjx"], ["@type", "y"]], rows: 30 },
  { name: "keys-kill-tagged-prompt", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "jjtjt"], ["@type", "X"]], rows: 30 },
  { name: "keys-command-prompt", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", ":"]], rows: 30 },
  { name: "keys-preview-off", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "v"]], rows: 30 },
  { name: "keys-search", config: CONFIG, commands: [...SETUP, ["choose-tree", "-s", "-t", "s:0"], ["@type", "\x13"], ["@type", "w2\r"]], rows: 30 },
  { name: "keys-mark", config: CONFIG, commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "jjmj"]], rows: 30 },
  { name: "keys-home-to-target", config: CONFIG, commands: [...SETUP, ["choose-tree", "-s", "-t", "s:0"], ["@type", "jH"]], rows: 30 },
  { name: "keys-preview-scroll", config: CONFIG, commands: [...SETUP, ["choose-tree", "-s", "-t", "s:0"], ["@type", ">"]], cols: 40, rows: 30 },
  { name: "tree-zoomed", config: CONFIG, commands: [...SETUP, ["select-window", "-t", "s:1"], ["choose-tree", "-Z", "-t", "s:1"]], rows: 30 },
  { name: "tree-key-format", config: CONFIG, commands: [...SETUP, ["choose-tree", "-K", "#{?#{e|<:#{line},3},#{a:#{e|+:97,#{line}}},}", "-t", "s:0"]], rows: 30 },
  // With the mouse on: a click makes a line current, a double click picks it, the wheel does nothing.
  { name: "mouse-click", config: [...CONFIG, "set -g mouse on"], commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", click(9, 3)]], rows: 30 },
  { name: "mouse-double-click", config: [...CONFIG, "set -g mouse on"], commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", click(9, 6) + click(9, 6)]], rows: 30 },
  { name: "mouse-wheel", config: [...CONFIG, "set -g mouse on"], commands: [...SETUP, ["choose-tree", "-t", "s:0"], ["@type", "\x1b[<65;10;4M\x1b[<64;10;4M"]], rows: 30 },
  // The previews in colour: each cell of a pane with its colours and attributes, wide characters, the labels over them.
  { name: "preview-colour-session", config: CONFIG, commands: [...COLOURS, ["choose-tree", "-t", "s:0"], ["@type", "k"]], rows: 24 },
  { name: "preview-colour-window", config: CONFIG, commands: [...COLOURS, ["choose-tree", "-t", "s:0"], ["@type", "j"]], rows: 24 },
  { name: "preview-colour-pane", config: CONFIG, commands: [...COLOURS, ["choose-tree", "-t", "s:0"], ["@type", "jjj"]], rows: 24 },
  // A line of wide characters cut by the preview's edge (32 columns inside the box): the one across it is left out.
  { name: "preview-wide-cut", config: CONFIG, commands: [["new-window", "-d", "-t", "s:1", "-n", "wide", `printf 'x${"日".repeat(17)}\\n\\033[44m${"本".repeat(16)}\\033[0m\\n'; exec cat`], ["choose-tree", "-t", "s:0"], ["@type", "j"]], cols: 36, rows: 24 },
  // choose-client: the client's pane and its status line (copied from the client's, styles and all).
  { name: "preview-client-status", config: [...CONFIG, ...STATUS_STYLES], commands: [...COLOURS, ["select-window", "-t", "s:1"], ["choose-client", "-t", "s:1"]], rows: 24, ignoreRows: [0, 11] },
  { name: "buffer-keys-sort", config: CONFIG, commands: [...BUFFERS, ["choose-buffer", "-F", "#{buffer_size}", "-t", "s:0"], ["@type", "Or"]], rows: 24 },
];

// Names given: only those cases are recorded again, the others kept as they are in the file.
const only = process.argv.slice(2);
const kept: (GoldenCase & { screen: Screen })[] = only.length && existsSync(OUT) ? JSON.parse(readFileSync(OUT, "utf8")) : [];
const out: (GoldenCase & { screen: Screen })[] = [];
for (const pc of CASES) {
  const old = kept.find((k) => k.name === pc.name);
  if (old && !only.includes(pc.name)) {
    out.push(old);
    continue;
  }
  out.push({ ...pc, screen: await paintScreen("tmux", "mtgold", pc) });
  console.log(`recorded ${pc.name}`);
}
writeFileSync(OUT, JSON.stringify(out, null, 1) + "\n");
