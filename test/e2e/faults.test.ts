// Faults: clients and pane programs killed or stopped mid-flood, file descriptors running out,
// programs that cannot be spawned, and EINTR/EAGAIN injected into every PTY syscall. The
// server keeps its other panes and clients, no byte of pane output is lost, and a client (or a
// new one) sees the current screen.
import { test, expect, afterEach } from "bun:test";
import { mkdirSync, rmSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor, within } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z");
  } catch {
    return false;
  }
}

/** Pids whose process group is `pgid`. */
function groupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const fields = readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") out.push(Number(d));
    } catch {}
  }
  return out;
}

async function attachedCount(w: Weft, session: string): Promise<number> {
  return Number((await w.ok("display-message", "-p", "-t", session, "#{session_attached}")).trim());
}

/** The quiet pane still echoes: the server is fine and not held up by anything else. */
async function echoes(w: Weft, target: string, tag: string): Promise<void> {
  // The shell's output (TAG-2) differs from the typed line's echo (TAG-$((1+1))), so it is found
  // wherever it lands: keys typed before the shell's first prompt put the prompt before it.
  await w.ok("send-keys", "-t", target, `echo ${tag}-$((1+1))`, "Enter");
  await w.waitForText(`${tag}-2`, target);
}

/** A session "f" whose first pane floods and whose second pane is a quiet shell (f:0.1). */
async function floodAndQuiet(w: Weft): Promise<void> {
  await w.ok("new", "-d", "-s", "f", "-x", "80", "-y", "24", "--", "sh", "-c", "yes flood-line-of-output");
  await w.ok("split-window", "-t", "f", "-h", "--", "sh");
}

test("SIGKILL of an attached client mid-flood: the server drops it, a new client sees the current screen", async () => {
  weft = await Weft.start();
  await floodAndQuiet(weft);
  const pid = weft.serverPids()[0]!;
  const c1 = weft.attach(["attach", "-t", "f"]);
  await c1.waitForScreen((s) => s.includes("flood-line"), "the flood on the first client");
  await waitFor(async () => (await attachedCount(weft!, "f")) === 1, "one client attached");
  c1.kill();
  await c1.exited;
  await waitFor(async () => (await attachedCount(weft!, "f")) === 0, "the killed client to be dropped");
  expect(alive(pid)).toBe(true);
  await echoes(weft, "f:0.1", "after-kill-1");
  const c2 = weft.attach(["attach", "-t", "f"]);
  await c2.waitForScreen((s) => s.includes("after-kill-1") && s.includes("flood-line"), "the current screen on a new client");
});

test("SIGSTOP of a client mid-flood for a few seconds: the others are not held up, no output is lost, it catches up", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "f", "-x", "80", "-y", "24", "--", "sh");
  await weft.ok("set", "-g", "history-limit", "100000"); // for panes made from now on: f:0.1 floods
  await weft.ok("split-window", "-t", "f", "-h", "--", "sh");
  const stopped = weft.attach(["attach", "-t", "f"]);
  const other = weft.attach(["attach", "-t", "f"]);
  await stopped.waitForScreen((s) => s.includes("[f]"), "the status line on the first client");
  await other.waitForScreen((s) => s.includes("[f]"), "the status line on the second client");
  process.kill(stopped.pty.pid, "SIGSTOP");
  try {
    // While it is stopped: a pane floods numbered lines, the other client keeps painting.
    await weft.ok("send-keys", "-t", "f:0.1", "seq 1 60000; echo seq-done", "Enter");
    const stopUntil = performance.now() + 3000;
    let round = 0;
    while (performance.now() < stopUntil) {
      await echoes(weft, "f:0.0", `while-stopped-${round}`);
      await other.waitForScreen((s) => s.includes(`while-stopped-${round}`), "the running client to keep getting frames", 5000);
      round++;
    }
    expect(round).toBeGreaterThan(1);
  } finally {
    process.kill(stopped.pty.pid, "SIGCONT");
  }
  await weft.waitForText("seq-done", "f:0.1", 30_000);
  // Every line reached the pane model: the stopped client held nothing up and lost nothing.
  const history = await weft.ok("capture-pane", "-p", "-t", "f:0.1", "-S", "-", "-E", "-");
  const numbers = history.split("\n").filter((l) => /^\d+$/.test(l)).map(Number);
  const first = numbers.indexOf(1);
  expect(numbers.slice(first)).toEqual(Array.from({ length: 60000 }, (_, i) => i + 1));
  // The woken client catches up with the current screen.
  await echoes(weft, "f:0.0", "after-cont");
  await stopped.waitForScreen((s) => s.includes("after-cont") && s.includes("seq-done"), "the woken client to show the current screen", 15_000);
});

test("SIGKILL of a pane's program: its pane goes (or stays dead with remain-on-exit), the rest carry on", async () => {
  weft = await Weft.start();
  await floodAndQuiet(weft);
  const c = weft.attach(["attach", "-t", "f"]);
  await c.waitForScreen((s) => s.includes("flood-line"), "the flood on the client");
  const floodPid = Number((await weft.ok("display-message", "-p", "-t", "f:0.0", "#{pane_pid}")).trim());
  process.kill(floodPid, "SIGKILL");
  await waitFor(async () => (await weft!.ok("list-panes", "-t", "f", "-F", "#{pane_id}")).trim().split("\n").length === 1, "the killed pane to close");
  await echoes(weft, "f", "after-pane-kill");
  await c.waitForScreen((s) => s.includes("after-pane-kill"), "the client to show the remaining pane");

  // With remain-on-exit the pane stays and says how its program died.
  await weft.ok("set", "-g", "remain-on-exit", "on");
  await weft.ok("split-window", "-t", "f", "-h", "--", "sh", "-c", "yes flood-line-of-output");
  const pid2 = Number((await weft.ok("display-message", "-p", "-t", "f:0.1", "#{pane_pid}")).trim());
  process.kill(pid2, "SIGKILL");
  await weft.waitForText("Pane is dead (signal 9, SIGKILL", "f:0.1");
  expect((await weft.ok("display-message", "-p", "-t", "f:0.1", "#{pane_dead} #{pane_dead_signal}")).trim()).toBe("1 9");
  await echoes(weft, "f:0.0", "after-dead-pane");
});

test("SIGKILL of a pane's whole process group (program, pipeline and background jobs)", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "f", "--", "sh");
  // A flooding pipeline and a background job: one process group, led by the pane's shell.
  await weft.ok("split-window", "-t", "f", "--", "sh", "-c", "sleep 1000 & yes group-flood | cat; wait");
  const pgid = Number((await weft.ok("display-message", "-p", "-t", "f:0.1", "#{pane_pid}")).trim());
  await weft.waitForText("group-flood", "f:0.1");
  await waitFor(() => groupMembers(pgid).length >= 4, "sh, sleep, yes and cat in the pane's group");
  process.kill(-pgid, "SIGKILL");
  await waitFor(async () => (await weft!.ok("list-panes", "-t", "f", "-F", "#{pane_id}")).trim().split("\n").length === 1, "the pane to close");
  await waitFor(() => groupMembers(pgid).length === 0, "every process of the group to be reaped");
  await echoes(weft, "f", "after-group-kill");
});

test("a program that cannot be started makes a pane that dies as tmux's (exit 1, or 127 through sh); the server keeps its panes", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "f", "--", "sh");
  await weft.ok("set", "-g", "remain-on-exit", "on");
  // tmux forks, and the child's execvp fails: the command succeeds and the pane exits 1.
  const missing = await weft.run("split-window", "-t", "f", "--", "/nonexistent/program", "arg");
  expect(missing).toMatchObject({ code: 0, stderr: "" });
  // A file the kernel cannot exec: execvp gives it to /bin/sh, which cannot run it either.
  const notExec = await weft.run("new-window", "-t", "f", "--", "/etc/hostname", "x");
  expect(notExec).toMatchObject({ code: 0, stderr: "" });
  const dead = async () => (await weft!.ok("list-panes", "-s", "-t", "f", "-F", "#{pane_dead}:#{pane_dead_status}")).trim().split("\n");
  await waitFor(async () => (await dead()).join(" ") === "0: 1:1 1:127", "both panes dead with tmux's statuses");
  await weft.ok("kill-pane", "-t", "f:0.1");
  await weft.ok("kill-window", "-t", "f:1");
  await weft.ok("set", "-g", "remain-on-exit", "off");
  // A start directory that does not exist is no failure: as tmux, the pane starts in the
  // server's own directory instead.
  const noCwd = await weft.run("split-window", "-t", "f", "-c", "/nonexistent/dir", "--", "sh");
  expect(noCwd).toMatchObject({ code: 0, stderr: "" });
  // A session whose directory was removed after it started.
  const gone = join(weft.dir, "gone");
  mkdirSync(gone);
  await weft.ok("new", "-d", "-s", "g", "-c", gone, "--", "sh");
  rmSync(gone, { recursive: true });
  const r = await weft.run("new-window", "-d", "-t", "g", "--", "sh");
  expect(r).toMatchObject({ code: 0, stderr: "" });
  // Nothing half-made was left by the programs that could not start: the fallbacks started.
  expect((await weft.ok("list-windows", "-a", "-F", "#{session_name}:#{window_panes}")).trim().split("\n").sort()).toEqual(["f:2", "g:1", "g:1"]);
  await echoes(weft, "f", "still-here");
});

test("with few file descriptors, creating a pane fails with a clear error and the server keeps its panes", async () => {
  weft = await Weft.start();
  // The server inherits the limit of the client that starts it.
  const limit = 64;
  const start = Bun.spawn(["sh", "-c", `ulimit -n ${limit} && exec "$0" -L test -f /dev/null new -d -s f -- sh`, weft.bin], { env: weft.env });
  expect(await start.exited).toBe(0);
  const pid = weft.serverPids()[0]!;
  expect(readFileSync(`/proc/${pid}/limits`, "utf8")).toMatch(new RegExp(`Max open files\\s+${limit}\\s`));
  let error = "";
  let made = 0;
  for (let i = 0; i < limit; i++) {
    const r = await weft.run("new-window", "-d", "-t", "f", "--", "sh");
    if (r.code !== 0) {
      error = r.stderr;
      break;
    }
    made++;
  }
  expect(made).toBeGreaterThan(2);
  expect(error).toMatch(/^create pane failed: \w+: EMFILE \(Too many open files\)(: .*)?\n$/);
  expect(alive(pid)).toBe(true);
  // Every pane made before the limit still works, and the failed one left nothing behind.
  const windows = (await weft.ok("list-windows", "-t", "f", "-F", "#{window_index}")).trim().split("\n");
  expect(windows.length).toBe(made + 1);
  await echoes(weft, `f:${windows.at(-1)}`, "last-one-works");
  await echoes(weft, "f:0", "first-one-works");
  // Free some and a new pane can be made again.
  await weft.ok("kill-window", "-t", `f:${windows.at(-1)}`);
  await weft.ok("kill-window", "-t", `f:${windows.at(-2)}`);
  await weft.ok("new-window", "-d", "-t", "f", "--", "sh");
});

/** The pane's history holds `seq 1 N`'s last lines, consecutive and complete up to N. */
async function seqIntact(w: Weft, target: string, n: number): Promise<void> {
  await w.waitForText("seq-done", target, 30_000);
  const lines = (await w.ok("capture-pane", "-p", "-S", "-", "-t", target)).split("\n").filter((l) => /^\d+$/.test(l)).map(Number);
  expect(lines.length).toBeGreaterThan(1000);
  expect(lines.at(-1)).toBe(n);
  for (let i = 1; i < lines.length; i++) if (lines[i] !== lines[i - 1]! + 1) throw new Error(`line ${lines[i - 1]} is followed by ${lines[i]}`);
}

test("a client SIGKILLed mid-flood: the server and the pane carry on, no output is lost, a new client sees the screen", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "k", "--", "sh");
  const pid = weft.serverPids()[0]!;
  const c = weft.attach(["attach", "-t", "k"]);
  await c.waitForScreen((s) => s.includes("[k]"), "attached");
  await weft.ok("send-keys", "-t", "k", "seq 1 2000000; echo seq-done", "Enter");
  await c.waitForScreen((s) => /\d{5}\n\d{5}/.test(s), "the flood to reach the client");
  c.kill();
  await within(c.exited, "the client to die");
  expect((await weft.ok("capture-pane", "-p", "-t", "k")).includes("seq-done")).toBe(false); // killed mid-flood
  await seqIntact(weft, "k", 2000000);
  expect(alive(pid)).toBe(true);
  const d = weft.attach(["attach", "-t", "k"]);
  await d.waitForScreen((s) => s.includes("2000000") && s.includes("seq-done"), "the new client to see the current screen");
});
