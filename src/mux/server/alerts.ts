// Alerts, as tmux's alerts.c: activity (monitor-activity, `#`), bell (monitor-bell, `!`) and
// silence (monitor-silence, `~`) flag a window that is not being looked at. The reactions to
// pane output and bells call these; flags show on the status line.
import type { Server } from "./server.ts";
import type { Window, Pane } from "../model/index.ts";
import { markSession } from "./repaint.ts";

/** alerts_action_applies: whether bell-action (activity-, silence-) wants this window's alert. */
function actionApplies(w: Window, option: string): boolean {
  const action = w.session.options.getString(option);
  const current = w.session.current === w;
  return action === "any" || (action === "current" && current) || (action === "other" && !current);
}

/** The alert's hook (alert-activity, -bell, -silence), when its action applies. */
function announce(server: Server, w: Window, type: "alert-activity" | "alert-bell" | "alert-silence", option: string): void {
  if (actionApplies(w, option)) server.model.notify.emit({ type, session: w.session, window: w });
}

/** Output (or another change) in a window: flag it under monitor-activity, push back its silence. */
export function activity(server: Server, w: Window): void {
  if (w.options.getFlag("monitor-activity") && !w.activityFlag) {
    if (w.session.current !== w) {
      w.activityFlag = true;
      markSession(server, w.session);
    }
    announce(server, w, "alert-activity", "activity-action");
  }
  armSilence(server, w);
}

/** A pane rang the bell: flag its window under monitor-bell, and ring the session's clients. */
export function bell(server: Server, p: Pane): void {
  const t = server.model.findPane(p.id);
  if (!t) return;
  if (t.window.options.getFlag("monitor-bell")) {
    if (t.session.current !== t.window) {
      t.window.bellFlag = true;
      markSession(server, t.session);
    }
    announce(server, t.window, "alert-bell", "bell-action");
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
    if (server.model.findWindow(w.id) !== w || w.silenceFlag) return;
    if (w.session.current !== w) {
      w.silenceFlag = true;
      markSession(server, w.session);
    }
    announce(server, w, "alert-silence", "silence-action");
  }, seconds * 1000);
}
