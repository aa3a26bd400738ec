// An attached client's view: what is drawn over its panes (status line, message, prompt, the
// panes' lists and views, pane numbers), and its frames: composed from the session's current window,
// diffed against the last one sent, paced and held back while the client is busy.
import { enterMode, leaveMode, type Session, type Pane } from "../model/index.ts";
import { composeFrame, ClientScreen, FramePacer, invalidatePane, type Frame, type PaneView } from "../../render/index.ts";
import { buildStatus, sanitizeTitle } from "./status.ts";
import type { StatusPrompt } from "./prompt.ts";
import { shownList, TextView, type PaneList } from "./chooser.ts";
import { expandAt, type FormatClient } from "../lang/format-vars.ts";
import { hostMouseMode, hostMouseSequence } from "./mouse.ts";
import type { ClientHost } from "./host.ts";

/** What the view needs of its connection (formats see it as their client). */
export interface ViewOwner extends FormatClient {
  readonly session: Session | null;
  readonly cols: number;
  readonly rows: number;
  readonly closed: boolean;
  readonly suspended: boolean;
  /** Bytes for the client's terminal. */
  toTerminal(bytes: Uint8Array): void;
}

/** How a pane in a mode shows its list or text: the lines, the cursor on the selection (or the top). */
function chooserView(c: PaneList, height: number, width: number): Partial<PaneView> {
  const { lines, selected, indicator, highlights } = c.view(height, width);
  return { replace: { lines, selected }, cursor: { x: 0, y: Math.max(0, selected) }, ...(indicator ? { indicator } : {}), ...(highlights ? { highlights } : {}) };
}

export class ClientView {
  /** Messages shown on the status line, oldest first (show-messages, C-b ~). */
  readonly messages: { at: Date; text: string }[] = [];
  prompt: StatusPrompt | null = null;
  /** display-panes: numbers shown on the panes until the timer, and what a digit runs. */
  paneNumbers: { timer: ReturnType<typeof setTimeout>; template: string } | null = null;
  message: { text: string; timer: ReturnType<typeof setTimeout> } | null = null;
  private screen: ClientScreen | null = null;
  private pacer: FramePacer | null = null;
  private frame: Frame | undefined;
  private title: string | null = null;
  private statusTimer: ReturnType<typeof setInterval> | null = null;
  /** The status line last built, for the session it was built for, until something stales it. */
  private status: ReturnType<typeof buildStatus> | null = null;
  private statusOf: Session | null = null;
  private statusStale = true;
  /** The mouse reports the host was last asked for ("" none, or the DEC mode). */
  private hostMouse = "";

  constructor(
    private readonly owner: ViewOwner,
    private readonly host: ClientHost,
  ) {}

  /** Attached: frames start (the host's synchronized-output support is not known yet). */
  start(s: Session): void {
    this.screen = new ClientScreen(this.owner.cols, this.owner.rows, { syncOutput: false });
    this.pacer = new FramePacer({ paint: () => this.paint() });
    this.statusTimer = setInterval(() => this.markDirty(), Math.max(1, s.options.getNumber("status-interval")) * 1000);
  }

  /** Detached: no more frames, and every overlay and timer goes. */
  stop(): void {
    this.pacer?.dispose();
    this.pacer = null;
    this.screen = null;
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = null;
    if (this.message) clearTimeout(this.message.timer);
    this.message = null;
    if (this.paneNumbers) clearTimeout(this.paneNumbers.timer);
    this.paneNumbers = null;
  }

  resize(cols: number, rows: number): void {
    this.screen?.resize(cols, rows);
  }

  /** The host answered our DECRQM for synchronized output (DEC 2026): frames use it or not. */
  setSyncOutput(on: boolean): void {
    this.screen = new ClientScreen(this.owner.cols, this.owner.rows, { syncOutput: on });
    this.redraw();
  }

  /** The client has unsent output (busy) or has drained it: the pacer holds frames meanwhile. */
  setBusy(busy: boolean): void {
    this.pacer?.setBusy(busy);
  }

  /**
   * Something on this client's screen changed. `content`: only panes' contents (output), so
   * the status line need not be expanded again (its formats cost more than the rest of an
   * echo's frame); `urgent` for interactive output (an echo), `answer` when it is the first
   * after typed input (FramePacer.markDirty).
   */
  markDirty(how?: { content?: boolean; urgent?: boolean; answer?: boolean }): void {
    if (!how?.content) this.statusStale = true;
    this.pacer?.markDirty(how?.urgent ?? false, how?.answer ?? false);
  }

  /** Full repaint (attach, resize, refresh-client). */
  redraw(): void {
    this.screen?.invalidate();
    const s = this.owner.session;
    if (s) for (const w of s.windows) for (const p of w.panes.values()) invalidatePane(p.model);
    this.markDirty();
  }

  /** Paint the current state now, pacing aside (the session is ending: no later frame comes). */
  paintNow(): void {
    if (this.owner.session && this.screen && !this.owner.closed) this.paint();
  }

  private paint(): number | void {
    const s = this.owner.session;
    if (!s || !this.screen || this.owner.closed || this.owner.suspended) return;
    const w = s.current;
    const panes: PaneView[] = w.visible().map(([p, r]) => {
      const list = shownList(p);
      return {
      terminal: p.model,
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
      active: p === w.active,
      ...this.host.paneView(p),
      ...(list ? chooserView(list, r.height, r.width) : {}),
      ...(this.paneNumbers ? { label: this.paneLabel(s, p) } : {}),
      };
    });
    if (this.statusStale || this.statusOf !== s) {
      this.status = s.options.getFlag("status") ? buildStatus(this.host, s, this.owner) : null;
      this.statusOf = s;
      this.statusStale = false;
    }
    const status = this.status;
    const overlay = this.prompt ? this.prompt.overlay() : this.message ? { segments: [{ text: this.message.text, fg: "black", bg: "yellow" }] } : undefined;
    this.frame = composeFrame(
      {
        cols: this.owner.cols,
        rows: this.owner.rows,
        panes,
        windowCols: w.cols,
        windowRows: w.rows,
        status: status?.left ?? null,
        statusRight: status?.right,
        overlay: status || overlay ? overlay : undefined,
      },
      this.frame,
    );
    this.updateTitle(s);
    this.updateHostMouse(s);
    const bytes = this.screen.encode(this.frame);
    if (bytes.length > 0) this.owner.toTerminal(bytes);
    return this.frame.holdMs || undefined;
  }

  private paneLabel(s: Session, p: Pane): { text: string; bg: string } {
    const w = s.current;
    return { text: ` ${w.paneIndex(p)} `, bg: s.options.getString(p === w.active ? "display-panes-active-colour" : "display-panes-colour") };
  }

  /**
   * set-titles: the host's title from set-titles-string. Pane titles reach the host only this
   * way, stripped of control characters so a program cannot inject sequences through them.
   */
  private updateTitle(s: Session): void {
    if (!s.options.getFlag("set-titles")) return;
    const title = sanitizeTitle(expandAt(this.host, { session: s, client: this.owner }, s.options.getString("set-titles-string"), { time: true }));
    if (title === this.title) return;
    this.title = title;
    this.owner.toTerminal(Buffer.from(`\x1b]2;${title}\x07`, "utf8"));
  }

  /** Ask the host for mouse reports while the mouse option is on or the active pane's program wants them. */
  private updateHostMouse(s: Session): void {
    const mode = hostMouseMode(s.options.getFlag("mouse"), s.current.active.modes.mouseTrackingMode);
    if (mode === this.hostMouse) return;
    this.hostMouse = mode;
    this.owner.toTerminal(Buffer.from(hostMouseSequence(mode), "latin1"));
  }

  // ---- overlays ---------------------------------------------------------------------------

  showMessage(text: string): void {
    const s = this.owner.session;
    if (!s) return;
    this.messages.push({ at: new Date(), text });
    const limit = this.host.model.serverOptions.getNumber("message-limit");
    if (this.messages.length > limit) this.messages.splice(0, this.messages.length - limit);
    if (this.message) clearTimeout(this.message.timer);
    const ms = s.options.getNumber("display-time");
    this.message = {
      text: text.split("\n")[0] ?? "",
      timer: setTimeout(() => {
        this.message = null;
        this.markDirty();
      }, ms),
    };
    this.markDirty();
  }

  /** A key was pressed: the message shown goes. */
  dismissMessage(): void {
    if (!this.message) return;
    clearTimeout(this.message.timer);
    this.message = null;
    this.markDirty();
  }

  /**
   * Output of a command run from a binding or the prompt (list-keys, show-options): the
   * session's active pane shows it in view mode until q, as tmux's (more output while it is
   * open is added to it; display-message shows its text on the status line itself).
   */
  showOutput(text: string): void {
    const pane = this.owner.session?.current.active;
    if (!pane) return;
    const { model } = this.host;
    const lines = text.replace(/\n$/, "").split("\n");
    const view: TextView = new TextView(lines, () => leaveMode(model, pane, view));
    const shown = enterMode(model, pane, view);
    if (shown !== view && shown instanceof TextView) shown.append(lines);
  }

  /** display-panes: each pane's index in its middle for `ms`; a digit key runs `template` on that pane. */
  showPaneNumbers(ms: number, template: string): void {
    this.hidePaneNumbers();
    this.paneNumbers = { timer: setTimeout(() => this.hidePaneNumbers(), ms), template };
    this.markDirty();
  }

  hidePaneNumbers(): void {
    if (!this.paneNumbers) return;
    clearTimeout(this.paneNumbers.timer);
    this.paneNumbers = null;
    this.markDirty();
  }

  /** Open a status-line prompt (command-prompt, confirm-before). */
  openPrompt(prompt: StatusPrompt): void {
    this.prompt = prompt;
    this.markDirty();
  }

  closePrompt(): void {
    this.prompt = null;
    this.markDirty();
  }
}
