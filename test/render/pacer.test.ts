// FramePacer with an injected clock: paint at once when idle, coalesce bursts,
// hold frames from a client that has not drained, no timers when idle.

import { expect, test } from "bun:test";
import { FramePacer, type PacerClock } from "../../src/render/index.ts";

class FakeClock implements PacerClock {
  t = 1000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private deferred: (() => void)[] = [];
  private nextId = 1;
  now = () => this.t;
  setTimer = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  };
  clearTimer = (h: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== h);
  };
  defer = (fn: () => void) => {
    this.deferred.push(fn);
  };
  /** Runs deferred work (the end of the current turn). */
  flush(): void {
    while (this.deferred.length > 0) this.deferred.shift()?.();
  }
  advance(ms: number): void {
    const end = this.t + ms;
    this.flush();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.t = next.at;
      next.fn();
      this.flush();
    }
    this.t = end;
  }
  get pending(): number {
    return this.timers.length + this.deferred.length;
  }
}

function setup(paint?: () => number | void) {
  const clock = new FakeClock();
  const paints: number[] = [];
  const pacer = new FramePacer({
    intervalMs: 16,
    clock,
    paint: () => {
      paints.push(clock.t);
      return paint?.();
    },
  });
  return { clock, paints, pacer };
}

test("the first change paints at once (end of the turn), no timer left behind", () => {
  const { clock, paints, pacer } = setup();
  pacer.markDirty();
  pacer.markDirty();
  expect(paints).toEqual([]);
  clock.flush();
  expect(paints).toEqual([1000]);
  expect(clock.pending).toBe(0);
});

test("a burst is coalesced to one frame per interval", () => {
  const { clock, paints, pacer } = setup();
  pacer.markDirty();
  clock.flush();
  for (let i = 0; i < 10; i++) {
    clock.advance(1);
    pacer.markDirty();
  }
  clock.advance(100);
  expect(paints).toEqual([1000, 1016]);
  expect(clock.pending).toBe(0);
});

test("interactive output (urgent) paints within the interval, at most one such frame per interval", () => {
  const { clock, paints, pacer } = setup();
  pacer.markDirty(); // a flood's frame at 1000
  clock.flush();
  clock.advance(4);
  pacer.markDirty(true); // an echo 4 ms later: painted now, not at 1016
  clock.flush();
  expect(paints).toEqual([1000, 1004]);
  clock.advance(2);
  pacer.markDirty(true); // another within the interval of the last urgent frame: paced
  clock.flush();
  expect(paints).toEqual([1000, 1004]);
  clock.advance(100);
  expect(paints).toEqual([1000, 1004, 1020]);
  expect(clock.pending).toBe(0);
});

test("the answer to typed input (an echo) is urgent even right after another urgent frame", () => {
  const { clock, paints, pacer } = setup();
  pacer.markDirty(true); // an echo at 1000
  clock.flush();
  clock.advance(3);
  pacer.markDirty(true, true); // the next key's echo 3 ms later: painted now, not at 1016
  clock.flush();
  expect(paints).toEqual([1000, 1003]);
  clock.advance(100);
  expect(paints).toEqual([1000, 1003]);
  expect(clock.pending).toBe(0);
});

test("an urgent frame still waits for a client that has not drained", () => {
  const { clock, paints, pacer } = setup();
  pacer.setBusy(true);
  pacer.markDirty(true);
  clock.advance(50);
  expect(paints).toEqual([]);
  pacer.drained();
  clock.flush();
  expect(paints).toEqual([1050]);
});

test("a change long after the last frame paints at once", () => {
  const { clock, paints, pacer } = setup();
  pacer.markDirty();
  clock.advance(50);
  pacer.markDirty();
  clock.flush();
  expect(paints).toEqual([1000, 1050]);
});

test("no paint while the client is busy; one paint with the latest state when drained", () => {
  let state = 0;
  const seen: number[] = [];
  const { clock, paints, pacer } = setup(() => {
    seen.push(state);
  });
  pacer.markDirty();
  clock.flush();
  pacer.setBusy(true);
  for (let i = 0; i < 5; i++) {
    state = i + 1;
    pacer.markDirty();
    clock.advance(20);
  }
  expect(paints.length).toBe(1);
  expect(clock.pending).toBe(0);
  pacer.drained();
  clock.flush();
  expect(seen).toEqual([0, 5]);
});

test("drained with nothing new paints nothing", () => {
  const { clock, paints, pacer } = setup();
  pacer.setBusy(true);
  pacer.drained();
  clock.advance(100);
  expect(paints).toEqual([]);
});

test("a held pane gets a repaint when its hold expires", () => {
  let hold = 300;
  const { clock, paints, pacer } = setup(() => {
    const h = hold;
    hold = 0;
    return h;
  });
  pacer.markDirty();
  clock.flush();
  clock.advance(299);
  expect(paints).toEqual([1000]);
  clock.advance(1);
  expect(paints).toEqual([1000, 1300]);
  expect(clock.pending).toBe(0);
});

test("dispose cancels pending work", () => {
  const { clock, paints, pacer } = setup();
  pacer.markDirty();
  clock.flush();
  pacer.markDirty();
  pacer.dispose();
  clock.advance(100);
  expect(paints).toEqual([1000]);
  expect(clock.pending).toBe(0);
});
