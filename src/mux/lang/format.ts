// tmux formats (#{...}, #S, ##, #(), conditionals, comparisons, every modifier of tmux 3.3a),
// ported from format.c: the same scanning, escapes and failure behaviour, with the values, the
// loops' children, pane text and #() output supplied by the caller (a FormatScope and FormatOptions).
// One file, longer than most: format.c's scanner, its modifiers and the small libc pieces they
// need (strftime, fnmatch, strtod, colours) share private helpers, and the engine imports nothing.

export type FormatValue = string | number | boolean | undefined | null;
export type FormatLookup = (name: string) => FormatValue;

/**
 * What a format can see from one place in the model (tmux's format tree): its variables, and
 * for the loop modifiers the scopes below it. A callback left out behaves as in tmux when that
 * part of the model is absent.
 */
export interface FormatScope {
  lookup: FormatLookup;
  /** #{S:...} and #{N/s:...}: every session, in tmux's order (by name). */
  sessions?: () => FormatScope[];
  /** #{W:...} and #{N/w:...}: this scope's session's windows by index; null: no session (fails). */
  windows?: () => FormatChild[] | null;
  /** #{P:...}: this scope's window's panes in order; null: no window (fails). */
  panes?: () => FormatChild[] | null;
  /** #{C:...}: the visible lines of this scope's pane, top first; null: no pane (gives 0). */
  paneLines?: () => string[] | null;
}

/** A child of a loop; `current` picks the second format of #{W:other,current}. */
export interface FormatChild {
  scope: FormatScope;
  current: boolean;
}

export interface FormatOptions {
  /** Seconds since the epoch for t/p, T and expandTime; defaults to now. */
  now?: () => number;
  /**
   * #(command): the command's output so far (its last line), or undefined while there is none.
   * `command` is already expanded; `raw` is as written (tmux names it in "<'raw' not ready>").
   * The caller runs and caches jobs; without this callback #() expands to nothing.
   */
  job?: (command: string, raw: string) => string | undefined;
  /** format_expand_time: pass each level through strftime first, as display-message and the status line do. */
  expandTime?: boolean;
  /** #{c:name} for names beyond tmux's basic ones (X11 colour names): 0xRRGGBB, or null if unknown. */
  colourByName?: (name: string) => number | null;
  /**
   * display-message -v (FORMAT_VERBOSE): each step of the expansion as tmux 3.3a words it, a
   * "#" and one space a level of nesting (at most ten) before it.
   */
  log?: (line: string) => void;
}

// format_log1's indent: one space a level, cut at this many.
const LOG_INDENT_MAX = 10;

// format.c: #{...}, modifiers and loops may nest this deep before expanding to "".
const FORMAT_LOOP_LIMIT = 100;

// format_upper / format_lower in format.c: the single-letter aliases.
const SHORT_ALIASES: Record<string, string> = {
  D: "pane_id",
  F: "window_flags",
  H: "host",
  I: "window_index",
  P: "pane_index",
  S: "session_name",
  T: "pane_title",
  W: "window_name",
  h: "host_short",
};

interface Modifier {
  name: string;
  argv: string[];
}

/** The modifiers of one #{...}, sorted into what format_replace does with them. */
interface Plan {
  flags: Set<string>;
  cmp: Modifier | null;
  search: Modifier | null;
  mexp: Modifier | null;
  subs: Modifier[];
  limit: number;
  marker: string | null;
  width: number;
  timeFormat: string | null;
}

/** format_expand_state: what changes as expansion descends (depth, strftime, jobs allowed). */
interface State {
  scope: FormatScope;
  loop: number;
  time: boolean;
  noJobs: boolean;
}

/** Expand a tmux format. Never throws; malformed input renders as tmux does. */
export function expandFormat(fmt: string, from: FormatLookup | FormatScope, opts: FormatOptions = {}): string {
  const scope = typeof from === "function" ? { lookup: from } : from;
  try {
    return new Expander(opts, { scope, loop: 0, time: opts.expandTime === true, noJobs: false }).expand(fmt);
  } catch {
    // Nothing below is expected to throw (regexes are compiled guarded); this
    // is the promise to callers that a user's format can never crash a command.
    return "";
  }
}

/** tmux's format_true: non-empty and not "0". */
export function formatTrue(s: string | null | undefined): boolean {
  return s !== null && s !== undefined && s !== "" && s !== "0";
}

function render(v: FormatValue): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "boolean") return v ? "1" : "0";
  return String(v);
}

/**
 * format_skip: the index of the first character of `end` at bracket depth 0,
 * skipping #{...} and the escapes #, ## #{ #} #:. -1 if none.
 */
export function formatSkip(s: string, start: number, end: string): number {
  let brackets = 0;
  for (let i = start; i < s.length; i++) {
    const c = s[i] as string;
    if (c === "#" && s[i + 1] === "{") brackets++;
    if (c === "#" && i + 1 < s.length && ",#{}:".includes(s[i + 1] as string)) {
      i++;
      continue;
    }
    if (c === "}") brackets--;
    if (end.includes(c) && brackets === 0) return i;
  }
  return -1;
}

function isEnd(c: string | undefined): boolean {
  return c === ";" || c === ":";
}

function isPunct(c: string | undefined): boolean {
  return c !== undefined && /^[!-/:-@[-`{-~]$/.test(c);
}

class Expander {
  constructor(
    private readonly opts: FormatOptions,
    private readonly st: State,
  ) {}

  /** format_copy_state: a child state starting at the current depth. */
  private with(changes: Partial<State>): Expander {
    return new Expander(this.opts, { ...this.st, ...changes });
  }

  private lookup(name: string): string | null {
    return render(this.st.scope.lookup(name));
  }

  /** format_log: a step of the expansion, for -v; nothing is built when nobody listens. */
  private log(msg: () => string): void {
    if (this.opts.log) this.opts.log(`#${" ".repeat(Math.min(this.st.loop, LOG_INDENT_MAX))}${msg()}`);
  }

  /** format_expand1. */
  expand(fmt: string): string {
    if (fmt === "") return "";
    if (this.st.loop === FORMAT_LOOP_LIMIT) {
      this.log(() => `reached loop limit (${FORMAT_LOOP_LIMIT})`);
      return "";
    }
    this.st.loop++;
    try {
      this.log(() => `expanding format: ${fmt}`);
      if (this.st.time && fmt.includes("%")) {
        const expanded = strftime(fmt, this.nowDate());
        if (expanded !== fmt) this.log(() => `after time expanded: ${expanded}`);
        fmt = expanded;
      }
      const out = this.expandLoop(fmt);
      this.log(() => `result is: ${out}`);
      return out;
    } finally {
      this.st.loop--;
    }
  }

  private nowDate(): Date {
    return new Date((this.opts.now?.() ?? Date.now() / 1000) * 1000);
  }

  private expandLoop(fmt: string): string {
    let out = "";
    let i = 0;
    while (i < fmt.length) {
      const c = fmt[i] as string;
      if (c !== "#") {
        out += c;
        i++;
        continue;
      }
      const ch = fmt[i + 1];
      i += 2;
      if (ch === undefined) {
        out += "#"; // a trailing '#' stays as it is
        break;
      }
      if (ch === "(") {
        const close = matchingParen(fmt, i);
        if (close < 0) break; // unterminated: tmux stops here
        const command = fmt.slice(i, close);
        this.log(() => `found #(): ${command}`);
        out += this.job(command);
        i = close + 1;
        continue;
      }
      if (ch === "{") {
        const close = formatSkip(fmt, i - 2, "}");
        if (close < 0) break;
        const key = fmt.slice(i, close);
        this.log(() => `found #{}: ${key}`);
        const value = this.replace(key);
        if (value === null) break; // a failed #{...} ends the output, as in tmux
        out += value;
        i = close + 1;
        continue;
      }
      if (ch === "#") {
        // ##[ (two or more #s then '[') is a style, left for the renderer.
        let j = i;
        while (fmt[j] === "#") j++;
        if (fmt[j] === "[") {
          this.log(() => `found #*${2 + j - i}[`);
          out += fmt.slice(i - 2, j + 1);
          i = j + 1;
          continue;
        }
        this.log(() => "found ##");
        out += "#";
        continue;
      }
      if (ch === "}" || ch === ",") {
        this.log(() => `found #${ch}`);
        out += ch;
        continue;
      }
      const alias = SHORT_ALIASES[ch];
      if (alias === undefined) {
        out += `#${ch}`;
        continue;
      }
      this.log(() => `found #${ch}: ${alias}`);
      const value = this.replace(alias);
      if (value === null) break;
      out += value;
    }
    return out;
  }

  /** format_job_get: the command is expanded without jobs or strftime, and so is its output. */
  private job(raw: string): string {
    if (this.st.noJobs || this.opts.job === undefined) {
      this.log(() => "#() is disabled");
      return "";
    }
    const next = this.with({ noJobs: true, time: false });
    const out = this.opts.job(next.expand(raw), raw);
    const result = out === undefined ? "" : next.expand(out);
    this.log(() => `#() result: ${result}`);
    return result;
  }

  /** format_build_modifiers: parse "m1;m2:" at the start of key. */
  private buildModifiers(key: string): { list: Modifier[]; rest: string } {
    const list: Modifier[] = [];
    let cp = 0;
    const at = (k: number) => key[k];
    while (cp < key.length && at(cp) !== ":") {
      if (at(cp) === ";") cp++;
      const c = at(cp);
      if (c === undefined) break;
      if ("labcdnwETSWP<>".includes(c) && isEnd(at(cp + 1))) {
        list.push({ name: c, argv: [] });
        cp++;
        continue;
      }
      const two = key.slice(cp, cp + 2);
      if (["||", "&&", "!=", "==", "<=", ">="].includes(two) && isEnd(at(cp + 2))) {
        list.push({ name: two, argv: [] });
        cp += 2;
        continue;
      }
      if (!"mCNst=peq".includes(c)) break;
      if (isEnd(at(cp + 1))) {
        list.push({ name: c, argv: [] });
        cp++;
        continue;
      }
      const argv: string[] = [];
      if (!isPunct(at(cp + 1)) || at(cp + 1) === "-") {
        // One argument, no wrapper: up to the next ':' or ';'.
        const end = formatSkip(key, cp + 1, ":;");
        if (end < 0) break;
        argv.push(this.expand(key.slice(cp + 1, end)));
        list.push({ name: c, argv });
        cp = end;
        continue;
      }
      // Several arguments between a wrapper character: s/a/b/ or =/5/.../
      const last = `${at(cp + 1)};:`;
      cp++;
      do {
        if (at(cp) === last[0] && isEnd(at(cp + 1))) {
          cp++;
          break;
        }
        const end = formatSkip(key, cp + 1, last);
        if (end < 0) break;
        cp++;
        argv.push(this.expand(key.slice(cp, end)));
        cp = end;
      } while (!isEnd(at(cp)));
      list.push({ name: c, argv });
    }
    if (at(cp) !== ":") return { list: [], rest: key };
    return { list, rest: key.slice(cp + 1) };
  }

  /** The first loop of format_replace: what each modifier asks for. */
  private plan(list: Modifier[]): Plan {
    const p: Plan = {
      flags: new Set(),
      cmp: null,
      search: null,
      mexp: null,
      subs: [],
      limit: 0,
      marker: null,
      width: 0,
      timeFormat: null,
    };
    for (const fm of list) {
      const arg0 = fm.argv[0];
      switch (fm.name) {
        case "m":
        case "<":
        case ">":
        case "||":
        case "&&":
        case "==":
        case "!=":
        case "<=":
        case ">=":
          p.cmp = fm;
          break;
        case "C":
          p.search = fm;
          break;
        case "s":
          if (fm.argv.length >= 2) p.subs.push(fm);
          break;
        case "=":
          if (arg0 === undefined) break;
          p.limit = strtonum(arg0) ?? 0;
          if (fm.argv.length >= 2) p.marker = fm.argv[1] ?? null;
          break;
        case "p":
          if (arg0 !== undefined) p.width = strtonum(arg0) ?? 0;
          break;
        case "e":
          if (fm.argv.length >= 1 && fm.argv.length <= 3) p.mexp = fm;
          break;
        case "t":
          p.flags.add("t");
          if (arg0?.includes("p")) p.flags.add("pretty");
          else if (fm.argv.length >= 2 && arg0?.includes("f")) p.timeFormat = strip(fm.argv[1] ?? "");
          break;
        case "q":
          if (arg0 === undefined) p.flags.add("q");
          else if (arg0.includes("e") || arg0.includes("h")) p.flags.add("qh");
          break;
        case "N":
          if (arg0 === undefined || arg0.includes("w")) p.flags.add("Nw");
          else if (arg0.includes("s")) p.flags.add("Ns");
          break;
        default:
          p.flags.add(fm.name);
      }
    }
    return p;
  }

  /** format_find: a variable's value with the find-time modifiers applied. */
  private find(key: string, p: Plan): string | null {
    let found = this.lookup(key);
    if (p.flags.has("t")) {
      const t = found === null ? 0 : strtonum(found, 0) ?? 0;
      if (t === 0) return null;
      if (p.flags.has("pretty")) return prettyTime(t, this.opts.now?.() ?? Date.now() / 1000);
      const d = new Date(t * 1000);
      return p.timeFormat !== null ? strftime(p.timeFormat, d) : ctime(d);
    }
    if (found === null) return null;
    if (p.flags.has("b")) found = basename(found);
    if (p.flags.has("d")) found = dirname(found);
    if (p.flags.has("q")) found = found.replace(/[|&;<>()$`\\"'*?[# =%]/g, "\\$&");
    if (p.flags.has("qh")) found = found.replace(/#/g, "##");
    return found;
  }

  /** format_replace: expand one #{...} body. null means "stop", as tmux does on failure. */
  private replace(key: string): string | null {
    const { list, rest: copy } = this.buildModifiers(key);
    this.logModifiers(list);
    const p = this.plan(list);
    let value = this.value(copy, p);
    if (value === null) {
      this.log(() => `failed ${key}`);
      return null;
    }
    if (p.flags.has("E")) value = this.expand(value);
    else if (p.flags.has("T")) value = this.with({ time: true }).expand(value);
    for (const sub of p.subs) {
      const pattern = this.expand(sub.argv[0] ?? "");
      const replacement = this.expand(sub.argv[1] ?? "");
      value = substitute(value, pattern, replacement, sub.argv[2] ?? "");
      const now = value;
      this.log(() => `substitute '${pattern}' to '${replacement}': ${now}`);
    }
    const result = finish(value, p, this.opts.log ? (msg) => this.log(() => msg) : undefined);
    this.log(() => `replaced '${key}' with '${result}'`);
    return result;
  }

  private logModifiers(list: Modifier[]): void {
    list.forEach((fm, i) => {
      this.log(() => `modifier ${i} is ${fm.name}`);
      fm.argv.forEach((arg, j) => this.log(() => `modifier ${i} argument ${j}: ${arg}`));
    });
  }

  /** The middle of format_replace: the value before E/T, s, =, p, n and w. */
  private value(copy: string, p: Plan): string | null {
    const f = p.flags;
    if (f.has("l")) return copy;
    if (f.has("a")) {
      const n = strtonum(this.expand(copy), 32, 126);
      return n === null ? "" : String.fromCharCode(n);
    }
    if (f.has("c")) {
      const rgb = colourToRgb(this.expand(copy), this.opts.colourByName);
      return rgb === null ? "" : rgb.toString(16).padStart(6, "0");
    }
    if (f.has("S")) return this.loopSessions(copy);
    if (f.has("W")) return this.loopChildren(copy, this.st.scope.windows, "window");
    if (f.has("P")) return this.loopChildren(copy, this.st.scope.panes, "pane");
    if (f.has("Nw")) return this.windowExists(copy);
    if (f.has("Ns")) return this.sessionExists(copy);
    if (p.search !== null) return this.searchPane(p.search, copy);
    if (p.cmp !== null) return this.comparison(p.cmp, copy);
    if (copy.startsWith("?")) return this.conditional(copy, p);
    if (p.mexp !== null) return this.expression(p.mexp, copy) ?? "";
    if (copy.includes("#{")) {
      this.log(() => `expanding inner format '${copy}'`);
      return this.expand(copy);
    }
    const found = this.find(copy, p);
    this.log(() => (found === null ? `format '${copy}' not found` : `format '${copy}' found: ${found}`));
    return found ?? "";
  }

  /** #{==:a,b} and the other comparisons: both sides expanded first. */
  private comparison(cmp: Modifier, copy: string): string | null {
    const sides = this.choose(copy, true);
    if (sides === null) {
      this.log(() => `compare ${cmp.name} syntax error: ${copy}`);
      return null;
    }
    this.log(() => `compare ${cmp.name} left is: ${sides[0]}`);
    this.log(() => `compare ${cmp.name} right is: ${sides[1]}`);
    return compare(cmp, sides[0], sides[1]);
  }

  /** #{?cond,a,b}: cond is a variable if there is one, else a format that must change to count. */
  private conditional(copy: string, p: Plan): string | null {
    const comma = formatSkip(copy, 1, ",");
    if (comma < 0) {
      this.log(() => `condition syntax error: ${copy.slice(1)}`);
      return null;
    }
    const condition = copy.slice(1, comma);
    this.log(() => `condition is: ${condition}`);
    let found = this.find(condition, p);
    if (found === null) {
      found = this.expand(condition);
      if (found === condition) {
        found = "";
        this.log(() => `condition '${condition}' not found; assuming false`);
      }
    } else {
      const value = found;
      this.log(() => `condition '${condition}' found: ${value}`);
    }
    const branches = this.choose(copy.slice(comma + 1), false);
    if (branches === null) {
      this.log(() => `condition '${condition}' syntax error: ${copy.slice(comma + 1)}`);
      return null;
    }
    const truth = formatTrue(found);
    this.log(() => `condition '${condition}' is ${truth ? "true" : "false"}`);
    return this.expand(truth ? branches[0] : branches[1]);
  }

  /** format_loop_sessions: fmt once per session, each in that session's scope. */
  private loopSessions(fmt: string): string {
    let out = "";
    for (const scope of this.st.scope.sessions?.() ?? []) {
      this.log(() => `session loop: ${render(scope.lookup("session_id"))}`);
      out += this.with({ scope }).expand(fmt);
    }
    return out;
  }

  /** format_loop_windows / format_loop_panes: "other,current" picks per child; no comma, one for all. */
  private loopChildren(fmt: string, children: (() => FormatChild[] | null) | undefined, kind: "window" | "pane"): string | null {
    const list = children?.() ?? null;
    if (list === null) {
      this.log(() => (kind === "window" ? "window loop but no session" : "pane loop but no window"));
      return null;
    }
    const split = this.choose(fmt, false);
    const [all, current] = split ?? [fmt, null];
    let out = "";
    for (const child of list) {
      this.log(() => loopEntry(kind, child.scope));
      const use = current !== null && child.current ? current : all;
      out += this.with({ scope: child.scope }).expand(use);
    }
    return out;
  }

  /** format_window_name: does this session have a window of that name? Fails without a session. */
  private windowExists(fmt: string): string | null {
    const windows = this.st.scope.windows?.() ?? null;
    if (windows === null) {
      this.log(() => "window name but no session");
      return null;
    }
    const name = this.expand(fmt);
    return windows.some((w) => render(w.scope.lookup("window_name")) === name) ? "1" : "0";
  }

  /** format_session_name: is there a session of that name? */
  private sessionExists(fmt: string): string {
    const name = this.expand(fmt);
    const sessions = this.st.scope.sessions?.() ?? [];
    return sessions.some((s) => render(s.lookup("session_name")) === name) ? "1" : "0";
  }

  /** format_search: the line (from 1) of the pane where the text is found, 0 if none or no pane. */
  private searchPane(fm: Modifier, fmt: string): string {
    const text = this.expand(fmt);
    const lines = this.st.scope.paneLines?.() ?? null;
    if (lines === null) {
      this.log(() => `search '${text}' but no pane`);
      return "0";
    }
    this.log(() => `search '${text}' pane ${render(this.st.scope.lookup("pane_id"))}`);
    const flags = fm.argv[0] ?? "";
    return String(searchLines(lines, text, flags.includes("r"), flags.includes("i")));
  }

  /** format_choose: split at the first top-level comma. */
  private choose(s: string, expand: boolean): [string, string] | null {
    const cp = formatSkip(s, 0, ",");
    if (cp < 0) return null;
    const left = s.slice(0, cp);
    const right = s.slice(cp + 1);
    return expand ? [this.expand(left), this.expand(right)] : [left, right];
  }

  /** format_replace_expression: #{e|op|flags|precision:a,b}. */
  private expression(m: Modifier, copy: string): string | null {
    const op = m.argv[0] ?? "";
    if (!EXPRESSION_OPS.includes(op)) {
      this.log(() => `expression has no valid operator: '${op}'`);
      return null;
    }
    const useFp = m.argv.length >= 2 && (m.argv[1] ?? "").includes("f");
    let prec = useFp ? 2 : 0;
    if (m.argv.length >= 3) {
      const arg = m.argv[2] ?? "";
      const n = strtonum(arg);
      if (n === null) {
        this.log(() => `expression precision ${strtonumError(arg)}: ${arg}`);
        return null;
      }
      prec = n;
    }
    const sides = this.choose(copy, true);
    if (sides === null) {
      this.log(() => "expression syntax error");
      return null;
    }
    let l = strtod(sides[0]);
    let r = strtod(sides[1]);
    if (l === null) this.log(() => `expression left side is invalid: ${sides[0]}`);
    else if (r === null) this.log(() => `expression right side is invalid: ${sides[1]}`);
    if (l === null || r === null) return null;
    if (!useFp) {
      l = toLongLong(l);
      r = toLongLong(r);
    }
    const [left, right] = [l, r];
    this.log(() => `expression left side is: ${printFixed(left, prec)}`);
    this.log(() => `expression right side is: ${printFixed(right, prec)}`);
    const result = arithmetic(op, l, r);
    const value = printFixed(useFp ? result : toLongLong(result), prec);
    this.log(() => `expression result is ${value}`);
    return value;
  }
}

/** A loop's line for -v: tmux names a window by index and id, a pane by its id. */
function loopEntry(kind: "window" | "pane", scope: FormatScope): string {
  if (kind === "pane") return `pane loop: ${render(scope.lookup("pane_id"))}`;
  return `window loop: ${render(scope.lookup("window_index"))} ${render(scope.lookup("window_id"))}`;
}

const EXPRESSION_OPS = ["+", "-", "*", "/", "%", "m", "==", "!=", ">", "<", ">=", "<="];

function arithmetic(op: string, l: number, r: number): number {
  switch (op) {
    case "+":
      return l + r;
    case "-":
      return l - r;
    case "*":
      return l * r;
    case "/":
      return l / r;
    case "%":
    case "m":
      return l % r; // fmod
    case "==":
      return Math.abs(l - r) < 1e-9 ? 1 : 0;
    case "!=":
      return Math.abs(l - r) > 1e-9 ? 1 : 0;
    case ">":
      return l > r ? 1 : 0;
    case ">=":
      return l >= r ? 1 : 0;
    case "<":
      return l < r ? 1 : 0;
    default:
      return l <= r ? 1 : 0;
  }
}

/** The end of format_replace: trim with its marker, pad, then length or width (each step told to `log`). */
function finish(input: string, p: Plan, log?: (msg: string) => void): string {
  let value = input;
  if (p.limit > 0) {
    const t = trimLeft(value, p.limit);
    value = p.marker !== null && t !== value ? t + p.marker : t;
  } else if (p.limit < 0) {
    const t = trimRight(value, -p.limit);
    value = p.marker !== null && t !== value ? p.marker + t : t;
  }
  if (p.limit !== 0) log?.(`applied length limit ${p.limit}: ${value}`);
  // utf8_padcstr counts every printable character, styles included.
  if (p.width > 0) value = value + " ".repeat(Math.max(0, p.width - plainWidth(value)));
  else if (p.width < 0) value = " ".repeat(Math.max(0, -p.width - plainWidth(value))) + value;
  if (p.width !== 0) log?.(`applied padding width ${p.width}: ${value}`);
  if (p.flags.has("n")) {
    value = String(new TextEncoder().encode(value).length);
    log?.(`replacing with length: ${value}`);
  }
  if (p.flags.has("w")) {
    value = String(displayWidth(value));
    log?.(`replacing with width: ${value}`);
  }
  return value;
}

function matchingParen(fmt: string, from: number): number {
  let brackets = 1;
  for (let j = from; j < fmt.length; j++) {
    if (fmt[j] === "(") brackets++;
    if (fmt[j] === ")" && --brackets === 0) return j;
  }
  return -1;
}

/** strtonum(3): a whole decimal number (leading blanks and a sign allowed) within [min, max], else null. */
function strtonum(s: string, min = -2147483648, max = 2147483647): number | null {
  if (!/^\s*[+-]?\d+$/.test(s)) return null;
  const n = Number(s.trim());
  return n >= min && n <= max ? n : null;
}

/** strtonum(3)'s errstr for what strtonum above refused: "invalid", "too small" or "too large". */
function strtonumError(s: string, min = -2147483648): string {
  if (!/^\s*[+-]?\d+$/.test(s)) return "invalid";
  return Number(s.trim()) < min ? "too small" : "too large";
}

/** strtod(3) that must use the whole string: decimal, hex, inf and nan; "" is 0, as in C. */
function strtod(s: string): number | null {
  const t = s.replace(/^\s+/, "");
  if (t === "") return 0;
  const sign = t.startsWith("-") ? -1 : 1;
  const u = t.replace(/^[+-]/, "");
  if (/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(u)) return sign * Number(u);
  if (/^0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)$/.test(u)) return sign * hexFloat(u.slice(2));
  if (/^(inf|infinity)$/i.test(u)) return sign * Infinity;
  if (/^nan$/i.test(u)) return NaN;
  return null;
}

function hexFloat(digits: string): number {
  const [whole = "", frac = ""] = digits.split(".");
  let n = whole === "" ? 0 : parseInt(whole, 16);
  for (let i = 0; i < frac.length; i++) n += parseInt(frac[i] as string, 16) / 16 ** (i + 1);
  return n;
}

/** C's (long long) cast of a double, with x86-64's answer for what does not fit. */
function toLongLong(n: number): number {
  if (Number.isNaN(n) || !Number.isFinite(n) || Math.abs(n) >= 2 ** 63) return -(2 ** 63);
  return Math.trunc(n);
}

/** printf("%.*f"): a negative precision means the default, 6. */
function printFixed(n: number, prec: number): string {
  const digits = prec < 0 ? 6 : prec;
  // x86's NaN from 0/0 has its sign bit set, which glibc prints; JS cannot see the sign.
  if (Number.isNaN(n)) return "-nan";
  if (!Number.isFinite(n)) return n > 0 ? "inf" : "-inf";
  if (Math.abs(n) < 1e21 && digits <= 100) return (Object.is(n, -0) ? "-" : "") + n.toFixed(digits);
  const whole = BigInt(Math.trunc(n)).toString();
  return digits === 0 ? whole : `${whole}.${"0".repeat(digits)}`;
}

/** format_strip: remove the #-escapes outside nested #{...}. */
function strip(s: string): string {
  let out = "";
  let brackets = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === "#" && s[i + 1] === "{") brackets++;
    if (c === "#" && i + 1 < s.length && ",#{}:".includes(s[i + 1] as string)) {
      if (brackets !== 0) out += c;
      continue;
    }
    if (c === "}") brackets--;
    out += c;
  }
  return out;
}

function compare(cmp: Modifier, left: string, right: string): string {
  const b = (v: boolean) => (v ? "1" : "0");
  switch (cmp.name) {
    case "||":
      return b(formatTrue(left) || formatTrue(right));
    case "&&":
      return b(formatTrue(left) && formatTrue(right));
    case "==":
      return b(left === right);
    case "!=":
      return b(left !== right);
    case "<":
      return b(byteCompare(left, right) < 0);
    case ">":
      return b(byteCompare(left, right) > 0);
    case "<=":
      return b(byteCompare(left, right) <= 0);
    case ">=":
      return b(byteCompare(left, right) >= 0);
    default:
      return match(cmp, left, right);
  }
}

/** strcmp order (by UTF-8 bytes, which is code point order). */
function byteCompare(a: string, b: string): number {
  const ca = [...a];
  const cb = [...b];
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const x = ca[i]?.codePointAt(0) ?? 0;
    const y = cb[i]?.codePointAt(0) ?? 0;
    if (x !== y) return x - y;
  }
  return ca.length - cb.length;
}

/** format_match: #{m:pattern,text} (fnmatch) or #{m/r:regex,text}; "i" ignores case. */
function match(fm: Modifier, pattern: string, text: string): string {
  const flags = fm.argv[0] ?? "";
  const ignore = flags.includes("i");
  const re = flags.includes("r") ? compileRegex(pattern, ignore) : globToRegex(pattern, ignore);
  return re !== null && re.test(text) ? "1" : "0";
}

/** regcomp(3) with REG_EXTENDED, as a JS RegExp; null where regcomp would fail. */
function compileRegex(pattern: string, ignore: boolean): RegExp | null {
  const source = ereToJs(pattern);
  return source === null ? null : jsRegex(source, ignore);
}

function jsRegex(source: string, ignore: boolean): RegExp | null {
  for (const flags of [ignore ? "iu" : "u", ignore ? "i" : ""]) {
    try {
      return new RegExp(source, flags);
    } catch {
      // Not valid with the u flag (say, a lone "{"); try without it.
    }
  }
  return null;
}

const POSIX_CLASSES: Record<string, string> = {
  alpha: "a-zA-Z", digit: "0-9", alnum: "a-zA-Z0-9", upper: "A-Z", lower: "a-z", space: " \\t\\n\\r\\f\\v",
  blank: " \\t", punct: "!-\\/:-@\\[-`{-~", xdigit: "0-9A-Fa-f", cntrl: "\\x00-\\x1f\\x7f", print: " -~", graph: "!-~",
};

/**
 * A bracket expression starting at src[open] ("[...]") as a JS class, and the index of its "]";
 * null if it does not close. A leading "]" is literal; [:class:] names a POSIX class; in a glob
 * a backslash escapes the next character, in an ERE it is literal.
 */
function bracket(src: string, open: number, glob: boolean): { js: string; close: number } | null {
  let j = open + 1;
  let body = "";
  if (src[j] === "^" || (glob && src[j] === "!")) {
    body += "^";
    j++;
  }
  if (src[j] === "]") {
    body += "\\]";
    j++;
  }
  for (; j < src.length && src[j] !== "]"; j++) {
    const named = /^\[:([a-z]+):\]/.exec(src.slice(j));
    if (named !== null) {
      const set = POSIX_CLASSES[named[1] ?? ""];
      if (set === undefined) return null;
      body += set;
      j += named[0].length - 1;
      continue;
    }
    let c = src[j] as string;
    if (glob && c === "\\" && j + 1 < src.length) c = src[++j] as string;
    body += /[\\[\]^]/.test(c) ? `\\${c}` : c;
  }
  return j < src.length ? { js: `[${body}]`, close: j } : null;
}

/** POSIX ERE to JS: only bracket expressions are written differently. */
function ereToJs(ere: string): string | null {
  let out = "";
  for (let i = 0; i < ere.length; i++) {
    const c = ere[i] as string;
    if (c === "\\" && i + 1 < ere.length) {
      out += c + (ere[++i] as string);
      continue;
    }
    if (c !== "[") {
      out += c;
      continue;
    }
    const b = bracket(ere, i, false);
    if (b === null) return null; // an unmatched "[" does not compile
    out += b.js;
    i = b.close;
  }
  return out;
}

/** fnmatch(3) without flags: * ? [...] and backslash escapes; an unclosed "[" is literal. */
export function globToRegex(glob: string, ignore = false): RegExp | null {
  let re = "^";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*") re += "[^]*";
    else if (c === "?") re += "[^]";
    else if (c === "\\" && i + 1 < glob.length) re += escapeRe(glob[++i] as string);
    else if (c === "[") {
      const b = bracket(glob, i, true);
      if (b === null) re += "\\[";
      else {
        re += b.js;
        i = b.close;
      }
    } else re += escapeRe(c);
  }
  return jsRegex(`${re}$`, ignore);
}

function escapeRe(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/**
 * regsub.c: replace every match of the ERE; \\0-\\9 in `with` are groups (an empty one leaves the
 * digit). Matching restarts on the rest of the text, so "^" would match anywhere: tmux stops
 * after the first match of a pattern starting with "^", and an empty match is only expanded
 * when it follows another match.
 */
function substitute(text: string, pattern: string, withText: string, flags: string): string {
  if (text === "") return "";
  const re = compileRegex(pattern, flags.includes("i"));
  if (re === null) return text;
  let out = "";
  let start = 0;
  let last = 0;
  let empty = false;
  while (start <= text.length) {
    const rest = text.slice(start);
    const m = longest(re, rest);
    if (m === null) {
      out += rest;
      break;
    }
    const so = start + m.index;
    const eo = so + m[0].length;
    out += text.slice(last, so);
    if (empty || so !== last || m[0].length !== 0) {
      const expanded = expandGroups(withText, m);
      out += expanded.text;
      if (expanded.cut) return out; // regsub wrote a NUL: the string ends there
      last = eo;
      start = eo;
      empty = false;
    } else {
      last = eo;
      start = eo + ((text.codePointAt(eo) ?? 0) > 0xffff ? 2 : 1);
      empty = true;
    }
    if (pattern.startsWith("^")) {
      out += text.slice(start);
      break;
    }
  }
  return out;
}

// Past this many characters after a match's start, leftmost-longest is not searched for.
const LONGEST_SEARCH_LIMIT = 256;

/**
 * regexec(3) is leftmost-longest, JS leftmost-first: they differ only where there is a choice
 * (alternation, an optional group). JS finds the leftmost start; from there, try each longer end.
 */
function longest(re: RegExp, text: string): RegExpExecArray | null {
  re.lastIndex = 0;
  const m = re.exec(text);
  if (m === null || !/\||\)[?*+{]/.test(re.source) || text.length - m.index > LONGEST_SEARCH_LIMIT) return m;
  for (let end = text.length; end > m.index + m[0].length; end--) {
    const anchored = new RegExp(`(?:${re.source})(?=[^]{${text.length - end}}$)`, `${re.flags}y`);
    anchored.lastIndex = m.index;
    const longer = anchored.exec(text);
    if (longer !== null) return longer;
  }
  return m;
}

/** regsub_expand; a trailing backslash copies the string's NUL, which cuts the result. */
function expandGroups(withText: string, m: RegExpExecArray): { text: string; cut: boolean } {
  let out = "";
  for (let i = 0; i < withText.length; i++) {
    let c = withText[i] as string;
    if (c === "\\") {
      i++;
      if (i >= withText.length) return { text: out, cut: true };
      c = withText[i] as string;
      const group = /[0-9]/.test(c) ? m[Number(c)] : undefined;
      if (group !== undefined && group !== "") {
        out += group;
        continue;
      }
    }
    out += c;
  }
  return { text: out, cut: false };
}

function basename(p: string): string {
  if (p === "") return ".";
  const t = p.replace(/\/+$/, "");
  if (t === "") return "/";
  return t.slice(t.lastIndexOf("/") + 1);
}

function dirname(p: string): string {
  const t = p.replace(/\/+$/, "");
  if (t === "") return p.startsWith("/") ? "/" : ".";
  const i = t.lastIndexOf("/");
  if (i < 0) return ".";
  const d = t.slice(0, i).replace(/\/+$/, "");
  return d === "" ? "/" : d;
}

/**
 * window_pane_search: the first line (from 1) holding the text (fnmatch "*text*", or a regex),
 * each line's trailing blanks cut first; 0 if none.
 */
export function searchLines(lines: string[], text: string, regex: boolean, ignoreCase: boolean): number {
  const re = regex ? compileRegex(text, ignoreCase) : globToRegex(`*${text}*`, ignoreCase);
  if (re === null) return 0;
  const i = lines.findIndex((line) => re.test(line.replace(/\s+$/, "")));
  return i + 1;
}

// ---- colours (colour.c) ----

const BASIC_COLOURS = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"];
const CUBE = [0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff];
// colour_256toRGB's first 16 entries.
const ANSI_RGB = [0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xc0c0c0,
  0x808080, 0xff0000, 0x00ff00, 0xffff00, 0x0000ff, 0xff00ff, 0x00ffff, 0xffffff];

/** colour_256toRGB. */
function rgb256(n: number): number {
  if (n < 16) return ANSI_RGB[n] ?? 0;
  if (n < 232) {
    const i = n - 16;
    return ((CUBE[Math.floor(i / 36)] ?? 0) << 16) | ((CUBE[Math.floor(i / 6) % 6] ?? 0) << 8) | (CUBE[i % 6] ?? 0);
  }
  const g = 8 + (n - 232) * 10;
  return (g << 16) | (g << 8) | g;
}

/** colour_fromstring then colour_force_rgb: 0xRRGGBB, or null (default, terminal, unknown). */
export function colourToRgb(s: string, byName?: (name: string) => number | null): number | null {
  if (/^#[0-9a-fA-F]{6}$/.test(s)) return parseInt(s.slice(1), 16);
  const numbered = /^colou?r(.*)$/i.exec(s);
  if (numbered !== null) {
    const n = strtonum(numbered[1] ?? "", 0, 255);
    return n === null ? null : rgb256(n);
  }
  const lower = s.toLowerCase();
  if (lower === "default" || lower === "terminal") return null;
  const basic = BASIC_COLOURS.indexOf(lower);
  if (basic >= 0) return rgb256(basic);
  if (/^[0-7]$/.test(s)) return rgb256(Number(s));
  const bright = lower.startsWith("bright") ? BASIC_COLOURS.indexOf(lower.slice(6)) : -1;
  if (bright >= 0) return rgb256(8 + bright);
  if (/^9[0-7]$/.test(s)) return rgb256(8 + Number(s) - 90);
  return byName?.(s) ?? null;
}

// ---- widths and trimming (format-draw.c) ----

/** Display width of one code point: 0 for combining marks, 2 for wide, else 1. */
export function charWidth(cp: number): number {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x300 && cp <= 0x36f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

type Piece = { text: string; width: number; style: boolean };

/** Split an expanded string into characters and zero-width #[style] runs. */
function pieces(s: string): Piece[] {
  const out: Piece[] = [];
  const chars = [...s];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "#") {
      let n = 0;
      while (chars[i + n] === "#") n++;
      if (chars[i + n] === "[" && n % 2 === 1) {
        for (let k = 0; k < (n - 1) / 2; k++) out.push({ text: "##", width: 1, style: false });
        const rest = chars.slice(i + n + 1).join("");
        const end = formatSkip(rest, 0, "]");
        if (end < 0) return out; // an unterminated style ends the string, as in tmux
        const styleLen = [...rest.slice(0, end + 1)].length;
        out.push({ text: chars.slice(i + n - 1, i + n + 1 + styleLen).join(""), width: 0, style: true });
        i += n + styleLen;
        continue;
      }
      if (n === 1) out.push({ text: "#", width: 1, style: false });
      else for (let k = 0; k < Math.ceil(n / 2); k++) out.push({ text: "##", width: 1, style: false });
      i += n - 1;
      continue;
    }
    const cp = c.codePointAt(0) ?? 0;
    if (cp < 0x20 || cp === 0x7f) continue; // control characters are dropped
    out.push({ text: c, width: charWidth(cp), style: false });
  }
  return out;
}

/** format_width: columns on screen; #[style] runs take none. */
export function displayWidth(s: string): number {
  return pieces(s).reduce((w, p) => w + p.width, 0);
}

/** utf8_cstrwidth: columns of every printable character, style text included. */
function plainWidth(s: string): number {
  let w = 0;
  for (const c of s) w += charWidth(c.codePointAt(0) ?? 0);
  return w;
}

/** format_trim_left: keep the first `limit` columns. */
export function trimLeft(s: string, limit: number): string {
  let out = "";
  let width = 0;
  for (const p of pieces(s)) {
    if (width >= limit) break;
    if (p.style || width + p.width <= limit) out += p.text;
    width += p.width;
  }
  return out;
}

/** format_trim_right: keep the last `limit` columns. */
export function trimRight(s: string, limit: number): string {
  const ps = pieces(s);
  const total = ps.reduce((w, p) => w + p.width, 0);
  if (total <= limit) return s;
  const skip = total - limit;
  let out = "";
  let width = 0;
  for (const p of ps) {
    if (p.style || width >= skip) out += p.text;
    width += p.width;
  }
  return out;
}

// ---- time ----

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number, w = 2, c = "0") => String(n).padStart(w, c);

/** ctime(3) without the newline: "Thu Jan  1 00:00:00 1970" (local time). */
export function ctime(d: Date): string {
  return strftime("%a %b %e %H:%M:%S %Y", d);
}

const LONG_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const LONG_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
  "October", "November", "December"];

function dayOfYear(d: Date): number {
  const start = new Date(d.getFullYear(), 0, 1);
  return Math.round((new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() - start.getTime()) / 86400000);
}

/** %U / %W: the week of the year, weeks starting on Sunday (first = 0) or Monday (first = 1). */
function weekOfYear(d: Date, first: number): number {
  return Math.floor((dayOfYear(d) + 7 - ((d.getDay() + 7 - first) % 7)) / 7);
}

function tzOffset(d: Date): string {
  const off = -d.getTimezoneOffset();
  const a = Math.abs(off);
  return `${off < 0 ? "-" : "+"}${pad(Math.floor(a / 60))}${pad(a % 60)}`;
}

function tzName(d: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZoneName: "short" }).formatToParts(d);
  const part = parts.find((p) => p.type === "timeZoneName");
  return part?.value ?? "";
}

/** One strftime conversion in the C locale; null for one glibc does not know (left as written). */
function conversion(c: string, d: Date): string | null {
  const h = d.getHours();
  switch (c) {
    case "a": return DAYS[d.getDay()] ?? "";
    case "A": return LONG_DAYS[d.getDay()] ?? "";
    case "b":
    case "h": return MONTHS[d.getMonth()] ?? "";
    case "B": return LONG_MONTHS[d.getMonth()] ?? "";
    case "c": return strftime("%a %b %e %H:%M:%S %Y", d);
    case "C": return pad(Math.floor(d.getFullYear() / 100));
    case "d": return pad(d.getDate());
    case "D":
    case "x": return strftime("%m/%d/%y", d);
    case "e": return pad(d.getDate(), 2, " ");
    case "F": return strftime("%Y-%m-%d", d);
    case "H": return pad(h);
    case "I": return pad(((h + 11) % 12) + 1);
    case "j": return pad(dayOfYear(d) + 1, 3);
    case "k": return pad(h, 2, " ");
    case "l": return pad(((h + 11) % 12) + 1, 2, " ");
    case "m": return pad(d.getMonth() + 1);
    case "M": return pad(d.getMinutes());
    case "n": return "\n";
    case "p": return h < 12 ? "AM" : "PM";
    case "P": return h < 12 ? "am" : "pm";
    case "r": return strftime("%I:%M:%S %p", d);
    case "R": return strftime("%H:%M", d);
    case "s": return String(Math.floor(d.getTime() / 1000));
    case "S": return pad(d.getSeconds());
    case "t": return "\t";
    case "T":
    case "X": return strftime("%H:%M:%S", d);
    case "u": return String(d.getDay() === 0 ? 7 : d.getDay());
    case "U": return pad(weekOfYear(d, 0));
    case "w": return String(d.getDay());
    case "W": return pad(weekOfYear(d, 1));
    case "y": return pad(d.getFullYear() % 100);
    case "Y": return String(d.getFullYear());
    case "z": return tzOffset(d);
    case "Z": return tzName(d);
    case "%": return "%";
    default: return null;
  }
}

/** strftime(3) in the C locale (local time); conversions glibc does not know are left as they are. */
export function strftime(fmt: string, d: Date): string {
  return fmt.replace(/%([a-zA-Z%+])/g, (all, c: string) => conversion(c, d) ?? all);
}

/** format_pretty_time. */
function prettyTime(t: number, nowSec: number): string {
  const now = Math.max(Math.floor(nowSec), t);
  const age = now - t;
  const tm = new Date(t * 1000);
  const nowTm = new Date(now * 1000);
  if (age < 24 * 3600) return strftime("%H:%M", tm);
  const sameYear = tm.getFullYear() === nowTm.getFullYear();
  if ((sameYear && tm.getMonth() === nowTm.getMonth()) || age < 28 * 24 * 3600) return strftime("%a%d", tm);
  if (
    (sameYear && tm.getMonth() < nowTm.getMonth()) ||
    (tm.getFullYear() === nowTm.getFullYear() - 1 && tm.getMonth() > nowTm.getMonth())
  ) {
    return strftime("%d%b", tm);
  }
  return strftime("%h%y", tm);
}
