// Quotes a string so tmux's command parser reads it back unchanged, as tmux's args_escape does
// (show-options prints string values this way): '' when empty, "..." around any of ` #';${}%`,
// '...' around a space or a double quote, C-style escapes for control characters. Also the vis(3)
// escaping tmux gives names it stores (visName).

const NEEDS_DOUBLE = " #';${}%";
const NEEDS_SINGLE = " \"";

const C_ESCAPES: ReadonlyMap<string, string> = new Map([
  ["\n", "\\n"],
  ["\r", "\\r"],
  ["\b", "\\b"],
  ["\x07", "\\a"],
  ["\v", "\\v"],
  ["\t", "\\t"],
  ["\f", "\\f"],
]);

function hasAny(s: string, chars: string): boolean {
  for (const c of s) if (chars.includes(c)) return true;
  return false;
}

/** One character as vis(3) encodes it with VIS_OCTAL|VIS_CSTYLE|VIS_TAB|VIS_NL (and VIS_DQ). */
function visChar(c: string, next: string, dq: boolean): string {
  const code = c.codePointAt(0) ?? 0;
  if (code >= 0x80) return c; // Valid UTF-8 passes through.
  if (c === "\\") return "\\\\";
  if (c === '"' && dq) return '\\"';
  if (code >= 0x20 && code < 0x7f) return c;
  const cstyle = C_ESCAPES.get(c);
  if (cstyle) return cstyle;
  if (code === 0) return /[0-7]/.test(next) ? "\\000" : "\\0";
  return "\\" + code.toString(8).padStart(3, "0");
}

/** utf8_stravis: vis each character, and escape a $ that would start a variable. */
function stravis(s: string, dq: boolean): string {
  const chars = [...s];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? "";
    const next = chars[i + 1] ?? "";
    if (c === "$" && next !== "") out += /[A-Za-z_{]/.test(next) ? "\\$" : "$";
    else out += visChar(c, next, dq);
  }
  return out;
}

/** A window's or session's name as tmux stores it (utf8_stravis: \\, \t, \$HOME...). */
export function visName(s: string): string {
  return stravis(s, false);
}

/** session_check_name: a session's name as tmux keeps it (":" and "." become "_", then visName); null for "". */
export function sessionName(s: string): string | null {
  return s === "" ? null : visName(s.replace(/[:.]/g, "_"));
}

export function argsEscape(s: string): string {
  if (s === "") return "''";
  const quote = hasAny(s, NEEDS_DOUBLE) ? '"' : hasAny(s, NEEDS_SINGLE) ? "'" : "";
  const chars = [...s];
  if (chars.length === 1 && s !== " " && (quote !== "" || s === "~")) return `\\${s}`;
  const escaped = stravis(s, quote === '"');
  const tilde = escaped.startsWith("~") ? "\\" : "";
  if (quote === "'") return `'${escaped}'`;
  if (quote === '"') return `"${tilde}${escaped}"`;
  return `${tilde}${escaped}`;
}

/** utf8_strvis with VIS_OCTAL|VIS_CSTYLE|VIS_TAB: control characters and \ made visible (a buffer's preview). */
export function strvis(s: string): string {
  const chars = [...s];
  return chars.map((c, i) => visChar(c, chars[i + 1] ?? "", false)).join("");
}
