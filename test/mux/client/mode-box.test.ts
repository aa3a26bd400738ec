// The mode tree's layout: the list's height (mode_tree_set_height), when the preview box fits,
// and the box's title with the sort order and the filter's state.
import { test, expect } from "bun:test";
import { drawPreviewBox, listHeight, previewFits } from "../../../src/mux/client/mode-box.ts";

test("the list takes two thirds, or half when its items are fewer, or all of a short pane", () => {
  expect(listHeight(30, 100)).toBe(20);
  expect(listHeight(30, 5)).toBe(15);
  expect(listHeight(12, 100)).toBe(12); // 8 rows would be under 10
  expect(listHeight(11, 100)).toBe(11);
});

test("the box needs more than 4 rows and columns for it and the list", () => {
  expect(previewFits(80, 30, 20)).toBe(true);
  expect(previewFits(80, 24, 20)).toBe(false);
  expect(previewFits(4, 30, 20)).toBe(false);
});

test("the title names the item, the sort order (reversed) and the filter; no matches is in mode-style", () => {
  const box = drawPreviewBox({ name: "buf", sort: { name: "name", reversed: true }, filter: "no matches", content: () => ({ lines: ["a\\tb", "second"] }) }, 51, 20, 15);
  const row = (t: string) => `│ ${t.padEnd(47)} │`;
  expect(box.lines).toEqual(["┌ buf (sort: name, reversed) (filter: no matches) ┐", row("a\\tb"), row("second"), row(""), `└${"─".repeat(49)}┘`]);
  // One column less and the filter's state does not fit.
  expect(drawPreviewBox({ name: "buf", sort: { name: "name", reversed: true }, filter: "no matches", content: () => ({ lines: [] }) }, 50, 20, 15).lines[0]).toBe(`┌ buf (sort: name, reversed) ${"─".repeat(20)}┐`);
  expect(box.highlights).toEqual([{ x: 38, y: 15, width: 10, kind: "selection" }]);
  // No room for the filter: the name and sort alone; no room for those: a plain border.
  expect(drawPreviewBox({ name: "buf", sort: { name: "name", reversed: false }, filter: "active", content: () => ({ lines: [] }) }, 30, 20, 17).lines[0]).toBe(`┌ buf (sort: name) ${"─".repeat(10)}┐`);
  expect(drawPreviewBox({ name: "a-very-long-name", sort: { name: "name", reversed: false }, content: () => ({ lines: [] }) }, 20, 20, 17).lines[0]).toBe(`┌${"─".repeat(18)}┐`);
});
