// The main thread's side of the gather worker: starts it, registers panes, routes its
// messages to each pane's channel, and hands slots back when their consumer is done.
import { ptr } from "bun:ffi";
import { eventfd, signalEventfd, sys, errno, EINTR, readableFds } from "./libc.ts";
import {
  SLOT_COUNT,
  SLOT_SIZE,
  CTL_WORDS,
  CTL_WANT_WRITE,
  SEQ_CONTROL,
  SEQ_SMALL,
  SEQ_WORDS,
  CTL_READER,
  CTL_HELD,
  CTL_PASSED,
  READER_NONE,
  READER_MAIN,
  SMALL_BATCH,
  SLOT_FREE,
  type ToWorker,
  type FromWorker,
} from "./channel-layout.ts";

/** What the gather host reports to a pane's owner (the Pty). */
export interface ChannelSink {
  data(bytes: Uint8Array, release: () => void): void;
  writable(): void;
  exit(code: number | null, signal: number | null): void;
  removed(): void;
}

/** A pane's ring as the main thread sees it. */
export class PaneChannel {
  readonly ring = new SharedArrayBuffer(SLOT_COUNT * SLOT_SIZE);
  readonly ctl = new SharedArrayBuffer(CTL_WORDS * 4);
  private readonly ctlWords = new Int32Array(this.ctl);
  private readonly bytes = new Uint8Array(this.ring);

  constructor(
    readonly id: number,
    private readonly host: GatherHost,
  ) {}

  view(slot: number, length: number): Uint8Array {
    return this.bytes.subarray(slot * SLOT_SIZE, slot * SLOT_SIZE + length);
  }

  release(slot: number): void {
    Atomics.store(this.ctlWords, slot, SLOT_FREE);
    this.host.wake();
  }

  /**
   * Read the master on this thread, at most `buf.length` bytes, when the worker holds none of
   * the pane's output: no slot in flight or unparsed, nothing held for the bridge. The reader
   * word keeps the worker off the fd meanwhile, so nothing can overtake. Returns the bytes read
   * (a copy), or null when there were none or the worker has some.
   *
   * For a main thread busy parsing a flood: the worker shares its process's CPU share with a
   * main thread that uses all of it, and beside four `yes` panes waited up to ~50 ms for a CPU
   * before it read a keystroke's echo (bench:e2e; with the process's autogroup at nice -10 the
   * wait went). Reading a quiet pane here between slices takes the worker out of that path.
   *
   * `waitMs` > 0 first waits up to that long for the fd to become readable, holding the reader
   * word so that the answer is read here (Pty.flush, after a keystroke).
   */
  readNow(fd: number, buf: Uint8Array, waitMs = 0): Uint8Array | null {
    const ctl = this.ctlWords;
    if (Atomics.compareExchange(ctl, CTL_READER, READER_NONE, READER_MAIN) !== READER_NONE) return null;
    try {
      if (Atomics.load(ctl, CTL_HELD) !== 0) return null;
      for (let i = 0; i < SLOT_COUNT; i++) if (Atomics.load(ctl, i) !== SLOT_FREE) return null;
      if (waitMs > 0 && readableFds([fd], waitMs).length === 0) return null;
      let total = 0;
      while (total < buf.length) {
        const n = Number(sys.read(fd, ptr(buf, total), buf.length - total));
        if (n > 0) total += n;
        else if (n < 0 && errno() === EINTR) continue;
        else break; // EAGAIN, or the end (EIO): the worker sees it and reports the exit
      }
      return total > 0 ? buf.slice(0, total) : null;
    } finally {
      Atomics.store(ctl, CTL_READER, READER_NONE);
      if (Atomics.exchange(ctl, CTL_PASSED, 0) === 1) this.host.wake(); // it polls without the fd: put it back
    }
  }

  /** Ask the worker to report when the master takes writes again. */
  wantWrite(): void {
    Atomics.store(this.ctlWords, CTL_WANT_WRITE, 1);
    this.host.wake();
  }
}

export class GatherHost {
  private readonly worker: Worker;
  private readonly wakeFd: number;
  private readonly seqBuf = new SharedArrayBuffer(SEQ_WORDS * 4);
  private readonly seq = new Int32Array(this.seqBuf);
  private readonly sinks = new Map<number, { channel: PaneChannel; sink: ChannelSink }>();
  /** whenWritable's callers, by watch id (from the same counter as panes' ids). */
  private readonly writeWaiters = new Map<number, () => void>();
  private nextId = 1;
  private refd = false;
  /** Short batches handled here; the worker counts those it published in SEQ_SMALL. */
  private smallHandled = 0;
  private clockWarmed = false;

  constructor() {
    this.wakeFd = eventfd();
    this.worker = new Worker(workerUrl());
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.onMessage(e.data);
    // Without its worker no pane would ever produce output: fail loudly, never hang.
    this.worker.onerror = (e) => {
      throw new Error(`gather worker failed: ${e.message}`);
    };
    this.worker.unref();
    this.send({ t: "init", wakeFd: this.wakeFd, seq: this.seqBuf });
  }

  get paneCount(): number {
    return this.sinks.size;
  }

  add(fd: number, pidfd: number, pid: number, sink: ChannelSink): PaneChannel {
    const id = this.nextId++;
    const channel = new PaneChannel(id, this);
    this.sinks.set(id, { channel, sink });
    this.updateRef();
    this.send({ t: "add", id, fd, pidfd, pid, ring: channel.ring, ctl: channel.ctl });
    return channel;
  }

  /** Stop reading a pane before it has exited; sink.removed() runs once the worker let go of its fds. */
  remove(id: number): void {
    this.send({ t: "remove", id });
  }

  /**
   * Runs `then` once `fd` (not a pane's: a client's terminal) takes writes again, or fails: the
   * main thread has no fd watcher of its own, and the worker polls anyway.
   */
  whenWritable(fd: number, then: () => void): void {
    const id = this.nextId++;
    this.writeWaiters.set(id, then);
    this.send({ t: "watchWrite", id, fd });
  }

  /** Have the worker load the time-zone data, once, for a client that will draw a clock. */
  warmClock(): void {
    if (this.clockWarmed) return;
    this.clockWarmed = true;
    this.send({ t: "clock" });
  }

  wake(): void {
    signalEventfd(this.wakeFd);
  }

  /**
   * The worker has published a short batch (interactive output) whose message this thread has
   * not handled yet: a busy main thread should give the event loop its turn.
   */
  outputWaiting(): boolean {
    return Atomics.load(this.seq, SEQ_SMALL) !== this.smallHandled;
  }

  private send(m: ToWorker): void {
    Atomics.add(this.seq, SEQ_CONTROL, 1);
    this.worker.postMessage(m);
    this.wake();
  }

  /** The worker keeps the process alive only while it has panes to read. */
  private updateRef(): void {
    const want = this.sinks.size > 0;
    if (want === this.refd) return;
    this.refd = want;
    if (want) this.worker.ref();
    else this.worker.unref();
  }

  private onMessage(m: FromWorker): void {
    if (m.t === "fatal") throw new Error(`gather worker failed: ${m.message}`);
    if (m.t === "data" && m.length < SMALL_BATCH) this.smallHandled++; // even for a pane gone since
    const waiter = m.t === "writable" ? this.writeWaiters.get(m.id) : undefined;
    if (waiter) {
      this.writeWaiters.delete(m.id);
      return waiter();
    }
    const entry = this.sinks.get(m.id);
    if (!entry) return;
    const { channel, sink } = entry;
    switch (m.t) {
      case "data": {
        let released = false;
        sink.data(channel.view(m.slot, m.length), () => {
          if (released) return;
          released = true;
          channel.release(m.slot);
        });
        return;
      }
      case "writable":
        sink.writable();
        return;
      case "exit":
        this.sinks.delete(m.id);
        this.updateRef();
        sink.exit(m.code, m.signal);
        return;
      case "removed":
        this.sinks.delete(m.id);
        this.updateRef();
        sink.removed();
        return;
    }
  }
}

/**
 * Where the worker's module is. From source, beside this file. In the executable made by
 * `bun build --compile src/cli/main.ts src/pty/gather-worker.ts`, the bundle's modules all
 * report the main entry's URL (/$bunfs/root/main) and the worker entry keeps its path below
 * the entries' common folder: /$bunfs/root/pty/gather-worker.js. The e2e tests catch a change.
 */
function workerUrl(): URL {
  if (import.meta.url.includes("/$bunfs/")) return new URL("./pty/gather-worker.js", import.meta.url);
  return new URL("./gather-worker.ts", import.meta.url);
}

let host: GatherHost | null = null;

/** GatherHost.outputWaiting of the process's worker; false while there is none. */
export function outputWaiting(): boolean {
  return host?.outputWaiting() ?? false;
}

/**
 * A client with a terminal has come: its first frame's status line needs local time, whose
 * first conversion (~4 ms) the worker does meanwhile. Nothing without a worker.
 */
export function warmClock(): void {
  host?.warmClock();
}

/** The process's one gather worker, started on first use. */
export function gatherHost(): GatherHost {
  host ??= new GatherHost();
  return host;
}
