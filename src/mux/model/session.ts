// A session: its winlinks (windows at indexes; a window may be in several sessions), a current
// and a stack of last ones, its own options and environment, and the group it may share its
// windows with (new-session -t).
import type { Window } from "./window.ts";
import { Winlink } from "./winlink.ts";
import { Options } from "./options-store.ts";
import type { Notifier } from "./notify.ts";
import type { SessionGroup } from "./session-group.ts";
import type { Environ } from "./environ.ts";

/** The default-size option read as tmux's default_window_size reads it: WxH, else 80x24. */
export function defaultSize(options: Options): { cols: number; rows: number } {
  const m = /^(\d+)x(\d+)/.exec(options.getString("default-size"));
  return m ? { cols: Math.max(1, Number(m[1])), rows: Math.max(1, Number(m[2])) } : { cols: 80, rows: 24 };
}

export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

export class Session {
  /** The winlinks, kept sorted by index. */
  links: Winlink[] = [];
  /** The current winlink (tmux's curw). */
  curw!: Winlink;
  /** tmux's lastw: the links current before, the most recent first; never the current one. */
  private lastStack: Winlink[] = [];
  /** The session group it is in (new-session -t), if any. */
  group: SessionGroup | null = null;
  readonly options: Options;
  readonly created = Date.now();
  /** Last activity in ms since the epoch, with sub-ms precision: the most recent session wins ties of a millisecond. */
  activity = preciseNow();
  /** When a client last attached, in ms since the epoch; 0 for never (session_last_attached). */
  lastAttached = 0;

  constructor(
    readonly id: number,
    public name: string,
    /** The session's environment (set-environment, update-environment, new-session -e), over the global one. */
    readonly environ: Environ,
    /** Where its new panes start (attach-session -c changes it). */
    public cwd: string,
    globalOptions: Options,
    /** The model's change stream; the session's windows announce on it too. */
    readonly notify: Notifier,
    /** A window lost its last link (in any session): the model destroys it. */
    private readonly released: (w: Window) => void = () => {},
  ) {
    this.options = new Options(globalOptions);
  }

  /** The windows by index (one twice if it is linked twice). */
  get windows(): Window[] {
    return this.links.map((l) => l.window);
  }

  get current(): Window {
    return this.curw.window;
  }

  window(index: number): Window | undefined {
    return this.linkAt(index)?.window;
  }

  linkAt(index: number): Winlink | undefined {
    return this.links.find((l) => l.index === index);
  }

  /** The link of a window here: the current one if it shows it, else the lowest index (cmd_find_best_winlink_with_window). */
  linkOf(w: Window): Winlink | undefined {
    if (this.curw?.window === w && this.links.includes(this.curw)) return this.curw;
    return this.links.find((l) => l.window === w);
  }

  has(w: Window): boolean {
    return w.links.some((l) => l.session === this);
  }

  /** The first free index at or after base-index (or after `after`). */
  freeIndex(after?: number): number {
    let i = after !== undefined ? after + 1 : this.options.getNumber("base-index");
    while (this.linkAt(i)) i++;
    return i;
  }

  /** The window "!" names: the one current before this one. */
  get lastWindow(): Window | null {
    return this.lastStack[0]?.window ?? null;
  }

  get lastLink(): Winlink | null {
    return this.lastStack[0] ?? null;
  }

  /** The last-window stack, the most recent first (session_stack). */
  get stack(): readonly Winlink[] {
    return this.lastStack;
  }

  /** Link a window at an index (tmux's session_attach, without the group's synchronising); `announce` false leaves window-linked to the caller. */
  attach(w: Window, index: number, announce = true): Winlink {
    const wl = new Winlink(this, index, w);
    this.insert(wl);
    if (announce) this.notify.emit({ type: "window-linked", session: this, window: w });
    return wl;
  }

  /** Put a link in place, sorted, and on its window's list (winlink_add + winlink_set_window). */
  insert(wl: Winlink): void {
    this.links.push(wl);
    this.links.sort((a, b) => a.index - b.index);
    wl.window.links.push(wl);
  }

  /**
   * Take a link out (tmux's session_detach): the current one gives way to the last window, else
   * the one before it by index, else the one after. Announces window-unlinked.
   */
  detach(wl: Winlink): void {
    if (this.curw === wl && this.links.length > 1) this.fallBack();
    wl.clearAlerts();
    // Announced once it is out, as tmux's queued notifications see it.
    this.remove(wl);
    this.notify.emit({ type: "window-unlinked", session: this, window: wl.window });
  }

  /**
   * Take a link out and nothing else (winlink_remove): its window is released when this was its
   * last link. The current link may be the one removed; the caller selects another.
   */
  remove(wl: Winlink): void {
    this.links = this.links.filter((x) => x !== wl);
    this.lastStack = this.lastStack.filter((x) => x !== wl);
    const w = wl.window;
    w.links = w.links.filter((x) => x !== wl);
    if (w.links.length === 0) this.released(w);
  }

  /**
   * The current link is going: the last window becomes current, else the previous by index
   * (wrapping), as session_detach's session_last / session_previous. Announced.
   */
  private fallBack(): void {
    const i = this.links.indexOf(this.curw);
    const next = this.lastLink ?? this.links[i - 1] ?? this.links[this.links.length - 1];
    if (next && next !== this.curw) this.select(next);
  }

  /**
   * Take the same windows at the same indexes as `target`, another session of the group (tmux's
   * session_group_synchronize1): the current and last windows stay at their indexes where they
   * can; alert flags come along. Announces window-linked for every link and window-unlinked for
   * each window no longer here.
   */
  mirror(target: Session): void {
    if (target.links.length === 0) return; // it is about to be destroyed
    if (this.curw && this.links.includes(this.curw) && !target.linkAt(this.curw.index)) this.fallBack();
    const old = this.links;
    const links = target.links.map((from) => {
      const wl = new Winlink(this, from.index, from.window);
      wl.copyAlerts(from);
      from.window.links.push(wl);
      return wl;
    });
    const at = (i: number | undefined) => links.find((l) => l.index === i);
    const current = (this.curw ? at(this.curw.index) : undefined) ?? at(target.curw.index) ?? links[0];
    if (!current) return;
    const last = [...new Set(this.lastStack.map((l) => at(l.index)))].filter((l): l is Winlink => l !== undefined && l !== current);
    this.links = links;
    this.curw = current;
    this.lastStack = last;
    for (const wl of links) this.notify.emit({ type: "window-linked", session: this, window: wl.window });
    for (const wl of old) {
      const w = wl.window;
      w.links = w.links.filter((x) => x !== wl);
      if (!links.some((l) => l.window === w)) this.notify.emit({ type: "window-unlinked", session: this, window: w });
      if (w.links.length === 0) this.released(w);
    }
  }

  /** session_set_current without its announcement: the old current goes on top of the last-window stack. */
  private setCurrent(wl: Winlink): void {
    // The current link may just have gone (new-window -k over a session's only window).
    const old = this.curw && this.links.includes(this.curw) && this.curw !== wl ? [this.curw] : [];
    this.lastStack = [...old, ...this.lastStack.filter((x) => x !== wl && x !== this.curw)];
    this.curw = wl;
    wl.clearAlerts();
  }

  rename(name: string): void {
    this.name = name;
    this.notify.emit({ type: "session-renamed", session: this });
  }

  /** Give a link another index (break-pane of a window's only pane); tmux moves it: unlink, link. */
  reindex(wl: Winlink, index: number): void {
    this.notify.emit({ type: "window-unlinked", session: this, window: wl.window });
    wl.index = index;
    this.links.sort((a, b) => a.index - b.index);
    this.notify.emit({ type: "window-linked", session: this, window: wl.window });
  }

  /**
   * Make room after `wl` (or at it, `before`) by moving the links up to the next free index
   * one place up (tmux's winlink_shuffle_up, new-window -a / -b); the index made free, or null.
   */
  shuffleUp(wl: Winlink, before: boolean): number | null {
    const idx = before ? wl.index : wl.index + 1;
    let last = idx;
    while (this.linkAt(last)) last++;
    if (last >= 2147483647) return null;
    for (const x of this.links) if (x.index >= idx && x.index < last) x.index++;
    this.links.sort((a, b) => a.index - b.index);
    return idx;
  }

  /** session_renumber_windows: indexes from base-index again, in order. */
  renumber(): void {
    let i = this.options.getNumber("base-index");
    for (const wl of this.links) wl.index = i++;
  }

  /** Make a window (its best link) or a link the current one; announces session-window-changed. */
  select(target: Window | Winlink): void {
    const wl = target instanceof Winlink ? target : this.linkOf(target);
    if (!wl || (wl === this.curw && this.links.includes(wl))) return;
    this.setCurrent(wl);
    this.notify.emit({ type: "session-window-changed", session: this, window: wl.window });
  }
}
