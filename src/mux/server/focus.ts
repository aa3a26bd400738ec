// Which pane has the focus, as tmux's window_pane_update_focus: a window's active pane while a
// focused client shows that window. A pane that gains or loses it hears ESC [ I / ESC [ O if it
// asked (mode 1004), and pane-focus-in / pane-focus-out is announced (their hooks).
import type { Pane, Session, Window } from "../model/index.ts";
import type { Server } from "./server.ts";

const FOCUS_IN = "\x1b[I";
const FOCUS_OUT = "\x1b[O";

function hasFocus(server: Server, w: Window, p: Pane): boolean {
  if (w.active !== p) return false;
  for (const c of server.clients) if (!c.closed && c.focused && c.session?.current === w) return true;
  return false;
}

/** window_update_focus for each pane of the window (only those whose focus changes hear of it). */
export function updateFocus(server: Server, w: Window): void {
  if (!server.model.findWindow(w.id)) return;
  for (const p of w.panes.values()) {
    const focused = hasFocus(server, w, p);
    if (focused === p.focused) continue;
    p.focused = focused;
    if (!p.dead && p.modes.sendFocusMode) p.write(focused ? FOCUS_IN : FOCUS_OUT);
    server.model.notify.emit({ type: focused ? "pane-focus-in" : "pane-focus-out", pane: p });
  }
}

/** A session's windows, after its current window changed (tmux does this under focus-events). */
export function updateSessionFocus(server: Server, s: Session): void {
  if (!server.model.serverOptions.getFlag("focus-events")) return;
  for (const w of s.windows) updateFocus(server, w);
}
