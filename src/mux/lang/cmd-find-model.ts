// The slice of the server's model that target resolution (cmd-find.ts) reads, and the lookups
// over it that tmux's cmd-find uses: ids, best session and winlink, pane indexes and neighbours.

/** A pane as cmd-find sees it: its id, its rectangle in the window, when it was last active. */
export interface FindPane {
  readonly id: number;
  /** pane_left, pane_top, pane_width, pane_height. In a zoomed window the others keep theirs. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Grows each time the pane becomes its window's active one: {up-of} and friends pick the highest. */
  readonly activePoint: number;
  /** The pane's tty, so a client running inside it is recognised; optional. */
  readonly tty?: string;
}

export type BorderStatus = "off" | "top" | "bottom";

/** A window, which may be linked into several sessions (and twice into one). */
export interface FindWindow {
  readonly id: number;
  readonly name: string;
  /** In pane_index order. */
  readonly panes: readonly FindPane[];
  readonly active: FindPane;
  readonly last: FindPane | null;
  readonly zoomed: boolean;
  readonly width: number;
  readonly height: number;
  /** The window's pane-base-index and pane-border-status options. */
  readonly paneBaseIndex: number;
  readonly borderStatus: BorderStatus;
}

/** A window at an index of a session. */
export interface FindWinlink {
  readonly index: number;
  readonly window: FindWindow;
}

export interface FindSession {
  readonly id: number;
  readonly name: string;
  /** Sorted by index. */
  readonly winlinks: readonly FindWinlink[];
  readonly current: FindWinlink;
  /** The top of the last-window stack (what "!" names), if any. */
  readonly lastWindow: FindWinlink | null;
  /** Last activity (creation, or a client's input), any increasing clock: the "best" session is the latest. */
  readonly activity: number;
  /** How many clients are attached. */
  readonly attached: number;
}

export interface FindClient {
  readonly name: string;
  /** e.g. /dev/pts/3; "" for a control client without one. */
  readonly tty: string;
  /** The session it is attached to, or null for a command client. */
  readonly session: FindSession | null;
  readonly activity: number;
  /** The client's own active pane when it has one (server_client_get_pane), else the session's. */
  readonly activePane?: FindPane | null;
  /** $TMUX_PANE (tmux) or $WEFT_PANE from the client's environment, as sent. */
  readonly tmuxPane?: string | null;
}

export interface FindModel {
  /** In any order. */
  readonly sessions: readonly FindSession[];
  /** In the server's order (oldest first); only attached ones are found by name. */
  readonly clients?: readonly FindClient[];
  /** The marked pane (select-pane -m), checked for validity before use. */
  readonly marked?: FindState | null;
}

/** What a target names: tmux's cmd_find_state. index is the winlink index, or null ("any free"). */
export interface FindState {
  readonly session: FindSession;
  readonly winlink: FindWinlink;
  readonly window: FindWindow;
  readonly pane: FindPane;
  readonly index: number | null;
}

/** A user error, in tmux's words; quiet ones are not to be shown. */
export class FindError extends Error {
  constructor(message: string, readonly quiet = false) {
    super(message);
    this.name = "FindError";
  }
}

/** tmux's strtonum: optional leading space and sign, decimal digits, within [min, max]. */
export function strtonum(s: string, min: number, max: number): number | null {
  if (!/^[ \t\n\v\f\r]*[+-]?[0-9]+$/.test(s)) return null;
  const n = Number(s.trim());
  return n >= min && n <= max ? n : null;
}

export const INT_MAX = 2147483647;
const UINT_MAX = 4294967295;

/** Indexes over a model for one resolution: sessions in name order, panes' windows. */
export class FindIndex {
  /** In tmux's tree order: by name. */
  readonly sessions: FindSession[];
  private readonly paneWindow = new Map<FindPane, FindWindow>();
  private readonly windows = new Map<number, FindWindow>();
  private readonly panes = new Map<number, FindPane>();

  constructor(readonly model: FindModel) {
    this.sessions = [...model.sessions].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const s of this.sessions) {
      for (const wl of s.winlinks) {
        this.windows.set(wl.window.id, wl.window);
        for (const p of wl.window.panes) {
          this.paneWindow.set(p, wl.window);
          this.panes.set(p.id, p);
        }
      }
    }
  }

  sessionByIdStr(s: string): FindSession | null {
    const id = s.startsWith("$") ? strtonum(s.slice(1), 0, UINT_MAX) : null;
    return id === null ? null : (this.sessions.find((x) => x.id === id) ?? null);
  }

  windowByIdStr(s: string): FindWindow | null {
    const id = s.startsWith("@") ? strtonum(s.slice(1), 0, UINT_MAX) : null;
    return id === null ? null : (this.windows.get(id) ?? null);
  }

  paneByIdStr(s: string): FindPane | null {
    const id = s.startsWith("%") ? strtonum(s.slice(1), 0, UINT_MAX) : null;
    return id === null ? null : (this.panes.get(id) ?? null);
  }

  windowOf(p: FindPane): FindWindow | null {
    return this.paneWindow.get(p) ?? null;
  }

  /** cmd_find_valid_state: everything set, the session alive, the winlink its and the pane in it. */
  valid(st: FindState | null | undefined): st is FindState {
    if (!st || !this.sessions.includes(st.session)) return false;
    if (!st.session.winlinks.includes(st.winlink) || st.winlink.window !== st.window) return false;
    return st.window.panes.includes(st.pane);
  }
}

export function sessionHas(s: FindSession, w: FindWindow): boolean {
  return s.winlinks.some((wl) => wl.window === w);
}

/** cmd_find_best_session: the most recently active, attached ones last if preferUnattached. */
export function bestSession(list: readonly FindSession[], preferUnattached: boolean): FindSession | null {
  let best: FindSession | null = null;
  for (const s of list) if (best === null || sessionBetter(s, best, preferUnattached)) best = s;
  return best;
}

function sessionBetter(s: FindSession, than: FindSession, preferUnattached: boolean): boolean {
  if (preferUnattached) {
    if (than.attached !== 0 && s.attached === 0) return true;
    if (than.attached === 0 && s.attached !== 0) return false;
  }
  return s.activity > than.activity;
}

/** cmd_find_best_winlink_with_window: the session's current if it shows the window, else the first. */
export function bestWinlink(s: FindSession, w: FindWindow): FindWinlink | null {
  if (s.current.window === w) return s.current;
  return s.winlinks.find((wl) => wl.window === w) ?? null;
}

/** window_pane_at_index: counting from pane-base-index. */
export function paneAtIndex(w: FindWindow, idx: number): FindPane | null {
  return w.panes[idx - w.paneBaseIndex] ?? null;
}

/** winlink_next_by_number / previous: |n| steps through the session's windows, wrapping. */
export function winlinkStep(s: FindSession, from: FindWinlink, n: number): FindWinlink {
  const all = s.winlinks;
  const i = all.indexOf(from);
  return all[(((i + n) % all.length) + all.length) % all.length] ?? from;
}
