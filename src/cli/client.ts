// The client: connects to the server (starting it when the command may), sends one command,
// prints its output, and, when the command attaches, lends the terminal to the server. As
// tmux's, the server learns the terminal's name and size, sets its modes, reads the keys and
// draws the frames on it itself (ClientTty, tty-modes.ts); this process passes on SIGWINCH,
// stops for suspend-client, runs lock-command, and leaves the session's screen on every exit.
// Where the server cannot open the terminal, or with WEFT_RELAY=1, this process keeps the modes
// through libc (client-terminal.ts) and passes keys and frames. An attached client only waits:
// it loads neither libc's bindings nor node:fs nor node:tty's streams unless it relays, starts
// a server with a log file or runs in control mode.
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
import type { ScreenSequences } from "../mux/client/terminal-modes.ts";
import { ClientOutput, isatty, writeAllSync } from "./client-io.ts";
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
  /** The socket's path as messages show it, when socketPath was left unresolved (main.ts). */
  resolvedPath?: () => Promise<string>;
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
  let gone = false; // close and error may both come: the connection is lost once
  const lost = () => {
    if (gone) return;
    if (made) {
      gone = true;
      handlers.close();
    } else lostEarly = true;
  };
  try {
    const sock = await Bun.connect({
      unix: path,
      socket: {
        // Uint8Array, not Buffer: a client's first Buffer costs ~0.15 ms (Bun sets Buffer up then).
        binaryType: "uint8array",
        data: (_s, b) => handlers.data(b),
        drain: () => handlers.drain(),
        close: lost,
        error: lost,
      },
    });
    made = true;
    if (lostEarly) queueMicrotask(lost);
    return sock;
  } catch {
    return null;
  }
}

/**
 * Wait for a freshly started server to accept connections. It listens ~20 ms after it is
 * spawned; every millisecond of this wait is start-up time the user sees. A connect to a
 * socket file not there yet fails at once (ENOENT), without node:fs.
 */
async function connectWithRetry(path: string, handlers: Handlers, ms: number): Promise<Socket<undefined> | null> {
  const deadline = performance.now() + ms;
  for (;;) {
    const s = await connect(path, handlers);
    if (s || performance.now() > deadline) return s;
    await Bun.sleep(1);
  }
}

/**
 * Start the server detached from this terminal: a new session, stdin on /dev/null, output to
 * the log file or nowhere. Bun.spawn rather than the PTY core's posix_spawn: a client that
 * imported the PTY core (its libc bindings) took ~2 ms longer to start, for every command.
 */
async function startServer(argv: string[], env: Record<string, string>, logFile?: string): Promise<void> {
  const fs = logFile ? await import("node:fs") : null;
  const log = fs && logFile ? fs.openSync(logFile, "a", 0o600) : null;
  try {
    const out = log ?? "ignore";
    Bun.spawn(argv, { env, stdio: ["ignore", out, out], detached: true }).unref();
  } finally {
    if (log !== null) fs?.closeSync(log);
  }
}

type Terminal = typeof import("./client-terminal.ts");

/**
 * How often a client whose server closed before answering anything tries again. Such a server
 * was exiting as it accepted the connection (its last client had just left): the command never
 * ran, and a moment later the socket is gone, so this is a refused connect come late: start a
 * server when the command may, else there is none running. (tmux 3.3a's client says "server
 * exited unexpectedly" here, and fails 3.3a's own conf-syntax.sh so.) Bounded, for a server
 * that always closes.
 */
const UNANSWERED_RETRIES = 3;
const LOST = -1;

/** The socket's path in a message. */
async function shownPath(opts: ClientOptions): Promise<string> {
  return (await opts.resolvedPath?.()) ?? opts.socketPath;
}

/** Reach a server again after an unanswered close: the one there now, or a new one; null when none. */
async function reconnect(opts: ClientOptions, handlers: Handlers): Promise<Socket<undefined> | null> {
  const again = await connect(opts.socketPath, handlers);
  if (again || !opts.startServer) return again;
  const env = processEnv();
  await startServer(opts.serverArgv, { ...env, ...SERVER_ENV }, env.WEFT_SERVER_LOG);
  return connectWithRetry(opts.socketPath, handlers, 10_000);
}

/**
 * The device number of the terminal on stdin, so that the server may read and write it itself
 * (ClientTty); none when stdout is another device (frames must go where they went), and
 * WEFT_RELAY=1 keeps every key and frame going through this process instead.
 */
function ttyRdev(term: Terminal): number | undefined {
  if (process.env.WEFT_RELAY === "1") return undefined;
  const rdev = term.deviceOf(0);
  return rdev !== undefined && term.deviceOf(1) === rdev ? rdev : undefined;
}

/** The terminal device on stdin (/dev/pts/N), or undefined. */
function ttyName(fs: typeof NodeFs): string | undefined {
  try {
    return fs.readlinkSync("/proc/self/fd/0");
  } catch {
    return undefined;
  }
}

/** The terminal's size for the server: none when the server holds the terminal and reads it (no libc here); else as process.stdout.columns and rows gave it (80x24 where it says none). */
function terminalSize(term: Terminal | null): { cols: number; rows: number } | Record<string, never> {
  return term ? (term.windowSize(1) ?? { cols: 80, rows: 24 }) : {};
}

/**
 * Give the terminal the modes the server found on it (`stty -g` form), when the server can no
 * longer do so (it was lost, or does not answer): spawning stty costs ~2 ms, on this rare path only.
 */
function restoreWithStty(modes: string): void {
  try {
    Bun.spawnSync(["stty", modes], { stdin: "inherit", stdout: "ignore", stderr: "ignore" });
  } catch {
    // no stty: nothing more can be done without libc
  }
}

/** How long an attached client told to go waits for the server to give its terminal back. */
const EXITING_WAIT_MS = 1000;

function processEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return env;
}

export async function runClient(opts: ClientOptions): Promise<number> {
  mark("client started");
  const prog = opts.prog ?? "weft";
  // node:fs only in control mode, libc's terminal calls only where this process keeps the
  // terminal (WEFT_RELAY=1, or a server that could not open it). A script's command needs neither.
  const stdinTty = await isatty(0);
  const isTty = stdinTty && (await isatty(1));
  const fs = opts.control ? await import("node:fs") : null;
  let term: Terminal | null = isTty && !opts.control && process.env.WEFT_RELAY === "1" ? await import("./client-terminal.ts") : null;
  // The sequences that enter and leave the session's screen: the server's, with its attach.
  let screen: ScreenSequences = { enter: "", leave: "", lock: "" };
  const output = new ClientOutput(term ? term.writeAll : fs ? (fd, b) => writeAllSync(fs, fd, b) : null);
  const out = (fd: 1 | 2, data: string | Uint8Array) => output.write(fd, data);
  const reader = new FrameReader();
  let attached = false;
  /** Keys go through this process (the server could not take the terminal): process.stdin reads them. */
  let relaying = false;
  let restored = false;
  let resolveDone!: (code: number) => void;
  const done = new Promise<number>((r) => (resolveDone = r));
  let finished = false;
  let controlExited = false;
  /** The modes the server set raw mode from (`stty -g` form): it restores them; this process only if it is lost. */
  let serverModes: string | undefined;
  /** Told to go while attached (a signal): how it ends once the server has given the terminal back. */
  let exiting: { code: number; message: string } | null = null;

  const restore = (lost = false) => {
    if (!attached || restored) return;
    restored = true;
    out(1, screen.leave);
    term?.restoreMode(0);
    if (lost && serverModes) restoreWithStty(serverModes);
    if (relaying) process.stdin.pause();
  };
  const finish = (code: number, message?: string, stream: 1 | 2 = 2, lost = false) => {
    if (finished) return;
    finished = true;
    if (exiting) ({ code, message } = exiting);
    restore(lost || (exiting !== null && !detached));
    control?.restore();
    if (message) out(stream, message + "\n");
    resolveDone(code);
  };

  let sock: Socket<undefined> | null = null;
  // Bytes for the server, in order. What the socket does not take now waits for its drain, and
  // the terminal is not read meanwhile: typed input and pastes are throttled (the server stops
  // reading a client whose pane is behind), never dropped.
  const newOutbox = () => new Outbox((b) => sock?.write(b) ?? b.length);
  let outbox = newOutbox();
  /** The server asked for stdin (display-message -I): it goes as data until it ends. */
  let readingStdin = false;
  const readStdin = () => {
    if (readingStdin) return;
    readingStdin = true;
    process.stdin.on("data", (b: Buffer) => write(encodeData(b)));
    process.stdin.on("end", () => {
      readingStdin = false;
      send({ t: "input-end" });
    });
    process.stdin.resume();
  };
  /** The server said detach (and so gave the terminal back). */
  let detached = false;
  const write = (bytes: Uint8Array) => {
    if (sock && !outbox.write(bytes) && (relaying || readingStdin)) process.stdin.pause();
    else if (sock && control && outbox.bytes > 0) control.pause();
  };
  const drain = () => {
    if (outbox.drain() && ((relaying && !restored) || readingStdin)) process.stdin.resume();
    if (control && outbox.empty) control.resume();
  };
  // Control mode: stdin goes to the server as it comes; its end detaches.
  const control: ControlStdio | null = opts.control
    ? new (await import("./control-stdio.ts")).ControlStdio(opts.control, (b) => write(encodeData(b)), () => send({ t: "input-end" }))
    : null;
  // Set while a close before any answer would be retried (see UNANSWERED_RETRIES).
  let answered = false;
  let onUnanswered: (() => boolean) | null = null;
  const handlers: Handlers = {
    drain,
    data: (b: Uint8Array) => {
      answered = true;
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
      if (!answered && onUnanswered?.()) return;
      if (controlExited) return; // it prints %exit and finishes itself
      if (control) {
        out(1, "%exit lost server\n");
        return finish(1);
      }
      finish(1, attached ? "[lost server]" : prog === "tmux" ? "server exited unexpectedly" : "weft: server exited unexpectedly", 2, !detached);
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
      case "read-stdin":
        return readStdin();
      case "attach":
        screen = m.screen;
        return void enterAttached(m.direct === true, m.modes);
      case "detach":
        detached = true;
        if (m.exec) return void execInstead(m.exec.shell, m.exec.command);
        finish(m.code, m.message, 1);
        if (m.hup && process.ppid > 1) process.kill(process.ppid, "SIGHUP"); // as tmux's client, once it has left
        return;
      case "suspend":
        return void suspend();
      case "lock":
        return void lock(m.command);
      case "control-exit":
        controlExited = true;
        return void control?.exit(m.reason, m.waitExit, (t) => out(1, t)).then(() => finish(m.code));
    }
  };

  // suspend-client (C-b C-z): the terminal as it was, then stop as a job does. The stop takes
  // effect before kill() returns, so what follows runs once the shell continues us (fg).
  // Where no job control can stop us (an orphaned process group ignores SIGTSTP), the same
  // path simply redraws.
  const suspend = async () => {
    if (!attached || restored) return;
    out(1, screen.leave);
    term?.restoreMode(0);
    await output.flushed(); // on the terminal before we stop
    process.kill(process.pid, "SIGTSTP");
    term?.setRawMode(0);
    out(1, screen.enter);
    // On the terminal before the server's redraw, which it writes there itself: an ENTER
    // written after it would clear it (our writes are not synchronous without libc).
    await output.flushed();
    send({ t: "resume", ...terminalSize(term) });
  };

  // detach-client -E: the command runs in our place on the restored terminal, as tmux's client
  // execs the shell (argv[0] its name, SHELL set); its exit status is ours.
  const execInstead = async (shell: string, command: string) => {
    if (finished) return;
    finished = true;
    restore();
    await output.flushed(); // the terminal is given back before the command writes to it
    const argv0 = shell.slice(shell.lastIndexOf("/") + 1) || shell;
    const r = Bun.spawnSync([shell, "-c", command], { argv0, env: { ...process.env, SHELL: shell }, stdin: "inherit", stdout: "inherit", stderr: "inherit" });
    resolveDone(r.exitCode ?? 1);
  };

  // lock-client: lock-command runs on the cleared terminal, as tmux's client runs it with
  // system(3): what it prints (sh's "not found" when there is no such program) stays on the
  // terminal it was given, and whatever it exits with, the client comes back redrawn.
  const lock = async (command: string) => {
    if (!attached || restored) return;
    out(1, screen.leave + screen.lock);
    term?.restoreMode(0);
    await output.flushed();
    Bun.spawnSync(["/bin/sh", "-c", command], { stdin: "inherit", stdout: "inherit", stderr: "inherit" });
    term?.setRawMode(0);
    out(1, screen.enter);
    await output.flushed(); // before the server's redraw, as for suspend
    send({ t: "resume", ...terminalSize(term) });
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
    // On a terminal the server learns it from this process's stdin (probe); WEFT_RELAY=1 names it here.
    const TERM = process.env.TERM ?? "xterm";
    send({
      t: "command",
      argv: opts.argv,
      cwd: process.cwd(),
      env: processEnv(),
      terminal: term
        ? { cols: 80, rows: 24, ...terminalSize(term), term: TERM, tty: term.readLink("/proc/self/fd/0"), rdev: ttyRdev(term), pid: process.pid }
        : isTty
          ? { probe: true, term: TERM, pid: process.pid }
          : undefined,
    });
  };

  // `direct`: the server reads the terminal and draws on it itself (ClientTty); with `modes`
  // it has set raw mode too and gives the modes back itself. Otherwise this process sets raw
  // mode (libc) and relays, as the terminal's size tells it.
  const enterAttached = async (direct: boolean, modes: string | undefined) => {
    attached = true;
    serverModes = modes;
    if (!direct || !modes) {
      const probed = term === null;
      term ??= await import("./client-terminal.ts");
      output.useSync(term.writeAll);
      term.setRawMode(0);
      if (probed) send({ t: "resize", ...terminalSize(term) }); // the server may not have known it
    }
    if (!direct) {
      out(1, screen.enter);
      relaying = true;
      process.stdin.on("data", (b: Buffer) => write(encodeData(b)));
      process.stdin.resume();
    }
    process.on("SIGWINCH", () => send({ t: "resize", ...terminalSize(term) }));
  };
  // Told to go while the server holds the terminal: it gives the terminal back first (tmux's
  // MSG_EXITING), then detaches us; if it does not answer, stty does.
  const exit = (code: number, message: string) => {
    if (exiting) return;
    exiting = { code, message };
    send({ t: "exiting" });
    setTimeout(() => finish(code, message, 2, true), EXITING_WAIT_MS).unref();
  };
  for (const sig of ["SIGTERM", "SIGHUP", "SIGINT"] as const) {
    process.on(sig, () => {
      const code = sig === "SIGINT" ? 130 : 1;
      if (attached && serverModes && !restored) exit(code, "[terminated]");
      else finish(code, attached ? `[terminated]` : undefined);
    });
  }

  // Resolves with LOST when the server closes before answering and this try may be retried:
  // not the last one, and no control client (its input may have gone to the lost server).
  const unanswered = (tries: number) =>
    new Promise<typeof LOST>((resolve) => {
      onUnanswered = () => {
        if (tries >= UNANSWERED_RETRIES || control) return false;
        onUnanswered = null;
        resolve(LOST);
        return true;
      };
    });

  // Armed before the connect: the server may close before this function runs on.
  let lost = unanswered(0);
  sock = await connect(opts.socketPath, handlers);
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
      out(2, `no server running on ${await shownPath(opts)}\n`);
      await output.flushed();
      return 1;
    }
    const env = processEnv();
    await startServer(opts.serverArgv, { ...env, ...SERVER_ENV }, env.WEFT_SERVER_LOG);
    mark("server spawned");
    lost = unanswered(0);
    sock = await connectWithRetry(opts.socketPath, handlers, 10_000);
    if (!sock) {
      out(2, `${prog}: the server did not start on ${await shownPath(opts)}\n`);
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
  let code = await Promise.race([done, lost]);
  for (let tries = 1; code === LOST; tries++) {
    outbox = newOutbox(); // what the lost socket did not take is sent again in full below
    lost = unanswered(tries);
    sock = await reconnect(opts, handlers);
    if (!sock) {
      out(2, `no server running on ${await shownPath(opts)}\n`);
      await output.flushed();
      return 1;
    }
    send({ t: "hello", version: PROTOCOL_VERSION });
    sendCommand();
    code = await Promise.race([done, lost]);
  }
  sock.end();
  await output.flushed();
  return code;
}
