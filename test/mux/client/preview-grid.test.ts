// The preview's cells: text over wide characters, the styled runs read back for the box.
import { test, expect } from "bun:test";
import { PreviewGrid } from "../../../src/mux/client/preview-grid.ts";

const RED = { fg: 0x1000001, bg: 0, attrs: 0 };

test("a wide character takes two cells; writing over either half leaves a space in the other", () => {
  const g = new PreviewGrid(6, 1);
  g.put(0, 0, "日本x");
  expect(g.content().lines).toEqual(["日本x "]);
  g.put(1, 0, "|");
  g.put(2, 0, "-");
  expect(g.content().lines).toEqual([" |- x "]);
});

test("a wide character that would cross the right edge is left out", () => {
  const g = new PreviewGrid(3, 1);
  g.put(0, 0, "x日日");
  expect(g.content().lines).toEqual(["x日"]);
  const into = new PreviewGrid(4, 1);
  into.paste(0, 2, g);
  expect(into.content().lines).toEqual(["x   "]);
});

test("runs of cells in one style are one highlight each; default cells none", () => {
  const g = new PreviewGrid(8, 2);
  g.put(1, 0, "ab", RED);
  g.put(3, 0, "c", { ...RED, attrs: 1 });
  g.put(0, 1, "zz", RED);
  expect(g.content().highlights).toEqual([
    { x: 1, y: 0, width: 2, style: RED },
    { x: 3, y: 0, width: 1, style: { ...RED, attrs: 1 } },
    { x: 0, y: 1, width: 2, style: RED },
  ]);
});
