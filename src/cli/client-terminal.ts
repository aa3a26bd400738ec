// The client process's terminal through a few libc calls (bun:ffi): raw mode, its size, its
// device and name, and synchronous writes. node:tty's streams (process.stdin.setRawMode,
// process.stdout.columns) cost an attached client ~8 MiB of resident memory and node:fs ~4 MiB;
// these calls ~3 MiB, and only a client on a terminal loads this module.
import { dlopen, FFIType, ptr, read, type Pointer } from "bun:ffi";
import { TERMIOS_SIZE, TIOCGWINSZ, rawFrom, sizeOf } from "../mux/client/termios.ts";

const { i32, u64, i64, ptr: P } = FFIType;

const libc = dlopen("libc.so.6", {
  __errno_location: { args: [], returns: P },
  tcgetattr: { args: [i32, P], returns: i32 },
  tcsetattr: { args: [i32, i32, P], returns: i32 },
  // ioctl is variadic; a fixed pointer third argument is ABI-compatible on x86-64 Linux.
  ioctl: { args: [i32, u64, P], returns: i32 },
  fstat: { args: [i32, P], returns: i32 },
  readlink: { args: [P, P, u64], returns: i64 },
  write: { args: [i32, P, u64], returns: i64 },
}).symbols;

// glibc on x86-64 Linux: struct stat (st_rdev at byte 40); struct termios is termios.ts's.
const TCSADRAIN = 1;
const STAT_SIZE = 144;
const ST_RDEV = 40;
const EINTR = 4;
const EAGAIN = 11;

const errno = (): number => read.i32(libc.__errno_location() as Pointer, 0);

/** The terminal's modes as they were before raw mode: what every way out gives back. */
let saved: Uint8Array | null = null;

function setAttr(fd: number, t: Uint8Array): boolean {
  for (;;) {
    if (libc.tcsetattr(fd, TCSADRAIN, ptr(t)) === 0) return true;
    if (errno() !== EINTR) return false;
  }
}

/**
 * Raw mode on the terminal at `fd`, exactly as process.stdin.setRawMode(true) set it before
 * (libuv's UV_TTY_MODE_RAW, which Bun copies): no echo, no line editing, no signals from keys,
 * output still turning LF into CRLF. The first call keeps the modes it found.
 */
export function setRawMode(fd: number): boolean {
  const t = new Uint8Array(TERMIOS_SIZE);
  if (libc.tcgetattr(fd, ptr(t)) !== 0) return false;
  saved ??= t.slice();
  return setAttr(fd, rawFrom(t));
}

/** The modes raw mode found (setRawMode(false) before). */
export function restoreMode(fd: number): void {
  if (saved) setAttr(fd, saved);
}

/** The terminal's size (TIOCGWINSZ), or null when `fd` is none or says 0. */
export function windowSize(fd: number): { cols: number; rows: number } | null {
  const ws = new Uint16Array(4);
  return libc.ioctl(fd, BigInt(TIOCGWINSZ), ptr(ws)) === 0 ? sizeOf(ws) : null;
}

/** The device number (st_rdev) of what `fd` is, or undefined. */
export function deviceOf(fd: number): number | undefined {
  const st = new Uint8Array(STAT_SIZE);
  if (libc.fstat(fd, ptr(st)) !== 0) return undefined;
  return Number(new DataView(st.buffer).getBigUint64(ST_RDEV, true));
}

/** Where a link points (the terminal's /dev/pts/N from /proc/self/fd/0), or undefined. */
export function readLink(path: string): string | undefined {
  const name = Buffer.from(path + "\0", "utf8");
  const out = new Uint8Array(4096);
  const n = Number(libc.readlink(ptr(name), ptr(out), out.length));
  return n > 0 ? Buffer.from(out.subarray(0, n)).toString("utf8") : undefined;
}

/** Write all of `bytes` to `fd` before returning, as node:fs's writeSync loop did; a closed one takes nothing more. */
export function writeAll(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) {
    const n = Number(libc.write(fd, ptr(bytes, off), bytes.length - off));
    if (n > 0) off += n;
    else if (n < 0 && (errno() === EINTR || errno() === EAGAIN)) continue;
    else return;
  }
}
