// The mode tree as tmux 3.3a draws it: each case of test/e2e/goldens/mode-tree.json (choose-tree
// and choose-buffer: tree lines, the list height, the preview box, its title and filter state, and
// what it shows of sessions, windows, panes and buffers) attached in weft
// in the same host terminal tmux was recorded in; every cell must be the same.
// Regenerate the golden with scripts/goldens/mode-tree.ts. Then the mode's own keys (tags, d, D)
// and choose-client's preview, whose client names differ from run to run.
import { test, expect, afterEach } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { weftBinary } from "../helpers/binary.ts";
import { paintScreen, screenDiff, type PaintCase, type Screen } from "../helpers/paint-host.ts";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

const GOLDEN: (PaintCase & { screen: Screen })[] = JSON.parse(readFileSync(join(import.meta.dir, "goldens/mode-tree.json"), "utf8"));

test("the golden holds every case", () => {
  expect(GOLDEN.length).toBeGreaterThanOrEqual(10);
});

for (const pc of GOLDEN) {
  test(`draws as tmux: ${pc.name}`, async () => {
    const screen = await paintScreen(await weftBinary(), `mtree-${process.pid}`, pc);
    expect(screenDiff(pc.screen, screen)).toEqual([]);
  }, 60_000);
}

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

test("buffer-mode: t tags (a * after the name) and moves down, d deletes the current buffer, D the tagged, none left leaves the mode", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "b", "-x", "80", "-y", "23", "cat");
  for (const n of ["one", "two", "three", "four"]) await w.ok("set-buffer", "-b", n, `${n} text`);
  const c = w.attach(["attach", "-t", "b"], 80, 24);
  await c.waitForScreen((s) => s.includes("[b]"), "status line");
  await w.ok("choose-buffer", "-F", "#{buffer_sample}", "-t", "b");
  await c.waitForScreen((s) => s.includes("(3) one: one text") && s.includes("┌ four (sort: time)") && s.includes("│ four text"), "the list and the preview of the newest");
  c.type("t");
  await c.waitForScreen((s) => s.includes("(0) four*: four text") && s.includes("┌ three (sort: time)"), "four tagged, three current");
  c.type("d");
  await waitFor(async () => (await w.ok("list-buffers", "-F", "#{buffer_name}")).split("\n").filter(Boolean).join(",") === "four,two,one", "three deleted");
  c.type("\x14"); // C-t tags them all
  await c.waitForScreen((s) => s.includes("(2) one*: one text"), "all tagged");
  c.type("D");
  await waitFor(async () => (await w.ok("list-buffers")) === "", "the tagged deleted");
  await waitFor(async () => (await w.ok("display", "-p", "-t", "b", "#{pane_in_mode}")).trim() === "0", "the mode gone with the last buffer");
});

test("client-mode's preview is the client's active pane, a line and its status line, as tmux's", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "cl", "-x", "80", "-y", "29", "cat");
  await w.ok("send-keys", "-t", "cl", "pane text", "Enter");
  const c = w.attach(["attach", "-t", "cl"], 80, 30);
  await c.waitForScreen((s) => s.includes("[cl]"), "status line");
  await w.ok("choose-client", "-t", "cl");
  const s = await c.waitForScreen((s) => s.includes("(sort: name)"), "the preview box");
  const rows = s.split("\n");
  const top = rows.findIndex((r) => r.includes("(sort: name)"));
  expect(rows[top + 1]).toStartWith("│ pane text");
  // The line and the status line at the bottom of the box.
  expect(rows[rows.length - 4]).toStartWith(`│ ${"─".repeat(76)} │`);
  expect(rows[rows.length - 3]).toStartWith("│ [cl] 0:");
  expect(rows[rows.length - 2]).toStartWith("└");
});
