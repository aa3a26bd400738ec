// Frame pacing for one client: paint at once when the last frame is old
// enough, else coalesce to one frame per interval; interactive output (an
// echo) gets its frame at once, up to one such frame per interval on top of the
// paced ones; never paint into a client that has not drained its last frame.
// Timers exist only while dirty.

/** ~60 frames a second. */
export const FRAME_INTERVAL_MS = 16;

export interface PacerClock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Runs fn soon, after the current job (so changes in the same turn share a frame). */
  defer(fn: () => void): void;
}

const realClock: PacerClock = {
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  defer: (fn) => queueMicrotask(fn),
};

export interface FramePacerOptions {
  intervalMs?: number;
  /**
   * Composes and sends a frame. May return milliseconds after which to paint
   * again even if nothing is marked (a pane held by synchronized output).
   */
  paint: () => number | void;
  clock?: PacerClock;
}

export class FramePacer {
  private readonly interval: number;
  private readonly paintFn: () => number | void;
  private readonly clock: PacerClock;
  private dirty = false;
  private busy = false;
  private deferred = false;
  private urgent = false;
  private lastUrgent = -Infinity;
  private timer: unknown = undefined;
  private holdTimer: unknown = undefined;
  private lastPaint = -Infinity;
  private disposed = false;

  constructor(opts: FramePacerOptions) {
    this.interval = opts.intervalMs ?? FRAME_INTERVAL_MS;
    this.paintFn = opts.paint;
    this.clock = opts.clock ?? realClock;
  }

  /**
   * Something visible changed. `urgent` (an echo, a prompt) paints without waiting for the
   * interval: beside panes that flood, a keystroke's echo waited up to a frame (16 ms) for
   * its paint. At most one urgent frame per interval, so a pane that prints small pieces
   * quickly cannot double the frame rate for long; but `answer` (the first output after
   * typed input: its echo) is always urgent, as the user waits for it: beside four `yes`
   * panes, an echo that followed another urgent frame within the interval waited ~15 ms
   * (bench:e2e traces, most of the keys above the p90).
   */
  markDirty(urgent = false, answer = false): void {
    if (this.disposed) return;
    this.dirty = true;
    if (answer || (urgent && this.clock.now() - this.lastUrgent >= this.interval)) this.urgent = true;
    this.schedule();
  }

  /** The client has unsent output (busy) or has drained it (not busy). */
  setBusy(busy: boolean): void {
    this.busy = busy;
    if (!busy) this.schedule();
  }

  /** Shorthand for setBusy(false). */
  drained(): void {
    this.setBusy(false);
  }

  dispose(): void {
    this.disposed = true;
    this.dirty = false;
    this.cancelTimer();
  }

  private schedule(): void {
    if (this.disposed || !this.dirty || this.busy || this.deferred) return;
    const wait = this.urgent ? 0 : this.lastPaint + this.interval - this.clock.now();
    if (wait > 0 && this.timer !== undefined) return;
    if (wait <= 0) {
      if (this.timer !== undefined) this.clock.clearTimer(this.timer);
      this.timer = undefined;
      this.deferred = true;
      this.clock.defer(() => {
        this.deferred = false;
        this.fire();
      });
    } else {
      this.timer = this.clock.setTimer(() => {
        this.timer = undefined;
        this.fire();
      }, wait);
    }
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    if (this.holdTimer !== undefined) this.clock.clearTimer(this.holdTimer);
    this.timer = undefined;
    this.holdTimer = undefined;
  }

  private fire(): void {
    if (this.disposed || !this.dirty || this.busy) return;
    this.dirty = false;
    this.lastPaint = this.clock.now();
    if (this.urgent) this.lastUrgent = this.lastPaint;
    this.urgent = false;
    const again = this.paintFn();
    if (typeof again === "number" && again > 0 && !this.disposed) {
      // Paint again once the hold expires (other changes still paint as usual meanwhile).
      if (this.holdTimer !== undefined) this.clock.clearTimer(this.holdTimer);
      this.holdTimer = this.clock.setTimer(() => {
        this.holdTimer = undefined;
        this.markDirty();
      }, again);
    }
    this.schedule();
  }
}
