// Every reaction to a change of the model, in one place: the server subscribes here once, and
// each event of the model's notifier (model/notify.ts) is turned into repaints, alerts, the
// clients' detach and the server's exit, and runs its hook (server/hooks.ts). Control clients
// hear their notifications from here (client/control-notify.ts) and their panes' raw output
// (pane-data).
import type { ModelEvent, Pane, Window } from "../model/index.ts";
import type { Server } from "./server.ts";
import { ControlNotifier } from "../client/control-notify.ts";
import { activity, armSilence, bell } from "./alerts.ts";
import { markSession, markWindow, markWindowSessions } from "./repaint.ts";
import { updateFocus, updateSessionFocus } from "./focus.ts";
import { checkWindowName, forgetWindowName } from "./names.ts";
import { forgetCommandAliases } from "./command-alias.ts";

/** Windows linked before: a window linked for the first time has just been created. */
const linkedBefore = new WeakSet<Window>();

/** Each server's notifier for its control clients. */
const controlNotifiers = new WeakMap<Server, ControlNotifier>();

function controlNotifier(server: Server): ControlNotifier {
  let n = controlNotifiers.get(server);
  if (!n) controlNotifiers.set(server, (n = new ControlNotifier(server.clients, server)));
  return n;
}

export function react(server: Server, e: ModelEvent): void {
  // Every control client hears tmux's notifications of the events that have one, queued until
  // the commands running now are done (control-notify.ts says which and why).
  controlNotifier(server).event(e);
  // Hooks are queued (they run after the command that caused the change), after those of what
  // the reactions announce, except a client's focus-in, which tmux announces before its pane's.
  if (e.type === "client-focus-in") server.hooks.notify(e);
  reactTo(server, e);
  if (e.type !== "client-focus-in") server.hooks.notify(e);
}

function reactTo(server: Server, e: ModelEvent): void {
  switch (e.type) {
    case "session-created":
      server.hadSession = true;
      return;
    case "session-closing":
      // Its clients get the last screen before they are detached.
      for (const c of server.clients) if (c.session === e.session) c.paintNow();
      return;
    case "session-closed":
      for (const c of server.clients) if (c.session === e.session) c.sessionDestroyed();
      server.maybeExit();
      return;
    case "session-renamed":
      return markSession(server, e.session);
    case "session-window-changed":
      updateSessionFocus(server, e.session);
      // A window under aggressive-resize takes its size when it becomes the one looked at.
      if (e.window.options.getFlag("aggressive-resize")) server.sessionSizeChanged(e.session);
      return markSession(server, e.session);
    case "window-linked":
      if (!linkedBefore.has(e.window)) {
        linkedBefore.add(e.window);
        // window_create counts as activity; tmux checks alerts once the command is done, when a
        // new window that was not selected (new-window -d) is flagged and a selected one is not.
        setTimeout(() => {
          if (server.model.findWindow(e.window.id) === e.window) activity(server, e.window);
        }, 0);
      }
      return markSession(server, e.session);
    case "window-unlinked":
      if (e.window.links.length === 0) forgetWindowName(e.window);
      // A session left without windows is closed next (session-closed): nothing to paint.
      if (e.session.links.length > 0) markSession(server, e.session);
      return;
    case "window-renamed":
    case "window-layout-changed":
      return markWindowSessions(server, e.window);
    case "window-pane-changed":
      if (server.model.serverOptions.getFlag("focus-events")) updateFocus(server, e.window);
      // The status line shows every window's name, which follows its active pane.
      checkWindowName(server, e.window);
      return markWindowSessions(server, e.window);
    case "window-resized":
      return markWindowSessions(server, e.window);
    case "pane-exited":
      return; // the pane is removed next, and that is announced (window-layout-changed, -unlinked)
    case "pane-died":
      checkWindowName(server, e.window);
      return markWindow(server, e.window);
    case "pane-mode-changed":
    case "pane-title-changed":
    case "pane-respawned":
      paneRename(server, e.pane);
      return markPaneWindow(server, e.pane);
    case "pane-marked":
      // The window flag M and marked borders: the windows of the old and the new mark.
      for (const p of [e.old, e.pane]) if (p) markPaneSession(server, p);
      return;
    case "pane-changed":
      return paneChanged(server, e.pane);
    case "pane-data":
      return paneData(server, e.pane, e.bytes);
    case "pane-output":
      paneRename(server, e.pane);
      return paneChanged(server, e.pane, { interactive: e.interactive, answer: e.answer });
    case "pane-bell":
      return bell(server, e.pane);
    case "pane-set-clipboard":
      for (const c of server.clients) if (c.session) c.setClipboard(e.text);
      return;
    case "paste-buffer-changed":
    case "paste-buffer-deleted":
      return; // nothing shows buffers live yet (choose-buffer lists them when opened)
    case "client-session-changed":
      // The sessions it left and joined are sized again for the clients they have now, and the
      // focus moves with the client (tmux's server_client_set_session).
      if (e.old && e.old !== e.session) server.sessionSizeChanged(e.old);
      server.sessionSizeChanged(e.session);
      if (e.old) updateFocus(server, e.old.current);
      return updateFocus(server, e.session.current);
    case "option-changed":
      return optionChanged(server, e.name);
    case "client-detached":
    case "client-focus-in":
    case "client-focus-out":
      // The pane its session shows may have lost (or gained) its last focused client (control
      // clients are told of a detach above; the sizes follow from the client's removal).
      return updateFocus(server, e.session.current);
    case "pane-focus-in":
    case "pane-focus-out":
    case "client-attached":
    case "client-resized":
    case "alert-activity":
    case "alert-bell":
    case "alert-silence":
      return; // only their hooks: the client or the alert has drawn what changed

    default:
      return e satisfies never;
  }
}

/** The active pane of a window changed: automatic-rename may follow (server/names.ts). */
function paneRename(server: Server, p: Pane): void {
  const w = server.model.findPane(p.id)?.window;
  if (w && w.active === p) checkWindowName(server, w);
}

function markPaneSession(server: Server, p: Pane): void {
  const t = server.model.findPane(p.id);
  if (t) markWindowSessions(server, t.window);
}

function markPaneWindow(server: Server, p: Pane): void {
  const t = server.model.findPane(p.id);
  if (t) markWindow(server, t.window);
}

/** Something in a pane changed; `output` when only its screen's contents did (the status line stands). */
function paneChanged(server: Server, p: Pane, output?: { interactive: boolean; answer: boolean }): void {
  const w = server.model.findPane(p.id)?.window;
  if (!w) return;
  if (output) w.activity = Date.now();
  activity(server, w);
  for (const c of server.clients) {
    if (c.session?.current === w) c.markDirty(output ? { content: true, urgent: output.interactive, answer: output.answer } : undefined);
  }
}

/** A pane's raw output goes to the control clients showing its session, as %output. */
function paneData(server: Server, p: Pane, bytes: Uint8Array): void {
  let t;
  for (const c of server.clients) {
    if (!c.control) continue;
    t ??= server.model.findPane(p.id);
    if (!t) return;
    c.control.paneOutput(p, t.window, bytes);
  }
}

/** Options change what is drawn and how windows are sized. */
function optionChanged(server: Server, name: string): void {
  const { model } = server;
  if (name === "command-alias") forgetCommandAliases(server);
  for (const s of model.sessions) server.sessionSizeChanged(s);
  for (const c of server.clients) c.redraw();
  if (name === "monitor-silence") for (const w of allWindows(server)) armSilence(server, w);
  // A title line takes a row from the panes at the window's top (or bottom) edge.
  if (name === "pane-border-status") for (const w of allWindows(server)) w.applyLayout();
  if (name === "scroll-on-clear") for (const w of allWindows(server)) for (const p of w.panes.values()) p.applyOptions();
  if (name === "focus-events") for (const c of server.clients) if (c.session) c.setFocusReporting(model.serverOptions.getFlag("focus-events"));
  if (name.startsWith("automatic-rename")) for (const w of allWindows(server)) checkWindowName(server, w);
}

/** Every window once, however many sessions it is linked into. */
function allWindows(server: Server): Set<Window> {
  return new Set(server.model.sessions.flatMap((s) => s.windows));
}
