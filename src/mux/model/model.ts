// The server's model: every session, window, pane and paste buffer, the ids they are known by,
// and the operations that create, move and end them. Each change is announced on `notify`.
// Longer than most files: a window's lifetime (its links, session groups, the kills that end it
// in every session at once) needs the ids and the pane index kept here, so it stays in one place.
import { resolveProgram } from "../../pty/index.ts";
import { Session } from "./session.ts";
import { Window } from "./window.ts";
import type { Winlink } from "./winlink.ts";
import { SessionGroup, synchronizeFrom, synchronizeTo } from "./session-group.ts";
import { Pane, type PaneEvents, type PaneSpawn } from "./pane.ts";
import type { Options } from "./options-store.ts";
import { createGlobalOptions, type GlobalOptions, type StartupEnvironment } from "./options-commands.ts";
import { type SplitOptions } from "./layout.ts";
import { UserError } from "./errors.ts";
import { sessionName } from "./args-escape.ts";
import { Notifier, type PasteBuffer } from "./notify.ts";
import { PromptHistory } from "./prompt-history.ts";
import { Environ } from "./environ.ts";

/** _PATH_DEFPATH: a pane's PATH when neither the environments nor the client have one. */
const DEFAULT_PATH = "/usr/bin:/bin";

export interface NewPaneOptions {
  /** Command words: none = the default shell; one = run by the shell; several = exec'd directly. */
  command: string[];
  cwd?: string;
  /** -e NAME=value: over the session's environment, for this pane only. */
  env?: Record<string, string>;
  /**
   * The PATH of the command's client when it is not attached (a shell's `weft new`), which
   * replaces the session's so the command finds its program, as tmux's spawn.c.
   */
  clientPath?: string;
  /** No program at all (split-window '' or -I: tmux's SPAWN_EMPTY). */
  empty?: boolean;
}

/** A pane with the window and session it is in (what a -t target resolves to). */
export interface PaneTarget {
  session: Session;
  window: Window;
  pane: Pane;
  /** The window's link in the session, when known (a window may be there twice); else its best one. */
  winlink?: Winlink;
}

export interface NewSessionOptions {
  name?: string;
  cwd: string;
  /** The session's own environment (update-environment from the client, -e). */
  environ: Environ;
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
  /** tmux's global environment: the server's at start (set-environment -g); sessions' go over it. */
  readonly environ: Environ;
  /** TERM_PROGRAM_VERSION in panes. */
  programVersion = "";

  /**
   * `socketPath` goes into every pane's $WEFT, so weft commands run in a pane find this server;
   * `asTmux` (run under the name tmux): $TMUX and $TMUX_PANE too, as tmux sets them.
   */
  constructor(
    private readonly socketPath: string,
    startup: StartupEnvironment = {},
    private readonly asTmux = false,
    environ: Environ = new Environ(),
  ) {
    this.environ = environ;
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
  private markedAt: { pane: Pane; session: Session; winlink: Winlink; window: Window } | null = null;

  // ---- lookups ---------------------------------------------------------------------------

  /** The marked pane where it still is, or null when it was never set or has gone. */
  get marked(): PaneTarget | null {
    const m = this.markedAt;
    if (!m || !this.sessions.includes(m.session) || !m.session.links.includes(m.winlink)) return null;
    if (m.winlink.window !== m.window || m.window.panes.get(m.pane.id) !== m.pane) return null;
    return { session: m.session, window: m.window, pane: m.pane, winlink: m.winlink };
  }

  /** Mark a pane (null: clear the mark) at a place (its best one if not given); announced so status lines show the M flag. */
  setMarked(p: Pane | null, at?: PaneTarget): void {
    const old = this.marked?.pane ?? null;
    const t = at && at.pane === p ? at : p ? this.findPane(p.id) : null;
    const winlink = t ? (t.winlink ?? t.session.linkOf(t.window)) : undefined;
    this.markedAt = p && t && winlink ? { pane: p, session: t.session, winlink, window: t.window } : null;
    if (old !== p) this.notify.emit({ type: "pane-marked", pane: p, old });
  }

  /** The sessions in tmux's order (its tree of sessions, by name): what -a lists walk. */
  get sessionsByName(): Session[] {
    return [...this.sessions].sort(byName);
  }

  /** The id the next session will get (next_session_id). */
  get upcomingSessionId(): number {
    return this.nextSessionId;
  }

  /** A pane by id, at its window's best place (cmd_find_from_pane). */
  findPane(id: number): PaneTarget | null {
    const w = this.paneIndex.get(id);
    const pane = w?.panes.get(id);
    const wl = w ? this.bestLink(w) : null;
    if (!w || !pane || !wl) return null;
    return { session: wl.session, window: w, pane, winlink: wl };
  }

  findWindow(id: number): Window | null {
    for (const s of this.sessions) for (const wl of s.links) if (wl.window.id === id) return wl.window;
    return null;
  }

  /**
   * The place that stands for a window: in the most recently active session that has it, its
   * current link if that shows it, else its lowest (cmd_find_best_session_with_window, _winlink_).
   */
  bestLink(w: Window): Winlink | null {
    let best: Session | null = null;
    for (const wl of w.links) if (!best || wl.session.activity > best.activity) best = wl.session;
    return best?.linkOf(w) ?? null;
  }

  /** The window's link in `s` that a place means: the one given, else its best there. */
  linkIn(s: Session, w: Window, given?: Winlink): Winlink | undefined {
    return given && given.session === s && given.window === w ? given : s.linkOf(w);
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

  /**
   * What a pane's program gets (tmux's environ_for_session and spawn.c): the global environment,
   * the session's over it, TERM from default-terminal, this server in $WEFT, then -e, the pane's
   * id, PATH, SHELL and PWD.
   */
  paneEnvironment(s: Session, paneId: number, opts: NewPaneOptions, cwd: string): Record<string, string> {
    const env = new Environ();
    this.environ.copyInto(env);
    s.environ.copyInto(env);
    env.set("TERM", this.serverOptions.getString("default-terminal"));
    env.set("TERM_PROGRAM", "tmux");
    env.set("TERM_PROGRAM_VERSION", this.programVersion);
    // weft's own variables name this server; tmux's would make a weft command in the pane talk to a tmux.
    for (const name of ["TMUX", "TMUX_PANE", "WEFT_PANE"]) env.unset(name);
    env.set("WEFT", `${this.socketPath},${process.pid},${s.id}`);
    for (const [k, v] of Object.entries(opts.env ?? {})) env.set(k, v);
    env.set("WEFT_PANE", `%${paneId}`);
    if (this.asTmux) {
      env.set("TMUX", env.get("WEFT") ?? "");
      env.set("TMUX_PANE", `%${paneId}`);
    }
    if (opts.clientPath !== undefined) env.set("PATH", opts.clientPath);
    if (!env.find("PATH")) env.set("PATH", DEFAULT_PATH);
    env.set("SHELL", this.defaultShell(s));
    env.set("PWD", cwd);
    return env.toRecord();
  }

  /**
   * The environment of a program that is no pane (a popup's, as tmux's job_run): the session's,
   * with $WEFT naming this server but no $WEFT_PANE.
   */
  programEnv(s: Session, extra: Record<string, string> = {}): Record<string, string> {
    const env = this.paneEnvironment(s, 0, { command: [], env: extra }, s.cwd);
    delete env.WEFT_PANE;
    delete env.TMUX_PANE;
    return env;
  }

  private createPane(s: Session, opts: NewPaneOptions, cols: number, rows: number, id = this.nextPaneId++): Pane {
    const cwd = opts.cwd ?? s.cwd;
    const argv = opts.empty ? [] : this.resolveCommand(s, opts.command);
    const spec: PaneSpawn = { argv, env: this.paneEnvironment(s, id, opts, cwd), cwd, command: opts.command, ...(opts.empty ? { empty: true } : {}) };
    try {
      const pane = new Pane(id, spec, cols, rows, s.options.getNumber("history-limit"), this.paneEvents());
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

  /** What a window's pane reports, announced on the notifier. */
  private paneEvents(): PaneEvents {
    const emit = this.notify.emit.bind(this.notify);
    return {
      changed: (pane) => emit({ type: "pane-changed", pane }),
      title: (pane) => emit({ type: "pane-title-changed", pane }),
      output: (pane, interactive, answer) => emit({ type: "pane-output", pane, interactive, answer }),
      data: (pane, bytes) => emit({ type: "pane-data", pane, bytes }),
      exited: (pane) => this.paneExited(pane),
      bell: (pane) => emit({ type: "pane-bell", pane }),
      respawned: (pane) => emit({ type: "pane-respawned", pane }),
      renamed: (pane, name) => this.paneRenamed(pane, name),
    };
  }

  /**
   * A popup's program becomes a pane split from `target` (popup.c's popup_make_pane): it keeps
   * its PTY and screen, takes a pane id and the session's history limit, and is made active.
   */
  adoptPane(wl: Winlink, target: Pane, split: SplitOptions, p: Pane): void {
    const w = wl.window;
    w.unzoom();
    if (!w.layout.rect(target.id)) throw new UserError(`can't find pane: %${target.id}`);
    const id = this.nextPaneId++;
    w.layout.split(target.id, id, split);
    p.adopt(id, wl.session.options.getNumber("history-limit"), this.paneEvents());
    p.options.parent = this.windowOptions;
    w.addPane(p);
    this.placePane(p, w);
    w.applyLayout();
    w.setActive(p);
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
    const name = opts.name === undefined ? this.defaultSessionName() : sessionName(opts.name);
    if (name === null) throw new UserError(`invalid session: ${opts.name}`);
    if (this.sessions.some((s) => s.name === name)) throw new UserError(`duplicate session: ${name}`);
    const s = this.newSession(name, opts);
    this.createWindow(s, { name: opts.windowName, pane: opts.pane, cols: opts.cols, rows: opts.rows });
    this.sessions.push(s);
    this.notify.emit({ type: "session-created", session: s });
    return s;
  }

  private newSession(name: string, opts: NewSessionOptions): Session {
    return new Session(this.nextSessionId++, name, opts.environ, opts.cwd, this.sessionOptions, this.notify, (w) => this.release(w));
  }

  /**
   * new-session -t: a session in a group, sharing its windows. `groupWith` is the target session
   * (its group, or a new one named after it); else `groupName` names the group, new or not. Its
   * name defaults to the group's name and its id ("a-1"). As tmux, it spawns a first window that
   * the group's windows replace at once (its ids used up, its link and unlink announced).
   */
  createGroupedSession(opts: NewSessionOptions, groupWith: Session | null, groupName: string): Session {
    const existing = groupWith?.group ?? this.groups.get(groupName) ?? null;
    const prefix = existing?.name ?? groupWith?.name ?? groupName;
    const name = opts.name ?? this.prefixedSessionName(prefix);
    if (this.sessions.some((s) => s.name === name)) throw new UserError(`duplicate session: ${name}`);
    const s = this.newSession(name, opts);
    let group = existing;
    if (!group) {
      group = new SessionGroup(groupWith?.name ?? groupName);
      this.groups.set(group.name, group);
      if (groupWith) group.add(groupWith);
    }
    this.sessions.push(s);
    // Its own first window, which the group's replace at once (a group with no session yet keeps it).
    this.createWindow(s, { name: opts.windowName, pane: opts.pane, cols: opts.cols, rows: opts.rows });
    group.add(s);
    synchronizeTo(s);
    const first = s.links[0];
    if (first) s.select(first);
    this.notify.emit({ type: "session-created", session: s });
    return s;
  }

  /** session_create's name from a prefix: "prefix-id", the first id whose name is free. */
  private prefixedSessionName(prefix: string): string {
    while (this.sessions.some((s) => s.name === `${prefix}-${this.nextSessionId}`)) this.nextSessionId++;
    return `${prefix}-${this.nextSessionId}`;
  }

  /** Session groups by name (new-session -t names one even when no session has its name). */
  readonly groups = new Map<string, SessionGroup>();

  /** `select`: the session switches to it before it is announced, as tmux's spawn_window. */
  createWindow(s: Session, opts: { name?: string; index?: number; pane: NewPaneOptions; cols?: number; rows?: number; select?: boolean }): Window {
    const cols = opts.cols ?? s.curw?.window.cols ?? 80;
    const rows = opts.rows ?? s.curw?.window.rows ?? 24;
    const index = opts.index ?? s.freeIndex();
    if (s.window(index)) throw new UserError(`index ${index} in use`);
    const pane = this.createPane(s, opts.pane, cols, rows);
    return this.placeWindow(s, new Window(this.nextWindowId++, pane, opts.name ?? null, this.notify, this.windowOptions), index, opts.select === true);
  }

  /** A new window around a pane taken out of another (break-pane). */
  newWindowFor(s: Session, p: Pane, index: number, name: string | null): Window {
    return this.placeWindow(s, new Window(this.nextWindowId++, p, name, this.notify, this.windowOptions), index);
  }

  /**
   * A new window into its session (and the session's group), the session's current if it had
   * none, or with `select` (before it is announced, as tmux's spawn_window).
   */
  private placeWindow(s: Session, w: Window, index: number, select = false): Window {
    for (const p of w.panes.values()) this.placePane(p, w);
    const wl = s.attach(w, index, false);
    if (!s.curw) s.curw = wl;
    else if (select) s.select(wl);
    this.notify.emit({ type: "window-linked", session: s, window: w });
    synchronizeFrom(s);
    return w;
  }

  /**
   * Unlink a window from a session (tmux's server_unlink_window): the group follows; a session
   * left without windows ends, and a window left in no session is destroyed.
   */
  unlink(s: Session, wl: Winlink): void {
    s.detach(wl);
    synchronizeFrom(s);
    if (s.links.length === 0) this.destroySession(s);
  }

  /**
   * Take one link out to put another at its index (new-window -k, link-window -k): the session
   * stays, even if empty for a moment, and the caller selects the new window.
   */
  replaceLink(s: Session, wl: Winlink): void {
    wl.clearAlerts();
    s.remove(wl);
    this.notify.emit({ type: "window-unlinked", session: s, window: wl.window });
  }

  /** A window has no link left: its panes end (window_destroy). */
  private release(w: Window): void {
    for (const p of w.panes.values()) {
      this.paneIndex.delete(p.id);
      p.dispose();
    }
    w.panes.clear();
    if (w.silenceTimer) clearTimeout(w.silenceTimer);
    w.silenceTimer = null;
  }

  /**
   * `activate`: the new pane becomes active before the layout is announced, as tmux's
   * spawn_pane. `zoom` (split-window -Z): the window ends zoomed on its active pane, and the new
   * pane starts at the window's whole size and keeps it while the window stays zoomed, as
   * tmux's SPAWN_ZOOM (layout_assign_pane without resizing it).
   */
  splitPane(w: Window, target: Pane, split: SplitOptions, pane: NewPaneOptions, activate = false, zoom = false): Pane {
    w.unzoom();
    const probe = w.layout.rect(target.id);
    if (!probe) throw new UserError(`can't find pane: %${target.id}`);
    // Split first (it throws when there is no room), then start the program at its size.
    const id = this.nextPaneId++;
    w.layout.split(target.id, id, split);
    const r = zoom ? { width: w.cols, height: w.rows } : w.layout.rect(id)!;
    let p: Pane;
    try {
      p = this.createPane(this.bestLink(w)?.session ?? this.anySession(), pane, r.width, r.height, id);
    } catch (e) {
      w.layout.remove(id);
      throw e;
    }
    w.addPane(p);
    this.placePane(p, w);
    if (activate) w.setActive(p);
    w.applyLayout(zoom ? p : undefined);
    if (zoom) w.toggleZoom(w.active);
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

  /** A session for a pane whose window is in none (never while the model is consistent). */
  private anySession(): Session {
    const s = this.sessions[0];
    if (!s) throw new Error("no session");
    return s;
  }

  /**
   * Kill a window (tmux's server_kill_window): unlinked from every session that has it; those
   * left without windows end, the others are renumbered under renumber-windows.
   */
  killWindow(w: Window): void {
    // In tmux's order of sessions (by name), which decides the order of the announcements.
    const sessions = this.sessions.filter((s) => s.has(w)).sort(byName);
    // Sessions about to end paint a last frame while the panes still live.
    for (const s of sessions) if (s.links.every((l) => l.window === w)) this.notify.emit({ type: "session-closing", session: s });
    for (const s of sessions) {
      if (!this.sessions.includes(s)) continue;
      w.unzoom();
      for (let wl = s.linkOf(w); wl && this.sessions.includes(s); wl = s.linkOf(w)) this.unlink(s, wl);
      if (this.sessions.includes(s)) renumberGroup(s);
    }
  }

  /** Kill a session's windows other than `keep` (kill-window -a), then renumber every session. */
  killOtherWindows(s: Session, keep: Window): void {
    if (s.links.length === 1) return;
    for (let other = s.links.find((l) => l.window !== keep); other; other = s.links.find((l) => l.window !== keep)) {
      this.killWindowOnly(other.window);
    }
    // The current window there more than once: it goes too.
    if (s.links.filter((l) => l.window === keep).length > 1) this.killWindowOnly(keep);
    for (const x of this.sessions) renumberGroup(x);
  }

  /** server_kill_window(w, 0): every link of it goes, without renumbering. */
  private killWindowOnly(w: Window): void {
    for (const s of this.sessions.filter((x) => x.has(w)).sort(byName)) {
      for (let wl = s.linkOf(w); wl && this.sessions.includes(s); wl = s.linkOf(w)) this.unlink(s, wl);
    }
  }

  /** End a session (session_destroy): it leaves its group; windows in no other session end with it. */
  destroySession(s: Session): void {
    if (!this.sessions.includes(s)) return;
    if (s.links.length > 0) this.notify.emit({ type: "session-closing", session: s });
    this.sessions = this.sessions.filter((x) => x !== s);
    const g = s.group;
    if (g) {
      g.remove(s);
      if (g.sessions.length === 0) this.groups.delete(g.name);
    }
    this.notify.emit({ type: "session-closed", session: s });
    // Then its windows are unlinked, as tmux's session_destroy (control clients are told); those
    // in no other session end.
    for (const wl of [...s.links]) {
      s.remove(wl);
      this.notify.emit({ type: "window-unlinked", session: s, window: wl.window });
    }
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

  /** A buffer named `name`, or the next automatic one (`prefix` and a number: copy mode's prefix argument). */
  addBuffer(data: string, name?: string, prefix = "buffer"): PasteBuffer {
    const b = this.storeBuffer(data, name, prefix);
    this.notify.emit({ type: "paste-buffer-changed", buffer: b });
    return b;
  }

  private storeBuffer(data: string, name: string | undefined, prefix: string): PasteBuffer {
    if (name) {
      const existing = this.buffers.find((b) => b.name === name);
      if (existing) {
        existing.data = data;
        existing.created = Date.now();
        return existing;
      }
      const b = { name, data, automatic: false, created: Date.now() };
      this.buffers.unshift(b);
      return b;
    }
    const b = { name: `${prefix}${this.bufferCounter++}`, data, automatic: true, created: Date.now() };
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

/** tmux's order of sessions (its RB tree by name). */
function byName(a: Session, b: Session): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** server_renumber_session: under renumber-windows, the session (and its whole group) numbered again. */
function renumberGroup(s: Session): void {
  if (!s.options.getFlag("renumber-windows")) return;
  for (const x of s.group ? s.group.sessions : [s]) x.renumber();
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
