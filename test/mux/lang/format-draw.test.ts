// formatDraw's behaviour that the tmux goldens do not reach (format_draw's callers always close
// their markup): unterminated markup, ranges left open, default_colours, zero width, narrow lines.
import { describe, expect, test } from "bun:test";
import { formatDraw, type DrawnLine } from "../../../src/mux/lang/format-draw.ts";
import { COLOUR_DEFAULT } from "../../../src/mux/model/colour.ts";
import { ATTR, type StyleBase } from "../../../src/mux/model/style.ts";

const GREEN_ON_BLACK: StyleBase = { fg: 0, bg: 2, attr: 0 };

function text(line: DrawnLine): string {
  return line.cells.map((c) => c.text).join("");
}

describe("formatDraw", () => {
  test("the line is base-coloured spaces under the text", () => {
    const line = formatDraw("ab", 4, GREEN_ON_BLACK);
    expect(text(line)).toBe("ab  ");
    expect(line.cells.every((c) => c.fg === 0 && c.bg === 2 && c.width === 1)).toBe(true);
  });

  test("an unterminated #[ draws nothing at all and gives no ranges", () => {
    const line = formatDraw("#[range=left]left#[norange] #[fg=red", 10, GREEN_ON_BLACK);
    expect(text(line)).toBe(" ".repeat(10));
    expect(line.ranges).toEqual([]);
  });

  test("a range still open at the end is dropped; a closed one ends a column late", () => {
    expect(formatDraw("#[range=left]ab#[norange]cd#[range=right]ef", 10, GREEN_ON_BLACK).ranges).toEqual([
      { type: "left", argument: 0, start: 0, end: 3 },
    ]);
  });

  test("window ranges carry their index and end where the index changes, cut to the section", () => {
    const { ranges } = formatDraw("#[range=window|3]ab#[range=window|12]cd#[norange]", 10, GREEN_ON_BLACK);
    expect(ranges).toEqual([
      { type: "window", argument: 3, start: 0, end: 3 },
      { type: "window", argument: 12, start: 2, end: 4 },
    ]);
  });

  test("push-default keeps the style before its own #[...], and #[default] returns to it", () => {
    const line = formatDraw("#[fg=red]a#[fg=blue push-default]b#[default]c#[pop-default]d#[default]e", 5, GREEN_ON_BLACK);
    expect(line.cells.map((c) => c.fg)).toEqual([1, 4, 1, 1, 0]);
  });

  test("default_colours keeps the base's colours whatever the markup says", () => {
    const line = formatDraw("#[fg=red,bg=blue,bold]x", 1, GREEN_ON_BLACK, { defaultColours: true });
    expect(line.cells[0]).toEqual({ text: "x", width: 1, fg: 0, bg: 2, attr: ATTR.bright });
  });

  test("fill paints the whole line with default fg, even under the base", () => {
    const line = formatDraw("#[fill=blue]a", 3, GREEN_ON_BLACK);
    expect(line.cells.map((c) => [c.fg, c.bg])).toEqual([[0, 2], [COLOUR_DEFAULT, 4], [COLOUR_DEFAULT, 4]]);
  });

  test("a wide character is never split at the edge of the line", () => {
    const line = formatDraw("a日本", 4, GREEN_ON_BLACK);
    expect(line.cells.map((c) => [c.text, c.width])).toEqual([["a", 1], ["日", 2], ["", 0], [" ", 1]]);
  });

  test("zero-width marks join the character before; controls are dropped", () => {
    const line = formatDraw("e\u0301\t\u0007x", 3, GREEN_ON_BLACK);
    expect(line.cells.map((c) => c.text)).toEqual(["e\u0301", "x", " "]);
  });

  test("no columns, no cells", () => {
    expect(formatDraw("#[align=right]abc", 0, GREEN_ON_BLACK)).toEqual({ cells: [], ranges: [] });
  });

  test("the centre gives way first, then the right, then the left", () => {
    const line = formatDraw("LL#[align=centre]CCCC#[align=right]RR", 6, GREEN_ON_BLACK);
    expect(text(line)).toBe("LLCCRR");
    expect(text(formatDraw("LL#[align=centre]CCCC#[align=right]RRRR", 5, GREEN_ON_BLACK))).toBe("LLRRR");
    expect(text(formatDraw("LLLL#[align=right]RRRR", 3, GREEN_ON_BLACK))).toBe("LLL");
  });

  test("a list wider than its room scrolls to the focus, between the markers", () => {
    const list = "#[list=on align=left]#[list=left-marker]<#[list=right-marker]>#[list=on]";
    const items = (focus: number) =>
      Array.from({ length: 10 }, (_, i) => (i === focus ? `#[list=focus]${i}#[list=on]` : `${i}`)).join("");
    expect(text(formatDraw(list + items(4), 5, GREEN_ON_BLACK))).toBe("<345>");
    expect(text(formatDraw(list + items(7), 5, GREEN_ON_BLACK))).toBe("<6789");
    expect(text(formatDraw(list + items(-1), 5, GREEN_ON_BLACK))).toBe("0123>");
  });
});
