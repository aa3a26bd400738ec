// A session: numbered windows, a current and a last one, its own options and environment.
import type { Window } from "./window.ts";
import { Options } from "./options-store.ts";
import type { Notifier } from "./notify.ts";

export class Session {
  /** Windows by index, kept sorted. */
  windows: Window[] = [];
  current!: Window;
  lastWindow: Window | null = null;
  readonly options: Options;
  readonly created = Date.now();
  activity = Date.now();
  /** When a client last attached, in ms since the epoch; 0 for never (session_last_attached). */
  lastAttached = 0;

  constructor(
    readonly id: number,
    public name: string,
    /** The environment panes inherit: the creating client's, as tmux's global environment. */
    readonly environment: Record<string, string>,
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

  removeWindow(w: Window): void {
    this.windows = this.windows.filter((x) => x !== w);
    if (this.lastWindow === w) this.lastWindow = null;
    if (this.current === w && this.windows.length > 0) {
      this.current = this.lastWindow ?? this.windows.find((x) => x.index > w.index) ?? this.windows[this.windows.length - 1]!;
      this.lastWindow = null;
    }
    if (this.options.getFlag("renumber-windows")) this.renumber();
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

  renumber(): void {
    let i = this.options.getNumber("base-index");
    for (const w of this.windows) w.index = i++;
  }

  select(w: Window): void {
    if (w === this.current) return;
    this.lastWindow = this.current;
    this.current = w;
    w.activityFlag = false;
    w.bellFlag = false;
    w.silenceFlag = false;
    this.activity = Date.now();
    this.notify.emit({ type: "session-window-changed", session: this, window: w });
  }
}
