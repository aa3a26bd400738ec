// Seeded random terminal output for the history tests: SGR runs (16/256/RGB colours, every
// attribute), wide CJK and emoji, combining marks, long wrapped lines, empty lines, trailing
// spaces, and lines ending with a background colour set (rows filled with it).
import { Terminal } from "@xterm/headless";
import { useTmuxWidths } from "../../../../src/mux/model/unicode-widths.ts";
import { resizeAsTmux } from "../../../../src/mux/model/history/reflow.ts";

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATTRS = [1, 2, 3, 4, 5, 7, 8, 9, 53, 22, 23, 24, 25, 27, 28, 29, 55, 0];
const WIDE = ["中", "文", "字", "한", "글", "😀", "🎉", "🚀", "ｱ", "語"];
const COMBINING = ["\u0301", "\u0308", "\u0323", "\u20dd"];

function sgr(r: () => number): string {
  const pick = r();
  const n = (k: number) => Math.floor(r() * k);
  if (pick < 0.25) return `\x1b[${ATTRS[n(ATTRS.length)]}m`;
  if (pick < 0.4) return `\x1b[${30 + n(8)}m`;
  if (pick < 0.5) return `\x1b[${90 + n(8)}m`;
  if (pick < 0.6) return `\x1b[${40 + n(8)}m`;
  if (pick < 0.65) return `\x1b[${100 + n(8)}m`;
  if (pick < 0.75) return `\x1b[38;5;${n(256)}m`;
  if (pick < 0.8) return `\x1b[48;5;${n(256)}m`;
  if (pick < 0.88) return `\x1b[38;2;${n(256)};${n(256)};${n(256)}m`;
  if (pick < 0.92) return `\x1b[48;2;${n(256)};${n(256)};${n(256)}m`;
  if (pick < 0.96) return "\x1b[39m";
  return "\x1b[49m";
}

function word(r: () => number): string {
  const len = 1 + Math.floor(r() * 9);
  let s = "";
  for (let i = 0; i < len; i++) s += String.fromCharCode(0x21 + Math.floor(r() * 94));
  return s;
}

/** One line of output ending in CRLF (no more than about maxCells cells before it). */
export function randomLine(r: () => number, maxCells: number): string {
  const kind = r();
  if (kind < 0.08) return "\r\n"; // empty
  if (kind < 0.12) return "\x1b[0m\r\n";
  let s = "";
  let cells = 0;
  const target = kind < 0.3 ? Math.floor(r() * maxCells) : Math.floor(r() * 60);
  while (cells < target) {
    const p = r();
    if (p < 0.15) s += sgr(r);
    else if (p < 0.25) {
      s += WIDE[Math.floor(r() * WIDE.length)];
      cells += 2;
    } else if (p < 0.3) {
      s += "e" + COMBINING[Math.floor(r() * COMBINING.length)];
      cells += 1;
    } else if (p < 0.4) {
      s += " ".repeat(1 + Math.floor(r() * 4));
      cells += 2;
    } else {
      const w = word(r);
      s += w + " ";
      cells += w.length + 1;
    }
  }
  if (r() < 0.1) s += "   "; // trailing spaces
  if (r() < 0.15) s += "\x1b[0m";
  return s + "\r\n";
}

/** A headless terminal as the pane has it (tmux 3.3a's widths). */
export function terminal(cols: number, rows: number, scrollback: number): Terminal {
  const t = new Terminal({ cols, rows, scrollback, allowProposedApi: true });
  useTmuxWidths(t);
  return t;
}

export function write(t: Terminal, data: string): Promise<void> {
  return new Promise((resolve) => t.write(data, resolve));
}

/** tmux's resize over a terminal holding all the history (every row above the screen scrolled there, so all may come back). */
export function resizeWhole(t: Terminal, cols: number, rows: number): void {
  const limit = t.options.scrollback ?? 0;
  resizeAsTmux(t, cols, rows, t.buffer.normal.baseY);
  t.options.scrollback = limit; // the oldest rows beyond the limit go, as the store trims them
}
