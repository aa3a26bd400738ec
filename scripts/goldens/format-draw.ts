// Records what tmux 3.3a paints on its status line for test/mux/lang/goldens/format-draw.json:
// each case's config runs in a real tmux attached to a PTY whose output feeds an @xterm/headless
// terminal; the status row's cells, the options and the windows' variables go into the golden.
// Run: ./node_modules/.bin/bun scripts/goldens/format-draw.ts
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Terminal } from "@xterm/headless";
import { CASES, type DrawCase } from "./format-draw.cases.ts";

const OUT = "test/mux/lang/goldens/format-draw.json";
const SOCKET = "fdraw";
const COLS = 80;
const ROWS = 5;
const ENV = { ...process.env, TZ: "UTC", LC_ALL: "C.UTF-8", TERM: "xterm-256color" };
const SEP = "\x1f";

/** Options the status line reads; recorded as tmux holds them after the case's config. */
const SESSION_OPTIONS = [
  "status-format[0]", "status-left", "status-right", "status-left-length", "status-right-length",
  "status-style", "status-left-style", "status-right-style", "status-justify", "status-fg", "status-bg",
  "message-style",
];
const WINDOW_OPTIONS = [
  "window-status-format", "window-status-current-format", "window-status-separator", "window-status-style",
  "window-status-current-style", "window-status-last-style", "window-status-bell-style",
  "window-status-activity-style",
];
/** The variables of each window the default status-format reads. */
const WINDOW_VARS = [
  "window_index", "window_name", "window_flags", "window_active", "window_last_flag", "window_bell_flag",
  "window_activity_flag", "window_silence_flag", "window_start_flag", "window_end_flag",
];

function tmux(args: string[]): string {
  const r = spawnSync("tmux", ["-L", SOCKET, ...args], { env: ENV, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`tmux ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.replace(/\n$/, "");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** xterm's colour of a cell as the golden writes it: "d", "p16:N", "p256:N" or "rgb:RRGGBB". */
function colourName(mode: number, value: number): string {
  if (mode === 0x1000000) return `p16:${value}`;
  if (mode === 0x2000000) return `p256:${value}`;
  if (mode === 0x3000000) return `rgb:${value.toString(16).padStart(6, "0")}`;
  return "d";
}

/** One cell: text, width, fg, bg and the attribute letters, joined by SEP. */
function statusRow(term: Terminal): string[] {
  const line = term.buffer.active.getLine(ROWS - 1);
  const cells: string[] = [];
  for (let x = 0; x < COLS; x++) {
    const c = line?.getCell(x);
    if (!c) break;
    const attrs =
      (c.isBold() ? "b" : "") + (c.isDim() ? "d" : "") + (c.isItalic() ? "i" : "") + (c.isUnderline() ? "u" : "") +
      (c.isBlink() ? "k" : "") + (c.isInverse() ? "r" : "") + (c.isInvisible() ? "h" : "") +
      (c.isStrikethrough() ? "s" : "") + (c.isOverline() ? "o" : "");
    const fg = colourName(c.getFgColorMode(), c.getFgColor());
    const bg = colourName(c.getBgColorMode(), c.getBgColor());
    cells.push([c.getChars(), c.getWidth(), fg, bg, attrs].join(SEP));
  }
  return cells;
}

/**
 * Each click on the status line records which range tmux found there in @hit. Clicks come
 * faster than the double-click time, so the second and third click of a run are bound too.
 */
const CLICK_BINDINGS = [
  "set -g mouse on",
  ...["MouseDown1", "SecondClick1", "TripleClick1"].flatMap((k) => [
    `bind -n ${k}StatusLeft set -g @hit left`,
    `bind -n ${k}StatusRight set -g @hit right`,
    `bind -n ${k}StatusDefault set -g @hit none`,
    `bind -n ${k}Status select-window -t = \\; set -gF @hit "w#{window_index}"`,
  ]),
];

type Spawned = ReturnType<typeof Bun.spawn>;

/** Polls `ok` until it holds; false (or a throw, if `what` is given) at the deadline. */
async function until(what: string | null, ok: () => boolean, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) {
      if (what === null) return false;
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(20);
  }
  return true;
}

/** How long a click may take to set @hit; tmux ignores clicks on a range of a missing window. */
const HIT_MS = 1000;

/**
 * Clicks every column of the status row and records what tmux's ranges made of it: "left",
 * "right", "none", "wN" (window N) or "ignored" (tmux made no key of it). A click on a window selects it; the current and last
 * windows are put back, and the row redrawn as before, ahead of the next click.
 */
async function clickEach(proc: Spawned, term: Terminal, cells: string[], windows: Record<string, string>[]): Promise<string[]> {
  const current = windows.find((w) => w.window_active === "1")?.window_index;
  const last = windows.find((w) => w.window_last_flag === "1")?.window_index;
  if (current === undefined || last === undefined) throw new Error("clicks need a current and a last window");
  const hits: string[] = [];
  for (let x = 0; x < COLS; x++) {
    tmux(["set", "-g", "@hit", ""]);
    proc.terminal?.write(`\x1b[<0;${x + 1};${ROWS}M\x1b[<0;${x + 1};${ROWS}m`);
    let hit = "";
    const seen = await until(null, () => (hit = tmux(["show", "-gv", "@hit"])) !== "", HIT_MS);
    hits.push(seen ? hit : "ignored");
    if (hit.startsWith("w")) {
      tmux(["select-window", "-t", `s:${last}`]);
      tmux(["select-window", "-t", `s:${current}`]);
    }
    await until(`the row redrawn after column ${x}`, () => statusRow(term).join() === cells.join());
  }
  return hits;
}

/** Waits until no server answers on the socket, so the next case does not reach a dying one. */
async function serverGone(): Promise<void> {
  const deadline = Date.now() + 5000;
  while (spawnSync("tmux", ["-L", SOCKET, "list-sessions"], { env: ENV }).status === 0) {
    if (Date.now() > deadline) throw new Error("tmux server did not exit");
    await sleep(50);
  }
  // The socket file outlives the server for a moment; a client started then can reach neither.
  await sleep(100);
}

async function record(dc: DrawCase, dir: string): Promise<object> {
  const conf = join(dir, `${dc.name}.conf`);
  const clicks = dc.clicks ? CLICK_BINDINGS : [];
  writeFileSync(conf, ["set -g automatic-rename off", "set -g status-interval 0", ...clicks, ...dc.config, ""].join("\n"));
  const term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
  let lastData = Date.now();
  const proc = Bun.spawn(["tmux", "-L", SOCKET, "-f", conf, "new", "-s", "s", "-n", dc.windows[0] ?? "w0", "cat"], {
    env: ENV,
    terminal: {
      cols: COLS,
      rows: ROWS,
      name: "xterm-256color",
      data(_t, data) {
        lastData = Date.now();
        term.write(data);
      },
    },
  });
  term.onData((reply) => proc.terminal?.write(reply));
  try {
    const deadline = Date.now() + 5000;
    while (spawnSync("tmux", ["-L", SOCKET, "has", "-t", "s"], { env: ENV }).status !== 0) {
      if (Date.now() > deadline) throw new Error(`${dc.name}: tmux did not start`);
      await sleep(50);
    }
    for (const name of dc.windows.slice(1)) tmux(["new-window", "-d", "-t", "s:", "-n", name, "cat"]);
    for (const index of dc.select ?? []) tmux(["select-window", "-t", `s:${index}`]);
    for (const cmd of dc.commands ?? []) tmux(cmd);
    if (dc.message === undefined) tmux(["refresh-client", "-S"]);
    else tmux(["display-message", "-d", "0", dc.message]);
    // Settled: no output for 300 ms (with a deadline).
    const settle = Date.now() + 5000;
    while (Date.now() - lastData < 300 && Date.now() < settle) await sleep(50);
    await new Promise<void>((resolve) => term.write("", resolve));
    const options: Record<string, string> = {};
    for (const o of SESSION_OPTIONS) options[o] = tmux(["show", "-gv", o]);
    for (const o of WINDOW_OPTIONS) options[o] = tmux(["show", "-gwv", o]);
    const windows = tmux(["list-windows", "-t", "s", "-F", WINDOW_VARS.map((v) => `#{${v}}`).join(SEP)])
      .split("\n")
      .map((line) => Object.fromEntries(line.split(SEP).map((v, i) => [WINDOW_VARS[i], v])));
    const format = dc.message ?? options["status-format[0]"] ?? "";
    const expanded = tmux(["display", "-p", "-t", "s", format]);
    const cells = statusRow(term);
    const hits = dc.clicks ? await clickEach(proc, term, cells, windows) : undefined;
    const kind = dc.message === undefined ? "status" : "message";
    return { name: dc.name, kind, width: COLS, session: "s", options, windows, format, expanded, cells, hits };
  } finally {
    spawnSync("tmux", ["-L", SOCKET, "kill-server"], { env: ENV });
    await proc.exited;
    term.dispose();
    await serverGone();
  }
}

const dir = mkdtempSync(join(tmpdir(), "fdraw-"));
try {
  spawnSync("tmux", ["-L", SOCKET, "kill-server"], { env: ENV });
  const out: object[] = [];
  const only = process.argv[2];
  for (const dc of CASES) {
    if (only && dc.name !== only) continue;
    out.push(await record(dc, dir));
    console.log(`recorded ${dc.name}`);
  }
  writeFileSync(OUT, JSON.stringify(out, null, 1) + "\n");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
