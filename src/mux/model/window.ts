// A window: panes arranged by a layout tree, one of them active, optionally one zoomed.
import { Layout, type Rect, type Direction } from "./layout.ts";
import type { Pane } from "./pane.ts";
import { Options } from "./options-store.ts";
import type { Session } from "./session.ts";

/** tmux's next_active_point: one clock for every window, so "most recently active" compares across panes. */
let nextActivePoint = 1;

export class Window {
  readonly panes = new Map<number, Pane>();
  layout: Layout;
  active: Pane;
  lastPane: Pane | null = null;
  zoomed: Pane | null = null;
  /** Name given by rename-window / -n; null while automatic-rename follows the program. */
  fixedName: string | null;
  readonly options: Options;
  activityFlag = false;
  /** When a pane of it last printed something, in ms since the epoch (window_activity, choose-tree -O time). */
  activity = Date.now();
  bellFlag = false;
  silenceFlag = false;
  /** Bumped when the window moves to another place (move-window, swap-window): tmux's winlink changes then. */
  link = 0;
  /** monitor-silence's timer while armed (alerts.ts). */
  silenceTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly id: number,
    public index: number,
    first: Pane,
    name: string | null,
    public session: Session,
    globalOptions: Options,
  ) {
    this.layout = new Layout(first.id, first.cols, first.rows);
    this.panes.set(first.id, first);
    this.active = first;
    this.fixedName = name;
    this.options = new Options(globalOptions);
  }

  get cols(): number {
    return this.layout.cols;
  }

  get rows(): number {
    return this.layout.rows;
  }

  get name(): string {
    if (this.fixedName !== null) return this.fixedName;
    return this.active.currentCommand() || "weft";
  }

  /** Panes in index order (pane_index). */
  orderedPanes(): Pane[] {
    return this.layout.panes().map((id) => this.panes.get(id)!);
  }

  paneIndex(p: Pane): number {
    return this.layout.panes().indexOf(p.id);
  }

  rect(p: Pane): Rect {
    if (this.zoomed === p) return { x: 0, y: 0, width: this.cols, height: this.rows };
    const r = this.layout.rect(p.id);
    if (!r) throw new Error(`pane %${p.id} is not in window @${this.id}`);
    return r;
  }

  /** Visible panes with their rectangles: one when zoomed. */
  visible(): [Pane, Rect][] {
    if (this.zoomed) return [[this.zoomed, this.rect(this.zoomed)]];
    return this.orderedPanes().map((p) => [p, this.rect(p)]);
  }

  addPane(p: Pane): void {
    this.panes.set(p.id, p);
  }

  setActive(p: Pane): void {
    if (p === this.active) return;
    if (this.zoomed && this.zoomed !== p) this.unzoom();
    this.lastPane = this.active;
    this.active = p;
    p.activePoint = nextActivePoint++;
    this.session.notify.emit({ type: "window-pane-changed", window: this, pane: p });
  }

  /** A fixed name, as tmux's rename-window (automatic-rename no longer follows the program). */
  rename(name: string): void {
    this.fixedName = name;
    this.session.notify.emit({ type: "window-renamed", window: this });
  }

  removePane(p: Pane): void {
    if (this.zoomed) this.unzoom();
    this.layout.remove(p.id);
    this.panes.delete(p.id);
    if (this.lastPane === p) this.lastPane = null;
    if (this.active === p) {
      const next = this.lastPane ?? this.orderedPanes()[0];
      if (next) this.active = next;
      this.lastPane = null;
    }
    this.applyLayout();
  }

  toggleZoom(p: Pane = this.active): void {
    if (this.zoomed) this.unzoom();
    else if (this.panes.size > 1) {
      this.active = p;
      this.zoomed = p;
      this.applyLayout();
    }
  }

  unzoom(): void {
    if (!this.zoomed) return;
    this.zoomed = null;
    this.applyLayout();
  }

  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.layout.resize(cols, rows);
    this.applyLayout();
    this.session.notify.emit({ type: "window-resized", window: this });
  }

  /** Give every pane (PTY and terminal) the size the layout says, in one step. */
  applyLayout(): void {
    for (const [p, r] of this.visible()) p.resize(r.width, r.height);
    if (!this.zoomed) {
      for (const p of this.panes.values()) {
        const r = this.layout.rect(p.id);
        if (r) p.resize(r.width, r.height);
      }
    }
    this.session.notify.emit({ type: "window-layout-changed", window: this });
  }

  neighbour(p: Pane, dir: Direction): Pane | null {
    const id = this.layout.neighbour(p.id, dir);
    return id === null ? null : (this.panes.get(id) ?? null);
  }
}
