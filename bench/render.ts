// Renderer benchmark: compose + diff + encode time per frame and bytes per
// frame for a 200x50 client, by kind of change. Prints a table and writes
// bench/results/render.md.

import { Terminal } from "@xterm/headless";
import { ClientScreen, composeFrame, Frame, type FrameInput, type PaneView, type StyledCell } from "../src/render/index.ts";
import { median } from "./lib/stats.ts";
import { renderMarkdown, renderText, writeMarkdown, type Table } from "./lib/table.ts";

const COLS = 200;
const ROWS = 50;
const FRAMES = Number(process.env.FRAMES ?? 300);

const write = (t: Terminal, s: string) => new Promise<void>((r) => t.write(s, r));

interface Scenario {
  name: string;
  panes: () => PaneView[];
  /** Changes the panes before frame i. */
  change: (panes: PaneView[], i: number) => Promise<void>;
}

function single(): PaneView[] {
  const t = new Terminal({ cols: COLS, rows: ROWS - 1, scrollback: 1000, allowProposedApi: true });
  return [{ terminal: t, x: 0, y: 0, width: COLS, height: ROWS - 1, active: true }];
}

function quad(): PaneView[] {
  const w = Math.floor((COLS - 1) / 2);
  const h = Math.floor((ROWS - 2) / 2);
  const rect = (x: number, y: number, hh: number): PaneView => ({
    terminal: new Terminal({ cols: w, rows: hh, scrollback: 1000, allowProposedApi: true }),
    x, y, width: w, height: hh, active: x === 0 && y === 0,
  });
  return [rect(0, 0, h), rect(w + 1, 0, h), rect(0, h + 1, ROWS - 2 - h), rect(w + 1, h + 1, ROWS - 2 - h)].map((p) => ({ ...p, width: p.x === 0 ? w : COLS - w - 1 }));
}

function page(i: number, cols: number, rows: number, kind: "ascii" | "sgr" | "cjk"): string {
  let s = "\x1b[H";
  for (let y = 0; y < rows; y++) {
    s += `\x1b[${y + 1};1H`;
    if (kind === "ascii") s += String.fromCharCode(0x41 + ((i + y) % 26)).repeat(cols);
    else if (kind === "sgr") {
      for (let x = 0; x < cols; x += 10) s += `\x1b[38;5;${(i + x + y) % 256};48;2;${x % 256};${y * 5};${i % 256}m` + "0123456789".slice(0, Math.min(10, cols - x));
      s += "\x1b[0m";
    } else s += (i % 2 ? "中文字符" : "👍漢字é\u0301x").repeat(Math.floor(cols / 8)) + "ab".repeat((cols % 8) / 2);
  }
  return s;
}

const scenarios: Scenario[] = [
  { name: "one cell", panes: single, change: (p, i) => write(p[0]!.terminal, `\x1b[25;100H${String.fromCharCode(0x61 + (i % 26))}`) },
  { name: "nothing", panes: single, change: async () => {} },
  { name: "full pane, ASCII", panes: single, change: (p, i) => write(p[0]!.terminal, page(i, COLS, ROWS - 1, "ascii")) },
  { name: "full pane, 256+RGB colours", panes: single, change: (p, i) => write(p[0]!.terminal, page(i, COLS, ROWS - 1, "sgr")) },
  { name: "full pane, CJK", panes: single, change: (p, i) => write(p[0]!.terminal, page(i, COLS, ROWS - 1, "cjk")) },
  {
    name: "4 panes scrolling (flood)",
    panes: quad,
    change: async (p, i) => {
      for (const v of p) await write(v.terminal, `line ${i} ${"x".repeat(i % 80)}\r\n`.repeat(3));
    },
  },
];

interface Result {
  compose: number;
  encode: number;
  bytes: number;
}

async function run(s: Scenario): Promise<Result> {
  const panes = s.panes();
  const input: FrameInput = {
    cols: COLS, rows: ROWS, panes, windowCols: COLS, windowRows: ROWS - 1,
    status: [benchStatus(COLS, "[bench] 0:sh*", "12:00 01-Jan-25")],
  };
  const screen = new ClientScreen(COLS, ROWS, { syncOutput: true });
  const frame = new Frame(COLS, ROWS);
  await s.change(panes, 0);
  screen.encode(composeFrame(input, frame)); // the first, full frame is not counted
  const compose: number[] = [];
  const encode: number[] = [];
  const bytes: number[] = [];
  for (let i = 1; i <= FRAMES; i++) {
    await s.change(panes, i);
    const t0 = performance.now();
    composeFrame(input, frame);
    const t1 = performance.now();
    const out = screen.encode(frame);
    const t2 = performance.now();
    compose.push(t1 - t0);
    encode.push(t2 - t1);
    bytes.push(out.length);
  }
  return { compose: median(compose), encode: median(encode), bytes: median(bytes) };
}

const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
const table: Table = {
  headers: ["change per frame", "compose", "diff+encode", "total", "bytes/frame"],
  align: ["left", "right", "right", "right", "right"],
  rows: [],
};
for (const s of scenarios) {
  if (process.env.DEBUG) console.log(s.name);
  const r = await run(s);
  table.rows.push([s.name, us(r.compose), us(r.encode), us(r.compose + r.encode), String(r.bytes)]);
}
const head = `Renderer, ${COLS}x${ROWS} client, status line, sync output on; medians of ${FRAMES} frames (Bun ${Bun.version}).`;
console.log(head + "\n\n" + renderText(table));
writeMarkdown("bench/results/render.md", `# bench:render\n\n${head}\n\n${renderMarkdown(table)}\n`);

/** A status line as the server hands it over: black on green cells, left text and right text. */
function benchStatus(cols: number, left: string, right: string): StyledCell[] {
  const row: StyledCell[] = Array.from({ length: cols }, () => ({ text: " ", width: 1, fg: 0, bg: 2, attr: 0 }));
  [...left].forEach((ch, i) => (row[i] = { text: ch, width: 1, fg: 0, bg: 2, attr: 0 }));
  [...right].forEach((ch, i) => (row[cols - right.length + i] = { text: ch, width: 1, fg: 0, bg: 2, attr: 0 }));
  return row;
}
