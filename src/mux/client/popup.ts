// display-popup's popup as tmux 3.3a's popup.c: a program in its own PTY, parsed into its own
// screen (a Pane outside every window, so the PTY and parse path are every pane's), drawn in a
// box over the client; keys go to it, the border (or M-drag) moves and resizes it, and it
// closes on the program's exit with -E (-EE: only a zero exit), on Escape/C-c without -E.
import type { BoxView } from "../../render/index.ts";
import { Pane, type PaneSpawn } from "../model/pane.ts";
import type { StyleBase } from "../model/style.ts";
import { encodeKey } from "../lang/keys.ts";
import { boxCells, ownCells, renderColour, styleCell, type BoxLines } from "./overlay-box.ts";
import { paneWantsMouse, sendMouseToPane, type MouseEvent } from "./mouse.ts";
import { Menu, type MenuResult } from "./menu.ts";

export interface PopupOptions {
  x: number;
  y: number;
  width: number;
  height: number;
  lines: BoxLines;
  /** Expanded; drawn on the top border. */
  title: string;
  /** popup-style and -s: the program's default colours. */
  style: StyleBase;
  /** popup-border-style and -S. */
  borderStyle: StyleBase;
  spawn: PaneSpawn;
  /** -E given once (close when the program exits) or twice (only when it exits 0). */
  closeOnExit: 0 | 1 | 2;
  /** Something to redraw; `urgent` / `answer` for interactive output (FramePacer.markDirty). */
  changed(how?: { urgent: boolean; answer: boolean }): void;
  /** The popup asks to be closed (its program exited under -E). */
  close(): void;
  /** The program is to become a pane beside the client's active one (side by side or not); false if it cannot. */
  toPane(pane: Pane, horizontal: boolean): boolean;
}

/** Popups' programs are no window's panes: their ids never meet a pane's. */
let nextPopupId = -1;

/**
 * The menu a right click on the popup's top or left border (or outside it) opens: popup.c's
 * items, but for the top buffer's Paste, whose name tmux's client format never fills.
 */
const POPUP_MENU = [
  { name: "Close", key: "q", command: "q" },
  { name: null, key: "", command: "" },
  { name: "Fill Space", key: "F", command: "F" },
  { name: "Centre", key: "C", command: "C" },
  { name: null, key: "", command: "" },
  { name: "To Horizontal Pane", key: "h", command: "h" },
  { name: "To Vertical Pane", key: "v", command: "v" },
];

/** tmux's status when the popup is closed before its program exits: 128 + SIGHUP. */
const HANGUP_STATUS = 129;

export class Popup {
  readonly pane: Pane;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The exit status the command reports (the program's code or signal). */
  status = HANGUP_STATUS;
  /** Where it was asked to be, kept when the client shrinks (ppx, ppy, psx, psy). */
  private preferred: { x: number; y: number; width: number; height: number };
  private drag: { kind: "move" | "size"; dx: number; dy: number } | null = null;
  private last: MouseEvent | null = null;
  private held = 0;
  /** Its own menu, while open (popup.c's md). */
  menu: Menu | null = null;
  /** A menu item asked for the popup to close. */
  private closing = false;
  /** Its program is a window's pane now: closing leaves it running. */
  private adopted = false;

  constructor(private readonly opts: PopupOptions) {
    this.x = opts.x;
    this.y = opts.y;
    this.width = opts.width;
    this.height = opts.height;
    this.preferred = { x: opts.x, y: opts.y, width: opts.width, height: opts.height };
    const inner = this.inner();
    this.pane = new Pane(nextPopupId--, opts.spawn, Math.max(1, inner.width), Math.max(1, inner.height), 0, {
      changed: () => opts.changed(),
      title: () => {},
      respawned: () => {},
      output: (_p, interactive, answer) => opts.changed({ urgent: interactive, answer }),
      bell: () => {},
      data: () => {}, // no control client sees a popup's output (%output is for panes)
      exited: (p) => this.exited(p),
    });
  }

  get border(): boolean {
    return this.opts.lines !== "none";
  }

  /** The program's screen within the box. */
  inner(): { x: number; y: number; width: number; height: number } {
    const b = this.border ? 1 : 0;
    return { x: this.x + b, y: this.y + b, width: this.width - 2 * b, height: this.height - 2 * b };
  }

  private exited(p: Pane): void {
    const s = p.deadStatus;
    this.status = s?.signal != null ? s.signal : (s?.code ?? 0);
    this.opts.changed();
    if (this.opts.closeOnExit === 1 || (this.opts.closeOnExit === 2 && this.status === 0)) this.opts.close();
  }

  /** The popup goes: its program is hung up and its screen freed. */
  dispose(): void {
    if (!this.adopted) this.pane.dispose();
  }

  /** A key: Escape or C-c close it unless -E keeps a running program; anything else is the program's. */
  key(key: string, bytes: Uint8Array): MenuResult {
    if (this.menu) return this.menuResult(this.menu.key(key));
    const running = !this.pane.dead;
    if ((this.opts.closeOnExit === 0 || !running) && (key === "Escape" || key === "C-c")) return "close";
    if (!running) return "none";
    const modes = this.pane.modes;
    let out: Uint8Array = bytes;
    if (/^(?:[CMS]-)*(?:Up|Down|Left|Right|Home|End)$/.test(key)) {
      out = encodeKey(key, { applicationCursor: modes.applicationCursorKeysMode, applicationKeypad: modes.applicationKeypadMode }) ?? bytes;
    }
    this.pane.write(out);
    return "none";
  }

  /** popup_key_cb's mouse half: border or M- drags move (left button) or resize (right); inside, the program's. */
  mouse(ev: MouseEvent): MenuResult {
    if (this.menu) return this.menuResult(this.menu.mouse(ev));
    if (ev.kind === "down") this.held = ev.button;
    const last = this.last;
    this.last = ev;
    if (this.drag) {
      this.continueDrag(ev);
      return "none";
    }
    const right = ev.button === 2 && (ev.kind === "down" || ev.kind === "drag");
    if (ev.x < this.x || ev.x > this.x + this.width - 1 || ev.y < this.y || ev.y > this.y + this.height - 1) {
      return right ? this.openMenu(ev) : "none";
    }
    const side = !this.border ? null : ev.x === this.x ? "left" : ev.x === this.x + this.width - 1 ? "right" : ev.y === this.y ? "top" : ev.y === this.y + this.height - 1 ? "bottom" : null;
    const plain = !ev.meta && !ev.shift && !ev.ctrl;
    if (plain && right && (side === "left" || side === "top")) return this.openMenu(ev);
    const meta = ev.meta && !ev.shift && !ev.ctrl;
    if (meta || side) {
      if (ev.kind !== "drag") return "none";
      const from = last ?? ev;
      if (ev.button === 0) this.drag = { kind: "move", dx: from.x - this.x, dy: from.y - this.y };
      else if (ev.button === 2) this.drag = { kind: "size", dx: 0, dy: 0 };
      return "none";
    }
    if (this.pane.dead || !paneWantsMouse(this.pane.terminal)) return "none";
    const inner = this.inner();
    sendMouseToPane(this.pane.terminal, ev, ev.x - inner.x, ev.y - inner.y, this.held);
    return "none";
  }

  /** The popup's menu, centred on the pointer's column from its row, as popup.c's. */
  private openMenu(ev: MouseEvent): MenuResult {
    const menu = new Menu("", POPUP_MENU, this.cols, { stayOpen: false, noMouse: false, choose: (item) => this.menuChosen(item) });
    const x = ev.x >= (menu.width + 4) >> 1 ? ev.x - ((menu.width + 4) >> 1) : 0;
    if (!menu.place(x, ev.y, this.cols, this.rows)) return "none";
    this.menu = menu;
    return "redraw";
  }

  /** The menu closed (chosen or not): the popup closes if Close was chosen, else is redrawn. */
  private menuResult(r: MenuResult): MenuResult {
    if (r !== "close") return r;
    this.menu = null;
    return this.closing ? "close" : "redraw";
  }

  /** popup_menu_done: Fill Space and Centre move the box (the program keeps its size, as tmux 3.3a's). */
  private menuChosen(item: string): void {
    if (item === "q") this.closing = true;
    else if (item === "F") Object.assign(this, { x: 0, y: 0, width: this.cols, height: this.rows });
    else if (item === "C") Object.assign(this, { x: (this.cols >> 1) - (this.width >> 1), y: (this.rows >> 1) - (this.height >> 1) });
    else if ((item === "h" || item === "v") && !this.pane.dead && this.opts.toPane(this.pane, item === "h")) {
      this.adopted = true;
      this.closing = true;
    }
  }

  /** popup_handle_drag: the box follows the pointer, kept on the client (cols x rows set by resize). */
  private continueDrag(ev: MouseEvent): void {
    const d = this.drag!;
    if (ev.kind !== "drag") {
      this.drag = null;
      return;
    }
    if (d.kind === "move") {
      this.x = ev.x < d.dx ? 0 : ev.x - d.dx + this.width > this.cols ? this.cols - this.width : ev.x - d.dx;
      this.y = ev.y < d.dy ? 0 : ev.y - d.dy + this.height > this.rows ? this.rows - this.height : ev.y - d.dy;
      d.dx = ev.x - this.x;
      d.dy = ev.y - this.y;
      this.preferred.x = this.x;
      this.preferred.y = this.y;
    } else {
      const min = this.border ? 3 : 1;
      if (ev.x < this.x + min || ev.y < this.y + min) return;
      this.width = ev.x - this.x;
      this.height = ev.y - this.y;
      this.preferred.width = this.width;
      this.preferred.height = this.height;
      this.resizeProgram();
    }
    this.opts.changed();
  }

  /** The client's size (resize). */
  private cols = 80;
  private rows = 24;

  /** popup_resize_cb: the client is now cols x rows; the popup keeps within it, back to its preferred place when it can. */
  resize(cols: number, rows: number): void {
    this.menu = null;
    this.cols = cols;
    this.rows = rows;
    const p = this.preferred;
    this.height = Math.min(p.height, rows);
    this.width = Math.min(p.width, cols);
    this.y = p.y + this.height > rows ? rows - this.height : p.y;
    this.x = p.x + this.width > cols ? cols - this.width : p.x;
    this.resizeProgram();
  }

  private resizeProgram(): void {
    const inner = this.inner();
    if (inner.width >= 1 && inner.height >= 1) this.pane.resize(inner.width, inner.height);
  }

  /** The popup's box and, over it, its menu when open (the chosen item in `chosen`, mode-style). */
  boxes(chosen: StyleBase): BoxView[] {
    return this.menu ? [this.box(), this.menu.box(chosen)] : [this.box()];
  }

  /** The box (border, title) and the program's screen in it, its cursor the client's. */
  box(): BoxView {
    const inner = this.inner();
    const screen = { terminal: this.pane.model, ...inner, fg: renderColour(this.opts.style.fg), bg: renderColour(this.opts.style.bg), cursor: true };
    if (!this.border) {
      const cells = Array.from({ length: this.width * this.height }, () => styleCell(" ", this.opts.style));
      return { x: this.x, y: this.y, width: this.width, height: this.height, cells, screen };
    }
    if (this.width <= 2 || this.height <= 2) return { x: this.x, y: this.y, width: this.width, height: this.height, cells: [] };
    const lines = this.opts.lines === "none" ? "single" : this.opts.lines;
    const title = ownCells(this.opts.title, this.width - 4, this.opts.borderStyle);
    const cells = boxCells(this.width, this.height, lines, this.opts.borderStyle, this.opts.style, title);
    return { x: this.x, y: this.y, width: this.width, height: this.height, cells, screen };
  }
}
