// pushPlainText (the flood path) against xterm's own print: the same plain text, parsed by a
// terminal and laid out by the store, gives the same rows cell for cell.
import { describe, expect, test } from "bun:test";
import type { IBuffer } from "@xterm/headless";
import { HistoryStore } from "../../../../src/mux/model/history/store.ts";
import { pushPlainText } from "../../../../src/mux/model/history/plain-text.ts";
import { charPropertiesOf, currentAttrs } from "../../../../src/mux/model/history/xterm.ts";
import { packBg, packFg } from "../../../../src/mux/model/history/attrs.ts";
import { rng, terminal, write } from "./content.ts";

const PIECES = ["abc", "hello world", "\t", "x\ty", "中文", "😀", "e\u0301", "🇫🇷", "👍🏽", "ｱ", "  ", "\r", "—", "é"];

/** Characters that join nothing: whole lines of them take pushPlainText's direct path (no writer), wide ones at row ends included. */
const SIMPLE = ["中文", "ｱ", "é", "abc", "😀", "—", " ", "字"];
/** And with characters that join the one before (no tabs or CRs): the direct path too, but for a cluster at a row's end. */
const JOINING = [...SIMPLE, "e\u0301", "🇫🇷", "👍🏽", "a\u0308\u0323", "👩‍💻", "中\u0301", "❤\ufe0f", "☺\ufe0f"];

function plainText(seed: number, lines: number, maxLen: number, pieces = PIECES): string {
  const r = rng(seed);
  let s = "";
  for (let i = 0; i < lines; i++) {
    const n = Math.floor(r() * maxLen);
    let line = "";
    while (line.length < n) line += pieces[Math.floor(r() * pieces.length)];
    s += line + "\r\n";
  }
  return s;
}

function rowsOf(buf: IBuffer, from: number, to: number, cols: number): string[] {
  const out: string[] = [];
  const cell = buf.getNullCell();
  for (let y = from; y < to; y++) {
    const line = buf.getLine(y);
    let s = `${line?.isWrapped ? "+" : " "}`;
    for (let x = 0; line && x < cols; x++) {
      const c = line.getCell(x, cell);
      if (c) s += `[${c.getChars() || "_"}${c.getWidth()}:${packFg(c).toString(16)}/${packBg(c).toString(16)}]`;
    }
    out.push(s);
  }
  return out;
}

describe("pushPlainText lays text out as xterm prints it", () => {
  for (const [seed, cols, sgr, pieces] of [
    [1, 40, "", PIECES],
    [2, 17, "", PIECES],
    [3, 80, "\x1b[1;31m", PIECES],
    [4, 23, "\x1b[4;38;5;120;48;2;10;20;30m", PIECES],
    [5, 17, "", SIMPLE],
    [6, 23, "\x1b[44m", SIMPLE],
    [7, 17, "", JOINING],
    [8, 31, "\x1b[7m", JOINING],
  ] as [number, number, string, string[]][]) {
    const kind = pieces === SIMPLE ? ", characters that join nothing" : pieces === JOINING ? ", joining characters, no tabs or CRs" : "";
    test(`seed ${seed}, ${cols} columns${sgr ? ", with attributes" : ""}${kind}`, async () => {
      const text = plainText(seed, 120, 150, pieces);
      const t = terminal(cols, 5, 10000);
      // Start on a fresh row scrolled in with the attributes set, as the flood path guarantees.
      await write(t, `${sgr}${"\r\n".repeat(5)}`);
      const first = t.buffer.active.baseY + t.buffer.active.cursorY;
      await write(t, text);
      const store = new HistoryStore(cols, 100000);
      const attrs = currentAttrs(t);
      expect(attrs).not.toBeNull();
      pushPlainText(store, text, { ...attrs, charProperties: charPropertiesOf(t) });
      const want = t.buffer.active;
      const last = want.baseY + want.cursorY; // the empty row the last line feed opened
      expect(store.rows).toBe(last - first);
      const got: IBuffer = { ...want, getLine: (y) => store.getLine(y - first), getNullCell: () => want.getNullCell() };
      expect(rowsOf(got, first, last, cols)).toEqual(rowsOf(want, first, last, cols));
    });
  }
});
