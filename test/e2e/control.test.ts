// Control mode (-C, -CC) end to end: the transcript of a fixed script against tmux 3.3a's
// (recorded by scripts/goldens/control.sh), -CC's wrapper, and a client that stops reading
// while a pane floods: paused under pause-after, else dropped, the server bounded either way.
import { test, expect, afterEach } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { transcript } from "../helpers/control-transcript.ts";

let weft: Weft | null = null;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  await weft?.cleanup();
  weft = null;
});

const GOLDEN = join(import.meta.dir, "goldens/control/transcript.out");

test("the same command lines give tmux 3.3a's transcript: replies, errors, notifications, %output", async () => {
  const w = (weft = await Weft.start());
  const got = await transcript(w.bin, "test", { env: w.env, timeoutMs: 20_000 });
  expect(got).toBe(readFileSync(GOLDEN, "utf8"));
}, 60_000);

/** A control client whose stdout we read into `out`, or (paused) leave unread in a full pipe. */
function control(w: Weft, args: string[], read = true): { child: ChildProcess; out: () => string; send: (l: string) => void } {
  const child = spawn(w.bin, ["-L", "test", "-f", "/dev/null", ...args], { env: { ...w.env, LANG: "C.UTF-8" }, stdio: ["pipe", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  if (read) child.stdout?.on("data", (b: Buffer) => (out += b.toString("latin1")));
  else child.stdout?.pause();
  return { child, out: () => out, send: (l) => child.stdin?.write(l + "\n") };
}

test("-CC wraps the session in tmux's DCS and ends it after %exit", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "cc", "cat");
  const c = control(w, ["-CC", "attach", "-t", "cc"]);
  await waitFor(() => c.out().includes("%session-changed"), "attached");
  c.send("display -p hi");
  await waitFor(() => /^hi$/m.test(c.out()), "the reply");
  c.send("");
  await new Promise((r) => c.child.once("exit", r));
  expect(c.out().startsWith("\x1bP1000p%begin ")).toBe(true);
  expect(c.out().endsWith("%exit\n\x1b\\")).toBe(true);
});

test("a command line's own command that does not attach ends the client with %exit", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "cat");
  const c = control(w, ["-C", "attach", "-t", "nope"]);
  const code = await new Promise<number | null>((r) => c.child.once("exit", r));
  expect(c.out().replace(/ \d+ \d+ 0$/gm, " T N 0")).toBe("%begin T N 0\ncan't find session: nope\n%error T N 0\n%exit\n");
  expect(code).toBe(0);
});

/** The server's resident memory, in KiB. */
function serverRss(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}

/** Flood a pane while a control client never reads; returns what the server's memory grew by. */
async function floodUnread(w: Weft, flags: string[]): Promise<{ grewKiB: number; client: ReturnType<typeof control> }> {
  await w.ok("new", "-d", "-s", "f", "-x", "80", "-y", "24", "cat");
  const pid = Number((await w.ok("display", "-p", "#{pid}")).trim());
  const c = control(w, ["-C", "attach", "-t", "f"], false);
  await waitFor(async () => (await w.ok("list-clients", "-F", "#{client_control_mode}")).includes("1"), "the control client");
  for (const f of flags) c.send(`refresh-client -f ${f}`);
  const before = serverRss(pid);
  await w.ok("split-window", "-t", "f", "yes weft-flood-line-of-some-length");
  let peak = before;
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    peak = Math.max(peak, serverRss(pid));
    await Bun.sleep(100);
  }
  return { grewKiB: peak - before, client: c };
}

test("a control client that stops reading while a pane floods is dropped, and the server stays bounded", async () => {
  const w = (weft = await Weft.start());
  const { grewKiB } = await floodUnread(w, []);
  await waitFor(async () => !(await w.ok("list-clients", "-F", "#{client_control_mode}")).includes("1"), "the client to be dropped", 20_000);
  // The flood is hundreds of MiB a second; held for the client it would be gigabytes.
  expect(grewKiB).toBeLessThan(200 * 1024);
}, 60_000);

test("under pause-after the flooding pane is paused instead: the client stays, told %pause", async () => {
  const w = (weft = await Weft.start());
  const { grewKiB, client } = await floodUnread(w, ["pause-after=1"]);
  expect(grewKiB).toBeLessThan(200 * 1024);
  expect((await w.ok("list-clients", "-F", "#{client_flags}")).trim()).toContain("pause-after=1");
  // Now read: the client's backlog ends in the pause of the flooding pane.
  let out = "";
  client.child.stdout?.on("data", (b: Buffer) => (out += b.toString("latin1")));
  client.child.stdout?.resume();
  await waitFor(() => /^%pause %1$/m.test(out), "%pause %1", 20_000);
  expect(out).toMatch(/^%extended-output %1 \d+ : /m);
}, 60_000);
