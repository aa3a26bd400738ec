// A window at an index of a session (tmux's winlink): a window may be linked into several
// sessions, or twice into one; the session's current and last windows, and the alert flags,
// belong to the link, not to the window.
import type { Session } from "./session.ts";
import type { Window } from "./window.ts";

export class Winlink {
  /** monitor-activity, monitor-bell and monitor-silence's flags (WINLINK_ALERTFLAGS). */
  activityFlag = false;
  bellFlag = false;
  silenceFlag = false;

  constructor(
    readonly session: Session,
    public index: number,
    /** Changes only under swap-window, which exchanges the windows under two links. */
    public window: Window,
  ) {}

  get hasAlert(): boolean {
    return this.activityFlag || this.bellFlag || this.silenceFlag;
  }

  clearAlerts(): void {
    this.activityFlag = false;
    this.bellFlag = false;
    this.silenceFlag = false;
  }

  copyAlerts(from: Winlink): void {
    this.activityFlag ||= from.activityFlag;
    this.bellFlag ||= from.bellFlag;
    this.silenceFlag ||= from.silenceFlag;
  }
}
