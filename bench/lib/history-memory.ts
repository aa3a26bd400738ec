// bench:e2e's history memory section (issue 21): a server whose panes hold long histories —
// 20 panes × 50,000 lines of 100 characters in 200-column windows, and 1 pane × 1,000,000
// lines — its RSS once the output is in, and whether every line was kept (capture-pane's count).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Mux } from "./muxes.ts";
import { formatBytes } from "./stats.ts";
import type { Table } from "./table.ts";

export interface HistoryCase {
  panes: number;
  lines: number;
  limit: number;
}

/** The cases; --quick runs them with a tenth of the lines. */
export function historyCases(quick: boolean): HistoryCase[] {
  const k = quick ? 10 : 1;
  return [
    { panes: 20, lines: 50_000 / k, limit: 50_000 / k },
    { panes: 1, lines: 1_000_000 / k, limit: 1_000_000 / k },
  ];
}

const COLS = 200;
const ROWS = 50;
/** Longer than any case takes on this machine (tmux: ~1 s per 100,000 lines under load). */
const FILL_DEADLINE_MS = 600_000;
/** capture-pane of a million lines (100 MB) takes a few seconds. */
const CAPTURE_DEADLINE_MS = 120_000;
/** The history is in when its size has not changed for this long after the pane's `cat` ended. */
const SETTLED_MS = 1_000;

/** What the section needs of one benchmark run (bench/e2e.ts's Run). */
export interface HistoryRunHost {
  readonly sock: string;
  /** A CLI command of the run's server; its stdout. */
  cli(argv: string[], timeoutMs?: number): string;
  /** The live processes of the multiplexer (its server, once no client is left). */
  pids(): number[];
}

export interface HistoryResult {
  mux: Mux;
  c: HistoryCase;
  /** Sum of the server's current RSS (VmRSS) once every pane's output is in. */
  rss: number;
  /** And its peak (VmHWM). */
  hwm: number;
  /** Lines of the first and of the last pane that capture-pane -S - -J gives back, in order. */
  kept: number[];
  fillMs: number;
}

/** A file of `lines` lines of 100 characters: "N " and letters, every line different. */
export function historyFixture(dir: string, lines: number): string {
  const path = join(dir, `history-${lines}.txt`);
  if (existsSync(path)) return path;
  const parts: string[] = [];
  for (let i = 0; i < lines; i++) parts.push(`${i} `.padEnd(100, String.fromCharCode(0x61 + (i % 26))));
  writeFileSync(path, parts.join("\n") + "\n");
  return path;
}

function status(pid: number, field: string): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The numbers that start the captured lines, in order, are 0..lines-1: how many of them are. */
function keptLines(text: string, lines: number): number {
  let n = 0;
  for (const line of text.split("\n")) {
    const m = /^(\d+) /.exec(line);
    if (!m) continue;
    if (Number(m[1]) !== n) return -1; // a line missing or out of order
    n++;
  }
  return n === lines ? n : -n;
}

/**
 * One case on one multiplexer: a server with history-limit set before any pane exists, its
 * windows each running `cat` of the fixture, then waiting. `conf` is the config file to write.
 */
export async function historyRun(host: HistoryRunHost, mux: Mux, c: HistoryCase, fixture: string, conf: string): Promise<HistoryResult> {
  writeFileSync(conf, `set -g history-limit ${c.limit}\n`);
  const base = [mux.exe, "-L", host.sock, "-f", conf];
  const prog = ["sh", "-c", `cat "$1"; exec sleep 1000000`, "sh", fixture];
  const t0 = performance.now();
  host.cli([...base, "new-session", "-d", "-s", "h", "-x", String(COLS), "-y", String(ROWS), "--", ...prog]);
  for (let i = 1; i < c.panes; i++) host.cli([...base, "new-window", "-d", "-t", "h", "--", ...prog]);
  const size = host.cli([...base, "display", "-p", "-t", "h:0", "#{pane_width}x#{pane_height}"]);
  if (size !== `${COLS}x${ROWS}`) throw new Error(`${mux.label}: panes are ${size}, not ${COLS}x${ROWS}`);
  // Wait for every pane's cat to end and its history to stop growing.
  const query = [...base, "list-panes", "-s", "-t", "h", "-F", "#{pane_current_command} #{history_size}"];
  let last = "";
  let since = performance.now();
  for (;;) {
    if (performance.now() - t0 > FILL_DEADLINE_MS) throw new Error(`${mux.label}: history not filled after ${FILL_DEADLINE_MS} ms`);
    await Bun.sleep(250);
    const now = host.cli(query);
    const done = now.split("\n").every((l) => l.startsWith("sleep "));
    if (now !== last) {
      last = now;
      since = performance.now();
    } else if (done && performance.now() - since >= SETTLED_MS) break;
  }
  const fillMs = since - t0;
  let rss = 0;
  let hwm = 0;
  for (const pid of host.pids()) {
    rss += status(pid, "VmRSS");
    hwm += status(pid, "VmHWM");
  }
  const capture = (w: number) => host.cli([...base, "capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", `h:${w}`], CAPTURE_DEADLINE_MS);
  const kept = [...new Set([0, c.panes - 1])].map((w) => keptLines(capture(w), c.lines));
  return { mux, c, rss, hwm, kept, fillMs };
}

export function historyTable(results: readonly HistoryResult[]): Table {
  return {
    headers: ["multiplexer", "panes × lines", "history-limit", "server RSS", "peak", "RSS vs tmux", "lines kept (first, last pane)", "filled in"],
    align: ["left", "right", "right", "right", "right", "right", "right", "right"],
    rows: results.map((r) => {
      const tmux = results.find((x) => x.c === r.c && x.mux.id === "tmux");
      const kept = r.kept.map((k) => (k === r.c.lines ? `${k} (all)` : k < 0 ? `${-k} (LOST SOME)` : String(k))).join(", ");
      return [
        r.mux.label,
        `${r.c.panes} × ${r.c.lines.toLocaleString("en")}`,
        r.c.limit.toLocaleString("en"),
        formatBytes(r.rss),
        formatBytes(r.hwm),
        tmux ? `${(r.rss / tmux.rss).toFixed(2)}×` : "–",
        kept,
        `${(r.fillMs / 1000).toFixed(1)} s`,
      ];
    }),
  };
}

/** The goal rows: weft's server RSS at most 0.3× tmux's, every line kept. */
export function historyGoals(results: readonly HistoryResult[]): string[][] {
  const rows: string[][] = [];
  for (const c of new Set(results.map((r) => r.c))) {
    const w = results.find((r) => r.c === c && r.mux.label === "weft");
    const t = results.find((r) => r.c === c && r.mux.id === "tmux");
    if (!w) continue;
    const x = t ? w.rss / t.rss : NaN;
    const all = w.kept.every((k) => k === c.lines);
    const goal = `history memory, ${c.panes} × ${c.lines.toLocaleString("en")} lines: server RSS ≤ 0.3× tmux, every line kept`;
    rows.push([goal, t ? `${x.toFixed(2)}×${all ? "" : ", lines lost"}` : "–", t ? (x <= 0.3 && all ? "met" : "MISSED") : "not measured"]);
  }
  return rows;
}
