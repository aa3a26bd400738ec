// A pane resized as tmux 3.3a resizes one: goldens/resize.golden is what tmux showed (the cursor,
// history_size, capture-pane -S - plain and -J) after each step of each case in
// goldens/resize.cases, recorded by scripts/goldens/resize.sh; here the same output goes into a
// Pane and the same resizes follow. Also: resizing back and forth loses no history line.
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Pane, type PaneEvents } from "../../../src/mux/model/pane.ts";
import { parseScheduler } from "../../../src/mux/model/parse-scheduler.ts";
import { captureText } from "../../../src/cli/commands/capture-pane.ts";
import { CopyMode } from "../../../src/mux/model/copy-mode.ts";
import { plainInput, runCopyModeCommand } from "../../../src/mux/lang/copy-mode-keys.ts";

const events: PaneEvents = { changed() {}, title() {}, respawned() {}, output() {}, data() {}, exited() {}, bell() {} };
const panes: Pane[] = [];

afterEach(() => {
  for (const p of panes.splice(0)) p.dispose();
});

interface Case {
  name: string;
  size: [number, number];
  text: string;
  /** copy-mode commands, NAME*N for N of them (none: not in copy mode). */
  copy: string[];
  steps: [number, number][];
  /** Printed after the resizes. */
  after: string;
}

function size(s: string): [number, number] {
  const [c, r] = s.split("x").map(Number);
  return [c!, r!];
}

/** A printf format as sh's printf writes it, through a pty that makes \n a CR LF. */
function printf(format: string, arg?: number): string {
  let out = "";
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === "%" && format[i + 1] === "d") {
      out += String(arg);
      i++;
    } else if (c === "%" && format[i + 1] === "%") {
      out += "%";
      i++;
    } else if (c !== "\\") out += c;
    else {
      const n = format[++i];
      const octal = /^[0-7]{1,3}/.exec(format.slice(i + 1));
      if (n === "n") out += "\r\n";
      else if (n === "r") out += "\r";
      else if (n === "t") out += "\t";
      else if (n === "0" && octal) {
        out += String.fromCharCode(parseInt(octal[0], 8));
        i += octal[0].length;
      } else out += n ?? "\\";
    }
  }
  return out;
}

function readCases(): Case[] {
  const out: Case[] = [];
  for (const line of readFileSync(`${import.meta.dir}/goldens/resize.cases`, "utf8").split("\n")) {
    const [kind, ...rest] = line.split(" ");
    const last = out[out.length - 1];
    if (kind === "case") out.push({ name: rest[0]!, size: size(rest[1]!), text: "", copy: [], steps: [], after: "" });
    else if (kind === "copy" && last) last.copy = rest;
    else if (kind === "after" && last) last.after += printf(line.slice(6));
    else if (kind === "text" && last) last.text += printf(line.slice(5));
    else if (kind === "lines" && last) {
      const fmt = line.slice(7 + rest[0]!.length);
      for (let i = 1; i <= Number(rest[0]); i++) last.text += printf(fmt, i);
    } else if (kind === "steps" && last) last.steps = rest.map(size);
  }
  return out;
}

/** Each case's recorded text, from its "== name" line to the next. */
function goldens(): Map<string, string> {
  const out = new Map<string, string>();
  let name = "";
  for (const line of readFileSync(`${import.meta.dir}/goldens/resize.golden`, "utf8").replace(/\n$/, "").split("\n")) {
    if (line.startsWith("== ")) name = line.slice(3);
    else if (name) out.set(name, (out.get(name) ?? "") + line + "\n");
  }
  return out;
}

function pane(cols: number, rows: number, limit = 2000): Pane {
  const p = new Pane(1, { argv: ["sleep", "600"], env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }, cwd: "/" }, cols, rows, limit, events);
  panes.push(p);
  p.terminal.options.scrollOnEraseInDisplay = true; // scroll-on-clear, on by default (Pane.applyOptions)
  return p;
}

function feed(p: Pane, data: string): Promise<void> {
  return new Promise<void>((r) => parseScheduler.feed(p, Buffer.from(data, "utf8"), r));
}

/** What resize.sh records after a step: display's cursor and history_size, then both captures. */
function record(p: Pane, step: string): string {
  const b = p.terminal.buffer.active;
  const c = b.getLine(b.baseY + b.cursorY)?.getCell(b.cursorX)?.getChars() || " ";
  const history = p.buffer("normal").baseY;
  const cm = p.copyMode;
  return (
    `-- ${step}\ncursor ${b.cursorX} ${b.cursorY} [${c}] history ${history}\n` +
    (cm ? `copy ${cm.position.offset} ${cm.cursor.x},${cm.cursor.y - cm.top}\n` : "") +
    captureText(p, { start: "-", end: "-" }) +
    "-- joined\n" +
    captureText(p, { start: "-", end: "-", join: true })
  );
}

describe("resize as tmux 3.3a (goldens/resize.golden)", () => {
  const want = goldens();
  for (const c of readCases()) {
    test(c.name, async () => {
      const p = pane(...c.size);
      await feed(p, c.text);
      if (c.copy.length) {
        const cm = new CopyMode(p.terminal, { copy() {}, changed() {}, exit() {} }, false, p.history);
        p.copyMode = cm;
        for (const command of c.copy) {
          const [name, n] = command.split("*");
          runCopyModeCommand(cm, name!, plainInput([], Number(n ?? 1)));
        }
      }
      let got = record(p, c.size.join("x"));
      for (const [cols, rows] of c.steps) {
        p.resize(cols, rows);
        got += record(p, `${cols}x${rows}`);
      }
      if (c.after) {
        await feed(p, c.after);
        got += record(p, "after");
      }
      expect(got).toBe(want.get(c.name)!);
    });
  }
});

describe("resizing back and forth", () => {
  test("loses no history line, and every line comes back whole at the first width", async () => {
    const p = pane(40, 10, 100000);
    let text = "";
    for (let i = 0; i < 3000; i++) text += `${i}: ${"wrapped text ".repeat(i % 9)}\r\n`;
    await feed(p, text);
    const before = captureText(p, { start: "-", end: "-", join: true });
    const lines = Array.from({ length: 3000 }, (_, i) => `${i}: ${"wrapped text ".repeat(i % 9)}`);
    for (const [cols, rows] of [[13, 10], [90, 30], [7, 4], [40, 10], [200, 3], [40, 10]] as [number, number][]) {
      p.resize(cols, rows);
      expect(captureText(p, { start: "-", end: "-", join: true }).split("\n").slice(0, 3000)).toEqual(lines);
    }
    expect(captureText(p, { start: "-", end: "-", join: true })).toBe(before);
  });
});
