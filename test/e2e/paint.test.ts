// Painting as tmux 3.3a paints: each themed config of test/e2e/goldens/paint.json (status lines,
// window lists with current/last/activity styles, borders with pane-border-status and formats,
// border lines and indicators, messages, RGB to a 256-colour host) attached in weft inside the
// same host terminal tmux was recorded in; every cell, text and colours, must be the same.
// Regenerate the golden with scripts/goldens/paint.ts.
import { test, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { weftBinary } from "../helpers/binary.ts";
import { paintScreen, screenDiff, type PaintCase, type Screen } from "../helpers/paint-host.ts";

const GOLDEN: (PaintCase & { screen: Screen })[] = JSON.parse(readFileSync(join(import.meta.dir, "goldens/paint.json"), "utf8"));

test("the golden holds every case", () => {
  expect(GOLDEN.length).toBeGreaterThanOrEqual(14);
});

for (const pc of GOLDEN) {
  test(`paints as tmux: ${pc.name}`, async () => {
    const screen = await paintScreen(await weftBinary(), `paint-${process.pid}`, pc);
    expect(screenDiff(pc.screen, screen)).toEqual([]);
  }, 60_000);
}
