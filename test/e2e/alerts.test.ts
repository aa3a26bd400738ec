// synchronize-panes, and the window alerts: monitor-activity (#), monitor-bell (!) and
// monitor-silence (~) marked in the status line until the window is selected.
import { test, expect, afterEach } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

// window_raw_flags: window_flags doubles the activity flag's # (for the status line), as tmux does.
const flags = async (w: Weft, t: string) => (await w.ok("display", "-p", "-t", t, "#{window_raw_flags}")).trim();

async function flagsBecome(w: Weft, t: string, want: string, ms = 10_000): Promise<void> {
  let last = "";
  await waitFor(async () => (last = await flags(w, t)) === want, `flags of ${t} to be ${JSON.stringify(want)}, were ${JSON.stringify(last)}`, ms);
}

test("synchronize-panes: keys typed in a client reach every pane of the window", async () => {
  const w = (weft = await Weft.start());
  const out = (n: number) => join(w.dir, `sync${n}.txt`);
  const prog = (n: number) => `stty raw -echo; exec cat > '${out(n)}'`;
  await w.ok("new", "-d", "-s", "sy", "--", "sh", "-c", prog(0));
  await w.ok("split-window", "-t", "sy", "--", "sh", "-c", prog(1));
  await w.ok("split-window", "-h", "-t", "sy", "--", "sh", "-c", prog(2));
  await w.ok("set", "-w", "-t", "sy", "synchronize-panes", "on");
  expect((await w.ok("display", "-p", "-t", "sy", "#{pane_synchronized}")).trim()).toBe("1");
  const c = w.attach(["attach", "-t", "sy"]);
  await c.waitForScreen((s) => s.includes("[sy]"), "status line");
  await waitFor(() => [0, 1, 2].every((n) => existsSync(out(n))), "the three programs");
  c.type("same to all\r");
  await waitFor(() => [0, 1, 2].every((n) => readFileSync(out(n), "utf8") === "same to all\r"), "the keys in every pane");
  // Off again: only the active pane.
  await w.ok("set", "-w", "-t", "sy", "synchronize-panes", "off");
  c.type("x");
  await waitFor(() => readFileSync(out(2), "utf8").endsWith("\rx"), "the active pane");
  expect(readFileSync(out(0), "utf8")).toBe("same to all\r");
});

test("monitor-activity and monitor-bell mark a window in the background until it is selected", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "al", "--", "sh");
  await w.ok("new-window", "-d", "-t", "al:1", "--", "sh");
  await w.ok("set", "-w", "-t", "al:1", "monitor-activity", "on");
  const c = w.attach(["attach", "-t", "al"]);
  await c.waitForScreen((s) => s.includes("0:sh*"), "status line");
  await w.ok("send-keys", "-t", "al:1", "echo busy", "Enter");
  await flagsBecome(w, "al:1", "#");
  await c.waitForScreen((s) => s.includes("1:sh#"), "the activity flag in the status line");
  // Activity in the current window marks nothing.
  await w.ok("set", "-w", "-t", "al:0", "monitor-activity", "on");
  await w.ok("send-keys", "-t", "al:0", "echo here", "Enter");
  await c.waitForScreen((s) => s.includes("here"), "output in the current window");
  expect(await flags(w, "al:0")).toBe("*");
  await w.ok("send-keys", "-t", "al:1", "printf '\\a'", "Enter");
  await flagsBecome(w, "al:1", "#!");
  await w.ok("select-window", "-t", "al:1");
  await flagsBecome(w, "al:1", "*");
  // monitor-bell off: a bell in the background is not marked.
  await w.ok("set", "-w", "-t", "al:0", "monitor-bell", "off");
  await w.ok("set", "-w", "-t", "al:0", "monitor-activity", "off");
  await w.ok("send-keys", "-t", "al:0", "printf '\\a'", "Enter");
  await w.ok("send-keys", "-t", "al:1", "echo sync", "Enter");
  await c.waitForScreen((s) => s.includes("sync"), "the other window's output");
  expect(await flags(w, "al:0")).toBe("-");
});

test("monitor-silence marks a background window quiet for that many seconds; output pushes it back", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "si", "--", "sh");
  await w.ok("new-window", "-d", "-t", "si:1", "--", "sh", "-c", "while :; do echo tick; sleep 0.2; done");
  await w.ok("new-window", "-d", "-t", "si:2", "--", "sh");
  await w.ok("set", "-w", "-t", "si:1", "monitor-silence", "1");
  await w.ok("set", "-w", "-t", "si:2", "monitor-silence", "1");
  const c = w.attach(["attach", "-t", "si"]);
  await c.waitForScreen((s) => s.includes("0:sh*"), "status line");
  await flagsBecome(w, "si:2", "~", 5_000);
  await c.waitForScreen((s) => s.includes("2:sh~"), "the silence flag in the status line");
  // The busy window never goes quiet.
  expect(await flags(w, "si:1")).toBe("");
  await w.ok("select-window", "-t", "si:2");
  await flagsBecome(w, "si:2", "*");
  expect((await w.ok("display", "-p", "-t", "si:2", "#{window_silence_flag}")).trim()).toBe("0");
});
