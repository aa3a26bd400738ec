// tmux 3.3a's format variables (format.c's format_table and what format_defaults adds), each a
// lazy callback over the model so that "#S" never computes a pane's current command. A variable
// whose object is absent is undefined, as tmux's callbacks return NULL (the format prints "").
import { hostname } from "./os-lazy.ts";
import { passwdEntry } from "./passwd.ts";
import { isLinkedOutside, type Session, type Window, type Winlink, type Pane, type Options } from "../model/index.ts";
import { layoutChecksum } from "../model/layout.ts";
import { paneModeCount, paneModeName } from "../model/pane-modes.ts";
import { copyModeFormats } from "../model/copy-mode-formats.ts";
import { argsEscape } from "../model/args-escape.ts";
import { parseStyle } from "../model/style.ts";
import { colourToString } from "../model/colour.ts";

export type VarValue = string | number | boolean | undefined;
export type VarTable = Record<string, () => VarValue>;

/** What the variables need of the server beyond the model (the server implements it). */
export interface FormatServer {
  readonly socketPath: string;
  readonly version: string;
  /** weft's own version (#{weft_version}); #{version} is the tmux version weft behaves as. */
  readonly weftVersion: string;
  /** When the server started, in ms since the epoch. */
  readonly startTime: number;
  /** The configuration files loaded at start (config_files). */
  readonly configFiles: readonly string[];
  /** The id the next session will have. */
  readonly nextSessionId: number;
  attachedCount(s: Session): number;
  /** Every client attached to a session. */
  attachedClients(): readonly VarClient[];
  /** The server's marked pane (select-pane -m), while it is still marked. */
  markedPane(): Pane | null;
}

/** What the variables need of a client (client_*). */
export interface VarClient {
  readonly name: string;
  readonly terminal?: { tty?: string; pid?: number; term: string } | undefined;
  readonly session: Session | null;
  readonly lastSession?: Session | null;
  readonly cols: number;
  readonly rows: number;
  readonly created: number;
  readonly activityAt: number;
  /** The key table its next key goes to (client_key_table); root when unknown. */
  readonly keyTableName?: string;
  /** Its locale is UTF-8 (tmux's CLIENT_UTF8). */
  readonly utf8?: boolean;
  /** Its client_flags (attached, read-only, control-mode, ...), as tmux's server_client_get_flags. */
  readonly flags?: string;
  readonly isControl?: boolean;
  readonly readOnly?: boolean;
}

/** Whether formats see a session, window or pane as their subject (#{session_format} etc.). */
export type FormatType = "session" | "window" | "pane" | "none";

const secs = (ms: number) => Math.floor(ms / 1000);
// tmux's window cell size when the client has told none (DEFAULT_XPIXEL, DEFAULT_YPIXEL).
const CELL_WIDTH = 16;
const CELL_HEIGHT = 32;
// An unsigned -1: tmux's saved cursor outside the alternate screen.
const NO_SAVED_CURSOR = 4294967295;

export function serverVars(server: FormatServer, type: FormatType): VarTable {
  return {
    host: () => hostname(),
    host_short: () => hostname().split(".")[0],
    pid: () => process.pid,
    socket_path: () => server.socketPath,
    version: () => server.version,
    weft_version: () => server.weftVersion,
    start_time: () => secs(server.startTime),
    config_files: () => server.configFiles.join(","),
    next_session_id: () => `$${server.nextSessionId}`,
    uid: () => process.getuid?.() ?? 0,
    user: () => userName(),
    session_format: () => type === "session",
    window_format: () => type === "window",
    pane_format: () => type === "pane",
    buffer_mode_format: () => "#{t/p:buffer_created}: #{buffer_sample}",
    client_mode_format: () => "#{t/p:client_activity}: session #{session_name}",
    tree_mode_format: () => TREE_MODE_FORMAT,
  };
}

/** A list variable: its names by ",", or none at all when empty, as tmux's callbacks return NULL. */
function list(names: string[]): string | undefined {
  return names.length > 0 ? names.join(",") : undefined;
}

function userName(): string | undefined {
  return passwdEntry()?.name;
}

// window-tree.c's WINDOW_TREE_DEFAULT_FORMAT.
const TREE_MODE_FORMAT =
  "#{?pane_format,#{?pane_marked,#[reverse],}#{pane_current_command}#{?pane_active,*,}#{?pane_marked,M,}" +
  '#{?#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}},: "#{pane_title}",},' +
  "#{?window_format,#{?window_marked_flag,#[reverse],}#{window_name}#{window_flags}" +
  '#{?#{&&:#{==:#{window_panes},1},#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}}},: "#{pane_title}",},' +
  "#{session_windows} windows#{?session_grouped, (group #{session_group}: #{session_group_list}),}#{?session_attached, (attached),}}}";

/** window_printable_flags: # activity, ! bell, ~ silence, * current, - last, M the marked pane's, Z zoomed. */
export function windowFlags(wl: Winlink, escape = false, marked: Pane | null = null): string {
  const w = wl.window;
  let f = "";
  if (wl.activityFlag) f += escape ? "##" : "#";
  if (wl.bellFlag) f += "!";
  if (wl.silenceFlag) f += "~";
  if (wl.session.curw === wl) f += "*";
  else if (wl.session.lastLink === wl) f += "-";
  if (holdsMarked(w, marked)) f += "M";
  if (w.zoomed) f += "Z";
  return f;
}

function holdsMarked(w: Window, marked: Pane | null): boolean {
  return marked !== null && w.panes.get(marked.id) === marked;
}

/** format_cb_session_alerts: each window with an alert, its index and flags (#!~), by ",". */
function sessionAlerts(s: Session): string {
  const out: string[] = [];
  for (const wl of s.links) {
    const f = (wl.activityFlag ? "#" : "") + (wl.bellFlag ? "!" : "") + (wl.silenceFlag ? "~" : "");
    if (f !== "") out.push(`${wl.index}${f}`);
  }
  return out.join(",");
}

export function sessionVars(server: FormatServer, s: Session | null): VarTable {
  if (!s) return {};
  const clients = () => server.attachedClients().filter((c) => c.session === s);
  return {
    session_name: () => s.name,
    session_id: () => `$${s.id}`,
    session_windows: () => s.windows.length,
    session_attached: () => server.attachedCount(s),
    session_attached_list: () => list(clients().map((c) => c.name)),
    session_many_attached: () => server.attachedCount(s) > 1,
    session_created: () => secs(s.created),
    session_activity: () => secs(s.activity),
    // A time of 0 (never attached) is no value, as tmux's time variables.
    session_last_attached: () => (s.lastAttached ? secs(s.lastAttached) : undefined),
    session_alerts: () => sessionAlerts(s),
    session_grouped: () => s.group !== null,
    session_group: () => s.group?.name,
    session_group_size: () => s.group?.sessions.length,
    session_group_list: () => s.group?.sessions.map((x) => x.name).join(","),
    session_group_attached: () => (s.group ? groupAttached(server, s).length : undefined),
    session_group_many_attached: () => (s.group ? groupAttached(server, s).length > 1 : undefined),
    // tmux 3.3a builds this list and then returns nothing (format_cb_session_group_attached_list).
    session_group_attached_list: () => undefined,
    session_marked: () => false,
    session_path: () => s.cwd,
    // The current window, then the last-window stack.
    session_stack: () => [s.curw.index, ...s.stack.map((l) => l.index)].join(","),
    active_window_index: () => s.curw.index,
    // The highest index (RB_MAX), not the last window.
    last_window_index: () => s.links[s.links.length - 1]?.index,
  };
}

/** The attached clients of a session's group (session_group_attached). */
function groupAttached(server: FormatServer, s: Session): VarClient[] {
  const members = s.group?.sessions ?? [s];
  return server.attachedClients().filter((c) => c.session !== null && members.includes(c.session));
}

/** The window's variables at one of its links (`wl`: null when the window is not in the session). */
export function windowVars(server: FormatServer, w: Window | null, wl: Winlink | null): VarTable {
  if (!w) return {};
  const common = windowOnlyVars(server, w);
  if (!wl) return common;
  const s = wl.session;
  return {
    ...common,
    window_index: () => wl.index,
    window_active: () => s.curw === wl,
    window_last_flag: () => s.lastLink === wl,
    window_start_flag: () => s.links[0] === wl,
    window_end_flag: () => s.links[s.links.length - 1] === wl,
    window_flags: () => windowFlags(wl, true, server.markedPane()),
    window_raw_flags: () => windowFlags(wl, false, server.markedPane()),
    window_activity_flag: () => wl.activityFlag,
    window_bell_flag: () => wl.bellFlag,
    window_silence_flag: () => wl.silenceFlag,
    window_linked: () => isLinkedOutside(s, w.references),
    window_linked_sessions: () => w.references,
    window_stack_index: () => stackIndex(wl),
  };
}

/** window_stack_index: the link's place in its session's last-window stack, from 1; 0 if absent. */
function stackIndex(wl: Winlink): number {
  const i = wl.session.stack.indexOf(wl);
  return i + 1;
}

/** The variables of a window that no link decides. */
function windowOnlyVars(server: FormatServer, w: Window): VarTable {
  const active = () => w.links.filter((l) => l.session.curw === l);
  const viewers = () => server.attachedClients().filter((c) => c.session !== null && c.session.curw.window === w);
  return {
    window_id: () => `@${w.id}`,
    window_name: () => w.name,
    window_width: () => w.cols,
    window_height: () => w.rows,
    window_cell_width: () => CELL_WIDTH,
    window_cell_height: () => CELL_HEIGHT,
    window_layout: () => w.layout.serialize(),
    window_visible_layout: () => visibleLayout(w),
    window_panes: () => w.panes.size,
    window_zoomed_flag: () => w.zoomed !== null,
    window_activity: () => secs(w.activity),
    window_marked_flag: () => holdsMarked(w, server.markedPane()),
    window_linked_sessions_list: () => list(w.links.map((l) => l.session.name)),
    window_active_sessions: () => active().length,
    window_active_sessions_list: () => list(active().map((l) => l.session.name)),
    window_active_clients: () => viewers().length,
    window_active_clients_list: () => list(viewers().map((c) => c.name)),
  };
}

/** The layout as shown: the zoomed pane alone at the window's size. */
function visibleLayout(w: Window): string {
  if (!w.zoomed) return w.layout.serialize();
  const body = `${w.cols}x${w.rows},0,0,${w.zoomed.id}`;
  return `${layoutChecksum(body).toString(16).padStart(4, "0")},${body}`;
}

/** xterm's internals that its API does not expose (read defensively: absent means unknown). */
interface TerminalInternals {
  _core?: {
    coreService?: { isCursorHidden?: boolean };
    coreMouseService?: { activeEncoding?: string };
    buffer?: { scrollTop?: number; scrollBottom?: number; tabs?: Record<number, boolean> };
  };
}

function internals(p: Pane): TerminalInternals {
  return p.terminal as unknown as TerminalInternals;
}

/** Tab stops: xterm's own list, or every 8 columns (the default) when it cannot be read. */
function tabStops(p: Pane): string {
  const tabs = internals(p)._core?.buffer?.tabs;
  const stops = tabs ? Object.keys(tabs).map(Number).filter((x) => tabs[x] && x > 0 && x < p.cols) : [];
  if (!tabs) for (let x = 8; x < p.cols; x += 8) stops.push(x);
  return stops.sort((a, b) => a - b).join(",");
}

function cursorCharacter(p: Pane): string {
  const b = p.terminal.buffer.active;
  const cell = b.getLine(b.baseY + b.cursorY)?.getCell(b.cursorX);
  return cell?.getChars() || " ";
}

/** The pane's default colour from window-style (tmux asks the pane's OSC 10/11 colours first). */
function paneColour(o: Options, which: "fg" | "bg"): string {
  const style = parseStyle(o.getString("window-style"));
  return style ? colourToString(style[which]) : "default";
}

export function paneVars(server: FormatServer, w: Window | null, p: Pane | null, globalSession?: Options): VarTable {
  if (!p || !w) return {};
  const rect = () => w.rect(p);
  const buf = () => p.terminal.buffer.active;
  const core = () => internals(p)._core;
  const mouse = () => p.modes.mouseTrackingMode;
  return {
    pane_id: () => `%${p.id}`,
    pane_index: () => w.paneIndex(p),
    pane_width: () => p.cols,
    pane_height: () => p.rows,
    pane_active: () => w.active === p,
    pane_last: () => w.lastPane === p,
    pane_pid: () => p.pid,
    pane_tty: () => p.tty,
    pane_current_command: () => p.currentCommand(),
    pane_current_path: () => p.currentPath(),
    pane_start_command: () => (p.spawnSpec.command ?? []).map((a) => argsEscape(a)).join(" "),
    pane_start_path: () => p.spawnSpec.cwd,
    pane_path: () => "",
    pane_dead: () => p.dead,
    pane_dead_status: () => (p.dead ? (p.deadStatus?.code ?? undefined) : undefined),
    pane_dead_signal: () => (p.dead ? (p.deadStatus?.signal ?? undefined) : undefined),
    pane_dead_time: () => (p.dead && p.deadAt ? secs(p.deadAt) : undefined),
    pane_title: () => p.title || hostname(),
    pane_left: () => rect().x,
    pane_top: () => rect().y,
    pane_right: () => rect().x + rect().width - 1,
    pane_bottom: () => rect().y + rect().height - 1,
    pane_at_left: () => rect().x === 0,
    pane_at_top: () => rect().y === 0,
    pane_at_right: () => rect().x + rect().width === w.cols,
    pane_at_bottom: () => rect().y + rect().height === w.rows,
    pane_in_mode: () => paneModeCount(p),
    pane_mode: () => paneModeName(p) || undefined,
    pane_input_off: () => p.inputOff,
    pane_marked: () => server.markedPane() === p,
    pane_marked_set: () => server.markedPane() !== null,
    pane_pipe: () => p.pipe !== null,
    pane_search_string: () => p.copyMode?.searchText ?? "",
    pane_synchronized: () => w.options.getFlag("synchronize-panes"),
    pane_tabs: () => tabStops(p),
    pane_fg: () => paneColour(p.options, "fg"),
    pane_bg: () => paneColour(p.options, "bg"),
    cursor_x: () => buf().cursorX,
    cursor_y: () => buf().cursorY,
    cursor_flag: () => !core()?.coreService?.isCursorHidden,
    cursor_character: () => cursorCharacter(p),
    alternate_on: () => p.alternateOn,
    alternate_saved_x: () => (p.alternateOn ? p.terminal.buffer.normal.cursorX : NO_SAVED_CURSOR),
    alternate_saved_y: () => (p.alternateOn ? p.terminal.buffer.normal.cursorY : NO_SAVED_CURSOR),
    scroll_region_upper: () => core()?.buffer?.scrollTop ?? 0,
    scroll_region_lower: () => core()?.buffer?.scrollBottom ?? p.rows - 1,
    history_size: () => p.buffer("normal").baseY,
    history_limit: () => p.historyLimit,
    // The history store's bytes (tmux counts its grid's cells: its own memory, not comparable).
    history_bytes: () => p.historyBytes(),
    history_all_bytes: () => `${p.buffer("normal").length},${p.historyBytes()},0,0,0,0`,
    insert_flag: () => p.modes.insertMode,
    keypad_cursor_flag: () => p.modes.applicationCursorKeysMode,
    keypad_flag: () => p.modes.applicationKeypadMode,
    origin_flag: () => p.modes.originMode,
    wrap_flag: () => p.modes.wraparoundMode,
    mouse_any_flag: () => mouse() !== "none",
    mouse_standard_flag: () => mouse() === "vt200" || mouse() === "x10",
    mouse_button_flag: () => mouse() === "drag",
    mouse_all_flag: () => mouse() === "any",
    mouse_sgr_flag: () => core()?.coreMouseService?.activeEncoding === "SGR",
    mouse_utf8_flag: () => core()?.coreMouseService?.activeEncoding === "UTF8",
    // Copy mode's own, while it is the pane's mode on top (tmux's window_copy_formats).
    ...(p.copyMode && p.modeStack.length === 0 ? copyModeFormats(p.copyMode, globalSession?.getString("word-separators") ?? p.copyMode.wordSeparators) : {}),
  };
}

export function clientVars(c: VarClient | null): VarTable {
  if (!c) return {};
  return {
    client_name: () => c.name,
    client_tty: () => c.terminal?.tty,
    client_pid: () => c.terminal?.pid,
    client_session: () => c.session?.name,
    client_last_session: () => c.lastSession?.name,
    client_width: () => c.cols,
    // tmux reports it only for a started terminal, which a control client never has.
    client_height: () => (c.isControl ? undefined : c.rows),
    client_cell_width: () => CELL_WIDTH,
    client_cell_height: () => CELL_HEIGHT,
    client_termname: () => c.terminal?.term,
    client_termtype: () => "",
    client_termfeatures: () => "",
    client_created: () => secs(c.created),
    client_activity: () => secs(c.activityAt),
    client_flags: () => c.flags ?? "",
    client_control_mode: () => c.isControl === true,
    client_readonly: () => c.readOnly === true,
    client_key_table: () => c.keyTableName ?? "root",
    client_prefix: () => c.keyTableName === "prefix",
    client_uid: () => process.getuid?.() ?? 0,
    client_user: () => userName(),
    client_utf8: () => c.utf8 === true,
    client_written: () => 0,
    client_discarded: () => 0,
  };
}
