// bench:e2e's "processes and commands": how long a command from a script and a new session take
// (a hyperfine-like loop, the multiplexers interleaved round by round), and the resident memory
// of an attached client and of idle servers beside an empty compiled Bun program.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { median } from "./stats.ts";
import { recache } from "./page-cache.ts";
import type { HostTerminal } from "./host.ts";
import type { ProcSampler } from "./procs.ts";
import type { Mux } from "./muxes.ts";
import type { Table } from "./table.ts";

/** What a part of the benchmark needs of one run (bench/e2e.ts's Run). */
export interface CommandRun {
  readonly sock: string;
  readonly sampler: ProcSampler | null;
  env(): Record<string, string>;
  cli(argv: string[]): string;
  startHost(cmd: string[]): HostTerminal;
  /** Any command line of this run on a terminal of its own (a second client), killed by cleanup. */
  startClient(argv: string[]): HostTerminal;
  cleanup(): Promise<void>;
}

export interface Timing {
  who: string;
  what: string;
  /** Wall-clock milliseconds of each timed round. */
  ms: number[];
}

/** Runs before the timed ones: the page cache and the server's JIT warm up, as hyperfine's --warmup. */
const WARMUP = 3;

/** Wall time of one command to its exit, output read; throws when it fails. */
function timeOnce(argv: string[], env: Record<string, string>, cwd: string): number {
  const t0 = performance.now();
  const r = Bun.spawnSync(argv, { env, cwd, stdout: "pipe", stderr: "pipe", timeout: 10_000 });
  const ms = performance.now() - t0;
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} exited ${r.exitCode}: ${r.stderr.toString().trim()}`);
  return ms;
}

/**
 * `display -p x` against a running server with one session, and `new -d` then `kill-server`
 * (timed together, a server started and stopped), for each multiplexer that takes tmux's
 * command line. Each round runs every multiplexer once, so load falls on them alike.
 */
export async function commandTimings(muxes: Mux[], newRun: (m: Mux) => CommandRun, cwd: string, rounds: number): Promise<Timing[]> {
  const withCli = muxes.filter((m) => m.command !== null);
  const runs = withCli.map((m) => newRun(m));
  const display = withCli.map((m) => ({ who: m.label, what: "display -p x", ms: [] as number[] }));
  const session = withCli.map((m) => ({ who: m.label, what: "new -d; kill-server", ms: [] as number[] }));
  try {
    for (let i = 0; i < withCli.length; i++) runs[i]!.cli(withCli[i]!.detached(runs[i]!.sock, "s", ["sh"]));
    for (let r = -WARMUP; r < rounds; r++) {
      for (let i = 0; i < withCli.length; i++) {
        const m = withCli[i]!;
        const cmd = m.command!;
        const env = runs[i]!.env();
        const d = timeOnce(cmd(runs[i]!.sock, ["display", "-p", "x"]), env, cwd);
        const other = `${runs[i]!.sock}n`;
        const s = timeOnce(cmd(other, ["new", "-d"]), env, cwd) + timeOnce(cmd(other, ["kill-server"]), env, cwd);
        if (r >= 0) {
          display[i]!.ms.push(d);
          session[i]!.ms.push(s);
        }
      }
    }
  } finally {
    for (const run of runs) await run.cleanup();
  }
  return [...display, ...session];
}

export interface Memory {
  who: string;
  what: string;
  rss: number;
  anon: number;
  file: number;
  threads: number;
}

function readMemory(pid: number, who: string, what: string): Memory {
  const status = readFileSync(`/proc/${pid}/status`, "latin1");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
  const threads = Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return { who, what, rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile") + kb("RssShmem"), threads };
}

/** How long a process is left alone before its memory is read: start-up's JIT work and garbage settle. */
const SETTLE_MS = 2_000;

/**
 * An empty program compiled as `npm run build` compiles weft (bytecode, minified), kept alive by
 * a timer: what any compiled Bun process costs before it does anything.
 */
export async function emptyBunMemory(work: string): Promise<Memory> {
  const src = join(work, "empty.ts");
  const exe = join(work, "empty-bun");
  writeFileSync(src, "setInterval(() => {}, 1 << 30);\n");
  const b = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", "--bytecode", src, "--outfile", exe], { stdout: "pipe", stderr: "pipe" });
  if (b.exitCode !== 0) throw new Error(`bun build --compile: ${b.stderr.toString().trim()}`);
  recache([exe]);
  const p = Bun.spawn([exe], { stdio: ["ignore", "ignore", "ignore"] });
  try {
    await Bun.sleep(SETTLE_MS);
    return readMemory(p.pid, "Bun", "empty compiled program");
  } finally {
    p.kill("SIGKILL");
    await p.exited;
  }
}

/** The multiplexer's processes of a run other than `except` (its server, for tmux and weft). */
function serverPids(run: CommandRun, except?: number): number[] {
  const sampler = run.sampler;
  if (!sampler) return [];
  sampler.sample();
  return [...sampler.procs.keys()].filter((pid) => pid !== except);
}

/**
 * The attached client (a `sh` in one pane, at its prompt) and the server behind it; then
 * detached servers idle with 1 and with 10 panes (windows), each at a shell prompt.
 */
export async function muxMemory(mux: Mux, newRun: (m: Mux) => CommandRun, shell: string[]): Promise<Memory[]> {
  const out: Memory[] = [];
  recache([mux.exe]);
  const attached = newRun(mux);
  try {
    const host = attached.startHost(shell);
    await host.waitFor("$", 10_000); // the prompt's space is a blank cell: not every renderer writes it
    await host.quiet(300, 3_000);
    await Bun.sleep(SETTLE_MS);
    out.push(readMemory(host.pid, mux.label, "attached client"));
    for (const pid of serverPids(attached, host.pid)) out.push(readMemory(pid, mux.label, "server, 1 pane, attached"));
    // The same session from a second terminal: a client that attached and never started a
    // server (the first spawned it, and keeps what that touched).
    if (mux.command) {
      const second = attached.startClient(mux.command(attached.sock, ["attach-session", "-t", "bench"]));
      await second.waitFor("$", 10_000);
      await second.quiet(300, 3_000);
      await Bun.sleep(SETTLE_MS);
      out.push(readMemory(second.pid, mux.label, "attached client (attach-session)"));
    }
  } finally {
    await attached.cleanup();
  }
  for (const panes of [1, 10]) {
    const run = newRun(mux);
    try {
      run.cli(mux.detached(run.sock, "idle", shell));
      for (let i = 1; i < panes; i++) run.cli(mux.newWindow(run.sock, "idle", shell));
      await Bun.sleep(SETTLE_MS);
      for (const pid of serverPids(run)) out.push(readMemory(pid, mux.label, `idle server, ${panes} pane${panes > 1 ? "s" : ""}`));
    } finally {
      await run.cleanup();
    }
  }
  return out;
}

export const timingMedian = (t: Timing): number => median(t.ms);

const fmtMs = (ms: number) => (!Number.isFinite(ms) ? "–" : ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`);
const fmtX = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : "–");
const fmtMiB = (b: number) => (Number.isFinite(b) ? `${(b / 1024 / 1024).toFixed(1)} MiB` : "–");

function tmuxMedian(all: Timing[], what: string): number {
  const t = all.find((x) => x.what === what && x.who.startsWith("tmux"));
  return t ? timingMedian(t) : NaN;
}

export function timingTable(all: Timing[]): Table {
  return {
    headers: ["command", "multiplexer", "median", "min", "max", "× tmux", "runs"],
    align: ["left", "left", "right", "right", "right", "right", "right"],
    rows: all.map((t) => [t.what, t.who, fmtMs(timingMedian(t)), fmtMs(Math.min(...t.ms)), fmtMs(Math.max(...t.ms)), fmtX(timingMedian(t) / tmuxMedian(all, t.what)), String(t.ms.length)]),
  };
}

export function memoryTable(all: Memory[], empty: Memory | null): Table {
  const rows = [...(empty ? [empty] : []), ...all].map((m) => [
    m.what,
    m.who,
    fmtMiB(m.rss),
    fmtMiB(m.anon),
    fmtMiB(m.file),
    String(m.threads),
    empty && m !== empty ? `${m.rss >= empty.rss ? "+" : "−"}${fmtMiB(Math.abs(m.rss - empty.rss))}` : "–",
  ]);
  return { headers: ["process", "multiplexer", "RSS", "anonymous", "file", "threads", "vs empty Bun"], align: ["left", "left", "right", "right", "right", "right", "right"], rows };
}

/** The goals of issue 21, as rows of bench:e2e's goals table. */
export function commandGoals(times: Timing[], mem: Memory[], empty: Memory | null): string[][] {
  const rows: string[][] = [];
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  for (const [what, limit] of [["display -p x", 2.5], ["new -d; kill-server", 2]] as const) {
    const w = times.find((t) => t.what === what && t.who === "weft");
    const x = w ? timingMedian(w) / tmuxMedian(times, what) : NaN;
    if (Number.isFinite(x)) rows.push([`\`${what}\` ≤ ${limit}× tmux`, fmtX(x), verdict(x <= limit)]);
  }
  if (empty) {
    const client = mem.find((m) => m.who === "weft" && m.what === "attached client");
    if (client) rows.push(["attached client RSS ≤ empty Bun + 5 MiB", `+${fmtMiB(client.rss - empty.rss)}`, verdict(client.rss - empty.rss <= 5 * 1024 * 1024)]);
    const second = mem.find((m) => m.who === "weft" && m.what === "attached client (attach-session)");
    if (second) rows.push(["attached client (attach-session) RSS ≤ empty Bun + 5 MiB", `+${fmtMiB(second.rss - empty.rss)}`, verdict(second.rss - empty.rss <= 5 * 1024 * 1024)]);
    const server = mem.find((m) => m.who === "weft" && m.what === "idle server, 1 pane");
    if (server) rows.push(["idle server RSS, 1 pane, ≤ empty Bun + 15 MiB", `+${fmtMiB(server.rss - empty.rss)}`, verdict(server.rss - empty.rss <= 15 * 1024 * 1024)]);
  }
  return rows;
}
