// The gather worker: one thread blocks in poll() over every pane's PTY master, each child's
// pidfd and a wake eventfd, and moves output into each pane's ring of shared slots.
// The main thread owns every fd; this thread only reads, and reports exits.
import { ptr } from "bun:ffi";
import {
  sys,
  errno,
  EAGAIN,
  EINTR,
  EIO,
  POLLIN,
  POLLOUT,
  POLLHUP,
  POLLERR,
  POLLNVAL,
  WNOHANG,
  SIZEOF_POLLFD,
} from "./libc.ts";
import {
  SLOT_COUNT,
  SLOT_SIZE,
  SMALL_BATCH,
  BRIDGE_MS,
  CTL_WANT_WRITE,
  SEQ_CONTROL,
  SEQ_SMALL,
  CTL_READER,
  CTL_PASSED,
  CTL_HELD,
  READER_NONE,
  READER_MAIN,
  READER_WORKER,
  SLOT_FREE,
  SLOT_IN_FLIGHT,
  type ToWorker,
  type FromWorker,
} from "./channel-layout.ts";

declare const self: Worker;

/**
 * After a child exits, how long to wait for the PTY to report end of file before reporting
 * the exit anyway. EOF normally follows within microseconds; it never comes when a background
 * process the child started still holds the terminal open.
 */
const EXIT_GRACE_MS = 50;

interface Pane {
  id: number;
  fd: number;
  pidfd: number;
  pid: number;
  ring: Uint8Array;
  base: number;
  ctl: Int32Array;
  cur: number; // the slot being filled; owned by this thread
  fill: number; // bytes in it
  firstByteAt: number; // when its first byte arrived, for the bridge
  stalled: boolean; // every slot is in flight: the fd is out of the poll set
  eof: boolean;
  exited: boolean;
  exitedAt: number;
  code: number | null;
  signal: number | null;
}

const panes = new Map<number, Pane>();
/** Fds that are not panes' whose writability is wanted, by watch id ("watchWrite"); reported once. */
const writeWatches = new Map<number, number>();
let wakeFd = -1;
let seq: Int32Array | null = null; // the shared counters (SEQ_*)
let handled = 0;
let running = true;

const wakeBuf = new BigUint64Array(1);
const statusBuf = new Int32Array(1);
let pollBuf = new Uint8Array(SIZEOF_POLLFD * 64);
// What each pollfd entry stands for: a pane and whether it is the master (0) or pidfd (1); for
// a write watch, no pane and the watch's id (kind 2 + id).
let pollPane: (Pane | null)[] = [];
let pollKind: number[] = [];
const KIND_WATCH = 2;

function post(m: FromWorker): void {
  self.postMessage(m);
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  switch (m.t) {
    case "init":
      wakeFd = m.wakeFd;
      seq = new Int32Array(m.seq);
      handled++;
      void loop();
      return;
    case "add": {
      const ring = new Uint8Array(m.ring);
      panes.set(m.id, {
        id: m.id,
        fd: m.fd,
        pidfd: m.pidfd,
        pid: m.pid,
        ring,
        base: Number(ptr(ring)),
        ctl: new Int32Array(m.ctl),
        cur: 0,
        fill: 0,
        firstByteAt: 0,
        stalled: false,
        eof: false,
        exited: false,
        exitedAt: 0,
        code: null,
        signal: null,
      });
      break;
    }
    case "clock":
      // The process's first local-time conversion loads the time-zone data (~4 ms, ~1 MiB
      // resident). A client's first status line (%H:%M) would pay it on the main thread, in
      // the first frame, while the first pane's output waits; the data is process-wide (the
      // main thread's first conversion then costs ~0.15 ms). Only when a client with a
      // terminal comes: a server no client attaches to may never need it.
      new Date().getHours();
      break;
    case "watchWrite":
      writeWatches.set(m.id, m.fd);
      break;
    case "remove":
      panes.delete(m.id);
      post({ t: "removed", id: m.id });
      break;
    case "stop":
      running = false;
      break;
  }
  handled++;
};

/** Let queued control messages run: the main thread bumps seq[0] before each wake. setImmediate
 * hands the turn to the message queue at once (setTimeout(0) cost ~1 ms per added pane). */
async function catchUp(): Promise<void> {
  while (seq && Atomics.load(seq, SEQ_CONTROL) !== handled) await new Promise((r) => setImmediate(r));
}

function publish(p: Pane): void {
  Atomics.store(p.ctl, p.cur, SLOT_IN_FLIGHT);
  // Short batches are interactive output: counted before the message is posted, so a busy main
  // thread knows one is on its way (GatherHost.outputWaiting).
  if (p.fill < SMALL_BATCH && seq) Atomics.add(seq, SEQ_SMALL, 1);
  post({ t: "data", id: p.id, slot: p.cur, length: p.fill });
  p.cur = (p.cur + 1) % SLOT_COUNT;
  p.fill = 0;
  Atomics.store(p.ctl, CTL_HELD, 0);
  p.stalled = Atomics.load(p.ctl, p.cur) !== SLOT_FREE;
}

/**
 * Read until the slot fills, the kernel queue is empty, or the child side is closed. Not while
 * the main thread reads the master itself (PaneChannel.readNow): the fd stays readable, so the
 * next poll comes straight back here.
 */
function readPane(p: Pane, hup: boolean, now: number): void {
  if (Atomics.compareExchange(p.ctl, CTL_READER, READER_NONE, READER_WORKER) !== READER_NONE) return;
  try {
    readPaneLocked(p, hup, now);
  } finally {
    Atomics.store(p.ctl, CTL_HELD, p.fill);
    Atomics.store(p.ctl, CTL_READER, READER_NONE);
  }
}

function readPaneLocked(p: Pane, hup: boolean, now: number): void {
  for (;;) {
    if (p.stalled) return;
    const n = Number(sys.read(p.fd, p.base + p.cur * SLOT_SIZE + p.fill, SLOT_SIZE - p.fill));
    if (n > 0) {
      if (p.fill === 0) p.firstByteAt = now;
      p.fill += n;
      if (p.fill === SLOT_SIZE) publish(p);
      continue;
    }
    const e = n === 0 ? EIO : errno();
    if (e === EINTR) continue;
    if (e === EAGAIN && !hup) {
      // An empty queue: a short batch is interactive output, publish it now; a long one
      // waits up to BRIDGE_MS for the rest of the burst (flushBridges).
      if (p.fill > 0 && p.fill < SMALL_BATCH) publish(p);
      return;
    }
    // EIO (or a hang-up with nothing left): every slave fd is closed and the queue is drained.
    p.eof = true;
    if (p.fill > 0) publish(p);
    return;
  }
}

function reap(p: Pane, now: number): void {
  for (;;) {
    const r = sys.waitpid(p.pid, ptr(statusBuf), WNOHANG);
    if (r === -1 && errno() === EINTR) continue;
    if (r === 0) return; // pidfd fired early: not reapable yet
    const s = statusBuf[0] ?? 0;
    if (r === p.pid) {
      if ((s & 0x7f) === 0) p.code = (s >> 8) & 0xff;
      else p.signal = s & 0x7f;
    }
    // r === -1 (ECHILD): someone else reaped it; report an unknown status rather than hang.
    p.exited = true;
    p.exitedAt = now;
    return;
  }
}

/** Publish long batches that have waited BRIDGE_MS; report exits whose output is all out. */
function flushAndFinish(now: number): number {
  let timeout = -1;
  const wait = (ms: number) => {
    const t = Math.max(0, Math.ceil(ms));
    if (timeout < 0 || t < timeout) timeout = t;
  };
  for (const p of panes.values()) {
    if (p.fill > 0 && !p.stalled) {
      const left = p.firstByteAt + BRIDGE_MS - now;
      if (left <= 0 || p.eof || p.exited) publish(p);
      else wait(left);
    }
    if (p.exited && !p.eof && now - p.exitedAt >= EXIT_GRACE_MS && !p.stalled) {
      readPane(p, false, now); // whatever is still queued, then give up waiting for EOF
      if (p.fill > 0 && !p.stalled) publish(p);
      if (!p.stalled && p.fill === 0) p.eof = true;
    }
    if (p.exited && p.eof && p.fill === 0) {
      panes.delete(p.id);
      post({ t: "exit", id: p.id, code: p.code, signal: p.signal });
    } else if (p.exited && !p.eof && !p.stalled) {
      wait(p.exitedAt + EXIT_GRACE_MS - now);
    }
  }
  return timeout;
}

function buildPollSet(): number {
  const want = 1 + panes.size * 2 + writeWatches.size;
  if (pollBuf.length < want * SIZEOF_POLLFD) pollBuf = new Uint8Array(want * SIZEOF_POLLFD * 2);
  const dv = new DataView(pollBuf.buffer);
  let n = 0;
  const add = (fd: number, events: number, pane: Pane | null, kind: number) => {
    dv.setInt32(n * SIZEOF_POLLFD, fd, true);
    dv.setInt16(n * SIZEOF_POLLFD + 4, events, true);
    dv.setInt16(n * SIZEOF_POLLFD + 6, 0, true);
    pollPane[n] = pane;
    pollKind[n] = kind;
    n++;
  };
  add(wakeFd, POLLIN, null, 0);
  for (const p of panes.values()) {
    if (p.stalled && Atomics.load(p.ctl, p.cur) === SLOT_FREE) p.stalled = false;
    let ev = 0;
    // Not while the main thread reads it (PaneChannel.readNow, waiting for a key's echo): the
    // echo would bring this poll straight back, again and again until that read is done, and
    // the spinning thread kept the main thread from its CPU (a few ms in ~10% of idle echoes).
    // Only when it looks held is CTL_PASSED set, then the word read again: a let-go between
    // the two is seen there, one after it finds CTL_PASSED set (a stale 1 costs one wake).
    if (!p.stalled && !p.eof) {
      let held = Atomics.load(p.ctl, CTL_READER) === READER_MAIN;
      if (held) {
        Atomics.store(p.ctl, CTL_PASSED, 1);
        held = Atomics.load(p.ctl, CTL_READER) === READER_MAIN;
      }
      if (!held) ev |= POLLIN;
    }
    if (!p.eof && Atomics.load(p.ctl, CTL_WANT_WRITE) === 1) ev |= POLLOUT;
    if (ev) add(p.fd, ev, p, 0);
    if (!p.exited) add(p.pidfd, POLLIN, p, 1);
  }
  for (const [id, fd] of writeWatches) add(fd, POLLOUT, null, KIND_WATCH + id);
  return n;
}

async function loop(): Promise<void> {
  try {
    while (running) {
      await catchUp();
      if (!running) break;
      const now0 = performance.now();
      // Panes unstalled by a released slot may hold a finished exit or a bridge to flush.
      const timeout = flushAndFinish(now0);
      const n = buildPollSet();
      const dv = new DataView(pollBuf.buffer);
      const r = sys.poll(ptr(pollBuf), n, timeout);
      if (r < 0) {
        if (errno() === EINTR) continue;
        throw new Error(`poll: errno ${errno()}`);
      }
      const now = performance.now();
      for (let i = 0; i < n && r > 0; i++) {
        const rev = dv.getInt16(i * SIZEOF_POLLFD + 6, true);
        if (rev === 0) continue;
        const p = pollPane[i];
        if (!p && pollKind[i]! >= KIND_WATCH) {
          // Writable, or an error (a closed fd): either way its owner looks again.
          const id = pollKind[i]! - KIND_WATCH;
          writeWatches.delete(id);
          post({ t: "writable", id });
          continue;
        }
        if (!p) {
          sys.read(wakeFd, ptr(wakeBuf), 8); // drain the wake counter
          continue;
        }
        if (pollKind[i] === 1) {
          reap(p, now);
          continue;
        }
        if (rev & POLLOUT) {
          Atomics.store(p.ctl, CTL_WANT_WRITE, 0);
          post({ t: "writable", id: p.id });
        }
        if (rev & (POLLIN | POLLHUP | POLLERR | POLLNVAL)) readPane(p, (rev & (POLLHUP | POLLERR | POLLNVAL)) !== 0 && (rev & POLLIN) === 0, now);
      }
    }
  } catch (err) {
    post({ t: "fatal", message: String(err instanceof Error ? err.stack ?? err.message : err) });
  }
}
