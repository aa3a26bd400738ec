// Options that change what the server does, each set as a user would and its effect checked:
// default-terminal, default-command, base-index and pane-base-index, renumber-windows,
// automatic-rename, remain-on-exit failed, history-limit, scroll-on-clear, exit-unattached,
// visual-bell, copy-command and focus-events.
import { afterEach, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const show = async (w: Weft, t: string, fmt: string) => (await w.ok("display", "-p", "-t", t, fmt)).trim();

test("default-terminal is the panes' TERM (tmux-256color, tmux 3.3a's default here)", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "t", "--", "sh", "-c", "echo TERM=$TERM; exec sleep 60");
  await w.waitForText("TERM=tmux-256color", "t");
  await w.ok("set", "-s", "default-terminal", "screen");
  await w.ok("new-window", "-d", "-t", "t:1", "--", "sh", "-c", "echo TERM=$TERM; exec sleep 60");
  await w.waitForText("TERM=screen", "t:1");
});

test("default-command runs in new panes given no command; default-shell runs it", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "d");
  await w.ok("set", "-g", "default-command", "echo DC-RAN $0; exec sleep 60");
  await w.ok("new-window", "-d", "-t", "d:1");
  await w.waitForText("DC-RAN /bin/sh", "d:1");
  const bad = await w.run("set", "-g", "default-shell", "relative/sh");
  expect(bad.stderr.trim()).toBe("not a suitable shell: relative/sh");
});

test("base-index numbers new windows, pane-base-index panes (targets and formats)", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "first");
  await w.ok("set", "-g", "base-index", "1");
  await w.ok("new", "-d", "-s", "b");
  expect(await show(w, "b", "#{window_index}")).toBe("1");
  await w.ok("set", "-g", "pane-base-index", "1");
  await w.ok("split-window", "-d", "-t", "b");
  expect(await show(w, "b", "#{P:#{pane_index} }")).toBe("1 2");
  expect(await show(w, "b:1.2", "#{pane_index}")).toBe("2");
  expect((await w.run("select-pane", "-t", "b:1.0")).stderr.trim()).toBe("can't find pane: 0");
});

test("renumber-windows closes the gap a killed window leaves", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "r");
  await w.ok("new-window", "-d", "-t", "r:1");
  await w.ok("new-window", "-d", "-t", "r:2");
  await w.ok("set", "-t", "r", "renumber-windows", "on");
  await w.ok("kill-window", "-t", "r:1");
  expect((await w.ok("list-windows", "-t", "r", "-F", "#{window_index}")).trim().split("\n")).toEqual(["0", "1"]);
});

test("automatic-rename follows the program with automatic-rename-format; rename-window turns it off", async () => {
  const w = (weft = await Weft.start());
  // The program reads a line, then becomes sleep: the echo of Enter is the last output it makes.
  await w.ok("new", "-d", "-s", "a", "--", "sh", "-c", "read x; exec sleep 60");
  await waitFor(async () => (await show(w, "a", "#W")) === "sh", "the shell's name");
  await w.ok("send-keys", "-t", "a", "Enter");
  let seen = "";
  await waitFor(async () => (seen = await show(w, "a", "#W #{pane_current_command}")) === "sleep sleep", () => `the window renamed after its program: ${seen}`);
  await w.ok("set", "-w", "-t", "a", "automatic-rename-format", "#{pane_current_command}!");
  await waitFor(async () => (await show(w, "a", "#W")) === "sleep!", "the format applied");
  await w.ok("rename-window", "-t", "a", "fixed");
  expect(await show(w, "a", "#W #{automatic-rename}")).toBe("fixed 0");
  await w.ok("set", "-w", "-t", "a", "automatic-rename", "on");
  await waitFor(async () => (await show(w, "a", "#W")) === "sleep!", "renamed again");
});

test("remain-on-exit failed keeps only panes whose program failed", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "f", "--", "sh");
  await w.ok("set", "-w", "-t", "f", "remain-on-exit", "failed");
  await w.ok("split-window", "-d", "-t", "f", "--", "sh", "-c", "exit 0");
  await w.ok("split-window", "-d", "-t", "f", "--", "sh", "-c", "exit 3");
  await waitFor(async () => (await show(w, "f", "#{P:#{pane_dead}#{pane_dead_status} }")) === "0 13", "the failed pane dead, the other gone");
});

test("history-limit bounds a new pane's history; scroll-on-clear puts a cleared screen into it", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "first");
  await w.ok("set", "-g", "history-limit", "10");
  await w.ok("new", "-d", "-s", "h", "-x", "40", "-y", "10", "--", "sh", "-c", "seq 1 100; echo SEQ-DONE; exec sleep 60");
  await w.waitForText("SEQ-DONE", "h");
  expect(await show(w, "h", "#{history_size} #{history_limit}")).toBe("10 10");
  await w.ok("set", "-g", "history-limit", "2000");
  const clearing = (name: string) => ["new-window", "-d", "-t", name, "--", "sh", "-c", "echo KEEP-ME; printf '\\033[2J'; echo CLEARED; exec sleep 60"];
  await w.ok(...clearing("h:1"));
  await w.waitForText("CLEARED", "h:1");
  expect((await w.ok("capture-pane", "-p", "-S", "-", "-t", "h:1")).includes("KEEP-ME")).toBe(true);
  await w.ok("set", "-g", "scroll-on-clear", "off");
  await w.ok(...clearing("h:2"));
  await w.waitForText("CLEARED", "h:2");
  expect(await show(w, "h:2", "#{history_size}")).toBe("0");
});

test("exit-unattached: the server leaves once no client is attached", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "x");
  const [pid] = w.serverPids();
  await w.ok("set", "-s", "exit-unattached", "on");
  await waitFor(() => !existsSync(`/proc/${pid}`), "the server to exit");
});

test("visual-bell shows a message instead of ringing; copy-command gets copy-pipe's text", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "v", "-x", "80", "-y", "23", "--", "sh");
  await w.ok("new-window", "-d", "-t", "v:1", "--", "sh");
  for (const t of ["v:0", "v:1"]) await waitFor(async () => (await show(w, t, "#{cursor_x}")) !== "0", "the prompt");
  await w.ok("set", "-t", "v", "visual-bell", "on");
  const c = w.attach(["attach", "-t", "v"], 80, 24);
  await c.waitForScreen((s) => s.includes("0:sh*"), "attached");
  await w.ok("send-keys", "-t", "v:1", "printf '\\a'", "Enter");
  await c.waitForScreen((s) => s.includes("Bell in window 1"), "the visual bell");
  const out = join(w.dir, "copied");
  await w.ok("set", "-s", "copy-command", `cat > ${out}`);
  await w.ok("send-keys", "-t", "v:0", "echo COPYTHIS", "Enter");
  await w.waitForText("COPYTHIS\n", "v:0");
  await w.ok("copy-mode", "-t", "v:0");
  await w.ok("send-keys", "-t", "v:0", "-X", "search-backward", "COPYTHIS");
  await w.ok("send-keys", "-t", "v:0", "-X", "begin-selection");
  await w.ok("send-keys", "-t", "v:0", "-X", "next-word-end");
  await w.ok("send-keys", "-t", "v:0", "-X", "copy-pipe-and-cancel");
  await waitFor(() => existsSync(out) && readFileSync(out, "utf8") === "COPYTHIS", "copy-command's file");
});

test("focus-events: the host terminal is asked for focus reports, and a pane that asked hears them", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "first");
  await w.ok("set", "-s", "focus-events", "on");
  await w.ok("new", "-d", "-s", "fo", "--", "sh", "-c", "printf '\\033[?1004h'; echo READY; exec cat");
  await w.waitForText("READY", "fo");
  const c = w.attach(["attach", "-t", "fo"], 80, 24);
  await c.waitForScreen((s) => s.includes("READY"), "attached");
  await waitFor(() => c.raw.includes("\x1b[?1004h"), "focus reports asked of the host");
  c.type("\x1b[I");
  await w.waitForText("^[[I", "fo"); // the pane's terminal echoes what it was sent
});

test("escape-time: an Escape and a key typed apart are one Meta key only within it", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "e", "--", "cat", "-v");
  await w.ok("bind", "-n", "M-x", "set", "-g", "@meta", "yes");
  const c = w.attach(["attach", "-t", "e"], 80, 24);
  await c.waitForScreen((s) => s.includes("[e]"), "attached");
  await w.ok("set", "-s", "escape-time", "60000");
  c.type("\x1b");
  await waitFor(async () => (await w.ok("show", "-sv", "escape-time")).trim() === "60000", "the option");
  c.type("x");
  // @meta is unset (show exits 1) until the binding has run: wait on what show prints.
  await waitFor(async () => (await w.run("show", "-gv", "@meta")).stdout.trim() === "yes", "M-x from ESC then x");
  await w.ok("set", "-s", "escape-time", "0");
  c.type("\x1b");
  await w.waitForText("^[", "e"); // Escape on its own went to the pane at once
  c.type("x\r");
  await w.waitForText("^[x", "e");
});

test("repeat-time: a -r key repeats without the prefix only within it", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "rp", "--", "cat");
  await w.ok("set", "-g", "@count", "0");
  await w.ok("bind", "-r", "k", "set", "-gF", "@count", "#{e|+:#{@count},1}");
  const c = w.attach(["attach", "-t", "rp"], 80, 24);
  await c.waitForScreen((s) => s.includes("[rp]"), "attached");
  const count = async () => (await w.ok("show", "-gv", "@count")).trim();
  await w.ok("set", "-g", "repeat-time", "32767"); // its maximum
  c.type("\x02k");
  await waitFor(async () => (await count()) === "1", "the first k");
  c.type("k");
  await waitFor(async () => (await count()) === "2", "k repeated without the prefix");
  await w.ok("set", "-g", "repeat-time", "0");
  c.type("\x02k");
  await waitFor(async () => (await count()) === "3", "k after the prefix");
  c.type("k\r");
  await w.waitForText("k", "rp"); // no repeat: the second k went to the pane
  expect(await count()).toBe("3");
});

test("allow-rename: a program's ESC k name ST names its window only when allowed, and never shows", async () => {
  const w = (weft = await Weft.start());
  // Each Enter lets the program send one name; its terminal does not echo what is typed.
  const script = "stty -echo; read x; printf '\\033krefused\\033\\\\'; echo after; read y; printf '\\033kgiven\\033\\\\'; exec sleep 60";
  await w.ok("new", "-d", "-s", "ar", "-n", "start", "--", "sh", "-c", script);
  await w.ok("set", "-w", "-t", "ar", "automatic-rename", "off");
  await waitFor(async () => (await show(w, "ar", "#{cursor_x}#{pane_current_command}")) === "0sh", "the script waiting");
  await w.ok("send-keys", "-t", "ar", "Enter");
  await w.waitForText("after", "ar");
  expect(await show(w, "ar", "#W")).toBe("start");
  expect(await w.capture("ar")).not.toContain("refused");
  await w.ok("set", "-w", "-t", "ar", "allow-rename", "on");
  await w.ok("send-keys", "-t", "ar", "Enter");
  await waitFor(async () => (await show(w, "ar", "#W #{automatic-rename}")) === "given 0", "the window named by the program");
});
