// Test helper: tmux's status line from plain data. status-format[0] (tmux's default unless the
// options say otherwise) is expanded by the format engine against a fake session scope and drawn
// by formatDraw, as status_redraw does (and a display-message on message-style); cellKey describes cells as the goldens record xterm's.
import { expandFormat, type FormatScope } from "../../../src/mux/lang/format.ts";
import { formatDraw, type DrawCell, type DrawnLine } from "../../../src/mux/lang/format-draw.ts";
import { COLOUR_DEFAULT, COLOUR_FLAG_256, COLOUR_FLAG_RGB, colourFindRgb, colourSplitRgb } from "../../../src/mux/model/colour.ts";
import { ATTR, DEFAULT_BASE, parseStyle, type StyleBase } from "../../../src/mux/model/style.ts";
import { findOptionEntry } from "../../../src/mux/model/options-table.ts";

/** One window as the status line sees it: its format variables (window_index, window_flags...). */
export type WindowVars = Record<string, string>;

export interface StatusInput {
  session: string;
  /** Option values by name (status-left, window-status-format, "status-format[0]"...); the rest default. */
  options: Record<string, string>;
  windows: WindowVars[];
  width: number;
}

/** An option's value: the input's, else tmux's default. */
function option(input: StatusInput, name: string): string | undefined {
  const given = input.options[name];
  if (given !== undefined) return given;
  const bare = name.replace(/\[(\d+)\]$/, "");
  const entry = findOptionEntry(bare);
  if (entry === undefined) return undefined;
  const d = entry.default;
  if (Array.isArray(d)) return d[Number(/\[(\d+)\]$/.exec(name)?.[1] ?? 0)];
  return typeof d === "boolean" ? (d ? "on" : "off") : String(d);
}

function scope(input: StatusInput): FormatScope {
  const session = (name: string) => (name === "session_name" ? input.session : option(input, name));
  return {
    lookup: session,
    windows: () =>
      input.windows.map((w) => ({
        current: w.window_active === "1",
        scope: { lookup: (name: string) => w[name] ?? session(name) },
      })),
  };
}

/** A style option (message-style, say) as the base of a line, as style_apply makes it. */
export function styleBase(input: StatusInput, name: string): StyleBase {
  const sy = parseStyle(option(input, name) ?? "", DEFAULT_BASE);
  return { fg: sy?.fg ?? COLOUR_DEFAULT, bg: sy?.bg ?? COLOUR_DEFAULT, attr: sy?.attr ?? 0 };
}

/** status-style (with status-fg and status-bg over it) as the base of the line, as status_redraw. */
export function statusBase(input: StatusInput): StyleBase {
  const base = styleBase(input, "status-style");
  const fg = parseStyle(`fg=${option(input, "status-fg") ?? "default"}`)?.fg ?? COLOUR_DEFAULT;
  const bg = parseStyle(`bg=${option(input, "status-bg") ?? "default"}`)?.bg ?? COLOUR_DEFAULT;
  if (fg !== COLOUR_DEFAULT) base.fg = fg;
  if (bg !== COLOUR_DEFAULT) base.bg = bg;
  return base;
}

/** format_expand_time of a format (status-format[0] by default) in the session's scope. */
export function expandStatus(input: StatusInput, fmt = option(input, "status-format[0]") ?? ""): string {
  return expandFormat(fmt, scope(input), { expandTime: true, now: () => 0 });
}

export function drawStatus(input: StatusInput): DrawnLine {
  return formatDraw(expandStatus(input), input.width, statusBase(input));
}

/** A colour as xterm decodes what tmux sends to an xterm-256color terminal without RGB. */
export function colourKey(c: number): string {
  if (c & COLOUR_FLAG_RGB) return colourKey(colourFindRgb(...colourSplitRgb(c)));
  if (c & COLOUR_FLAG_256) return (c & 0xff) < 16 ? `p16:${c & 0xff}` : `p256:${c & 0xff}`;
  if (c >= 0 && c <= 7) return `p16:${c}`;
  if (c >= 90 && c <= 97) return `p16:${c - 90 + 8}`;
  return "d";
}

const UNDERSCORES = ATTR.underscore | ATTR.underscore2 | ATTR.underscore3 | ATTR.underscore4 | ATTR.underscore5;
const ATTR_KEYS: readonly (readonly [number, string])[] = [
  [ATTR.bright, "b"], [ATTR.dim, "d"], [ATTR.italics, "i"], [UNDERSCORES, "u"], [ATTR.blink, "k"],
  [ATTR.reverse, "r"], [ATTR.hidden, "h"], [ATTR.strikethrough, "s"], [ATTR.overline, "o"],
];

/** A cell as the golden writes xterm's: text, width, fg, bg, attribute letters. */
export function cellKey(cell: DrawCell): string {
  const attrs = ATTR_KEYS.filter(([bit]) => cell.attr & bit).map(([, k]) => k).join("");
  return [cell.text, cell.width, colourKey(cell.fg), colourKey(cell.bg), attrs].join("\x1f");
}
