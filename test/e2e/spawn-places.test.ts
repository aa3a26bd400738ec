// Where and how new panes start, as tmux 3.3a: a command-line client's directory, -c relative to
// it or missing, a program that cannot run (the pane dies, the command succeeds), split-window -Z,
// and new-session -f's client flags.
import { test, expect, afterEach } from "bun:test";
import { mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor, within } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

async function field(w: Weft, target: string, format: string): Promise<string> {
  return (await w.ok("display-message", "-p", "-t", target, format)).trim();
}

test("-c relative to the client's directory, and one that is not there: the pane starts in the server's, keeping the path asked for", async () => {
  const w = (weft = await Weft.start());
  const serverDir = join(w.dir, "server");
  const clientDir = join(w.dir, "client");
  mkdirSync(join(clientDir, "sub"), { recursive: true });
  mkdirSync(serverDir);
  expect((await w.runIn(serverDir, {}, "new", "-d", "-s", "a", "sh")).code).toBe(0);
  // libtmux passes "{user_path}" itself: a relative directory that does not exist.
  expect(await w.runIn(clientDir, {}, "new", "-d", "-s", "b", "-c", "{user_path}", "sh")).toMatchObject({ code: 0, stderr: "" });
  expect(await field(w, "b", "#{pane_start_path}")).toBe(join(clientDir, "{user_path}"));
  await waitFor(async () => (await field(w, "b", "#{pane_current_path}")) === realpathSync(serverDir), "the pane in the server's directory");
  expect((await w.runIn(clientDir, {}, "new", "-d", "-s", "c", "-c", "sub", "sh")).code).toBe(0);
  await waitFor(async () => (await field(w, "c", "#{pane_current_path}")) === realpathSync(join(clientDir, "sub")), "-c sub from the client's directory");
});

test("split-window and new-window without -c start in the command-line client's directory, not the session's", async () => {
  const w = (weft = await Weft.start());
  const sessionDir = join(w.dir, "session");
  const clientDir = join(w.dir, "elsewhere");
  mkdirSync(sessionDir);
  mkdirSync(clientDir);
  await w.ok("new", "-d", "-s", "s", "-c", sessionDir, "sh");
  expect((await w.runIn(clientDir, {}, "split-window", "-t", "s", "sh")).code).toBe(0);
  expect((await w.runIn(clientDir, {}, "new-window", "-t", "s:", "sh")).code).toBe(0);
  const paths = async () => (await w.ok("list-panes", "-s", "-t", "s", "-F", "#{pane_current_path}")).trim().split("\n");
  const [s, c] = [realpathSync(sessionDir), realpathSync(clientDir)];
  await waitFor(async () => (await paths()).join(" ") === `${s} ${c} ${c}`, "the new panes in the client's directory");
});

test("new-session with a program that cannot run succeeds; its pane dies (exit 1), and with it the session and the server", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "keep", "sh");
  await w.ok("set", "-g", "remain-on-exit", "on");
  expect(await w.run("new", "-d", "-s", "gone", "--", "no-such-program", "arg")).toMatchObject({ code: 0, stderr: "" });
  await waitFor(async () => (await field(w, "gone", "#{pane_dead}:#{pane_dead_status}")) === "1:1", "the pane dead with status 1");
  await w.ok("set", "-g", "remain-on-exit", "off");
  await w.ok("kill-server");
  // The only session's program cannot run: the command still succeeds, then the server ends.
  expect(await w.run("new", "-d", "--", "no-such-program", "arg")).toMatchObject({ code: 0, stderr: "" });
  await waitFor(async () => (await w.run("has-session")).stderr.startsWith("no server running"), "the server to exit");
});

test("split-window -Z zooms the window on its active pane; with -d the new pane keeps the whole window's size", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "z", "-x", "80", "-y", "24", "sh");
  const panes = async () => (await w.ok("list-panes", "-t", "z", "-F", "#{pane_index}:#{pane_active}:#{pane_height}:#{window_zoomed_flag}")).trim().split("\n");
  await w.ok("split-window", "-d", "-Z", "-t", "z", "sh");
  expect(await panes()).toEqual(["0:1:24:1", "1:0:24:1"]);
  // Zoomed already: unzoomed for the split (the other panes take their layout sizes), zoomed again on the new active pane.
  await w.ok("split-window", "-Z", "-t", "z.0", "sh");
  expect(await panes()).toEqual(["0:0:6:1", "1:1:24:1", "2:0:11:1"]);
  await w.ok("resize-pane", "-Z", "-t", "z");
  expect(await panes()).toEqual(["0:0:6:0", "1:1:5:0", "2:0:11:0"]);
  await w.ok("split-window", "-t", "z.2", "sh");
  expect((await panes()).every((p) => p.endsWith(":0"))).toBe(true);
});

test("new-session -f sets an attaching control client's flags; detached, it is accepted and ignored", async () => {
  const w = (weft = await Weft.start());
  expect(await w.run("new", "-d", "-s", "flags", "-f", "no-output")).toMatchObject({ code: 0, stderr: "" });
  const c = Bun.spawn([w.bin, "-L", "test", "-f", "/dev/null", "-C", "new", "-s", "ctl", "-f", "no-output,read-only"], { env: w.env, stdin: "pipe", stdout: "ignore", stderr: "ignore" });
  await waitFor(async () => (await w.ok("list-clients", "-F", "#{client_session}")).includes("ctl"), "the control client");
  expect((await w.ok("list-clients", "-F", "#{client_flags}")).trim()).toBe("attached,focused,control-mode,no-output,read-only,UTF-8");
  c.stdin.end();
  await within(c.exited, "the control client to leave");
});
