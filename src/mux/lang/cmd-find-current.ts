// Where "current" comes from when a target leaves parts out (cmd_find_from_client and friends),
// and client lookup (-c, -t of client commands) with tmux's messages.
import {
  FindError, FindIndex, bestSession, bestWinlink, sessionHas,
  type FindClient, type FindModel, type FindPane, type FindSession, type FindState, type FindWindow,
} from "./cmd-find-model.ts";

/** A session's current window and its active pane (cmd_find_from_session): no index. */
export function stateOfSession(s: FindSession): FindState {
  return { session: s, winlink: s.current, window: s.current.window, pane: s.current.window.active, index: null };
}

/** cmd_find_from_window: the best session holding the window, its best winlink, the active pane. */
export function stateOfWindow(model: FindModel, w: FindWindow, preferUnattached = false): FindState | null {
  const ix = new FindIndex(model);
  const s = bestSession(ix.sessions.filter((x) => sessionHas(x, w)), preferUnattached);
  const wl = s ? bestWinlink(s, w) : null;
  return s && wl ? { session: s, winlink: wl, window: w, pane: w.active, index: null } : null;
}

/** cmd_find_from_pane: as stateOfWindow for the pane's window, with that pane. */
export function stateOfPane(model: FindModel, p: FindPane, preferUnattached = false): FindState | null {
  const w = new FindIndex(model).windowOf(p);
  const st = w ? stateOfWindow(model, w, preferUnattached) : null;
  return st ? { ...st, pane: p } : null;
}

/** cmd_find_from_nothing: the best session of all, its current window and pane. */
function fromNothing(ix: FindIndex, preferUnattached: boolean): FindState | null {
  const s = bestSession(ix.sessions, preferUnattached);
  return s ? { ...stateOfSession(s), index: s.current.index } : null;
}

/** cmd_find_inside_pane: the pane whose tty the client runs on, else the one its $TMUX_PANE names. */
function insidePane(ix: FindIndex, c: FindClient): FindPane | null {
  for (const s of ix.sessions) {
    for (const wl of s.winlinks) {
      const p = wl.window.panes.find((x) => x.tty !== undefined && x.tty !== "" && x.tty === c.tty);
      if (p) return p;
    }
  }
  return c.tmuxPane ? ix.paneByIdStr(c.tmuxPane) : null;
}

/** The best session holding a pane's window, or null. */
function sessionWithPane(ix: FindIndex, p: FindPane, preferUnattached: boolean): FindSession | null {
  const w = ix.windowOf(p);
  return w ? bestSession(ix.sessions.filter((s) => sessionHas(s, w)), preferUnattached) : null;
}

/**
 * cmd_find_from_client: an attached client's session and pane; a client inside a pane gets the
 * best session holding that pane, but that session's current window and its active pane (as
 * tmux 3.3a does); otherwise the most recently active session.
 */
export function fromClient(ix: FindIndex, c: FindClient | null | undefined, preferUnattached = false): FindState | null {
  if (!c) return fromNothing(ix, preferUnattached);
  if (c.session) {
    const s = c.session;
    const pane = c.activePane ?? s.current.window.active;
    return { session: s, winlink: s.current, window: s.current.window, pane, index: null };
  }
  const p = insidePane(ix, c);
  const s = p ? sessionWithPane(ix, p, preferUnattached) : null;
  const w = p ? ix.windowOf(p) : null;
  const wl = s && w ? bestWinlink(s, w) : null;
  if (!s || !wl) return fromNothing(ix, preferUnattached);
  // The index stays the pane's winlink's while the window is the session's current.
  return { ...stateOfSession(s), index: wl.index };
}

/** cmd_find_client's search by name: an attached client's name, tty, or tty without /dev/. */
export function findClientByName(model: FindModel, name: string): FindClient | null {
  const want = name.endsWith(":") ? name.slice(0, -1) : name;
  for (const c of model.clients ?? []) {
    if (!c.session) continue;
    if (want === c.name) return c;
    if (c.tty === "") continue;
    if (want === c.tty) return c;
    if (c.tty.startsWith("/dev/") && want === c.tty.slice("/dev/".length)) return c;
  }
  return null;
}

/** cmd_find_best_client: the most recently active client on the session (any, if none is attached). */
function bestClient(model: FindModel, s: FindSession): FindClient | null {
  const only = s.attached === 0 ? null : s;
  let best: FindClient | null = null;
  for (const c of model.clients ?? []) {
    if (!c.session || (only && c.session !== only)) continue;
    if (best === null || c.activity > best.activity) best = c;
  }
  return best;
}

/**
 * cmd_find_client: the named client, or with no name the current one (the sender if attached,
 * else the best client of the best session). Throws tmux's message unless quiet.
 */
export function findClient(model: FindModel, sender: FindClient | null | undefined, target: string | null, quiet = false): FindClient | null {
  if (target !== null) {
    const c = findClientByName(model, target);
    if (c === null && !quiet) throw new FindError(`can't find client: ${target.endsWith(":") ? target.slice(0, -1) : target}`);
    return c;
  }
  if (sender?.session) return sender;
  const ix = new FindIndex(model);
  const p = sender ? insidePane(ix, sender) : null;
  let found: FindClient | null = null;
  if (sender && p) {
    const s = sessionWithPane(ix, p, false);
    const w = ix.windowOf(p);
    if (s && w && bestWinlink(s, w)) found = bestClient(model, s);
  } else {
    const s = bestSession(ix.sessions, false);
    if (s) found = bestClient(model, s);
  }
  if (found === null && !quiet) throw new FindError("no current client");
  return found;
}
