// tmux formats (#{...}, #S, ##, conditionals, comparisons, modifiers), ported
// from tmux 3.3a format.c: the same scanning, escapes and failure behaviour,
// with the values supplied by a lookup function instead of a format tree.

export type FormatLookup = (name: string) => string | number | boolean | undefined | null;

export interface FormatOptions {
  /** The time for #{t:...} "pretty" formatting; defaults to now. */
  now?: () => number;
}

// format.c: #{...} and modifiers may nest this deep before expanding to "".
const FORMAT_LOOP_LIMIT = 100;

// The single-letter aliases (format_upper / format_lower in format.c).
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

/** Expand a tmux format. Never throws; malformed input renders as tmux does. */
export function expandFormat(fmt: string, lookup: FormatLookup, opts: FormatOptions = {}): string {
  try {
    return new Expander(lookup, opts).expand(fmt);
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

function render(v: string | number | boolean | undefined | null): string | null {
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
  private loop = 0;

  constructor(
    private readonly lookup: FormatLookup,
    private readonly opts: FormatOptions,
  ) {}

  /** format_expand1. */
  expand(fmt: string): string {
    if (fmt === "") return "";
    if (this.loop === FORMAT_LOOP_LIMIT) return "";
    this.loop++;
    try {
      return this.expandLoop(fmt);
    } finally {
      this.loop--;
    }
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
        // #(command): weft runs no jobs from formats, so it expands to "".
        let brackets = 1;
        let j = i;
        for (; j < fmt.length; j++) {
          if (fmt[j] === "(") brackets++;
          if (fmt[j] === ")" && --brackets === 0) break;
        }
        if (j >= fmt.length || brackets !== 0) break;
        i = j + 1;
        continue;
      }
      if (ch === "{") {
        const close = formatSkip(fmt, i - 2, "}");
        if (close < 0) break; // unterminated: tmux stops here
        const value = this.replace(fmt.slice(i, close));
        if (value === null) break;
        out += value;
        i = close + 1;
        continue;
      }
      if (ch === "#") {
        // ##[ (two or more #s then '[') is a style, left for the renderer.
        let j = i;
        while (fmt[j] === "#") j++;
        if (fmt[j] === "[") {
          out += fmt.slice(i - 2, j + 1);
          i = j + 1;
          continue;
        }
        out += "#";
        continue;
      }
      if (ch === "}" || ch === ",") {
        out += ch;
        continue;
      }
      const alias = SHORT_ALIASES[ch];
      if (alias === undefined) {
        out += `#${ch}`;
        continue;
      }
      const value = this.replace(alias);
      if (value === null) break;
      out += value;
    }
    return out;
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

  /** format_find: a variable's value with the find-time modifiers applied. */
  private find(key: string, mods: Set<string>, timeFormat: string | null, pretty: boolean): string | null {
    let found = render(this.lookup(key));
    if (mods.has("t")) {
      const t = found === null ? 0 : /^\d+$/.test(found) ? Number(found) : 0;
      if (t === 0) return null;
      if (pretty) return prettyTime(t, this.opts.now?.() ?? Date.now() / 1000);
      return timeFormat !== null ? strftime(timeFormat, new Date(t * 1000)) : ctime(new Date(t * 1000));
    }
    if (found === null) return null;
    if (mods.has("b")) found = basename(found);
    if (mods.has("d")) found = dirname(found);
    if (mods.has("q")) found = found.replace(/[|&;<>()$`\\"'*?[# =%]/g, "\\$&");
    if (mods.has("qh")) found = found.replace(/#/g, "##");
    return found;
  }

  /** format_replace: expand one #{...} body. null means "stop", as tmux does on failure. */
  private replace(key: string): string | null {
    const { list, rest: copy } = this.buildModifiers(key);
    const mods = new Set<string>();
    let cmp: Modifier | null = null;
    let mexp: Modifier | null = null;
    const subs: Modifier[] = [];
    let limit = 0;
    let marker: string | null = null;
    let width = 0;
    let timeFormat: string | null = null;
    let pretty = false;
    for (const fm of list) {
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
          cmp = fm;
          break;
        case "s":
          if (fm.argv.length >= 2) subs.push(fm);
          break;
        case "=":
          if (fm.argv.length < 1) break;
          limit = toInt(fm.argv[0]);
          if (fm.argv.length >= 2 && fm.argv[1] !== undefined) marker = fm.argv[1];
          break;
        case "p":
          if (fm.argv.length >= 1) width = toInt(fm.argv[0]);
          break;
        case "e":
          if (fm.argv.length >= 1 && fm.argv.length <= 3) mexp = fm;
          break;
        case "t":
          mods.add("t");
          if (fm.argv[0]?.includes("p")) pretty = true;
          else if (fm.argv.length >= 2 && fm.argv[0]?.includes("f")) timeFormat = strip(fm.argv[1] ?? "");
          break;
        case "q":
          if (fm.argv.length < 1) mods.add("q");
          else if (fm.argv[0]?.includes("e") || fm.argv[0]?.includes("h")) mods.add("qh");
          break;
        case "N":
          mods.add(fm.argv.length >= 1 && !fm.argv[0]?.includes("w") && fm.argv[0]?.includes("s") ? "Ns" : "Nw");
          break;
        default:
          mods.add(fm.name);
      }
    }

    let value: string;
    if (mods.has("l")) value = copy;
    else if (mods.has("a")) {
      const n = this.expand(copy);
      value = /^\d+$/.test(n) && Number(n) >= 32 && Number(n) <= 126 ? String.fromCharCode(Number(n)) : "";
    } else if (mods.has("c")) {
      value = ""; // colours are not known here
    } else if (mods.has("S") || mods.has("W") || mods.has("P") || mods.has("Nw") || mods.has("Ns")) {
      value = ""; // loops and name checks need the server; not supported here
    } else if (mods.has("C")) {
      value = "0"; // searching a pane needs the pane
    } else if (cmp !== null) {
      const sides = this.choose(copy, true);
      if (sides === null) return null;
      value = compare(cmp, sides[0], sides[1]);
    } else if (copy.startsWith("?")) {
      const comma = formatSkip(copy, 1, ",");
      if (comma < 0) return null;
      const condition = copy.slice(1, comma);
      let found = this.find(condition, mods, timeFormat, pretty);
      if (found === null) {
        // Not a variable: expand it; if that changes nothing, it is false.
        found = this.expand(condition);
        if (found === condition) found = "";
      }
      const branches = this.choose(copy.slice(comma + 1), false);
      if (branches === null) return null;
      value = this.expand(formatTrue(found) ? branches[0] : branches[1]);
    } else if (mexp !== null) {
      value = this.expression(mexp, copy) ?? "";
    } else if (copy.includes("#{")) {
      value = this.expand(copy);
    } else {
      value = this.find(copy, mods, timeFormat, pretty) ?? "";
    }

    if (mods.has("E") || mods.has("T")) value = this.expand(value);
    for (const sub of subs) {
      value = substitute(value, this.expand(sub.argv[0] ?? ""), this.expand(sub.argv[1] ?? ""), sub.argv[2] ?? "");
    }
    if (limit > 0) {
      const t = trimLeft(value, limit);
      value = marker !== null && t !== value ? t + marker : t;
    } else if (limit < 0) {
      const t = trimRight(value, -limit);
      value = marker !== null && t !== value ? marker + t : t;
    }
    if (width > 0) value = value + " ".repeat(Math.max(0, width - displayWidth(value)));
    else if (width < 0) value = " ".repeat(Math.max(0, -width - displayWidth(value))) + value;
    if (mods.has("n")) value = String(new TextEncoder().encode(value).length);
    if (mods.has("w")) value = String(displayWidth(value));
    return value;
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
    if (!["+", "-", "*", "/", "%", "m", "==", "!=", ">", "<", ">=", "<="].includes(op)) return null;
    let useFp = false;
    let prec = 0;
    if (m.argv.length >= 2 && m.argv[1]?.includes("f")) {
      useFp = true;
      prec = 2;
    }
    if (m.argv.length >= 3) {
      const p = m.argv[2] ?? "";
      if (!/^-?\d+$/.test(p)) return null;
      prec = Number(p);
    }
    const sides = this.choose(copy, true);
    if (sides === null) return null;
    let l = parseCNumber(sides[0]);
    let r = parseCNumber(sides[1]);
    if (l === null || r === null) return null;
    if (!useFp) {
      l = Math.trunc(l);
      r = Math.trunc(r);
    }
    let result: number;
    switch (op) {
      case "+":
        result = l + r;
        break;
      case "-":
        result = l - r;
        break;
      case "*":
        result = l * r;
        break;
      case "/":
        result = l / r;
        break;
      case "%":
      case "m":
        result = l % r;
        break;
      case "==":
        result = Math.abs(l - r) < 1e-9 ? 1 : 0;
        break;
      case "!=":
        result = Math.abs(l - r) > 1e-9 ? 1 : 0;
        break;
      case ">":
        result = l > r ? 1 : 0;
        break;
      case ">=":
        result = l >= r ? 1 : 0;
        break;
      case "<":
        result = l < r ? 1 : 0;
        break;
      default:
        result = l <= r ? 1 : 0;
    }
    if (!useFp) result = Math.trunc(result);
    if (!Number.isFinite(result)) return Number.isNaN(result) ? "nan" : result > 0 ? "inf" : "-inf";
    return result.toFixed(Math.min(100, Math.max(0, prec)));
  }
}

function toInt(s: string | undefined): number {
  return s !== undefined && /^-?\d+$/.test(s) ? Number(s) : 0;
}

/** strtod over the whole string; null if anything is left over. */
function parseCNumber(s: string): number | null {
  const t = s.replace(/^\s+/, "");
  if (t === "" || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  return Number(t);
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

function compileRegex(pattern: string, ignore: boolean, global = false): RegExp | null {
  try {
    return new RegExp(pattern, (ignore ? "i" : "") + (global ? "g" : "") + "u");
  } catch {
    try {
      return new RegExp(pattern, (ignore ? "i" : "") + (global ? "g" : ""));
    } catch {
      return null;
    }
  }
}

/** fnmatch(3) without flags: * ? [...] and backslash escapes. */
export function globToRegex(glob: string, ignore = false): RegExp | null {
  let re = "^";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*") re += "[^]*";
    else if (c === "?") re += "[^]";
    else if (c === "\\" && i + 1 < glob.length) re += escapeRe(glob[++i] as string);
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0) {
        re += "\\[";
        continue;
      }
      let body = glob.slice(i + 1, close);
      const negate = body.startsWith("!") || body.startsWith("^");
      if (negate) body = body.slice(1);
      re += `[${negate ? "^" : ""}${body.replace(/[\\\]^]/g, "\\$&")}]`;
      i = close;
    } else re += escapeRe(c);
  }
  return compileRegex(`${re}$`, ignore);
}

function escapeRe(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** format_sub (regsub): replace every match; \0-\9 in `with` are groups. */
function substitute(text: string, pattern: string, withText: string, flags: string): string {
  const re = compileRegex(pattern, flags.includes("i"), true);
  if (re === null) return text;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    out += text.slice(last, start);
    out += withText.replace(/\\(\d)/g, (_, d: string) => m[Number(d)] ?? "");
    last = start + m[0].length;
    if (m[0].length === 0) {
      // regsub copies one character after an empty match and moves on.
      if (last < text.length) out += text[last];
      last++;
    }
  }
  return out + text.slice(last);
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

export function displayWidth(s: string): number {
  return pieces(s).reduce((w, p) => w + p.width, 0);
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
  return `${DAYS[d.getDay()]} ${MONTHS[d.getMonth()]} ${pad(d.getDate(), 2, " ")} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${d.getFullYear()}`;
}

/** The common strftime(3) conversions; unknown ones are left as they are. */
export function strftime(fmt: string, d: Date): string {
  return fmt.replace(/%([a-zA-Z%])/g, (all, c: string) => {
    switch (c) {
      case "a":
        return DAYS[d.getDay()] ?? "";
      case "b":
      case "h":
        return MONTHS[d.getMonth()] ?? "";
      case "d":
        return pad(d.getDate());
      case "e":
        return pad(d.getDate(), 2, " ");
      case "H":
        return pad(d.getHours());
      case "I":
        return pad(((d.getHours() + 11) % 12) + 1);
      case "M":
        return pad(d.getMinutes());
      case "S":
        return pad(d.getSeconds());
      case "m":
        return pad(d.getMonth() + 1);
      case "y":
        return pad(d.getFullYear() % 100);
      case "Y":
        return String(d.getFullYear());
      case "p":
        return d.getHours() < 12 ? "AM" : "PM";
      case "s":
        return String(Math.floor(d.getTime() / 1000));
      case "%":
        return "%";
      default:
        return all;
    }
  });
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
