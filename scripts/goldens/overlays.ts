// Records what tmux 3.3a draws for display-menu and display-popup, for
// test/mux/client/goldens/overlays.json: each case runs in a real tmux attached to a PTY whose
// output feeds an @xterm/headless terminal, and the cells of the screen go into the golden.
// Run: ./node_modules/.bin/bun scripts/goldens/overlays.ts
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { Terminal } from "@xterm/headless";

const OUT = "test/mux/client/goldens/overlays.json";
const SOCKET = "ovgold";
const COLS = 40;
const ROWS = 12;
const ENV = { ...process.env, TZ: "UTC", LC_ALL: "C.UTF-8", TERM: "xterm-256color" };
const SEP = "\x1f";

export interface OverlayCase {
  name: string;
  /** The command after `tmux -c CLIENT` (display-menu or display-popup and its arguments). */
  command: string[];
  /** Options set first (set -g ...). */
  options?: string[][];
  /** Keys typed into the client once it shows, with what then shows. */
  keys?: string;
}

const CASES: OverlayCase[] = [
  { name: "menu", command: ["display-menu", "-x", "3", "-y", "9", "-T", "Title", "First", "a", "", "", "-Disabled", "b", "", "Third item", "c", ""] },
  { name: "menu-down", command: ["display-menu", "-x", "3", "-y", "9", "-T", "Title", "First", "a", "", "", "-Disabled", "b", "", "Third item", "c", ""], keys: "\x1b[B" },
  { name: "menu-down-twice", command: ["display-menu", "-x", "3", "-y", "9", "-T", "Title", "First", "a", "", "", "-Disabled", "b", "", "Third item", "c", ""], keys: "\x1b[B\x1b[B" },
  { name: "menu-centred", command: ["display-menu", "-T", "#[align=centre]Centred", "One", "1", "", "Two #[fg=red]red", "C-r", "", "Three", "", ""] },
  { name: "menu-mode-style", command: ["display-menu", "-x", "0", "-y", "5", "A", "x", "", "B", "y", ""], options: [["mode-style", "bg=blue,fg=white,bold"]], keys: "\x1b[B" },
  { name: "popup", command: ["display-popup", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "-T", "Pop", "printf 'hello\\nworld'; sleep 30"] },
  { name: "popup-noborder", command: ["display-popup", "-B", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf 'hello\\nworld'; sleep 30"] },
  { name: "popup-double", command: ["display-popup", "-b", "double", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf hi; sleep 30"] },
  { name: "popup-rounded", command: ["display-popup", "-b", "rounded", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf hi; sleep 30"] },
  { name: "popup-heavy", command: ["display-popup", "-b", "heavy", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf hi; sleep 30"] },
  { name: "popup-simple", command: ["display-popup", "-b", "simple", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf hi; sleep 30"] },
  { name: "popup-padded", command: ["display-popup", "-b", "padded", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf hi; sleep 30"] },
  { name: "popup-styles", command: ["display-popup", "-s", "bg=blue", "-S", "fg=red,bg=green", "-T", "#[fg=yellow]T", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf 'a\\033[31mb\\033[0mc'; sleep 30"] },
  { name: "popup-option-styles", command: ["display-popup", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf x; sleep 30"], options: [["popup-style", "bg=colour22"], ["popup-border-style", "fg=colour160"], ["popup-border-lines", "rounded"]] },
  { name: "popup-centre-default", command: ["display-popup", "printf x; sleep 30"] },
  { name: "popup-menu", command: ["display-popup", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf x; sleep 30"], options: [["mouse", "on"]], keys: "\x1b[<2;30;3M" },
  { name: "popup-menu-border", command: ["display-popup", "-x", "2", "-y", "9", "-w", "20", "-h", "6", "printf x; sleep 30"], options: [["mouse", "on"]], keys: "\x1b[<2;3;6M\x1b[<34;3;7M" },
  { name: "popup-percent", command: ["display-popup", "-w", "50%", "-h", "75%", "-x", "0", "-y", "11", "printf x; sleep 30"] },
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

/** Every row: each cell's text, width, fg, bg and attribute letters, joined by SEP. */
function screenCells(term: Terminal): string[][] {
  const rows: string[][] = [];
  for (let y = 0; y < ROWS; y++) {
    const line = term.buffer.active.getLine(y);
    const cells: string[] = [];
    for (let x = 0; x < COLS; x++) {
      const c = line?.getCell(x);
      if (!c) break;
      const attrs = (c.isBold() ? "b" : "") + (c.isDim() ? "d" : "") + (c.isItalic() ? "i" : "") + (c.isUnderline() ? "u" : "") + (c.isInverse() ? "r" : "");
      cells.push([c.getChars() || (c.getWidth() === 0 ? "" : " "), c.getWidth(), colourName(c.getFgColorMode(), c.getFgColor()), colourName(c.getBgColorMode(), c.getBgColor()), attrs].join(SEP));
    }
    rows.push(cells);
  }
  return rows;
}

async function settle(since: () => number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() - since() < 400 && Date.now() < deadline) await sleep(50);
}

async function record(c: OverlayCase): Promise<object> {
  const term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
  let lastData = Date.now();
  const proc = Bun.spawn(["tmux", "-L", SOCKET, "-f", "/dev/null", "new", "-s", "s", "cat"], {
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
  let overlay: ReturnType<typeof Bun.spawn> | null = null;
  try {
    const deadline = Date.now() + 5000;
    while (spawnSync("tmux", ["-L", SOCKET, "list-clients"], { env: ENV, encoding: "utf8" }).stdout.trim() === "") {
      if (Date.now() > deadline) throw new Error(`${c.name}: tmux did not start`);
      await sleep(50);
    }
    tmux(["set", "-g", "status-right", ""]);
    for (const o of c.options ?? []) tmux(["set", "-g", ...o]);
    const client = tmux(["list-clients", "-F", "#{client_name}"]);
    await settle(() => lastData);
    // The command waits until the overlay closes: leave it running.
    lastData = Date.now();
    overlay = Bun.spawn(["tmux", "-L", SOCKET, c.command[0]!, "-c", client, ...c.command.slice(1)], { env: ENV });
    await settle(() => lastData);
    if (overlay.exitCode !== null) throw new Error(`${c.name}: the overlay command exited ${overlay.exitCode}`);
    if (c.keys) {
      lastData = Date.now();
      proc.terminal?.write(c.keys);
      await settle(() => lastData);
    }
    await new Promise<void>((resolve) => term.write("", resolve));
    return { name: c.name, cols: COLS, rows: ROWS, command: c.command, options: c.options ?? [], keys: c.keys ?? "", screen: screenCells(term) };
  } finally {
    spawnSync("tmux", ["-L", SOCKET, "kill-server"], { env: ENV });
    overlay?.kill();
    await proc.exited;
    term.dispose();
    await sleep(200);
  }
}

spawnSync("tmux", ["-L", SOCKET, "kill-server"], { env: ENV });
const out: object[] = [];
const only = process.argv[2];
for (const c of CASES) if (!only || c.name === only) out.push(await record(c));
mkdirSync("test/mux/client/goldens", { recursive: true });
writeFileSync(OUT, JSON.stringify(out, null, 0).replace(/\{"name"/g, '\n{"name"') + "\n");
console.log(`${OUT}: ${out.length} cases`);
