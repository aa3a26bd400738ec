// display-panes as tmux 3.3a draws it: each case of test/e2e/goldens/display-panes.json (big
// digits in the colours, the pane's size at its top-right, the letter of panes 10 on, the index
// as text in small panes, pane-base-index, status at the top, a zoomed window) attached in weft
// in the same host terminal tmux was recorded in; every cell must be the same.
// Regenerate the golden with scripts/goldens/display-panes.ts.
import { test, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { weftBinary } from "../helpers/binary.ts";
import { paintScreen, screenDiff, type PaintCase, type Screen } from "../helpers/paint-host.ts";

const GOLDEN: (PaintCase & { screen: Screen })[] = JSON.parse(readFileSync(join(import.meta.dir, "goldens/display-panes.json"), "utf8"));

test("the golden holds every case", () => {
  expect(GOLDEN.length).toBeGreaterThanOrEqual(7);
});

for (const pc of GOLDEN) {
  test(`draws as tmux: ${pc.name}`, async () => {
    const screen = await paintScreen(await weftBinary(), `dpanes-${process.pid}`, pc);
    expect(screenDiff(pc.screen, screen)).toEqual([]);
  }, 60_000);
}
