// The server: owns the model, listens on the socket, runs commands from clients, key bindings
// and the config file, and hears every change of the model once (reactions.ts).
import { showInViewMode } from "../client/chooser.ts";
import { startIdleLock } from "./idle-lock.ts";
import { ServerAcl } from "./acl.ts";
import { savePromptHistory } from "./prompt-history-file.ts";
import type { Socket } from "bun";
import { Model, defaultSize, type Session, type Pane, type PaneTarget, type Window } from "../model/index.ts";
import { globalEnviron, startupEnvironment } from "./startup-env.ts";
import { FormatJobs, pipeToCommand, type JobOwner } from "./jobs.ts";
import { KeyTables } from "../lang/bindings.ts";
import { ClientConnection } from "../client/client-connection.ts";
import type { ClientHost, RunState } from "../client/host.ts";
import { CommandError, findEntry, type CommandEntry, type CommandContext, type Target } from "../lang/command.ts";
import { resolveClient, resolveTarget, type TargetScope } from "../lang/target.ts";
import type { FindFlags } from "../lang/cmd-find.ts";
import type { CommandList, ParseEnvironment } from "../lang/cmd-parse.ts";
import { DEFAULT_BINDINGS } from "../lang/default-bindings.ts";
// Its text, not its objects: each server parses and owns them (TypeScript types it as the JSON).
import defaultKeysJson from "./default-keys.json" with { type: "text" };
import { CommandRunner, type ItemHandle, type ItemState } from "./cmdq.ts";
import { startConfig } from "./config.ts";
import { defaultBindingCheck, loadKeyTables } from "./default-keys.ts";
import { peerUid, readableFds, outputWaiting, accessible, chmod, unlink, nodeFs, F_OK } from "../../pty/index.ts";
import { parseScheduler } from "../model/parse-scheduler.ts";
import { encodeJson } from "../client/protocol.ts";
import type { PaneView } from "../../render/index.ts";
import { react } from "./reactions.ts";
import { Hooks } from "./hooks.ts";
import { markSession } from "./repaint.ts";
import { parseString } from "../lang/cmd-parse.ts";
import { TMUX_VERSION } from "../lang/version.ts";

/** What the command table's commands run with here: the server as their host, a connection as their client. */
export type ServerCommandContext = CommandContext<Server, ClientConnection, ItemHandle>;
export type ServerCommandEntry = CommandEntry<ServerCommandContext>;

export interface ServerConfig {
  socketPath: string;
  commands: ServerCommandEntry[];
  /** Config files to load when the first client connects, in order. */
  configFiles: readonly string[];
  /** Missing config files are no error (tmux's default files, not -f). */
  configQuiet?: boolean;
  /** weft's own version (#{weft_version}). */
  version: string;
  /** Run under the name tmux: panes get $TMUX and $TMUX_PANE as tmux sets them. */
  asTmux?: boolean;
  /**
   * Parse and run tmux's default bind-key commands, as tmux does at every start, rather than
   * load the tables saved from them (default-keys.json, made by scripts/gen-default-keys.ts):
   * for the script that makes them, and the test that checks them.
   */
  parseDefaultBindings?: boolean;
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

/**
 * How long a started server waits for its first client before it may exit (exit-empty). Test
 * seam: WEFT_TEST_FIRST_CLIENT_MS shortens it.
 */
const FIRST_CLIENT_MS = Number(process.env.WEFT_TEST_FIRST_CLIENT_MS) || 15_000;

export class Server implements ClientHost {
  readonly model: Model;
  readonly clients = new Set<ClientConnection>();
  private keyTables: KeyTables | null = null;
  /** The command table in name order, as tmux's cmd_table (prefix matching lists it so). */
  readonly entries: ServerCommandEntry[];
  readonly runner: CommandRunner;
  /** The config's NAME=value and %hidden NAME=value, and its $NAME: the global environment. */
  readonly parseEnv: ParseEnvironment = {
    get: (name) => this.model.environ.find(name)?.value ?? undefined,
    set: (name, value, hidden) => this.model.environ.set(name, value, hidden),
  };
  private skippedDefaults: string[] = [];
  /** Lines for a pane's view mode that no client showed yet (the config's errors before an attach). */
  readonly waitChannels = new Map<string, { waiters: (() => void)[]; locked: boolean; lockWaiters: (() => void)[]; signalled: boolean }>();
  private listener: ReturnType<typeof Bun.listen<ClientConnection>> | null = null;
  private exiting = false;
  /** A session has existed (exit-empty waits for the first). */
  hadSession = false;
  private everConnected = false;
  private configStarted = false;
  readonly socketPath: string;
  /** #{version}: the tmux version weft behaves as. */
  readonly version = TMUX_VERSION;
  readonly weftVersion: string;
  readonly asTmux: boolean;
  /** For formats: when it started (start_time), the configuration files it loads. */
  readonly startTime = Date.now();
  readonly configFiles: readonly string[];
  /** server-access: the users who may connect. */
  readonly acl = new ServerAcl(process.getuid?.() ?? 0);
  /** Each client's uid, from its socket (server-access -d ends a user's clients). */
  readonly clientUids = new WeakMap<ClientConnection, number>();
  /** #(command) in formats: run in the background, the last line cached per client. */
  readonly jobs = new FormatJobs({
    environment: () => this.globalEnv(),
    cwd: (owner) => (owner instanceof ClientConnection ? owner.cwd : undefined) ?? this.globalEnv().HOME ?? "/",
    updated: (owner) => {
      if (owner instanceof ClientConnection) owner.markDirty();
    },
  });
  // How often jobs nobody has asked for lately are looked for (they go after an hour).
  private readonly jobTidy = setInterval(() => this.jobs.tidy(), 60_000).unref();
  private readonly idleLock = startIdleLock(this);
  /** set-hook's hooks, fired from reactions.ts and after commands. */
  readonly hooks: Hooks;
  /** Which panes are in a mode (copy mode). */
  markedPane(): Pane | null {
    return this.model.marked?.pane ?? null;
  }

  /** How a pane is drawn: copy mode's frozen offset, cursor, selection and indicator. */
  paneView: (p: Pane) => Partial<PaneView> = (p) => p.copyMode?.view() ?? {};

  constructor(private readonly config: ServerConfig) {
    this.socketPath = config.socketPath;
    this.weftVersion = config.version;
    this.asTmux = config.asTmux === true;
    this.configFiles = config.configFiles;
    this.model = new Model(config.socketPath, startupEnvironment(process.env), this.asTmux, globalEnviron(process.env));
    this.model.programVersion = this.version;
    this.model.notify.subscribe((e) => react(this, e));
    this.model.runCopyCommand = (command, text, pane) => pipeToCommand(command, text, pane.currentPath(), this.globalEnv());
    this.entries = [...config.commands].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.runner = new CommandRunner(this);
    this.hooks = new Hooks(
      this.model,
      this.runner,
      (c) => (c instanceof ClientConnection ? c.session : null),
      () => this.resolve({ client: null, env: {} }, undefined, "pane", { canFail: true }),
    );
    if (config.parseDefaultBindings) {
      this.keyTables = new KeyTables();
      this.parseDefaultBindings();
    }
    parseScheduler.setInterrupt(() => this.interactiveWaiting());
  }

  /**
   * The key tables, tmux's defaults loaded at their first use (~0.8 ms and ~0.3 MiB): a server
   * that only runs commands from scripts, or a detached one, may never read them.
   */
  get keys(): KeyTables {
    if (this.keyTables) return this.keyTables;
    this.keyTables = new KeyTables();
    this.skippedDefaults = loadKeyTables(this.keyTables, defaultKeysJson as unknown as string).skipped;
    return this.keyTables;
  }

  /** Default bindings left out because weft lacks a command they run (loaded once it has them). */
  get skippedDefaultBindings(): string[] {
    void this.keys;
    return this.skippedDefaults;
  }

  /**
   * key_bindings_init: each default binding parsed on its own and run. One that runs a command
   * weft lacks (or a copy-mode command it lacks) is left out, and comes in once weft has it.
   */
  private parseDefaultBindings(): void {
    const runner = this.runner;
    const options = { ...runner.parseOptions(null), check: defaultBindingCheck(this.entries, runner.check) };
    for (const text of DEFAULT_BINDINGS) {
      const parsed = parseString(text, options);
      if (!parsed.ok) this.skippedDefaults.push(text);
      else runner.append(parsed.commands, { conn: null });
    }
  }

  /** TERM for panes and jobs (the default-terminal option). */
  defaultTerminal(): string {
    return "tmux-256color";
  }

  /** tmux's global_environ as formats see it: hidden variables too (environ_find finds them). */
  get environment(): Readonly<Record<string, string>> {
    const env: Record<string, string> = {};
    for (const e of this.model.environ.entries()) if (e.value !== null) env[e.name] = e.value;
    return env;
  }

  /** The global environment as a child gets it (hidden and cleared entries left out). */
  globalEnv(): Record<string, string> {
    return this.model.environ.toRecord();
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
    if (accessible(path, F_OK)) {
      // A socket with no server behind it is stale: replace it. One with a server is not ours to take.
      const alive = await Bun.connect({ unix: path, socket: { data() {}, open(s) { s.end(); } } }).then(() => true, () => false);
      if (alive) throw new Error(`server already running on ${path}`);
      nodeFs().unlinkSync(path);
    }
    // The socket is created 0600 (not chmod'ed after a window open to others); panes keep the user's umask.
    const umask = process.umask(0o177);
    try {
      this.listener = this.listenOn(path);
    } finally {
      process.umask(umask);
    }
    chmod(path, 0o600);
    // tmux's server is forked with its first client already connected; this one is spawned and
    // waits for it. A client killed before it connected (^C on a slow start) would leave a
    // server with nothing in it holding the socket forever: one that nobody reached in
    // FIRST_CLIENT_MS looks again as if its last client had left.
    setTimeout(() => {
      this.everConnected = true;
      this.maybeExit();
    }, FIRST_CLIENT_MS).unref();
  }

  private listenOn(path: string): ReturnType<typeof Bun.listen<ClientConnection>> {
    return Bun.listen<ClientConnection>({
      unix: path,
      socket: {
        open: (sock: Socket<ClientConnection>) => {
          // Accepted by the kernel as this server began to exit: closed unanswered, which tells
          // the client that its command never ran here (it starts a server or retries).
          if (this.exiting) {
            sock.end();
            return;
          }
          const uid = socketPeerUid(sock);
          if (uid !== null && !this.acl.has(uid)) {
            sock.end(encodeJson({ t: "error", message: "access not allowed" }));
            return;
          }
          const c = new ClientConnection(this, sock);
          if (uid !== null) this.clientUids.set(c, uid);
          // server_acl_join: a read-only user's client is read-only from the start.
          if (uid !== null && this.acl.isReadOnly(uid)) c.readOnly = true;
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
   * The attached client a command means (tmux's target client, cmd_find_client): the one named
   * (its name or terminal, with or without /dev/), else the calling one if attached, else the
   * most recently active client of the caller's pane's session or of the best session. `env`
   * is the command's environment (its $WEFT_PANE says which pane it runs in). Throws tmux's
   * errors when there is none.
   */
  targetClient(name: string | undefined, caller: ClientConnection | null, env: Record<string, string> = {}): ClientConnection {
    const live = [...this.clients].filter((c) => !c.closed);
    const scope = this.targetScope(caller, env);
    const found = resolveClient(this.model, scope, name);
    const conn = found === null ? null : found === scope.caller ? caller : live[scope.clients.indexOf(found)];
    if (!conn) throw new CommandError("no current client");
    return conn;
  }

  removeClient(c: ClientConnection): void {
    this.clients.delete(c);
    this.jobs.tidy(c);
    if (c.session) this.sessionSizeChanged(c.session);
    this.maybeExit();
  }

  /**
   * Exit when the last session is gone (exit-empty), as tmux does: looked at once the running
   * command is done, so that its client has its answer first (kill-session of the last one exits 0).
   */
  maybeExit(): void {
    setImmediate(() => this.exitIfEmpty());
  }

  private exitIfEmpty(): void {
    if (this.exiting) return;
    if (this.configStarted && !this.runner.configFinished) return;
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
      unlink(this.socketPath);
    } catch {}
    setTimeout(() => {
      this.listener?.stop(true);
      process.exit(0);
    }, 50);
  }

  // ---- commands -------------------------------------------------------------------------

  findCommand(name: string): ServerCommandEntry {
    return findEntry(this.entries, name);
  }

  /**
   * What "current" is for a command from this caller: its client, the pane it runs in, and its
   * queue item's state (a menu's target, while it is valid; the mouse event of a binding).
   */
  targetScope(conn: ClientConnection | null, env: Record<string, string>, state: RunState = {}): TargetScope {
    const asTarget = (c: ClientConnection) => ({ name: c.name, tty: c.terminal?.tty ?? "", session: c.session, activity: c.lastActivity });
    const clients = [...this.clients].filter((c) => !c.closed).map(asTarget);
    return { clients, caller: conn ? asTarget(conn) : null, callerPane: this.callerPane(env), queue: state.current ?? null, mouse: state.mouse ?? null };
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
  resolve(ctx: { client: ClientConnection | null; env: Record<string, string>; item?: { readonly state: RunState } }, spec: string | undefined, kind: "session" | "window" | "pane", flags: FindFlags = {}): Target | null {
    return resolveTarget(this.model, this.targetScope(ctx.client, ctx.env, ctx.item?.state), spec, kind, flags);
  }

  /**
   * `weft -D`: no client started this server, so the config loads now, and the server stays
   * when it has no session (exit-empty off first: the config may turn it on again), as tmux's
   * server_start does for CLIENT_NOFORK.
   */
  startInForeground(): void {
    this.model.serverOptions.setNumber("exit-empty", 0);
    this.configStarted = true;
    startConfig(this, null, this.config.configFiles, this.config.configQuiet === true);
  }

  /**
   * A client's command message (server_client_dispatch_command): argv parsed as tmux's command
   * line, queued on the client's queue, then its exit. The first client's waits for the config.
   */
  dispatchCommand(conn: ClientConnection, argv: string[]): void {
    if (!this.configStarted) {
      this.configStarted = true;
      startConfig(this, conn, this.config.configFiles, this.config.configQuiet === true);
    }
    const state: ItemState = { conn };
    const parsed = this.runner.parseArguments(argv.length === 0 ? ["new-session"] : argv, conn);
    if (!parsed.ok) this.runner.appendCallback(state, () => (this.runner.reportError(conn, null, parsed.error), "normal"));
    else if (conn.readOnly && !this.allReadOnly(parsed.commands)) this.refuseReadOnly(state);
    else this.runner.append(parsed.commands, state);
    this.runner.appendCallback(state, (item) => {
      if (!conn.control) {
        conn.commandDone();
        return "normal";
      }
      // A control client's lines wait until its command's notifications are written (tmux reads
      // its input only once it is attached): they are written a turn later (control-notify.ts).
      setImmediate(() => {
        conn.commandDone();
        this.runner.queueFor(conn).continue(item);
      });
      return "wait";
    });
  }

  runControlLine(conn: ClientConnection, line: string): void {
    this.runner.appendControlLine(conn, line);
  }

  afterQueued(conn: ClientConnection, fn: () => void): void {
    this.runner.appendCallback({ conn }, () => {
      fn();
      return "normal";
    });
  }

  /** Run a command line as a client (the prompt, a template filled in); errors show on it. */
  runLine(line: string, conn: ClientConnection | null, state: RunState = {}): void {
    const parsed = this.runner.parseString(line, conn);
    if (!parsed.ok) {
      if (conn) this.runner.reportError(conn, null, parsed.error);
      return;
    }
    this.runCommands(parsed.commands, conn, state);
  }

  runBinding(list: CommandList, conn: ClientConnection, state: RunState = {}): void {
    if (conn.readOnly && !this.allReadOnly(list)) this.refuseReadOnly({ conn });
    else this.runCommands(list, conn, state);
  }

  /** cmd_list_all_have(CMD_READONLY): every command is one a read-only client may run. */
  allReadOnly(list: CommandList): boolean {
    return list.every((c) => {
      try {
        return findEntry(this.entries, c.name).readOnly === true;
      } catch {
        return false;
      }
    });
  }

  /** In place of a read-only client's commands: tmux's error, on its queue as they would have been. */
  private refuseReadOnly(state: ItemState): void {
    this.runner.appendCallback(state, () => (this.runner.reportError(state.conn, null, "client is read-only"), "error"));
  }

  /** Queue parsed commands (a key binding's, with its mouse event) on a client's queue. */
  runCommands(list: CommandList, conn: ClientConnection | null, state: RunState = {}): void {
    this.runner.append(list, { conn, ...state });
  }

  /**
   * Lines shown over a pane in tmux's view mode (cfg_show_causes, run-shell's output): the
   * pane's mode, seen by whoever shows it now or later.
   */
  showInPane(p: Pane, lines: readonly string[]): void {
    showInViewMode(this.model, p, lines);
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
   * A new window's size in session s (tmux's default_window_size with no window): under
   * window-size latest the calling client's, if attached and counted; else the latest, largest or
   * smallest of the clients on the session; with none (or manual), the session's default-size.
   * Attached clients resize it again afterwards as for any window.
   */
  newWindowSize(s: Session, caller: ClientConnection | null): { cols: number; rows: number } {
    const mode = this.model.windowOptions.getString("window-size");
    if (mode !== "manual") {
      if (mode === "latest" && caller?.session && caller.terminal && !caller.control) return { cols: caller.cols, rows: caller.windowRows };
      const sizes = clientSizes([...this.clients].filter((c) => c.session === s && (c.terminal || c.control)), null, this.clients);
      if (sizes.length > 0) {
        const latest = sizes.reduce((a, b) => (b.lastActivity > a.lastActivity ? b : a));
        const pick = mode === "largest" ? Math.max : Math.min;
        if (mode === "latest") return { cols: latest.cols, rows: latest.windowRows };
        return { cols: pick(...sizes.map((c) => c.cols)), rows: pick(...sizes.map((c) => c.windowRows)) };
      }
    }
    return defaultSize(s.options);
  }

  /**
   * The largest or smallest size of the clients whose session has the window (resize-window -A
   * and -a: tmux's clients_calculate_size from default_window_size); null when none counts.
   */
  clientsSize(w: Window, largest: boolean): { cols: number; rows: number } | null {
    const all = [...this.clients].filter((c) => c.session && (c.terminal || c.control) && c.session.has(w));
    const sizes = clientSizes(all, w, this.clients);
    if (sizes.length === 0) return null;
    const pick = largest ? Math.max : Math.min;
    return { cols: pick(...sizes.map((c) => c.cols)), rows: pick(...sizes.map((c) => c.windowRows)) };
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
    const clients = clientSizes(all, w, this.clients);
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

/**
 * The clients whose size counts for a window, each with the size it asks (tmux's
 * ignore_client_size): a control client only once refresh-client -C gave it one, for the
 * window or for all; an ignore-size client only while every attached client of the server
 * ignores size (a suspended one aside).
 */
function clientSizes(clients: ClientConnection[], w: Window | null, everyClient: Iterable<ClientConnection>): { cols: number; windowRows: number; lastActivity: number }[] {
  let flaggedCount = true;
  for (const c of everyClient) if (c.session && !c.suspended && !c.ignoreSize) flaggedCount = false;
  return clients.flatMap((c) => {
    if (c.ignoreSize && !flaggedCount) return [];
    if (!c.control) return [{ cols: c.cols, windowRows: c.windowRows, lastActivity: c.lastActivity }];
    const size = c.control.sizeFor(w);
    return size ? [{ cols: size.cols, windowRows: size.rows, lastActivity: c.lastActivity }] : [];
  });
}
