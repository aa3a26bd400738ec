// An attached client's view: what is drawn over its panes (status line, message, prompt, the
// panes' lists and views, pane numbers), and its frames: composed from the session's current window,
// diffed against the last one sent, paced and held back while the client is busy.
import type { Session, Pane } from "../model/index.ts";
import type { Rect } from "../model/layout.ts";
import { composeFrame, ClientScreen, FramePacer, invalidatePane, type CellStyle, type Frame, type PaneMark, type PaneView, type StyledCell } from "../../render/index.ts";
import { paneNumberMarks } from "./pane-numbers.ts";
import { rangeAt, sanitizeTitle } from "./status.ts";
import { buildChrome, styleHighlights, type Chrome, type ModeStyles } from "./chrome.ts";
import { colourReducer, hostColours, hostNoAutoMargin } from "./styles.ts";
import type { DrawRange } from "../lang/format-draw.ts";
import { colourForceRgb, colourSplitRgb } from "../model/colour.ts";
import type { StatusPrompt } from "./prompt.ts";
import { promptEnv } from "./prompt-env.ts";
import { shownList, showInViewMode, type PaneList } from "./chooser.ts";
import { expandAt, type FormatClient } from "../lang/format-vars.ts";
import { hostMouseMode, hostMouseSequence } from "./mouse.ts";
import type { ClientHost } from "./host.ts";
import type { Menu } from "./menu.ts";
import type { Popup } from "./popup.ts";
import { DEFAULT_BASE, parseStyle, type StyleBase } from "../model/style.ts";

/** A menu or a popup over the whole client (tmux's overlay: one at a time), and what its closing calls. */
export interface OverlayState {
  box: Menu | Popup;
  closed(): void;
}

/** What the view needs of its connection (formats see it as their client). */
export interface ViewOwner extends FormatClient {
  readonly session: Session | null;
  readonly cols: number;
  readonly rows: number;
  readonly closed: boolean;
  readonly suspended: boolean;
  /** The client's TERM and environment: what colours its terminal shows. */
  readonly termName: string;
  readonly env: Readonly<Record<string, string>>;
  /** Bytes for the client's terminal. */
  toTerminal(bytes: Uint8Array): void;
}

/** How a pane in a mode shows its list or text: the lines, the cursor on the selection (or the top). */
function chooserView(c: PaneList, height: number, width: number, mode: ModeStyles): Partial<PaneView> {
  const { lines, selected, indicator, highlights } = c.view(height, width);
  const styled = styleHighlights(highlights, mode);
  return { replace: { lines, selected, selectedStyle: mode.selection }, cursor: { x: 0, y: Math.max(0, selected) }, ...(indicator ? { indicator } : {}), ...(styled ? { highlights: styled } : {}) };
}

export class ClientView {
  /** Messages shown on the status line, oldest first (show-messages, C-b ~). */
  readonly messages: { at: Date; text: string }[] = [];
  prompt: StatusPrompt | null = null;
  /** display-panes: numbers shown on the panes until the timer, and what a digit runs. */
  /** display-panes' numbers: until the timer (none: until a key), `pick` (none with -N) for a key. */
  paneNumbers: { timer: ReturnType<typeof setTimeout> | null; pick: ((paneId: string) => void) | null; closed: () => void } | null = null;
  message: { text: string; timer: ReturnType<typeof setTimeout> | null } | null = null;
  /** display-menu's menu or display-popup's popup, over everything while open. */
  overlay: OverlayState | null = null;
  private screen: ClientScreen | null = null;
  private pacer: FramePacer | null = null;
  private frame: Frame | undefined;
  private title: string | null = null;
  private statusTimer: ReturnType<typeof setInterval> | null = null;
  private statusSeconds = -1;
  /** The status line, borders and overlays last built, for the session and width they were built for, until something stales them. */
  private chrome: Chrome | null = null;
  private statusOf: Session | null = null;
  private statusCols = -1;
  private statusStale = true;
  /** The cursor colour last sent to the host (null: none yet). */
  private cursorColour: number | null = null;
  /** The mouse reports the host was last asked for ("" none, or the DEC mode). */
  private hostMouse = "";

  constructor(
    private readonly owner: ViewOwner,
    private readonly host: ClientHost,
  ) {}

  /** Attached: frames start (the host's synchronized-output support is not known yet). */
  start(s: Session): void {
    this.screen = this.newScreen(false);
    this.pacer = new FramePacer({ paint: () => this.paint() });
    this.armStatusTimer(s);
  }

  /** status-interval: the status line is expanded again every that many seconds (0: never on a timer). */
  private armStatusTimer(s: Session): void {
    const seconds = s.options.getNumber("status-interval");
    if (this.statusTimer && seconds === this.statusSeconds) return;
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = null;
    this.statusSeconds = seconds;
    if (seconds > 0) this.statusTimer = setInterval(() => this.markDirty(), seconds * 1000);
  }

  /** Detached: no more frames, and every overlay and timer goes. */
  stop(): void {
    this.pacer?.dispose();
    this.pacer = null;
    this.screen = null;
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = null;
    if (this.message?.timer) clearTimeout(this.message.timer);
    this.message = null;
    this.hidePaneNumbers();
    this.cursorColour = null;
    this.closeOverlay();
  }

  resize(cols: number, rows: number): void {
    this.screen?.resize(cols, rows);
    const o = this.overlay?.box;
    // A menu is made for the size it opened at and goes, as tmux's; a popup keeps within the client.
    if (o && "pane" in o) o.resize(cols, rows);
    else if (o) this.closeOverlay();
  }

  /** The host answered our DECRQM for synchronized output (DEC 2026): frames use it or not. */
  setSyncOutput(on: boolean): void {
    this.screen = this.newScreen(on);
    this.redraw();
  }

  private newScreen(syncOutput: boolean): ClientScreen {
    const server = this.host.model.serverOptions;
    const reduceColour = colourReducer(hostColours(this.owner.termName, this.owner.env, server));
    const noAutoMargin = hostNoAutoMargin(this.owner.termName, server);
    return new ClientScreen(this.owner.cols, this.owner.rows, reduceColour ? { syncOutput, reduceColour, noAutoMargin } : { syncOutput, noAutoMargin });
  }

  /** The status line's range at (x, y) of the client, or "none" off any range; null when y is not a status line. */
  statusRangeAt(x: number, y: number): DrawRange | "none" | null {
    const s = this.owner.session;
    const status = this.chrome?.status;
    if (!s || !status || this.chrome?.overlay) return null;
    const n = status.lines.length;
    const line = this.chrome?.statusTop ? y : y - (this.owner.rows - n);
    if (line < 0 || line >= n) return null;
    return rangeAt(status.ranges[line] ?? [], x) ?? "none";
  }

  /**
   * Where window `index`'s range is on the status lines as last drawn (display-menu -xW): its
   * first column and its line.
   */
  windowStatusRange(index: number): { x: number; line: number } | undefined {
    const ranges = this.chrome?.status?.ranges ?? [];
    for (let line = 0; line < ranges.length; line++) {
      const r = ranges[line]?.find((r) => r.type === "window" && r.argument === index);
      if (r) return { x: r.start, line };
    }
    return undefined;
  }

  /** The first client row of the window (below status lines at the top). */
  get windowTop(): number {
    return this.chrome?.statusTop && this.chrome.status ? this.chrome.status.lines.length : 0;
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
    if (s && this.pacer) this.armStatusTimer(s);
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
    if (this.statusStale || this.statusOf !== s || this.statusCols !== this.owner.cols || !this.chrome) {
      const input = { server: this.host, session: s, client: this.owner, cols: this.owner.cols, prompt: this.prompt?.line() ?? null, message: this.message?.text ?? null };
      this.chrome = buildChrome(input);
      this.statusOf = s;
      this.statusCols = this.owner.cols;
      this.statusStale = false;
    }
    const chrome = this.chrome;
    const panes: PaneView[] = w.visible().map(([p, r]) => {
      const mode = this.host.paneView(p);
      const view: PaneView = { terminal: p.model, x: r.x, y: r.y, width: r.width, height: r.height, active: p === w.active, ...chrome.panes.get(p), ...mode };
      if (mode.highlights) view.highlights = styleHighlights(mode.highlights, chrome.mode);
      const list = shownList(p);
      if (list) Object.assign(view, chooserView(list, r.height, r.width, chrome.mode));
      if (this.paneNumbers) view.marks = this.paneMarks(s, p, r, this.owner.rows - (chrome.status?.lines.length ?? 0));
      return view;
    });
    this.frame = composeFrame(
      {
        cols: this.owner.cols,
        rows: this.owner.rows,
        panes,
        windowCols: w.cols,
        windowRows: w.rows,
        status: chrome.status?.lines ?? null,
        statusTop: chrome.statusTop,
        overlay: chrome.overlay,
        borders: chrome.borders,
        ...(this.overlay ? { boxes: this.overlayBoxes(s) } : {}),
      },
      this.frame,
    );
    this.updateTitle(s);
    this.updateHostMouse(s);
    this.updateCursorColour(s);
    const bytes = this.screen.encode(this.frame);
    if (bytes.length > 0) this.owner.toTerminal(bytes);
    return this.frame.holdMs || undefined;
  }

  private overlayBoxes(s: Session) {
    const o = this.overlay?.box;
    const chosen = styleBase(s.current.options.getString("mode-style"));
    if (!o) return [];
    return "pane" in o ? o.boxes(chosen) : [o.box(chosen)];
  }

  /** display-panes' number over `p` at `r`, for as much of it as the client shows (`areaRows` under the status lines). */
  private paneMarks(s: Session, p: Pane, r: Rect, areaRows: number): PaneMark[] {
    const w = s.current;
    const winW = Math.min(w.cols, this.owner.cols);
    const winH = Math.min(w.rows, areaRows);
    return paneNumberMarks({
      index: w.paneIndex(p),
      width: r.width,
      height: r.height,
      shownWidth: Math.min(r.x + r.width, winW) - r.x,
      shownHeight: Math.min(r.y + r.height, winH) - r.y,
      colour: s.options.getString(p === w.active ? "display-panes-active-colour" : "display-panes-colour"),
    });
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

  /** cursor-colour of the active pane to the host (OSC 12, or OSC 112 back to its own), when it changes. */
  private updateCursorColour(s: Session): void {
    const c = s.current.active.options.getNumber("cursor-colour");
    if (c === this.cursorColour) return;
    const first = this.cursorColour === null;
    this.cursorColour = c;
    const rgb = colourForceRgb(c);
    if (rgb === -1) {
      if (!first) this.owner.toTerminal(Buffer.from("\x1b]112\x07", "latin1"));
      return;
    }
    const hex = (n: number) => n.toString(16).padStart(2, "0");
    const [r, g, b] = colourSplitRgb(rgb);
    this.owner.toTerminal(Buffer.from(`\x1b]12;rgb:${hex(r)}/${hex(g)}/${hex(b)}\x07`, "latin1"));
  }

  /** Ask the host for mouse reports while the mouse option is on or the active pane's program wants them. */
  private updateHostMouse(s: Session): void {
    const mode = hostMouseMode(s.options.getFlag("mouse"), s.current.active.modes.mouseTrackingMode);
    if (mode === this.hostMouse) return;
    this.hostMouse = mode;
    this.owner.toTerminal(Buffer.from(hostMouseSequence(mode), "latin1"));
  }

  /** The status lines' cells as last drawn (choose-client's preview of this client). */
  statusCells(): readonly (readonly StyledCell[])[] {
    return this.chrome?.status?.lines ?? [];
  }

  // ---- overlays ---------------------------------------------------------------------------

  showMessage(text: string, delay?: number): void {
    const s = this.owner.session;
    if (!s) return;
    this.messages.push({ at: new Date(), text });
    const limit = this.host.model.serverOptions.getNumber("message-limit");
    if (this.messages.length > limit) this.messages.splice(0, this.messages.length - limit);
    if (this.message?.timer) clearTimeout(this.message.timer);
    const ms = delay ?? s.options.getNumber("display-time");
    // display-time 0 (or -d 0): shown until a key is pressed.
    const timer =
      ms > 0
        ? setTimeout(() => {
            this.message = null;
            this.markDirty();
          }, ms)
        : null;
    this.message = { text: text.split("\n")[0] ?? "", timer };
    this.markDirty();
  }

  /** A key was pressed: the message shown goes. */
  dismissMessage(): void {
    if (!this.message) return;
    if (this.message.timer) clearTimeout(this.message.timer);
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
    if (pane) showInViewMode(this.host.model, pane, text.replace(/\n$/, "").split("\n"));
  }

  /**
   * display-panes: each pane's index over it for `ms` (0: until a key); a pane's key calls `pick`
   * with that pane's id (%N), unless it is null (-N). `closed` is called when they go.
   */
  showPaneNumbers(ms: number, pick: ((paneId: string) => void) | null, closed: () => void): void {
    this.hidePaneNumbers();
    const timer = ms > 0 ? setTimeout(() => this.hidePaneNumbers(), ms) : null;
    this.paneNumbers = { timer, pick, closed };
    this.markDirty();
  }

  hidePaneNumbers(): void {
    const shown = this.paneNumbers;
    if (!shown) return;
    if (shown.timer) clearTimeout(shown.timer);
    this.paneNumbers = null;
    shown.closed();
    this.markDirty();
  }

  /** display-menu, display-popup: the overlay shows until closeOverlay; `closed` is called then. */
  openOverlay(box: Menu | Popup, closed: () => void): void {
    this.closeOverlay();
    this.overlay = { box, closed };
    if ("pane" in box) box.resize(this.owner.cols, this.owner.rows);
    this.markDirty();
  }

  closeOverlay(): void {
    const o = this.overlay;
    if (!o) return;
    this.overlay = null;
    if ("pane" in o.box) o.box.dispose();
    o.closed();
    this.markDirty();
  }

  /** Open a status-line prompt (command-prompt, confirm-before). */
  openPrompt(prompt: StatusPrompt): void {
    this.prompt = prompt;
    prompt.attach?.(promptEnv(this.host, this.owner, (menu) => this.openOverlay(menu, () => {})));
    this.markDirty();
  }

  closePrompt(): void {
    this.prompt = null;
    this.markDirty();
  }
}

/** A style option's colours and attributes (the default cell when it does not parse). */
export function styleBase(text: string): StyleBase {
  const st = parseStyle(text, DEFAULT_BASE);
  return st ? { fg: st.fg, bg: st.bg, attr: st.attr } : DEFAULT_BASE;
}
