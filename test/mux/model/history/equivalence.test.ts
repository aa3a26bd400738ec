// The history store against a full xterm parse: the same random output into a terminal with a
// big scrollback and into one with a small scrollback drained into the store must read the same,
// row by row and cell by cell, and capture the same (capture-pane's forms), before and after resizes.
// A resize follows tmux's rules, not xterm's reflow (reflow.ts): the big terminal is resized by
// the same rules over all of its rows, so what is compared is the store's part, lending lines back.
import { describe, expect, test } from "bun:test";
import type { IBuffer, Terminal } from "@xterm/headless";
import { HistoryStore } from "../../../../src/mux/model/history/store.ts";
import { drainScrollback, historyBuffer, resizeWithHistory } from "../../../../src/mux/model/history/xterm.ts";
import { captureRows } from "../../../../src/mux/model/history/capture.ts";
import { packBg, packFg } from "../../../../src/mux/model/history/attrs.ts";
import { randomLine, resizeWhole, rng, terminal, write } from "./content.ts";

const MARGIN = 400;

interface Pair {
  big: Terminal;
  small: Terminal;
  store: HistoryStore;
}

function pair(cols: number, rows: number, limit: number): Pair {
  const p = { big: terminal(cols, rows, limit), small: terminal(cols, rows, MARGIN), store: new HistoryStore(cols, limit) };
  // ED 3 (erase saved lines) clears the history, as it clears xterm's scrollback.
  p.small.parser.registerCsiHandler({ final: "J" }, (params) => {
    if (params[0] === 3) p.store.clear();
    return false;
  });
  return p;
}

async function feed(p: Pair, data: string): Promise<void> {
  await write(p.big, data);
  await write(p.small, data);
  drainScrollback(p.small, p.store);
}

async function resize(p: Pair, cols: number, rows: number): Promise<void> {
  resizeWhole(p.big, cols, rows);
  resizeWithHistory(p.small, p.store, cols, rows, MARGIN);
}

/** Every row of a buffer as text with each cell's width and attributes. */
function dump(buf: IBuffer, cols: number, from = 0): string[] {
  const out: string[] = [];
  const cell = buf.getNullCell();
  for (let y = from; y < buf.length; y++) {
    const line = buf.getLine(y);
    if (!line) {
      out.push(`${y}: missing`);
      continue;
    }
    let s = `${y}${line.isWrapped ? "+" : " "}`;
    for (let x = 0; x < cols; x++) {
      const c = line.getCell(x, cell);
      if (!c) break;
      s += `[${c.getChars() || "_"}${c.getWidth()}:${packFg(c).toString(16)}/${packBg(c).toString(16)}]`;
    }
    out.push(s);
  }
  return out;
}

function compare(p: Pair): void {
  const cols = p.big.cols;
  const want = p.big.buffer.active;
  const got = historyBuffer(p.store, p.small);
  expect(got.baseY).toBe(want.baseY);
  expect(got.length).toBe(want.length);
  expect(dump(got, cols)).toEqual(dump(want, cols));
  for (const o of [{}, { codes: true }, { join: true }, { codes: true, join: true }, { noTrim: true }, { escapeC0: true, codes: true }]) {
    expect(captureRows(got, cols, 0, got.length - 1, o)).toBe(captureRows(want, cols, 0, want.length - 1, o));
  }
}

describe("history store = full xterm parse", () => {
  for (const seed of [1, 2, 3, 4]) {
    test(`random output, seed ${seed}`, async () => {
      const r = rng(seed);
      const p = pair(40, 10, 100000);
      for (let i = 0; i < 400; i++) await feed(p, randomLine(r, 200));
      expect(p.store.rows).toBeGreaterThan(300);
      compare(p);
    });
  }
});

describe("history store = full xterm parse, after resizes", () => {
  for (const [seed, sizes] of [
    [11, [[30, 10]]],
    [12, [[60, 10]]],
    [13, [[25, 8], [70, 12]]],
    [14, [[80, 10], [33, 10], [40, 10]]],
  ] as [number, [number, number][]][]) {
    test(`seed ${seed}: ${sizes.map(([c, r]) => `${c}x${r}`).join(" then ")}`, async () => {
      const r = rng(seed);
      const p = pair(40, 10, 100000);
      for (let i = 0; i < 300; i++) await feed(p, randomLine(r, 200));
      for (const [c, rows] of sizes) {
        await resize(p, c, rows);
        compare(p);
        for (let i = 0; i < 30; i++) await feed(p, randomLine(r, 200));
        compare(p);
      }
    });
  }
});

describe("history store = full xterm parse, at the history limit", () => {
  test("rows beyond the limit are trimmed as xterm trims them, wrapped lines cut mid-line", async () => {
    const r = rng(31);
    const p = pair(40, 10, 150);
    for (let i = 0; i < 300; i++) {
      await feed(p, randomLine(r, 200));
      expect(historyBuffer(p.store, p.small).baseY).toBeLessThanOrEqual(150);
    }
    expect(historyBuffer(p.store, p.small).baseY).toBe(150);
    compare(p);
    await resize(p, 23, 10);
    expect(historyBuffer(p.store, p.small).baseY).toBe(150);
    compare(p);
    await resize(p, 77, 14);
    compare(p);
  });

  test("a lower limit trims at once, a higher one keeps what is there", async () => {
    const r = rng(32);
    const p = pair(40, 10, 400);
    for (let i = 0; i < 300; i++) await feed(p, randomLine(r, 200));
    p.big.options.scrollback = 90;
    p.store.setLimit(90);
    expect(p.store.rows).toBe(90);
    compare(p);
    p.big.options.scrollback = 1000;
    p.store.setLimit(1000);
    for (let i = 0; i < 100; i++) await feed(p, randomLine(r, 200));
    compare(p);
  });

  test("clear (ED 3 here) empties the history and new rows come after it", async () => {
    const r = rng(33);
    const p = pair(40, 10, 1000);
    for (let i = 0; i < 100; i++) await feed(p, randomLine(r, 100));
    await feed(p, "\x1b[3J");
    expect(p.store.rows).toBe(0);
    expect(p.store.lineCount).toBe(0);
    compare(p);
    for (let i = 0; i < 50; i++) await feed(p, randomLine(r, 100));
    compare(p);
  });
});
