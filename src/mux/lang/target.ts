// -t and -s targets: weft's model seen through cmd-find's interface (cmd-find-model.ts), so that
// targets resolve exactly as tmux 3.3a's cmd-find does, and the answer mapped back to the model.
import { CommandError, type Target } from "./command.ts";
import {
  FindError, findClient, findTarget,
  type BorderStatus, type FindClient, type FindFlags, type FindKind, type FindModel, type FindPane,
  type FindMouse, type FindSession, type FindState, type FindWindow, type FindWinlink,
} from "./cmd-find.ts";
import { paneBeside, type Side } from "./cmd-find-panes.ts";
import type { Model, Options, Pane, PaneTarget, Session, Window, Winlink } from "../model/index.ts";

export type { FindFlags, FindKind };

/** A client as targets see it: attached to a session, or a command client (session null). */
export interface TargetClient {
  readonly name: string;
  readonly tty: string;
  readonly session: Session | null;
  /** Last input, any increasing clock. */
  readonly activity: number;
}

/** What "current" is made of for one command. */
export interface TargetScope {
  /** Every client of the server, oldest first. */
  readonly clients: readonly TargetClient[];
  /** The client that sent the command, if any. */
  readonly caller: TargetClient | null;
  /** The pane the command runs in ($WEFT_PANE, when $WEFT names this server), as "%3". */
  readonly callerPane: string | null;
  /** The queue's current state (a key binding's pane, a hook's target), used while valid. */
  readonly queue?: PaneTarget | null;
  /** What the mouse event of a key binding was over: "=" and "{mouse}" name it. */
  readonly mouse?: { session: Session; winlink: Winlink; pane: Pane | null } | null;
}

/** An option the old store may not know yet (pane-base-index, pane-border-status): its default then. */
function option<T>(o: Options, read: (o: Options) => T, fallback: T): T {
  try {
    return read(o);
  } catch {
    return fallback;
  }
}

/** The model as cmd-find's FindModel, with the way back from each of its objects to weft's. */
class Snapshot {
  readonly find: FindModel;
  private readonly paneOf = new Map<FindPane, Pane>();
  private readonly windowOf = new Map<FindWindow, Window>();
  private readonly sessionOf = new Map<FindSession, Session>();
  private readonly findPanes = new Map<Pane, FindPane>();
  private readonly panesWindow = new Map<Pane, Window>();
  private readonly findSessions = new Map<Session, FindSession>();
  private readonly findWindows = new Map<Window, FindWindow>();
  private readonly winlinks = new Map<Winlink, FindWinlink>();
  private readonly winlinkOf = new Map<FindWinlink, Winlink>();

  constructor(model: Model, scope: TargetScope) {
    const attached = new Map<Session, number>();
    for (const c of scope.clients) if (c.session) attached.set(c.session, (attached.get(c.session) ?? 0) + 1);
    const sessions = model.sessions.map((s) => this.session(s, attached.get(s) ?? 0));
    const clients = scope.clients.map((c) => this.client(c, null));
    const marked = model.marked;
    this.find = { sessions, clients, marked: marked ? this.state(marked) : null };
  }

  private session(s: Session, attached: number): FindSession {
    const winlinks = s.links.map((wl) => this.winlink(wl));
    const current = this.winlinks.get(s.curw) ?? winlinks[0];
    if (!current) throw new Error(`session $${s.id} has no windows`);
    const lastWindow = s.lastLink ? (this.winlinks.get(s.lastLink) ?? null) : null;
    const fs: FindSession = { id: s.id, name: s.name, winlinks, current, lastWindow, activity: s.activity, attached };
    this.sessionOf.set(fs, s);
    this.findSessions.set(s, fs);
    return fs;
  }

  private winlink(l: Winlink): FindWinlink {
    const wl: FindWinlink = { index: l.index, window: this.window(l.window) };
    this.winlinks.set(l, wl);
    this.winlinkOf.set(wl, l);
    return wl;
  }

  /** One FindWindow for a window however many sessions it is linked into. */
  private window(w: Window): FindWindow {
    const known = this.findWindows.get(w);
    if (known) return known;
    const panes = w.orderedPanes().map((p) => this.addPane(w, p));
    const active = this.findPanes.get(w.active) ?? panes[0];
    if (!active) throw new Error(`window @${w.id} has no panes`);
    const last = w.lastPane ? (this.findPanes.get(w.lastPane) ?? null) : null;
    const window: FindWindow = {
      id: w.id,
      // Read only when a target names a window: an automatic name reads /proc (the foreground
      // program), and a snapshot is taken for every command.
      get name() {
        return w.name;
      },
      panes, active, last, zoomed: w.zoomed !== null, width: w.cols, height: w.rows,
      paneBaseIndex: option(w.options, (o) => o.getNumber("pane-base-index"), 0),
      borderStatus: option(w.options, (o) => o.getString("pane-border-status") as BorderStatus, "off"),
    };
    this.windowOf.set(window, w);
    this.findWindows.set(w, window);
    return window;
  }

  /** Its place in the layout: a zoomed window's panes keep the unzoomed geometry, as tmux's. */
  private addPane(w: Window, p: Pane): FindPane {
    const r = w.layout.rect(p.id) ?? w.rect(p);
    const fp: FindPane = { id: p.id, x: r.x, y: r.y, width: r.width, height: r.height, activePoint: p.activePoint };
    this.paneOf.set(fp, p);
    this.findPanes.set(p, fp);
    this.panesWindow.set(p, w);
    return fp;
  }

  client(c: TargetClient, callerPane: string | null): FindClient {
    const session = c.session ? (this.findSessions.get(c.session) ?? null) : null;
    return { name: c.name, tty: c.tty, session, activity: c.activity, tmuxPane: callerPane };
  }

  state(t: PaneTarget): FindState | null {
    const session = this.findSessions.get(t.session);
    const link = t.winlink && t.winlink.session === t.session ? t.winlink : t.session.linkOf(t.window);
    const winlink = link ? this.winlinks.get(link) : undefined;
    const pane = this.findPanes.get(t.pane);
    if (!session || !winlink || !pane) return null;
    return { session, winlink, window: winlink.window, pane, index: null };
  }

  mouse(m: NonNullable<TargetScope["mouse"]>): FindMouse {
    return { session: this.findSessions.get(m.session) ?? null, winlink: this.winlinks.get(m.winlink) ?? null, pane: m.pane ? (this.findPanes.get(m.pane) ?? null) : null };
  }

  findPane(p: Pane): FindPane | null {
    return this.findPanes.get(p) ?? null;
  }

  findWindow(w: Window): FindWindow | null {
    return this.findWindows.get(w) ?? null;
  }

  pane(fp: FindPane): Pane | null {
    return this.paneOf.get(fp) ?? null;
  }

  /**
   * The model's objects for a state. tmux can answer with a pane of another window ("alpha.+"
   * steps from the current pane, wherever it is); weft takes the pane's own window then, so
   * no command sees a pane outside its window.
   */
  target(st: FindState): Target {
    let session = this.sessionOf.get(st.session);
    let window = this.windowOf.get(st.window);
    let winlink = this.winlinkOf.get(st.winlink);
    const pane = this.paneOf.get(st.pane);
    if (!session || !window || !pane) throw new Error("cmd-find answered with an object not in the model");
    if (window.panes.get(pane.id) !== pane) {
      const own = this.panesWindow.get(pane);
      const link = own ? (session.linkOf(own) ?? own.links[0]) : undefined;
      if (own && link) {
        window = own;
        winlink = link;
        session = link.session;
      }
    }
    if (winlink?.window !== window) winlink = session.linkOf(window);
    return { session, window, pane, index: st.index, ...(winlink ? { winlink } : {}) };
  }
}

/** cmd-find's errors are the user's: one line; a quiet one (CMD_FIND_QUIET) prints nothing. */
function userError(e: unknown): never {
  if (e instanceof FindError) throw new CommandError(e.quiet ? "" : e.message);
  throw e;
}

/**
 * Resolve a target string (undefined or "" for the current) of a kind, with tmux's CMD_FIND
 * flags; throws CommandError with tmux's message, or returns null under canFail.
 */
export function resolveTarget(model: Model, scope: TargetScope, spec: string | undefined, kind: FindKind, flags: FindFlags = {}): Target | null {
  const snap = new Snapshot(model, scope);
  const client = scope.caller ? snap.client(scope.caller, scope.callerPane) : scope.callerPane ? commandClient(snap, scope.callerPane) : null;
  const queue = scope.queue ? snap.state(scope.queue) : null;
  const mouse = scope.mouse ? snap.mouse(scope.mouse) : null;
  try {
    const st = findTarget(snap.find, { client, queue, mouse }, spec ?? null, kind, flags);
    return st ? snap.target(st) : null;
  } catch (e) {
    return userError(e);
  }
}

/**
 * The client a -t (or -c) target-client names, as tmux's cmd_find_client: by name or tty, or
 * with none the current one (the caller if attached, else the most recently active client of
 * the session the caller's pane is in, else of the best session). Answers one of the scope's
 * objects (its caller or one of its clients); throws tmux's message, or null when quiet.
 */
export function resolveClient(model: Model, scope: TargetScope, name: string | undefined, quiet = false): TargetClient | null {
  const snap = new Snapshot(model, scope);
  const sender = scope.caller ? snap.client(scope.caller, scope.callerPane) : scope.callerPane ? commandClient(snap, scope.callerPane) : null;
  try {
    const found = findClient(snap.find, sender, name ?? null, quiet);
    if (found === null) return null;
    if (found === sender) return scope.caller;
    return scope.clients[snap.find.clients?.indexOf(found) ?? -1] ?? null;
  } catch (e) {
    return userError(e);
  }
}

/** A command with no client (a hook, run-shell) that still knows the pane it runs in. */
function commandClient(snap: Snapshot, callerPane: string): FindClient {
  return snap.client({ name: "", tty: "", session: null, activity: 0 }, callerPane);
}

const SIDE: Record<"L" | "R" | "U" | "D", Side> = { L: "left", R: "right", U: "up", D: "down" };

/**
 * The pane beside `p` (select-pane -L/-R/-U/-D): among those touching that edge, wrapping
 * around the window, the most recently active one (tmux's window_pane_find_*).
 */
export function paneInDirection(model: Model, w: Window, p: Pane, dir: "L" | "R" | "U" | "D"): Pane | null {
  const snap = new Snapshot(model, { clients: [], caller: null, callerPane: null });
  const fw = snap.findWindow(w);
  const fp = snap.findPane(p);
  const found = fw && fp ? paneBeside(fw, fp, SIDE[dir]) : null;
  return found ? snap.pane(found) : null;
}
