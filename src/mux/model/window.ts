// A window: panes arranged by a layout tree, one of them active, optionally one zoomed; linked
// into one or more sessions at an index of each (its winlinks).
import { Layout, type Rect, type Direction } from "./layout.ts";
import type { Pane } from "./pane.ts";
import { Options } from "./options-store.ts";
import type { Winlink } from "./winlink.ts";
import type { Notifier } from "./notify.ts";
import { visName } from "./args-escape.ts";

/** tmux's next_active_point: one clock for every window, so "most recently active" compares across panes. */
let nextActivePoint = 1;

export class Window {
  readonly panes = new Map<number, Pane>();
  layout: Layout;
  active: Pane;
  lastPane: Pane | null = null;
  zoomed: Pane | null = null;
  /** Its name: given (rename-window, -n), or kept up to date by automatic-rename (server/names.ts). */
  private storedName: string;
  readonly options: Options;
  /** When a pane of it last printed something, in ms since the epoch (window_activity, choose-tree -O time). */
  activity = Date.now();
  /** Its links into sessions, in the order they were made (tmux's w->winlinks); the window goes with the last. */
  links: Winlink[] = [];
  /** monitor-silence's timer while armed (alerts.ts). */
  silenceTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly id: number,
    first: Pane,
    name: string | null,
    /** The model's change stream. */
    readonly notify: Notifier,
    globalOptions: Options,
  ) {
    this.layout = new Layout(first.id, first.cols, first.rows);
    this.panes.set(first.id, first);
    this.active = first;
    // The first pane is made active as spawn's window_set_active_pane does: it has an active point.
    first.activePoint = nextActivePoint++;
    this.options = new Options(globalOptions);
    this.storedName = name ?? defaultWindowName(first);
    // A window given a name keeps it, as tmux's spawn turns automatic-rename off for it.
    if (name !== null) this.options.setNumber("automatic-rename", 0);
  }

  get cols(): number {
    return this.layout.cols;
  }

  get rows(): number {
    return this.layout.rows;
  }

  /** How many links it has (window_linked_sessions: tmux's references). */
  get references(): number {
    return this.links.length;
  }

  get name(): string {
    return this.storedName;
  }

  /** Panes in index order (pane_index). */
  orderedPanes(): Pane[] {
    return this.layout.panes().map((id) => this.panes.get(id)!);
  }

  /** The pane's number, counted from pane-base-index (-1 if it is not here). */
  paneIndex(p: Pane): number {
    const i = this.layout.panes().indexOf(p.id);
    return i === -1 ? -1 : i + this.options.getNumber("pane-base-index");
  }

  /** The pane numbered `n` (window_pane_at_index, pane-base-index counted). */
  paneAt(n: number): Pane | undefined {
    return this.orderedPanes()[n - this.options.getNumber("pane-base-index")];
  }

  rect(p: Pane): Rect {
    const r = this.zoomed === p ? { x: 0, y: 0, width: this.cols, height: this.rows } : this.layout.rect(p.id);
    if (!r) throw new Error(`pane %${p.id} is not in window @${this.id}`);
    return this.withTitleLine(p, r);
  }

  /** layout_fix_panes: with pane-border-status, a pane on the window's top (bottom) edge gives a row to its title line. */
  private withTitleLine(p: Pane, r: Rect): Rect {
    const status = this.options.getString("pane-border-status");
    if (status === "off" || r.height < 2) return r;
    if (this.zoomed !== p && !this.layout.atEdge(p.id, status === "top" ? "top" : "bottom")) return r;
    return { x: r.x, y: status === "top" ? r.y + 1 : r.y, width: r.width, height: r.height - 1 };
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
    this.notify.emit({ type: "window-pane-changed", window: this, pane: p });
  }

  /** A fixed name, as tmux's rename-window (escaped as window_set_name does): automatic-rename is turned off. */
  rename(name: string): void {
    this.options.setNumber("automatic-rename", 0);
    this.storedName = visName(name);
    this.notify.emit({ type: "window-renamed", window: this });
  }

  /** automatic-rename's new name (the option is left as it is). */
  setName(given: string): void {
    const name = visName(given);
    if (name === this.storedName) return;
    this.storedName = name;
    this.notify.emit({ type: "window-renamed", window: this });
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
    this.notify.emit({ type: "window-resized", window: this });
  }

  /**
   * Give every pane (PTY and terminal) the size the layout says, in one step; all but `keep`,
   * which keeps its size (tmux's layout_fix_panes with a pane to skip).
   */
  applyLayout(keep?: Pane): void {
    for (const [p, r] of this.visible()) if (p !== keep) p.resize(r.width, r.height);
    if (!this.zoomed) {
      for (const p of this.panes.values()) {
        const r = p === keep ? undefined : this.layout.rect(p.id);
        if (r) {
          const t = this.withTitleLine(p, r);
          p.resize(t.width, t.height);
        }
      }
    }
    this.notify.emit({ type: "window-layout-changed", window: this });
  }

  neighbour(p: Pane, dir: Direction): Pane | null {
    const id = this.layout.neighbour(p.id, dir);
    return id === null ? null : (this.panes.get(id) ?? null);
  }
}

/**
 * tmux's default_window_name: from the command as given (its first word without "exec ", as
 * parse_window_name), else the shell; automatic-rename follows the program from then on.
 */
function defaultWindowName(p: Pane): string {
  const words = p.spawnSpec.command ?? [];
  const first = words.length === 1 ? (words[0] ?? "").trim().replace(/^exec\s+/, "").split(/\s+/)[0] : (words[0] ?? p.spawnSpec.argv[0]);
  return (first ?? "").split("/").pop() || "weft";
}
