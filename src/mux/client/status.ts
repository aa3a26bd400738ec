// The status line as tmux 3.3a's status_redraw draws it: each of status-format[0] to
// [lines - 1] expanded for the client's session and drawn by formatDraw on status-style, with the
// ranges a click looks up (status_get_range); and the host's title text.
import type { FormatEnv } from "../lang/format-vars.ts";
import type { Options } from "../model/index.ts";
import type { Session } from "../model/session.ts";
import { expandAt, type FormatClient } from "../lang/format-vars.ts";
import { formatDraw, type DrawCell, type DrawRange } from "../lang/format-draw.ts";
import { statusBase } from "./styles.ts";
import { charWidth, formatSkip } from "../lang/format.ts";
import { ATTR, type StyleBase } from "../model/style.ts";
import type { PromptLine } from "./prompt.ts";

/** The drawn status lines and each line's click ranges. */
export interface StatusLines {
  lines: DrawCell[][];
  ranges: DrawRange[][];
}

/** status: off is 0 lines, on 1, "2" to "5" that many (the choice's index is the count). */
export function statusLineCount(o: Options): number {
  return o.getNumber("status");
}

export function drawStatusLines(server: FormatEnv, s: Session, client: FormatClient | null, cols: number): StatusLines {
  const expand = (fmt: string) => expandAt(server, { session: s, client }, fmt, { time: true });
  const base = statusBase(s.options, expand);
  const formats = new Map(s.options.getArray("status-format"));
  const out: StatusLines = { lines: [], ranges: [] };
  for (let i = 0; i < statusLineCount(s.options); i++) {
    const fmt = formats.get(i);
    const { cells, ranges } = formatDraw(fmt === undefined ? "" : expand(fmt), cols, base);
    out.lines.push(cells);
    out.ranges.push(ranges);
  }
  return out;
}

/** status_get_range: the first range of the line holding column x. */
export function rangeAt(ranges: readonly DrawRange[], x: number): DrawRange | null {
  return ranges.find((r) => x >= r.start && x < r.end) ?? null;
}

/** format_width: the columns a format's text takes, its #[...] styles aside. */
export function formatWidth(s: string): number {
  let w = 0;
  for (let i = 0; i < s.length; ) {
    if (s[i] === "#" && s[i + 1] === "[") {
      const end = formatSkip(s, i + 2, "]");
      if (end === -1) break;
      i = end + 1;
      continue;
    }
    if (s[i] === "#" && s[i + 1] === "#") i++;
    const cp = s.codePointAt(i) ?? 0;
    w += charWidth(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return w;
}

/**
 * status_prompt_redraw: the prompt drawn in its own width, then as much of the typed text as
 * fits with the cursor in view, the character under the cursor (or a space after the end) in
 * reverse: tmux hides the terminal's cursor meanwhile.
 */
export function drawPrompt(line: PromptLine, cols: number, base: StyleBase): DrawCell[] {
  const start = Math.min(formatWidth(line.prompt), cols);
  const cells = formatDraw(line.prompt, start, base).cells;
  const cursor = { ...base, attr: base.attr ^ ATTR.reverse };
  const left = cols - start;
  const chars = [...line.buffer].map((text) => ({ text, width: charWidth(text.codePointAt(0) ?? 0) }));
  if (left > 0) {
    const pcursor = chars.slice(0, line.index).reduce((n, c) => n + c.width, 0);
    let pwidth = chars.reduce((n, c) => n + c.width, 0);
    let offset = 0;
    if (pcursor >= left) {
      offset = pcursor - left + 1;
      pwidth = left;
    }
    if (pwidth > left) pwidth = left;
    let width = 0;
    let i = 0;
    for (; i < chars.length; i++) {
      const c = chars[i] as { text: string; width: number };
      if (width < offset) {
        width += c.width;
        continue;
      }
      if (width >= offset + pwidth) break;
      width += c.width;
      if (width > offset + pwidth) break;
      put(cells, c.text, c.width, i === line.index ? cursor : base);
    }
    if (cells.length < cols && line.index >= i) put(cells, " ", 1, cursor);
  }
  while (cells.length < cols) put(cells, " ", 1, base);
  return cells.slice(0, cols);
}

function put(cells: DrawCell[], text: string, width: number, st: StyleBase): void {
  if (width === 0) return;
  cells.push({ text, width, fg: st.fg, bg: st.bg, attr: st.attr });
  if (width === 2) cells.push({ text: "", width: 0, fg: st.fg, bg: st.bg, attr: st.attr });
}

/** Longest title sent to the host, in characters (a pane may set one of 64 KiB). */
export const MAX_TITLE = 256;

/**
 * Text for the host's title bar: no C0 or C1 controls, so it cannot end the OSC or start another
 * sequence, and at most MAX_TITLE characters.
 */
export function sanitizeTitle(s: string): string {
  const clean = s.replace(/[\x00-\x1f\x7f-\x9f]/g, "");
  return clean.length <= MAX_TITLE ? clean : Array.from(clean).slice(0, MAX_TITLE).join("");
}
