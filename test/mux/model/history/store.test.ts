// The history store's own pieces: attribute packing against xterm's cells, capture-pane's text
// (today's captureText) from the store, copy mode's row reading and search, and the byte count.
import { describe, expect, test } from "bun:test";
import type { IBuffer, Terminal } from "@xterm/headless";
import { HistoryStore } from "../../../../src/mux/model/history/store.ts";
import { drainScrollback, historyBuffer } from "../../../../src/mux/model/history/xterm.ts";
import { captureRows } from "../../../../src/mux/model/history/capture.ts";
import { HistoryCell } from "../../../../src/mux/model/history/cell.ts";
import { packBg, packFg, sgrChange } from "../../../../src/mux/model/history/attrs.ts";
import { captureText } from "../../../../src/cli/commands/capture-pane.ts";
import type { Pane } from "../../../../src/mux/model/pane.ts";
import { randomLine, rng, terminal, write } from "./content.ts";

const SGRS = ["1", "2", "3", "4", "5", "7", "8", "9", "53", "31", "91", "38;5;3", "38;5;200", "38;2;1;2;3", "42", "102", "48;5;17", "48;2;250;0;9", "1;2;3;4;5;7;8;9;53;38;2;9;9;9;48;5;255"];

async function cellAfter(sgr: string): Promise<{ t: Terminal; cell: HistoryCell }> {
  const t = terminal(10, 2, 0);
  await write(t, `\x1b[${sgr}mX`);
  const c = t.buffer.active.getLine(0)!.getCell(0)!;
  return { t, cell: new HistoryCell().set(c.getChars(), c.getWidth(), packFg(c), packBg(c)) };
}

describe("packing", () => {
  for (const sgr of SGRS) {
    test(`SGR ${sgr}: the packed cell reads as xterm's`, async () => {
      const { t, cell } = await cellAfter(sgr);
      const c = t.buffer.active.getLine(0)!.getCell(0)!;
      const read = (x: typeof c) => [x.isBold(), x.isDim(), x.isItalic(), x.isUnderline(), x.isBlink(), x.isInverse(), x.isInvisible(), x.isStrikethrough(), x.isOverline()].map(Boolean);
      expect(read(cell)).toEqual(read(c));
      expect([cell.getFgColorMode(), cell.getFgColor(), cell.getBgColorMode(), cell.getBgColor()]).toEqual([c.getFgColorMode(), c.getFgColor(), c.getBgColorMode(), c.getBgColor()]);
      expect([cell.isFgRGB(), cell.isFgPalette(), cell.isFgDefault(), cell.isBgRGB(), cell.isBgPalette(), cell.isBgDefault(), cell.isAttributeDefault()]).toEqual([c.isFgRGB(), c.isFgPalette(), c.isFgDefault(), c.isBgRGB(), c.isBgPalette(), c.isBgDefault(), c.isAttributeDefault()]);
      expect([cell.getChars(), cell.getWidth(), cell.getCode()]).toEqual([c.getChars(), c.getWidth(), c.getCode()]);
    });
  }

  test("SGR changes as capture-pane -e writes them", () => {
    const bold = packFg({ getFgColorMode: () => 0, getFgColor: () => -1, isInverse: () => 0, isBold: () => 1, isUnderline: () => 0, isBlink: () => 0, isInvisible: () => 0, isStrikethrough: () => 0 } as never);
    expect(sgrChange(0, 0, bold, 0, "\x1b")).toBe("\x1b[1m");
    expect(sgrChange(bold, 0, 0, 0, "\x1b")).toBe("\x1b[0m\x1b[39m\x1b[49m");
    // Palette colour 3 set as 33 or as 38;5;3 reads the same: no change.
    expect(sgrChange(0x1000003, 0, 0x2000003, 0, "\x1b")).toBe("");
    expect(sgrChange(0, 0, 0x2000000 | 200, 0x3000000 | 0x0a0b0c, "\\033")).toBe("\\033[38;5;200m\\033[48;2;10;11;12m");
  });
});

async function filled(seed: number, lines: number, cols = 40, rows = 10): Promise<{ big: Terminal; small: Terminal; store: HistoryStore; view: IBuffer }> {
  const r = rng(seed);
  const big = terminal(cols, rows, 100000);
  const small = terminal(cols, rows, 300);
  const store = new HistoryStore(cols, 100000);
  for (let i = 0; i < lines; i++) {
    const d = randomLine(r, 150);
    await write(big, d);
    await write(small, d);
    drainScrollback(small, store);
  }
  return { big, small, store, view: historyBuffer(store, small) };
}

describe("capture-pane from the store", () => {
  test("today's captureText over a full parse = captureRows over store + screen, every form", async () => {
    const { big, view } = await filled(41, 250);
    // A pane whose buffer is the full parse's (all history in xterm, as panes had it before the store).
    const pane = { terminal: big, buffer: (which = "active") => (which === "normal" ? big.buffer.normal : big.buffer.active) } as unknown as Pane;
    for (const o of [{}, { codes: true }, { join: true }, { noTrim: true }, { codes: true, join: true, escapeC0: true }]) {
      const want = captureText(pane, { ...o, start: "-", end: "-" });
      expect(captureRows(view, 40, 0, view.length - 1, o)).toBe(want);
      const part = captureText(pane, { ...o, start: "-120", end: "-3" });
      expect(captureRows(view, 40, view.baseY - 120, view.baseY - 3, o)).toBe(part);
    }
  });
});

/** copy-text.ts's lineCells (copy mode's reading of a row), as the oracle. */
function lineCells(buf: IBuffer, y: number, cols: number): { text: string; xs: number[] } {
  const line = buf.getLine(y);
  const cell = buf.getNullCell();
  let text = "";
  const xs: number[] = [];
  for (let x = 0; x < cols; x++) {
    if (!line?.getCell(x, cell)) {
      xs.push(x);
      text += " ";
      continue;
    }
    if (cell.getWidth() === 0) continue;
    const ch = cell.getChars() || " ";
    for (let i = 0; i < ch.length; i++) xs.push(x);
    text += ch;
  }
  return { text, xs };
}

describe("copy mode's reads", () => {
  test("rowCells is lineCells of the same row of a full parse", async () => {
    const { big, store } = await filled(42, 200);
    const buf = big.buffer.active;
    for (let y = 0; y < store.rows; y++) {
      const got = store.rowCells(y);
      const want = lineCells(buf, y, 40);
      expect({ y, text: got?.text, xs: got?.xs }).toEqual({ y, ...want });
    }
  });

  test("findRow finds the nearest matching row either way, as a row-by-row scan does", async () => {
    const { big, store } = await filled(43, 200);
    const buf = big.buffer.active;
    const rows = store.rows;
    for (const needle of ["a", "Q", "中", "é", "zz"]) {
      const m = (t: string) => t.includes(needle);
      for (const from of [0, 7, Math.floor(rows / 2), rows - 1]) {
        let fwd = -1;
        for (let y = from; y < rows && fwd < 0; y++) if (m(lineCells(buf, y, 40).text)) fwd = y;
        let back = -1;
        for (let y = from; y >= 0 && back < 0; y--) if (m(lineCells(buf, y, 40).text)) back = y;
        expect([needle, from, store.findRow(m, from, true)]).toEqual([needle, from, fwd]);
        expect([needle, from, store.findRow(m, from, false)]).toEqual([needle, from, back]);
      }
    }
  });
});

describe("bytes and lines", () => {
  test("bytes grow with what is kept and go back to nothing on clear", async () => {
    const { store } = await filled(44, 200);
    const b = store.bytes();
    expect(b).toBeGreaterThan(store.lineCount * 10);
    store.clear();
    expect(store.bytes()).toBe(0);
    expect(store.rows).toBe(0);
    expect(store.getLine(0)).toBeUndefined();
  });

  test("a logical line longer than the limit keeps its last rows, as a continued line", () => {
    const store = new HistoryStore(10, 5);
    const row = (s: string) => ({ chars: [...s], widths: [...s].map(() => 1), fg: [], bg: [] });
    for (let i = 0; i < 8; i++) store.pushRow(row(String(i).repeat(10)), i > 0);
    expect(store.rows).toBe(5);
    expect(store.trimmed).toBe(3);
    expect(store.getLine(0)?.translateToString()).toBe("3333333333");
    expect(store.getLine(0)?.isWrapped).toBe(true);
    expect(store.getLine(4)?.translateToString()).toBe("7777777777");
  });
});

describe("historyBuffer", () => {
  test("the alternate screen has no history; the normal buffer keeps the store's under it", async () => {
    const { small, store } = await filled(45, 120);
    const rows = store.rows;
    expect(rows).toBeGreaterThan(50);
    await write(small, "\x1b[?1049h\x1b[Halt");
    const active = historyBuffer(store, small);
    expect(active.type).toBe("alternate");
    expect(active.baseY).toBe(0);
    expect(active.getLine(0)?.translateToString(true)).toBe("alt");
    const normal = historyBuffer(store, small, "normal");
    expect(normal.baseY).toBe(rows + small.buffer.normal.baseY);
    expect(normal.getLine(0)?.translateToString()).toBe(store.getLine(0)?.translateToString());
    await write(small, "\x1b[?1049l");
    expect(historyBuffer(store, small).baseY).toBe(normal.baseY);
  });
});
