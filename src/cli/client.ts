// The client: connects to the server (starting it when the command may), sends one command,
// prints its output, and, when the command attaches, keeps the terminal for the server: raw
// mode, SIGWINCH as resize, suspend, the terminal restored on every exit. The server reads the
// keys and draws the frames on the terminal itself (ClientTty); where it cannot open it, or
// with WEFT_RELAY=1, this process passes keys to it and its frames to stdout.
import type * as NodeFs from "node:fs";
import type { Socket } from "bun";
import {
  FrameReader,
  PROTOCOL_VERSION,
  FRAME_JSON,
  encodeJson,
  encodeData,
  Outbox,
  type ServerMessage,
  type ClientMessage,
} from "../mux/client/protocol.ts";
import type { ControlStdio } from "./control-stdio.ts";
import { ClientOutput, isatty } from "./client-io.ts";
import { mark } from "./times.ts";

export interface ClientOptions {
  socketPath: string;
  argv: string[];
  /** The command may start a server when none is running (new-session, start-server). */
  startServer: boolean;
  /** How to start the server: this executable's argv for server mode. */
  serverArgv: string[];
  /** Control mode: -C (1) or -CC (2). */
  control?: 1 | 2;
  /** The name messages start with: weft, or tmux when run as tmux. */
  prog?: string;
  /**
   * The socket directory's checks (main.ts), each resolving to the user's error or null:
   * `pending` runs while this connects, and nothing is sent before it passes; `full` is tmux's
   * whole check, made when no server answers, as its message says more than that.
   */
  socketDir?: { pending: Promise<string | null>; full: () => Promise<string | null> };
}


/**
 * The server's runtime, kept from waking an idle server to collect garbage. Bun's GC timer would
 * run every second (1–2 clock ticks per 10 s). JSC's full-collection timer fires once, seconds
 * after a burst of work (a ~10 ms full GC 4–8 s after the last command); its delay is the last
 * collection's length over a CPU share per MiB allocated, which this makes so small that the
 * delay runs to days. The eden timer stays: it collects the young garbage of a burst within
 * about a second, which keeps a server driven by thousands of commands ~15 MiB smaller.
 * Allocation still triggers full collections, and the server collects after floods itself
 * (ParseScheduler). Panes get the sessions' environment, never the server's own, so this
 * reaches no program. JSC's warm-up of GC blocks (a thread that keeps freed blocks' pages
 * touched for the next allocation burst) is off: it kept ~1.4 MiB resident in an idle server.
 */
/** Their names are kept from panes and jobs (startup-env.ts, RUNTIME_ONLY). */
const SERVER_ENV = {
  BUN_GC_TIMER_DISABLE: "1",
  BUN_JSC_percentCPUPerMBForFullTimer: "1e-12",
  BUN_JSC_useWarmUpMarkedBlocks: "0",
};

interface Handlers {
  data(b: Uint8Array): void;
  drain(): void;
  close(): void;
}

async function connect(path: string, handlers: Handlers): Promise<Socket<undefined> | null> {
  // A refused connect may call the error handler as well as reject: only a connection that was
  // made can be lost ("server exited unexpectedly"); a refused one is "no server running".
  let made = false;
  let lostEarly = false;
  const lost = () => {
    if (made) handlers.close();
    else lostEarly = true;
  };
  try {
    const sock = await Bun.connect({
      unix: path,
      socket: {
        data: (_s, b) => handlers.data(b),
        drain: () => handlers.drain(),
        close: lost,
        error: lost,
      },
    });
    made = true;
    if (lostEarly) queueMicrotask(() => handlers.close());
    return sock;
  } catch {
    return null;
  }
}

/**
 * Wait for a freshly started server to accept connections. It listens ~20 ms after it is
 * spawned; every millisecond of this wait is start-up time the user sees, and a look that
 * finds no socket file is one stat.
 */
async function connectWithRetry(fs: typeof NodeFs, path: string, handlers: Handlers, ms: number): Promise<Socket<undefined> | null> {
  const deadline = performance.now() + ms;
  for (;;) {
    const s = fs.existsSync(path) ? await connect(path, handlers) : null;
    if (s || performance.now() > deadline) return s;
    await Bun.sleep(1);
  }
}

/**
 * Start the server detached from this terminal: a new session, stdin on /dev/null, output to
 * the log file or nowhere. Bun.spawn rather than the PTY core's posix_spawn: a client that
 * imported the PTY core (its libc bindings) took ~2 ms longer to start, for every command.
 */
function startServer(fs: typeof NodeFs, argv: string[], env: Record<string, string>, logFile?: string): void {
  const log = logFile ? fs.openSync(logFile, "a", 0o600) : null;
  try {
    const out = log ?? "ignore";
    Bun.spawn(argv, { env, stdio: ["ignore", out, out], detached: true }).unref();
  } finally {
    if (log !== null) fs.closeSync(log);
  }
}

/**
 * The device number of the terminal on stdin, so that the server may read and write it itself
 * (ClientTty); none when stdout is another device (frames must go where they went), and
 * WEFT_RELAY=1 keeps every key and frame going through this process instead.
 */
function ttyRdev(fs: typeof NodeFs): number | undefined {
  if (process.env.WEFT_RELAY === "1") return undefined;
  try {
    const rdev = fs.fstatSync(0).rdev;
    return fs.fstatSync(1).rdev === rdev ? rdev : undefined;
  } catch {
    return undefined;
  }
}

/** The terminal device on stdin (/dev/pts/N), or undefined. */
function ttyName(fs: typeof NodeFs): string | undefined {
  try {
    return fs.readlinkSync("/proc/self/fd/0");
  } catch {
    return undefined;
  }
}

function processEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return env;
}

export async function runClient(opts: ClientOptions): Promise<number> {
  mark("client started");
  const prog = opts.prog ?? "weft";
  // node:fs and the terminal's streams only where they are used: on a terminal, in control
  // mode, when a server is to be started. A script's command needs neither.
  const stdinTty = await isatty(0);
  const isTty = stdinTty && (await isatty(1));
  const fs = isTty || opts.control || opts.startServer ? await import("node:fs") : null;
  // The sequences that enter and leave the session's screen; only a terminal attaches.
  const { ENTER, LEAVE, LOCK_SCREEN } = isTty ? await import("../mux/client/terminal-modes.ts") : { ENTER: "", LEAVE: "", LOCK_SCREEN: "" };
  const output = new ClientOutput(isTty || opts.control ? fs : null);
  const out = (fd: 1 | 2, data: string | Uint8Array) => output.write(fd, data);
  const reader = new FrameReader();
  let attached = false;
  let restored = false;
  let resolveDone!: (code: number) => void;
  const done = new Promise<number>((r) => (resolveDone = r));
  let finished = false;
  let controlExited = false;

  const restore = () => {
    if (!attached || restored) return;
    restored = true;
    out(1, LEAVE);
    try {
      process.stdin.setRawMode?.(false);
    } catch {}
    process.stdin.pause();
  };
  const finish = (code: number, message?: string, stream: 1 | 2 = 2) => {
    if (finished) return;
    finished = true;
    restore();
    control?.restore();
    if (message) out(stream, message + "\n");
    resolveDone(code);
  };

  let sock: Socket<undefined> | null = null;
  // Bytes for the server, in order. What the socket does not take now waits for its drain, and
  // the terminal is not read meanwhile: typed input and pastes are throttled (the server stops
  // reading a client whose pane is behind), never dropped.
  const outbox = new Outbox((b) => sock?.write(b) ?? b.length);
  const write = (bytes: Uint8Array) => {
    if (sock && !outbox.write(bytes) && attached) process.stdin.pause();
    else if (sock && control && outbox.bytes > 0) control.pause();
  };
  const drain = () => {
    if (outbox.drain() && attached && !restored) process.stdin.resume();
    if (control && outbox.empty) control.resume();
  };
  // Control mode: stdin goes to the server as it comes; its end detaches.
  const control: ControlStdio | null = opts.control
    ? new (await import("./control-stdio.ts")).ControlStdio(opts.control, (b) => write(encodeData(b)), () => send({ t: "input-end" }))
    : null;
  const handlers: Handlers = {
    drain,
    data: (b: Uint8Array) => {
      let frames;
      try {
        frames = reader.push(b);
      } catch (e) {
        return finish(1, `${prog}: ${(e as Error).message}`);
      }
      for (const f of frames) {
        if (f.type === FRAME_JSON) onMessage(f.message as ServerMessage);
        else out(1, f.bytes);
      }
    },
    close: () => {
      if (controlExited) return; // it prints %exit and finishes itself
      if (control) {
        out(1, "%exit lost server\n");
        return finish(1);
      }
      finish(1, attached ? "[lost server]" : prog === "tmux" ? "server exited unexpectedly" : "weft: server exited unexpectedly");
    },
  };

  const send = (m: ClientMessage) => write(encodeJson(m));

  const onMessage = (m: ServerMessage) => {
    switch (m.t) {
      case "hello":
        mark("server answered");
        return; // the command went with the hello
      case "error":
        return finish(1, `${prog}: ${m.message}`);
      case "output":
        mark("output received");
        return out(m.stream === "out" ? 1 : 2, m.text);
      case "exit":
        mark("exit received");
        return finish(m.code);
      case "attach":
        return enterAttached(m.direct === true);
      case "detach":
        return finish(m.code, m.message, 1);
      case "suspend":
        return suspend();
      case "lock":
        return lock(m.command);
      case "control-exit":
        controlExited = true;
        return void control?.exit(m.reason, m.waitExit, (t) => out(1, t)).then(() => finish(m.code));
    }
  };

  // suspend-client (C-b C-z): the terminal as it was, then stop as a job does. The stop takes
  // effect before kill() returns, so what follows runs once the shell continues us (fg).
  // Where no job control can stop us (an orphaned process group ignores SIGTSTP), the same
  // path simply redraws.
  const suspend = () => {
    if (!attached || restored) return;
    out(1, LEAVE);
    try {
      process.stdin.setRawMode?.(false);
    } catch {}
    process.kill(process.pid, "SIGTSTP");
    process.stdin.setRawMode?.(true);
    out(1, ENTER);
    send({ t: "resume", cols: process.stdout.columns || 80, rows: process.stdout.rows || 24 });
  };

  // lock-client: lock-command runs on the cleared terminal, as tmux's client runs it with
  // system(3): what it prints (sh's "not found" when there is no such program) stays on the
  // terminal it was given, and whatever it exits with, the client comes back redrawn.
  const lock = (command: string) => {
    if (!attached || restored) return;
    out(1, LEAVE + LOCK_SCREEN);
    try {
      process.stdin.setRawMode?.(false);
    } catch {}
    Bun.spawnSync(["/bin/sh", "-c", command], { stdin: "inherit", stdout: "inherit", stderr: "inherit" });
    process.stdin.setRawMode?.(true);
    out(1, ENTER);
    send({ t: "resume", cols: process.stdout.columns || 80, rows: process.stdout.rows || 24 });
  };
  const sendCommand = () => {
    if (control) {
      // A control client is named by its terminal if it has one, else by its pid (client-PID);
      // its size is 80x24 until refresh-client -C, and the server never takes its terminal.
      const tty = fs && stdinTty ? ttyName(fs) : undefined;
      const terminal = { cols: 80, rows: 24, term: process.env.TERM ?? "screen", pid: process.pid, ...(tty ? { tty } : {}) };
      send({ t: "command", argv: opts.argv, cwd: process.cwd(), env: processEnv(), terminal, control: control.mode });
      return control.start();
    }
    send({
      t: "command",
      argv: opts.argv,
      cwd: process.cwd(),
      env: processEnv(),
      terminal: isTty
        ? { cols: process.stdout.columns || 80, rows: process.stdout.rows || 24, term: process.env.TERM ?? "xterm", tty: fs ? ttyName(fs) : undefined, rdev: fs ? ttyRdev(fs) : undefined, pid: process.pid }
        : undefined,
    });
  };

  // `direct`: the server reads the terminal and draws on it itself (ClientTty); this process
  // only keeps its modes, its size and its suspend, and restores it at the end.
  const enterAttached = (direct: boolean) => {
    attached = true;
    process.stdin.setRawMode?.(true);
    if (!direct) {
      out(1, ENTER);
      process.stdin.on("data", (b: Buffer) => write(encodeData(b)));
      process.stdin.resume();
    }
    process.on("SIGWINCH", () => send({ t: "resize", cols: process.stdout.columns || 80, rows: process.stdout.rows || 24 }));
  };
  for (const sig of ["SIGTERM", "SIGHUP", "SIGINT"] as const) {
    process.on(sig, () => finish(sig === "SIGINT" ? 130 : 1, attached ? `[terminated]` : undefined));
  }

  // No socket file, no server: start one without a failing connect first (~1 ms).
  sock = !fs || fs.existsSync(opts.socketPath) ? await connect(opts.socketPath, handlers) : null;
  const refused = (await opts.socketDir?.pending) ?? (sock ? null : await opts.socketDir?.full());
  if (refused) {
    finished = true; // the socket's close says nothing more
    sock?.end();
    out(2, refused + "\n");
    await output.flushed();
    return 1;
  }
  if (!sock) {
    if (!opts.startServer) {
      out(2, `no server running on ${opts.socketPath}\n`);
      await output.flushed();
      return 1;
    }
    if (!fs) throw new Error("node:fs is loaded for a command that starts a server");
    const env = processEnv();
    startServer(fs, opts.serverArgv, { ...env, ...SERVER_ENV }, env.WEFT_SERVER_LOG);
    mark("server spawned");
    sock = await connectWithRetry(fs, opts.socketPath, handlers, 10_000);
    if (!sock) {
      out(2, `${prog}: the server did not start on ${opts.socketPath}\n`);
      await output.flushed();
      return 1;
    }
  }
  mark("connected");
  // The command goes with the hello, not after the server's answer: one round trip less. A
  // server of another version answers the hello with an error and reads no further.
  send({ t: "hello", version: PROTOCOL_VERSION });
  sendCommand();
  mark("command sent");
  const code = await done;
  sock.end();
  await output.flushed();
  return code;
}
