// A session: numbered windows, a current and a last one, its own options and environment.
import type { Window } from "./window.ts";
import { Options } from "./options-store.ts";
import type { Notifier } from "./notify.ts";
import type { Environ } from "./environ.ts";

export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

export class Session {
  /** Windows by index, kept sorted. */
  windows: Window[] = [];
  current!: Window;
  /** tmux's lastw: the windows current before, the most recent first; never the current one. */
  private lastStack: Window[] = [];
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
    readonly cwd: string,
    globalOptions: Options,
    /** The model's change stream; the session's windows announce on it too. */
    readonly notify: Notifier,
  ) {
    this.options = new Options(globalOptions);
  }

  window(index: number): Window | undefined {
    return this.windows.find((w) => w.index === index);
  }

  /** The first free index at or after base-index (or after `after`). */
  freeIndex(after?: number): number {
    let i = after !== undefined ? after + 1 : this.options.getNumber("base-index");
    while (this.window(i)) i++;
    return i;
  }

  addWindow(w: Window): void {
    this.windows.push(w);
    this.windows.sort((a, b) => a.index - b.index);
  }

  /** The window "!" names: the one current before this one. */
  get lastWindow(): Window | null {
    return this.lastStack[0] ?? null;
  }

  /**
   * Take a window out (tmux's session_detach): the current one gives way to the last window,
   * else the one before it by index (wrapping). renumber-windows closes the gap unless told not.
   */
  removeWindow(w: Window, renumber = this.options.getFlag("renumber-windows")): void {
    if (this.current === w && this.windows.length > 1) {
      const i = this.windows.indexOf(w);
      const next = this.lastWindow ?? this.windows[i - 1] ?? this.windows[this.windows.length - 1];
      if (next) this.setCurrent(next);
    }
    this.windows = this.windows.filter((x) => x !== w);
    this.lastStack = this.lastStack.filter((x) => x !== w);
    if (renumber) this.renumber();
  }

  /** session_set_current without its announcement: the old current goes on top of the last-window stack. */
  private setCurrent(w: Window): void {
    // The current window may just have gone (new-window -k over a session's only window).
    const old = this.windows.includes(this.current) ? [this.current] : [];
    this.lastStack = [...old, ...this.lastStack.filter((x) => x !== w && x !== this.current)];
    this.current = w;
    w.activityFlag = false;
    w.bellFlag = false;
    w.silenceFlag = false;
  }

  /**
   * Windows took each other's place (swap-window): the current and last windows follow the
   * place, not the window, as tmux's winlinks. Announces session-window-changed if the current changed.
   */
  exchange(places: ReadonlyMap<Window, Window>): void {
    this.lastStack = this.lastStack.map((w) => places.get(w) ?? w);
    const now = places.get(this.current);
    if (!now) return;
    this.current = now;
    this.notify.emit({ type: "session-window-changed", session: this, window: now });
  }

  rename(name: string): void {
    this.name = name;
    this.notify.emit({ type: "session-renamed", session: this });
  }

  /** Give a window another index (break-pane of a window's only pane); tmux moves it: unlink, link. */
  reindex(w: Window, index: number): void {
    this.notify.emit({ type: "window-unlinked", session: this, window: w });
    w.index = index;
    this.windows.sort((a, b) => a.index - b.index);
    this.notify.emit({ type: "window-linked", session: this, window: w });
  }

  /**
   * Make room after `w` (or at it, `before`) by moving the windows up to the next free index
   * one place up (tmux's winlink_shuffle_up, new-window -a / -b); the index made free, or null.
   */
  shuffleUp(w: Window, before: boolean): number | null {
    const idx = before ? w.index : w.index + 1;
    let last = idx;
    while (this.window(last)) last++;
    if (last >= 2147483647) return null;
    for (const x of this.windows) if (x.index >= idx && x.index < last) x.index++;
    this.windows.sort((a, b) => a.index - b.index);
    return idx;
  }

  renumber(): void {
    let i = this.options.getNumber("base-index");
    for (const w of this.windows) w.index = i++;
  }

  select(w: Window): void {
    if (w === this.current) return;
    this.setCurrent(w);
    this.notify.emit({ type: "session-window-changed", session: this, window: w });
  }
}
