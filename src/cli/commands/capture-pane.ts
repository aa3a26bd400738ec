// capture-pane (capturep): a pane's screen and history as text (-e with SGR attributes), printed
// with -p or stored in a paste buffer. Lines are numbered as tmux's: 0 is the first visible row,
// negative numbers are history, "-" is the start of history (-S) or the last visible row (-E).
import type { IBuffer, IBufferCell } from "@xterm/headless";
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import type { Pane } from "../../mux/model/pane.ts";

export interface CaptureOptions {
  /** First and last line, tmux numbering; undefined = first / last visible row. */
  start?: string;
  end?: string;
  codes?: boolean; // -e
  join?: boolean; // -J
  noTrim?: boolean; // -N
  escapeC0?: boolean; // -C
  /** -a: the screen saved while the alternate screen is on (tmux's saved grid). */
  saved?: boolean;
}

/** A cell's attributes as tmux keeps them, for computing SGR changes. */
interface Attr {
  flags: number; // bit per SGR attribute, in ATTRS order
  fg: number[]; // SGR parameters of the foreground colour
  bg: number[];
}

// tmux's grid_string_cells_code order: bold, dim, italics, underscore, blink, reverse, hidden, strikethrough, overline.
const ATTRS: [(c: IBufferCell) => number, number][] = [
  [(c) => c.isBold(), 1],
  [(c) => c.isDim(), 2],
  [(c) => c.isItalic(), 3],
  [(c) => c.isUnderline(), 4],
  [(c) => c.isBlink(), 5],
  [(c) => c.isInverse(), 7],
  [(c) => c.isInvisible(), 8],
  [(c) => c.isStrikethrough(), 9],
  [(c) => c.isOverline(), 53],
];

const DEFAULT_ATTR: Attr = { flags: 0, fg: [39], bg: [49] };

function colour(c: IBufferCell, fg: boolean): number[] {
  const base = fg ? 30 : 40;
  if (fg ? c.isFgDefault() : c.isBgDefault()) return [base + 9];
  const v = fg ? c.getFgColor() : c.getBgColor();
  if (fg ? c.isFgRGB() : c.isBgRGB()) return [base + 8, 2, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
  if (v < 8) return [base + v];
  if (v < 16) return [base + 60 + v - 8]; // 90-97 / 100-107, as SGR set them
  return [base + 8, 5, v];
}

function cellAttr(c: IBufferCell): Attr {
  let flags = 0;
  ATTRS.forEach(([has], i) => {
    if (has(c)) flags |= 1 << i;
  });
  return { flags, fg: colour(c, true), bg: colour(c, false) };
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The SGR sequences that take a terminal from `last` to `next` (tmux's grid_string_cells_code). */
function sgrChange(last: Attr, next: Attr, esc: string): string {
  const s: number[] = [];
  let lastFlags = last.flags;
  // Any attribute removed: start over with 0.
  if (lastFlags & ~next.flags) {
    s.push(0);
    lastFlags = 0;
  }
  ATTRS.forEach(([, code], i) => {
    if (next.flags & (1 << i) && !(lastFlags & (1 << i))) s.push(code);
  });
  let out = s.length ? `${esc}[${s.join(";")}m` : "";
  const reset = s[0] === 0;
  if (reset || !same(last.fg, next.fg)) out += `${esc}[${next.fg.join(";")}m`;
  if (reset || !same(last.bg, next.bg)) out += `${esc}[${next.bg.join(";")}m`;
  return out;
}

/** How many cells of a line hold something: tmux only stores cells that were written. */
function usedCells(buf: IBuffer, y: number, cols: number): number {
  const line = buf.getLine(y);
  if (!line) return 0;
  const cell = buf.getNullCell();
  for (let x = Math.min(cols, line.length) - 1; x >= 0; x--) {
    line.getCell(x, cell);
    if (cell.getCode() !== 0 || !cell.isBgDefault() || cell.isInverse()) return x + 1;
  }
  return 0;
}

/** Parse -S/-E as tmux does: "-" is the far end; before the history's start is its start. */
function lineNumber(v: string | undefined, history: number, rows: number, dash: number, fallback: number): number {
  if (v === undefined) return fallback;
  if (v === "-") return dash;
  // tmux quietly uses the default for a word that is not a number; a script is better told.
  if (!/^-?\d+$/.test(v)) throw new CommandError(`invalid line number: ${v}`);
  const n = Number(v);
  const y = n < 0 && -n > history ? 0 : history + n;
  return Math.min(y, history + rows - 1);
}

/** The text of lines start..end of a pane, as capture-pane gives it (every line ends in \n unless joined). */
export function captureText(pane: Pane, o: CaptureOptions = {}): string {
  const t = pane.terminal;
  let buf = t.buffer.active;
  if (o.saved) {
    if (buf.type !== "alternate") throw new CommandError("no alternate screen");
    buf = t.buffer.normal;
  }
  const rows = t.rows;
  const cols = t.cols;
  const history = buf.baseY;
  let top = lineNumber(o.start, history, rows, 0, history);
  let bottom = lineNumber(o.end, history, rows, history + rows - 1, history + rows - 1);
  if (bottom < top) [top, bottom] = [bottom, top];
  const esc = o.escapeC0 ? "\\033" : "\x1b";
  const trim = !o.join && !o.noTrim;
  const cell = buf.getNullCell();
  let last = DEFAULT_ATTR;
  let out = "";
  for (let y = top; y <= bottom; y++) {
    const line = buf.getLine(y);
    let text = "";
    const used = usedCells(buf, y, cols);
    for (let x = 0; line && x < used; x++) {
      line.getCell(x, cell);
      if (cell.getWidth() === 0) continue; // the second half of a wide character
      if (o.codes) {
        const a = cellAttr(cell);
        text += sgrChange(last, a, esc);
        last = a;
      }
      let ch = cell.getChars() || " ";
      if (o.escapeC0 && ch === "\\") ch = "\\\\";
      text += ch;
    }
    if (trim) text = text.replace(/ +$/, "");
    out += text;
    const next = buf.getLine(y + 1);
    if (!o.join || !(next?.isWrapped && y + 1 <= bottom)) out += "\n";
  }
  return out;
}

export const capturePane: CommandEntry = {
  name: "capture-pane",
  alias: ["capturep"],
  usage: "[-aCeJNpPq] [-b buffer-name] [-E end-line] [-S start-line] [-t target-pane]",
  args: "aCeJNpPqb:E:S:t:",
  target: "pane",
  maxArgs: 0,
  exec(ctx) {
    const a = ctx.args;
    const { pane } = ctx.target;
    let text: string;
    try {
      text = captureText(pane, {
        start: value(a, "S"),
        end: value(a, "E"),
        codes: flag(a, "e"),
        join: flag(a, "J"),
        noTrim: flag(a, "N"),
        escapeC0: flag(a, "C"),
        saved: flag(a, "a"),
      });
    } catch (e) {
      if (e instanceof CommandError && flag(a, "q")) return;
      throw e;
    }
    // -P (the pending, unparsed input) has nothing to show: weft parses everything it reads.
    if (flag(a, "P")) text = "";
    if (flag(a, "p")) {
      // print() adds a newline only where the text lacks one.
      if (text !== "") ctx.print(text);
      return;
    }
    ctx.model.addBuffer(text, value(a, "b"));
  },
};
