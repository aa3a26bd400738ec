// Records what tmux 3.3a draws for choose-tree and choose-buffer (the tree lines, the list's
// height, the preview box's title, filter state and contents) into test/e2e/goldens/mode-tree.json,
// which test/e2e/mode-tree.test.ts compares weft's screens against; each case is attached in the
// painting host (test/helpers/paint-host.ts). choose-client is not here: its lines name the
// client's tty, which differs from run to run.
// Run: ./node_modules/.bin/bun scripts/goldens/mode-tree.ts
import { writeFileSync } from "node:fs";
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

export const CASES: PaintCase[] = [
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
];

const out: (PaintCase & { screen: Screen })[] = [];
for (const pc of CASES) {
  out.push({ ...pc, screen: await paintScreen("tmux", "mtgold", pc) });
  console.log(`recorded ${pc.name}`);
}
writeFileSync(OUT, JSON.stringify(out, null, 1) + "\n");
