// The notifications control clients get (tmux's control-notify.c), from the model's change
// stream. As tmux's, they are queued and written after the commands running now have finished
// (tmux runs them from its global queue), and read the model as it is then: a window renamed
// twice reports its last name twice, a killed window of the client's own session is
// "%unlinked-window-close" because it is no longer linked when the notification runs.
import type { ModelEvent, Session, Window } from "../model/index.ts";
import { formatLookup, windowFlags, type FormatEnv } from "../lang/format-vars.ts";
import { expandFormat } from "../lang/format.ts";
import { layoutChecksum } from "../model/layout.ts";
import type { ClientConnection } from "./client-connection.ts";
import type { ControlClient } from "./control.ts";

const LAYOUT_CHANGE = "%layout-change #{window_id} #{window_layout} #{window_visible_layout} #{window_raw_flags}";

/** The events control clients are told of; the rest (output, alerts, options) are not notifications. */
type Notified = Extract<
  ModelEvent,
  {
    type:
      | "pane-mode-changed"
      | "window-layout-changed"
      | "window-pane-changed"
      | "window-unlinked"
      | "window-linked"
      | "window-renamed"
      | "client-session-changed"
      | "client-detached"
      | "session-renamed"
      | "session-created"
      | "session-closed"
      | "session-window-changed";
  }
>;

function notified(e: ModelEvent): e is Notified {
  switch (e.type) {
    case "pane-mode-changed":
    case "window-layout-changed":
    case "window-pane-changed":
    case "window-unlinked":
    case "window-linked":
    case "window-renamed":
    case "client-session-changed":
    case "client-detached":
    case "session-renamed":
    case "session-created":
    case "session-closed":
    case "session-window-changed":
      return true;
    default:
      return false;
  }
}

export class ControlNotifier {
  private pending: Notified[] = [];
  private scheduled = false;

  constructor(
    private readonly clients: Iterable<ClientConnection>,
    private readonly env: FormatEnv,
  ) {}

  /** Queue an event for the control clients; written once the commands of this turn are done. */
  event(e: ModelEvent): void {
    if (!notified(e)) return;
    let any = false;
    for (const c of this.clients) if (c.control) any = true;
    if (!any) return;
    this.pending.push(e);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const events = this.pending;
    this.pending = [];
    const controls: ControlClient[] = [];
    for (const c of this.clients) if (c.control && !c.closed) controls.push(c.control);
    for (const e of events) for (const c of controls) this.write(c, e);
  }

  private write(c: ControlClient, e: Notified): void {
    const line = this.line(c, e);
    if (line !== null) c.out.line(line);
  }

  /** tmux's text for one event and one client, or null when that client is not told. */
  private line(c: ControlClient, e: Notified): string | null {
    const s = c.session;
    switch (e.type) {
      case "pane-mode-changed":
        return `%pane-mode-changed %${e.pane.id}`;
      case "window-pane-changed":
        return `%window-pane-changed @${e.window.id} %${e.window.active.id}`;
      case "window-layout-changed":
        // A window whose last pane went is about to go: its close says it all.
        if (!s || !linked(s, e.window) || e.window.panes.size === 0) return null;
        return this.layoutChange(s, e.window);
      case "window-unlinked":
        if (!s) return null;
        return linked(s, e.window) ? `%window-close @${e.window.id}` : `%unlinked-window-close @${e.window.id}`;
      case "window-linked":
        if (!s) return null;
        return linked(s, e.window) ? `%window-add @${e.window.id}` : `%unlinked-window-add @${e.window.id}`;
      case "window-renamed":
        if (!s) return null;
        return `%${linked(s, e.window) ? "" : "unlinked-"}window-renamed @${e.window.id} ${e.window.name}`;
      case "client-session-changed": {
        const cs = e.session;
        if (!s) return null;
        return e.client === c.connection ? `%session-changed $${cs.id} ${cs.name}` : `%client-session-changed ${e.client.name} $${cs.id} ${cs.name}`;
      }
      case "client-detached":
        return `%client-detached ${e.client.name}`;
      case "session-renamed":
        return `%session-renamed $${e.session.id} ${e.session.name}`;
      case "session-created":
      case "session-closed":
        return "%sessions-changed";
      case "session-window-changed":
        return `%session-window-changed $${e.session.id} @${e.session.current.id}`;
      default:
        return e satisfies never;
    }
  }

  /** At the client's session's link of the window, as tmux's format_defaults with the client. */
  private layoutChange(s: Session, w: Window): string {
    const wl = s.linkOf(w);
    const extra = { window_visible_layout: visibleLayout(w), window_raw_flags: wl ? windowFlags(wl) : "" };
    return expandFormat(LAYOUT_CHANGE, formatLookup(this.env, { session: s, window: w, winlink: wl, pane: w.active, extra }));
  }
}

/** #{window_visible_layout}: the layout, or while zoomed the one pane filling the window. */
function visibleLayout(w: Window): string {
  if (!w.zoomed) return w.layout.serialize();
  const body = `${w.cols}x${w.rows},0,0,${w.zoomed.id}`;
  return `${layoutChecksum(body).toString(16).padStart(4, "0")},${body}`;
}

/** The window is in the client's session (winlink_find_by_window_id), as the notification is written. */
function linked(s: Session, w: Window): boolean {
  return s.has(w);
}
