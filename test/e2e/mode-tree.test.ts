// The mode tree as tmux 3.3a draws it: each case of test/e2e/goldens/mode-tree.json (choose-tree
// and choose-buffer: tree lines, the list height, the preview box, its title and filter state, and
// what it shows of sessions, windows, panes and buffers) attached in weft
// in the same host terminal tmux was recorded in; every cell must be the same.
// Regenerate the golden with scripts/goldens/mode-tree.ts.
import { test, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { weftBinary } from "../helpers/binary.ts";
import { paintScreen, screenDiff, type PaintCase, type Screen } from "../helpers/paint-host.ts";

const GOLDEN: (PaintCase & { screen: Screen })[] = JSON.parse(readFileSync(join(import.meta.dir, "goldens/mode-tree.json"), "utf8"));

test("the golden holds every case", () => {
  expect(GOLDEN.length).toBeGreaterThanOrEqual(10);
});

for (const pc of GOLDEN) {
  test(`draws as tmux: ${pc.name}`, async () => {
    const screen = await paintScreen(await weftBinary(), `mtree-${process.pid}`, pc);
    expect(screenDiff(pc.screen, screen)).toEqual([]);
  }, 60_000);
}
