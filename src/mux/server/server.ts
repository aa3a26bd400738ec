// The server: owns every session, window and pane, listens on the socket, runs commands from
// clients, key bindings and the config file, and tells attached clients when to repaint.
import { existsSync, unlinkSync, chmodSync, readFileSync } from "node:fs";
import type { Socket } from "bun";
import { Session } from "../model/session.ts";
import { Window } from "../model/window.ts";
import { Pane, type PaneSpawn } from "../model/pane.ts";
import { Options } from "../model/options.ts";
import { KeyTables } from "../lang/bindings.ts";
import { ClientConnection } from "../client/client-connection.ts";
import { CommandError, parseArgs, splitArgv, splitCommandLine, type CommandEntry, type CommandContext, type Target } from "../lang/command.ts";
import { resolveTarget, currentTarget, type CurrentHint } from "../lang/target.ts";
import { LayoutError, type SplitOptions } from "../model/layout.ts";
import { resolveProgram, peerUid, readableFds, outputWaiting } from "../../pty/index.ts";
import { parseScheduler } from "../model/parse-scheduler.ts";
import { encodeJson } from "../client/protocol.ts";
import type { PaneView } from "../../render/index.ts";
import { armSilence } from "./alerts.ts";

export interface ServerConfig {
  socketPath: string;
  commands: CommandEntry[];
  /** Config file to source at start; null for none (-f /dev/null works too). */
  configFile: string | null;
  version: string;
}

/** Where a command's output goes and what it knows of its caller. */
export interface CommandCaller {
  conn: ClientConnection | null;
  cwd: string;
  env: Record<string, string>;
  terminal?: import("../client/protocol.ts").TerminalInfo;
  print(text: string): void;
  printError(text: string): void;
}

export interface NewPaneOptions {
  /** Command words: none = the default shell; one = run by the shell; several = exec'd directly. */
  command: string[];
  cwd?: string;
  env?: Record<string, string>;
}

/** Paste buffers, newest first (tmux's buffer0, buffer1, ...). */
export interface PasteBuffer {
  name: string;
  data: string;
  automatic: boolean;
}

/**
 * Only our own uid (and root) may connect, as tmux. Bun does not type a socket's fd but has it;
 * where the kernel cannot tell the peer (no fd, getsockopt fails) the 0700 directory stands.
 */
function peerAllowed(sock: Socket<ClientConnection>): boolean {
  const fd = (sock as unknown as { fd?: unknown }).fd;
  if (typeof fd !== "number" || fd < 0) return true;
  const uid = peerUid(fd);
  return uid === null || uid === 0 || uid === process.getuid?.();
}

export class Server {
  sessions: Session[] = [];
  readonly clients = new Set<ClientConnection>();
  readonly serverOptions = Options.global("server");
  readonly sessionOptions = Options.global("session");
  readonly windowOptions = Options.global("window");
  readonly keys = new KeyTables();
  readonly commands = new Map<string, CommandEntry>();
  buffers: PasteBuffer[] = [];
  private bufferCounter = 0;
  readonly waitChannels = new Map<string, { waiters: (() => void)[]; locked: boolean; lockWaiters: (() => void)[]; signalled: boolean }>();
  private readonly paneIndex = new Map<number, Window>();
  private nextSessionId = 0;
  private nextWindowId = 0;
  private nextPaneId = 0;
  private listener: ReturnType<typeof Bun.listen<ClientConnection>> | null = null;
  private exiting = false;
  private hadSession = false;
  private everConnected = false;
  private pendingCommands = 0;
  readonly socketPath: string;
  readonly version: string;
  /** Which panes are in a mode (copy mode). */
  paneInMode: (p: Pane) => boolean = (p) => p.copyMode !== null;
  /** How a pane is drawn: copy mode's frozen offset, cursor, selection and indicator. */
  paneView: (p: Pane) => Partial<PaneView> = (p) => p.copyMode?.view() ?? {};

  constructor(private readonly config: ServerConfig) {
    this.socketPath = config.socketPath;
    this.version = config.version;
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
    for (const s of this.sessions) {
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
    if (this.config.configFile) this.sourceFile(this.config.configFile, true);
  }

  private listenOn(path: string): ReturnType<typeof Bun.listen<ClientConnection>> {
    return Bun.listen<ClientConnection>({
      unix: path,
      socket: {
        open: (sock: Socket<ClientConnection>) => {
          if (!peerAllowed(sock)) {
            sock.end(encodeJson({ t: "error", message: "access not allowed" }));
            return;
          }
          const c = new ClientConnection(this, sock);
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
    if (c.session) this.sessionSizeChanged(c.session);
    this.maybeExit();
  }

  /** Exit when the last session is gone (exit-empty), as tmux does. */
  maybeExit(): void {
    if (this.exiting || this.sessions.length > 0 || this.pendingCommands > 0) return;
    if (!this.serverOptions.getFlag("exit-empty")) return;
    // Before the first client (config file loading) there is nothing to exit for yet.
    if (!this.everConnected || (!this.hadSession && [...this.clients].some((c) => !c.closed))) return;
    this.shutdown();
  }

  shutdown(): void {
    if (this.exiting) return;
    this.exiting = true;
    for (const s of [...this.sessions]) this.destroySession(s, false);
    for (const c of this.clients) c.serverExiting();
    this.listener?.stop(true);
    try {
      unlinkSync(this.socketPath);
    } catch {}
    // Let the last detach messages reach their clients.
    setTimeout(() => process.exit(0), 50);
  }

  // ---- commands -------------------------------------------------------------------------

  findCommand(name: string): CommandEntry {
    const exact = this.commands.get(name);
    if (exact) return exact;
    const matches = new Set([...this.commands.entries()].filter(([n]) => n.startsWith(name)).map(([, c]) => c));
    if (matches.size === 1) return [...matches][0]!;
    if (matches.size > 1) throw new CommandError(`ambiguous command: ${name}, could be: ${[...matches].map((c) => c.name).sort().join(", ")}`);
    throw new CommandError(`unknown command: ${name}`);
  }

  hintFor(caller: CommandCaller): CurrentHint {
    const hint: CurrentHint = { session: caller.conn?.session ?? null };
    // Inside one of our panes, the pane itself is current (tmux's $TMUX / $TMUX_PANE).
    const weft = caller.env.WEFT?.split(",");
    if (weft && weft[0] === this.socketPath && caller.env.WEFT_PANE) hint.paneId = Number(caller.env.WEFT_PANE.replace("%", ""));
    return hint;
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
      this.maybeExit();
    }
  }

  private async runOne(argv: string[], caller: CommandCaller): Promise<number> {
    const [name, ...rest] = argv;
    if (!name) return 0;
    try {
      const entry = this.findCommand(name);
      const args = parseArgs(entry.args, rest, `${entry.name} ${entry.usage}`, entry.minArgs ?? 0, entry.maxArgs ?? Infinity, entry.long);
      const spec = entry.target ? args.flags.get("t") : undefined;
      const target =
        entry.target && typeof spec === "string"
          ? resolveTarget(this, spec, entry.target, this.hintFor(caller))
          : currentTarget(this, this.hintFor(caller));
      if (!target && !entry.noSession) throw new CommandError(this.sessions.length === 0 ? "no sessions" : "no current session");
      const ctx: CommandContext = {
        server: this,
        args,
        target: target as Target,
        client: caller.conn,
        cwd: caller.cwd,
        env: caller.env,
        terminal: caller.terminal,
        print: caller.print,
      };
      await entry.exec(ctx);
      return 0;
    } catch (e) {
      if (e instanceof CommandError || e instanceof LayoutError) caller.printError(e.message);
      else {
        // A bug, not a user error: report it and carry on; the server and its panes survive.
        caller.printError(`internal error: ${(e as Error).message}`);
        console.error(e);
      }
      return 1;
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
  sourceFile(path: string, quietMissing = false): string[] {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (e) {
      if (quietMissing && (e as NodeJS.ErrnoException).code === "ENOENT") return [];
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

  // ---- the model ------------------------------------------------------------------------

  findPane(id: number): Target | null {
    const w = this.paneIndex.get(id);
    const pane = w?.panes.get(id);
    if (!w || !pane) return null;
    return { session: w.session, window: w, pane };
  }

  findWindow(id: number): Window | null {
    for (const s of this.sessions) for (const w of s.windows) if (w.id === id) return w;
    return null;
  }

  mostRecentSession(): Session | null {
    let best: Session | null = null;
    for (const s of this.sessions) if (!best || s.activity >= best.activity) best = s;
    return best;
  }

  attachedCount(s: Session): number {
    let n = 0;
    for (const c of this.clients) if (c.session === s) n++;
    return n;
  }

  uniqueSessionName(): string {
    let i = 0;
    while (this.sessions.some((s) => s.name === String(i))) i++;
    return String(i);
  }

  /** The pane's argv from command words: none = the shell, one = `shell -c word`, more = direct. */
  resolveCommand(s: Session, words: string[], env: Record<string, string>): string[] {
    const shell = this.defaultShell(s, env);
    if (words.length === 0) {
      const dc = s.options.getString("default-command");
      return dc ? [shell, "-c", dc] : [shell];
    }
    if (words.length === 1) return [shell, "-c", words[0]!];
    return words;
  }

  private defaultShell(s: Session, env: Record<string, string>): string {
    const opt = s.options.getString("default-shell");
    for (const c of [opt, env.SHELL, "/bin/sh"]) {
      if (c && c.startsWith("/") && resolveProgram(c, undefined)) return c;
    }
    return "/bin/sh";
  }

  private paneEnv(s: Session, paneId: number, extra: Record<string, string> | undefined): Record<string, string> {
    const env: Record<string, string> = { ...s.environment };
    delete env.WEFT;
    delete env.WEFT_PANE;
    delete env.TMUX;
    delete env.TMUX_PANE;
    env.TERM = "xterm-256color";
    env.WEFT = `${this.socketPath},${process.pid},${s.id}`;
    env.WEFT_PANE = `%${paneId}`;
    return { ...env, ...extra };
  }

  private createPane(s: Session, opts: NewPaneOptions, cols: number, rows: number, id = this.nextPaneId++): Pane {
    const env = this.paneEnv(s, id, opts.env);
    const spec: PaneSpawn = { argv: this.resolveCommand(s, opts.command, env), env, cwd: opts.cwd ?? s.cwd };
    try {
      return new Pane(id, spec, cols, rows, s.options.getNumber("history-limit"), {
        changed: (p) => this.paneChanged(p),
        output: (p, interactive, answer) => this.paneChanged(p, { interactive, answer }),
        exited: (p) => this.paneExited(p),
        bell: (p) => this.paneBell(p),
      });
    } catch (e) {
      throw new CommandError(`create pane failed: ${(e as Error).message}`);
    }
  }

  createSession(opts: {
    name?: string;
    cwd: string;
    env: Record<string, string>;
    cols: number;
    rows: number;
    windowName?: string;
    pane: NewPaneOptions;
  }): Session {
    const name = opts.name ?? this.uniqueSessionName();
    if (this.sessions.some((s) => s.name === name)) throw new CommandError(`duplicate session: ${name}`);
    if (name.includes(":") || name.includes(".")) throw new CommandError(`invalid session name: ${name}`);
    const s = new Session(this.nextSessionId++, name, opts.env, opts.cwd, this.sessionOptions);
    const w = this.createWindow(s, { name: opts.windowName, pane: opts.pane, cols: opts.cols, rows: opts.rows });
    s.current = w;
    this.sessions.push(s);
    this.hadSession = true;
    return s;
  }

  createWindow(s: Session, opts: { name?: string; index?: number; pane: NewPaneOptions; cols?: number; rows?: number }): Window {
    const cols = opts.cols ?? s.current?.cols ?? 80;
    const rows = opts.rows ?? s.current?.rows ?? 24;
    const index = opts.index ?? s.freeIndex();
    if (s.window(index)) throw new CommandError(`index ${index} in use`);
    const pane = this.createPane(s, opts.pane, cols, rows);
    const w = new Window(this.nextWindowId++, index, pane, opts.name ?? null, s, this.windowOptions);
    this.paneIndex.set(pane.id, w);
    s.addWindow(w);
    return w;
  }

  splitPane(w: Window, target: Pane, split: SplitOptions, pane: NewPaneOptions): Pane {
    w.unzoom();
    const probe = w.layout.rect(target.id);
    if (!probe) throw new CommandError(`can't find pane: %${target.id}`);
    // Split first (it throws when there is no room), then start the program at its size.
    const id = this.nextPaneId++;
    w.layout.split(target.id, id, split);
    const r = w.layout.rect(id)!;
    let p: Pane;
    try {
      p = this.createPane(w.session, pane, r.width, r.height, id);
    } catch (e) {
      w.layout.remove(id);
      throw e;
    }
    w.addPane(p);
    this.paneIndex.set(p.id, w);
    w.applyLayout();
    this.windowChanged(w);
    return p;
  }

  /** Remove a pane (killing its program); its window and session go when they empty. */
  killPane(p: Pane): void {
    const w = this.paneIndex.get(p.id);
    if (!w) return;
    if (w.panes.size === 1) {
      this.killWindow(w); // disposes the pane, after a last paint when the session ends
      return;
    }
    this.paneIndex.delete(p.id);
    p.dispose();
    w.removePane(p);
    this.windowChanged(w);
  }

  killWindow(w: Window): void {
    const s = w.session;
    if (s.windows.length === 1) this.paintNow(s);
    for (const p of w.panes.values()) {
      this.paneIndex.delete(p.id);
      p.dispose();
    }
    w.panes.clear();
    s.removeWindow(w);
    if (s.windows.length === 0) this.destroySession(s, true);
    else this.sessionChanged(s);
  }

  destroySession(s: Session, exitIfEmpty: boolean): void {
    if (!this.sessions.includes(s)) return;
    if (s.windows.length > 0) this.paintNow(s);
    this.sessions = this.sessions.filter((x) => x !== s);
    for (const w of [...s.windows]) {
      for (const p of w.panes.values()) {
        this.paneIndex.delete(p.id);
        p.dispose();
      }
    }
    s.windows = [];
    for (const c of this.clients) if (c.session === s) c.sessionDestroyed();
    if (exitIfEmpty) this.maybeExit();
  }

  /** Move a pane from its window into another (join-pane / break-pane / swap across windows). */
  movePaneIndex(p: Pane, w: Window): void {
    this.paneIndex.set(p.id, w);
  }


  newWindowFor(s: Session, p: Pane, index: number, name: string | null): Window {
    const w = new Window(this.nextWindowId++, index, p, name, s, this.windowOptions);
    this.paneIndex.set(p.id, w);
    s.addWindow(w);
    return w;
  }

  private paneExited(p: Pane): void {
    const t = this.findPane(p.id);
    if (!t) return;
    if (t.window.options.getFlag("remain-on-exit")) {
      p.writeToScreen(`\r\n${p.deadMessage()}`);
      this.windowChanged(t.window);
      return;
    }
    this.killPane(p);
  }

  private paneBell(p: Pane): void {
    const t = this.findPane(p.id);
    if (!t) return;
    if (t.session.current !== t.window && t.window.options.getFlag("monitor-bell")) {
      t.window.bellFlag = true;
      this.sessionChanged(t.session);
    }
    for (const c of this.clients) if (c.session === t.session) c.bell();
  }

  /** Something in a pane changed; `output` when only its screen's contents did (the status line stands). */
  paneChanged(p: Pane, output?: { interactive: boolean; answer?: boolean }): void {
    const w = this.paneIndex.get(p.id);
    if (!w) return;
    if (output) w.activity = Date.now();
    if (w.session.current !== w && w.options.getFlag("monitor-activity") && !w.activityFlag) {
      w.activityFlag = true;
      this.sessionChanged(w.session);
    }
    armSilence(this, w);
    for (const c of this.clients) {
      if (c.session === w.session && c.session.current === w) c.markDirty(output ? { content: true, urgent: output.interactive, answer: output.answer } : undefined);
    }
  }

  /** A session is about to end: its clients get the last screen before they are detached. */
  private paintNow(s: Session): void {
    for (const c of this.clients) if (c.session === s) c.paintNow();
  }

  windowChanged(w: Window): void {
    for (const c of this.clients) if (c.session === w.session && w.session.current === w) c.markDirty();
  }

  sessionChanged(s: Session): void {
    for (const c of this.clients) if (c.session === s) c.markDirty();
  }

  /** Size a session's windows from its attached clients by the window-size option. */
  sessionSizeChanged(s: Session): void {
    const clients = [...this.clients].filter((c) => c.session === s && c.terminal);
    if (clients.length === 0) return;
    for (const w of s.windows) {
      const mode = w.options.getString("window-size");
      if (mode === "manual") continue;
      let pick = clients[0]!;
      for (const c of clients) {
        if (mode === "latest" && c.lastActivity > pick.lastActivity) pick = c;
        if (mode === "largest" && c.cols * c.rows > pick.cols * pick.rows) pick = c;
        if (mode === "smallest" && c.cols * c.rows < pick.cols * pick.rows) pick = c;
      }
      const cols = mode === "largest" ? Math.max(...clients.map((c) => c.cols)) : mode === "smallest" ? Math.min(...clients.map((c) => c.cols)) : pick.cols;
      const rows = mode === "largest" ? Math.max(...clients.map((c) => c.windowRows)) : mode === "smallest" ? Math.min(...clients.map((c) => c.windowRows)) : pick.windowRows;
      w.resize(Math.max(1, cols), Math.max(1, rows));
    }
    this.sessionChanged(s);
  }

  // ---- paste buffers ---------------------------------------------------------------------

  addBuffer(data: string, name?: string): PasteBuffer {
    if (name) {
      const existing = this.buffers.find((b) => b.name === name);
      if (existing) {
        existing.data = data;
        return existing;
      }
      const b = { name, data, automatic: false };
      this.buffers.unshift(b);
      return b;
    }
    const b = { name: `buffer${this.bufferCounter++}`, data, automatic: true };
    this.buffers.unshift(b);
    const limit = this.serverOptions.getNumber("buffer-limit");
    const auto = this.buffers.filter((x) => x.automatic);
    if (auto.length > limit) this.buffers = this.buffers.filter((x) => !x.automatic || auto.indexOf(x) < limit);
    return b;
  }

  getBuffer(name: string | undefined): PasteBuffer {
    const b = name === undefined ? this.buffers[0] : this.buffers.find((x) => x.name === name);
    if (!b) throw new CommandError(name === undefined ? "no buffers" : `no buffer ${name}`);
    return b;
  }
}
