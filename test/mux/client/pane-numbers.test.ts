// display-panes' marks for one pane: big digits when it has room, the size and letter when it is
// tall enough, the index as text when small, nothing when narrower than the index; and the keys.
import { test, expect } from "bun:test";
import { paneKeyIndex, paneLetter, paneNumberMarks } from "../../../src/mux/client/pane-numbers.ts";

const input = (index: number, w: number, h: number) => ({ index, width: w, height: h, shownWidth: w, shownHeight: h, colour: "red" });

test("a roomy pane gets the digit's blocks in its middle and its size at the top-right", () => {
  const marks = paneNumberMarks(input(1, 20, 10));
  // "1" is its right column five times, at 10 - 3 + 4, rows 5 - 2 to 5 + 2.
  expect(marks.filter((m) => m.bg === "red")).toEqual([3, 4, 5, 6, 7].map((y) => ({ x: 11, y, text: " ", bg: "red" })));
  expect(marks.filter((m) => m.fg === "red")).toEqual([{ x: 15, y: 0, text: "20x10", fg: "red" }]);
});

test("a pane 6 rows high or less gets no size; 10 on get their letter under the digits", () => {
  expect(paneNumberMarks(input(0, 20, 6)).some((m) => m.fg)).toBe(false);
  expect(paneNumberMarks(input(10, 20, 10)).filter((m) => m.fg)).toEqual([
    { x: 15, y: 0, text: "20x10", fg: "red" },
    { x: 14, y: 8, text: "a", fg: "red" },
  ]);
});

test("small panes get the index as text (with a blank, or the letter), a too narrow one nothing", () => {
  expect(paneNumberMarks(input(3, 5, 3))).toEqual([{ x: 1, y: 1, text: "3 ", fg: "red" }]);
  expect(paneNumberMarks(input(11, 4, 3))).toEqual([{ x: 0, y: 1, text: "11 b", fg: "red" }]);
  expect(paneNumberMarks(input(11, 3, 3))).toEqual([{ x: 0, y: 1, text: "11", fg: "red" }]);
  expect(paneNumberMarks(input(11, 1, 3))).toEqual([]);
});

test("keys: digits are 0-9, letters 10 on; the letters shown stop at 34", () => {
  expect([paneKeyIndex("0"), paneKeyIndex("9"), paneKeyIndex("a"), paneKeyIndex("z"), paneKeyIndex("A"), paneKeyIndex("Enter")]).toEqual([0, 9, 10, 35, null, null]);
  expect([paneLetter(9), paneLetter(10), paneLetter(34), paneLetter(35)]).toEqual(["", "a", "y", ""]);
});
