// Load: 32 panes running `yes` across 4 windows with a client on each, and attach/detach in a
// loop. The server's memory stays bounded, every client keeps getting frames, an idle pane
// still echoes keys, and nothing (process, fd, socket, client) is left behind or leaks.
// The suite runs the flood for 10 s (WEFT_LOAD_SECONDS); `bun scripts/load.ts` runs the
// issue's full 30 s, a 30 s SIGSTOP and 500 real attach/detach cycles, and checks the
// benchmark's latency goals.
import { test, expect, afterEach } from "bun:test";
import { existsSync, readFileSync, statSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "../../src/pty/index.ts";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { runLoad, attachDetachLoop, type LoadReport } from "../helpers/load.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const LOAD_SECONDS = Number(process.env.WEFT_LOAD_SECONDS ?? 10);

test(`32 panes running yes, 4 windows, 4 clients, ${LOAD_SECONDS} s: bounded memory, frames for all, an idle pane echoes, kill-server leaves nothing`, async () => {
  weft = await Weft.start();
  const r: LoadReport = await runLoad(weft, { seconds: LOAD_SECONDS });
  console.log(r.summary);
  expect(r.serverDied).toBe(false);
  // The runtime, four windows of xterm models with their scrollback, bounded rings: well under this.
  expect(r.peakRssKiB).toBeLessThan(LOAD_RSS_BOUND_KIB);
  // Every client kept getting frames: each painted the echo of every key typed into its idle
  // pane within 5 s. (The benchmark's latency goals, median ≤ 10 ms and p99 ≤ 25 ms with 4
  // flooding panes, are not met under this load; `bun scripts/load.ts` prints
  // the numbers and the verdict. Tests do not assert wall-clock speed.)
  expect(r.echoMs.length).toBeGreaterThan(4 * 3);
  expect(r.starvedClients).toEqual([]);
  // kill-server: no process, no socket.
  expect(r.leftProcesses).toEqual([]);
  expect(existsSync(weft.socketPath)).toBe(false);
}, (LOAD_SECONDS + 60) * 1000);

/** Bound on the server's RSS under the load test (KiB). */
const LOAD_RSS_BOUND_KIB = 768 * 1024;

test("attach and detach 500 times: no fd, memory, timer or client left behind", async () => {
  weft = await Weft.start();
  const r = await attachDetachLoop(weft, { rawCycles: 500, realCycles: 50 });
  console.log(r.summary);
  expect(r.fdsAfter).toBeLessThanOrEqual(r.fdsBefore);
  expect(r.rssGrowthKiB).toBeLessThan(48 * 1024);
  expect(r.attachedAfter).toBe(0);
  // A leaked status timer or frame pacer per client would keep the idle server busy.
  expect(r.idleTicks).toBeLessThanOrEqual(5);
}, 120_000);

test("kill-server with attached clients and flooding panes leaves no process, fd holder or socket", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "k", "--", "sh", "-c", "yes");
  await weft.ok("split-window", "-t", "k", "--", "sh", "-c", "yes | cat");
  const pids = (await weft.ok("list-panes", "-a", "-F", "#{pane_pid}")).trim().split("\n").map(Number);
  const clients = [weft.attach(["attach", "-t", "k"]), weft.attach(["attach", "-t", "k"])];
  for (const c of clients) await c.waitForScreen((s) => s.includes("[k]"), "the client attached");
  const server = weft.serverPids()[0]!;
  await weft.ok("kill-server");
  for (const c of clients) expect((await c.exited).code).toBe(0);
  await waitFor(() => !existsSync(`/proc/${server}`), "the server to exit");
  await waitFor(() => pids.every((p) => !existsSync(`/proc/${p}`) || readFileSync(`/proc/${p}/stat`, "utf8").includes(") Z")), "every pane's program to exit");
  expect(existsSync(weft.socketPath)).toBe(false);
});

test("a program that does not read its input: a million keys queued cost their bytes, and arrive in order", async () => {
  const dir = mkdtempSync(join(tmpdir(), "weft-input-"));
  const file = join(dir, "in");
  // Raw mode: no line discipline limit, no echo; the program starts reading only later.
  const p = spawn({ file: "sh", args: ["-c", `sleep 0.3; exec cat > ${file}`], env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }, cols: 80, rows: 24, raw: true });
  try {
    p.onData((_b, release) => release());
    const n = 1_000_000;
    Bun.gc(true);
    const rss0 = process.memoryUsage().rss;
    const key = new Uint8Array(1);
    for (let i = 0; i < n; i++) {
      key[0] = 97 + (i % 26);
      p.write(key); // a key at a time, as a client's keystrokes reach a pane
    }
    expect(p.pendingWrite).toBeGreaterThan(n - 65536);
    Bun.gc(true);
    // One copy of the bytes in chunks; an entry and a copy per key cost ~100 bytes each.
    expect(process.memoryUsage().rss - rss0).toBeLessThan(40 * 1024 * 1024);
    await waitFor(() => existsSync(file) && statSync(file).size === n, "every queued byte to reach the program", 20_000);
    const got = readFileSync(file);
    let ok = true;
    for (let i = 0; i < n && ok; i++) ok = got[i] === 97 + (i % 26);
    expect(ok).toBe(true);
    expect(p.pendingWrite).toBe(0);
  } finally {
    p.kill("SIGKILL");
    await p.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
