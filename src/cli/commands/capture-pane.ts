// capture-pane (capturep): a pane's screen and history as text (-e with SGR attributes), printed
// with -p or stored in a paste buffer. Lines are numbered as tmux's: 0 is the first visible row,
// negative numbers are history, "-" is the start of history (-S) or the last visible row (-E).
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import { captureRows } from "../../mux/model/history/index.ts";
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
  let buf = pane.buffer();
  if (o.saved) {
    if (buf.type !== "alternate") throw new CommandError("no alternate screen");
    buf = pane.buffer("normal");
  }
  const rows = t.rows;
  const history = buf.baseY;
  let top = lineNumber(o.start, history, rows, 0, history);
  let bottom = lineNumber(o.end, history, rows, history + rows - 1, history + rows - 1);
  if (bottom < top) [top, bottom] = [bottom, top];
  return captureRows(buf, t.cols, top, bottom, o);
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
