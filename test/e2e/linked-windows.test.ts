// A window linked into two sessions (link-window) and sessions in a group (new-session -t),
// each with a client attached in a PTY: what one window prints shows in both, and the window
// takes its size from the clients of every session it is in (window-size); a control client
// hears of links in and out of its session as tmux 3.3a's (scripts/goldens/control.sh).
import { test, expect, afterEach } from "bun:test";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { transcript } from "../helpers/control-transcript.ts";
import { LINKED_STEPS } from "../helpers/control-linked-steps.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** The window's size as weft reports it. */
async function size(w: Weft, target: string): Promise<string> {
  return (await w.ok("display", "-p", "-t", target, "#{window_width}x#{window_height}")).trim();
}

test("a linked window shown in two sessions: output in it appears on both clients", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "a", "-n", "shared", "cat");
  await w.ok("new", "-d", "-s", "b", "-n", "own", "cat");
  await w.ok("link-window", "-s", "a:shared", "-t", "b:3");
  expect(await w.ok("lsw", "-t", "b", "-F", "#{window_index} #{window_name} #{window_linked} #{window_linked_sessions_list} #{window_active}")).toBe(
    "0 own 0 b 0\n3 shared 1 a,b 1\n",
  );
  const ca = w.attach(["attach", "-t", "a"], 80, 24);
  const cb = w.attach(["attach", "-t", "b"], 80, 24);
  await ca.waitForScreen((s) => s.includes("[a]") && s.includes("0:shared*"), "a's status line");
  await cb.waitForScreen((s) => s.includes("[b]") && s.includes("3:shared*") && s.includes("0:own-"), "b's status line, with its own index for the window");
  await w.ok("send-keys", "-t", "b:3", "seen-by-both", "Enter");
  await ca.waitForScreen((s) => s.includes("seen-by-both"), "the output on a's client");
  await cb.waitForScreen((s) => s.includes("seen-by-both"), "the output on b's client");
  // Unlinked from b, the window stays in a; b shows its own window again.
  await w.ok("unlink-window", "-t", "b:3");
  await cb.waitForScreen((s) => !s.includes("shared") && s.includes("0:own*"), "b without the window");
  expect((await w.run("unlink-window", "-t", "a:0")).stderr).toBe("window only linked to one session\n");
});

test("window-size decides a linked window's size across the clients of all its sessions", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "a", "-n", "shared", "cat");
  await w.ok("new", "-d", "-s", "b", "cat");
  await w.ok("link-window", "-s", "a:0", "-t", "b:1");
  await w.ok("set", "-g", "window-size", "smallest");
  const ca = w.attach(["attach", "-t", "a"], 100, 30);
  await ca.waitForScreen((s) => s.includes("[a]"), "a attached");
  await waitFor(async () => (await size(w, "a:0")) === "100x29", "the window at a's size");
  const cb = w.attach(["attach", "-t", "b"], 70, 20);
  await cb.waitForScreen((s) => s.includes("[b]"), "b attached");
  // b's client shows the window too (it is b's current one): the smallest of both.
  await waitFor(async () => (await size(w, "a:0")) === "70x19", "the smallest of the two clients");
  await w.ok("set", "-g", "window-size", "largest");
  await waitFor(async () => (await size(w, "a:0")) === "100x29", "the largest of the two clients");
  // aggressive-resize: only clients whose session shows the window count; b goes to its own.
  await w.ok("set", "-g", "window-size", "smallest");
  await w.ok("set", "-g", "aggressive-resize", "on");
  await w.ok("select-window", "-t", "b:0");
  await waitFor(async () => (await size(w, "a:0")) === "100x29", "a's size alone under aggressive-resize");
});

test("a session group: a new window in one session shows in the other, each its own current window", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "g", "-n", "first", "cat");
  await w.ok("new", "-d", "-s", "h", "-t", "g");
  expect(await w.ok("ls", "-F", "#{session_name} #{session_group} #{session_group_list} #{session_group_size}")).toBe("g g g,h 2\nh g g,h 2\n");
  const cg = w.attach(["attach", "-t", "g"], 80, 24);
  const ch = w.attach(["attach", "-t", "h"], 80, 24);
  await cg.waitForScreen((s) => s.includes("0:first*"), "g's status line");
  await ch.waitForScreen((s) => s.includes("[h]") && s.includes("0:first*"), "h's status line");
  await w.ok("new-window", "-t", "h", "-n", "second", "cat");
  await ch.waitForScreen((s) => s.includes("1:second*"), "h on its new window");
  await cg.waitForScreen((s) => s.includes("0:first*") && s.includes("1:second"), "g has it too, its current window unchanged");
  await w.ok("send-keys", "-t", "h:1", "in-second", "Enter");
  await ch.waitForScreen((s) => s.includes("in-second"), "h shows the output");
  await w.ok("select-window", "-t", "g:1");
  await cg.waitForScreen((s) => s.includes("in-second"), "g shows the same window's output");
  await w.ok("kill-window", "-t", "g:1");
  await ch.waitForScreen((s) => !s.includes("second") && s.includes("0:first*"), "gone from h too");
});

test("a control client: %window-add / -close for its session's windows, %unlinked-* for the others, as tmux 3.3a", async () => {
  const w = (weft = await Weft.start());
  const got = await transcript(w.bin, "test", { env: w.env, steps: LINKED_STEPS, timeoutMs: 20_000 });
  expect(got).toBe(readFileSync(join(import.meta.dir, "goldens/control/linked.out"), "utf8"));
}, 60_000);
