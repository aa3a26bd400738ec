// Alerts, as tmux's alerts.c: activity (monitor-activity, `#`), bell (monitor-bell, `!`) and
// silence (monitor-silence, `~`) flag a window that is not being looked at; the session's
// *-action option says which alerts are told to its clients, visual-* how (a bell, a message,
// or both). The reactions to pane output and bells call these; flags show on the status line.
import type { Server } from "./server.ts";
import type { Window, Pane } from "../model/index.ts";
import { markSession } from "./repaint.ts";

type AlertKind = "Activity" | "Bell" | "Silence";
const OPTIONS: Record<AlertKind, { action: string; visual: string }> = {
  Activity: { action: "activity-action", visual: "visual-activity" },
  Bell: { action: "bell-action", visual: "visual-bell" },
  Silence: { action: "silence-action", visual: "visual-silence" },
};

/** Not being looked at: another window is current, or nobody is attached (tmux flags then too). */
function unseen(server: Server, w: Window): boolean {
  return w.session.current !== w || server.attachedCount(w.session) === 0;
}

/** alerts_action_applies: none, any, current (the current window only) or other. */
function actionApplies(w: Window, kind: AlertKind): boolean {
  switch (w.session.options.getString(OPTIONS[kind].action)) {
    case "any":
      return true;
    case "current":
      return w.session.current === w;
    case "other":
      return w.session.current !== w;
    default:
      return false;
  }
}

const HOOKS: Record<AlertKind, "alert-activity" | "alert-bell" | "alert-silence"> = { Activity: "alert-activity", Bell: "alert-bell", Silence: "alert-silence" };

/**
 * Where the action applies: the alert's hook (announced on the change stream), then
 * alerts_set_message: the session's clients get a bell (visual off or both) and/or a message.
 */
function tell(server: Server, w: Window, kind: AlertKind): void {
  if (!actionApplies(w, kind)) return;
  server.model.notify.emit({ type: HOOKS[kind], session: w.session, window: w });
  const visual = w.session.options.getString(OPTIONS[kind].visual);
  for (const c of server.clients) {
    if (c.session !== w.session) continue;
    if (visual !== "on") c.bell();
    if (visual === "off") continue;
    c.showMessage(w.session.current === w ? `${kind} in current window` : `${kind} in window ${w.index}`);
  }
}

/** Output (or another change) in a window: flag it under monitor-activity, push back its silence. */
export function activity(server: Server, w: Window): void {
  if (w.options.getFlag("monitor-activity") && !w.activityFlag) {
    if (unseen(server, w)) {
      w.activityFlag = true;
      markSession(server, w.session);
    }
    tell(server, w, "Activity");
  }
  armSilence(server, w);
}

/** A pane rang the bell: flag its window under monitor-bell, and tell the session's clients. */
export function bell(server: Server, p: Pane): void {
  const t = server.model.findPane(p.id);
  if (!t || !t.window.options.getFlag("monitor-bell")) return;
  if (unseen(server, t.window)) {
    t.window.bellFlag = true;
    markSession(server, t.session);
  }
  tell(server, t.window, "Bell");
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
    // As tmux: the window being looked at is not flagged, but its action (hook, message) applies.
    if (unseen(server, w)) {
      w.silenceFlag = true;
      markSession(server, w.session);
    }
    tell(server, w, "Silence");
  }, seconds * 1000);
}
