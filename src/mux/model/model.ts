// The server's model: every session, window, pane and paste buffer, the ids they are known by,
// and the operations that create, move and end them. Each change is announced on `notify`.
import { resolveProgram } from "../../pty/index.ts";
import { Session } from "./session.ts";
import { Window } from "./window.ts";
import { Pane, type PaneSpawn } from "./pane.ts";
import type { Options } from "./options-store.ts";
import { createGlobalOptions, type GlobalOptions, type StartupEnvironment } from "./options-commands.ts";
import { type SplitOptions } from "./layout.ts";
import { UserError } from "./errors.ts";
import { Notifier, type PasteBuffer } from "./notify.ts";
import { PromptHistory } from "./prompt-history.ts";

export interface NewPaneOptions {
  /** Command words: none = the default shell; one = run by the shell; several = exec'd directly. */
  command: string[];
  cwd?: string;
  env?: Record<string, string>;
}

/** A pane with the window and session it is in (what a -t target resolves to). */
export interface PaneTarget {
  session: Session;
  window: Window;
  pane: Pane;
}

export interface NewSessionOptions {
  name?: string;
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  windowName?: string;
  pane: NewPaneOptions;
}

export class Model {
  readonly notify = new Notifier();
  sessions: Session[] = [];
  /** The global trees (set -s, set -g, set -gw); sessions', windows' and panes' fall back to them. */
  readonly options: GlobalOptions;
  buffers: PasteBuffer[] = [];
  /** What was entered at command prompts, by type (show-prompt-history). */
  readonly promptHistory = new PromptHistory();
  /** Runs copy-pipe's command with the copied text on its stdin (the server sets it). */
  runCopyCommand: ((command: string, text: string, pane: Pane) => void) | null = null;
  private bufferCounter = 0;
  private readonly paneIndex = new Map<number, Window>();
  private nextSessionId = 0;
  private nextWindowId = 0;
  private nextPaneId = 0;

  /** `socketPath` goes into every pane's $WEFT, so weft commands run in a pane find this server. */
  constructor(
    private readonly socketPath: string,
    startup: StartupEnvironment = {},
  ) {
    this.options = createGlobalOptions(startup);
    for (const o of [this.options.server, this.options.session, this.options.window]) {
      o.onChange = (name) => this.notify.emit({ type: "option-changed", name });
    }
  }

  get serverOptions(): Options {
    return this.options.server;
  }

  get sessionOptions(): Options {
    return this.options.session;
  }

  get windowOptions(): Options {
    return this.options.window;
  }

  /**
   * The marked pane (select-pane -m), one for the whole server, with the session and place its
   * window had then: as tmux's marked_pane, it is no longer marked once its window leaves that
   * place (swap-window, move-window).
   */
  private markedAt: { pane: Pane; session: Session; link: number } | null = null;

  // ---- lookups ---------------------------------------------------------------------------

  /** The marked pane where it still is, or null when it was never set or has gone. */
  get marked(): PaneTarget | null {
    const m = this.markedAt;
    const t = m ? this.findPane(m.pane.id) : null;
    if (!m || !t || t.pane !== m.pane || t.session !== m.session || t.window.link !== m.link) return null;
    return this.sessions.includes(t.session) ? t : null;
  }

  /** Mark a pane (null: clear the mark); announced so status lines show the M flag. */
  setMarked(p: Pane | null): void {
    const old = this.marked?.pane ?? null;
    const t = p ? this.findPane(p.id) : null;
    this.markedAt = p && t ? { pane: p, session: t.session, link: t.window.link } : null;
    if (old !== p) this.notify.emit({ type: "pane-marked", pane: p, old });
  }

  /** The id the next session will get (next_session_id). */
  get upcomingSessionId(): number {
    return this.nextSessionId;
  }

  findPane(id: number): PaneTarget | null {
    const w = this.paneIndex.get(id);
    const pane = w?.panes.get(id);
    if (!w || !pane) return null;
    return { session: w.session, window: w, pane };
  }

  findWindow(id: number): Window | null {
    for (const s of this.sessions) for (const w of s.windows) if (w.id === id) return w;
    return null;
  }


  /** A new session's default name: the id it gets, skipping ids whose number is taken as a name (tmux's session_create). */
  private defaultSessionName(): string {
    while (this.sessions.some((s) => s.name === String(this.nextSessionId))) this.nextSessionId++;
    return String(this.nextSessionId);
  }

  // ---- panes' programs -------------------------------------------------------------------

  /** The pane's argv from command words: none = the shell, one = `shell -c word`, more = direct. */
  resolveCommand(s: Session, words: string[]): string[] {
    const shell = this.defaultShell(s);
    if (words.length === 0) {
      const dc = s.options.getString("default-command");
      return dc ? [shell, "-c", dc] : [shell];
    }
    if (words.length === 1) return [shell, "-c", words[0]!];
    return words;
  }

  /** default-shell, or /bin/sh when it is no usable shell (tmux's spawn.c does the same). */
  private defaultShell(s: Session): string {
    const opt = s.options.getString("default-shell");
    return isUsableShell(opt) ? opt : "/bin/sh";
  }

  private paneEnv(s: Session, paneId: number, extra: Record<string, string> | undefined): Record<string, string> {
    const env: Record<string, string> = { ...s.environment };
    delete env.WEFT;
    delete env.WEFT_PANE;
    delete env.TMUX;
    delete env.TMUX_PANE;
    env.TERM = this.serverOptions.getString("default-terminal");
    env.WEFT = `${this.socketPath},${process.pid},${s.id}`;
    env.WEFT_PANE = `%${paneId}`;
    return { ...env, ...extra };
  }

  private createPane(s: Session, opts: NewPaneOptions, cols: number, rows: number, id = this.nextPaneId++): Pane {
    const env = this.paneEnv(s, id, opts.env);
    const spec: PaneSpawn = { argv: this.resolveCommand(s, opts.command), env, cwd: opts.cwd ?? s.cwd, command: opts.command };
    const emit = this.notify.emit.bind(this.notify);
    try {
      const pane = new Pane(id, spec, cols, rows, s.options.getNumber("history-limit"), {
        changed: (pane) => emit({ type: "pane-changed", pane }),
        title: (pane) => emit({ type: "pane-title-changed", pane }),
        output: (pane, interactive, answer) => emit({ type: "pane-output", pane, interactive, answer }),
        data: (pane, bytes) => emit({ type: "pane-data", pane, bytes }),
        exited: (pane) => this.paneExited(pane),
        bell: (pane) => emit({ type: "pane-bell", pane }),
        respawned: (pane) => emit({ type: "pane-respawned", pane }),
        renamed: (pane, name) => this.paneRenamed(pane, name),
      });
      // Until it is placed in a window, a pane's options fall back to the global window options.
      pane.options.parent = this.windowOptions;
      return pane;
    } catch (e) {
      throw new UserError(`create pane failed: ${(e as Error).message}`);
    }
  }

  /**
   * allow-rename: the program's ESC k name ST names its window and stops automatic-rename; an
   * empty name gives the window back to automatic-rename (tmux's input_exit_rename).
   */
  private paneRenamed(p: Pane, name: string): void {
    const w = this.paneIndex.get(p.id);
    if (!w || !p.options.getFlag("allow-rename")) return;
    if (name !== "") return w.rename(name);
    const own = w.options.getOnly("automatic-rename");
    if (own) w.options.removeOrDefault(own, -1);
    if (!w.options.getFlag("automatic-rename")) w.setName("");
  }

  /** The program ended: the pane stays, dead, under remain-on-exit; otherwise it goes. */
  private paneExited(p: Pane): void {
    const t = this.findPane(p.id);
    if (!t) return;
    if (remains(p)) {
      p.writeToScreen(`\r\n${p.deadMessage()}`);
      this.notify.emit({ type: "pane-died", pane: p, window: t.window });
      return;
    }
    this.notify.emit({ type: "pane-exited", pane: p, window: t.window });
    this.killPane(p);
  }

  // ---- sessions, windows, panes ------------------------------------------------------------

  createSession(opts: NewSessionOptions): Session {
    const name = opts.name ?? this.defaultSessionName();
    if (this.sessions.some((s) => s.name === name)) throw new UserError(`duplicate session: ${name}`);
    if (name.includes(":") || name.includes(".")) throw new UserError(`invalid session name: ${name}`);
    const s = new Session(this.nextSessionId++, name, opts.env, opts.cwd, this.sessionOptions, this.notify);
    const w = this.createWindow(s, { name: opts.windowName, pane: opts.pane, cols: opts.cols, rows: opts.rows });
    s.current = w;
    this.sessions.push(s);
    this.notify.emit({ type: "session-created", session: s });
    return s;
  }

  /** `select`: the session switches to it before it is announced, as tmux's spawn_window. */
  createWindow(s: Session, opts: { name?: string; index?: number; pane: NewPaneOptions; cols?: number; rows?: number; select?: boolean }): Window {
    const cols = opts.cols ?? s.current?.cols ?? 80;
    const rows = opts.rows ?? s.current?.rows ?? 24;
    const index = opts.index ?? s.freeIndex();
    if (s.window(index)) throw new UserError(`index ${index} in use`);
    const pane = this.createPane(s, opts.pane, cols, rows);
    return this.linkWindow(s, new Window(this.nextWindowId++, index, pane, opts.name ?? null, s, this.windowOptions), opts.select === true);
  }

  /** A new window around a pane taken out of another (break-pane). */
  newWindowFor(s: Session, p: Pane, index: number, name: string | null): Window {
    return this.linkWindow(s, new Window(this.nextWindowId++, index, p, name, s, this.windowOptions));
  }

  private linkWindow(s: Session, w: Window, select = false): Window {
    for (const p of w.panes.values()) this.placePane(p, w);
    s.addWindow(w);
    if (select) s.select(w);
    this.notify.emit({ type: "window-linked", session: s, window: w });
    return w;
  }

  /** `activate`: the new pane becomes active before the layout is announced, as tmux's spawn_pane. */
  splitPane(w: Window, target: Pane, split: SplitOptions, pane: NewPaneOptions, activate = false): Pane {
    w.unzoom();
    const probe = w.layout.rect(target.id);
    if (!probe) throw new UserError(`can't find pane: %${target.id}`);
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
    this.placePane(p, w);
    if (activate) w.setActive(p);
    w.applyLayout();
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
  }

  /** Kill a window; the session ends with its last one unless `keepSession` (a window replaces it: new-window -k). */
  killWindow(w: Window, keepSession = false): void {
    const s = w.session;
    if (s.windows.length === 1 && !keepSession) this.notify.emit({ type: "session-closing", session: s });
    for (const p of w.panes.values()) {
      this.paneIndex.delete(p.id);
      p.dispose();
    }
    w.panes.clear();
    s.removeWindow(w);
    this.notify.emit({ type: "window-unlinked", session: s, window: w });
    if (s.windows.length === 0 && !keepSession) this.destroySession(s);
  }

  destroySession(s: Session): void {
    if (!this.sessions.includes(s)) return;
    if (s.windows.length > 0) this.notify.emit({ type: "session-closing", session: s });
    this.sessions = this.sessions.filter((x) => x !== s);
    const windows = [...s.windows];
    for (const w of windows) {
      for (const p of w.panes.values()) {
        this.paneIndex.delete(p.id);
        p.dispose();
      }
    }
    s.windows = [];
    this.notify.emit({ type: "session-closed", session: s });
    // Then its windows are unlinked, as tmux's session_destroy (control clients are told).
    for (const w of windows) this.notify.emit({ type: "window-unlinked", session: s, window: w });
  }

  /** A pane moved from its window into another (join-pane / swap-pane across windows). */
  movePaneIndex(p: Pane, w: Window): void {
    this.placePane(p, w);
  }

  /** The pane is in `w` now: found by id there, and its options fall back to the window's. */
  private placePane(p: Pane, w: Window): void {
    this.paneIndex.set(p.id, w);
    p.options.parent = w.options;
    p.applyOptions();
  }

  // ---- paste buffers -----------------------------------------------------------------------

  addBuffer(data: string, name?: string): PasteBuffer {
    const b = this.storeBuffer(data, name);
    this.notify.emit({ type: "paste-buffer-changed", buffer: b });
    return b;
  }

  private storeBuffer(data: string, name: string | undefined): PasteBuffer {
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
    if (auto.length > limit) {
      for (const x of auto.slice(limit)) this.deleteBuffer(x);
    }
    return b;
  }

  getBuffer(name: string | undefined): PasteBuffer {
    const b = name === undefined ? this.buffers[0] : this.buffers.find((x) => x.name === name);
    if (!b) throw new UserError(name === undefined ? "no buffers" : `no buffer ${name}`);
    return b;
  }

  /** Change a buffer's text and, with `rename`, its name (set-buffer -n makes it a named one). */
  setBuffer(b: PasteBuffer, change: { data?: string; rename?: string }): void {
    if (change.data !== undefined) b.data = change.data;
    if (change.rename !== undefined) {
      b.name = change.rename;
      b.automatic = false;
    }
    this.notify.emit({ type: "paste-buffer-changed", buffer: b });
  }

  deleteBuffer(b: PasteBuffer): void {
    if (!this.buffers.includes(b)) return;
    this.buffers = this.buffers.filter((x) => x !== b);
    this.notify.emit({ type: "paste-buffer-deleted", buffer: b });
  }
}

/** remain-on-exit: on keeps every dead pane; failed only those that exited non-zero or by a signal. */
function remains(p: Pane): boolean {
  const mode = p.options.getString("remain-on-exit");
  if (mode === "on") return true;
  if (mode !== "failed") return false;
  const st = p.deadStatus;
  return st !== null && (st.signal != null || (st.code ?? 0) !== 0);
}

/** tmux's checkshell: an absolute path to something that runs (tmux itself excluded by the caller). */
export function isUsableShell(path: string): boolean {
  return path.startsWith("/") && resolveProgram(path, undefined) !== null;
}
