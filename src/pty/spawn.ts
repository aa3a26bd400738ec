// Spawning a program in a new pseudo-terminal without fork in the VM (posix_spawnp), and the
// handle the rest of weft drives it through: write, resize, kill, output and exit.
import { ptr } from "bun:ffi";
import {
  sys,
  check,
  checkRc,
  cstr,
  readCString,
  close,
  setWinsize,
  makeRaw,
  setUtf8Input,
  errno,
  signalNumber,
  killProcess,
  foregroundGroup,
  SysError,
  O_RDWR,
  O_NOCTTY,
  O_NONBLOCK,
  O_CLOEXEC,
  EAGAIN,
  EINTR,
  POSIX_SPAWN_SETSID,
  POSIX_SPAWN_SETSIGDEF,
  POSIX_SPAWN_SETSIGMASK,
  SIZEOF_SPAWNATTR,
  SIZEOF_FILE_ACTIONS,
  SIZEOF_SIGSET,
  accessible,
  fileType,
  X_OK,
  S_IFREG,
  S_IFDIR,
  isDirectory,
} from "./libc.ts";
import { gatherHost, type PaneChannel } from "./gather.ts";

/** Input queued for a program that is not reading is packed into chunks of this size. */
const WRITE_CHUNK = 64 * 1024;

/** tmux refuses windows larger than this; so do we. */
export const MAX_DIMENSION = 10000;

export interface SpawnOptions {
  file: string;
  args?: string[];
  /** The child's whole environment: nothing is inherited implicitly. */
  env?: Record<string, string>;
  cwd?: string;
  cols: number;
  rows: number;
  /** Start the terminal in raw mode (no echo, no LF→CRLF): for byte-exact transfers. */
  raw?: boolean;
  /**
   * Start even when the directory or the program is not there, as tmux's forked child does
   * rather than refusing: a directory it cannot enter leaves it in ours (PWD then $HOME), a
   * program it cannot exec makes it exit 1. Without it spawn throws (chdir / posix_spawnp).
   */
  asForkedChild?: boolean;
}

export interface ExitStatus {
  /** Exit code when the program exited, else null. */
  code: number | null;
  /** Terminating signal number when it was killed, else null. */
  signal: number | null;
}

/** Output arrives as views into the pane's ring: call release() once done with the bytes. */
export type DataHandler = (bytes: Uint8Array, release: () => void) => void;

function checkSize(cols: number, rows: number): void {
  for (const [name, v] of [
    ["cols", cols],
    ["rows", rows],
  ] as const) {
    if (!Number.isInteger(v) || v < 1 || v > MAX_DIMENSION) {
      throw new RangeError(`invalid ${name}: ${v} (must be 1 to ${MAX_DIMENSION})`);
    }
  }
}

/** Find a program as execvp would, so a missing one gets a precise message before spawning. */
export function resolveProgram(file: string, path: string | undefined): string | null {
  const candidates = file.includes("/") ? [file] : (path ?? "/usr/bin:/bin").split(":").map((d) => joinPath(d || ".", file));
  for (const c of candidates) if (fileType(c) === S_IFREG && accessible(c, X_OK)) return c;
  return null;
}

/** node:path's join, loaded only when a program is looked up in PATH (an absolute shell is not). */
function joinPath(dir: string, file: string): string {
  return (require("node:path") as typeof import("node:path")).join(dir, file);
}

/**
 * The child of a program that cannot be exec'd: tmux's forked child _exit(1)s after execvp
 * fails; without fork, a shell started in its place (named as the program) does the same.
 */
function failedExec(file: string, args: string[]): { file: string; args: string[] } {
  return { file: "/bin/sh", args: ["-c", "exit 1", file, ...args] };
}

function checkCwd(cwd: string): void {
  const type = fileType(cwd);
  if (type === null) throw new SysError("chdir", 2, cwd);
  if (type !== S_IFDIR) throw new SysError("chdir", 20, cwd);
}

/** A NULL-terminated array of pointers to C strings; keep the result referenced across the call. */
function cArray(strings: string[]): { array: BigUint64Array; keep: Buffer[] } {
  const keep = strings.map(cstr);
  const array = new BigUint64Array(keep.length + 1);
  keep.forEach((b, i) => (array[i] = BigInt(ptr(b))));
  return { array, keep };
}

/** Open a master with its slave path, nonblocking and close-on-exec so it never leaks into children. */
function openMaster(): { fd: number; slave: string } {
  const fd = check("posix_openpt", () => sys.posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK));
  try {
    check("grantpt", () => sys.grantpt(fd));
    check("unlockpt", () => sys.unlockpt(fd));
    const name = new Uint8Array(128);
    checkRc("ptsname_r", sys.ptsname_r(fd, ptr(name), name.length));
    return { fd, slave: readCString(name) };
  } catch (e) {
    close(fd);
    throw e;
  }
}

/** What the child's fds and directory are set to, in order, before it execs. */
type FileAction = { open: number; path: string; flags: number; mode?: number } | { dup: number; to: number } | { chdir: string };

/**
 * posix_spawnp in a new session with every signal at its default and none blocked. Bun
 * ignores SIGPIPE and SIGXFSZ; the default set is filled by hand because sigfillset leaves out
 * glibc's internal signals 32 and 33, which the spawn helper would then hand over ignored.
 */
function posixSpawn(file: string, argv: string[], env: string[], fileActions: FileAction[]): number {
  const attr = new Uint8Array(SIZEOF_SPAWNATTR);
  const actions = new Uint8Array(SIZEOF_FILE_ACTIONS);
  const sigdef = new Uint8Array(SIZEOF_SIGSET).fill(0xff);
  const sigmask = new Uint8Array(SIZEOF_SIGSET);
  const pid = new Int32Array(1);
  const cFile = cstr(file);
  const cArgv = cArray(argv);
  const cEnv = cArray(env);
  const cPaths: Buffer[] = []; // keep every C string alive until posix_spawnp returns
  const cPath = (s: string) => {
    const b = cstr(s);
    cPaths.push(b);
    return ptr(b);
  };
  checkRc("posix_spawnattr_init", sys.posix_spawnattr_init(ptr(attr)));
  checkRc("posix_spawn_file_actions_init", sys.posix_spawn_file_actions_init(ptr(actions)));
  try {
    checkRc("posix_spawnattr_setsigdefault", sys.posix_spawnattr_setsigdefault(ptr(attr), ptr(sigdef)));
    checkRc("posix_spawnattr_setsigmask", sys.posix_spawnattr_setsigmask(ptr(attr), ptr(sigmask)));
    const flags = POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
    checkRc("posix_spawnattr_setflags", sys.posix_spawnattr_setflags(ptr(attr), flags));
    for (const a of fileActions) {
      if ("chdir" in a) checkRc("posix_spawn_file_actions_addchdir_np", sys.posix_spawn_file_actions_addchdir_np(ptr(actions), cPath(a.chdir)));
      else if ("open" in a) checkRc("posix_spawn_file_actions_addopen", sys.posix_spawn_file_actions_addopen(ptr(actions), a.open, cPath(a.path), a.flags, a.mode ?? 0));
      else checkRc("posix_spawn_file_actions_adddup2", sys.posix_spawn_file_actions_adddup2(ptr(actions), a.dup, a.to));
    }
    checkRc("posix_spawnp", sys.posix_spawnp(ptr(pid), ptr(cFile), ptr(actions), ptr(attr), ptr(cArgv.array), ptr(cEnv.array)), file);
    return pid[0] ?? -1;
  } finally {
    sys.posix_spawn_file_actions_destroy(ptr(actions));
    sys.posix_spawnattr_destroy(ptr(attr));
    void [cFile, cPaths, cArgv.keep, cEnv.keep];
  }
}

/** PaneChannel.readNow's buffer: interactive output is small; the rest stays with the worker. */
const directBuf = new Uint8Array(16 * 1024);
/** Typed input this short is a keystroke, whose answer (an echo) flush waits for ... */
const ANSWER_MAX_WRITE = 64;
/** ... this long at most (poll's unit; an echo takes ~0.1 ms). */
const ANSWER_WAIT_MS = 1;

/** A program running in a pseudo-terminal of its own. */
export class Pty {
  private channel: PaneChannel;
  private queue: { buf: Uint8Array; len: number }[] = []; // bytes the kernel has not taken yet, in order
  private queueOffset = 0; // how much of queue[0] was written
  private queued = 0; // bytes in the queue not yet written
  private flushQueued = false;
  private answerDue = false;
  private drainWaiters: { bytes: number; resolve: () => void }[] = [];
  private dataHandler: DataHandler | null = null;
  private pendingData: [Uint8Array, () => void][] = [];
  private exitHandlers: ((s: ExitStatus) => void)[] = [];
  private status: ExitStatus | null = null;
  private closed = false;
  readonly exited: Promise<ExitStatus>;
  private resolveExit!: (s: ExitStatus) => void;

  constructor(
    readonly pid: number,
    readonly fd: number,
    private readonly pidfd: number,
    public cols: number,
    public rows: number,
    /** The slave's path (/dev/pts/N), as tmux's pane_tty. */
    readonly tty = "",
  ) {
    this.exited = new Promise((r) => (this.resolveExit = r));
    this.channel = gatherHost().add(fd, pidfd, pid, {
      data: (bytes, release) => {
        if (this.dataHandler) this.dataHandler(bytes, release);
        else this.pendingData.push([bytes, release]);
      },
      writable: () => this.flush(),
      exit: (code, signal) => this.onExited({ code, signal }),
      removed: () => this.closeFds(),
    });
  }

  /** Where output goes; output that arrived before a handler was set is delivered now, in order. */
  onData(handler: DataHandler): void {
    this.dataHandler = handler;
    const pending = this.pendingData;
    this.pendingData = [];
    for (const [b, r] of pending) handler(b, r);
  }

  onExit(handler: (s: ExitStatus) => void): void {
    if (this.status) handler(this.status);
    else this.exitHandlers.push(handler);
  }

  get exitStatus(): ExitStatus | null {
    return this.status;
  }

  get alive(): boolean {
    return this.status === null && !this.closed;
  }

  /**
   * Queue bytes for the program's input. Never blocks, never reorders; dropped only once it has
   * exited. Writes (often a key at a time) are packed into chunks and written once the current
   * turn is done, as libevent buffers tmux's: a pasted megabyte is a few writes, not a million
   * (each a syscall, and an entry and a copy of ~100 bytes while the program is not reading).
   */
  write(data: Uint8Array | string): void {
    this.enqueue(data);
  }

  /**
   * Typed input (keys, send-keys): as write, and when it is short, its answer is waited for
   * (briefly) and read on this thread once written.
   */
  type(data: Uint8Array | string): void {
    this.answerDue = true;
    this.enqueue(data);
  }

  private enqueue(data: Uint8Array | string): void {
    if (!this.alive) return;
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    if (bytes.length === 0) return;
    this.queued += bytes.length;
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => {
        this.flushQueued = false;
        this.flush();
      });
    }
    let off = 0;
    while (off < bytes.length) {
      let last = this.queue[this.queue.length - 1];
      if (!last || last.len === last.buf.length) {
        // A first chunk sized for a few keys; a backlog grows in WRITE_CHUNK pieces.
        last = { buf: new Uint8Array(Math.max(last ? WRITE_CHUNK : 1024, bytes.length - off)), len: 0 };
        this.queue.push(last);
      }
      const n = Math.min(bytes.length - off, last.buf.length - last.len);
      last.buf.set(bytes.subarray(off, off + n), last.len);
      last.len += n;
      off += n;
    }
  }

  /** Bytes queued and not yet taken by the kernel. */
  get pendingWrite(): number {
    return this.queued;
  }

  /**
   * Resolves once at most `bytes` of input are still queued for the program, or it has gone:
   * for a writer that stopped producing input while the program was behind.
   */
  whenPendingBelow(bytes: number): Promise<void> {
    if (this.queued <= bytes || !this.alive) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push({ bytes, resolve }));
  }

  private wakeDrainWaiters(): void {
    if (this.drainWaiters.length === 0) return;
    const gone = !this.alive;
    const still: typeof this.drainWaiters = [];
    for (const w of this.drainWaiters) (gone || this.queued <= w.bytes ? w.resolve() : still.push(w));
    this.drainWaiters = still;
  }

  private flush(): void {
    let written = 0;
    while (this.queue.length > 0 && this.alive) {
      const head = this.queue[0]!;
      const n = Number(sys.write(this.fd, ptr(head.buf, this.queueOffset), head.len - this.queueOffset));
      if (n < 0) {
        const e = errno();
        if (e === EINTR) continue;
        if (e === EAGAIN) {
          this.channel.wantWrite(); // the worker reports POLLOUT
          return;
        }
        this.queue = []; // EIO: the program is gone; its exit follows
        this.queued = 0;
        return;
      }
      this.queueOffset += n;
      this.queued -= n;
      written += n;
      if (this.queueOffset === head.len) {
        this.queue.shift();
        this.queueOffset = 0;
      }
    }
    // A keystroke: its echo usually follows within ~0.1 ms. Waiting for it here, and parsing it
    // at once, saves the worker's wake-up and message (~0.3 ms of the echo's ~1.4 ms).
    const key = this.answerDue && written > 0 && written <= ANSWER_MAX_WRITE && this.queue.length === 0;
    this.answerDue = false;
    if (written > 0) this.wakeDrainWaiters();
    if (key) this.readNow(ANSWER_WAIT_MS);
  }

  /**
   * Read what the program has written, on this thread, when the worker holds none of its
   * output (PaneChannel.readNow), and hand it to the data handler now. For quiet panes of a
   * busy main thread: true when something was read.
   */
  readNow(waitMs = 0): boolean {
    if (this.closed || !this.dataHandler) return false;
    const bytes = this.channel.readNow(this.fd, directBuf, waitMs);
    if (!bytes) return false;
    this.dataHandler(bytes, () => {});
    return true;
  }

  resize(cols: number, rows: number): void {
    checkSize(cols, rows);
    if (this.closed) return;
    setWinsize(this.fd, cols, rows); // the kernel sends SIGWINCH to the foreground group
    this.cols = cols;
    this.rows = rows;
  }

  /** Signal the program (SIGHUP by default, as a terminal hang-up). */
  kill(signal: string | number = "SIGHUP"): void {
    if (this.status) return;
    try {
      killProcess(this.pid, signalNumber(signal));
    } catch (e) {
      if (!(e instanceof SysError && e.code === "ESRCH")) throw e;
    }
  }

  /** Signal the terminal's foreground process group (what a hang-up reaches). */
  killGroup(signal: string | number = "SIGHUP"): void {
    if (this.status) return;
    try {
      killProcess(-this.pid, signalNumber(signal));
    } catch (e) {
      if (!(e instanceof SysError && e.code === "ESRCH")) throw e;
    }
  }

  /** The process group in the foreground of this terminal, or -1. */
  foregroundPid(): number {
    return this.closed ? -1 : foregroundGroup(this.fd);
  }

  /** Stop reading a live pane and release its fds (the program gets SIGHUP first). */
  dispose(): void {
    if (this.closed || this.status) return;
    this.killGroup("SIGHUP");
    this.kill("SIGHUP");
    // The exit event still arrives (and closes the fds) once the program is gone.
  }

  private onExited(s: ExitStatus): void {
    this.status = s;
    this.queue = [];
    this.queued = 0;
    this.closeFds();
    this.wakeDrainWaiters();
    this.resolveExit(s);
    for (const h of this.exitHandlers) h(s);
    this.exitHandlers = [];
  }

  private closeFds(): void {
    if (this.closed) return;
    this.closed = true;
    close(this.fd);
    close(this.pidfd);
    this.wakeDrainWaiters();
  }
}

/** Start `file` in a new pseudo-terminal of cols × rows, leading its own session. */
export function spawn(opts: SpawnOptions): Pty {
  checkSize(opts.cols, opts.rows);
  if (opts.asForkedChild) return spawnAsForkedChild(opts);
  const env = opts.env ?? {};
  const cwd = opts.cwd ?? process.cwd();
  checkCwd(cwd);
  if (!resolveProgram(opts.file, env.PATH ?? process.env.PATH)) throw new SysError("posix_spawnp", 2, opts.file);
  return spawnIn(opts, env, cwd);
}

/** SpawnOptions.asForkedChild: where tmux's child would carry on, start what it would run. */
function spawnAsForkedChild(opts: SpawnOptions): Pty {
  const given = opts.env ?? {};
  const dir = opts.cwd ?? process.cwd();
  const inDir = isDirectory(dir);
  const base = { ...opts, asForkedChild: false, cwd: inDir ? dir : process.cwd(), env: inDir ? given : { ...given, PWD: process.env.HOME ?? "/" } };
  const args = opts.args ?? [];
  const path = resolveProgram(opts.file, base.env.PATH ?? process.env.PATH);
  if (!path) return spawn({ ...base, ...failedExec(opts.file, args) });
  try {
    return spawn(base);
  } catch (e) {
    if (!(e instanceof SysError) || e.call !== "posix_spawnp") throw e;
    // execvp runs a file the kernel cannot exec (ENOEXEC) as a shell script; other errors end the child.
    return spawn({ ...base, ...(e.code === "ENOEXEC" ? { file: "/bin/sh", args: [path, ...args] } : failedExec(opts.file, args)) });
  }
}

function spawnIn(opts: SpawnOptions, env: Record<string, string>, cwd: string): Pty {
  const { file, cols, rows } = opts;
  const { fd, slave } = openMaster();
  let pid = -1;
  try {
    setWinsize(fd, cols, rows);
    if (opts.raw) makeRaw(fd);
    else setUtf8Input(fd);
    const envp = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    // posix_spawnp searches the PATH of *this* process; point it at the child's.
    const path = env.PATH;
    const resolved = path !== undefined && !file.includes("/") ? (resolveProgram(file, path) ?? file) : file;
    // setsid runs before the file actions, so opening the slave (without O_NOCTTY) as fd 0
    // makes it the controlling terminal of the new session.
    pid = posixSpawn(resolved, [file, ...(opts.args ?? [])], envp, [
      { chdir: cwd },
      { open: 0, path: slave, flags: O_RDWR },
      { dup: 0, to: 1 },
      { dup: 0, to: 2 },
    ]);
    const pidfd = check("pidfd_open", () => sys.pidfd_open(pid, 0));
    return new Pty(pid, fd, pidfd, cols, rows, slave);
  } catch (e) {
    if (pid > 0) {
      try {
        killProcess(pid, 9);
        check("waitpid", () => sys.waitpid(pid, null, 0)); // reap it: nobody else will (EINTR retried)
      } catch {}
    }
    close(fd);
    throw e;
  }
}
