// Constants and message shapes shared by the gather worker and the main thread.
// Kept apart from the worker: importing the worker's module would run its loop on the importing thread.

/**
 * Slots per pane. The worker fills one while the consumer parses the others; memory is bounded
 * at SLOT_COUNT × SLOT_SIZE per pane whatever the child writes. Four kept bench:pty's bare
 * drain at kernel speed, but behind a server thread that also paints, collects and serves
 * clients, the worker ran out of slots and `cat` waited: bench:e2e, `cat` of 1,048,576 lines,
 * medians of 9 in one run, 4 slots 497 ms, 8 slots 434 ms, 16 slots 418 ms (no multiplexer
 * 361 ms); 16 MiB of ASCII 413 / 340 / 396 ms. 4 slots of 128 KiB: 507 ms.
 */
export const SLOT_COUNT = 8;

/**
 * Bytes per slot. Kernel PTY reads arrive in 2.7–4.5 KiB pieces; coalescing into 64 KiB cut
 * the batches for 64 MiB from ~15,000 to ~1,000 at no cost in throughput (shared/DESIGN.md).
 */
export const SLOT_SIZE = 64 * 1024;

/**
 * A batch smaller than this that meets an empty kernel queue is published at once: it is
 * interactive output (an echo, a prompt) and its latency matters more than its size.
 */
export const SMALL_BATCH = 1024;

/**
 * How long a slot holding at least SMALL_BATCH bytes may wait for more before it is published.
 * Under a flood the kernel refills within microseconds, so this only bounds the delay of the
 * last piece of a burst; it is never a timer while the pane is idle.
 */
export const BRIDGE_MS = 2;

/**
 * Words of the process-wide shared counters (Int32Array over the "init" message's SharedArrayBuffer).
 * SEQ_CONTROL: control messages the main thread has posted (the worker catches up to it).
 * SEQ_SMALL: short batches (< SMALL_BATCH) the worker has published (counted before posting).
 */
export const SEQ_CONTROL = 0;
export const SEQ_SMALL = 1;
export const SEQ_WORDS = 2;

/** Layout of a pane's control words (Int32Array over a SharedArrayBuffer). */
export const CTL_SLOT0 = 0; // SLOT_COUNT words: SLOT_FREE or SLOT_IN_FLIGHT
export const CTL_WANT_WRITE = SLOT_COUNT; // 1 while the main thread has queued bytes the kernel refused
/** Who is reading the master: READER_NONE, READER_WORKER or READER_MAIN (PaneChannel.readNow). */
export const CTL_READER = SLOT_COUNT + 1;
/** Bytes the worker has read into its current slot and not published yet. */
export const CTL_HELD = SLOT_COUNT + 2;
/**
 * 1 while the worker may have left the master out of its poll because the main thread held it
 * (READER_MAIN): the main thread wakes the worker when it lets go. The worker sets it before
 * its last look at CTL_READER, so a let-go can never fall between that look and its poll unnoticed.
 */
export const CTL_PASSED = SLOT_COUNT + 3;
export const CTL_WORDS = SLOT_COUNT + 4;

export const READER_NONE = 0;
export const READER_WORKER = 1;
export const READER_MAIN = 2;

export const SLOT_FREE = 0;
export const SLOT_IN_FLIGHT = 1;

/** Main thread → worker. Every message is followed by a write to the wake eventfd. */
export type ToWorker =
  | { t: "init"; wakeFd: number; seq: SharedArrayBuffer }
  | { t: "add"; id: number; fd: number; pidfd: number; pid: number; ring: SharedArrayBuffer; ctl: SharedArrayBuffer }
  | { t: "remove"; id: number }
  /** Report (as "writable" with this id) once the fd takes writes: an fd that is not a pane's (ClientTty). */
  | { t: "watchWrite"; id: number; fd: number }
  /** Load the time-zone data now (a client with a terminal is coming: its status line's clock). */
  | { t: "clock" }
  | { t: "stop" };

/** Worker → main thread. */
export type FromWorker =
  | { t: "data"; id: number; slot: number; length: number }
  | { t: "writable"; id: number }
  | { t: "exit"; id: number; code: number | null; signal: number | null }
  | { t: "removed"; id: number }
  | { t: "fatal"; message: string };
