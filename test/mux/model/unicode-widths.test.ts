// The pane model's cells for each cluster kind, against the cursor column tmux 3.3a leaves after
// printing it (goldens recorded by scripts/goldens/graphemes.sh).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Terminal } from "@xterm/headless";
import { useTmuxWidths, wcwidth } from "../../../src/mux/model/unicode-widths.ts";

const dir = `${import.meta.dir}/goldens`;
const lines = (f: string) => readFileSync(`${dir}/${f}`, "utf8").split("\n").filter((l) => l && !l.startsWith("#"));
const cases = lines("graphemes.cases").map((l) => {
  const [name = "", ...cps] = l.split(" ");
  return { name, text: String.fromCodePoint(...cps.map((c) => parseInt(c, 16))) };
});
const golden = new Map(lines("graphemes.golden").map((l) => l.split(" ") as [string, string]));

function pane(): Terminal {
  const t = new Terminal({ cols: 80, rows: 5, allowProposedApi: true });
  useTmuxWidths(t);
  return t;
}
const write = (t: Terminal, s: string) => new Promise<void>((r) => t.write(s, r));

describe("tmux 3.3a's cells for clusters", () => {
  test("every case has a golden", () => {
    expect(cases.length).toBeGreaterThan(10);
    for (const c of cases) expect(golden.has(c.name)).toBe(true);
  });
  for (const c of cases) {
    test(c.name, async () => {
      const t = pane();
      await write(t, c.text);
      expect(String(t.buffer.active.cursorX)).toBe(golden.get(c.name) ?? "?");
    });
  }
});

describe("clusters in cells", () => {
  test("a ZWJ family is one cell holding the whole sequence, then its spacer", async () => {
    const t = pane();
    const family = "\u{1f469}\u200d\u{1f469}\u200d\u{1f467}";
    await write(t, family + "x");
    const line = t.buffer.active.getLine(0);
    expect(line?.getCell(0)?.getChars()).toBe(family);
    expect(line?.getCell(0)?.getWidth()).toBe(2);
    expect(line?.getCell(1)?.getWidth()).toBe(0);
    expect(line?.getCell(2)?.getChars()).toBe("x");
  });
  test("a flag is one wide cell; a skin tone is a cell of its own", async () => {
    const t = pane();
    await write(t, "\u{1f1eb}\u{1f1f7}\u{1f44d}\u{1f3fd}");
    const line = t.buffer.active.getLine(0);
    expect(line?.getCell(0)?.getChars()).toBe("\u{1f1eb}\u{1f1f7}");
    expect(line?.getCell(0)?.getWidth()).toBe(2);
    expect(line?.getCell(2)?.getChars()).toBe("\u{1f44d}");
    expect(line?.getCell(4)?.getChars()).toBe("\u{1f3fd}");
  });
  test("a combining mark after a cursor move joins the cell left of the cursor, as in tmux", async () => {
    const t = pane();
    await write(t, "ab\x1b[D\x1b[C\u0301");
    expect(t.buffer.active.getLine(0)?.getCell(1)?.getChars()).toBe("b\u0301");
    expect(t.buffer.active.cursorX).toBe(2);
  });
  test("wcwidth: the table's edges", () => {
    expect(wcwidth(0x41)).toBe(1);
    expect(wcwidth(0x300)).toBe(0);
    expect(wcwidth(0x1100)).toBe(2);
    expect(wcwidth(0x1f600)).toBe(2);
    expect(wcwidth(0xe0100)).toBe(0); // variation selector supplement
    expect(wcwidth(0x20000)).toBe(2);
  });
});
