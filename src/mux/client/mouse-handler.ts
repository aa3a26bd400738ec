// One client's mouse, with the `mouse` option on as tmux's default mouse bindings behave: a
// click selects a pane (or a window in the status line), dragging a border resizes, the wheel
// scrolls into copy mode, a drag selects and copies on release, double and triple clicks copy
// a word or a line. A pane whose program asked for the mouse gets the events instead.
import type { ClientHost } from "./host.ts";
import type { Session } from "../model/session.ts";
import type { Window } from "../model/window.ts";
import type { Pane } from "../model/pane.ts";
import type { Rect } from "../model/layout.ts";
import type { DrawRange } from "../lang/format-draw.ts";
import { enterCopyMode, modeChanged } from "../model/index.ts";
import { shownList, type ModeCaller, type PaneList } from "./chooser.ts";
import type { CopyMode } from "../model/copy-mode.ts";
import { paneWantsMouse, sendMouseToPane, type MouseEvent } from "./mouse.ts";
import type { CommandMouse } from "../lang/command.ts";
import type { CommandList } from "../lang/cmd-parse.ts";

/** tmux's double-click-time. */
const DOUBLE_CLICK_MS = 300;
/** Lines one wheel notch scrolls (tmux's WheelUpPane binding: send -N5 -X scroll-up). */
const WHEEL_LINES = 5;

type Drag =
  | { kind: "program"; pane: Pane; rect: Rect }
  | { kind: "border"; window: Window; pane: Pane; axis: "x" | "y" }
  | { kind: "select"; pane: Pane; rect: Rect; col: number; row: number; started: boolean };

export interface MouseClient extends ModeCaller {
  session: Session | null;
  readonly cols: number;
  readonly rows: number;
  readonly view: {
    /** The status line's range under (x, y), "none" between ranges, null off the status lines. */
    statusRangeAt(x: number, y: number): DrawRange | "none" | null;
    /** The client row the window starts on. */
    readonly windowTop: number;
  };
  /** Run a key binding's commands for a mouse event. */
  runBinding(commands: CommandList, mouse?: CommandMouse): void;
}

export class MouseHandler {
  private drag: Drag | null = null;
  private click = { at: 0, x: -1, y: -1, count: 0 };
  private held = 0;

  constructor(
    private readonly server: ClientHost,
    private readonly client: MouseClient,
  ) {}

  handle(ev: MouseEvent): void {
    const s = this.client.session;
    if (!s) return;
    if (ev.kind === "down") this.held = ev.button;
    const top = this.client.view.windowTop;
    const inWindow = top === 0 ? ev : { ...ev, y: ev.y - top };
    if (this.drag) return this.continueDrag(inWindow);
    const w = s.current;
    const mouseOn = s.options.getFlag("mouse");
    const range = this.client.view.statusRangeAt(ev.x, ev.y);
    if (range !== null) {
      if (mouseOn && ev.kind === "down" && ev.button === 2 && this.rightClickStatus(s, ev, range)) return;
      if (mouseOn) this.onStatus(s, ev, range);
      return;
    }
    const client = ev;
    ev = inWindow;
    const hit = w.visible().find(([, r]) => ev.x >= r.x && ev.x < r.x + r.width && ev.y >= r.y && ev.y < r.y + r.height);
    if (mouseOn && ev.kind === "down" && ev.button === 2 && hit && this.rightClickPane(s, client, hit[0])) return;
    if (!mouseOn) {
      // Without the option only a program that asked for the mouse, in the active pane, sees it.
      if (hit && hit[0] === w.active && this.toProgram(hit[0])) this.send(hit[0], hit[1], ev, true);
      return;
    }
    if (!hit) {
      if (ev.kind === "down" && ev.button === 0) this.startBorderDrag(w, ev);
      return;
    }
    const [p, r] = hit;
    const col = ev.x - r.x;
    const row = ev.y - r.y;
    const list = shownList(p);
    if (list?.mouse) return this.toList(w, p, list, ev, col, row);
    switch (ev.kind) {
      case "down":
        return this.press(s, w, p, r, ev, col, row);
      case "wheelUp": {
        if (this.toProgram(p)) return this.send(p, r, ev);
        const cm = enterCopyMode(this.server.model, p, { exitAtBottom: true });
        return cm.apply(() => cm.scrollLine(-WHEEL_LINES));
      }
      case "wheelDown": {
        if (this.toProgram(p)) return this.send(p, r, ev);
        const cm = p.copyMode;
        return cm?.apply(() => cm.scrollLine(WHEEL_LINES));
      }
      default:
        if (this.toProgram(p)) this.send(p, r, ev);
    }
  }

  /**
   * A pane in a mode tree: tmux's default bindings select the pane and send the mouse to its
   * mode (MouseDown1Pane, DoubleClick1Pane, WheelUpPane / WheelDownPane: send -M).
   */
  private toList(w: Window, p: Pane, list: PaneList, ev: MouseEvent, col: number, row: number): void {
    let kind: "down" | "double" | "wheelUp" | "wheelDown";
    if (ev.kind === "wheelUp" || ev.kind === "wheelDown") kind = ev.kind;
    else if (ev.kind === "down" && ev.button === 0) {
      if (p !== w.active) w.setActive(p);
      kind = this.clickCount(ev) === 2 ? "double" : "down";
    } else return;
    list.mouse?.(kind, col, row, this.client);
    modeChanged(this.server.model, p, true);
  }

  /** 1, 2 or 3: how many presses in a row at the same cell within the double-click time. */
  private clickCount(ev: MouseEvent): number {
    const now = performance.now();
    const c = this.click;
    c.count = now - c.at < DOUBLE_CLICK_MS && c.x === ev.x && c.y === ev.y ? Math.min(3, c.count + 1) : 1;
    c.at = now;
    c.x = ev.x;
    c.y = ev.y;
    return c.count;
  }

  /** A pane's program takes the mouse when it asked for it and the pane shows its screen. */
  private toProgram(p: Pane): boolean {
    return paneWantsMouse(p.terminal) && !p.copyMode;
  }

  private send(p: Pane, r: Rect, ev: MouseEvent, keepDrag = true): void {
    sendMouseToPane(p.terminal, ev, ev.x - r.x, ev.y - r.y, this.held);
    if (keepDrag && ev.kind === "down") this.drag = { kind: "program", pane: p, rect: r };
  }

  private press(s: Session, w: Window, p: Pane, r: Rect, ev: MouseEvent, col: number, row: number): void {
    if (p !== w.active) w.setActive(p);
    if (this.toProgram(p)) return this.send(p, r, ev);
    if (ev.button !== 0) return;
    const count = this.clickCount(ev);
    if (count > 1) {
      // Double click: the word; triple: the line. Copied at once, as tmux 3.3's bindings do.
      const cm = enterCopyMode(this.server.model, p);
      cm.moveTo(col, cm.top + row);
      if (count === 2) cm.selectWord();
      else cm.selectLine();
      cm.copySelection(true);
      return;
    }
    const cm = p.copyMode;
    cm?.apply(() => {
      cm.clearSelection();
      cm.moveTo(col, cm.top + row);
    });
    this.drag = { kind: "select", pane: p, rect: r, col, row, started: false };
  }

  private continueDrag(ev: MouseEvent): void {
    const d = this.drag!;
    const end = ev.kind === "up";
    if (end) this.drag = null;
    if (ev.kind === "wheelUp" || ev.kind === "wheelDown" || ev.kind === "down") return;
    switch (d.kind) {
      case "program":
        sendMouseToPane(d.pane.terminal, ev, ev.x - d.rect.x, ev.y - d.rect.y, this.held);
        return;
      case "border":
        return this.dragBorder(d, ev);
      case "select":
        return this.dragSelect(d, ev, end);
    }
  }

  private dragSelect(d: Extract<Drag, { kind: "select" }>, ev: MouseEvent, end: boolean): void {
    if (!this.server.model.findPane(d.pane.id)) return;
    if (!d.started) {
      if (end) return; // a plain click
      const cm = enterCopyMode(this.server.model, d.pane);
      cm.moveTo(d.col, cm.top + d.row);
      cm.beginSelection();
      d.started = true;
    }
    const cm = d.pane.copyMode;
    cm?.apply(() => this.extendSelection(d, cm, ev, end));
  }

  /** The selection's end follows the pointer; past the top or bottom edge the view scrolls. */
  private extendSelection(d: Extract<Drag, { kind: "select" }>, cm: CopyMode, ev: MouseEvent, end: boolean): void {
    let row = ev.y - d.rect.y;
    // Dragging past the top or bottom edge scrolls.
    if (row < 0) cm.scrollLine(-1);
    else if (row >= d.rect.height) cm.scrollLine(1);
    row = Math.max(0, Math.min(row, d.rect.height - 1));
    let col = Math.max(0, Math.min(ev.x - d.rect.x, d.rect.width - 1));
    // The cell under the pointer is part of a mouse selection: emacs ends exclusive, so one more.
    const forward = row > d.row || (row === d.row && col >= d.col);
    if (!cm.vi && forward) col++;
    cm.moveTo(col, cm.top + row);
    if (end) cm.copySelection(true);
  }

  /** A press on a border: the pane left of (or above) it is resized as the border moves. */
  private startBorderDrag(w: Window, ev: MouseEvent): void {
    if (w.zoomed || ev.x >= w.cols || ev.y >= w.rows) return;
    const rects = w.visible();
    const left = rects.find(([, r]) => r.x + r.width === ev.x && ev.y >= r.y && ev.y < r.y + r.height);
    if (left) {
      this.drag = { kind: "border", window: w, pane: left[0], axis: "x" };
      return;
    }
    const above = rects.find(([, r]) => r.y + r.height === ev.y && ev.x >= r.x && ev.x < r.x + r.width);
    if (above) this.drag = { kind: "border", window: w, pane: above[0], axis: "y" };
  }

  private dragBorder(d: Extract<Drag, { kind: "border" }>, ev: MouseEvent): void {
    const w = d.window;
    if (!w.panes.has(d.pane.id)) return;
    const r = w.rect(d.pane);
    const delta = d.axis === "x" ? ev.x - (r.x + r.width) : ev.y - (r.y + r.height);
    if (delta === 0) return;
    const dir = d.axis === "x" ? (delta > 0 ? "R" : "L") : delta > 0 ? "D" : "U";
    w.layout.resizePane(d.pane.id, dir, Math.abs(delta));
    w.applyLayout();
  }

  /**
   * A right click on the status line runs its root binding, if there is one, with the event
   * (display-menu's -xM and "=" targets read it), as tmux's server_client_check_mouse names it:
   * MouseDown3StatusLeft / StatusRight over those ranges, MouseDown3Status over a window's,
   * MouseDown3StatusDefault elsewhere on the line.
   */
  private rightClickStatus(s: Session, ev: MouseEvent, range: DrawRange | "none"): boolean {
    let key = "MouseDown3StatusDefault";
    let wl = s.curw;
    if (range !== "none") {
      if (range.type === "left") key = "MouseDown3StatusLeft";
      else if (range.type === "right") key = "MouseDown3StatusRight";
      else {
        const at = s.linkAt(range.argument);
        if (!at) return false;
        key = "MouseDown3Status";
        wl = at;
      }
    }
    return this.runMouseBinding(key, { x: ev.x, y: ev.y, session: s, winlink: wl, pane: null });
  }

  /** (M-)MouseDown3Pane over a pane whose program does not take the mouse (M- always); `ev` in client cells. */
  private rightClickPane(s: Session, ev: MouseEvent, pane: Pane): boolean {
    if (!ev.meta && this.toProgram(pane)) return false;
    return this.runMouseBinding(`${ev.meta ? "M-" : ""}MouseDown3Pane`, { x: ev.x, y: ev.y, session: s, winlink: s.curw, pane });
  }

  private runMouseBinding(key: string, mouse: CommandMouse): boolean {
    const b = this.server.keys.lookup("root", key);
    if (!b) return false;
    this.client.runBinding(b.commands, mouse);
    return true;
  }

  /**
   * tmux's default status bindings: a click on a window's range selects it (MouseDown1Status:
   * select-window -t =), the wheel goes to the previous or next window (WheelUpStatus,
   * WheelDownStatus).
   */
  private onStatus(s: Session, ev: MouseEvent, range: DrawRange | "none"): void {
    if (ev.kind === "wheelUp" || ev.kind === "wheelDown") {
      const i = s.links.indexOf(s.curw);
      const n = s.links.length;
      const next = s.links[(i + (ev.kind === "wheelUp" ? n - 1 : 1)) % n];
      if (next && next !== s.curw) s.select(next);
      return;
    }
    if (ev.kind !== "down" || ev.button !== 0 || range === "none" || range.type !== "window") return;
    const wl = s.linkAt(range.argument);
    if (wl && wl !== s.curw) s.select(wl);
  }
}
