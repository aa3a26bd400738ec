// bench:e2e — weft against no multiplexer, tmux and screen, each run as the foreground program of
// a host terminal the benchmark makes (a 120×40 PTY drained as fast as it is read): throughput of
// `cat`, memory under a flood, keystroke echo latency, idle CPU, and the memory long histories
// take (lib/history-memory.ts). Prints tables, writes markdown.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir, cpus, release, loadavg } from "node:os";
import { basename, join, resolve } from "node:path";
import { ensureFixture, fixtureSize, type FixtureKind } from "../fixtures/generate.ts";
import { median, formatBytes, MIB } from "./lib/stats.ts";
import { renderMarkdown, renderText, writeMarkdown, type Table } from "./lib/table.ts";
import { HostTerminal } from "./lib/host.ts";
import { ProcSampler, sweep, TAG_VAR, CLK_TCK } from "./lib/procs.ts";
import { weft, installedPeers, type Mux } from "./lib/muxes.ts";
import { historyCases, historyFixture, historyGoals, historyRun, historyTable, type HistoryCase, type HistoryResult } from "./lib/history-memory.ts";
import { clientPieces, piecesTable, type PieceMemory } from "./lib/client-pieces.ts";
import { commandTimings, emptyBunMemory, muxMemory, timingTable, memoryTable, commandGoals, type Timing, type Memory } from "./lib/commands.ts";

interface Options {
  sizeMb: number;
  repeats: number;
  keys: number;
  floodsMb: number[];
  idleSeconds: number;
  /** Rounds of the command timings (each runs every multiplexer once). */
  rounds: number;
  parts: Set<Part>;
  fixtures: FixtureKind[];
  /** Extra weft executables to run beside dist/weft (an A/B of two builds in one run). */
  alsoWeft: string[];
  peers: boolean;
  out: string;
  quick: boolean;
}

type Part = "throughput" | "flood" | "latency" | "idle" | "commands" | "history";
const PARTS: readonly Part[] = ["throughput", "flood", "latency", "idle", "commands", "history"];

const FIXTURES: readonly FixtureKind[] = ["lines", "ascii", "unicode", "csi"];
/** How often the multiplexer's processes are sampled for RSS and CPU. */
const SAMPLE_MS = 20;
/** A run that takes longer than this is stuck, not slow. */
const RUN_DEADLINE_MS = 180_000;
/**
 * The pane prints this after `cat` (from two halves, so no command line shows it). Its letters
 * occur in no fixture's text, so no renderer can skip one of its cells as already on screen.
 */
const END_MARK = "QZWQZWQZ";
/**
 * The keys whose echoes are timed, in turn: they appear in no status line, border or `yes`
 * output. Consecutive keys differ: if the erase of one key had not been painted when the next
 * was typed, the same key would leave the screen as it was, and a renderer that sends only
 * changes would rightly send nothing for it.
 */
const KEYS = ["~", "^"];
const ERASE = "\x7f";
const BUSY_PANES = 4;
/** An echo not painted by then is counted as lost (as "> 1 s" in the percentiles). */
const KEY_TIMEOUT_MS = 1_000;
/** After each key is erased, the next follows 40–80 ms later: a fast typist, at a random phase. */
const KEY_GAP_MS = [40, 80] as const;
/** The shell every latency and idle pane runs, with a prompt we can wait for whatever the multiplexer passes on. */
const SHELL = ["env", "PS1=$ ", "sh"];

function parseOptions(argv: string[]): Options {
  const o: Options = {
    sizeMb: 16,
    repeats: 5,
    keys: 200,
    floodsMb: [64, 256],
    idleSeconds: 10,
    rounds: 30,
    parts: new Set(PARTS),
    fixtures: [...FIXTURES],
    alsoWeft: [],
    peers: true,
    out: "bench/results/e2e.md",
    quick: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--no-peers") {
      o.peers = false;
      continue;
    }
    if (flag === "--quick") {
      Object.assign(o, { quick: true, repeats: 1, sizeMb: 4, keys: 50, floodsMb: [16, 64], idleSeconds: 3, rounds: 10 });
      continue;
    }
    const v = argv[++i];
    if (v === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--size-mb") o.sizeMb = Number(v);
    else if (flag === "--repeats") o.repeats = Number(v);
    else if (flag === "--keys") o.keys = Number(v);
    else if (flag === "--rounds") o.rounds = Number(v);
    else if (flag === "--only") o.parts = new Set(v.split(",").map((p) => checkPart(p)));
    else if (flag === "--fixtures") o.fixtures = v.split(",").map((f) => checkFixture(f));
    else if (flag === "--also-weft") o.alsoWeft = v.split(",");
    else if (flag === "--out") o.out = v;
    else throw new Error(`unknown flag: ${flag} (flags: --quick, --size-mb N, --repeats N, --keys N, --rounds N, --only ${PARTS.join(",")}, --fixtures ${FIXTURES.join(",")}, --also-weft EXE[,EXE], --no-peers, --out FILE)`);
  }
  if (!(o.sizeMb > 0)) throw new Error(`invalid --size-mb: ${o.sizeMb}`);
  if (!Number.isInteger(o.repeats) || o.repeats < 1) throw new Error(`invalid --repeats: ${o.repeats}`);
  if (!Number.isInteger(o.keys) || o.keys < 1) throw new Error(`invalid --keys: ${o.keys}`);
  if (!Number.isInteger(o.rounds) || o.rounds < 1) throw new Error(`invalid --rounds: ${o.rounds}`);
  return o;
}

function checkPart(p: string): Part {
  if (!(PARTS as readonly string[]).includes(p)) throw new Error(`unknown part: ${p} (parts: ${PARTS.join(", ")})`);
  return p as Part;
}

function checkFixture(f: string): FixtureKind {
  if (!(FIXTURES as readonly string[]).includes(f)) throw new Error(`unknown fixture: ${f} (fixtures: ${FIXTURES.join(", ")})`);
  return f as FixtureKind;
}

function withDeadline<T>(name: string, p: Promise<T>, ms = RUN_DEADLINE_MS): Promise<T> {
  let timer: Timer | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no result after ${ms} ms`)), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

function log(s: string): void {
  process.stderr.write(s + "\n");
}

// ---------------------------------------------------------------------------------------------
// One run: its own tag, socket name and sampler; everything it started is stopped at the end.

let work = "";
let runCount = 0;

class Run {
  readonly tag = `${process.pid}-${++runCount}`;
  readonly sock = `wb${process.pid}x${runCount}`;
  readonly sampler: ProcSampler | null;
  host: HostTerminal | null = null;
  /** Clients started beside the host (startClient). */
  private readonly others: HostTerminal[] = [];

  constructor(readonly mux: Mux | null) {
    this.sampler = mux ? new ProcSampler(this.tag, mux.exe) : null;
  }

  env(): Record<string, string> {
    return {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: join(work, "home"),
      TERM: "xterm-256color",
      LANG: "C.UTF-8",
      LC_ALL: "C.UTF-8",
      SHELL: "/bin/sh",
      PS1: "$ ",
      WEFT_TMPDIR: join(work, "weft"),
      TMUX_TMPDIR: join(work, "tmux"),
      SCREENDIR: join(work, "screen"),
      [TAG_VAR]: this.tag,
    };
  }

  /** The multiplexer as the host terminal's program, or `cmd` alone when there is none. */
  startHost(cmd: string[]): HostTerminal {
    this.sampler?.start(SAMPLE_MS);
    this.host = new HostTerminal(this.mux ? this.mux.attach(this.sock, cmd) : cmd, this.env(), work);
    return this.host;
  }

  startClient(argv: string[]): HostTerminal {
    const h = new HostTerminal(argv, this.env(), work);
    this.others.push(h);
    return h;
  }

  /** A CLI command of this run's server; its stdout. */
  cli(argv: string[], timeoutMs = 10_000): string {
    const r = Bun.spawnSync(argv, { env: this.env(), cwd: work, stdout: "pipe", stderr: "pipe", timeout: timeoutMs });
    if (r.exitCode !== 0) throw new Error(`${argv.slice(0, 6).join(" ")}… exited ${r.exitCode}: ${r.stderr.toString().trim()}`);
    return r.stdout.toString().trim();
  }

  /** Stop the server politely, then SIGKILL whatever still carries this run's tag. */
  async cleanup(): Promise<void> {
    this.sampler?.stop();
    this.host?.cancelWatches();
    if (this.mux) {
      Bun.spawnSync(this.mux.stop(this.sock), { env: this.env(), cwd: work, stdout: "ignore", stderr: "ignore", timeout: 5_000 });
    }
    for (const h of [this.host, ...this.others]) {
      if (!h) continue;
      h.cancelWatches();
      const exited = h.exited.then(() => true);
      if (!(await Promise.race([exited, Bun.sleep(2_000).then(() => false)]))) h.kill();
    }
    for (let i = 0; i < 20 && sweep((t) => t === this.tag) > 0; i++) await Bun.sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// Throughput: `cat FIXTURE` in the pane, timed by the shell inside it.

interface Fixture {
  kind: FixtureKind;
  path: string;
  size: number;
}

interface ThroughputRun {
  catMs: number;
  /** From the start until the end mark, printed after `cat`, has reached the host: the last screen is shown. */
  userMs: number;
  /** From Enter (typed once the last screen is shown) until the multiplexer has exited. */
  exitMs: number;
  hostBytes: number;
  peakRss: number;
  cpuS: number;
}

/**
 * The pane's program: time cat, write the child's view to a file, print the end mark, then wait
 * for Enter. A pane that exited at once would end the session, and tmux 3.3a and weft then leave
 * without painting what they had not painted yet: the last screen would never be shown.
 */
function catScript(fixture: string, result: string): string[] {
  const half = END_MARK.length >> 1;
  const script =
    'start=$(date +%s%N); cat "$1"; end=$(date +%s%N); echo $((end - start)) > "$2"; ' +
    `printf '\\033[0m\\r\\n%s%s\\r\\n' ${END_MARK.slice(0, half)} ${END_MARK.slice(half)}; read _`;
  return ["sh", "-c", script, "sh", fixture, result];
}

async function throughputRun(mux: Mux | null, f: Fixture): Promise<ThroughputRun> {
  const run = new Run(mux);
  const result = join(work, `cat-${run.tag}.ns`);
  try {
    const host = run.startHost(catScript(f.path, result));
    const shownAt = await host.waitFor(END_MARK, RUN_DEADLINE_MS);
    const enterAt = performance.now();
    host.write("\r");
    const exit = await withDeadline(`${mux?.label ?? "none"} cat ${f.kind}: exit after Enter`, host.exited, 15_000);
    run.sampler?.sample();
    const catNs = Number(readFileSync(result, "utf8").trim());
    if (!Number.isFinite(catNs)) throw new Error(`no cat time in ${result}`);
    return {
      catMs: catNs / 1e6,
      userMs: shownAt - host.startedAt,
      exitMs: exit.at - enterAt,
      hostBytes: host.bytes,
      peakRss: run.sampler?.peakRss() ?? NaN,
      cpuS: run.sampler?.cpuSeconds() ?? NaN,
    };
  } finally {
    await run.cleanup();
    rmSync(result, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Memory under a flood: N MiB of the ASCII fixture, repeated, in the pane.

interface FloodRun {
  ms: number;
  hostBytes: number;
  serverRss: number;
  allRss: number;
  cpuS: number;
}

/** The pane's program: the ASCII fixture over and over, cut at `mb` MiB (a bounded loop: cat dies of SIGPIPE). */
function floodScript(mb: number, f: Fixture): string[] {
  const times = Math.ceil((mb * MIB) / f.size);
  return ["sh", "-c", `for i in $(seq ${times}); do cat "$1"; done | head -c ${mb * MIB}`, "sh", f.path];
}

async function floodRun(mux: Mux, mb: number, f: Fixture): Promise<FloodRun> {
  const run = new Run(mux);
  try {
    const host = run.startHost(floodScript(mb, f));
    const exit = await withDeadline(`${mux.label} flood ${mb} MiB`, host.exited);
    run.sampler!.sample();
    const notClient = (pid: number) => pid !== host.pid;
    return {
      ms: exit.at - host.startedAt,
      hostBytes: host.bytes,
      serverRss: run.sampler!.peakRss(notClient),
      allRss: run.sampler!.peakRss(),
      cpuS: run.sampler!.cpuSeconds(),
    };
  } finally {
    await run.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// History memory (lib/history-memory.ts): one case in its own run and server.

async function historyCase(mux: Mux, c: HistoryCase, fixture: string): Promise<HistoryResult> {
  const run = new Run(mux);
  try {
    const host = {
      sock: run.sock,
      cli: (argv: string[], timeoutMs?: number) => run.cli(argv, timeoutMs),
      pids: () => {
        run.sampler!.sample();
        return [...run.sampler!.procs.keys()].filter((pid) => existsSync(`/proc/${pid}`));
      },
    };
    return await historyRun(host, mux, c, fixture, join(work, `history-${run.tag}.conf`));
  } finally {
    await run.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// Keystroke echo: a key into the host PTY until its echo from `sh` in the pane is read back.

interface LatencyRun {
  samples: number[];
  lost: number;
}

/** Every key's latency, a lost one as Infinity: it counts in the percentiles, as "> 1 s". */
function withLost(r: LatencyRun): number[] {
  return [...r.samples, ...Array<number>(r.lost).fill(Infinity)];
}

async function latencyRun(mux: Mux | null, busy: boolean, keys: number): Promise<LatencyRun> {
  const run = new Run(mux);
  try {
    const host = run.startHost(SHELL);
    await withDeadline("prompt", host.waitFor("$", 15_000));
    await host.quiet(300, 3_000);
    if (busy) {
      if (!mux?.split) throw new Error("no splits");
      // The shell keeps the top half; four `yes` panes share the bottom half, two by two.
      const a = run.cli(mux.split(run.sock, "bench", false, ["yes"]));
      const b = run.cli(mux.split(run.sock, a, true, ["yes"]));
      run.cli(mux.split(run.sock, a, false, ["yes"]));
      run.cli(mux.split(run.sock, b, false, ["yes"]));
      await Bun.sleep(1_000);
    }
    const samples: number[] = [];
    let lost = 0;
    for (let i = 0; i < keys; i++) {
      const key = KEYS[i % KEYS.length]!;
      const seen = host.waitFor(key, KEY_TIMEOUT_MS);
      const t0 = performance.now();
      host.write(key);
      try {
        samples.push((await seen) - t0);
      } catch {
        lost++;
      }
      host.write(ERASE); // keeps the line empty, so no repaint can show an old key
      await Bun.sleep(KEY_GAP_MS[0] + Math.random() * (KEY_GAP_MS[1] - KEY_GAP_MS[0]));
    }
    return { samples, lost };
  } finally {
    await run.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// Idle: CPU of a detached server with 10 panes at a shell prompt.

async function idleRun(mux: Mux, seconds: number): Promise<number> {
  const run = new Run(mux);
  try {
    run.cli(mux.detached(run.sock, "idle", SHELL));
    for (let i = 1; i < 10; i++) run.cli(mux.newWindow(run.sock, "idle", SHELL));
    await Bun.sleep(2_000); // shells start, prompts are parsed
    const sampler = run.sampler!;
    sampler.sample();
    const before = sampler.cpuSeconds();
    const servers = sampler.procs.size;
    await Bun.sleep(seconds * 1_000);
    sampler.sample();
    if (sampler.procs.size !== servers || servers === 0) throw new Error(`${mux.label}: ${servers} server processes, then ${sampler.procs.size}`);
    return Math.round((sampler.cpuSeconds() - before) * CLK_TCK);
  } finally {
    await run.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting.

const fmtMs = (ms: number) => (ms === Infinity ? `> ${KEY_TIMEOUT_MS / 1000} s` : !Number.isFinite(ms) ? "–" : ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`);
const fmtX = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : "–");

/** Nearest-rank percentile. */
function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

interface Summary {
  fixture: Fixture;
  who: string;
  runs: ThroughputRun[];
  cat: number;
  user: number;
  exit: number;
}

function summarize(fixture: Fixture, who: string, runs: ThroughputRun[]): Summary {
  return { fixture, who, runs, cat: median(runs.map((r) => r.catMs)), user: median(runs.map((r) => r.userMs)), exit: median(runs.map((r) => r.exitMs)) };
}

function throughputTable(sums: Summary[]): Table {
  const rows = sums.map((s) => {
    const none = sums.find((x) => x.fixture === s.fixture && x.who === "none");
    const tm = sums.find((x) => x.fixture === s.fixture && x.who.startsWith("tmux"));
    return [
      `${s.fixture.kind} (${formatBytes(s.fixture.size)})`,
      s.who,
      fmtMs(s.cat),
      fmtX(s.cat / (none?.cat ?? NaN)),
      fmtX(s.cat / (tm?.cat ?? NaN)),
      fmtMs(s.user),
      fmtX(s.user / (none?.user ?? NaN)),
      fmtX(s.user / (tm?.user ?? NaN)),
      fmtMs(s.exit),
      formatBytes(median(s.runs.map((r) => r.hostBytes))),
      s.who === "none" ? "–" : formatBytes(median(s.runs.map((r) => r.peakRss))),
      s.who === "none" ? "–" : median(s.runs.map((r) => r.cpuS)).toFixed(2),
    ];
  });
  return {
    headers: ["fixture", "multiplexer", "cat (child)", "× none", "× tmux", "last screen shown (user)", "× none", "× tmux", "exit after Enter", "bytes to host", "peak RSS", "CPU s"],
    align: ["left", "left", "right", "right", "right", "right", "right", "right", "right", "right", "right", "right"],
    rows,
  };
}

interface Report {
  opts: Options;
  muxes: Mux[];
  throughput: Summary[];
  flood: { mux: Mux; mb: number; r: FloodRun }[];
  latency: { who: string; busy: boolean; r: LatencyRun }[];
  idle: { mux: Mux; ticks: number }[];
  history: HistoryResult[];
  commands: Timing[];
  memory: Memory[];
  emptyBun: Memory | null;
  pieces: PieceMemory[];
  failures: string[];
  /** 1-minute load averages sampled through the run: other work on the machine skews every figure. */
  loads: number[];
}

function floodTable(rep: Report): Table {
  return {
    headers: ["multiplexer", "flood", "time", "bytes to host", "peak server RSS", "peak RSS, all", "CPU s", "server RSS vs smallest flood"],
    align: ["left", "right", "right", "right", "right", "right", "right", "right"],
    rows: rep.flood.map(({ mux, mb, r }) => {
      const first = rep.flood.find((x) => x.mux === mux);
      return [mux.label, `${mb} MiB`, fmtMs(r.ms), formatBytes(r.hostBytes), formatBytes(r.serverRss), formatBytes(r.allRss), r.cpuS.toFixed(2), fmtX(r.serverRss / (first?.r.serverRss ?? NaN))];
    }),
  };
}

function latencyTable(rep: Report): Table {
  return {
    headers: ["multiplexer", "other panes", "median", "p99", "max", "keys (lost)"],
    align: ["left", "left", "right", "right", "right", "right"],
    rows: rep.latency.map(({ who, busy, r }) => {
      const all = withLost(r);
      return [
        who,
        busy ? `${BUSY_PANES} running yes` : "none",
        fmtMs(median(all)),
        fmtMs(percentile(all, 99)),
        fmtMs(Math.max(...all)),
        `${all.length}${r.lost ? ` (${r.lost} lost)` : ""}`,
      ];
    }),
  };
}

function idleTable(rep: Report): Table {
  return {
    headers: ["multiplexer", "panes", "over", "CPU (clock ticks)", "CPU ms"],
    align: ["left", "right", "right", "right", "right"],
    rows: rep.idle.map(({ mux, ticks }) => [mux.label, "10", `${rep.opts.idleSeconds} s`, String(ticks), String((ticks * 1000) / CLK_TCK)]),
  };
}

function goalsTable(rep: Report): Table {
  const rows: string[][] = [];
  const verdict = (ok: boolean | null) => (ok === null ? "not measured" : ok ? "met" : "MISSED");
  const t = (who: string) => rep.throughput.find((s) => s.fixture.kind === "lines" && s.who === who);
  const [tw, tn] = [t("weft"), t("none")];
  const tt = rep.throughput.find((s) => s.fixture.kind === "lines" && s.who.startsWith("tmux"));
  if (tw && tn) {
    const vsNone = tw.cat / tn.cat;
    const vsTmux = tt ? tw.cat / tt.cat : NaN;
    rows.push(["`cat` 1,048,576 lines ≤ 1.2× none", fmtX(vsNone), verdict(vsNone <= 1.2)]);
    rows.push(["`cat` 1,048,576 lines < 0.5× tmux", fmtX(vsTmux), verdict(tt ? vsTmux < 0.5 : null)]);
    const user = tw.user / tn.user;
    rows.push(["final screen painted ≤ 1.3× none, 1,048,576 lines", fmtX(user), verdict(user <= 1.3)]);
  }
  const wf = rep.flood.filter((f) => f.mux.label === "weft");
  if (wf.length >= 2) {
    const x = wf[wf.length - 1]!.r.serverRss / wf[0]!.r.serverRss;
    rows.push([`peak server RSS, ${wf[wf.length - 1]!.mb} MiB vs ${wf[0]!.mb} MiB flood, within ±10%`, `${x.toFixed(3)}×`, verdict(Math.abs(x - 1) <= 0.1)]);
  }
  const lat = (who: string, busy: boolean) => {
    const l = rep.latency.find((x) => x.who === who && x.busy === busy);
    return l ? withLost(l.r) : undefined;
  };
  const wi = lat("weft", false);
  if (wi) rows.push(["echo, idle: median ≤ 1 ms", fmtMs(median(wi)), verdict(median(wi) <= 1)]);
  const wb = lat("weft", true);
  const tmuxBusy = rep.latency.find((l) => l.who.startsWith("tmux") && l.busy);
  const tb = tmuxBusy ? withLost(tmuxBusy.r) : undefined;
  if (wb) {
    rows.push([`echo, ${BUSY_PANES} panes running yes: median ≤ 10 ms`, fmtMs(median(wb)), verdict(median(wb) <= 10)]);
    rows.push([`echo, ${BUSY_PANES} panes running yes: p99 ≤ 25 ms`, fmtMs(percentile(wb, 99)), verdict(percentile(wb, 99) <= 25)]);
    const below = tb ? median(wb) < median(tb) && percentile(wb, 99) < percentile(tb, 99) : null;
    rows.push([`echo, ${BUSY_PANES} panes running yes: median and p99 below tmux`, tb ? `${fmtMs(median(tb))}, ${fmtMs(percentile(tb, 99))} (tmux)` : "–", verdict(below)]);
  }
  const wIdle = rep.idle.find((i) => i.mux.label === "weft");
  if (wIdle) rows.push([`idle server, 10 panes: 0–1 ticks over ${rep.opts.idleSeconds} s`, `${wIdle.ticks} ticks`, verdict(wIdle.ticks <= 1)]);
  rows.push(...historyGoals(rep.history));
  rows.push(...commandGoals(rep.commands, rep.memory, rep.emptyBun));
  return { headers: ["goal (weft)", "measured", "verdict"], align: ["left", "right", "left"], rows };
}

function versions(rep: Report): string {
  const kernel = release();
  const cpu = cpus();
  const peers = rep.muxes.filter((m) => m.id !== "weft").map((m) => m.label);
  const load = rep.loads.length ? `, load average ${Math.min(...rep.loads).toFixed(1)}–${Math.max(...rep.loads).toFixed(1)} during the run` : "";
  return `Bun ${Bun.version}, ${peers.join(", ") || "no peers installed"}, Linux ${kernel}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "?"}${load}`;
}

function markdown(rep: Report): string {
  const o = rep.opts;
  const cmd = `bun run bench${process.argv.length > 2 ? " -- " + process.argv.slice(2).join(" ") : ""}`;
  const date = new Date().toISOString().slice(0, 10);
  const out: string[] = [
    "```sh",
    `${cmd}     # flags: --quick, --size-mb N, --repeats N, --keys N, --rounds N, --only ${PARTS.join(",")}, --fixtures ${FIXTURES.join(",")}, --also-weft EXE[,EXE], --no-peers, --out FILE`,
    "```",
    "",
    `on ${date}: ${versions(rep)}. Each multiplexer is the foreground program of a 120×40 PTY made by the ` +
      "benchmark (weft's own PTY core), whose output is read and dropped as fast as it comes, like a very fast " +
      "terminal; TERM=xterm-256color, C.UTF-8, a fresh private socket per run, no config file.",
    "",
  ];
  if (rep.throughput.length) {
    out.push(
      `### \`cat\` in a pane (median of ${o.repeats})`,
      "",
      "*cat (child)*: what the shell in the pane timed around `cat FIXTURE`; *last screen shown (user)*: from starting the " +
        "multiplexer (or the shell, for *none*) until a mark the pane prints after `cat` has been read by the host, start-up " +
        "included: the last screen is painted. The pane then waits for Enter (a pane that exits at once ends the session, " +
        "and tmux and weft leave without painting what they have not painted yet); *exit after Enter*: from typing it until " +
        "the multiplexer has exited and the host has read every byte. *Peak RSS* sums the peak (VmHWM) of each of the multiplexer's processes (client and server); *CPU* is their " +
        `utime + stime, both read from /proc every ${SAMPLE_MS} ms (a process's last ≤ ${SAMPLE_MS} ms of CPU can be missed). ` +
        "Lower is better everywhere; × columns divide by the row of no multiplexer or of tmux for the same fixture.",
      "",
      renderMarkdown(throughputTable(rep.throughput)),
      "",
    );
  }
  if (rep.flood.length) {
    out.push(
      "### Memory under a flood (one run each)",
      "",
      "The pane runs the ASCII fixture over and over, cut at N MiB (`for …; do cat F; done | head -c N`). *Peak server RSS* is the VmHWM of the multiplexer's processes other than the " +
        "attached client; a bounded design shows the same figure for every flood size.",
      "",
      renderMarkdown(floodTable(rep)),
      "",
    );
  }
  if (rep.latency.length) {
    out.push(
      "### Keystroke echo",
      "",
      `A key (\`${KEYS.join("` and `")}\` in turn) is written into the host PTY; the time runs until the host reads it back, echoed by \`sh\` in the pane ` +
        `and painted by the multiplexer; then a DEL erases it and the next key follows ${KEY_GAP_MS[0]}–${KEY_GAP_MS[1]} ms later. ` +
        `An echo not painted within ${KEY_TIMEOUT_MS / 1000} s is lost and counts as "> ${KEY_TIMEOUT_MS / 1000} s". ${o.keys} keys; with ` +
        `other panes busy, the shell keeps the top half of the window and ${BUSY_PANES} \`yes\` panes share the bottom. ` +
        "*none* is the shell straight in the host PTY: the benchmark's own floor. screen is left out (its regions are not comparable splits).",
      "",
      renderMarkdown(latencyTable(rep)),
      "",
    );
  }
  if (rep.idle.length) {
    out.push(
      "### Idle",
      "",
      `A detached server with 10 windows, each a \`sh\` at its prompt, left alone for ${o.idleSeconds} s after 2 s to settle; ` +
        `utime + stime of the server's processes from /proc (1 tick = ${1000 / CLK_TCK} ms). The three servers idle at the same time.`,
      "",
      renderMarkdown(idleTable(rep)),
      "",
    );
  }
  if (rep.history.length) {
    out.push(
      "### History memory",
      "",
      "A detached server (no client) with `set -g history-limit N` in its config file, whose 200×50 windows each run `cat` of a file " +
        "of 100-character lines, then `sleep`. *Server RSS* is the server's VmRSS once every pane's `cat` has ended and its " +
        "history_size has not changed for a second; *peak* its VmHWM. *Lines kept*: the numbered lines `capture-pane -p -J -S - -E -` " +
        "gives back for the first and the last window, all of them in order.",
      "",
      renderMarkdown(historyTable(rep.history)),
      "",
    );
  }
  if (rep.commands.length || rep.memory.length) {
    out.push(
      "### Processes and commands",
      "",
      `A command from a script (\`display -p x\` against a server with one session) and a new server (\`new -d\`, then ` +
        `\`kill-server\`, timed together): wall time from spawn to exit with the output read, ${o.rounds} rounds after 3 of ` +
        "warm-up, each round running every multiplexer in turn (hyperfine's loop, interleaved). Then the resident memory " +
        "(VmRSS, of which anonymous and file-backed) of an attached client and of idle servers, each at a shell prompt, " +
        "read 2 s after start, beside an empty program compiled as weft is (`bun build --compile --minify --bytecode`).",
      "",
      renderMarkdown(timingTable(rep.commands)),
      "",
      renderMarkdown(memoryTable(rep.memory, rep.emptyBun)),
      "",
      "What each thing an attached client may use costs, each compiled alone and run on a terminal (a PTY), read after 2 s:",
      "",
      renderMarkdown(piecesTable(rep.pieces)),
      "",
    );
  }
  out.push("### Goals", "", renderMarkdown(goalsTable(rep)), "");
  if (rep.failures.length) out.push("Failures:", "", ...rep.failures.map((f) => `- ${f}`), "");
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------

/** weft as built (`bun run build`), copied so a rebuild during the run cannot change it. */
/**
 * A private copy of a weft executable (dist/weft by default), so a rebuild during the run
 * changes nothing. Others than dist/weft are labelled "weft:NAME" and count for no goal.
 */
function weftBinary(exe = resolve(import.meta.dir, "../dist/weft"), name?: string): Mux {
  try {
    statSync(exe);
  } catch {
    throw new Error(`${exe} is missing${name ? "" : ": run `bun run build` first"}`);
  }
  const copy = join(work, "bin", name ?? "weft", "weft");
  mkdirSync(join(copy, ".."), { recursive: true });
  copyFileSync(exe, copy);
  chmodSync(copy, 0o755);
  const m = weft(copy);
  return name ? { ...m, label: `weft:${name}` } : m;
}

async function attempt<T>(failures: string[], what: string, f: () => Promise<T>): Promise<T | null> {
  try {
    return await f();
  } catch (e) {
    const msg = `${what}: ${e instanceof Error ? e.message : String(e)}`;
    failures.push(msg);
    log(`  FAILED ${msg}`);
    return null;
  }
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  work = mkdtempSync(join(tmpdir(), "weft-e2e-"));
  for (const d of ["home", "weft", "tmux", "screen"]) mkdirSync(join(work, d), { mode: 0o700 });
  const stopAll = () => sweep((t) => t.startsWith(`${process.pid}-`));
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(sig, () => {
      stopAll();
      rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    const others = opts.alsoWeft.map((exe, i) => weftBinary(resolve(exe), `${basename(exe)}${opts.alsoWeft.length > 1 ? i + 1 : ""}`));
    const muxes = [weftBinary(), ...others, ...(opts.peers ? installedPeers() : [])];
    const rep: Report = { opts, muxes, throughput: [], flood: [], latency: [], idle: [], commands: [], memory: [], emptyBun: null, pieces: [], history: [], failures: [], loads: [] };
    const loadTimer = setInterval(() => rep.loads.push(loadavg()[0] ?? NaN), 5_000);
    log(`bench:e2e in ${work}: ${muxes.map((m) => m.label).join(", ")}`);

    if (opts.parts.has("throughput")) {
      for (const kind of opts.fixtures) {
        const fixture: Fixture = { kind, path: await ensureFixture(kind, opts.sizeMb), size: fixtureSize(kind, opts.sizeMb) };
        const who: (Mux | null)[] = [null, ...muxes];
        const runs = new Map<Mux | null, ThroughputRun[]>(who.map((m) => [m, []]));
        for (let r = 0; r < opts.repeats; r++) {
          for (const m of who) {
            const res = await attempt(rep.failures, `cat ${kind} in ${m?.label ?? "none"}`, () => throughputRun(m, fixture));
            if (res) runs.get(m)!.push(res);
            if (res) log(`  cat ${kind} ${m?.label ?? "none"}: cat ${fmtMs(res.catMs)}, user ${fmtMs(res.userMs)}, ${formatBytes(res.hostBytes)} to host, exit ${fmtMs(res.exitMs)}`);
          }
        }
        for (const m of who) if (runs.get(m)!.length) rep.throughput.push(summarize(fixture, m?.label ?? "none", runs.get(m)!));
      }
    }
    if (opts.parts.has("flood")) {
      const ascii: Fixture = { kind: "ascii", path: await ensureFixture("ascii", opts.sizeMb), size: fixtureSize("ascii", opts.sizeMb) };
      for (const m of muxes) {
        for (const mb of opts.floodsMb) {
          const r = await attempt(rep.failures, `flood ${mb} MiB in ${m.label}`, () => floodRun(m, mb, ascii));
          if (r) rep.flood.push({ mux: m, mb, r });
          if (r) log(`  flood ${m.label} ${mb} MiB: ${fmtMs(r.ms)}, server RSS ${formatBytes(r.serverRss)}`);
        }
      }
    }
    if (opts.parts.has("latency")) {
      const who: (Mux | null)[] = [null, ...muxes];
      for (const busy of [false, true]) {
        for (const m of who) {
          if (busy && !m?.split) continue;
          const r = await attempt(rep.failures, `echo in ${m?.label ?? "none"}${busy ? ", busy" : ""}`, () => latencyRun(m, busy, opts.keys));
          if (r) rep.latency.push({ who: m?.label ?? "none", busy, r });
          if (r) log(`  echo ${m?.label ?? "none"}${busy ? " busy" : ""}: median ${fmtMs(median(withLost(r)))}, p99 ${fmtMs(percentile(withLost(r), 99))}, ${r.lost} lost`);
        }
      }
    }
    if (opts.parts.has("idle")) {
      const idles = await Promise.all(muxes.map((m) => attempt(rep.failures, `idle ${m.label}`, () => idleRun(m, opts.idleSeconds))));
      muxes.forEach((m, i) => {
        const ticks = idles[i];
        if (ticks !== null && ticks !== undefined) rep.idle.push({ mux: m, ticks });
      });
    }

    if (opts.parts.has("history")) {
      for (const c of historyCases(opts.quick)) {
        const fixture = historyFixture(work, c.lines);
        for (const m of muxes.filter((x) => x.id !== "screen")) {
          const r = await attempt(rep.failures, `history ${c.panes}x${c.lines} in ${m.label}`, () => historyCase(m, c, fixture));
          if (r) rep.history.push(r);
          if (r) log(`  history ${m.label} ${c.panes} × ${c.lines}: server RSS ${formatBytes(r.rss)}, kept ${r.kept.join(", ")}, ${fmtMs(r.fillMs)}`);
        }
      }
    }
    if (opts.parts.has("commands")) {
      const timings = await attempt(rep.failures, "command timings", () => commandTimings(muxes, (m) => new Run(m), work, opts.rounds));
      if (timings) rep.commands = timings;
      rep.emptyBun = await attempt(rep.failures, "empty Bun program", () => emptyBunMemory(work));
      for (const m of muxes.filter((x) => x.command !== null)) {
        const mem = await attempt(rep.failures, `memory of ${m.label}`, () => muxMemory(m, (x) => new Run(x), SHELL));
        if (mem) rep.memory.push(...mem);
      }
      const weftMux = muxes.find((m) => m.id === "weft");
      if (weftMux) {
        const run = new Run(weftMux);
        const pieces = await attempt(rep.failures, "client pieces", async () => {
          try {
            run.cli(weftMux.detached(run.sock, "pieces", SHELL));
            return await clientPieces(work, join(run.env().WEFT_TMPDIR!, `weft-${process.getuid?.() ?? 0}`, run.sock));
          } finally {
            await run.cleanup();
          }
        });
        if (pieces) rep.pieces = pieces;
      }
    }

    clearInterval(loadTimer);
    const tables: [string, Table][] = [];
    if (rep.throughput.length) tables.push(["cat in a pane", throughputTable(rep.throughput)]);
    if (rep.flood.length) tables.push(["memory under a flood", floodTable(rep)]);
    if (rep.latency.length) tables.push(["keystroke echo", latencyTable(rep)]);
    if (rep.idle.length) tables.push(["idle", idleTable(rep)]);
    if (rep.history.length) tables.push(["history memory", historyTable(rep.history)]);
    if (rep.commands.length) tables.push(["commands", timingTable(rep.commands)]);
    if (rep.memory.length) tables.push(["processes", memoryTable(rep.memory, rep.emptyBun)]);
    if (rep.pieces.length) tables.push(["client pieces", piecesTable(rep.pieces)]);
    tables.push(["goals", goalsTable(rep)]);
    for (const [title, t] of tables) console.log(`\n${title}\n\n${renderText(t)}`);
    writeMarkdown(opts.out, markdown(rep));
    console.log(`\nwritten to ${opts.out}`);
    if (rep.failures.length) process.exitCode = 1;
  } finally {
    stopAll();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
process.exit(process.exitCode ?? 0);
