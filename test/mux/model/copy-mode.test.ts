// Copy mode over a headless terminal, no PTY: movement, selection, copying, search, and the
// view staying put while output arrives and history is trimmed.
import { expect, test } from "bun:test";
import { Terminal } from "@xterm/headless";
import { CopyMode } from "../../../src/mux/model/copy-mode.ts";
import { useTmuxWidths } from "../../../src/mux/model/unicode-widths.ts";
import { plainInput, runCopyModeCommand } from "../../../src/mux/lang/copy-mode-keys.ts";

function term(cols: number, rows: number, scrollback = 1000): Terminal {
  const t = new Terminal({ cols, rows, scrollback, allowProposedApi: true });
  useTmuxWidths(t); // as a pane's model has them
  return t;
}

const write = (t: Terminal, s: string) => new Promise<void>((r) => t.write(s, r));

function setup(t: Terminal, vi = true) {
  const copied: string[] = [];
  let exited = false;
  const cm = new CopyMode(t, { copy: (s) => copied.push(s), changed() {}, exit: () => (exited = true) }, vi);
  const x = (name: string, arg?: string) => runCopyModeCommand(cm, name, plainInput(arg === undefined ? [] : [arg]));
  return { cm, copied, x, exited: () => exited };
}

function numbered(n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += `line ${i} here\r\n`;
  return s;
}

test("scrolling up to a history line and copying it (vi: Space, $, Enter)", async () => {
  const t = term(20, 5);
  await write(t, numbered(50));
  const { cm, copied, x, exited } = setup(t);
  expect(cm.position).toEqual({ offset: 0, history: 46 });
  x("history-top");
  expect(cm.view().indicator).toBe("[46/46]");
  x("cursor-down");
  x("cursor-down");
  x("begin-selection");
  x("end-of-line");
  x("copy-selection-and-cancel");
  // vi's $ goes past the last character, so the newline is copied (tmux 3.3a: "line 2 here\n").
  expect(copied).toEqual(["line 2 here\n"]);
  expect(exited()).toBe(true);
});

test("emacs: the cursor cell is not part of the selection; vi includes it", async () => {
  const t = term(20, 3);
  await write(t, "abcdef\r\n");
  for (const vi of [false, true]) {
    const { cm, copied, x } = setup(t, vi);
    cm.moveTo(1, 0);
    x("begin-selection");
    x("cursor-right");
    x("cursor-right");
    x("copy-selection");
    expect(copied).toEqual([vi ? "bcd" : "bc"]);
    cm.dispose();
  }
});

test("wrapped lines join when copied; blank cells past a line's end are dropped, inner spaces kept", async () => {
  const t = term(10, 4);
  await write(t, "0123456789abcdef\r\nx  y   \r\nend");
  const { cm, copied, x } = setup(t);
  cm.moveTo(0, 0);
  x("begin-selection");
  cm.moveTo(9, 2);
  x("copy-selection");
  // vi: the selection ends past the line's text, so the line's newline comes too (as tmux 3.3a).
  expect(copied[0]).toBe("0123456789abcdef\nx  y\n");
  // A selection ending inside a line's spaces keeps them.
  cm.moveTo(0, 2);
  x("begin-selection");
  cm.moveTo(2, 2);
  x("copy-selection");
  expect(copied[1]).toBe("x  ");
});

test("wide characters are copied whole, once", async () => {
  const t = term(12, 3);
  await write(t, "a日本語b\r\n");
  const { cm, copied, x } = setup(t);
  cm.moveTo(4, 0); // the right half of 本 moves to its left half
  expect(cm.cursor.x).toBe(3);
  cm.anchor = { x: 2, y: 0 }; // a selection starting on the right half of 日 takes all of it
  x("copy-selection");
  expect(copied).toEqual(["日本"]);
  cm.moveTo(0, 0);
  x("end-of-line");
  expect(cm.cursor.x).toBe(8); // after the last character 'b', in vi too (tmux 3.3a)
});

test("rectangle copy takes the same columns of every line", async () => {
  const t = term(20, 5);
  await write(t, "abcdefgh\r\n12345678\r\nABCDEFGH\r\n");
  const { cm, copied, x } = setup(t);
  cm.moveTo(2, 0);
  x("begin-selection");
  x("rectangle-toggle");
  cm.moveTo(4, 2);
  const v = cm.view();
  expect(v.highlights.map((h) => [h.x, h.y, h.width])).toEqual([[2, 0, 3], [2, 1, 3], [2, 2, 3]]);
  x("copy-selection");
  expect(copied).toEqual(["cde\n345\nCDE"]);
});

test("search forward and backward, n and N, wrapping; matches highlighted", async () => {
  const t = term(30, 5);
  await write(t, "alpha\r\nneedle one\r\nbeta\r\nNeedle two\r\ngamma\r\ndelta\r\nepsilon\r\n");
  const { cm, copied, x } = setup(t);
  x("history-top");
  x("search-forward", "needle"); // lower case: any case
  expect(cm.cursor).toEqual({ x: 0, y: 1 });
  x("search-again");
  expect(cm.cursor).toEqual({ x: 0, y: 3 });
  x("search-again"); // wraps to the first
  expect(cm.cursor).toEqual({ x: 0, y: 1 });
  x("search-reverse");
  expect(cm.cursor).toEqual({ x: 0, y: 3 });
  const marks = cm.view().highlights.filter((h) => h.bg === "cyan" || h.bg === "magenta");
  expect(marks.length).toBeGreaterThan(0);
  expect(marks.find((h) => h.bg === "magenta")).toMatchObject({ x: 0, width: 6 });
  // Copy the match: begin at it, move to its end.
  x("begin-selection");
  x("next-word-end");
  x("copy-selection-and-cancel");
  expect(copied).toEqual(["Needle"]);
  const { cm: cm2, x: x2 } = setup(t);
  x2("search-backward", "Needle"); // capitals: exact case
  expect(cm2.cursor).toEqual({ x: 0, y: 3 });
});

test("search-forward and -backward (/ and ?) take a regular expression; the -text ones, and bad expressions, plain text", async () => {
  const t = term(30, 6);
  await write(t, "error 42\r\nwarn 7\r\nERROR 100 [x]\r\nerror 3\r\nerr.r\r\n");
  const { cm, x } = setup(t);
  x("history-top");
  x("search-forward", "error [0-9]{3}"); // lower case: any case, as for text
  expect(cm.cursor).toEqual({ x: 0, y: 2 });
  expect(cm.view().highlights.find((h) => h.bg === "magenta")).toMatchObject({ x: 0, width: 9 });
  x("search-again"); // n keeps the expression
  expect(cm.cursor).toEqual({ x: 0, y: 2 }); // the only match: wraps back to it
  x("search-backward", "^warn"); // ? too
  expect(cm.cursor).toEqual({ x: 0, y: 1 });
  x("search-forward", "r\\b"); // an r that ends a word: ERROR's, not warn's or error's first
  expect(cm.cursor).toEqual({ x: 4, y: 2 });
  x("search-forward-text", "err.r"); // text: the dot is a dot
  expect(cm.cursor).toEqual({ x: 0, y: 4 });
  x("history-top");
  x("search-forward", "[x"); // does not compile: searched as text
  expect(cm.cursor).toEqual({ x: 10, y: 2 });
});

test("words, line positions and screen lines move as vi's w b e 0 $ ^ H M L", async () => {
  const t = term(30, 5);
  await write(t, "  foo-bar baz\r\nqux\r\n");
  const { cm, x } = setup(t);
  cm.moveTo(0, 0);
  x("back-to-indentation");
  expect(cm.cursor.x).toBe(2);
  x("next-word");
  expect(cm.cursor.x).toBe(5); // the '-'
  x("next-word");
  expect(cm.cursor.x).toBe(6);
  x("next-word-end");
  expect(cm.cursor.x).toBe(8);
  x("next-word");
  x("next-word");
  expect(cm.cursor).toEqual({ x: 0, y: 1 });
  x("previous-word");
  expect(cm.cursor).toEqual({ x: 10, y: 0 });
  x("start-of-line");
  expect(cm.cursor.x).toBe(0);
  x("bottom-line");
  expect(cm.cursor.y).toBe(4);
  x("middle-line");
  expect(cm.cursor.y).toBe(2);
  x("top-line");
  expect(cm.cursor.y).toBe(0);
});

test("output arriving in copy mode does not move the view, even when history is trimmed", async () => {
  const t = term(20, 4, 30);
  await write(t, numbered(20));
  const { cm, x } = setup(t);
  x("page-up");
  const topText = () => t.buffer.active.getLine(cm.top)?.translateToString(true);
  const before = topText();
  const offset = cm.position.offset;
  await write(t, numbered(5));
  expect(topText()).toBe(before);
  expect(cm.position.offset).toBe(offset + 5);
  // Past the history limit xterm drops the oldest lines: the view follows its line.
  await write(t, numbered(12));
  expect(t.buffer.active.baseY).toBe(30);
  expect(topText()).toBe(before);
  // Until its line itself is dropped: then the view is at the top.
  await write(t, numbered(40));
  expect(cm.top).toBe(0);
});

test("page up / down, half pages, goto-line and the indicator", async () => {
  const t = term(20, 10);
  await write(t, numbered(100));
  const { cm, x } = setup(t);
  x("page-up");
  expect(cm.position.offset).toBe(8);
  x("halfpage-up");
  expect(cm.position.offset).toBe(13);
  x("halfpage-down");
  x("page-down");
  expect(cm.position.offset).toBe(0);
  x("goto-line", "42");
  expect(cm.view().indicator).toBe(`[42/${cm.position.history}]`);
  x("history-bottom");
  expect(cm.position.offset).toBe(0);
});

test("exit at bottom (the wheel's copy-mode -e) leaves when scrolled down to the live screen", async () => {
  const t = term(20, 5);
  await write(t, numbered(30));
  const { cm, exited } = setup(t);
  cm.exitAtBottom = true;
  cm.scroll(-5);
  expect(exited()).toBe(false);
  cm.scroll(5);
  expect(exited()).toBe(true);
});

test("f F t T jump along the line to a character; ; repeats and , reverses (tmux's jump-*)", async () => {
  const t = term(40, 3);
  await write(t, "a=1, b=2, c=3\r\n");
  const { cm, x } = setup(t);
  cm.moveTo(0, 0);
  x("jump-forward", ",");
  expect(cm.cursor.x).toBe(3);
  x("jump-again");
  expect(cm.cursor.x).toBe(8);
  x("jump-again"); // no third comma: the cursor stays
  expect(cm.cursor.x).toBe(8);
  x("jump-reverse");
  expect(cm.cursor.x).toBe(3);
  x("jump-backward", "a");
  expect(cm.cursor.x).toBe(0);
  x("jump-to-forward", "=");
  expect(cm.cursor.x).toBe(5); // the "=" next to the cursor is skipped (t looks one past it, as tmux): before b's
  x("jump-again");
  expect(cm.cursor.x).toBe(10);
  x("jump-to-backward", "b");
  expect(cm.cursor.x).toBe(6);
  x("jump-forward", "z"); // not on the line
  expect(cm.cursor.x).toBe(6);
  cm.dispose();
});

test("wrap-search off: a search stops at the end of the history instead of going round", async () => {
  const t = term(30, 5);
  await write(t, "alpha\r\nneedle one\r\nbeta\r\nneedle two\r\ngamma\r\n");
  const { cm, x } = setup(t);
  x("history-top");
  x("search-forward", "needle");
  x("search-again");
  expect(cm.cursor).toEqual({ x: 0, y: 3 });
  cm.wrapSearch = false;
  x("search-again"); // nothing after the last: the cursor stays
  expect(cm.cursor).toEqual({ x: 0, y: 3 });
  cm.wrapSearch = true;
  x("search-again");
  expect(cm.cursor).toEqual({ x: 0, y: 1 });
});

test("word-separators decide where words end (the session's option, given to copy mode)", async () => {
  const t = term(30, 5);
  await write(t, "one.two-three four");
  const { cm, x } = setup(t);
  x("start-of-line");
  x("next-word"); // the default separators: "." ends "one"
  expect(cm.cursor.x).toBe(3);
  x("start-of-line");
  cm.wordSeparators = "-";
  x("next-word"); // "one.two" is one word now
  expect(cm.cursor.x).toBe(7);
});
