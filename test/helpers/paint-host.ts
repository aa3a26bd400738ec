// A host terminal for painting goldens: tmux or weft attached in a PTY whose output feeds an
// @xterm/headless terminal, a themed config and a few commands run on a private socket, and
// every cell of the screen read back (text, colours, attributes). The recording script runs
// it with tmux, the test with dist/weft: the same host sees both.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Terminal } from "@xterm/headless";

export interface PaintCase {
  name: string;
  /** Config lines (the -f file). */
  config: string[];
  /**
   * Commands run once the session exists, each an argv; ["@wait", text, n] waits until the
   * screen shows text n times; ["@type", text] types text at the host terminal (keys for a mode or a prompt).
   */
  commands: string[][];
  cols?: number;
  rows?: number;
}

/** Every row of the screen, each cell "text, fg, bg, attrs" joined by tabs (colours "d", "p16:N", "p256:N", "rgb:RRGGBB"). */
export type Screen = string[][];

const SEP = "\t";

function colourName(mode: number, value: number): string {
  if (mode === 0x1000000) return `p16:${value}`;
  if (mode === 0x2000000) return `p256:${value}`;
  if (mode === 0x3000000) return `rgb:${value.toString(16).padStart(6, "0")}`;
  return "d";
}

function readScreen(term: Terminal, cols: number, rows: number): Screen {
  const out: Screen = [];
  for (let y = 0; y < rows; y++) {
    const line = term.buffer.active.getLine(term.buffer.active.viewportY + y);
    const row: string[] = [];
    for (let x = 0; x < cols; x++) {
      const c = line?.getCell(x);
      if (!c) break;
      const attrs =
        (c.isBold() ? "b" : "") + (c.isDim() ? "d" : "") + (c.isItalic() ? "i" : "") + (c.isUnderline() ? "u" : "") +
        (c.isBlink() ? "k" : "") + (c.isInverse() ? "r" : "") + (c.isInvisible() ? "h" : "") +
        (c.isStrikethrough() ? "s" : "") + (c.isOverline() ? "o" : "");
      row.push([c.getChars() || (c.getWidth() === 0 ? "" : " "), colourName(c.getFgColorMode(), c.getFgColor()), colourName(c.getBgColorMode(), c.getBgColor()), attrs].join(SEP));
    }
    out.push(row);
  }
  return out;
}

/** Waits (with a deadline) until `text` is on the host's screen `times` times. */
async function waitText(term: Terminal, rows: number, text: string, times: number, name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await new Promise<void>((resolve) => term.write("", resolve));
    let seen = 0;
    for (let y = 0; y < rows; y++) if (term.buffer.active.getLine(term.buffer.active.viewportY + y)?.translateToString().includes(text)) seen++;
    if (seen >= times) return;
    if (Date.now() > deadline) throw new Error(`${name}: timed out waiting for ${JSON.stringify(text)}`);
    await sleep(25);
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Starts `bin` (tmux or weft) on socket `socket` with the case's config in a host of the case's
 * size, runs its commands, waits until the screen has been still for a while, and reads it.
 */
export async function paintScreen(bin: string, socket: string, pc: PaintCase): Promise<Screen> {
  const cols = pc.cols ?? 80;
  const rows = pc.rows ?? 12;
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", TZ: "UTC", LC_ALL: "C.UTF-8", TERM: "xterm-256color" };
  const dir = mkdtempSync(join(tmpdir(), "paint-"));
  const conf = join(dir, "conf");
  writeFileSync(conf, ["set -g automatic-rename off", "set -g status-interval 0", "set -g status-right ' #{session_name} '", ...pc.config, ""].join("\n"));
  const ctl = (args: string[]) => spawnSync(bin, ["-L", socket, ...args], { env, encoding: "utf8" });
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  let lastData = Date.now();
  const proc = Bun.spawn([bin, "-L", socket, "-f", conf, "new", "-s", "s", "-n", "w0", "cat"], {
    env,
    terminal: {
      cols,
      rows,
      name: "xterm-256color",
      data(_t, data) {
        lastData = Date.now();
        term.write(data);
      },
    },
  });
  term.onData((reply) => proc.terminal?.write(reply));
  try {
    const deadline = Date.now() + 10_000;
    while (ctl(["has", "-t", "s"]).status !== 0) {
      if (Date.now() > deadline) throw new Error(`${pc.name}: ${bin} did not start`);
      await sleep(50);
    }
    // Settled: no output for `quiet` ms, within a deadline; between commands too, so that a
    // program's echo is on the screen before the next command (copy mode) looks at it.
    const settle = async (quiet: number) => {
      const deadline = Date.now() + 10_000;
      await sleep(50);
      while (Date.now() - lastData < quiet && Date.now() < deadline) await sleep(25);
    };
    for (const cmd of pc.commands) {
      if (cmd[0] === "@wait") {
        await waitText(term, rows, cmd[1] ?? "", Number(cmd[2] ?? 1), pc.name);
        continue;
      }
      if (cmd[0] === "@type") {
        proc.terminal?.write(cmd[1] ?? "");
        await settle(150);
        continue;
      }
      const r = ctl(cmd);
      if (r.status !== 0) throw new Error(`${pc.name}: ${cmd.join(" ")}: ${r.stderr}`);
      await settle(150);
    }
    ctl(["refresh-client", "-S"]);
    await settle(400);
    await new Promise<void>((resolve) => term.write("", resolve));
    return readScreen(term, cols, rows);
  } finally {
    ctl(["kill-server"]);
    await proc.exited;
    term.dispose();
    // The next case must not reach this server while it exits: wait until none answers.
    const gone = Date.now() + 5000;
    while (ctl(["list-sessions"]).status === 0 && Date.now() < gone) await sleep(50);
    await sleep(100);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cells of two screens that differ, as "row,col: want -> got" lines (at most `max`). */
export function screenDiff(want: Screen, got: Screen, max = 20): string[] {
  const out: string[] = [];
  for (let y = 0; y < Math.max(want.length, got.length); y++) {
    const a = want[y] ?? [];
    const b = got[y] ?? [];
    for (let x = 0; x < Math.max(a.length, b.length); x++) {
      if (a[x] !== b[x] && out.length < max) out.push(`${y},${x}: ${a[x]} -> ${b[x]}`);
    }
  }
  return out;
}
