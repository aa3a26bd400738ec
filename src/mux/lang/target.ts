// Resolving -t targets as tmux's cmd-find does: session:window.pane, $id/@id/%id, =exact,
// prefix and glob matches, relative +/-/!, and "current" from the client or WEFT_PANE.
import { CommandError, type Target, type TargetKind } from "./command.ts";
import type { Model, Session, Window, Pane } from "../model/index.ts";

/** Where "current" comes from: an attached client's session, or the pane a command runs in. */
export interface CurrentHint {
  session?: Session | null;
  paneId?: number | null;
}

function glob(pattern: string): RegExp {
  const re = pattern.replace(/[.+^${}()|\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".").replace(/\[!/g, "[^");
  try {
    return new RegExp(`^${re}$`);
  } catch {
    // An unterminated or malformed [class]: fnmatch takes the pattern literally.
    return new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  }
}

/** The current target: the hint's pane, else its session, else the most recently active session. */
export function currentTarget(model: Model, hint: CurrentHint): Target | null {
  if (hint.paneId != null) {
    const p = model.findPane(hint.paneId);
    if (p) return p;
  }
  const s = hint.session && model.sessions.includes(hint.session) ? hint.session : model.mostRecentSession();
  if (!s) return null;
  return { session: s, window: s.current, pane: s.current.active };
}

function findSession(model: Model, spec: string): Session {
  const all = model.sessions;
  if (spec.startsWith("$")) {
    const s = all.find((x) => `$${x.id}` === spec);
    if (s) return s;
    throw new CommandError(`can't find session: ${spec}`);
  }
  if (spec.startsWith("=")) {
    const s = all.find((x) => x.name === spec.slice(1));
    if (s) return s;
    throw new CommandError(`can't find session: ${spec.slice(1)}`);
  }
  const exact = all.find((x) => x.name === spec);
  if (exact) return exact;
  let matches = all.filter((x) => x.name.startsWith(spec));
  if (matches.length === 0 && /[*?[]/.test(spec)) matches = all.filter((x) => glob(spec).test(x.name));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw new CommandError(`can't find session: ${spec} (ambiguous)`);
  throw new CommandError(`can't find session: ${spec}`);
}

function findWindow(s: Session, spec: string): Window {
  const ws = s.windows;
  const cur = s.current;
  if (spec === "" ) return cur;
  if (spec === "!" ) {
    if (s.lastWindow) return s.lastWindow;
    throw new CommandError("no last window");
  }
  if (spec === "^") return ws[0]!;
  if (spec === "$") return ws[ws.length - 1]!;
  const rel = /^([+-])(\d*)$/.exec(spec);
  if (rel) {
    const n = rel[2] ? Number(rel[2]) : 1;
    const i = ws.indexOf(cur);
    const j = (((i + (rel[1] === "+" ? n : -n)) % ws.length) + ws.length) % ws.length;
    return ws[j]!;
  }
  if (spec.startsWith("@")) {
    const w = ws.find((x) => `@${x.id}` === spec);
    if (w) return w;
    throw new CommandError(`can't find window: ${spec}`);
  }
  const exactOnly = spec.startsWith("=");
  const name = exactOnly ? spec.slice(1) : spec;
  if (/^\d+$/.test(name)) {
    const w = s.window(Number(name));
    if (w) return w;
  }
  const byName = ws.filter((x) => x.name === name);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) throw new CommandError(`can't find window: ${name} (ambiguous)`);
  if (!exactOnly) {
    let m = ws.filter((x) => x.name.startsWith(name));
    if (m.length === 0 && /[*?[]/.test(name)) m = ws.filter((x) => glob(name).test(x.name));
    if (m.length === 1) return m[0]!;
    if (m.length > 1) throw new CommandError(`can't find window: ${name} (ambiguous)`);
  }
  throw new CommandError(`can't find window: ${name}`);
}

function findPane(w: Window, spec: string): Pane {
  if (spec === "") return w.active;
  if (spec === "!") {
    if (w.lastPane) return w.lastPane;
    throw new CommandError("no last pane");
  }
  const ordered = w.orderedPanes();
  const rel = /^([+-])(\d*)$/.exec(spec);
  if (rel) {
    const n = rel[2] ? Number(rel[2]) : 1;
    const i = ordered.indexOf(w.active);
    return ordered[(((i + (rel[1] === "+" ? n : -n)) % ordered.length) + ordered.length) % ordered.length]!;
  }
  const dirs: Record<string, "L" | "R" | "U" | "D"> = { "{left-of}": "L", "{right-of}": "R", "{up-of}": "U", "{down-of}": "D" };
  const d = dirs[spec];
  if (d) {
    const p = w.neighbour(w.active, d);
    if (p) return p;
    throw new CommandError(`can't find pane: ${spec}`);
  }
  if (spec === "{last}") return findPane(w, "!");
  if (spec === "{top}" || spec === "{top-left}") return ordered[0]!;
  if (spec === "{bottom}" || spec === "{bottom-right}") return ordered[ordered.length - 1]!;
  if (spec.startsWith("%")) {
    const p = w.panes.get(Number(spec.slice(1)));
    if (p) return p;
    throw new CommandError(`can't find pane: ${spec}`);
  }
  if (/^\d+$/.test(spec)) {
    const p = w.paneAt(Number(spec));
    if (p) return p;
  }
  throw new CommandError(`can't find pane: ${spec}`);
}

/**
 * Resolve a target string of the given kind. An absent or empty spec means the current one;
 * with no sessions at all it is an error ("no current session").
 */
export function resolveTarget(model: Model, spec: string | undefined, kind: TargetKind, hint: CurrentHint): Target {
  const current = currentTarget(model, hint);
  const none = () => new CommandError(model.sessions.length === 0 ? "no sessions" : `no current ${kind}`);
  if (spec === undefined || spec === "") {
    if (!current) throw none();
    return current;
  }
  // Bare ids stand alone wherever they appear.
  if (/^%\d+$/.test(spec)) {
    const t = model.findPane(Number(spec.slice(1)));
    if (!t) throw new CommandError(`can't find pane: ${spec}`);
    return t;
  }
  if (/^@\d+$/.test(spec)) {
    const w = model.findWindow(Number(spec.slice(1)));
    if (!w) throw new CommandError(`can't find window: ${spec}`);
    return { session: w.session, window: w, pane: w.active };
  }

  let sessionPart: string | null = null;
  let windowPart: string | null = null;
  let panePart: string | null = null;
  const colon = spec.indexOf(":");
  let rest = spec;
  if (colon >= 0) {
    sessionPart = spec.slice(0, colon);
    rest = spec.slice(colon + 1);
  } else if (kind === "session") {
    sessionPart = spec;
    rest = "";
  }
  if (kind === "pane" || colon >= 0) {
    const dot = rest.lastIndexOf(".");
    // A '.' names the pane only where it follows the window part (window names may hold dots).
    if (dot >= 0 && kind === "pane") {
      windowPart = rest.slice(0, dot);
      panePart = rest.slice(dot + 1);
    } else windowPart = rest;
  } else windowPart = rest;

  let session: Session;
  if (sessionPart) session = findSession(model, sessionPart);
  else if (current) session = current.session;
  else throw none();

  if (colon < 0 && kind !== "session" && sessionPart === null && panePart === null) {
    // "foo" for a window or pane target: a window of the current session, else a session.
    try {
      const w = findWindow(session, windowPart ?? "");
      return { session, window: w, pane: w.active };
    } catch (e) {
      try {
        const s = findSession(model, spec);
        return { session: s, window: s.current, pane: s.current.active };
      } catch {
        throw e;
      }
    }
  }
  let window: Window;
  try {
    window = windowPart ? findWindow(session, windowPart) : session.current;
  } catch (e) {
    // "name.1" with no window called name: tmux takes it as session name, pane 1.
    if (colon >= 0 || panePart === null || !windowPart) throw e;
    try {
      session = findSession(model, windowPart);
    } catch {
      throw e;
    }
    window = session.current;
  }
  const pane = panePart !== null ? findPane(window, panePart) : window.active;
  return { session, window, pane };
}
