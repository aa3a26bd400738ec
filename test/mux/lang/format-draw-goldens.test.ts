// The status line cell for cell against tmux 3.3a: each golden (scripts/goldens/format-draw.ts)
// holds a config's options, windows and the status row xterm showed after tmux drew it.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { formatDraw, type DrawRange } from "../../../src/mux/lang/format-draw.ts";
import { cellKey, drawStatus, expandStatus, statusBase, styleBase, type StatusInput, type WindowVars } from "./status-line.ts";

interface Golden {
  name: string;
  /** The status line, or a display-message of `expanded`'s format drawn on message-style. */
  kind: "status" | "message";
  width: number;
  session: string;
  options: Record<string, string>;
  windows: WindowVars[];
  /** status-format[0], or the message's format. */
  format: string;
  /** display -p of `format` (the status line's expansion without a client), for diagnosis. */
  expanded: string;
  cells: string[];
  /** Per column, what a click found there in tmux: "left", "right", "none", "wN" or "ignored". */
  hits?: string[];
}

const GOLDENS: Golden[] = JSON.parse(readFileSync(new URL("goldens/format-draw.json", import.meta.url), "utf8"));

/** A cell tmux never wrote reads as "" in xterm; formatDraw gives a default blank there. */
function recorded(cell: string): string {
  return cell.startsWith("\x1f1\x1f") ? " " + cell : cell;
}

function input(g: Golden): StatusInput {
  return { session: g.session, options: g.options, windows: g.windows, width: g.width };
}

/** Cells as readable lines for a failing diff: one per cell, "x text|width|fg|bg|attrs". */
function show(cells: string[]): string[] {
  return cells.map((c, x) => `${x} ${c.split("\x1f").join("|")}`);
}

/**
 * status_get_range: the first range holding the column, named as the goldens' clicks are; a
 * click on the range of a window that does not exist makes no key at all.
 */
function hit(ranges: DrawRange[], windows: WindowVars[], x: number): string {
  const r = ranges.find((range) => x >= range.start && x < range.end);
  if (r === undefined) return "none";
  if (r.type !== "window") return r.type;
  return windows.some((w) => w.window_index === String(r.argument)) ? `w${r.argument}` : "ignored";
}

describe("status line against tmux 3.3a", () => {
  test("there are goldens", () => expect(GOLDENS.filter((g) => g.kind === "status").length).toBeGreaterThanOrEqual(10));
  for (const g of GOLDENS.filter((g) => g.kind === "status")) {
    test(`${g.name}: expansion matches tmux's`, () => {
      expect(expandStatus(input(g))).toBe(g.expanded);
    });
    test(`${g.name}: drawn cells match tmux's`, () => {
      const drawn = drawStatus(input(g)).cells.map(cellKey);
      expect(show(drawn)).toEqual(show(g.cells.map(recorded)));
    });
    test(`${g.name}: tmux's own expansion draws the same cells`, () => {
      const drawn = formatDraw(g.expanded, g.width, statusBase(input(g))).cells.map(cellKey);
      expect(show(drawn)).toEqual(show(g.cells.map(recorded)));
    });
    const hits = g.hits;
    if (hits === undefined) continue;
    test(`${g.name}: every column's range matches tmux's clicks`, () => {
      const { ranges } = drawStatus(input(g));
      const found = hits.map((_, x) => `${x} ${hit(ranges, g.windows, x)}`);
      expect(found).toEqual(hits.map((h, x) => `${x} ${h}`));
    });
  }
});

describe("messages against tmux 3.3a", () => {
  for (const g of GOLDENS.filter((g) => g.kind === "message")) {
    test(`${g.name}: expansion matches tmux's`, () => {
      expect(expandStatus(input(g), g.format)).toBe(g.expanded);
    });
    test(`${g.name}: drawn on message-style as tmux did`, () => {
      const drawn = formatDraw(g.expanded, g.width, styleBase(input(g), "message-style")).cells.map(cellKey);
      expect(show(drawn)).toEqual(show(g.cells.map(recorded)));
    });
  }
});
