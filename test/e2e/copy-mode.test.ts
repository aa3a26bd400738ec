// Copy mode through a real client: keys scroll the history, search it, select and copy into a
// paste buffer; output that arrives meanwhile does not move the view.
import { test, expect, afterEach } from "bun:test";
import { Weft, type HostClient } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const ROWS = "i=1; while [ $i -le 200 ]; do echo row-$i; i=$((i+1)); done; exec cat >/dev/null";

async function start(modeKeys: "vi" | "emacs"): Promise<{ w: Weft; c: HostClient }> {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "cm", "-x", "40", "-y", "10", "--", "sh", "-c", ROWS);
  await w.ok("set", "-g", "mode-keys", modeKeys);
  const c = w.attach(["attach", "-t", "cm"], 40, 11);
  await c.waitForScreen((s) => s.includes("row-200"), "the pane's output");
  return { w, c };
}

async function buffer(w: Weft, want: string): Promise<void> {
  let last = "";
  await waitFor(async () => (last = (await w.run("show-buffer")).stdout) === want, `buffer ${JSON.stringify(want)}, was ${JSON.stringify(last)}`);
}

const inMode = async (w: Weft) => (await w.ok("display", "-p", "#{pane_in_mode}")).trim();

test("emacs keys: C-b [ shows the position, M-< goes to the top, a line is selected and copied with M-w", async () => {
  const { w, c } = await start("emacs");
  c.type("\x02[");
  await c.waitForScreen((s) => /\[0\/\d+\]/.test(s.split("\n")[0]!), "the position indicator top-right");
  expect(await inMode(w)).toBe("1");
  c.type("\x1b<"); // M-<: history top
  await c.waitForScreen((s) => s.split("\n")[0]!.startsWith("row-1 "), "the first history line at the top");
  c.type("\x0e\x0e\x0e\x0e"); // C-n x4: the fifth line
  c.type("\x00\x05"); // C-Space begins the selection (tmux's emacs Space pages down), C-e to its end
  c.type("\x1bw"); // M-w copies and leaves
  await buffer(w, "row-5");
  await waitFor(async () => (await inMode(w)) === "0", "copy mode to end");
  await c.waitForScreen((s) => s.includes("row-200") && !/\[\d+\/\d+\]/.test(s), "the live screen again");
  // set-clipboard (external by default) sent it to the host as OSC 52 as well.
  expect(c.raw).toContain(`\x1b]52;c;${Buffer.from("row-5").toString("base64")}\x07`);
});

test("vi keys: / searches, the match is copied with Space, l and y", async () => {
  const { w, c } = await start("vi");
  c.type("\x02[");
  await c.waitForScreen((s) => /\[0\/\d+\]/.test(s), "copy mode");
  c.type("/");
  await c.waitForScreen((s) => s.split("\n")[10]!.startsWith("(search down)"), "the search prompt");
  c.type("row-123\r");
  await c.waitForScreen((s) => s.includes("row-123") && !s.includes("row-200"), "the view moved to the match");
  c.type(" llllll");
  c.type("\r"); // Enter copies: tmux's vi table has no y
  await buffer(w, "row-123");
  // n finds the next match (wrapping to the same one here), N the other way.
  c.type("\x02[?row-12\r");
  await c.waitForScreen((s) => /\[\d+\/\d+\]/.test(s) && s.includes("row-129"), "search backward");
  c.type("q");
  await waitFor(async () => (await inMode(w)) === "0", "q to leave");
});

test("vi keys: a rectangle copy takes the same columns of several lines", async () => {
  const { w, c } = await start("vi");
  c.type("\x02[");
  await c.waitForScreen((s) => /\[0\/\d+\]/.test(s), "copy mode");
  c.type("g");
  await c.waitForScreen((s) => s.split("\n")[0]!.startsWith("row-1 "), "history top");
  c.type("jjjjjjjjjllll"); // row-10, column 4
  c.type(" vjjl"); // begin, rectangle, down two, right one
  c.type("\r"); // Enter copies too
  await buffer(w, "10\n11\n12");
});

test("output arriving in copy mode does not move the view; q returns to the live screen", async () => {
  weft = await Weft.start();
  const w = weft;
  await w.ok("new", "-d", "-s", "live", "-x", "40", "-y", "10", "--", "sh");
  const c = w.attach(["attach", "-t", "live"], 40, 11);
  await c.waitForScreen((s) => s.includes("[live]"), "status");
  // The new output waits for a file: keys sent to a pane in copy mode go to copy mode, not the shell.
  const go = join(w.dir, "go");
  c.type(`i=0; while [ $i -lt 100 ]; do echo old-$i; i=$((i+1)); done; while [ ! -e ${go} ]; do sleep 0.05; done; i=0; while [ $i -lt 30 ]; do echo new-$i; i=$((i+1)); done\r`);
  await c.waitForScreen((s) => s.includes("old-99"), "the first output");
  c.type("\x02[\x1b[5~"); // C-b [ then PageUp
  const frozen = await c.waitForScreen((s) => /\[8\/\d+\]/.test(s), "a page up");
  const body = (s: string) => s.split("\n").slice(1, 10).join("\n"); // rows under the indicator
  const history = async () => Number((await w.ok("display", "-p", "-t", "live", "#{history_size}")).trim());
  const before = await history();
  writeFileSync(go, "");
  await waitFor(async () => (await history()) >= before + 30, "the new output parsed");
  await c.waitForScreen((s) => /\[(3[89]|4\d)\/\d+\]/.test(s), "the indicator counting the new lines");
  expect(body(c.screen())).toBe(body(frozen));
  expect(c.screen()).not.toContain("new-");
  c.type("q");
  await c.waitForScreen((s) => s.includes("new-29"), "the live screen with the new output");
});

test("vi keys: f asks for one character and jumps to it, ; repeats, then a copy from there", async () => {
  const { w, c } = await start("vi");
  c.type("\x02[");
  await c.waitForScreen((s) => /\[0\/\d+\]/.test(s), "copy mode");
  c.type("k0"); // the line above the prompt line: row-200
  c.type("f");
  await c.waitForScreen((s) => s.split("\n")[10]!.startsWith("(jump forward)"), "the one-key prompt");
  c.type("0"); // no Enter: the key itself answers
  await c.waitForScreen((s) => !s.split("\n")[10]!.startsWith("(jump forward)"), "the prompt to close");
  c.type(";"); // the second "0" of row-200
  c.type(" $\r");
  await buffer(w, "0\n");
  // F looks back along the line.
  c.type("\x02[k$F-");
  c.type(" $\r");
  await buffer(w, "-200\n");
});

test("vi keys: a count before a key repeats it (12k), shown in a (repeat) prompt; emacs: M-3 then C-p", async () => {
  const { w, c } = await start("vi");
  c.type("\x02[");
  await c.waitForScreen((s) => /\[0\/\d+\]/.test(s), "copy mode");
  c.type("12");
  await c.waitForScreen((s) => s.split("\n")[10]!.startsWith("(repeat) 12"), "the count on the status line");
  c.type("k"); // ends the count and moves 12 lines up from the empty line below row-200
  c.type(" $\r");
  await buffer(w, "row-189\n");
  await w.ok("set", "-g", "mode-keys", "emacs");
  c.type("\x02[");
  await c.waitForScreen((s) => /\[0\/\d+\]/.test(s), "copy mode again");
  c.type("\x1b3\x10"); // M-3 C-p
  c.type("\x00\x05\x1bw"); // C-Space, C-e, M-w
  await buffer(w, "row-198");
});

test("pipe and copy-pipe run their command, its formats expanded for the pane, with the selection on its stdin; pipe makes no buffer", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "p", "-x", "40", "-y", "10", "--", "sh", "-c", "printf 'alpha beta\\n'; exec cat");
  await w.waitForText("alpha beta", "p");
  const out = (name: string) => join(w.dir, name);
  const read = (f: string) => (existsSync(f) ? readFileSync(f, "utf8") : "");
  await w.ok("copy-mode", "-t", "p", ";", "send", "-t", "p", "-X", "history-top", ";", "send", "-t", "p", "-X", "begin-selection", ";",
    "send", "-t", "p", "-X", "next-word", ";", "send", "-t", "p", "-X", "pipe", `cat > ${out("pipe")}.#{session_name}`);
  await waitFor(() => read(`${out("pipe")}.p`) === "alpha ", "pipe's command to write the selection");
  expect((await w.run("list-buffers")).stdout).toBe("");
  // pipe cleared the selection; copy-pipe-and-cancel copies the line and leaves.
  await w.ok("send", "-t", "p", "-X", "copy-pipe-line-and-cancel", `cat > ${out("line")}.#{pane_id}`);
  const id = (await w.ok("display", "-p", "-t", "p", "#{pane_id}")).trim();
  await waitFor(() => read(`${out("line")}.${id}`) === "alpha beta", "copy-pipe-line's command");
  expect((await w.ok("show-buffer")).startsWith("alpha beta")).toBe(true);
  expect((await w.ok("display", "-p", "-t", "p", "#{pane_in_mode}")).trim()).toBe("0");
});
