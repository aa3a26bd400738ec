// bench:control — commands a second through one control-mode connection (N lines piped into
// `-C attach`, timed until the last %end) against the same commands as N separate client
// processes, for weft and tmux side by side. Prints a table and writes it as markdown.
//   bun bench/control.ts [--n 20000] [--procs 300] [--weft dist/weft] [--tmux /usr/bin/tmux] [--out bench/results/control.md]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { renderMarkdown, renderText, writeMarkdown, type Table } from "./lib/table.ts";

interface Options {
  n: number;
  procs: number;
  weft: string;
  tmux: string;
  out: string;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { n: 20_000, procs: 300, weft: resolve("dist/weft"), tmux: "/usr/bin/tmux", out: "bench/results/control.md" };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1] ?? "";
    if (argv[i] === "--n") o.n = Number(v);
    else if (argv[i] === "--procs") o.procs = Number(v);
    else if (argv[i] === "--weft") o.weft = resolve(v);
    else if (argv[i] === "--tmux") o.tmux = v;
    else if (argv[i] === "--out") o.out = v;
    else continue;
    i++;
  }
  return o;
}

/** The commands timed: a format, a listing and a key sent to a pane. */
const COMMANDS: Record<string, string> = {
  "display -p": "display -p '#{session_name} #{window_index} #{pane_id}'",
  "list-panes -F": "list-panes -F '#{pane_id} #{pane_width}x#{pane_height}'",
  "send-keys": "send-keys -t x:0.0 a",
};

interface Mux {
  name: string;
  bin: string;
}

function env(dir: string): Record<string, string> {
  return { PATH: "/usr/bin:/bin", HOME: dir, TERM: "screen", LANG: "C.UTF-8", TMUX_TMPDIR: dir, WEFT_TMPDIR: dir, SHELL: "/bin/sh" };
}

function cli(m: Mux, dir: string, args: string[]): void {
  const r = spawnSync(m.bin, ["-L", "bench", "-f", "/dev/null", ...args], { env: env(dir), stdio: "ignore" });
  if (r.status !== 0) throw new Error(`${m.name} ${args.join(" ")} exited ${r.status}`);
}

/** N lines through one control connection: from the first byte written to the N-th reply's end. */
async function pipelined(m: Mux, dir: string, line: string, n: number): Promise<number> {
  const child = spawn(m.bin, ["-L", "bench", "-f", "/dev/null", "-C", "attach", "-t", "x"], { env: env(dir), stdio: ["pipe", "pipe", "ignore"] });
  let ends = 0;
  let tail = "";
  let started = 0;
  let resolveDone: (ms: number) => void = () => {};
  const done = new Promise<number>((r) => (resolveDone = r));
  let ready: () => void = () => {};
  const attached = new Promise<void>((r) => (ready = r));
  child.stdout.on("data", (b: Buffer) => {
    const text = tail + b.toString("latin1");
    const cut = text.lastIndexOf("\n");
    tail = text.slice(cut + 1);
    for (let i = text.indexOf("\n%end "); i >= 0 && i < cut; i = text.indexOf("\n%end ", i + 1)) ends++;
    if (text.startsWith("%end ")) ends++;
    if (started === 0 && ends >= 1) ready();
    else if (started > 0 && ends >= n + 1) resolveDone(performance.now() - started);
  });
  await attached;
  const batch = (line + "\n").repeat(n);
  started = performance.now();
  child.stdin.write(batch);
  const ms = await done;
  child.stdin.end("\n");
  await new Promise((r) => child.once("exit", r));
  return ms;
}

/** N separate client processes, one after another. */
function processes(m: Mux, dir: string, line: string, n: number): number {
  const args = ["sh", "-c", `for i in $(seq ${n}); do "$0" -L bench -f /dev/null ${line}; done >/dev/null`, m.bin];
  const t = performance.now();
  const r = spawnSync(args[0]!, args.slice(1), { env: env(dir), stdio: "ignore" });
  if (r.status !== 0) throw new Error(`${m.name}: processes exited ${r.status}`);
  return performance.now() - t;
}

async function measure(m: Mux, o: Options): Promise<string[][]> {
  const dir = mkdtempSync(join(tmpdir(), `bench-control-${m.name}-`));
  const rows: string[][] = [];
  try {
    cli(m, dir, ["new-session", "-d", "-s", "x", "-x", "80", "-y", "24", "cat"]);
    for (const [label, line] of Object.entries(COMMANDS)) {
      const ms = await pipelined(m, dir, line, o.n);
      const pms = processes(m, dir, line, o.procs);
      rows.push([m.name, label, String(o.n), rate(o.n, ms), String(o.procs), rate(o.procs, pms)]);
    }
  } finally {
    spawnSync(m.bin, ["-L", "bench", "kill-server"], { env: env(dir), stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const rate = (n: number, ms: number) => Math.round((n * 1000) / ms).toLocaleString("en-US");

const o = parseOptions(process.argv.slice(2));
const muxes: Mux[] = [{ name: "weft", bin: o.weft }];
if (spawnSync(o.tmux, ["-V"]).status === 0) muxes.push({ name: "tmux", bin: o.tmux });
const table: Table = {
  headers: ["mux", "command", "pipelined N", "per s (one -C connection)", "processes N", "per s (one process each)"],
  align: ["left", "left", "right", "right", "right", "right"],
  rows: [],
};
for (const m of muxes) table.rows.push(...(await measure(m, o)));
console.log(renderText(table));
writeMarkdown(o.out, `# bench:control\n\n${renderMarkdown(table)}\n`);
