// The server: owns the model, listens on the socket, runs commands from clients, key bindings
// and the config file, and hears every change of the model once (reactions.ts).
import { startIdleLock } from "./idle-lock.ts";
import { ServerAcl } from "./acl.ts";
import { loadPromptHistory, savePromptHistory } from "./prompt-history-file.ts";
import { existsSync, unlinkSync, chmodSync, readFileSync } from "node:fs";
import type { Socket } from "bun";
import { Model, UserError, type Session, type Pane, type Window } from "../model/index.ts";
import { startupEnvironment } from "./startup-env.ts";
import { FormatJobs, pipeToCommand, type JobOwner } from "./jobs.ts";
import { KeyTables } from "../lang/bindings.ts";
import { ClientConnection } from "../client/client-connection.ts";
import type { ClientHost, CommandCaller } from "../client/host.ts";
import { CommandError, parseArgs, splitArgv, splitCommandLine, type CommandEntry, type CommandContext, type Target } from "../lang/command.ts";
import { resolveTarget, type TargetScope } from "../lang/target.ts";
import type { FindFlags } from "../lang/cmd-find.ts";
import { LayoutError } from "../model/layout.ts";
import { peerUid, readableFds, outputWaiting } from "../../pty/index.ts";
import { parseScheduler } from "../model/parse-scheduler.ts";
import { encodeJson } from "../client/protocol.ts";
import type { PaneView } from "../../render/index.ts";
import { react } from "./reactions.ts";
import { markSession } from "./repaint.ts";

/** What the command table's commands run with here: the server as their host, a connection as their client. */
export type ServerCommandContext = CommandContext<Server, ClientConnection>;
export type ServerCommandEntry = CommandEntry<ServerCommandContext>;

export interface ServerConfig {
  socketPath: string;
  commands: ServerCommandEntry[];
  /** Config file to source at start; null for none (-f /dev/null works too). */
  configFile: string | null;
  version: string;
}

/**
 * Only our own uid (and root) may connect, as tmux. Bun does not type a socket's fd but has it;
 * where the kernel cannot tell the peer (no fd, getsockopt fails) the 0700 directory stands.
 */
/** The uid of the process at the socket's other end, null when it cannot be known. */
function socketPeerUid(sock: Socket<ClientConnection>): number | null {
  const fd = (sock as unknown as { fd?: unknown }).fd;
  if (typeof fd !== "number" || fd < 0) return null;
  return peerUid(fd);
}

export class Server implements ClientHost {
  readonly model: Model;
  readonly clients = new Set<ClientConnection>();
  readonly keys = new KeyTables();
  readonly commands = new Map<string, ServerCommandEntry>();
  readonly waitChannels = new Map<string, { waiters: (() => void)[]; locked: boolean; lockWaiters: (() => void)[]; signalled: boolean }>();
  private listener: ReturnType<typeof Bun.listen<ClientConnection>> | null = null;
  private exiting = false;
  /** A session has existed (exit-empty waits for the first). */
  hadSession = false;
  private everConnected = false;
  private pendingCommands = 0;
  readonly socketPath: string;
  readonly version: string;
  /** For formats: when it started (start_time), the configuration loaded, its environment then. */
  readonly startTime = Date.now();
  readonly configFiles: string[] = [];
  /** server-access: the users who may connect. */
  readonly acl = new ServerAcl(process.getuid?.() ?? 0);
  /** Each client's uid, from its socket (server-access -d ends a user's clients). */
  readonly clientUids = new WeakMap<ClientConnection, number>();
  /** tmux's global environment: set-environment -g changes it. */
  readonly environment: Record<string, string>;
  /** #(command) in formats: run in the background, the last line cached per client. */
  readonly jobs = new FormatJobs({
    environment: () => ({ ...this.environment }),
    cwd: (owner) => (owner instanceof ClientConnection ? owner.cwd : undefined) ?? this.environment.HOME ?? "/",
    updated: (owner) => {
      if (owner instanceof ClientConnection) owner.markDirty();
    },
  });
  // How often jobs nobody has asked for lately are looked for (they go after an hour).
  private readonly jobTidy = setInterval(() => this.jobs.tidy(), 60_000).unref();
  private readonly idleLock = startIdleLock(this);
  /** Which panes are in a mode (copy mode). */
  markedPane(): Pane | null {
    return this.model.marked?.pane ?? null;
  }

  /** How a pane is drawn: copy mode's frozen offset, cursor, selection and indicator. */
  paneView: (p: Pane) => Partial<PaneView> = (p) => p.copyMode?.view() ?? {};

  constructor(private readonly config: ServerConfig) {
    this.socketPath = config.socketPath;
    this.version = config.version;
    this.model = new Model(config.socketPath, startupEnvironment(process.env));
    this.environment = Object.fromEntries(Object.entries(process.env).filter((kv): kv is [string, string] => kv[1] !== undefined));
    this.model.notify.subscribe((e) => react(this, e));
    this.model.runCopyCommand = (command, text, pane) => pipeToCommand(command, text, pane.currentPath(), this.environment);
    for (const c of config.commands) {
      this.commands.set(c.name, c);
      for (const a of c.alias ?? []) this.commands.set(a, c);
    }
    parseScheduler.setInterrupt(() => this.interactiveWaiting());
  }

  /**
   * Asked by the parse scheduler between slices of a flood: a client has sent something (a
   * key), or a quiet pane has output (the key's echo). Either ends the run, so it is handled
   * within a slice rather than after the run's budget; a quiet pane's output is read here
   * rather than left to the worker, which gets little CPU while this thread is busy
   * (PaneChannel.readNow).
   */
  private interactiveWaiting(): boolean {
    const fds: number[] = [];
    for (const c of this.clients) if (c.inputFd >= 0) fds.push(c.inputFd);
    if (readableFds(fds).length > 0 || outputWaiting()) return true;
    fds.length = 0;
    const quiet: Pane[] = [];
    for (const s of this.model.sessions) {
      for (const w of s.windows) {
        for (const p of w.panes.values()) {
          const fd = p.pty?.fd ?? -1;
          if (fd < 0 || p.dead || parseScheduler.isFlooding(p)) continue;
          fds.push(fd);
          quiet.push(p);
        }
      }
    }
    let read = false;
    for (const i of readableFds(fds)) read = quiet[i]!.pty!.readNow() || read;
    return read;
  }

  // ---- socket ---------------------------------------------------------------------------

  async listen(): Promise<void> {
    const path = this.socketPath;
    if (existsSync(path)) {
      // A socket with no server behind it is stale: replace it. One with a server is not ours to take.
      const alive = await Bun.connect({ unix: path, socket: { data() {}, open(s) { s.end(); } } }).then(() => true, () => false);
      if (alive) throw new Error(`server already running on ${path}`);
      unlinkSync(path);
    }
    // The socket is created 0600 (not chmod'ed after a window open to others); panes keep the user's umask.
    const umask = process.umask(0o177);
    try {
      this.listener = this.listenOn(path);
    } finally {
      process.umask(umask);
    }
    chmodSync(path, 0o600);
    const file = this.config.configFile;
    if (file && this.sourceFile(file, true) !== null) this.configFiles.push(file);
    loadPromptHistory(this.model);
  }

  private listenOn(path: string): ReturnType<typeof Bun.listen<ClientConnection>> {
    return Bun.listen<ClientConnection>({
      unix: path,
      socket: {
        open: (sock: Socket<ClientConnection>) => {
          const uid = socketPeerUid(sock);
          if (uid !== null && !this.acl.has(uid)) {
            sock.end(encodeJson({ t: "error", message: "access not allowed" }));
            return;
          }
          const c = new ClientConnection(this, sock);
          if (uid !== null) this.clientUids.set(c, uid);
          sock.data = c;
          this.clients.add(c);
          this.everConnected = true;
        },
        data: (sock, bytes) => sock.data?.onBytes(bytes),
        drain: (sock) => sock.data?.onDrain(),
        close: (sock) => sock.data?.onClose(),
        error: (sock) => sock.data?.onClose(),
      },
    });
  }

  /**
   * The attached client a command means: the one named (its terminal, with or without /dev/,
   * as list-clients shows it), else the calling one, else the most recently active. Throws
   * tmux's errors when there is none.
   */
  targetClient(name: string | undefined, caller: ClientConnection | null): ClientConnection {
    let pick: ClientConnection | null = null;
    for (const c of this.clients) {
      if (!c.session || c.closed) continue;
      if (name !== undefined) {
        if (c.name === name || c.name === `/dev/${name}`) return c;
      } else if (!pick || c.lastActivity > pick.lastActivity) pick = c;
    }
    if (name !== undefined) throw new CommandError(`can't find client: ${name}`);
    if (caller?.session) return caller;
    if (!pick) throw new CommandError("no current client");
    return pick;
  }

  removeClient(c: ClientConnection): void {
    this.clients.delete(c);
    this.jobs.tidy(c);
    if (c.session) this.sessionSizeChanged(c.session);
    this.maybeExit();
  }

  /** Exit when the last session is gone (exit-empty), as tmux does. */
  maybeExit(): void {
    if (this.exiting || this.pendingCommands > 0) return;
    const opts = this.model.serverOptions;
    if (!opts.getFlag("exit-empty")) return;
    // exit-unattached: sessions do not keep the server once no client is attached (server_loop).
    const unattached = opts.getFlag("exit-unattached");
    if (!unattached && this.model.sessions.length > 0) return;
    const open = [...this.clients].filter((c) => !c.closed);
    if (open.some((c) => c.session !== null)) return;
    // Before the first client (config file loading) there is nothing to exit for yet.
    if (!this.everConnected || (!this.hadSession && open.length > 0)) return;
    if (unattached && open.length > 0) return; // the clients still connected go first
    this.shutdown();
  }

  shutdown(): void {
    if (this.exiting) return;
    this.exiting = true;
    savePromptHistory(this.model);
    clearInterval(this.jobTidy);
    clearInterval(this.idleLock);
    this.jobs.killAll();
    for (const s of [...this.model.sessions]) this.model.destroySession(s);
    for (const c of this.clients) c.serverExiting();
    // No new clients; those connected keep their sockets a moment more, for the last detach
    // messages (a control client's %exit follows its last notifications, a turn later).
    this.listener?.stop(false);
    try {
      unlinkSync(this.socketPath);
    } catch {}
    setTimeout(() => {
      this.listener?.stop(true);
      process.exit(0);
    }, 50);
  }

  // ---- commands -------------------------------------------------------------------------

  findCommand(name: string): ServerCommandEntry {
    const exact = this.commands.get(name);
    if (exact) return exact;
    const matches = new Set([...this.commands.entries()].filter(([n]) => n.startsWith(name)).map(([, c]) => c));
    if (matches.size === 1) return [...matches][0]!;
    if (matches.size > 1) throw new CommandError(`ambiguous command: ${name}, could be: ${[...matches].map((c) => c.name).sort().join(", ")}`);
    throw new CommandError(`unknown command: ${name}`);
  }

  /** What "current" is for a command from this caller: its client, the pane it runs in. */
  targetScope(conn: ClientConnection | null, env: Record<string, string>): TargetScope {
    const asTarget = (c: ClientConnection) => ({ name: c.name, tty: c.terminal?.tty ?? "", session: c.session, activity: c.lastActivity });
    const clients = [...this.clients].filter((c) => !c.closed).map(asTarget);
    return { clients, caller: conn ? asTarget(conn) : null, callerPane: this.callerPane(env) };
  }

  /** Inside one of our panes, that pane ($WEFT_PANE, as tmux's $TMUX_PANE, when $WEFT names this server). */
  private callerPane(env: Record<string, string>): string | null {
    for (const [sock, pane] of [[env.WEFT, env.WEFT_PANE], [env.TMUX, env.TMUX_PANE]]) {
      if (sock?.split(",")[0] === this.socketPath && pane) return pane;
    }
    return null;
  }

  /**
   * Resolve a target for a command (-t, -s, or any other flag a command reads itself) as tmux's
   * cmd-find; absent means the current. Null only under canFail.
   */
  resolve(ctx: { client: ClientConnection | null; env: Record<string, string> }, spec: string | undefined, kind: "session" | "window" | "pane", flags: FindFlags = {}): Target | null {
    return resolveTarget(this.model, this.targetScope(ctx.client, ctx.env), spec, kind, flags);
  }

  /** Run one or more commands (split at ';'); returns the exit code. Errors never escape. */
  async run(argv: string[], caller: CommandCaller): Promise<number> {
    this.pendingCommands++;
    try {
      for (const cmd of splitArgv(argv)) {
        const code = await this.runOne(cmd, caller);
        if (code !== 0) return code;
      }
      return 0;
    } finally {
      this.pendingCommands--;
      // After the caller has its answer (kill-session of the last session exits 0, as tmux).
      setImmediate(() => this.maybeExit());
    }
  }

  /** One command, its argv already parsed; synchronous when the command is (pipelined control lines pay no promise each). */
  runSingle(argv: string[], caller: CommandCaller): number | Promise<number> {
    this.pendingCommands++;
    const done = () => {
      this.pendingCommands--;
      this.maybeExit();
    };
    const r = this.runOne(argv, caller);
    if (typeof r === "number") {
      done();
      return r;
    }
    return r.finally(done);
  }

  commandSpec(name: string): ServerCommandEntry | undefined {
    try {
      return this.findCommand(name);
    } catch {
      return undefined;
    }
  }

  private runOne(argv: string[], caller: CommandCaller): number | Promise<number> {
    const [name, ...rest] = argv;
    if (!name) return 0;
    try {
      const entry = this.findCommand(name);
      const args = parseArgs(entry.args, rest, `${entry.name} ${entry.usage}`, entry.minArgs ?? 0, entry.maxArgs ?? Infinity, entry.long);
      const from = { client: caller.conn, env: caller.env };
      // With no sessions, commands that may run then (set-option -g, new-session) have no target.
      const none: FindFlags = entry.noSession && this.model.sessions.length === 0 ? { canFail: true } : {};
      const flagValue = (f: string) => {
        const v = args.flags.get(f);
        return typeof v === "string" ? v : undefined;
      };
      const target = entry.target
        ? this.resolve(from, flagValue("t"), entry.target, { ...entry.targetFlags, ...none })
        : this.resolve(from, undefined, "pane", { canFail: true });
      if (!target && !entry.noSession && !entry.targetFlags?.canFail) throw new CommandError("no current target");
      const source = entry.source ? this.resolve(from, flagValue("s"), entry.source, { ...entry.sourceFlags, ...none }) : null;
      const ctx: ServerCommandContext = {
        model: this.model,
        server: this,
        args,
        target: target as Target,
        ...(source ? { source } : {}),
        client: caller.conn,
        cwd: caller.cwd,
        env: caller.env,
        terminal: caller.terminal,
        print: caller.print,
      };
      const r = entry.exec(ctx);
      return r instanceof Promise ? r.then(() => 0, (e: unknown) => failed(e, caller)) : 0;
    } catch (e) {
      return failed(e, caller);
    }
  }

  /** Run a command line (config file, binding, prompt) as an attached client or the server itself. */
  async runLine(line: string, conn: ClientConnection | null): Promise<number> {
    let cmds: string[][];
    const errors: string[] = [];
    try {
      cmds = splitCommandLine(line);
    } catch (e) {
      conn?.showMessage((e as Error).message);
      return 1;
    }
    const caller = this.internalCaller(conn, errors);
    for (const c of cmds) {
      const code = await this.run(c, caller);
      if (code !== 0) return code;
    }
    return 0;
  }

  internalCaller(conn: ClientConnection | null, errors: string[] = []): CommandCaller {
    // A command prints line by line; the client shows what one turn printed together (one line
    // as a message, more in a view over the pane).
    let out: string[] = [];
    const flush = () => {
      const text = out.join("\n");
      out = [];
      conn?.showOutput(text);
    };
    return {
      conn,
      cwd: conn?.cwd ?? process.cwd(),
      env: conn?.env ?? {},
      terminal: conn?.terminal,
      print: (t) => {
        if (out.push(t) === 1) setImmediate(flush);
      },
      printError: (t) => {
        errors.push(t);
        conn?.showMessage(t);
      },
    };
  }

  /** source-file: every line a command; errors are reported with their line number. */
  /** Its commands' errors; null when quietMissing and there is no such file. */
  sourceFile(path: string, quietMissing = false): string[] | null {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (e) {
      if (quietMissing && (e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new CommandError(`${path}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "No such file or directory" : (e as Error).message}`);
    }
    const errors: string[] = [];
    const lines = text.replace(/\\\n/g, "").split("\n");
    lines.forEach((line, i) => {
      let cmds: string[][];
      try {
        cmds = splitCommandLine(line);
      } catch (e) {
        errors.push(`${path}:${i + 1}: ${(e as Error).message}`);
        return;
      }
      for (const c of cmds) {
        void this.run(c, { ...this.internalCaller(null), printError: (t) => errors.push(`${path}:${i + 1}: ${t}`) });
      }
    });
    return errors;
  }

  // ---- clients and the model --------------------------------------------------------------

  formatJob(owner: JobOwner, command: string, raw: string): string | undefined {
    return this.jobs.get(owner, raw, command);
  }

  get nextSessionId(): number {
    return this.model.upcomingSessionId;
  }

  attachedClients(): ClientConnection[] {
    return [...this.clients].filter((c) => c.session !== null);
  }

  attachedCount(s: Session): number {
    let n = 0;
    for (const c of this.clients) if (c.session === s) n++;
    return n;
  }

  /** Size a session's windows (each from every client showing a session it is in) and repaint. */
  sessionSizeChanged(s: Session): void {
    for (const w of new Set(s.windows)) this.sizeWindow(w);
    markSession(this, s);
  }

  /**
   * A window's size by its window-size option, from the attached clients of every session it is
   * linked into (tmux's recalculate_size); under aggressive-resize only those whose session shows it.
   */
  private sizeWindow(w: Window): void {
    const mode = w.options.getString("window-size");
    if (mode === "manual") return;
    const aggressive = w.options.getFlag("aggressive-resize");
    const all = [...this.clients].filter((c) => c.session && (c.terminal || c.control) && c.session.has(w) && (!aggressive || c.session.current === w));
    const clients = clientSizes(all, w);
    if (clients.length === 0) return;
    let pick = clients[0]!;
    for (const c of clients) {
      if (mode === "latest" && c.lastActivity > pick.lastActivity) pick = c;
    }
    const cols = mode === "largest" ? Math.max(...clients.map((c) => c.cols)) : mode === "smallest" ? Math.min(...clients.map((c) => c.cols)) : pick.cols;
    const rows = mode === "largest" ? Math.max(...clients.map((c) => c.windowRows)) : mode === "smallest" ? Math.min(...clients.map((c) => c.windowRows)) : pick.windowRows;
    w.resize(Math.max(1, cols), Math.max(1, rows));
  }
}

/** A command threw: its error for the caller, exit code 1. */
function failed(e: unknown, caller: CommandCaller): number {
  if (e instanceof UserError || e instanceof LayoutError) {
    // A quiet failure (tmux's CMD_FIND_QUIET) fails without a word.
    if (e.message !== "") caller.printError(e.message);
  } else {
    // A bug, not a user error: report it and carry on; the server and its panes survive.
    caller.printError(`internal error: ${(e as Error).message}`);
    console.error(e);
  }
  return 1;
}

/**
 * The clients whose size counts for a window, each with the size it asks (tmux's
 * ignore_client_size): a control client only once refresh-client -C gave it one, for the
 * window or for all; ignore-size clients only when no other client counts.
 */
function clientSizes(clients: ClientConnection[], w: Window): { cols: number; windowRows: number; lastActivity: number }[] {
  const sized = clients.flatMap((c) => {
    if (!c.control) return [{ cols: c.cols, windowRows: c.windowRows, lastActivity: c.lastActivity, ignore: false }];
    const size = c.control.sizeFor(w);
    return size ? [{ cols: size.cols, windowRows: size.rows, lastActivity: c.lastActivity, ignore: c.control.ignoreSize }] : [];
  });
  const counted = sized.filter((c) => !c.ignore);
  return counted.length > 0 ? counted : sized;
}
