// What the server learns and sets on an attached client's terminal, as tmux's server does
// (tty_start_tty, tty_stop_tty): its name, device and size from the client's stdin, raw mode
// while attached and the modes it found on every way out. The client then loads neither libc's
// bindings nor node:fs: an attached client is an empty Bun program that waits.
import { nodeFs } from "../../pty/node-fs.ts";
import { ptr } from "bun:ffi";
import { sys, errno, EINTR, SIZEOF_TERMIOS, TCSANOW } from "../../pty/libc.ts";
import type { TerminalInfo } from "./protocol.ts";
import { C_CC, C_CFLAG, C_IFLAG, C_LFLAG, C_OFLAG, NCCS, TIOCGWINSZ, sizeOf } from "./termios.ts";

/** A libc call again while a signal interrupts it (EINTR). */
function retry(call: () => number): boolean {
  for (;;) {
    if (call() === 0) return true;
    if (errno() !== EINTR) return false;
  }
}

/** The terminal's modes now (tcgetattr), or null when `fd` is no terminal. */
export function getModes(fd: number): Uint8Array | null {
  const t = new Uint8Array(SIZEOF_TERMIOS + 4);
  return retry(() => sys.tcgetattr(fd, ptr(t))) ? t : null;
}

/**
 * Set `modes` at once (TCSANOW: never wait for output to drain, which a stalled terminal would
 * make the whole server wait for). Output already written was processed as it was written.
 */
export function setModes(fd: number, modes: Uint8Array): boolean {
  return retry(() => sys.tcsetattr(fd, TCSANOW, ptr(modes)));
}

/**
 * `modes` as `stty -g` prints them (and `stty` takes them back): the four flag words, then each
 * control character, in hex. The client keeps this to restore its terminal by running stty
 * should the server die while it is attached.
 */
export function sttyForm(modes: Uint8Array): string {
  const v = new DataView(modes.buffer, modes.byteOffset);
  const flags = [C_IFLAG, C_OFLAG, C_CFLAG, C_LFLAG].map((o) => v.getUint32(o, true).toString(16));
  const cc = Array.from(modes.subarray(C_CC, C_CC + NCCS), (c) => c.toString(16));
  return [...flags, ...cc].join(":");
}

/** The terminal's size (TIOCGWINSZ), or null when it says none. */
export function windowSize(fd: number): { cols: number; rows: number } | null {
  const ws = new Uint16Array(4);
  return retry(() => sys.ioctl(fd, TIOCGWINSZ, ptr(ws))) ? sizeOf(ws) : null;
}

/** Open the terminal device at `path` as ClientTty does (ours, non-blocking, never our controlling terminal). */
export function openTerminal(path: string): number {
  const { O_RDWR, O_NOCTTY, O_NONBLOCK } = nodeFs().constants;
  return nodeFs().openSync(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
}

/**
 * The terminal of the client process `pid`, read from its stdin and stdout (/proc/PID/fd/0 and
 * 1): its device's name (/dev/pts/N) and size, and its device number when stdout is the same
 * terminal (then the server may read and draw on it itself). Where /proc does not tell (another
 * mount namespace), the terminal is unnamed, 80x24, and the client relays.
 */
export function clientTerminal(pid: number, term: string): TerminalInfo {
  const info: TerminalInfo = { cols: 80, rows: 24, term, pid };
  try {
    const tty = nodeFs().readlinkSync(`/proc/${pid}/fd/0`);
    if (!tty.startsWith("/")) return info;
    info.tty = tty;
    const rdev = nodeFs().statSync(`/proc/${pid}/fd/0`).rdev;
    if (nodeFs().statSync(`/proc/${pid}/fd/1`).rdev === rdev) info.rdev = rdev;
    const fd = openTerminal(tty);
    try {
      Object.assign(info, windowSize(fd));
    } finally {
      nodeFs().closeSync(fd);
    }
  } catch {
    // what could be learnt stays
  }
  return info;
}
