// Load runs shared by test/e2e/load.test.ts (short) and scripts/fuzz.ts (the issue's full
// length): many flooding panes with clients attached, and attach/detach cycles, measured.
import { readFileSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Weft, type HostClient } from "./weft.ts";
import { waitFor } from "./wait.ts";
import { encodeJson, encodeData, FrameReader, FRAME_JSON, PROTOCOL_VERSION, type ServerMessage } from "../../src/mux/client/protocol.ts";

export function rssKiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export function fdCount(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return -1;
  }
}

/** utime + stime of a process, in clock ticks. */
export function cpuTicks(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

function live(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.startsWith("Z");
  } catch {
    return false;
  }
}

/** Live processes whose process group is one of `groups`. */
export function processesInGroups(groups: Set<number>): number[] {
  const out: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (groups.has(Number(f[2])) && f[0] !== "Z") out.push(Number(d));
    } catch {}
  }
  return out;
}

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export interface LoadReport {
  serverDied: boolean;
  peakRssKiB: number;
  endRssKiB: number;
  /** Clients that did not paint a keystroke's echo within 5 s: they stopped getting frames. */
  starvedClients: string[];
  framesBytes: number[];
  echoMs: number[];
  echoMedianMs: number;
  echoP99Ms: number;
  leftProcesses: number[];
  summary: string;
}

/**
 * 4 sessions of one window each, 8 panes running `yes` in each (32), and in each an idle
 * `cat` pane, active, with a client attached. Keystrokes into each idle pane are timed until
 * that client paints their echo: a client that stops getting frames shows as a lost echo.
 * The floods start together once everything is set up (a gate file), so setting up is quick.
 */
export async function runLoad(weft: Weft, opts: { seconds: number; windows?: number; panesPerWindow?: number; log?: (s: string) => void }): Promise<LoadReport> {
  const windows = opts.windows ?? 4;
  const perWindow = opts.panesPerWindow ?? 8;
  const log = opts.log ?? (() => {});
  const gate = join(weft.dir, "go");
  const flood = ["sh", "-c", `while [ ! -e ${gate} ]; do sleep 0.05; done; exec yes`];
  for (let w = 0; w < windows; w++) {
    // The idle pane: the terminal echoes keys; nothing else writes there (cat's own copy of a
    // line would interleave with the next key's echo).
    await weft.ok("new", "-d", "-s", `L${w}`, "-x", "120", "-y", "40", "--", "sh", "-c", "exec cat > /dev/null");
    for (let p = 0; p < perWindow; p++) {
      await weft.ok("split-window", "-d", "-t", `L${w}`, "--", ...flood);
      await weft.ok("select-layout", "-t", `L${w}`, "tiled");
    }
  }
  const groups = new Set((await weft.ok("list-panes", "-a", "-F", "#{pane_pid}")).trim().split("\n").map(Number));
  const server = weft.serverPids()[0]!;
  log(`${groups.size} panes (${windows * perWindow} to run yes), server pid ${server}`);

  const clients: HostClient[] = [];
  for (let w = 0; w < windows; w++) clients.push(weft.attach(["attach", "-t", `L${w}`], 120, 41));
  for (let w = 0; w < windows; w++) await clients[w]!.waitForScreen((s) => s.includes(`[L${w}]`), `client ${w} attached`, 20_000);
  writeFileSync(gate, "");
  const t0 = performance.now();
  await clients[0]!.waitForScreen((s) => s.includes("y\n"), "the floods to start", 20_000);

  let peak = rssKiB(server);
  const lost = new Set<string>();
  const echo: number[] = [];
  const end = t0 + opts.seconds * 1000;
  let n = 0;
  let died = false;
  let nextLog = t0 + 1000;
  while (performance.now() < end) {
    if (!live(server)) {
      died = true;
      break;
    }
    // One keystroke into each idle pane, timed until its client paints the echo.
    const round = n++;
    const times = await Promise.all(
      clients.map(async (c, i) => {
        const marker = `K${round}q`;
        const start = performance.now();
        c.type(marker);
        while (performance.now() - start < 5000) {
          if (c.screen().includes(marker)) return performance.now() - start;
          await Bun.sleep(1);
        }
        lost.add(`L${i}`);
        return 5000;
      }),
    );
    echo.push(...times);
    for (const c of clients) c.type("\r");
    peak = Math.max(peak, rssKiB(server));
    if (performance.now() >= nextLog) {
      nextLog += 1000;
      log(`t=${((performance.now() - t0) / 1000).toFixed(0)}s rss ${rssKiB(server) >> 10} MiB, echo median so far ${percentile(echo, 50).toFixed(1)} ms`);
    }
    await Bun.sleep(20);
  }
  const endRss = rssKiB(server);
  const framesBytes = clients.map((c) => c.bytes);

  await weft.ok("kill-server").catch(() => {});
  for (const c of clients) await c.exited;
  await waitFor(() => !live(server), "the server to exit", 10_000).catch(() => {});
  let left: number[] = [];
  await waitFor(() => (left = processesInGroups(groups)).length === 0, "every pane's processes to exit", 10_000).catch(() => {});
  if (live(server)) left.push(server);

  const r: LoadReport = {
    serverDied: died,
    peakRssKiB: peak,
    endRssKiB: endRss,
    starvedClients: [...lost],
    framesBytes,
    echoMs: echo,
    echoMedianMs: percentile(echo, 50),
    echoP99Ms: percentile(echo, 99),
    leftProcesses: left,
    summary: "",
  };
  r.summary = [
    `load: ${groups.size} panes (${windows * perWindow} running yes), ${windows} clients, ${opts.seconds} s`,
    `  server RSS peak ${(peak / 1024).toFixed(0)} MiB, at end ${(endRss / 1024).toFixed(0)} MiB`,
    `  client bytes: ${framesBytes.map((b) => `${(b / 1024).toFixed(0)} KiB`).join(", ")}; clients that lost an echo: ${r.starvedClients.join(", ") || "none"}`,
    `  idle-pane echo over ${echo.length} keys: median ${r.echoMedianMs.toFixed(1)} ms, p99 ${r.echoP99Ms.toFixed(1)} ms`,
    `  after kill-server: ${left.length} processes left, socket ${existsSync(weft.socketPath) ? "LEFT" : "gone"}`,
  ].join("\n");
  return r;
}

/** A protocol client that attaches, reads its frames, and can detach with the prefix key. */
async function rawAttach(path: string, session: string): Promise<{ attached: Promise<void>; closed: Promise<void>; detachByKey(): void; end(): void }> {
  const reader = new FrameReader();
  let onAttached!: () => void;
  let onClosed!: () => void;
  const attached = new Promise<void>((r) => (onAttached = r));
  const closed = new Promise<void>((r) => (onClosed = r));
  let gotAttach = false;
  let gotFrame = false;
  const sock = await Bun.connect({
    unix: path,
    socket: {
      data: (_s, b) => {
        for (const f of reader.push(b)) {
          if (f.type === FRAME_JSON && (f.message as ServerMessage).t === "attach") gotAttach = true;
          else if (f.type !== FRAME_JSON) gotFrame = true;
        }
        if (gotAttach && gotFrame) onAttached();
      },
      close: () => onClosed(),
      error: () => onClosed(),
    },
  });
  sock.write(encodeJson({ t: "hello", version: PROTOCOL_VERSION }));
  sock.write(encodeJson({ t: "command", argv: ["attach-session", "-t", session], cwd: "/", env: {}, terminal: { cols: 80, rows: 24, term: "xterm-256color" } }));
  return { attached, closed, detachByKey: () => void sock.write(encodeData(Buffer.from("\x02d"))), end: () => sock.end() };
}

export interface AttachReport {
  fdsBefore: number;
  fdsAfter: number;
  rssGrowthKiB: number;
  attachedAfter: number;
  idleTicks: number;
  summary: string;
}

/** Attach and detach in a loop (protocol clients, then real ones); measure what the server kept. */
export async function attachDetachLoop(weft: Weft, opts: { rawCycles: number; realCycles: number; log?: (s: string) => void }): Promise<AttachReport> {
  const log = opts.log ?? (() => {});
  await weft.ok("new", "-d", "-s", "A", "--", "sh");
  await weft.ok("set", "-g", "status-interval", "1"); // a leaked status timer would tick every second
  const server = weft.serverPids()[0]!;
  const cycle = async (i: number) => {
    const c = await rawAttach(weft.socketPath, "A");
    await c.attached;
    // Half detach with the prefix key (the server ends it), half just go away.
    if (i % 2 === 0) c.detachByKey();
    else c.end();
    await c.closed;
  };
  for (let i = 0; i < 20; i++) await cycle(i); // warm up: first-use allocations are not leaks
  Bun.gc(true);
  const fdsBefore = fdCount(server);
  const rssBefore = rssKiB(server);
  const t0 = performance.now();
  for (let i = 0; i < opts.rawCycles; i++) {
    await cycle(i);
    if (i % 100 === 99) log(`${i + 1} protocol attach/detach cycles, server fds ${fdCount(server)}, RSS ${rssKiB(server) >> 10} MiB`);
  }
  for (let i = 0; i < opts.realCycles; i++) {
    const c = weft.attach(["attach", "-t", "A"]);
    await c.waitForScreen((s) => s.includes("[A]"), "a real client attached");
    c.type("\x02d");
    await c.exited;
  }
  const seconds = (performance.now() - t0) / 1000;
  await waitFor(async () => (await weft.ok("display-message", "-p", "-t", "A", "#{session_attached}")).trim() === "0", "no client attached");
  let fdsAfter = fdCount(server);
  await waitFor(() => (fdsAfter = fdCount(server)) <= fdsBefore, "the server's fds back", 5000).catch(() => {});
  const ticks0 = cpuTicks(server);
  await Bun.sleep(2000); // measuring idle CPU over a fixed span is the point here
  const idleTicks = cpuTicks(server) - ticks0;
  const rssAfter = rssKiB(server);
  const attachedAfter = Number((await weft.ok("display-message", "-p", "-t", "A", "#{session_attached}")).trim());
  const r: AttachReport = { fdsBefore, fdsAfter, rssGrowthKiB: rssAfter - rssBefore, attachedAfter, idleTicks, summary: "" };
  r.summary = [
    `attach/detach: ${opts.rawCycles} protocol + ${opts.realCycles} real clients in ${seconds.toFixed(1)} s`,
    `  server fds ${fdsBefore} -> ${fdsAfter}, RSS ${rssBefore >> 10} -> ${rssAfter >> 10} MiB, attached after ${attachedAfter}, idle CPU ${idleTicks} ticks in 2 s`,
  ].join("\n");
  return r;
}
