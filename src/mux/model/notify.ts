// The model's change stream (tmux's notify.c): every change to sessions, windows, panes, options
// and paste buffers is announced here once, as it happens; the server subscribes and turns the
// events into repaints and alerts (src/mux/server/reactions.ts lists every reaction).
import type { Session } from "./session.ts";
import type { Window } from "./window.ts";
import type { Pane } from "./pane.ts";

/** A paste buffer (tmux's buffer0, buffer1, ...; or a name given by -b). */
export interface PasteBuffer {
  name: string;
  data: string;
  automatic: boolean;
  /** When it was set (ms since the epoch): buffer_created. */
  created: number;
}

/** A client, as the model knows it: the server's clients are not the model's, but tmux's stream names them. */
export interface ClientRef {
  readonly name: string;
}

/**
 * The events, named after tmux's notifications and hooks where tmux has one; the few of weft's
 * own say so.
 */
export type ModelEvent =
  | { type: "session-created"; session: Session }
  /** weft's own: a session is about to end, its panes still alive (its clients' last frame). */
  | { type: "session-closing"; session: Session }
  | { type: "session-closed"; session: Session }
  | { type: "session-renamed"; session: Session }
  /** The session's current window changed. */
  | { type: "session-window-changed"; session: Session; window: Window }
  | { type: "window-linked"; session: Session; window: Window }
  | { type: "window-unlinked"; session: Session; window: Window }
  | { type: "window-renamed"; window: Window }
  /** Panes were added, removed, resized, swapped or zoomed. */
  | { type: "window-layout-changed"; window: Window }
  /** The window's size changed (its clients' sizes, resize-window). */
  | { type: "window-resized"; window: Window }
  /** The window's active pane changed. */
  | { type: "window-pane-changed"; window: Window; pane: Pane }
  /** The program exited and the pane goes (remain-on-exit off). */
  | { type: "pane-exited"; pane: Pane; window: Window }
  /** The program exited and the pane stays, dead (remain-on-exit on). */
  | { type: "pane-died"; pane: Pane; window: Window }
  /** The pane entered or left a mode (copy mode); `view`: only the mode's view changed (no hook). */
  | { type: "pane-mode-changed"; pane: Pane; view?: boolean }
  | { type: "pane-title-changed"; pane: Pane }
  /** The pane gained or lost the focus (announced by the server's focus tracking, server/focus.ts). */
  | { type: "pane-focus-in" | "pane-focus-out"; pane: Pane }
  /** weft's own: select-pane -m / -M moved or cleared the server's marked pane (`old`: the one before). */
  | { type: "pane-marked"; pane: Pane | null; old: Pane | null }
  /** weft's own: the pane's terminal was resized or its mode redrew. */
  | { type: "pane-changed"; pane: Pane }
  /** weft's own: the program's raw output as read, before it is parsed (control clients' %output); the bytes are the reader's, valid only during the call. */
  | { type: "pane-data"; pane: Pane; bytes: Uint8Array }
  /** Output was parsed into the pane's screen; `answer`: the first since input was typed. */
  | { type: "pane-output"; pane: Pane; interactive: boolean; answer: boolean }
  | { type: "pane-bell"; pane: Pane }
  /** weft's own: respawn-pane started the pane's program again. */
  | { type: "pane-respawned"; pane: Pane }
  /** Copied text is for the host's clipboard (OSC 52), as tmux's pane-set-clipboard. */
  | { type: "pane-set-clipboard"; pane: Pane; text: string }
  | { type: "paste-buffer-changed"; buffer: PasteBuffer }
  | { type: "paste-buffer-deleted"; buffer: PasteBuffer }
  /** A client was attached to a session, or switched to another (`old`: the one it showed, if any). */
  | { type: "client-session-changed"; client: ClientRef; session: Session; old: Session | null }
  /** attach-session attached a client that showed no session (announced by the client). */
  | { type: "client-attached"; client: ClientRef; session: Session }
  /** An attached client went: detached, or its connection lost (announced by the client). */
  | { type: "client-detached"; client: ClientRef; session: Session }
  /** An attached client's terminal changed size (announced by the client). */
  | { type: "client-resized"; client: ClientRef; session: Session }
  /** An attached client's terminal gained or lost the focus, with focus-events on (announced by the client). */
  | { type: "client-focus-in" | "client-focus-out"; client: ClientRef; session: Session }
  /** monitor-activity, -bell, -silence flagged a window (announced by the server's alerts). */
  | { type: "alert-activity" | "alert-bell" | "alert-silence"; session: Session; window: Window }
  /** An option was set or unset, at any level (tmux's options_push_changes). */
  | { type: "option-changed"; name: string };

export type ModelEventType = ModelEvent["type"];

export type Listener = (e: ModelEvent) => void;

/** One typed event stream: listeners hear every event synchronously, in the order emitted. */
export class Notifier {
  private readonly listeners = new Set<Listener>();

  /** Returns a function that unsubscribes. */
  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  emit(e: ModelEvent): void {
    for (const l of this.listeners) l(e);
  }
}
