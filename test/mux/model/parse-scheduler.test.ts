// The parse scheduler: short output on a quiet pane is parsed at once (and flagged interactive);
// floods go in slices, and the interrupt hook ends a run after the current slice. A sink with a
// history store (as a pane has) must end up with the store and terminal a full parse gives.
import { expect, test } from "bun:test";
import { Terminal, type IBuffer } from "@xterm/headless";
import { ParseScheduler, keptLines, scrollCut, type ParseSink } from "../../../src/mux/model/parse-scheduler.ts";
import { HistoryStore } from "../../../src/mux/model/history/store.ts";
import { historyBuffer } from "../../../src/mux/model/history/xterm.ts";
import { waitFor } from "../../helpers/wait.ts";

function sink(): ParseSink & { calls: boolean[] } {
  const model = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
  const calls: boolean[] = [];
  return { model, calls, parsed: (interactive) => calls.push(interactive) };
}

const turn = () => new Promise<void>((r) => setImmediate(r));

test("a short batch on a quiet pane is parsed before feed returns, flagged interactive", () => {
  const s = sink();
  const ps = new ParseScheduler();
  ps.feed(s, "hello");
  expect(s.calls).toEqual([true]);
  expect(s.model.buffer.active.getLine(0)?.translateToString(true)).toBe("hello");
  expect(ps.isFlooding(s)).toBe(false);
});

test("onFirstFlood is called once, at the first batch too long to be interactive (the server takes the normal JIT policy then)", () => {
  const s = sink();
  const ps = new ParseScheduler();
  let calls = 0;
  ps.onFirstFlood = () => calls++;
  ps.feed(s, "x".repeat(4 * 1024));
  expect(calls).toBe(0);
  ps.feed(s, "y".repeat(4 * 1024 + 1));
  ps.feed(s, "z".repeat(64 * 1024));
  expect(calls).toBe(1);
  expect(ps.onFirstFlood).toBeNull();
});

test("a flood is queued and parsed in slices, not flagged interactive; the interrupt ends a run after one slice", async () => {
  const s = sink();
  const ps = new ParseScheduler();
  let asked = 0;
  ps.setInterrupt(() => {
    asked++;
    return true;
  });
  let done = false;
  ps.feed(s, "x".repeat(256 * 1024), () => (done = true));
  expect(s.calls).toEqual([]);
  expect(ps.isFlooding(s)).toBe(true);
  await turn();
  expect(s.calls).toEqual([false]); // one slice, then the run ended
  expect(asked).toBe(1);
  await waitFor(() => done, "the flood to be parsed");
  expect(s.calls.length).toBe(16); // 256 KiB in 16 KiB slices, one per run
  expect(s.calls.every((c) => !c)).toBe(true);
  // A flood between two batches is still a flood (its pane is not read as quiet) until no long
  // batch has come for a while.
  await waitFor(() => !ps.isFlooding(s), "the flood to count as over");
  ps.feed(s, "short");
  expect(ps.isFlooding(s)).toBe(false);
});

// Skipping text that scrolls out of the scrollback must leave exactly the terminal a full parse
// leaves: every row of screen and scrollback, cell by cell, its wrap flag, and the cursor.

/** Deterministic xorshift32. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

/** Mostly plain lines (short, long and wrapping, CR overwrites, tabs), with some state changes. */
function stream(seed: number, lines: number, rarity: number): string {
  const r = rng(seed);
  const parts: string[] = [];
  for (let i = 0; i < lines; i++) {
    const len = r() < 0.1 ? Math.floor(r() * 300) : Math.floor(r() * 12);
    let line = "";
    for (let k = 0; k < len; k++) line += String.fromCharCode(0x20 + Math.floor(r() * 95));
    if (r() < 0.05) line += "\tx\rAB";
    parts.push(line + "\r\n");
    const e = r() * rarity;
    if (e < 0.002) parts.push(`\x1b[3${Math.floor(r() * 8)};4${Math.floor(r() * 8)}m`); // colours stay on
    else if (e < 0.003) parts.push("\x1b[5;10r"); // a scroll region: no skipping inside it
    else if (e < 0.004) parts.push("\x1b[r");
    else if (e < 0.0045) parts.push("\x1b[?1049h" + "alt\r\n".repeat(30) + "\x1b[?1049l");
    else if (e < 0.005) parts.push("\n"); // a bare LF
  }
  return parts.join("");
}

/**
 * Like stream, in UTF-8: lines of ASCII, accented letters, wide CJK, emoji (one with a ZWJ),
 * combining accents and soft hyphens, with now and then bytes that are not valid UTF-8 (a lone
 * continuation, 0xFF, an overlong "/" and an overlong ESC, a sequence cut short by the line's
 * end) and, among the state changes, colours set with a C1 CSI (C2 9B) instead of ESC [.
 */
function utf8Stream(seed: number, lines: number): Uint8Array {
  const r = rng(seed);
  const chars = ["a", "Z", " ", "é", "ß", "€", "中", "文", "😀", "👩‍💻", "e\u0301", "\u00ad", "ア"];
  const junk = [[0x80], [0xff], [0xc0, 0xaf], [0xe0, 0x80, 0x9b], [0xe2, 0x82]];
  const parts: Buffer[] = [];
  for (let i = 0; i < lines; i++) {
    const len = r() < 0.1 ? Math.floor(r() * 150) : Math.floor(r() * 10);
    let line = "";
    for (let k = 0; k < len; k++) line += chars[Math.floor(r() * chars.length)];
    parts.push(Buffer.from(line, "utf8"));
    if (r() < 0.05) parts.push(Buffer.from(junk[Math.floor(r() * junk.length)]!));
    parts.push(Buffer.from("\r\n"));
    const e = r();
    if (e < 0.002) parts.push(Buffer.from(`\u009b3${Math.floor(r() * 8)};4${Math.floor(r() * 8)}m`, "utf8")); // colours stay on
    else if (e < 0.003) parts.push(Buffer.from("\x1b[5;10r")); // a scroll region: no skipping inside it
    else if (e < 0.004) parts.push(Buffer.from("\x1b[r"));
    else if (e < 0.005) parts.push(Buffer.from("\n")); // a bare LF
  }
  return Buffer.concat(parts);
}

/** data cut in pieces of `size` (a slot's, by default: as the worker delivers a flood). */
function inPieces<T extends string | Uint8Array>(data: T, size = 64 * 1024): T[] {
  const pieces: T[] = [];
  for (let off = 0; off < data.length; off += size) pieces.push(data.slice(off, off + size) as T);
  return pieces;
}

/** Every row of the buffer (or only the screen's), cell by cell with colours and wrap flags, and the cursor. */
function snapshot(t: Terminal, screenOnly = false, b: IBuffer = t.buffer.active): string {
  const cell = b.getNullCell();
  const rows: string[] = [];
  for (let y = screenOnly ? b.baseY : 0; y < b.length; y++) {
    const line = b.getLine(y)!;
    let s = `${line.isWrapped ? "w" : "-"}|`;
    for (let x = 0; x < t.cols; x++) {
      line.getCell(x, cell);
      s += `${cell.getChars() || " "}${cell.getFgColor()}.${cell.getBgColor()}.${cell.getFgColorMode()}.${cell.getBgColorMode()};`;
    }
    rows.push(s);
  }
  return `${b.cursorX},${b.cursorY}${screenOnly ? "" : `,${b.baseY},${b.length}`}\n${rows.join("\n")}`;
}

// rarity divides how often the state changes: with a long scrollback, runs of plain text must be
// long enough to skip anything.
for (const [seed, cols, rows, scrollback, rarity] of [
  [1, 80, 24, 100, 1],
  [2, 40, 10, 0, 1],
  [3, 120, 40, 2000, 20],
  [4, 13, 5, 7, 1],
] as const) {
  test(`skipping evicted text leaves the same terminal as parsing all of it (seed ${seed}, ${cols}x${rows}, scrollback ${scrollback})`, async () => {
    const data = stream(seed, 60_000, rarity);
    const r = await both(cols, rows, scrollback, inPieces(data));
    expect(r.skipped).toBeGreaterThan(0); // the test would prove nothing if nothing was skipped
    expect(r.fast).toBe(r.full);
  });
}

// Pieces of odd sizes too, so that characters are cut between them (a C2 | 9B cut has a test of its own).
for (const [seed, cols, rows, scrollback, piece] of [
  [5, 80, 24, 100, 64 * 1024],
  [8, 80, 24, 100, 9001],
  [6, 40, 10, 0, 12347],
  [7, 13, 5, 7, 4099],
] as const) {
  test(`skipping evicted UTF-8 text leaves the same terminal as parsing all of it (seed ${seed}, ${cols}x${rows}, scrollback ${scrollback})`, async () => {
    const data = utf8Stream(seed, 60_000);
    const r = await both(cols, rows, scrollback, inPieces(data, piece));
    expect(r.skipped).toBeGreaterThan(data.length / 50); // the test would prove nothing if little was skipped
    expect(r.fast).toBe(r.full);
  });
}

test("a flood of UTF-8 text (wide characters, emoji, accents) is skipped like ASCII", async () => {
  const text = Array.from({ length: 20_000 }, (_, i) => `${i} 中文テキスト 😀 👩‍💻 café e\u0301 ${"ж".repeat(i % 50)}\r\n`).join("");
  const data = Buffer.from(text, "utf8");
  const r = await both(80, 24, 1000, inPieces(data));
  expect(r.skipped).toBeGreaterThan(data.length * 0.8);
  expect(r.fast).toBe(r.full);
});

test("a C1 CSI in UTF-8 cut between two batches (C2 | 9B) is not taken for text", async () => {
  const a = Buffer.concat([Buffer.from(lines(3000, 20), "latin1"), Buffer.from([0xc2])]);
  const b = Buffer.concat([Buffer.from([0x9b]), Buffer.from("31m" + lines(3000, 20), "latin1")]);
  const r = await both(20, 5, 3, [a, b]);
  expect(r.fast).toBe(r.full);
  expect(r.full).toMatch(/;D1\.-1\.16777216\.0;/); // a red D on screen (fg 1, palette): the CSI was one
});

/**
 * The terminal's own scrollback beside a history store: small, so that writes are cut to what
 * it can take between drains (a pane's is HISTORY_MARGIN).
 */
const MARGIN = 16;

/**
 * A terminal to parse everything into, one fed through a scheduler that skips (its sink, with a
 * history store keeping `scrollback` rows, as a pane's), and the scheduler.
 */
function twins(cols: number, rows: number, scrollback: number, parsed: () => void = () => {}): { full: Terminal; fast: Terminal; ps: ParseScheduler; s: ParseSink; view: () => string } {
  const full = new Terminal({ cols, rows, scrollback, allowProposedApi: true });
  const fast = new Terminal({ cols, rows, scrollback: MARGIN, allowProposedApi: true });
  const history = new HistoryStore(cols, scrollback);
  const ps = new ParseScheduler();
  const s: ParseSink = { model: fast, history, parsed, keepLines: () => keptLines(fast, scrollback) };
  // The store once a flood's text is in it (as a pane reads it).
  const view = () => {
    ps.settle(s);
    return snapshot(fast, false, historyBuffer(history, fast));
  };
  return { full, fast, ps, s, view };
}

/** Parse `pieces` in order through a scheduler that skips, and all of them into a plain terminal. */
async function both(cols: number, rows: number, scrollback: number, texts: (string | Uint8Array)[]): Promise<{ fast: string; full: string; skipped: number; deferred: number }> {
  const { full, fast, ps, s, view } = twins(cols, rows, scrollback);
  const pieces = texts.map((t) => (typeof t === "string" ? Buffer.from(t, "latin1") : t));
  let done = false;
  pieces.forEach((p, i) => ps.feed(s, p, i === pieces.length - 1 ? () => (done = true) : undefined));
  await waitFor(() => done, "the pieces to be parsed");
  for (const p of pieces) await new Promise<void>((r) => full.write(p, r));
  expect(snapshot(fast, true)).toBe(snapshot(full, true));
  return { fast: view(), full: snapshot(full), skipped: ps.skipped, deferred: ps.deferred };
}

const lines = (n: number, cols: number) => Array.from({ length: n }, (_, i) => `${i}`.padEnd(1 + (i * 7) % (cols - 1), String.fromCharCode(0x41 + (i % 26))) + "\r\n").join("");

test("skipping from a cursor high on a full screen: rows the text partly overwrites leave the scrollback too", async () => {
  const fill = "\x1b[H" + "#".repeat(20 * 5) + "\x1b[H"; // every cell written, then back to the top row
  const r = await both(20, 5, 3, [fill, lines(3000, 20)]);
  expect(r.skipped).toBeGreaterThan(0);
  expect(r.fast).toBe(r.full);
});

test("lines ended by a bare LF (no CR) keep their drifting columns: they are not skipped", async () => {
  const r = await both(20, 5, 3, ["abc", "x\n".repeat(20_000)]);
  expect(r.skipped).toBe(0);
  expect(r.fast).toBe(r.full);
});

test("whole batches go when the batches queued after them scroll them away, CRLFs cut between batches included", async () => {
  // Lines cut into batches at odd places, some between a CR and its LF.
  const text = lines(12_000, 20);
  const pieces: string[] = [];
  for (let off = 0, k = 0; off < text.length; k++) {
    let end = Math.min(text.length, off + 17_000 + ((k * 7919) % 3000));
    if (k % 2 === 0 && end < text.length) end = text.indexOf("\r", end) + 1; // between CR and LF
    pieces.push(text.slice(off, end));
    off = end;
  }
  expect(pieces.some((p, i) => i > 0 && p.startsWith("\n"))).toBe(true);
  const r = await both(20, 5, 3, ["\x1b[H" + "#".repeat(100) + "\x1b[H", ...pieces]);
  expect(r.skipped).toBeGreaterThan(text.length / 2);
  expect(r.fast).toBe(r.full);
});

test("a flood's newest batch of plain text waits for the next, which scrolls it away; alone it is parsed within a frame", async () => {
  const cols = 20;
  const rows = 5;
  let parsedCalls = 0;
  const { full, ps, s, view } = twins(cols, rows, 3, () => parsedCalls++);
  const text = lines(3000, cols);
  const a = Buffer.from(text.slice(0, 20_000), "latin1");
  const b = Buffer.from(text.slice(20_000, 40_000), "latin1");
  const c = Buffer.from(text.slice(40_000), "latin1");
  const released: string[] = [];
  // A batch of plain text with more lines than are kept is held: turns pass, nothing is parsed.
  ps.feed(s, a, () => released.push("a"));
  for (let i = 0; i < 3; i++) await turn();
  expect(parsedCalls).toBe(0);
  expect(released).toEqual([]);
  expect(ps.isFlooding(s)).toBe(true);
  // The next batch comes: all of the held one but its last partial line is skipped.
  ps.feed(s, b, () => released.push("b"));
  await waitFor(() => released.includes("a"), "the held batch to be released");
  expect(ps.skipped).toBeGreaterThan(a.length - cols - 2);
  // Nothing follows b: it is parsed once its wait (about a frame) is over.
  await waitFor(() => released.includes("b"), "the last held batch to be parsed after its wait");
  // Short batches (an echo, a prompt) are never held.
  ps.feed(s, c, () => released.push("c"));
  await waitFor(() => released.includes("c"), "the last batch");
  ps.feed(s, "$ ", () => released.push("prompt"));
  expect(released).toContain("prompt");
  for (const p of [a, b, c, "$ "]) await new Promise<void>((r) => full.write(p, r));
  expect(view()).toBe(snapshot(full));
});

test("a held batch is parsed at once when the pane's end (an empty batch) follows it", async () => {
  const s = sink();
  const ps = new ParseScheduler();
  const withSkip: ParseSink = { ...s, keepLines: () => keptLines(s.model) };
  const text = Buffer.from(lines(4000, 80), "latin1");
  let parsed = false;
  ps.feed(withSkip, text);
  await turn();
  expect(s.calls).toEqual([]); // held
  expect(s.model.buffer.active.getLine(0)?.translateToString(true)).toBe("");
  ps.feed(withSkip, new Uint8Array(0), () => (parsed = true));
  await turn();
  await turn();
  expect(parsed).toBe(true);
  expect(s.model.buffer.active.getLine(s.model.buffer.active.baseY + 22)?.translateToString(true)).toBe(lines(4000, 80).split("\r\n")[3999]);
});

// The second case keeps ~80 KB of lines that do not wrap (so every line kept is seen). The
// history is checked after every batch in it.
for (const [scrollback, width, count, batch, checkEach] of [
  [50, 75, 3000, 250, false],
  [5000, 30, 40000, 2000, true],
] as const) {
  test(`a flood fed batch by batch parses only what reaches the screen, the rest goes into the history as it is; both are exact (scrollback ${scrollback})`, async () => {
    const cols = 30;
    const rows = 6;
    const { full, fast, ps, s, view } = twins(cols, rows, scrollback);
    const feedAll = async (p: string) => {
      let done = false;
      ps.feed(s, Buffer.from(p, "latin1"), () => (done = true));
      await waitFor(() => done, "a batch to be parsed");
      await new Promise<void>((r) => full.write(p, r));
    };
    // Lines of varied length (in the first case some wrap), in batches that each hold more lines than are kept.
    const text = lines(count, width);
    const all = text.split("\r\n").slice(0, -1);
    for (let i = 0; i < all.length; i += batch) {
      await feedAll(all.slice(i, i + batch).join("\r\n") + "\r\n");
      // What the renderer reads is exact after every batch.
      expect(snapshot(fast, true)).toBe(snapshot(full, true));
      if (checkEach) expect(view()).toBe(snapshot(full));
    }
    // Most of it never reached the terminal: scrolled away unparsed, or stored without a parse.
    expect(ps.deferred).toBeGreaterThan(text.length / 10);
    expect(ps.skipped + ps.deferred).toBeGreaterThan(text.length / 2);
    expect(view()).toBe(snapshot(full));
    // A second flood, then output that is not plain text.
    for (let k = 0; k < 3; k++) await feedAll(lines(batch + 150, width));
    await feedAll("\x1b[31mred\x1b[m " + "x".repeat(5000) + "\r\n");
    expect(view()).toBe(snapshot(full));
  }, 30_000); // a snapshot of 5,000 rows after each of 20 batches
}

test("a write is cut where it could scroll more rows than the terminal's margin has room for", () => {
  const cols = 10;
  const lf = Buffer.from("a\r\n".repeat(50), "latin1");
  // At most 5 line feeds, and not much less.
  const cut = scrollCut(lf, 0, 5, cols);
  expect(lf.subarray(0, cut).filter((b) => b === 0x0a).length).toBeOneOf([4, 5]);
  // A row's worth of printed bytes is one autowrap.
  expect(scrollCut(Buffer.from("x".repeat(100)), 0, 3, cols)).toBe(30);
  // An escape sequence may move the cursor to the last column: one more row.
  expect(scrollCut(Buffer.from("\x1b[9Cxy".repeat(20)), 0, 4, cols)).toBeLessThanOrEqual(4 * 7);
  // At least one byte, however costly.
  expect(scrollCut(lf, 2, 0, cols)).toBe(3);
});
