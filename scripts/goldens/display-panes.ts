// Records what tmux 3.3a draws for display-panes (big digits, sizes, letters, the small-pane
// text) into test/e2e/goldens/display-panes.json, which test/e2e/display-panes.test.ts compares
// weft's screens against; each case is attached in the painting host (test/helpers/paint-host.ts).
// Run: ./node_modules/.bin/bun scripts/goldens/display-panes.ts
import { writeFileSync } from "node:fs";
import { paintScreen, type PaintCase, type Screen } from "../../test/helpers/paint-host.ts";

const OUT = "test/e2e/goldens/display-panes.json";
/** Until a key: the numbers stay for the screen to be read. */
const SHOW = ["display-panes", "-b", "-d", "0"];
/** `n` splits, the layout evened after each so that the next has room. */
const split = (n: number, how: string, layout: string): string[][] =>
  Array.from({ length: n }, () => [["split-window", how, "-t", "s:0", "cat"], ["select-layout", "-t", "s:0", layout]]).flat();

export const CASES: PaintCase[] = [
  { name: "one-pane", config: [], commands: [SHOW] },
  { name: "three-panes", config: [], commands: [["split-window", "-h", "-t", "s:0", "cat"], ["split-window", "-v", "-t", "s:0", "cat"], SHOW] },
  { name: "small-panes-text", config: [], commands: [...split(2, "-v", "even-vertical"), ["split-window", "-h", "-l", "3", "-t", "s:0.0", "cat"], SHOW] },
  { name: "narrow-panes", config: [], commands: [...split(9, "-h", "even-horizontal"), SHOW], cols: 40 },
  { name: "twelve-panes-letters", config: [], commands: [...split(11, "-h", "tiled"), SHOW], rows: 40 },
  {
    name: "colours-base-index-status-top",
    config: ["set -g display-panes-colour colour34", "set -g display-panes-active-colour '#ff8800'", "set -g pane-base-index 1", "set -g status-position top"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"], SHOW],
  },
  { name: "zoomed", config: [], commands: [["split-window", "-h", "-t", "s:0", "cat"], ["resize-pane", "-Z", "-t", "s:0"], SHOW] },
];

const out: (PaintCase & { screen: Screen })[] = [];
for (const pc of CASES) {
  out.push({ ...pc, screen: await paintScreen("tmux", "dpgold", pc) });
  console.log(`recorded ${pc.name}`);
}
writeFileSync(OUT, JSON.stringify(out, null, 1) + "\n");
