// Cells a host may draw at another width than the pane's model (ZWJ sequences, flags, skin
// tones, VS16, emoji): for every way of measuring them, the host shows no debris, and a window
// switched away and back looks as it did.
import { describe, expect, test } from "bun:test";
import type { Terminal } from "@xterm/headless";
import { composeFrame, Frame, type PaneView } from "../../src/render/index.ts";
import { hostWidthBound } from "../../src/render/graphemes.ts";
import { useTmuxWidths } from "../../src/mux/model/unicode-widths.ts";
import { HOST_UNICODE } from "../helpers/unicode-hosts.ts";
import { describeFrameCell, Host, input, term, termRows, write } from "./harness.ts";

const COLS = 30;
const ROWS = 8;
const FAMILY = "\u{1f469}\u200d\u{1f469}\u200d\u{1f467}";
const CLUSTERS =
  `A${FAMILY}B family\r\n` +
  "x\u{1f44d}\u{1f3fd}y skin\r\n" +
  "\u2764\ufe0fz 1\ufe0f\u20e3k vs16\r\n" +
  "\u{1f1eb}\u{1f1f7}|e\u0301|\u1112\u1161\u11ab|\u{1f972}|\u231a.\r\n" +
  `${"-".repeat(COLS - 2)}${FAMILY}\r\n` + // a cluster in the last two columns
  `${"=".repeat(COLS - 3)}\u{1f44d}\u{1f3fd}`; // a skin tone at the edge: the modifier wraps

function pane(): Terminal {
  const t = term(COLS, ROWS - 1);
  useTmuxWidths(t);
  return t;
}

/** The cells of a frame a host may draw differently: those of each cell it may draw at another width. */
function clusterCells(f: Frame): Set<number> {
  const cells = new Set<number>();
  for (let i = 0; i < f.chars.length; i++) {
    const w = f.widths[i] === 2 ? 2 : 1;
    if (f.widths[i] !== 0 && hostWidthBound(f.chars[i] ?? 0, w) > 0) for (let k = 0; k < w; k++) cells.add(i + k);
  }
  return cells;
}

/** Host cells that differ from the frame, outside the clusters' own cells. */
function debris(host: Host, f: Frame, except: Set<number>): string[] {
  const rows = termRows(host.terminal);
  const out: string[] = [];
  for (let y = 0; y < f.rows; y++) {
    for (let x = 0; x < f.cols; x++) {
      if (except.has(y * f.cols + x)) continue;
      const want = describeFrameCell(f, x, y);
      const got = rows[y]?.[x] ?? "";
      // A spacer is the right half of a wide char in both; its char is "" on the host.
      if (f.widths[y * f.cols + x] === 0 ? !got.startsWith("|0|") : got !== want) out.push(`(${x},${y}) ${got} != ${want}`);
    }
  }
  return out;
}

const frameOf = (panes: PaneView[]) => composeFrame(input(COLS, ROWS, panes, { windowRows: ROWS - 1 }));

describe("cells a host may draw differently leave no debris", () => {
  for (const [name, unicode] of Object.entries(HOST_UNICODE)) {
    test(`host measuring with ${name}: drawn, switched away and back`, async () => {
      const one = pane();
      await write(one, CLUSTERS);
      const two = pane();
      await write(two, "window two\r\n" + "ASCII only ".repeat(12));
      const win1: PaneView[] = [{ terminal: one, x: 0, y: 0, width: COLS, height: ROWS - 1, active: true }];
      const win2: PaneView[] = [{ terminal: two, x: 0, y: 0, width: COLS, height: ROWS - 1, active: true }];
      const host = new Host(COLS, ROWS, false, unicode);
      const f1 = frameOf(win1);
      await host.show(f1);
      const except = name === "tmux" ? new Set<number>() : clusterCells(f1);
      // Every cluster and emoji of CLUSTERS, in cells: 2 + 4 + 2 + 9 + 2 + 2 + 2.
      expect(except.size).toBe(name === "tmux" ? 0 : 23);
      expect(debris(host, f1, except)).toEqual([]);
      const before = termRows(host.terminal);
      // Another window: the host must show exactly it.
      const f2 = frameOf(win2);
      await host.show(f2);
      expect(debris(host, f2, new Set())).toEqual([]);
      // And back: what it was.
      await host.show(frameOf(win1));
      expect(termRows(host.terminal)).toEqual(before);
    });
  }

  test("output that replaces a cluster in place leaves none either", async () => {
    for (const unicode of Object.values(HOST_UNICODE)) {
      const t = pane();
      await write(t, `A${FAMILY}B\u{1f44d}\u{1f3fd}C`);
      const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: COLS, height: ROWS - 1, active: true }];
      const host = new Host(COLS, ROWS, false, unicode);
      await host.show(frameOf(panes));
      await write(t, "\x1b[H..........");
      const f = frameOf(panes);
      await host.show(f);
      expect(debris(host, f, new Set())).toEqual([]);
    }
  });

  test("plain text next to a cluster is not placed anew cell by cell", async () => {
    const t = pane();
    await write(t, `${FAMILY}${"plain text ".repeat(2)}`);
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: COLS, height: ROWS - 1, active: true }];
    const host = new Host(COLS, ROWS);
    const text = new TextDecoder().decode(await host.show(frameOf(panes)));
    expect(text).toContain("plain text plain text");
  });
});
