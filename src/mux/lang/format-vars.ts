// The variables formats can name (#{session_name}, #{pane_width}, ...), looked up lazily from
// the model so that expanding "#S" never computes a pane's current command.
import { hostname } from "node:os";
import type { FormatLookup } from "./format.ts";
import type { Session, Window, Pane } from "../model/index.ts";

/** What formats need from the server (the server implements it). */
export interface FormatEnv {
  readonly socketPath: string;
  readonly version: string;
  /** weft's own version (#{weft_version}); #{version} is the tmux version weft behaves as. */
  readonly weftVersion: string;
  attachedCount(s: Session): number;
  /** A variable of the session's environment, else the global one (formats fall back to them, as tmux's). */
  environmentValue?(name: string, s: Session | null): string | undefined;
  paneInMode(p: Pane): boolean;
}

/** What formats need from a client (client_*); an attached client implements it. */
export interface FormatClient {
  readonly name: string;
  readonly terminal?: { tty?: string; pid?: number; term: string } | undefined;
  readonly session: Session | null;
  readonly cols: number;
  readonly rows: number;
  readonly created: number;
  readonly activityAt: number;
}

export interface FormatTarget {
  session?: Session | null;
  window?: Window | null;
  pane?: Pane | null;
  client?: FormatClient | null;
  /** Variables of the caller's own, which win (choose-tree's session_format, window_format). */
  extra?: Record<string, string | number>;
}

/** Window flags as tmux shows them after the name: * current, - last, Z zoomed, # activity, ! bell, ~ silence. */
export function windowFlags(w: Window): string {
  let f = "";
  if (w.session.current === w) f += "*";
  else if (w.session.lastWindow === w) f += "-";
  if (w.activityFlag) f += "#";
  if (w.bellFlag) f += "!";
  if (w.silenceFlag) f += "~";
  if (w.zoomed) f += "Z";
  return f;
}

export function formatLookup(server: FormatEnv, t: FormatTarget): FormatLookup {
  const c = t.client ?? null;
  const s = t.session ?? t.window?.session ?? c?.session ?? null;
  const w = t.window ?? s?.current ?? null;
  const p = t.pane ?? w?.active ?? null;
  const vars: Record<string, () => string | number | boolean | undefined> = {
    host: () => hostname(),
    host_short: () => hostname().split(".")[0],
    pid: () => process.pid,
    socket_path: () => server.socketPath,
    version: () => server.version,
    weft_version: () => server.weftVersion,
    session_name: () => s?.name,
    session_id: () => (s ? `$${s.id}` : undefined),
    session_windows: () => s?.windows.length,
    session_attached: () => (s ? server.attachedCount(s) : undefined),
    session_created: () => (s ? Math.floor(s.created / 1000) : undefined),
    session_activity: () => (s ? Math.floor(s.activity / 1000) : undefined),
    window_index: () => w?.index,
    window_id: () => (w ? `@${w.id}` : undefined),
    window_name: () => w?.name,
    window_active: () => (w ? w.session.current === w : undefined),
    window_width: () => w?.cols,
    window_height: () => w?.rows,
    window_layout: () => w?.layout.serialize(),
    window_panes: () => w?.panes.size,
    window_zoomed_flag: () => (w ? w.zoomed !== null : undefined),
    window_flags: () => (w ? windowFlags(w) : undefined),
    window_activity: () => (w ? Math.floor(w.activity / 1000) : undefined),
    window_activity_flag: () => w?.activityFlag,
    window_bell_flag: () => w?.bellFlag,
    window_silence_flag: () => w?.silenceFlag,
    pane_id: () => (p ? `%${p.id}` : undefined),
    pane_index: () => (p && w ? w.paneIndex(p) : undefined),
    pane_width: () => p?.cols,
    pane_height: () => p?.rows,
    pane_active: () => (p && w ? w.active === p : undefined),
    pane_pid: () => p?.pid,
    pane_current_command: () => p?.currentCommand(),
    pane_current_path: () => p?.currentPath(),
    pane_start_command: () => p?.spawnSpec.argv.join(" "),
    pane_dead: () => p?.dead,
    pane_dead_status: () => (p?.dead ? (p.deadStatus?.code ?? undefined) : undefined),
    pane_dead_signal: () => (p?.dead ? (p.deadStatus?.signal ?? undefined) : undefined),
    pane_title: () => (p ? p.title || hostname() : undefined),
    pane_left: () => (p && w ? w.rect(p).x : undefined),
    pane_top: () => (p && w ? w.rect(p).y : undefined),
    pane_right: () => (p && w ? w.rect(p).x + w.rect(p).width - 1 : undefined),
    pane_bottom: () => (p && w ? w.rect(p).y + w.rect(p).height - 1 : undefined),
    pane_in_mode: () => (p ? server.paneInMode(p) : undefined),
    pane_synchronized: () => w?.options.getFlag("synchronize-panes"),
    cursor_x: () => p?.terminal.buffer.active.cursorX,
    cursor_y: () => p?.terminal.buffer.active.cursorY,
    alternate_on: () => p?.alternateOn,
    history_size: () => (p ? p.terminal.buffer.normal.baseY : undefined),
    history_limit: () => s?.options.getNumber("history-limit"),
    cursor_flag: () => p?.modes && !(p.terminal as unknown as { _core?: { coreService?: { isCursorHidden?: boolean } } })._core?.coreService?.isCursorHidden,
    insert_flag: () => p?.modes.insertMode,
    keypad_cursor_flag: () => p?.modes.applicationCursorKeysMode,
    keypad_flag: () => p?.modes.applicationKeypadMode,
    mouse_any_flag: () => (p ? p.modes.mouseTrackingMode !== "none" : undefined),
    client_name: () => c?.name,
    client_tty: () => c?.terminal?.tty,
    client_pid: () => c?.terminal?.pid,
    client_session: () => c?.session?.name,
    client_width: () => (c ? c.cols : undefined),
    client_height: () => (c ? c.rows : undefined),
    client_termname: () => c?.terminal?.term,
    client_created: () => (c ? Math.floor(c.created / 1000) : undefined),
    client_activity: () => (c ? Math.floor(c.activityAt / 1000) : undefined),
    client_flags: () => (c ? (c.session ? "attached" : "") : undefined),
  };
  const extra = t.extra;
  return (name) => {
    if (extra && name in extra) return extra[name];
    const f = vars[name];
    const v = f ? f() : undefined;
    return v !== undefined || f ? v : server.environmentValue?.(name, s);
  };
}
