// Randomized reference test: random output into several panes, and after each
// change the encoded diff must bring the host to exactly the composite.

import { expect, test } from "bun:test";
import { composeFrame, Frame, type PaneView } from "../../src/render/index.ts";
import { frameRows, frameText, Host, input, prng, statusLine, termRows, threePanes, write, type Segment } from "./harness.ts";

const TEXT = ["a", "b", "xyz", " ", "中", "文", "👍", "e\u0301", "ä", "─", "Ω", "🇫🇷", "x\u200dy", "ｱ", "1234567890"];

function randomOutput(rand: () => number, cols: number, rows: number): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const n = (k: number) => Math.floor(rand() * k);
  let s = "";
  const ops = 1 + n(12);
  for (let k = 0; k < ops; k++) {
    const r = rand();
    if (r < 0.35) s += pick(TEXT).repeat(1 + n(6));
    else if (r < 0.5)
      s += pick([
        `\x1b[${pick([0, 1, 2, 3, 4, 5, 7, 8, 9, 53, 22, 23, 24, 27])}m`,
        `\x1b[${30 + n(8)}m`,
        `\x1b[${90 + n(8)}m`,
        `\x1b[${40 + n(8)}m`,
        `\x1b[${100 + n(8)}m`,
        `\x1b[38;5;${n(256)}m`,
        `\x1b[48;5;${n(256)}m`,
        `\x1b[38;2;${n(256)};${n(256)};${n(256)}m`,
        `\x1b[48;2;${n(256)};${n(256)};${n(256)}m`,
        "\x1b[39;49m",
      ]);
    else if (r < 0.6) s += `\x1b[${1 + n(rows)};${1 + n(cols)}H`;
    else if (r < 0.68) s += "\r\n".repeat(1 + n(3));
    else if (r < 0.72) s += pick(["\x1b[K", "\x1b[1K", "\x1b[2K", "\x1b[J", "\x1b[1J", "\x1b[2J"]);
    else if (r < 0.77) s += `\x1b[${1 + n(rows)};${1 + n(rows)}r\x1b[${1 + n(rows)};1H` + pick(["\x1bD", "\x1bM", "\x1b[S", "\x1b[2T", "\n\n\n"]) + "\x1b[r";
    else if (r < 0.82) s += pick(["\x1b[2L", "\x1b[M", "\x1b[3@", "\x1b[2P", "\x1b[4X"]);
    else if (r < 0.85) s += pick(["\x1b[?1049h", "\x1b[?1049l"]);
    else if (r < 0.9) s += pick(["\x1b[?25l", "\x1b[?25h", "\x1b[2 q", "\x1b[5 q", "\x1b[0 q"]);
    else if (r < 0.91) s += "\x1bc";
    else if (r < 0.93) s += "\x1b[?2026h" + pick(TEXT) + "\x1b[?2026l";
    else s += "\t" + pick(TEXT);
  }
  return s;
}

/** Three panes in a client of a random size, its host, and the frame composed for it. */
function setup(seed: number) {
  const rand = prng(seed);
  const cols = 30 + Math.floor(rand() * 30);
  const rows = 8 + Math.floor(rand() * 10);
  const { panes, terms } = threePanes(cols, rows - 1);
  return { rand, cols, rows, panes, terms, host: new Host(cols, rows, seed % 2 === 0), frame: new Frame(cols, rows) };
}

for (const seed of [1, 2, 3, 4, 5, 6]) {
  test(`random changes, seed ${seed}: the host always equals the composite`, async () => {
    const { rand, cols, rows, panes, terms, host, frame } = setup(seed);
    let status = [{ text: "[0] 0:sh*" }] as Segment[];
    for (let step = 0; step < 120; step++) {
      const which = Math.floor(rand() * terms.length);
      const t = terms[which];
      if (!t) throw new Error("no pane");
      await write(t, randomOutput(rand, t.cols, t.rows));
      if (rand() < 0.1) for (const [i, p] of panes.entries()) p.active = i === Math.floor(rand() * 3);
      if (rand() < 0.1) status = [{ text: `[0] ${step}`, fg: `colour${Math.floor(rand() * 256)}` }, { text: "中x" }];
      if (rand() < 0.03) host.screen.invalidate();
      composeFrame(input(cols, rows, panes, { status: [statusLine(cols, status, [{ text: `#${step}`, bold: true }])] }), frame);
      await host.show(frame);
      const ctx = `seed ${seed} step ${step}`;
      expect([ctx, host.rows()]).toEqual([ctx, frameRows(frame)]);
      for (const p of panes) expect([ctx, frameRows(frame, p.x, p.y, p.width, p.height)]).toEqual([ctx, termRows(p.terminal)]);
      const c = host.cursor();
      expect([ctx, c.visible]).toEqual([ctx, frame.cursor.visible]);
      if (frame.cursor.visible) expect([ctx, c.x, c.y]).toEqual([ctx, frame.cursor.x, frame.cursor.y]);
    }
  });
}

// Frames composed into the same Frame from inputs that differ only in the panes' contents copy
// only the changed rows and let the encoder diff only those (composeFrame's partial frames).
for (const seed of [11, 12, 13, 14]) {
  test(`partial frames, seed ${seed}: each equals a full compose, and the host equals it`, async () => {
    const { rand, cols, rows, panes, terms, host, frame } = setup(seed);
    let status = [statusLine(cols, [{ text: "[0] 0:sh*" }], [{ text: "right", bold: true }])];
    let partial = 0;
    for (let step = 0; step < 150; step++) {
      const t = terms[Math.floor(rand() * terms.length)]!;
      // Mostly small changes (an echo, a line), as a shell's; sometimes anything.
      await write(t, rand() < 0.6 ? ["x", "\b \b", "\r\n$ ", "ab\x1b[31mc\x1b[m"][Math.floor(rand() * 4)]! : randomOutput(rand, t.cols, t.rows));
      // Layout changes in place, as callers may make them: the next frame must be whole.
      if (rand() < 0.05) for (const [i, p] of panes.entries()) p.active = i === Math.floor(rand() * 3);
      if (rand() < 0.05) status = [statusLine(cols, [{ text: `[0] ${step}` }], [{ text: "right", bold: true }])];
      if (rand() < 0.03) host.screen.invalidate();
      const extra: Partial<PaneView> = rand() < 0.05 ? { indicator: `[${step}]` } : {};
      const view = panes.map((p, i) => (i === 0 ? { ...p, ...extra } : p));
      composeFrame(input(cols, rows, view, { status }), frame);
      if (frame.damage) partial++;
      const whole = composeFrame(input(cols, rows, view, { status }));
      const ctx = `seed ${seed} step ${step}`;
      expect([ctx, frameRows(frame)]).toEqual([ctx, frameRows(whole)]);
      expect([ctx, frame.cursor]).toEqual([ctx, whole.cursor]);
      await host.show(frame);
      expect([ctx, host.rows()]).toEqual([ctx, frameRows(frame)]);
      const c = host.cursor();
      expect([ctx, c.visible]).toEqual([ctx, frame.cursor.visible]);
      if (frame.cursor.visible) expect([ctx, c.x, c.y]).toEqual([ctx, frame.cursor.x, frame.cursor.y]);
    }
    // Most steps took the partial path (the rest: layout, status or indicator changes).
    expect(partial).toBeGreaterThan(75);
  });
}

test("a partial frame marks only the rows that changed", async () => {
  const { panes, terms } = threePanes(40, 11);
  const frame = new Frame(40, 12);
  const status = [statusLine(40, [{ text: "s" }])];
  composeFrame(input(40, 12, panes, { status }), frame);
  expect(frame.damage).toBeNull(); // the first is whole
  await write(terms[2]!, "q"); // at its cursor, row 0
  composeFrame(input(40, 12, panes, { status }), frame);
  const marked = [...(frame.damage ?? [])].flatMap((d, y) => (d ? [y] : []));
  expect(marked).toEqual([panes[2]!.y]);
  expect(frameText(frame, panes[2]!.y).slice(panes[2]!.x, panes[2]!.x + 1)).toBe("q");
  composeFrame(input(40, 12, panes, { status: [statusLine(40, [{ text: "t" }])] }), frame);
  expect(frame.damage).toBeNull(); // a new status: whole again
});
