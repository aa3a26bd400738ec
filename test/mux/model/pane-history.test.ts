// A real Pane's history (its store and terminal, fed through the parse scheduler as a program's
// output is) against one xterm that parsed everything with history-limit rows of scrollback:
// the same rows cell by cell and the same capture-pane text (-e, -J, -N, -C over -S - -E -),
// through random output, plain floods the scheduler stores unparsed, resizes, the history
// limit, clear-history, and copy mode reading store rows. Also: no line of a flood is lost.
import { afterEach, describe, expect, test } from "bun:test";
import { Terminal, type IBuffer } from "@xterm/headless";
import { Pane, type PaneEvents } from "../../../src/mux/model/pane.ts";
import { parseScheduler } from "../../../src/mux/model/parse-scheduler.ts";
import { CopyMode } from "../../../src/mux/model/copy-mode.ts";
import { captureRows } from "../../../src/mux/model/history/capture.ts";
import { packBg, packFg } from "../../../src/mux/model/history/attrs.ts";
import { captureText } from "../../../src/cli/commands/capture-pane.ts";
import { plainInput, runCopyModeCommand } from "../../../src/mux/lang/copy-mode-keys.ts";
import { useTmuxWidths } from "../../../src/mux/model/unicode-widths.ts";
import { clearOnDeccolm } from "../../../src/mux/model/deccolm.ts";
import { randomLine, resizeWhole, rng, write } from "./history/content.ts";

const events: PaneEvents = { changed() {}, title() {}, respawned() {}, output() {}, data() {}, exited() {}, bell() {} };
const panes: Pane[] = [];

afterEach(() => {
  for (const p of panes.splice(0)) p.dispose();
});

interface Pair {
  pane: Pane;
  full: Terminal;
}

function pair(cols: number, rows: number, limit: number): Pair {
  const pane = new Pane(1, { argv: ["sleep", "600"], env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }, cwd: "/" }, cols, rows, limit, events);
  panes.push(pane);
  // The same terminal as the pane's, with all the history in its scrollback.
  const full = new Terminal({ cols, rows, scrollback: limit, allowProposedApi: true });
  useTmuxWidths(full);
  clearOnDeccolm(full);
  return { pane, full };
}

/** data through the scheduler in 64 KiB batches (as the gather worker delivers a flood), and into the full terminal. */
async function feed(p: Pair, data: string): Promise<void> {
  const bytes = Buffer.from(data, "utf8");
  const pending: Promise<void>[] = [];
  for (let off = 0; off < bytes.length; off += 64 * 1024) {
    const piece = bytes.subarray(off, off + 64 * 1024);
    pending.push(new Promise<void>((r) => parseScheduler.feed(p.pane, piece, r)));
  }
  await Promise.all(pending);
  await write(p.full, data);
}

function resize(p: Pair, cols: number, rows: number): void {
  p.pane.resize(cols, rows);
  resizeWhole(p.full, cols, rows); // tmux's rules over all the history, as the pane follows them
}

/** Every row as text with each cell's width and attributes. */
function dump(buf: IBuffer, cols: number): string[] {
  const out: string[] = [];
  const cell = buf.getNullCell();
  for (let y = 0; y < buf.length; y++) {
    const line = buf.getLine(y);
    let s = `${y}${line?.isWrapped ? "+" : " "}`;
    for (let x = 0; line && x < cols; x++) {
      const c = line.getCell(x, cell);
      if (!c) break;
      s += `[${c.getChars() || "_"}${c.getWidth()}:${packFg(c).toString(16)}/${packBg(c).toString(16)}]`;
    }
    out.push(s);
  }
  return out;
}

const FORMS = [{}, { codes: true }, { join: true }, { codes: true, join: true }, { noTrim: true }, { escapeC0: true, codes: true }];

function compare(p: Pair): void {
  const cols = p.full.cols;
  const want = p.full.buffer.active;
  const got = p.pane.buffer();
  expect(got.baseY).toBe(want.baseY);
  expect(got.length).toBe(want.length);
  expect([got.cursorX, got.cursorY]).toEqual([want.cursorX, want.cursorY]);
  expect(dump(got, cols)).toEqual(dump(want, cols));
  for (const o of FORMS) {
    // capture-pane -S - -E - in each form, as the command computes it.
    expect(captureText(p.pane, { ...o, start: "-", end: "-" })).toBe(captureRows(want, cols, 0, want.length - 1, o));
  }
}

/** Plain lines of ASCII and UTF-8 (wide, emoji, accents), some wrapping: the flood path's text. */
function plainFlood(r: () => number, n: number, cols: number): string {
  const chars = ["a", "Z", " ", "é", "中", "😀", "e\u0301", "ア", "-", "1"];
  let s = "";
  for (let i = 0; i < n; i++) {
    const len = r() < 0.1 ? Math.floor(r() * cols * 3) : Math.floor(r() * 30);
    let line = `${i}:`;
    for (let k = 0; k < len; k++) line += r() < 0.8 ? "x" : chars[Math.floor(r() * chars.length)];
    s += line + "\r\n";
  }
  return s;
}

describe("a pane's history = a full xterm parse", () => {
  for (const seed of [1, 2, 3]) {
    test(`random output and plain floods (seed ${seed})`, async () => {
      const r = rng(seed);
      const p = pair(40, 10, 5000);
      for (let round = 0; round < 6; round++) {
        let s = "";
        for (let i = 0; i < 80; i++) s += randomLine(r, 200);
        await feed(p, s);
        await feed(p, plainFlood(r, 1500 + Math.floor(r() * 1500), 40));
      }
      expect(parseScheduler.deferred).toBeGreaterThan(0); // the flood path stored text unparsed
      expect(p.pane.buffer().baseY).toBeGreaterThan(4000);
      compare(p);
    });
  }

  test("at the history limit, with colours left on through a flood", async () => {
    const r = rng(7);
    const p = pair(50, 12, 700);
    for (let round = 0; round < 4; round++) {
      await feed(p, `\x1b[3${round}m\x1b[4${7 - round}m`);
      await feed(p, plainFlood(r, 2000, 50));
      expect(p.pane.buffer().baseY).toBeLessThanOrEqual(700);
      await feed(p, randomLine(r, 120) + randomLine(r, 120));
    }
    expect(p.pane.buffer().baseY).toBe(700);
    compare(p);
  });

  for (const [seed, sizes] of [
    [11, [[30, 10]]],
    [12, [[70, 14], [23, 6]]],
    [13, [[80, 10], [33, 10], [40, 12]]],
  ] as [number, [number, number][]][]) {
    test(`resizes, output between them (seed ${seed}: ${sizes.map(([c, h]) => `${c}x${h}`).join(", ")})`, async () => {
      const r = rng(seed);
      const p = pair(40, 10, 3000);
      await feed(p, plainFlood(r, 600, 40));
      let s = "";
      for (let i = 0; i < 60; i++) s += randomLine(r, 150);
      await feed(p, s);
      for (const [c, h] of sizes) {
        resize(p, c, h);
        compare(p);
        await feed(p, plainFlood(r, 300, c));
        let s = "";
        for (let i = 0; i < 30; i++) s += randomLine(r, 150);
        await feed(p, s);
        compare(p);
      }
    });
  }

  test("history-limit 0 keeps no history", async () => {
    const r = rng(21);
    const p = pair(30, 8, 0);
    await feed(p, plainFlood(r, 3000, 30));
    for (let i = 0; i < 50; i++) await feed(p, randomLine(r, 100));
    expect(p.pane.buffer().baseY).toBe(0);
    compare(p);
  });

  test("a program's ED 3 and RIS clear the history, as they clear xterm's scrollback", async () => {
    const r = rng(22);
    const p = pair(40, 10, 2000);
    await feed(p, plainFlood(r, 1000, 40));
    await feed(p, "\x1b[3J");
    expect(p.pane.buffer().baseY).toBe(0);
    compare(p);
    await feed(p, plainFlood(r, 500, 40));
    await feed(p, "\x1bc");
    expect(p.pane.buffer().baseY).toBe(0);
    compare(p);
    await feed(p, plainFlood(r, 500, 40));
    compare(p);
  });
});

describe("bounded memory", () => {
  test("the store keeps history-limit rows however much scrolls through; a lower limit and clearing (clear-history's ED 3) free it", async () => {
    const p = pair(80, 24, 1000);
    const r = rng(41);
    await feed(p, plainFlood(r, 5000, 80));
    const full = p.pane.historyBytes();
    for (let k = 0; k < 4; k++) await feed(p, plainFlood(r, 5000, 80));
    expect(p.pane.buffer().baseY).toBe(1000);
    // As many rows as before, so about as many bytes (not five floods' worth).
    expect(p.pane.historyBytes()).toBeLessThan(full * 1.5);
    p.pane.history.setLimit(100);
    expect(p.pane.buffer().baseY).toBeLessThanOrEqual(100);
    // (Trimming frees whole chunks of 256 lines: what is left is about a chunk.)
    expect(p.pane.historyBytes()).toBeLessThan(full / 2);
    await feed(p, "\x1b[3J"); // as clear-history does, in order with the output
    expect(p.pane.buffer().baseY).toBe(0);
    expect(p.pane.historyBytes()).toBe(0);
    // And it fills again.
    await feed(p, plainFlood(r, 300, 80));
    expect(p.pane.buffer().baseY).toBe(100);
  });
});

/** Lines "n <padding>" for n in [from, from + count). */
function numbered(from: number, count: number, width: number): string {
  let s = "";
  for (let i = from; i < from + count; i++) s += `${i} `.padEnd(width, String.fromCharCode(0x61 + (i % 26))) + "\r\n";
  return s;
}

/** The numbers at the start of each logical line of the pane's whole capture, in order. */
function capturedNumbers(pane: Pane): number[] {
  return captureText(pane, { start: "-", join: true })
    .split("\n")
    .map((l) => /^(\d+) /.exec(l)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
}

describe("no history line lost", () => {
  test("through floods, resizes and copy mode", async () => {
    const p = pair(60, 15, 100_000);
    let next = 0;
    const flood = async (n: number, width: number) => {
      await feed(p, numbered(next, n, width));
      next += n;
    };
    await flood(8_000, 50);
    resize(p, 37, 11); // lines of 50 now wrap
    await flood(3_000, 70);
    resize(p, 120, 30);
    p.pane.settleHistory();
    const cm = new CopyMode(p.pane.terminal, { copy() {}, changed() {}, exit() {} }, true, p.pane.history);
    p.pane.copyMode = cm;
    await flood(3_000, 20); // parsed line by line while copy mode is on
    p.pane.copyMode = null;
    cm.dispose();
    await flood(4_000, 90);
    const got = capturedNumbers(p.pane);
    expect(got.length).toBe(next);
    expect(got.every((n, i) => n === i)).toBe(true);
    compare(p);
  });
});

describe("copy mode over store rows", () => {
  test("movement, search and selection read the same as over a full parse", async () => {
    const r = rng(51);
    const p = pair(40, 10, 10_000);
    await feed(p, plainFlood(r, 2000, 40));
    for (let i = 0; i < 200; i++) await feed(p, randomLine(r, 150));
    await feed(p, numbered(0, 1000, 30));
    expect(p.pane.buffer().baseY).toBeGreaterThan(2000);
    const run = (cm: CopyMode, copied: string[]) => {
      const x = (name: string, arg?: string) => runCopyModeCommand(cm, name, plainInput(arg === undefined ? [] : [arg]));
      const trail: string[] = [];
      const note = () => trail.push(`${cm.cursor.x},${cm.cursor.y} ${cm.top} ${cm.view().indicator}`);
      x("history-top");
      note();
      x("search-forward", "777 ");
      note();
      x("begin-selection");
      x("cursor-down");
      x("cursor-down");
      x("end-of-line");
      x("copy-selection");
      x("search-backward", "中");
      note();
      x("search-again");
      note();
      x("search-reverse");
      note();
      x("search-backward-text", "e\u0301");
      note();
      for (let i = 0; i < 40; i++) x("page-up");
      note();
      x("next-word");
      x("next-word-end");
      note();
      x("begin-selection");
      x("page-down");
      x("copy-selection");
      x("search-forward", "no such text");
      note();
      return { trail, copied };
    };
    p.pane.settleHistory(); // as entering copy mode does
    const mine = new CopyMode(p.pane.terminal, { copy: (s) => a.push(s), changed() {}, exit() {} }, true, p.pane.history);
    const theirs = new CopyMode(p.full, { copy: (s) => b.push(s), changed() {}, exit() {} }, true);
    const a: string[] = [];
    const b: string[] = [];
    const got = run(mine, a);
    const want = run(theirs, b);
    expect(got.trail).toEqual(want.trail);
    expect(got.copied).toEqual(want.copied);
    expect(a.length).toBe(2);
    expect(a[0]).toContain("777 ");
    mine.dispose();
    theirs.dispose();
  });

  test("the view stays on its line while output trims the history under it", async () => {
    const p = pair(40, 10, 500);
    await feed(p, numbered(0, 600, 20));
    p.pane.settleHistory();
    const cm = new CopyMode(p.pane.terminal, { copy() {}, changed() {}, exit() {} }, true, p.pane.history);
    p.pane.copyMode = cm;
    runCopyModeCommand(cm, "history-top", plainInput());
    runCopyModeCommand(cm, "search-forward", plainInput(["^300 "]));
    const line = () => cm.cells(cm.cursor.y).text.trim().split(" ")[0];
    expect(line()).toBe("300");
    await feed(p, numbered(600, 100, 20));
    expect(line()).toBe("300");
    p.pane.copyMode = null;
    cm.dispose();
  });
});
