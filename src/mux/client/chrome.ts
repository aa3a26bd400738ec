// What a client draws around and over its panes, from the options as tmux 3.3a paints them: the
// status lines, a message or prompt (message-style), the borders (pane-border-*), each pane's
// title line and default colours (window-style, window-active-style), and the mode styles.
import type { Session, Pane, Window } from "../model/index.ts";
import { expandAt, type FormatClient, type FormatEnv } from "../lang/format-vars.ts";
import { formatDraw } from "../lang/format-draw.ts";
import { Attr, DEFAULT_CELL_STYLE, packTmuxStyle, type BorderOptions, type BorderIndicators, type BorderLines, type CellStyle, type Highlight, type Overlay, type PaneBorderStatus, type PaneView } from "../../render/index.ts";
import { drawPrompt, drawStatusLines, type StatusLines } from "./status.ts";
import { optionStyle } from "./styles.ts";
import type { PromptLine } from "./prompt.ts";

/** The styles copy mode and the choosers draw in. */
export interface ModeStyles {
  selection: CellStyle;
  match: CellStyle;
  currentMatch: CellStyle;
}

export interface Chrome {
  status: StatusLines | null;
  statusTop: boolean;
  overlay: Overlay | undefined;
  borders: BorderOptions;
  panes: Map<Pane, Partial<PaneView>>;
  mode: ModeStyles;
}

export interface ChromeInput {
  server: FormatEnv;
  session: Session;
  client: FormatClient | null;
  cols: number;
  prompt: PromptLine | null;
  message: string | null;
}

export function buildChrome(i: ChromeInput): Chrome {
  const s = i.session;
  const w = s.current;
  const lines = drawStatusLines(i.server, s, i.client, i.cols);
  const status = lines.lines.length > 0 ? lines : null;
  const expand = (fmt: string) => expandAt(i.server, { session: s, client: i.client }, fmt, { time: true });
  const wexpand = (fmt: string) => expandAt(i.server, { session: s, window: w, client: i.client }, fmt, { time: true });
  const mode: ModeStyles = {
    selection: packTmuxStyle(optionStyle(w.options, "mode-style", wexpand)),
    match: packTmuxStyle(optionStyle(w.options, "copy-mode-match-style", wexpand)),
    currentMatch: packTmuxStyle(optionStyle(w.options, "copy-mode-current-match-style", wexpand)),
  };
  const borders: BorderOptions = {
    style: packTmuxStyle(optionStyle(w.options, "pane-border-style", wexpand)),
    activeStyle: packTmuxStyle(optionStyle(w.options, "pane-active-border-style", wexpand)),
    lines: w.options.getString("pane-border-lines") as BorderLines,
    indicators: w.options.getString("pane-border-indicators") as BorderIndicators,
    status: w.options.getString("pane-border-status") as PaneBorderStatus,
  };
  const panes = new Map<Pane, Partial<PaneView>>();
  for (const [p, r] of w.visible()) panes.set(p, paneChrome(i, w, p, r.width, borders, mode));
  return { status, statusTop: s.options.getString("status-position") === "top", overlay: overlay(i, expand), borders, panes, mode };
}

/** The message (drawn with its #[...] markup) or the prompt, on message-style (message-command-style in vi's command mode). */
function overlay(i: ChromeInput, expand: (fmt: string) => string): Overlay | undefined {
  if (!i.prompt && i.message === null) return undefined;
  const base = optionStyle(i.session.options, i.prompt?.command ? "message-command-style" : "message-style", expand);
  if (i.prompt) return { cells: drawPrompt(i.prompt, i.cols, base) };
  return { cells: formatDraw(i.message ?? "", i.cols, base).cells };
}

function paneChrome(i: ChromeInput, w: Window, p: Pane, width: number, borders: BorderOptions, mode: ModeStyles): Partial<PaneView> {
  const active = p === w.active;
  const pexpand = (fmt: string) => expandAt(i.server, { session: i.session, window: w, pane: p, client: i.client }, fmt, { time: true });
  const out: Partial<PaneView> = { index: w.paneIndex(p) + w.options.getNumber("pane-base-index"), indicatorStyle: mode.selection };
  const style = paneStyle(p, active, pexpand);
  if (style) out.style = style;
  if (i.server.markedPane() === p) out.marked = true;
  const cursor = CURSOR_STYLES[p.options.getString("cursor-style")];
  if (cursor) out.cursorStyle = cursor;
  if (borders.status !== "off" && width >= 4) {
    const base = optionStyle(w.options, active ? "pane-active-border-style" : "pane-border-style", pexpand);
    const keep = { text: "", width: 1, fg: base.fg, bg: base.bg, attr: base.attr };
    const cells = formatDraw(pexpand(p.options.getString("pane-border-format")), width - 4, base, { blank: keep }).cells;
    out.borderStatus = { cells, style: packTmuxStyle(base) };
  }
  return out;
}

/** cursor-style's choices as the frame's cursor (DECSCUSR): "default" leaves the terminal's. */
const CURSOR_STYLES: Record<string, { shape: "block" | "underline" | "bar"; blink: boolean }> = {
  "blinking-block": { shape: "block", blink: true },
  block: { shape: "block", blink: false },
  "blinking-underline": { shape: "underline", blink: true },
  underline: { shape: "underline", blink: false },
  "blinking-bar": { shape: "bar", blink: true },
  bar: { shape: "bar", blink: false },
};

/** tty_default_colours: window-active-style's colours for the active pane where set, else window-style's. */
function paneStyle(p: Pane, active: boolean, expand: (fmt: string) => string): CellStyle | undefined {
  const normal = packTmuxStyle(optionStyle(p.options, "window-style", expand));
  const st = { fg: normal.fg, bg: normal.bg, attrs: 0 };
  if (active) {
    const a = packTmuxStyle(optionStyle(p.options, "window-active-style", expand));
    if (a.fg !== 0) st.fg = a.fg;
    if (a.bg !== 0) st.bg = a.bg;
  }
  return st.fg === 0 && st.bg === 0 ? undefined : st;
}

/** A tagged line of a mode tree: bright (bold), its colours its own. */
const TAGGED: CellStyle = { ...DEFAULT_CELL_STYLE, attrs: Attr.bold };

/** Copy mode's highlights in the window's mode styles; a mode tree's tagged lines bright. */
export function styleHighlights(highlights: readonly (Highlight & { kind?: string; attrs?: number })[] | undefined, mode: ModeStyles): Highlight[] | undefined {
  if (!highlights) return undefined;
  return highlights.map((h) => {
    const style = h.kind === "selection" ? { ...mode.selection, attrs: mode.selection.attrs | (h.attrs ?? 0) } : h.kind === "match" ? mode.match : h.kind === "current-match" ? mode.currentMatch : h.kind === "tagged" ? TAGGED : h.kind === "selection-tagged" ? { ...mode.selection, attrs: mode.selection.attrs ^ Attr.bold } : undefined;
    return style ? { ...h, style } : h;
  });
}
