// Alerts, as tmux's alerts.c: activity (monitor-activity, `#`), bell (monitor-bell, `!`) and
// silence (monitor-silence, `~`) flag each link of a window that is not being looked at; the
// session's *-action option says which alerts are told to its clients, visual-* how (a bell, a
// message, or both). The reactions to pane output and bells call these; flags show on the
// status line.
import type { Server } from "./server.ts";
import type { Window, Winlink, Pane } from "../model/index.ts";
import { markSession } from "./repaint.ts";

type AlertKind = "Activity" | "Bell" | "Silence";
const HOOKS: Record<AlertKind, "alert-activity" | "alert-bell" | "alert-silence"> = { Activity: "alert-activity", Bell: "alert-bell", Silence: "alert-silence" };
const OPTIONS: Record<AlertKind, { action: string; visual: string; flag: "activityFlag" | "bellFlag" | "silenceFlag" }> = {
  Activity: { action: "activity-action", visual: "visual-activity", flag: "activityFlag" },
  Bell: { action: "bell-action", visual: "visual-bell", flag: "bellFlag" },
  Silence: { action: "silence-action", visual: "visual-silence", flag: "silenceFlag" },
};

/** Not being looked at: another window is current there, or nobody is attached (tmux flags then too). */
function unseen(server: Server, wl: Winlink): boolean {
  return wl.session.curw !== wl || server.attachedCount(wl.session) === 0;
}

/** alerts_action_applies: none, any, current (the current window only) or other. */
function actionApplies(wl: Winlink, kind: AlertKind): boolean {
  switch (wl.session.options.getString(OPTIONS[kind].action)) {
    case "any":
      return true;
    case "current":
      return wl.session.curw === wl;
    case "other":
      return wl.session.curw !== wl;
    default:
      return false;
  }
}

/** alerts_set_message: the session's clients get a bell (visual off or both) and/or a message. */
function tell(server: Server, wl: Winlink, kind: AlertKind): void {
  const s = wl.session;
  const visual = s.options.getString(OPTIONS[kind].visual);
  for (const c of server.clients) {
    if (c.session !== s) continue;
    if (visual !== "on") c.bell();
    if (visual === "off") continue;
    c.showMessage(s.curw === wl ? `${kind} in current window` : `${kind} in window ${wl.index}`);
  }
}

/**
 * One alert on a window (alerts_check_*): each of its links not looked at is flagged; each
 * session where the action applies is told once, whatever number of links it has.
 */
function alert(server: Server, w: Window, kind: AlertKind): void {
  const told = new Set<unknown>();
  for (const wl of [...w.links]) {
    const flag = OPTIONS[kind].flag;
    if (wl[flag]) continue;
    if (unseen(server, wl)) {
      wl[flag] = true;
      markSession(server, wl.session);
    }
    if (!actionApplies(wl, kind)) continue;
    // Its hook, for every link where the action applies (tmux's notify_winlink).
    server.model.notify.emit({ type: HOOKS[kind], session: wl.session, window: w });
    if (told.has(wl.session)) continue;
    told.add(wl.session);
    tell(server, wl, kind);
  }
}

/** Output (or another change) in a window: flag it under monitor-activity, push back its silence. */
export function activity(server: Server, w: Window): void {
  if (w.options.getFlag("monitor-activity")) alert(server, w, "Activity");
  armSilence(server, w);
}

/** A pane rang the bell: flag its window under monitor-bell, and tell the sessions' clients. */
export function bell(server: Server, p: Pane): void {
  const t = server.model.findPane(p.id);
  if (!t || !t.window.options.getFlag("monitor-bell")) return;
  alert(server, t.window, "Bell");
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
    // A window closed meanwhile is not flagged.
    if (server.model.findWindow(w.id) !== w) return;
    alert(server, w, "Silence");
  }, seconds * 1000);
}
