// What the renderer draws around the panes from the client's options: status lines at the top or
// bottom, borders with tmux's rule for the active half, pane title lines, window-style, a
// chooser's selected line in mode-style.
import { expect, test } from "bun:test";
import { composeFrame, DEFAULT_BORDERS, type BorderOptions, type PaneView } from "../../src/render/index.ts";
import { COLOR_DEFAULT, COLOR_P16, COLOR_P256 } from "../../src/render/frame.ts";
import { frameText, input, statusLine, term, write } from "./harness.ts";

const RED = { fg: COLOR_P16 | 1, bg: COLOR_DEFAULT, attrs: 0 };

test("status lines at the top: the window starts below them", async () => {
  const t = term(10, 3);
  await write(t, "top");
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 10, height: 3, active: true }];
  const f = composeFrame(input(10, 5, panes, { windowRows: 3, statusTop: true, status: [statusLine(10, [{ text: "one" }]), statusLine(10, [{ text: "two" }])] }));
  expect([0, 1, 2, 3, 4].map((y) => frameText(f, y))).toEqual(["one       ", "two       ", "top       ", "          ", "          "]);
  expect(f.cursor).toMatchObject({ x: 3, y: 2, visible: true });
  expect(f.statusRows).toEqual({ from: 0, to: 2 });
});

test("two panes side by side: each owns half of the shared border (pane-border-indicators colour)", () => {
  const panes: PaneView[] = [
    { terminal: term(4, 6), x: 0, y: 0, width: 4, height: 6, active: true },
    { terminal: term(5, 6), x: 5, y: 0, width: 5, height: 6, active: false },
  ];
  const borders: BorderOptions = { ...DEFAULT_BORDERS, activeStyle: RED };
  const f = composeFrame(input(10, 7, panes, { windowRows: 6, borders }));
  const fg = [0, 1, 2, 3, 4, 5].map((y) => (f.fg[y * 10 + 4] === RED.fg ? "a" : "."));
  // The left pane's half: rows 0 to sy/2 (3) inclusive, as screen_redraw_pane_border.
  expect(fg.join("")).toBe("aaaa..");
  const off = composeFrame(input(10, 7, panes, { windowRows: 6, borders: { ...borders, indicators: "off" } }));
  expect([0, 1, 2, 3, 4, 5].every((y) => off.fg[y * 10 + 4] === RED.fg)).toBe(true);
});

test("border lines: double, heavy, simple, and pane numbers", () => {
  const panes: PaneView[] = [
    { terminal: term(4, 2), x: 0, y: 0, width: 4, height: 2, active: true, index: 0 },
    { terminal: term(5, 2), x: 5, y: 0, width: 5, height: 2, active: false, index: 1 },
  ];
  const glyph = (lines: BorderOptions["lines"]) => frameText(composeFrame(input(10, 3, panes, { windowRows: 2, borders: { ...DEFAULT_BORDERS, lines } })), 0)[4];
  expect([glyph("single"), glyph("double"), glyph("heavy"), glyph("simple"), glyph("number")]).toEqual(["│", "║", "┃", "|", "0"]);
});

test("a pane's title line keeps the border where its format draws nothing", () => {
  const keep = { text: "", width: 1, fg: 8, bg: 8, attr: 0 };
  const title = [{ text: "T", width: 1, fg: 1, bg: 8, attr: 0 }, keep, keep];
  const panes: PaneView[] = [
    { terminal: term(7, 2), x: 0, y: 0, width: 7, height: 2, active: true },
    { terminal: term(7, 2), x: 0, y: 3, width: 7, height: 2, active: false, borderStatus: { cells: title, style: RED } },
  ];
  const f = composeFrame(input(7, 6, panes, { windowRows: 5, borders: { ...DEFAULT_BORDERS, status: "top" } }));
  expect(frameText(f, 2)).toBe("──T────");
  expect(f.fg[2 * 7 + 2]).toBe(COLOR_P16 | 1);
  expect(f.fg[2 * 7 + 3]).toBe(RED.fg); // the border under the title's gap, in the pane's border style
});

test("window-style colours default cells; a blank keeps its default fg", async () => {
  const t = term(6, 1);
  await write(t, "ab \x1b[31mc");
  const style = { fg: COLOR_P256 | 226, bg: COLOR_P256 | 52, attrs: 0 };
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 6, height: 1, active: true, style }];
  const f = composeFrame(input(6, 1, panes, { windowRows: 1, status: null }));
  expect([...f.fg.subarray(0, 6)]).toEqual([style.fg, style.fg, COLOR_DEFAULT, COLOR_P16 | 1, COLOR_DEFAULT, COLOR_DEFAULT]);
  expect([...f.bg.subarray(0, 6)].every((b) => b === style.bg)).toBe(true);
});

test("a chooser's selected line in mode-style, to the pane's edge", () => {
  const selectedStyle = { fg: COLOR_P256 | 231, bg: COLOR_P256 | 25, attrs: 0 };
  const panes: PaneView[] = [{ terminal: term(8, 2), x: 0, y: 0, width: 8, height: 2, active: true, replace: { lines: ["a", "bc"], selected: 1, selectedStyle } }];
  const f = composeFrame(input(8, 3, panes, { windowRows: 2 }));
  expect(frameText(f, 1)).toBe("bc      ");
  expect([...f.bg.subarray(8, 16)].every((b) => b === selectedStyle.bg)).toBe(true);
  expect(f.fg[8]).toBe(selectedStyle.fg);
  expect(f.bg[0]).toBe(COLOR_DEFAULT);
});
