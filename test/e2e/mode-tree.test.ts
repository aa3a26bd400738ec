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
import { waitFor, within } from "../helpers/wait.ts";

const GOLDEN: (PaintCase & { screen: Screen; ignoreRows?: number[] })[] = JSON.parse(readFileSync(join(import.meta.dir, "goldens/mode-tree.json"), "utf8"));

test("the golden holds every case", () => {
  expect(GOLDEN.length).toBeGreaterThanOrEqual(10);
});

for (const pc of GOLDEN) {
  test(`draws as tmux: ${pc.name}`, async () => {
    const screen = await paintScreen(await weftBinary(), `mtree-${process.pid}`, pc);
    // Rows naming the client's tty or the time differ from run to run: left out of both.
    const keep = (s: Screen) => s.map((row, y) => (pc.ignoreRows?.includes(y) ? [] : row));
    expect(screenDiff(keep(pc.screen), keep(screen))).toEqual([]);
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

/** A session "k" of three windows (the second split) attached 80x24, in choose-tree. */
async function treeOpen(): Promise<{ w: Weft; c: ReturnType<Weft["attach"]> }> {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "k", "-n", "a", "-x", "80", "-y", "23", "cat");
  await w.ok("new-window", "-d", "-t", "k:1", "-n", "b", "cat");
  await w.ok("split-window", "-d", "-t", "k:1", "cat");
  await w.ok("new-window", "-d", "-t", "k:2", "-n", "c", "cat");
  const c = w.attach(["attach", "-t", "k"], 80, 24);
  await c.waitForScreen((s) => s.includes("[k]"), "status line");
  await w.ok("choose-tree", "-t", "k");
  await c.waitForScreen((s) => s.includes("(5) └─>   2: c"), "the tree");
  return { w, c };
}

const windowNames = async (w: Weft) => (await w.ok("list-windows", "-t", "k", "-F", "#{window_name}")).split("\n").filter(Boolean).join(",");

test("tree-mode: x asks to kill the current item (n keeps it, y kills it), X the tagged ones", async () => {
  const { w, c } = await treeOpen();
  c.type("jjjj"); // the window c
  c.type("x");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith("Kill window 2? "), "the confirm prompt");
  c.type("n");
  await c.waitForScreen((s) => !s.includes("Kill window 2?") && s.includes("(5) └─>   2: c"), "declined: still there");
  expect(await windowNames(w)).toBe("a,b,c");
  c.type("x");
  await c.waitForScreen((s) => s.includes("Kill window 2? "), "asked again");
  c.type("y");
  await waitFor(async () => (await windowNames(w)) === "a,b", "window c killed");
  await c.waitForScreen((s) => !s.includes("2: c") && s.includes("(2) └─> - 1: b") && s.includes("(4)     └─> 1: "), "gone from the tree");
  // X: the two tagged panes of b, after "Kill 2 tagged?".
  c.type("g");
  c.type("jjjtt");
  await c.waitForScreen((s) => s.includes("(3)     ├─> 0*: ") && s.includes("(4)     └─> 1*: "), "both panes tagged");
  c.type("X");
  await c.waitForScreen((s) => s.includes("Kill 2 tagged? "), "the tagged prompt");
  c.type("y");
  await waitFor(async () => (await windowNames(w)) === "a", "window b gone with its panes");
});

test("tree-mode: f's prompt filters the items (shown in the preview's title), an empty answer clears it", async () => {
  const { c } = await treeOpen();
  c.type("f");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith("(filter) "), "the filter prompt");
  c.type("#{==:#{window_name},b}\r");
  const s = await c.waitForScreen((s) => s.includes("(filter: active)"), "the filter active");
  const top = s.split("\n").slice(0, 5);
  ["(0) - k: 3 windows", "(1) └─> - 1: b", "(2)     ├─> 0: ", "(3)     └─> 1: "].forEach((start, i) => expect(top[i]).toStartWith(start));
  expect(top[4]!.trim()).toBe("");
  c.type("f");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith("(filter) #{==:#{window_name},b}"), "the prompt starts with the filter");
  c.type("\x15\r"); // C-u empties it
  await c.waitForScreen((s) => !s.includes("(filter:") && s.includes("(5) └─>   2: c"), "everything again");
  c.type("f");
  c.type("#{==:1,0}\r");
  await c.waitForScreen((s) => s.includes("(filter: no matches)") && s.includes("(5) └─>   2: c"), "no matches shows everything");
});

test("tree-mode: O cycles the sort order (index, name, time) and r reverses it, in the preview's title", async () => {
  const { w, c } = await treeOpen();
  await w.ok("rename-window", "-t", "k:0", "z");
  await c.waitForScreen((s) => s.includes("(1) ├─>   0: z*") && s.includes("(sort: index)"), "by index");
  c.type("O");
  await c.waitForScreen((s) => s.includes("(sort: name)") && s.includes("(1) ├─> - 1: b") && s.includes("(5) └─>   0: z*"), "by name");
  c.type("r");
  await c.waitForScreen((s) => s.includes("(sort: name, reversed)") && s.includes("(1) ├─>   0: z*") && s.includes("(3) └─> - 1: b") && s.includes("(5)     └─> 0: "), "by name, reversed");
  c.type("O");
  await c.waitForScreen((s) => s.includes("(sort: time, reversed)"), "by time");
  c.type("O");
  await c.waitForScreen((s) => s.includes("(sort: index, reversed)") && s.includes("(1) ├─>   2: c"), "round to index");
});

test("tree-mode: Left collapses, Right expands, M-- and M-+ all; -Z zooms the pane while it is shown", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "z", "-x", "80", "-y", "23", "cat");
  await w.ok("split-window", "-d", "-t", "z", "cat");
  const c = w.attach(["attach", "-t", "z"], 80, 24);
  await c.waitForScreen((s) => s.includes("[z]"), "status line");
  await w.ok("choose-tree", "-Z", "-t", "z:0.0");
  await c.waitForScreen((s) => s.includes("(3)     └─> 1: "), "the tree");
  expect((await w.ok("display", "-p", "-t", "z", "#{window_zoomed_flag}")).trim()).toBe("1");
  c.type("\x1b[D"); // Left on a pane: its window collapses and becomes current
  await c.waitForScreen((s) => s.includes("(1) └─> + 0: ") && !s.includes("(2)"), "the window collapsed");
  c.type("\x1b[C");
  await c.waitForScreen((s) => s.includes("(1) └─> - 0: ") && s.includes("(3)     └─> 1: "), "expanded");
  c.type("\x1b-");
  await c.waitForScreen((s) => s.includes("(0) + z: ") && !s.includes("(1)"), "M--: all collapsed");
  c.type("\x1b+");
  await c.waitForScreen((s) => s.includes("(0) - z: ") && s.includes("(1) └─> - 0: "), "M-+: the sessions expanded");
  c.type("q");
  await waitFor(async () => (await w.ok("display", "-p", "-t", "z", "#{pane_in_mode} #{window_zoomed_flag}")).trim() === "0 0", "unzoomed as the mode leaves");
});

test("the prefix and root bindings work over a tree (tmux's tree mode has no key table of its own): C-b c then C-b d", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "pk", "-x", "80", "-y", "23", "cat");
  const c = w.attach(["attach", "-t", "pk"], 80, 24);
  await c.waitForScreen((s) => s.includes("[pk]"), "status line");
  await w.ok("choose-tree", "-t", "pk");
  await waitFor(async () => (await w.ok("display", "-p", "-t", "pk", "#{pane_mode}")).trim() === "tree-mode", "tree mode");
  c.type("\x02c"); // C-b c: a new window, not keys for the tree
  await waitFor(async () => (await w.ok("display", "-p", "-t", "pk", "#{session_windows}")).trim() === "2", "the new window");
  c.type("\x02d");
  await within(c.exited, "the client to detach");
});
