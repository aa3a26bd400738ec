// Alerts, as tmux's alerts.c: activity (monitor-activity, `#`), bell (monitor-bell, `!`) and
// silence (monitor-silence, `~`) flag a window that is not being looked at. The reactions to
// pane output and bells call these; flags show on the status line.
import type { Server } from "./server.ts";
import type { Window, Pane } from "../model/index.ts";
import { markSession } from "./repaint.ts";

/** Output (or another change) in a window: flag it under monitor-activity, push back its silence. */
export function activity(server: Server, w: Window): void {
  if (w.session.current !== w && w.options.getFlag("monitor-activity") && !w.activityFlag) {
    w.activityFlag = true;
    markSession(server, w.session);
  }
  armSilence(server, w);
}

/** A pane rang the bell: flag its window under monitor-bell, and ring the session's clients. */
export function bell(server: Server, p: Pane): void {
  const t = server.model.findPane(p.id);
  if (!t) return;
  if (t.session.current !== t.window && t.window.options.getFlag("monitor-bell")) {
    t.window.bellFlag = true;
    markSession(server, t.session);
  }
  for (const c of server.clients) if (c.session === t.session) c.bell();
}

/**
 * monitor-silence: a window not written to for the option's seconds is flagged. One timer per
 * window, armed only while the option is on, pushed back by every output.
 */
export function armSilence(server: Server, w: Window): void {
  const seconds = w.options.getNumber("monitor-silence");
  if (w.silenceTimer) clearTimeout(w.silenceTimer);
  w.silenceTimer = null;
  if (seconds <= 0) return;
  w.silenceTimer = setTimeout(() => {
    w.silenceTimer = null;
    // A window closed meanwhile, or the one being looked at, is not flagged.
    if (server.model.findWindow(w.id) !== w || w.session.current === w || w.silenceFlag) return;
    w.silenceFlag = true;
    markSession(server, w.session);
  }, seconds * 1000);
}
