// Target resolution as tmux 3.3a's cmd-find: session:window.pane split, then each part tried
// the ways tmux tries them (ids, indexes, offsets, specials, exact, prefix, fnmatch), in order.
import {
  FindError, FindIndex, INT_MAX, bestSession, bestWinlink, paneAtIndex, sessionHas, strtonum, winlinkStep,
  type FindClient, type FindModel, type FindPane, type FindSession, type FindState, type FindWindow, type FindWinlink,
} from "./cmd-find-model.ts";
import { paneBeside, paneByPosition, paneStep } from "./cmd-find-panes.ts";
import { findClientByName, fromClient } from "./cmd-find-current.ts";
import { fnmatch } from "../model/fnmatch.ts";

export * from "./cmd-find-model.ts";
export { findClient, fromClient, stateOfPane, stateOfSession, stateOfWindow } from "./cmd-find-current.ts";

export type FindKind = "session" | "window" | "pane";

/** tmux's CMD_FIND_* flags. */
export interface FindFlags {
  /** Best session: unattached ones first (attach-session, switch-client). */
  preferUnattached?: boolean;
  /** Fail without a message. */
  quiet?: boolean;
  /** A window index that need not exist yet (new-window -t, link-window -t); no pane allowed. */
  windowIndex?: boolean;
  /** The marked pane is "current" (the -s of join-pane, swap-pane, swap-window). */
  defaultMarked?: boolean;
  /** Session / window names only match exactly (what a leading "=" sets). */
  exactSession?: boolean;
  exactWindow?: boolean;
  /** A target that names nothing is not an error: the result is null (implies quiet). */
  canFail?: boolean;
}

/** What the mouse event of a key binding points at (cmd_mouse_pane, cmd_mouse_window). */
export interface FindMouse {
  readonly session: FindSession | null;
  readonly winlink: FindWinlink | null;
  /** Null over the status line. */
  readonly pane: FindPane | null;
}

/** Where "current" comes from for one command. */
export interface FindContext {
  /** The queue's current state (hooks, key bindings): used while it is still valid. */
  readonly queue?: FindState | null;
  /** The client that sent the command, attached or not. */
  readonly client?: FindClient | null;
  readonly mouse?: FindMouse | null;
}

const WINDOW_TABLE: Record<string, string> = { "{start}": "^", "{last}": "!", "{end}": "$", "{next}": "+", "{previous}": "-" };
const PANE_TABLE: Record<string, string> = {
  "{last}": "!", "{next}": "+", "{previous}": "-",
  "{top}": "top", "{bottom}": "bottom", "{left}": "left", "{right}": "right",
  "{top-left}": "top-left", "{top-right}": "top-right", "{bottom-left}": "bottom-left", "{bottom-right}": "bottom-right",
};

/** The state being filled in (cmd_find_state while it is built). */
class Search {
  s: FindSession | null = null;
  wl: FindWinlink | null = null;
  w: FindWindow | null = null;
  wp: FindPane | null = null;
  idx = -1;

  constructor(readonly ix: FindIndex, public flags: FindFlags, readonly current: FindState) {}

  result(): FindState {
    if (!this.s || !this.wl || !this.w || !this.wp) throw new Error("cmd-find: incomplete state");
    return { session: this.s, winlink: this.wl, window: this.w, pane: this.wp, index: this.idx < 0 ? null : this.idx };
  }

  setWinlink(wl: FindWinlink): true {
    this.wl = wl;
    this.idx = wl.index;
    this.w = wl.window;
    return true;
  }

  /** cmd_find_best_session_with_window: w must be set. */
  bestSessionWithWindow(): boolean {
    const w = this.w;
    if (!w) return false;
    this.s = bestSession(this.ix.sessions.filter((s) => sessionHas(s, w)), this.flags.preferUnattached === true);
    return this.s !== null && this.bestWinlinkWithWindow();
  }

  bestWinlinkWithWindow(): boolean {
    if (!this.s || !this.w) return false;
    const wl = bestWinlink(this.s, this.w);
    return wl !== null && this.setWinlink(wl);
  }

  /** cmd_find_get_session. */
  getSession(name: string): boolean {
    if (name.startsWith("$")) return (this.s = this.ix.sessionByIdStr(name)) !== null;
    const all = this.ix.sessions;
    this.s = all.find((s) => s.name === name) ?? null;
    if (this.s) return true;
    const c = findClientByName(this.ix.model, name);
    if (c?.session) return (this.s = c.session) !== null;
    if (this.flags.exactSession) return false;
    this.s = firstUnique(all, [(s) => s.name.startsWith(name), (s) => fnmatch(name, s.name)]);
    return this.s !== null;
  }

  /** cmd_find_get_window: in the current session, else (unless only) as a session. */
  getWindow(name: string, only: boolean): boolean {
    if (name.startsWith("@")) {
      this.w = this.ix.windowByIdStr(name);
      return this.w !== null && this.bestSessionWithWindow();
    }
    this.s = this.current.session;
    if (this.getWindowWithSession(name)) return true;
    if (!only && this.getSession(name) && this.s) {
      this.wl = this.s.current;
      this.w = this.wl.window;
      if (!this.flags.windowIndex) this.idx = this.wl.index;
      return true;
    }
    return false;
  }

  /** cmd_find_get_window_with_session: s is set; an index alone leaves the current window. */
  getWindowWithSession(name: string): boolean {
    const s = this.s;
    if (!s) return false;
    const exact = this.flags.exactWindow === true;
    this.wl = s.current;
    this.w = s.current.window;
    if (name.startsWith("@")) {
      this.w = this.ix.windowByIdStr(name);
      return this.w !== null && sessionHas(s, this.w) && this.bestWinlinkWithWindow();
    }
    const sign = name[0];
    if (!exact && (sign === "+" || sign === "-")) {
      // A bad number counts as 0 steps: the current window.
      const n = name.length > 1 ? (strtonum(name.slice(1), 1, INT_MAX) ?? 0) : 1;
      const cur = s.current.index;
      if (this.flags.windowIndex) {
        if (sign === "+" ? INT_MAX - cur < n : n > cur) return false;
        this.idx = sign === "+" ? cur + n : cur - n;
        return true;
      }
      return this.setWinlink(winlinkStep(s, s.current, sign === "+" ? n : -n));
    }
    if (!exact) {
      const special = name === "!" ? s.lastWindow : name === "^" ? s.winlinks[0] : name === "$" ? s.winlinks.at(-1) : undefined;
      if (special !== undefined) return special !== null && this.setWinlink(special);
    }
    if (sign !== "+" && sign !== "-") {
      const idx = strtonum(name, 0, INT_MAX);
      if (idx !== null) {
        const wl = s.winlinks.find((x) => x.index === idx);
        if (wl) return this.setWinlink(wl);
        if (this.flags.windowIndex) {
          this.idx = idx;
          return true;
        }
      }
    }
    const tests: ((wl: FindWinlink) => boolean)[] = [(wl) => wl.window.name === name];
    if (!exact) tests.push((wl) => wl.window.name.startsWith(name), (wl) => fnmatch(name, wl.window.name));
    const found = firstUnique(s.winlinks, tests);
    return found !== null && this.setWinlink(found);
  }

  /** cmd_find_get_pane: in the current window, else (unless only) as a window or session. */
  getPane(name: string, only: boolean): boolean {
    if (name.startsWith("%")) return this.paneById(name) && this.bestSessionWithWindow();
    this.s = this.current.session;
    this.wl = this.current.winlink;
    this.idx = this.current.index ?? -1;
    this.w = this.current.window;
    if (this.getPaneWithWindow(name)) return true;
    if (!only && this.getWindow(name, false) && this.w) return (this.wp = this.w.active) !== null;
    return false;
  }

  /** cmd_find_get_pane_with_session: s is set; the pane is in its current window. */
  getPaneWithSession(name: string): boolean {
    if (name.startsWith("%")) return this.paneById(name) && this.bestWinlinkWithWindow();
    if (!this.s) return false;
    this.setWinlink(this.s.current);
    return this.getPaneWithWindow(name);
  }

  private paneById(name: string): boolean {
    this.wp = this.ix.paneByIdStr(name);
    this.w = this.wp ? this.ix.windowOf(this.wp) : null;
    return this.w !== null;
  }

  /** cmd_find_get_pane_with_window: w is set. Neighbours and offsets start from the current pane. */
  getPaneWithWindow(name: string): boolean {
    const w = this.w;
    if (!w) return false;
    if (name.startsWith("%")) {
      this.wp = this.ix.paneByIdStr(name);
      return this.wp !== null && w.panes.includes(this.wp);
    }
    if (name === "!") return (this.wp = w.last) !== null;
    const side = ({ "{up-of}": "up", "{down-of}": "down", "{left-of}": "left", "{right-of}": "right" } as const)[name];
    if (side !== undefined) return (this.wp = paneBeside(this.current.window, this.current.pane, side)) !== null;
    const sign = name[0];
    if (sign === "+" || sign === "-") {
      const n = name.length > 1 ? (strtonum(name.slice(1), 1, INT_MAX) ?? 0) : 1;
      this.wp = paneStep(w, this.current.window, this.current.pane, sign === "+" ? n : -n);
      if (this.wp) return true;
    }
    const idx = strtonum(name, 0, INT_MAX);
    if (idx !== null && (this.wp = paneAtIndex(w, idx)) !== null) return true;
    return (this.wp = paneByPosition(w, name)) !== null;
  }
}

/**
 * Each test in turn: the one element it matches; several make the whole lookup fail (an
 * ambiguous prefix is not tried as a pattern); none moves on to the next test.
 */
function firstUnique<T>(list: readonly T[], tests: readonly ((x: T) => boolean)[]): T | null {
  for (const ok of tests) {
    const found = list.filter(ok);
    if (found.length > 1) return null;
    if (found.length === 1) return found[0] ?? null;
  }
  return null;
}

/** A target split at its first ":" and the first "." after it; only set parts are non-null. */
interface Parts {
  session: string | null;
  window: string | null;
  pane: string | null;
  /** The window (pane) part came after a ":" ("."), so it is not tried as a session (window). */
  windowOnly: boolean;
  paneOnly: boolean;
}

function split(target: string, kind: FindKind): Parts {
  const colon = target.indexOf(":");
  const period = target.indexOf(".", colon < 0 ? 0 : colon + 1);
  const head = target.slice(0, colon >= 0 ? colon : period >= 0 ? period : target.length);
  const mid = colon >= 0 ? target.slice(colon + 1, period >= 0 ? period : target.length) : null;
  const tail = period >= 0 ? target.slice(period + 1) : null;
  if (colon >= 0) return { session: head, window: mid, pane: tail, windowOnly: true, paneOnly: tail !== null };
  if (period >= 0) return { session: null, window: head, pane: tail, windowOnly: false, paneOnly: true };
  // A lone word: an id says what it is, otherwise the kind of target does.
  const as = head.startsWith("$") ? "session" : head.startsWith("@") ? "window" : head.startsWith("%") ? "pane" : kind;
  return {
    session: as === "session" ? head : null,
    window: as === "window" ? head : null,
    pane: as === "pane" ? head : null,
    windowOnly: false,
    paneOnly: false,
  };
}

/** The current state for a command: the marked pane (if asked), the queue's, or the client's. */
function currentState(ix: FindIndex, ctx: FindContext, flags: FindFlags): FindState | null {
  const marked = ix.model.marked;
  if (flags.defaultMarked && ix.valid(marked)) return marked;
  if (ix.valid(ctx.queue)) return ctx.queue;
  return fromClient(ix, ctx.client, flags.preferUnattached === true);
}

/** The mouse target ("=" or "{mouse}"): the pane under it, or for other kinds its window. */
function mouseState(mouse: FindMouse | null | undefined, kind: FindKind): FindState | null {
  if (!mouse) return null;
  if (kind === "pane" && mouse.pane && mouse.session && mouse.winlink) {
    return { session: mouse.session, winlink: mouse.winlink, window: mouse.winlink.window, pane: mouse.pane, index: null };
  }
  const wl = mouse.winlink ?? mouse.session?.current ?? null;
  if (!wl || !mouse.session) return null;
  return { session: mouse.session, winlink: wl, window: wl.window, pane: wl.window.active, index: null };
}

/**
 * cmd_find_target: resolve `target` (null or "" for the current) as a session, window or pane
 * target. Throws FindError with tmux's message; with canFail returns null instead.
 */
export function findTarget(model: FindModel, ctx: FindContext, target: string | null | undefined, kind: FindKind, flags: FindFlags = {}): FindState | null {
  const quiet = flags.quiet === true || flags.canFail === true;
  const fail = (message: string): null => {
    if (flags.canFail) return null;
    throw new FindError(message, quiet);
  };
  const ix = new FindIndex(model);
  const current = currentState(ix, ctx, flags);
  if (current === null) return fail("no current target");
  if (target === null || target === undefined || target === "") {
    return flags.windowIndex ? { ...current, index: null } : current;
  }
  if (target === "=" || target === "{mouse}") return mouseState(ctx.mouse, kind) ?? fail("no mouse target");
  if (target === "~" || target === "{marked}") return ix.valid(model.marked) ? model.marked : fail("no marked target");

  const parts = split(target, kind);
  const search = new Search(ix, { ...flags }, current);
  let { session, window, pane } = parts;
  if (session?.startsWith("=")) {
    session = session.slice(1);
    search.flags.exactSession = true;
  }
  if (window?.startsWith("=")) {
    window = window.slice(1);
    search.flags.exactWindow = true;
  }
  session = session === "" ? null : session;
  window = window === "" || window === null ? null : (WINDOW_TABLE[window] ?? window);
  pane = pane === "" || pane === null ? null : (PANE_TABLE[pane] ?? pane);
  if (pane !== null && flags.windowIndex) return fail("can't specify pane here");

  const found = resolveParts(search, session, window, pane, parts);
  if (found === true) return search.result();
  return fail(`can't find ${found}`);
}

/** The lookups for whichever parts are present: true, or what could not be found ("window: x"). */
function resolveParts(f: Search, session: string | null, window: string | null, pane: string | null, parts: Parts): true | string {
  if (session !== null) {
    if (!f.getSession(session) || !f.s) return `session: ${session}`;
    if (window === null && pane === null) {
      f.setWinlink(f.s.current);
      f.idx = -1;
      f.wp = f.s.current.window.active;
      return true;
    }
    if (window !== null && pane === null) return f.getWindowWithSession(window) ? windowActive(f) : `window: ${window}`;
    if (window === null && pane !== null) return f.getPaneWithSession(pane) || `pane: ${pane}`;
  }
  if (window !== null && pane !== null) {
    const ok = session !== null ? f.getWindowWithSession(window) : f.getWindow(window, parts.windowOnly);
    if (!ok) return `window: ${window}`;
    return f.getPaneWithWindow(pane) || `pane: ${pane}`;
  }
  if (window !== null) return f.getWindow(window, parts.windowOnly) ? windowActive(f) : `window: ${window}`;
  if (pane !== null) return f.getPane(pane, parts.paneOnly) || `pane: ${pane}`;
  // Nothing left after the separators (":" or "."): the current, as an empty target.
  f.s = f.current.session;
  f.setWinlink(f.current.winlink);
  f.idx = f.flags.windowIndex ? -1 : (f.current.index ?? -1);
  f.wp = f.current.pane;
  return true;
}

/** A window target's pane is the window's active one. */
function windowActive(f: Search): true {
  if (f.wl) f.wp = f.wl.window.active;
  return true;
}
