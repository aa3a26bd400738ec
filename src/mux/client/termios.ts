// struct termios as glibc lays it out on x86-64 Linux, and raw mode made from it: pure, so the
// server (tty-modes.ts, through the PTY core's libc) and a client keeping its own terminal
// (src/cli/client-terminal.ts, with a few libc calls of its own) change the same bytes.

/** sizeof(struct termios): four tcflag_t, c_line, c_cc[32], two speeds. */
export const TERMIOS_SIZE = 60;
export const C_IFLAG = 0;
export const C_OFLAG = 4;
export const C_CFLAG = 8;
export const C_LFLAG = 12;
export const C_CC = 17;
export const NCCS = 32;
const VTIME = 5;
const VMIN = 6;
const BRKINT = 0o2, INPCK = 0o20, ISTRIP = 0o40, ICRNL = 0o400, IXON = 0o2000;
const ONLCR = 0o4;
const CS8 = 0o60;
const ISIG = 0o1, ICANON = 0o2, ECHO = 0o10, IEXTEN = 0o100000;
/** ioctl(TIOCGWINSZ): struct winsize's rows, cols, then pixels, as four u16. */
export const TIOCGWINSZ = 0x5413;

/**
 * Raw mode from `modes` as process.stdin.setRawMode(true) set it (libuv's UV_TTY_MODE_RAW,
 * which Bun copies): no echo, no line editing, no signals from keys, LF still written as CRLF.
 */
export function rawFrom(modes: Uint8Array): Uint8Array {
  const t = modes.slice();
  const v = new DataView(t.buffer);
  const and = (off: number, mask: number) => v.setUint32(off, v.getUint32(off, true) & ~mask, true);
  const or = (off: number, bits: number) => v.setUint32(off, v.getUint32(off, true) | bits, true);
  and(C_IFLAG, BRKINT | ICRNL | INPCK | ISTRIP | IXON);
  or(C_OFLAG, ONLCR);
  or(C_CFLAG, CS8);
  and(C_LFLAG, ECHO | ICANON | IEXTEN | ISIG);
  t[C_CC + VMIN] = 1;
  t[C_CC + VTIME] = 0;
  return t;
}

/** A struct winsize read by TIOCGWINSZ as its size, or null when it says none. */
export function sizeOf(ws: Uint16Array): { cols: number; rows: number } | null {
  const [rows = 0, cols = 0] = ws;
  return cols > 0 && rows > 0 ? { cols, rows } : null;
}
