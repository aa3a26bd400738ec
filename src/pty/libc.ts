// Every libc call weft makes, bound once through bun:ffi, with errors that name the call and errno.
// Sizes and constants are glibc on x86-64 Linux (checked on this project's machines; see shared/DESIGN.md).
import { dlopen, FFIType, ptr, read, toArrayBuffer, CString, type Pointer } from "bun:ffi";

const { i32, u32, i64, u64, ptr: P, i16 } = FFIType;

const lib = dlopen("libc.so.6", {
  __errno_location: { args: [], returns: P },
  posix_openpt: { args: [i32], returns: i32 },
  grantpt: { args: [i32], returns: i32 },
  unlockpt: { args: [i32], returns: i32 },
  ptsname_r: { args: [i32, P, u64], returns: i32 },
  open: { args: [P, i32, u32], returns: i32 },
  close: { args: [i32], returns: i32 },
  read: { args: [i32, P, u64], returns: i64 },
  write: { args: [i32, P, u64], returns: i64 },
  poll: { args: [P, u64, i32], returns: i32 },
  // ioctl is variadic; a fixed pointer third argument is ABI-compatible on x86-64 Linux.
  ioctl: { args: [i32, u64, P], returns: i32 },
  tcgetattr: { args: [i32, P], returns: i32 },
  tcsetattr: { args: [i32, i32, P], returns: i32 },
  cfmakeraw: { args: [P], returns: FFIType.void },
  tcgetpgrp: { args: [i32], returns: i32 },
  waitpid: { args: [i32, P, i32], returns: i32 },
  kill: { args: [i32, i32], returns: i32 },
  pidfd_open: { args: [i32, u32], returns: i32 },
  eventfd: { args: [u32, i32], returns: i32 },
  sigemptyset: { args: [P], returns: i32 },
  sigfillset: { args: [P], returns: i32 },
  posix_spawnattr_init: { args: [P], returns: i32 },
  posix_spawnattr_destroy: { args: [P], returns: i32 },
  posix_spawnattr_setflags: { args: [P, i16], returns: i32 },
  posix_spawnattr_setsigdefault: { args: [P, P], returns: i32 },
  posix_spawnattr_setsigmask: { args: [P, P], returns: i32 },
  posix_spawn_file_actions_init: { args: [P], returns: i32 },
  posix_spawn_file_actions_destroy: { args: [P], returns: i32 },
  posix_spawn_file_actions_addopen: { args: [P, i32, P, i32, u32], returns: i32 },
  posix_spawn_file_actions_adddup2: { args: [P, i32, i32], returns: i32 },
  posix_spawn_file_actions_addchdir_np: { args: [P, P], returns: i32 },
  posix_spawnp: { args: [P, P, P, P, P, P], returns: i32 },
  getsockopt: { args: [i32, i32, i32, P, P], returns: i32 },
  // The file calls of a new server's start (node-fs.ts).
  access: { args: [P, i32], returns: i32 },
  statx: { args: [i32, P, i32, u32, P], returns: i32 },
  chmod: { args: [P, u32], returns: i32 },
  unlink: { args: [P], returns: i32 },
});

type Symbols = typeof lib.symbols;

/**
 * Test seam: WEFT_TEST_SYSCALL_FAULTS="p[:seed]" makes the PTY layer's read, write, poll,
 * waitpid, ioctl and termios calls fail with EINTR (and read/write with EAGAIN) with
 * probability p, without making the call, as a signal or a full queue may. Worker threads
 * load this module too, so the gather worker gets the same. The eventfd wake-up writes
 * (signalEventfd) stay real: a lost wake-up is not a fault the kernel makes.
 */
function withInjectedFaults(real: Symbols, spec: string): Symbols {
  const [p, seed] = spec.split(":").map(Number);
  const probability = Math.min(1, Math.max(0, p || 0));
  let state = (seed || 1) >>> 0 || 1;
  const roll = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const errnoView = new Int32Array(toArrayBuffer(real.__errno_location() as Pointer, 0, 4));
  const fail = <T extends number | bigint>(code: number, result: T): T => {
    errnoView[0] = code;
    return result;
  };
  const eintr = (name: "poll" | "waitpid" | "ioctl" | "tcgetattr" | "tcsetattr") => {
    const f = real[name] as (...a: unknown[]) => number;
    return (...a: unknown[]) => (roll() < probability ? fail(EINTR, -1) : f(...a));
  };
  const eintrOrEagain = (name: "read" | "write") => {
    const f = real[name] as (...a: unknown[]) => bigint;
    return (...a: unknown[]) => (roll() < probability ? fail(roll() < 0.5 ? EINTR : EAGAIN, -1n) : f(...a));
  };
  const wrapped = {
    ...real,
    read: eintrOrEagain("read"),
    write: eintrOrEagain("write"),
    poll: eintr("poll"),
    waitpid: eintr("waitpid"),
    ioctl: eintr("ioctl"),
    tcgetattr: eintr("tcgetattr"),
    tcsetattr: eintr("tcsetattr"),
  };
  return wrapped as unknown as Symbols;
}

/**
 * The raw symbols, for the hot loops (the gather worker) that must not allocate per call.
 * Without the test seam's variable this is libc's own table: the hot loops pay nothing.
 */
export const sys: Symbols = process.env.WEFT_TEST_SYSCALL_FAULTS ? withInjectedFaults(lib.symbols, process.env.WEFT_TEST_SYSCALL_FAULTS) : lib.symbols;

// open(2) flags
export const O_RDWR = 0o2;
export const O_NOCTTY = 0o400;
export const O_NONBLOCK = 0o4000;
export const O_CLOEXEC = 0o2000000;
// poll(2) events
export const POLLIN = 0x1;
export const POLLOUT = 0x4;
export const POLLERR = 0x8;
export const POLLHUP = 0x10;
export const POLLNVAL = 0x20;
// ioctl requests
export const TIOCSWINSZ = 0x5414;
// waitpid
export const WNOHANG = 1;
// eventfd
export const EFD_CLOEXEC = 0o2000000;
export const EFD_NONBLOCK = 0o4000;
// posix_spawnattr flags (a C short)
export const POSIX_SPAWN_SETSIGDEF = 0x04;
export const POSIX_SPAWN_SETSIGMASK = 0x08;
export const POSIX_SPAWN_SETSID = 0x80;
// struct sizes (glibc x86-64)
export const SIZEOF_SPAWNATTR = 336;
export const SIZEOF_FILE_ACTIONS = 80;
export const SIZEOF_SIGSET = 128;
export const SIZEOF_TERMIOS = 60;
export const SIZEOF_POLLFD = 8;
export const TCSANOW = 0;

export const EINTR = 4;
export const EAGAIN = 11;
export const EIO = 5;
export const ECHILD = 10;
export const ESRCH = 3;

const ERRNO_NAMES: Record<number, [string, string]> = {
  1: ["EPERM", "Operation not permitted"],
  2: ["ENOENT", "No such file or directory"],
  3: ["ESRCH", "No such process"],
  4: ["EINTR", "Interrupted system call"],
  5: ["EIO", "Input/output error"],
  7: ["E2BIG", "Argument list too long"],
  8: ["ENOEXEC", "Exec format error"],
  9: ["EBADF", "Bad file descriptor"],
  10: ["ECHILD", "No child processes"],
  11: ["EAGAIN", "Resource temporarily unavailable"],
  12: ["ENOMEM", "Cannot allocate memory"],
  13: ["EACCES", "Permission denied"],
  14: ["EFAULT", "Bad address"],
  17: ["EEXIST", "File exists"],
  20: ["ENOTDIR", "Not a directory"],
  21: ["EISDIR", "Is a directory"],
  22: ["EINVAL", "Invalid argument"],
  23: ["ENFILE", "Too many open files in system"],
  24: ["EMFILE", "Too many open files"],
  25: ["ENOTTY", "Inappropriate ioctl for device"],
  28: ["ENOSPC", "No space left on device"],
  32: ["EPIPE", "Broken pipe"],
  36: ["ENAMETOOLONG", "File name too long"],
  38: ["ENOSYS", "Function not implemented"],
};

export function errnoName(code: number): string {
  return ERRNO_NAMES[code]?.[0] ?? `E${code}`;
}

/** An error from a libc call: `posix_spawnp: ENOENT (No such file or directory): nosuchprog`. */
export class SysError extends Error {
  constructor(
    readonly call: string,
    readonly errno: number,
    detail?: string,
  ) {
    const [name, text] = ERRNO_NAMES[errno] ?? [`E${errno}`, `error ${errno}`];
    super(`${call}: ${name} (${text})${detail ? `: ${detail}` : ""}`);
    this.name = "SysError";
  }
  get code(): string {
    return errnoName(this.errno);
  }
}

const errnoPtr = lib.symbols.__errno_location();

/** errno of the calling thread, read right after the failing call. */
export function errno(): number {
  return read.i32(errnoPtr as Pointer, 0);
}

/** Calls that return -1 and set errno: throw a SysError naming the call. Retries EINTR. */
export function check(call: string, f: () => number | bigint, detail?: string): number {
  for (;;) {
    const r = Number(f());
    if (r !== -1) return r;
    const e = errno();
    if (e === EINTR) continue;
    throw new SysError(call, e, detail);
  }
}

/** Calls that return an error number (posix_spawn*, ptsname_r) rather than setting errno. */
export function checkRc(call: string, rc: number, detail?: string): void {
  if (rc !== 0) throw new SysError(call, rc, detail);
}

/** A NUL-terminated copy of a JS string, for passing to C. Keep it referenced until the call returns. */
export function cstr(s: string): Buffer {
  return Buffer.from(s + "\0", "utf8");
}

export function readCString(buf: Uint8Array): string {
  return new CString(ptr(buf)).toString();
}

export function close(fd: number): void {
  // close(2) must not be retried on EINTR (Linux releases the fd regardless).
  lib.symbols.close(fd);
}

export function setWinsize(fd: number, cols: number, rows: number): void {
  const ws = new Uint16Array([rows, cols, 0, 0]);
  check("ioctl(TIOCSWINSZ)", () => sys.ioctl(fd, TIOCSWINSZ, ptr(ws)));
}


const IUTF8 = 0o40000; // c_iflag bit (Linux)

/**
 * Tell the line discipline that input is UTF-8 (IUTF8), as tmux does for its panes: in a cooked
 * line, backspace then erases a whole multi-byte character rather than its last byte.
 */
export function setUtf8Input(fd: number): void {
  const t = new Uint8Array(SIZEOF_TERMIOS);
  check("tcgetattr", () => sys.tcgetattr(fd, ptr(t)));
  const dv = new DataView(t.buffer);
  dv.setUint32(0, dv.getUint32(0, true) | IUTF8, true); // c_iflag is the first field
  check("tcsetattr", () => sys.tcsetattr(fd, TCSANOW, ptr(t)));
}

/** Put a terminal in raw mode (no echo, no line discipline, no output processing). */
export function makeRaw(fd: number): void {
  const t = new Uint8Array(SIZEOF_TERMIOS);
  check("tcgetattr", () => sys.tcgetattr(fd, ptr(t)));
  lib.symbols.cfmakeraw(ptr(t));
  check("tcsetattr", () => sys.tcsetattr(fd, TCSANOW, ptr(t)));
}

/** The foreground process group of a terminal (for pane_current_command), or -1. */
export function foregroundGroup(fd: number): number {
  return lib.symbols.tcgetpgrp(fd);
}

export function eventfd(): number {
  return check("eventfd", () => lib.symbols.eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
}

const one = new BigUint64Array([1n]);
/** Wake whoever polls an eventfd. Never blocks: a saturated counter is already a wake-up. */
export function signalEventfd(fd: number): void {
  lib.symbols.write(fd, ptr(one), 8);
}

let readyBuf = new Uint8Array(SIZEOF_POLLFD * 8);
/**
 * The indexes of the fds that have input waiting, after at most timeoutMs (0: just look).
 * Readiness only: nothing is read, so whoever owns the fd still sees all of it. An error or an
 * interrupted poll reads as nothing ready.
 */
export function readableFds(fds: readonly number[], timeoutMs = 0): number[] {
  const ready: number[] = [];
  if (fds.length === 0) return ready;
  if (readyBuf.length < fds.length * SIZEOF_POLLFD) readyBuf = new Uint8Array(fds.length * SIZEOF_POLLFD * 2);
  const dv = new DataView(readyBuf.buffer);
  for (let i = 0; i < fds.length; i++) {
    dv.setInt32(i * SIZEOF_POLLFD, fds[i]!, true);
    dv.setInt16(i * SIZEOF_POLLFD + 4, POLLIN, true);
    dv.setInt16(i * SIZEOF_POLLFD + 6, 0, true);
  }
  if (sys.poll(ptr(readyBuf), fds.length, timeoutMs) <= 0) return ready;
  for (let i = 0; i < fds.length; i++) if (dv.getInt16(i * SIZEOF_POLLFD + 6, true) & POLLIN) ready.push(i);
  return ready;
}

export const SIGNALS: Record<string, number> = {
  SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGBUS: 7, SIGFPE: 8,
  SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15,
  SIGCHLD: 17, SIGCONT: 18, SIGSTOP: 19, SIGTSTP: 20, SIGTTIN: 21, SIGTTOU: 22, SIGWINCH: 28,
};

export function signalNumber(sig: string | number): number {
  if (typeof sig === "number") return sig;
  const n = SIGNALS[sig.startsWith("SIG") ? sig : `SIG${sig}`];
  if (n === undefined) throw new Error(`unknown signal: ${sig}`);
  return n;
}

export function signalName(n: number): string {
  for (const [name, v] of Object.entries(SIGNALS)) if (v === n) return name;
  return `SIG${n}`;
}

export function killProcess(pid: number, sig: number): void {
  check("kill", () => lib.symbols.kill(pid, sig), String(pid));
}


const SOL_SOCKET = 1;
const SO_PEERCRED = 17;

/** struct ucred (pid, uid, gid) of the process at the other end of a connected Unix socket, or null. */
function peerCred(fd: number): Int32Array | null {
  const cred = new Int32Array(3);
  const len = new Uint32Array([12]);
  if (sys.getsockopt(fd, SOL_SOCKET, SO_PEERCRED, ptr(cred), ptr(len)) !== 0 || len[0] !== 12) return null;
  return cred;
}

/** The uid of the process at the other end of a connected Unix socket (SO_PEERCRED), or null. */
export function peerUid(fd: number): number | null {
  return peerCred(fd)?.[1] ?? null;
}

/** Its pid, as this process's /proc names it (a client in another PID namespace says another), or null. */
export function peerPid(fd: number): number | null {
  const pid = peerCred(fd)?.[0];
  return pid !== undefined && pid > 0 ? pid : null;
}

export const F_OK = 0;
export const X_OK = 1;
const AT_FDCWD = -100;
const STATX_TYPE_MODE = 0x3; // STATX_TYPE | STATX_MODE
const S_IFMT = 0o170000;
export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;

/** access(2): whether this process may reach `path` so (F_OK, X_OK), as node:fs's accessSync/existsSync ask. */
export function accessible(path: string, mode: number): boolean {
  if (path.includes("\0")) return false; // node:fs refuses such a path; C would see a shorter one
  return sys.access(cstr(path), mode) === 0;
}

/** The file type bits of st_mode (S_IFREG, S_IFDIR, ...) of `path`, symbolic links followed, as statSync sees it; null if it cannot be stat'ed. */
export function fileType(path: string): number | null {
  if (path.includes("\0")) return null;
  const buf = new Uint8Array(256); // struct statx; stx_mode is the u16 at offset 28
  if (sys.statx(AT_FDCWD, cstr(path), 0, STATX_TYPE_MODE, buf) !== 0) return null;
  return (buf[28]! | (buf[29]! << 8)) & S_IFMT;
}

/** Whether `path` is a directory, symbolic links followed (statSync(path).isDirectory(), false where it throws). */
export function isDirectory(path: string): boolean {
  return fileType(path) === S_IFDIR;
}

/** chmod(2), throwing a SysError. */
export function chmod(path: string, mode: number): void {
  const c = cstr(path);
  check("chmod", () => sys.chmod(c, mode), path);
}

/** unlink(2), throwing a SysError. */
export function unlink(path: string): void {
  const c = cstr(path);
  check("unlink", () => sys.unlink(c), path);
}

