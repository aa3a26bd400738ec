// What a format sees from one place in the model, as tmux's format_find looks names up: options
// of the target's pane, window and session (and the globals) first, then the variables
// (format-vars-table.ts), the caller's own, and the environment; plus the S/W/P/C loops' scopes.
import { expandFormat, type FormatLookup, type FormatScope, type FormatChild, type FormatValue } from "./format.ts";
import type { Model, Session, Window, Winlink, Pane, Options } from "../model/index.ts";
import { parseOptionName } from "../model/options-commands.ts";
import { scalarToString } from "../model/options-store.ts";
import { clientVars, paneVars, serverVars, sessionVars, windowVars, type FormatServer, type FormatType, type VarClient, type VarTable } from "./format-vars-table.ts";

export { windowFlags } from "./format-vars-table.ts";

/** What formats need from the server (the server implements it). */
export interface FormatEnv extends FormatServer {
  readonly model: Model;
  /** The server's global environment (tmux's global_environ). */
  readonly environment: Readonly<Record<string, string>>;
  /** #(command): its cached output for this client (null: the server's own), started as needed. */
  formatJob?(owner: FormatClient | null, command: string, raw: string): string | undefined;
}

/** What formats need from a client (client_*); an attached client implements it. */
export type FormatClient = VarClient;

export interface FormatTarget {
  session?: Session | null;
  window?: Window | null;
  /** The window's link, when the place knows it (a window may be linked twice into a session). */
  winlink?: Winlink | null;
  pane?: Pane | null;
  client?: FormatClient | null;
  /** Variables of the caller's own, which win (choose-tree's session_format, window_format). */
  extra?: Record<string, string | number>;
}

/** options_to_string(o, idx, 1): flags as 1/0, choices by name, a whole array as "". */
function optionText(trees: readonly Options[], name: string): string | undefined {
  const parsed = parseOptionName(name);
  if (!parsed) return undefined;
  const [base, idx] = parsed;
  for (const oo of trees) {
    const o = oo.lookup(base);
    if (!o) continue;
    if (o.value instanceof Map) {
      const v = idx === -1 ? undefined : o.value.get(idx);
      return v === undefined ? "" : scalarToString(o.table, v);
    }
    if (idx !== -1) continue;
    if (o.table?.type === "flag") return String(o.value);
    return scalarToString(o.table, o.value);
  }
  return undefined;
}

/** format_find's order of option trees: server, pane, window, global window, session, global session. */
function optionTrees(model: Model, s: Session | null, w: Window | null, p: Pane | null): Options[] {
  const g = model.options;
  return [g.server, ...(p ? [p.options] : []), ...(w ? [w.options] : []), g.window, ...(s ? [s.options] : []), g.session];
}

function typeOf(t: FormatTarget): FormatType {
  if (t.pane) return "pane";
  if (t.window) return "window";
  if (t.session) return "session";
  return "none";
}

/** The session, window, link and pane a place means, filled in as format_defaults does. */
function place(server: FormatEnv, t: FormatTarget): { c: FormatClient | null; s: Session | null; w: Window | null; wl: Winlink | null; p: Pane | null } {
  const c = t.client ?? null;
  const s = t.session ?? (t.window ? server.model.bestLink(t.window)?.session : undefined) ?? c?.session ?? null;
  const w = t.window ?? s?.current ?? null;
  const given = t.winlink ?? (t.window ? undefined : s?.curw);
  const wl = s && w ? (server.model.linkIn(s, w, given ?? undefined) ?? null) : null;
  const p = t.pane ?? w?.active ?? null;
  return { c, s, w, wl, p };
}

export function formatLookup(server: FormatEnv, t: FormatTarget): FormatLookup {
  const { c, s, w, wl, p } = place(server, t);
  // The tables are searched, not merged: copying ~300 entries into one object was the largest
  // cost of a display -p (pipelined control-mode commands). Each is built only when the search
  // reaches it (a pane's variable never builds the server's table), once per lookup.
  const makers: (() => VarTable)[] = [
    () => clientVars(c),
    () => paneVars(server, w, p, server.model.sessionOptions),
    () => windowVars(server, w, wl),
    () => sessionVars(server, s),
    () => serverVars(server, typeOf(t)),
  ];
  const tables: (VarTable | undefined)[] = [];
  const find = (name: string) => {
    for (let i = 0; i < makers.length; i++) {
      const f = (tables[i] ??= makers[i]?.() ?? {})[name];
      if (f) return f;
    }
    return undefined;
  };
  let trees: Options[] | null = null;
  const extra = t.extra;
  return (name): FormatValue => {
    if (extra && name in extra) return extra[name];
    const opt = optionText((trees ??= optionTrees(server.model, s, w, p)), name);
    if (opt !== undefined) return opt;
    const f = find(name);
    if (f) return f();
    // A session's cleared entry hides the global one; hidden entries are found (environ_find).
    const e = s?.environ.find(name) ?? server.model.environ.find(name);
    return e?.value ?? undefined;
  };
}

/** A FormatScope for the engine's loops: #{S:}, #{W:}, #{P:} and #{C:} from this place. */
export function formatScope(server: FormatEnv, t: FormatTarget): FormatScope {
  const { c, s, w, wl, p } = place(server, t);
  return {
    lookup: formatLookup(server, t),
    sessions: () => [...server.model.sessions].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((x) => formatScope(server, { session: x, client: c })),
    windows: () => (s ? s.links.map((x): FormatChild => ({ scope: formatScope(server, { session: s, window: x.window, winlink: x, client: c }), current: x === s.curw })) : null),
    panes: () => (w ? w.orderedPanes().map((x): FormatChild => ({ scope: formatScope(server, { session: s, window: w, winlink: wl, pane: x, client: c }), current: x === w.active })) : null),
    paneLines: () => (p ? visibleLines(p) : null),
  };
}

function visibleLines(p: Pane): string[] {
  const b = p.terminal.buffer.active;
  const out: string[] = [];
  for (let y = 0; y < p.rows; y++) out.push(b.getLine(b.baseY + y)?.translateToString(true) ?? "");
  return out;
}

export interface ExpandOptions {
  /** strftime on each level, as display-message, the status line and titles do (format_expand_time). */
  time?: boolean;
  /** #() may run commands (tmux allows them everywhere but the command-line's %if). */
  jobs?: boolean;
  /** display-message -v: each step of the expansion (FormatOptions.log). */
  log?: (line: string) => void;
}

/** Expand a format at one place in the model, with the loops, #() jobs and (optionally) strftime. */
export function expandAt(server: FormatEnv, t: FormatTarget, fmt: string, opts: ExpandOptions = {}): string {
  const owner = t.client ?? null;
  const job = opts.jobs !== false && server.formatJob ? (cmd: string, raw: string) => server.formatJob?.(owner, cmd, raw) : undefined;
  return expandFormat(fmt, formatScope(server, t), { expandTime: opts.time === true, job, ...(opts.log ? { log: opts.log } : {}) });
}

/**
 * format_each: every variable this place has a value for, as "name=value" in name order (the
 * order of tmux's table), then the caller's own (its tree: command, the queue's) in name order.
 * Options are looked up by formats but are not variables, so they are not listed.
 */
export function formatEach(server: FormatEnv, t: FormatTarget): string[] {
  const { c, s, w, wl, p } = place(server, t);
  const tables = [clientVars(c), paneVars(server, w, p), windowVars(server, w, wl), sessionVars(server, s), serverVars(server, typeOf(t))];
  const vars = new Map<string, string>();
  // A time tmux keeps as a struct (never NULL with a session) lists as 0 while unset, though a
  // format finds nothing for it: the time of a session's last attach.
  if (s && !s.lastAttached) vars.set("session_last_attached", "0");
  for (const table of tables) {
    for (const [name, get] of Object.entries(table)) {
      if (vars.has(name)) continue;
      const v = get();
      if (v !== undefined) vars.set(name, typeof v === "boolean" ? (v ? "1" : "0") : String(v));
    }
  }
  const line = ([name, v]: [string, string | number]) => `${name}=${v}`;
  const byName = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return [...[...vars].sort(byName).map(line), ...Object.entries(t.extra ?? {}).sort(byName).map(line)];
}
