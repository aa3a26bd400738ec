// Hooks end to end: which hooks run, in which order, with which #{hook_*} formats, and what
// show-hooks prints, against tmux 3.3a's run of the same script (scripts/goldens/hooks.sh); a
// failing hook harms nothing, a hook never triggers itself, client hooks follow the client.
import { test, expect, afterEach } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { runGoldenScript } from "../helpers/golden-script.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const option = async (w: Weft, name: string) => (await w.ok("show", "-gqv", name)).trim();

test("hooks run in tmux's order with tmux's formats; show-hooks and set-hook's errors as tmux", async () => {
  weft = await Weft.start();
  const golden = readFileSync(join(import.meta.dir, "goldens/hooks-order.txt"), "utf8");
  expect(await runGoldenScript(weft, "hooks.sh")).toBe(golden);
});

test("a failing hook reports and harms nothing: the command succeeded, the hook's next item runs", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "a", "--", "sh");
  await w.ok("set", "-g", "@after", "0");
  await w.ok("set-hook", "-g", "window-renamed[0]", "kill-pane -t %99");
  await w.ok("set-hook", "-g", "window-renamed[1]", "set -g @after 1");
  expect((await w.run("rename-window", "-t", "a:0", "x")).code).toBe(0);
  await waitFor(async () => (await option(w, "@after")) === "1", "the hook's second item");
  expect((await w.ok("display", "-p", "-t", "a:0", "#{window_name}")).trim()).toBe("x");
});

test("a hook's commands run no hooks: no loop through after-select-window or window-pane-changed", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "a", "--", "sh");
  await w.ok("neww", "-d", "-t", "a", "--", "sh");
  await w.ok("set-hook", "-g", "after-select-window", "select-window -t :1 ; set -ga @n x");
  await w.ok("selectw", "-t", "a:0");
  await waitFor(async () => (await option(w, "@n")) === "x", "the after-hook once");
  expect((await w.ok("display", "-p", "-t", "a", "#{window_index}")).trim()).toBe("1");
  await w.ok("set-hook", "-g", "window-pane-changed", "set -ga @p y ; select-pane -t :.+");
  await w.ok("splitw", "-d", "-t", "a:1", "--", "sh");
  await w.ok("selectp", "-t", "a:1.1");
  await waitFor(async () => (await option(w, "@p")) === "y", "the notification's hook once");
  // Still once, a while later (the hook's select-pane caused no second run).
  await w.ok("display", "-p", "x");
  expect(await option(w, "@n")).toBe("x");
  expect(await option(w, "@p")).toBe("y");
});

test("client hooks: attached and session changed, resized, detached, with the client's name", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "a", "--", "sh");
  await w.ok("set", "-g", "@log", "");
  for (const h of ["client-attached", "client-session-changed", "client-resized", "client-detached"]) {
    await w.ok("set-hook", "-g", h, `set -gF @log '#{@log}|#{hook}:#{session_name}:#{==:#{hook_client},#{client_name}}'`);
  }
  const c = w.attach(["attach", "-t", "a"]);
  await c.waitForScreen((s) => s.includes("[a]"), "attached");
  await waitFor(async () => (await option(w, "@log")).includes("client-attached"), "client-attached");
  await c.waitForResizeHandler();
  c.resize(100, 30);
  await waitFor(async () => (await option(w, "@log")).includes("client-resized"), "client-resized");
  await w.ok("detach-client", "-s", "a");
  await waitFor(async () => (await option(w, "@log")).includes("client-detached"), "client-detached");
  // hook_client is the client; the hooks about it run at its session (none once detached).
  expect((await option(w, "@log")).split("|").slice(1)).toEqual([
    "client-session-changed:a:1",
    "client-attached:a:1",
    "client-resized:a:1",
    "client-detached:a:0",
  ]);
});

test("focus: the pane and client focus hooks follow attach and the host terminal's focus reports", async () => {
  const w = (weft = await Weft.start());
  const out = `${w.dir}/focus.txt`;
  // The pane asks for focus reports and records what it hears.
  await w.ok("new", "-d", "-s", "a", "--", "sh", "-c", `printf '\\033[?1004h'; stty raw -echo; exec cat > '${out}'`);
  await w.ok("set", "-g", "focus-events", "on");
  await w.ok("set", "-g", "@log", "");
  for (const h of ["pane-focus-in", "pane-focus-out", "client-focus-in", "client-focus-out"]) {
    await w.ok("set-hook", "-g", h, `set -gF @log '#{@log}|#{hook}'`);
  }
  const c = w.attach(["attach", "-t", "a"]);
  await c.waitForScreen((s) => s.includes("[a]"), "attached");
  await waitFor(async () => (await option(w, "@log")) === "|pane-focus-in", "the pane's focus on attach");
  c.type("\x1b[O");
  await waitFor(async () => (await option(w, "@log")).endsWith("client-focus-out"), "the focus-out report");
  c.type("\x1b[I");
  await waitFor(async () => (await option(w, "@log")).endsWith("pane-focus-in"), "the focus-in report");
  expect((await option(w, "@log")).split("|").slice(1)).toEqual(["pane-focus-in", "pane-focus-out", "client-focus-out", "client-focus-in", "pane-focus-in"]);
  await waitFor(() => existsSync(out) && readFileSync(out, "utf8") === "\x1b[I\x1b[O\x1b[I", "the pane to hear in, out, in");
});
