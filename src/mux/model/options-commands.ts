// set-option / set-window-option / set-hook and show-options / show-window-options / show-hooks
// as pure functions over option trees, as tmux's cmd-set-option.c and cmd-show-options.c behave:
// name matching by unique prefix, scope from the name or the flags, and show's output lines.
import { arrayAssign, arraySet, formatOptionLine, OptionError, Options, scalarToString, type OptionEntry, type OptionParsers } from "./options-store.ts";
import { OPTIONS_TABLE, OPTION_OTHER_NAMES, findOptionEntry, type OptionScope } from "./options-table.ts";

/** The three global trees. */
export interface GlobalOptions {
  server: Options;
  session: Options;
  window: Options;
}

/** What the server's environment changes at start: SHELL, and VISUAL or EDITOR (tmux.c). */
export interface StartupEnvironment {
  /** The shell, already checked as tmux's getshell does; default-shell keeps /bin/sh without it. */
  shell?: string;
  visual?: string;
  editor?: string;
}

/** The global trees of a new server: table defaults, then what the environment overrides. */
export function createGlobalOptions(env: StartupEnvironment = {}): GlobalOptions {
  const g = { server: Options.global("server"), session: Options.global("session"), window: Options.global("window") };
  if (env.shell) g.session.setString("default-shell", env.shell);
  const editor = env.visual ?? env.editor;
  if (editor !== undefined) {
    g.server.setString("editor", editor);
    // An editor whose name contains "vi" makes vi keys the default, as in tmux.
    const vi = Number((editor.split("/").pop() ?? "").includes("vi"));
    g.session.setNumber("status-keys", vi);
    g.window.setNumber("mode-keys", vi);
  }
  return g;
}

/** What -t resolved to; `target` is the -t text (for "no such session: X"). */
export interface OptionTarget {
  session?: Options;
  window?: Options;
  pane?: Options;
  /** The target window's panes' trees, for -U. */
  windowPanes?: readonly Options[];
  target?: string;
}

export type OptionFlags = Partial<Record<"a" | "A" | "F" | "g" | "H" | "o" | "p" | "q" | "R" | "s" | "u" | "U" | "v" | "w", boolean>>;

export interface OptionCommandContext extends OptionParsers {
  /** Format expansion in the target's context: applied to the option name, and to values with -F. */
  expand?(text: string): string;
}

export type SetCommand = "set-option" | "set-window-option" | "set-hook";
export type ShowCommand = "show-options" | "show-window-options" | "show-hooks";

export interface SetResult {
  /** The option changed, for the caller to push the change (redraws, timers, sizes). */
  changed?: string;
  /** set-hook -R: the hook to run now. */
  runHook?: string;
}

/** An option name split from its index: "status-format[1]" → ["status-format", 1]; null if malformed. */
export function parseOptionName(s: string): [string, number] | null {
  if (s === "") return null;
  const open = s.indexOf("[");
  if (open === -1) return [s, -1];
  const m = /^\[(\d+)\]$/.exec(s.slice(open));
  if (!m || !m[1]) return null;
  const idx = Number(m[1]);
  return idx > 2147483647 ? null : [s.slice(0, open), idx];
}

export interface MatchedName {
  name: string;
  idx: number;
}

/**
 * options_match: user options as given, table options by exact name or unique prefix. A name
 * that does not parse ("", "x[a]") is reported as ambiguous: tmux 3.3a leaves its "ambiguous"
 * flag unset there and this build prints "ambiguous option: X" for it.
 */
export function matchOption(s: string): MatchedName | "ambiguous" | null {
  const parsed = parseOptionName(s);
  if (!parsed) return "ambiguous";
  const [given, idx] = parsed;
  if (given.startsWith("@")) return { name: given, idx };
  const name = OPTION_OTHER_NAMES.get(given) ?? given;
  let found: string | null = null;
  for (const e of OPTIONS_TABLE) {
    if (e.name === name) return { name, idx };
    if (e.name.startsWith(name)) {
      if (found !== null) return "ambiguous";
      found = e.name;
    }
  }
  return found === null ? null : { name: found, idx };
}

function matchOrThrow(argument: string): MatchedName {
  const m = matchOption(argument);
  if (m === "ambiguous") throw new OptionError(`ambiguous option: ${argument}`);
  if (m === null) throw new OptionError(`invalid option: ${argument}`);
  return m;
}

interface Scoped {
  oo: Options;
  scope: OptionScope;
}

function missing(kind: "session" | "window" | "pane", target: OptionTarget): OptionError {
  return new OptionError(target.target !== undefined ? `no such ${kind}: ${target.target}` : `no current ${kind}`);
}

function inSession(g: GlobalOptions, t: OptionTarget, flags: OptionFlags): Scoped {
  if (flags.g) return { oo: g.session, scope: "session" };
  if (!t.session) throw missing("session", t);
  return { oo: t.session, scope: "session" };
}

function inWindow(g: GlobalOptions, t: OptionTarget, flags: OptionFlags): Scoped {
  if (flags.g) return { oo: g.window, scope: "window" };
  if (!t.window) throw missing("window", t);
  return { oo: t.window, scope: "window" };
}

function inPane(t: OptionTarget): Scoped {
  if (!t.pane) throw missing("pane", t);
  return { oo: t.pane, scope: "pane" };
}

/** options_scope_from_flags: -s server, -p pane, -w (or a window command) window, else session. */
export function scopeFromFlags(g: GlobalOptions, t: OptionTarget, flags: OptionFlags, window: boolean): Scoped {
  if (flags.s) return { oo: g.server, scope: "server" };
  if (flags.p) return inPane(t);
  if (window || flags.w) return inWindow(g, t, flags);
  return inSession(g, t, flags);
}

/** options_scope_from_name: a table option's own scope decides; -p picks a pane for pane options. */
export function scopeFromName(g: GlobalOptions, t: OptionTarget, flags: OptionFlags, window: boolean, name: string): Scoped {
  if (name.startsWith("@")) return scopeFromFlags(g, t, flags, window);
  const e = findOptionEntry(name);
  if (!e) throw new OptionError(`unknown option: ${name}`);
  if (e.scope.includes("server")) return { oo: g.server, scope: "server" };
  if (e.scope.includes("session")) return inSession(g, t, flags);
  if (e.scope.includes("pane") && flags.p) return inPane(t);
  return inWindow(g, t, flags);
}

/** Runs set-option (or setw, set-hook) with its parsed flags and arguments [name, value?]. */
export function setOption(g: GlobalOptions, t: OptionTarget, command: SetCommand, flags: OptionFlags, args: readonly string[], ctx: OptionCommandContext): SetResult {
  const argument = ctx.expand ? ctx.expand(args[0] ?? "") : (args[0] ?? "");
  if (command === "set-hook" && flags.R) return { runHook: argument };
  // -q hides only these: a bad name, a missing target and -o's "already set".
  const quiet = <T>(f: () => T): T | null => {
    try {
      return f();
    } catch (err) {
      if (flags.q && err instanceof OptionError) return null;
      throw err;
    }
  };
  const m = quiet(() => matchOrThrow(argument));
  if (!m) return {};
  const raw = args[1];
  const value = raw !== undefined && flags.F && ctx.expand ? ctx.expand(raw) : (raw ?? null);
  const scoped = quiet(() => scopeFromName(g, t, flags, command === "set-window-option", m.name));
  if (!scoped) return {};
  const { oo, scope } = scoped;
  const o = oo.getOnly(m.name);
  const isArray = oo.lookup(m.name)?.value instanceof Map;
  if (m.idx !== -1 && (m.name.startsWith("@") || !isArray)) throw new OptionError(`not an array: ${argument}`);
  if (!flags.u && flags.o && isAlreadySet(o, m.idx)) {
    if (flags.q) return {};
    throw new OptionError(`already set: ${argument}`);
  }
  if (flags.U && scope === "window") unsetInPanes(t.windowPanes ?? [], m);
  if (flags.u || flags.U) {
    // Announced even when nothing was held here, as weft's notifier always has (a redraw).
    if (o) oo.removeOrDefault(o, m.idx);
  } else if (m.name.startsWith("@")) {
    if (value === null) throw new OptionError("empty value");
    oo.setString(m.name, value, !!flags.a);
  } else if (m.idx === -1 && !isArray) {
    oo.setFromString(m.name, value, !!flags.a, ctx);
  } else {
    if (value === null) throw new OptionError("empty value");
    setArray(oo, o, m, value, !!flags.a, ctx);
  }
  oo.announce(m.name);
  return { changed: m.name };
}

/** -U: the window's panes lose their own value too. */
function unsetInPanes(panes: readonly Options[], m: MatchedName): void {
  for (const pane of panes) {
    const po = pane.getOnly(m.name);
    if (po) pane.removeOrDefault(po, m.idx);
  }
}

/** A whole array is replaced (or, with -a, added to) from a separated list; name[N] sets one item. */
function setArray(oo: Options, o: OptionEntry | undefined, m: MatchedName, value: string, append: boolean, ctx: OptionCommandContext): void {
  const table = findOptionEntry(m.name);
  if (!table) throw new Error(`${m.name} has no table entry`);
  const here = o ?? oo.setEmpty(table);
  if (m.idx !== -1) return arraySet(here, m.idx, value, append, ctx);
  if (!append && here.value instanceof Map) here.value.clear();
  arrayAssign(here, value, ctx);
}

function isAlreadySet(o: OptionEntry | undefined, idx: number): boolean {
  if (!o) return false;
  if (idx === -1) return true;
  return o.value instanceof Map && o.value.has(idx);
}

/** Runs show-options (or showw, show-hooks) and returns the lines it prints. */
export function showOptions(g: GlobalOptions, t: OptionTarget, command: ShowCommand, flags: OptionFlags, args: readonly string[], ctx: Pick<OptionCommandContext, "expand"> = {}): string[] {
  const window = command === "show-window-options";
  const out: string[] = [];
  try {
    if (args.length === 0) {
      const { oo, scope } = scopeFromFlags(g, t, flags, window);
      showAll(out, oo, scope, command, flags);
      return out;
    }
    const argument = ctx.expand ? ctx.expand(args[0] ?? "") : (args[0] ?? "");
    const m = matchOrThrow(argument);
    const { oo } = scopeFromName(g, t, flags, window, m.name);
    let o = oo.getOnly(m.name);
    let inherited = false;
    if (flags.A && !o) {
      o = oo.lookup(m.name);
      inherited = true;
    }
    if (o) printEntry(out, o, m.idx, inherited, flags);
    else if (m.name.startsWith("@")) throw new OptionError(`invalid option: ${argument}`);
  } catch (err) {
    if (flags.q && err instanceof OptionError) return out;
    throw err;
  }
  return out;
}

/** cmd_show_options_print: one value, or every item of an array. */
function printEntry(out: string[], o: OptionEntry, idx: number, inherited: boolean, flags: OptionFlags): void {
  let name = o.name;
  if (idx !== -1) name = `${o.name}[${idx}]`;
  else if (o.value instanceof Map) {
    const items = [...o.value.keys()].sort((a, b) => a - b);
    if (items.length === 0 && !flags.v) out.push(name);
    for (const i of items) printEntry(out, o, i, inherited, flags);
    return;
  }
  const value = entryText(o, idx);
  out.push(flags.v ? value : formatOptionLine(o, name, value, inherited));
}

/** options_to_string: an array's missing item (or the whole array) is empty. */
function entryText(o: OptionEntry, idx: number): string {
  if (!(o.value instanceof Map)) return scalarToString(o.table, o.value);
  const v = idx === -1 ? undefined : o.value.get(idx);
  return v === undefined ? "" : scalarToString(o.table, v);
}

/** cmd_show_options_all: user options first, then the table's options of this scope in order. */
function showAll(out: string[], oo: Options, scope: OptionScope, command: ShowCommand, flags: OptionFlags): void {
  const hooksOnly = command === "show-hooks";
  if (!hooksOnly) for (const o of oo.entries()) if (!o.table) printEntry(out, o, -1, false, flags);
  for (const e of OPTIONS_TABLE) {
    if (!e.scope.includes(scope)) continue;
    if (hooksOnly ? !e.hook : e.hook && !flags.H) continue;
    let o = oo.getOnly(e.name);
    let inherited = false;
    if (!o) {
      if (!flags.A) continue;
      o = oo.lookup(e.name);
      if (!o) continue;
      inherited = true;
    }
    if (o.value instanceof Map && o.value.size === 0) {
      if (!flags.v) out.push(inherited ? `${o.name}*` : o.name);
    } else if (o.value instanceof Map) {
      for (const i of [...o.value.keys()].sort((a, b) => a - b)) printEntry(out, o, i, inherited, flags);
    } else printEntry(out, o, -1, inherited, flags);
  }
}
