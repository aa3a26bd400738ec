// History store benchmark (issue 21): memory and time for 50,000 lines of 100 characters at 200
// columns kept by xterm's scrollback vs by the history store, and 1,000,000 lines in one store.
// Each case runs in its own process (RSS is per process). Prints a table and writes
// bench/results/history.md.
import { Terminal } from "@xterm/headless";
import { heapStats } from "bun:jsc";
import { HistoryStore } from "../src/mux/model/history/store.ts";
import { pushPlainText } from "../src/mux/model/history/plain-text.ts";
import { drainScrollback } from "../src/mux/model/history/xterm.ts";
import { renderMarkdown, renderText, writeMarkdown, type Table } from "./lib/table.ts";

const COLS = 200;
const ROWS = 50;
/**
 * The terminal's scrollback in the store cases: only what one write may scroll before the rows
 * are drained (the bench writes 100 lines at a time). xterm keeps maxLength rows alive once it
 * has filled them (its ring's slots), so this is memory per pane: 250 rows of 200 columns are
 * ~0.6 MiB.
 */
const MARGIN = 200;
const WRITE_LINES = 100;

/** Line i: 100 printable characters, different on every line (no shared strings). */
function line(i: number, sgr: boolean): string {
  let s = `${i} `;
  let x = (i * 2654435761) >>> 0;
  while (s.length < 100) {
    x = (x * 1103515245 + 12345) >>> 0;
    s += String.fromCharCode(0x21 + ((x >>> 16) % 94));
    if (sgr && s.length % 20 === 0) s += `\x1b[${31 + ((x >>> 8) % 7)}m`;
  }
  return s + (sgr ? "\x1b[0m" : "");
}

function text(from: number, n: number, sgr = false): string {
  let s = "";
  for (let i = from; i < from + n; i++) s += line(i, sgr) + "\r\n";
  return s;
}

const write = (t: Terminal, s: string) => new Promise<void>((r) => t.write(s, r));

/** Memory after a full GC and a pause for the allocator's scavenger to return free pages. */
async function mem(): Promise<{ rss: number; heap: number }> {
  Bun.gc(true);
  await Bun.sleep(1500);
  Bun.gc(true);
  return { rss: process.memoryUsage().rss, heap: heapStats().heapSize };
}

interface Result {
  name: string;
  /** The process's RSS at the end. */
  total?: number;
  lines: number;
  rss: number;
  heap: number;
  pushMs: number;
  reflowMs: number;
  history: number;
}

async function run(kind: string): Promise<Result> {
  if (kind === "store-20x50k") return twentyPanes();
  const lines = kind === "store-1m" ? 1_000_000 : 50_000;
  const sgr = kind.endsWith("-sgr");
  const before = await mem();
  let pushMs = 0;
  let reflowMs = 0;
  let history = 0;
  const keep: unknown[] = [];
  if (kind.startsWith("xterm")) {
    const t = new Terminal({ cols: COLS, rows: ROWS, scrollback: lines, allowProposedApi: true });
    keep.push(t);
    const t0 = performance.now();
    for (let i = 0; i < lines; i += 1000) await write(t, text(i, 1000, sgr));
    pushMs = performance.now() - t0;
    history = t.buffer.active.baseY;
    const m = await mem();
    const t1 = performance.now();
    t.resize(120, ROWS);
    reflowMs = performance.now() - t1;
    return { name: kind, lines, rss: m.rss - before.rss, heap: m.heap - before.heap, pushMs, reflowMs, history };
  }
  const store = new HistoryStore(COLS, lines);
  keep.push(store);
  const t0 = performance.now();
  if (kind.startsWith("store-drain")) {
    // The pane's way: a terminal with a small scrollback, its rows moved into the store after each write.
    const t = new Terminal({ cols: COLS, rows: ROWS, scrollback: MARGIN, allowProposedApi: true });
    keep.push(t);
    for (let i = 0; i < lines; i += WRITE_LINES) {
      await write(t, text(i, WRITE_LINES, sgr));
      drainScrollback(t, store);
    }
  } else {
    // The flood path: plain text straight into the store.
    for (let i = 0; i < lines; i += 1000) pushPlainText(store, text(i, 1000));
  }
  pushMs = performance.now() - t0;
  history = store.rows;
  const m = await mem();
  const t1 = performance.now();
  store.resize(120);
  const rows = store.rows;
  reflowMs = performance.now() - t1;
  if (rows < history) throw new Error("reflow lost rows");
  return { name: kind, lines, rss: m.rss - before.rss, heap: m.heap - before.heap, pushMs, reflowMs, history };
}

/** Issue 21's case: 20 panes (a terminal with a small scrollback and a store each), 50,000 lines each. */
async function twentyPanes(): Promise<Result> {
  const before = await mem();
  const panes = Array.from({ length: 20 }, () => ({
    t: new Terminal({ cols: COLS, rows: ROWS, scrollback: MARGIN, allowProposedApi: true }),
    store: new HistoryStore(COLS, 50_000),
  }));
  const t0 = performance.now();
  for (let i = 0; i < 50_000; i += WRITE_LINES) {
    for (const p of panes) {
      await write(p.t, text(i, WRITE_LINES));
      drainScrollback(p.t, p.store);
    }
  }
  const pushMs = performance.now() - t0;
  const m = await mem();
  const history = panes.reduce((n, p) => n + p.store.rows + p.t.buffer.normal.baseY, 0);
  return { name: "store-20x50k", lines: 1_000_000, rss: m.rss - before.rss, heap: m.heap - before.heap, pushMs, reflowMs: 0, history };
}

const KINDS: Record<string, string> = {
  xterm: "xterm scrollback (today)",
  "xterm-sgr": "xterm scrollback, SGR runs",
  "store-drain": "store, rows drained from xterm",
  "store-drain-sgr": "store, drained, SGR runs",
  "store-plain": "store, pushPlainText (flood path)",
  "store-1m": "store, 1,000,000 lines, pushPlainText",
  "store-20x50k": "20 panes x 50,000 lines, drained (issue 21)",
};

const child = process.argv[2];
if (child) {
  const r = await run(child);
  r.total = process.memoryUsage().rss;
  console.log(JSON.stringify(r));
  process.exit(0);
}

const mib = (b: number) => (b / 1048576).toFixed(1);
const table: Table = {
  headers: ["case", "lines", "history rows", "RSS growth MiB", "process RSS MiB", "heap MiB", "bytes/line (RSS)", "push ms", "reflow 200→120 ms"],
  align: ["left", "right", "right", "right", "right", "right", "right", "right", "right"],
  rows: [],
};
const only = process.env.CASES?.split(",");
for (const kind of Object.keys(KINDS).filter((k) => !only || only.includes(k))) {
  const p = Bun.spawnSync([process.execPath, import.meta.path, kind], { stdout: "pipe", stderr: "inherit" });
  const out = p.stdout.toString().trim().split("\n").pop() ?? "";
  const r = JSON.parse(out) as Result;
  table.rows.push([KINDS[kind]!, String(r.lines), String(r.history), mib(r.rss), mib(r.total ?? 0), mib(r.heap), (r.rss / r.lines).toFixed(0), r.pushMs.toFixed(0), r.reflowMs.toFixed(0)]);
}
console.log(renderText(table));
writeMarkdown(
  "bench/results/history.md",
  `# History store (bench/history.ts)\n\n${COLS}x${ROWS} terminal, lines of 100 characters; RSS and heap growth are measured after a full GC and a pause (the allocator returns free pages), one process per case; process RSS is the total at the end. Store cases keep a terminal with a ${MARGIN}-row scrollback, drained into the store after each write of ${WRITE_LINES} lines.\n\n${renderMarkdown(table)}\n`,
);
