// The tokenizer of tmux 3.3a's command language (cmd-parse.y's yylex): quotes,
// escapes, $VAR and ~user expansion, comments, %-directives and line counting.
//
// Line numbers follow tmux exactly, quirks included: a newline inside quotes is
// not counted, a comment's newline is counted as soon as it is read, and a plain
// newline only when the next token is asked for. Commands record the line when
// the token after them has been read, so these quirks decide their line.

/** What the lexer reads and writes in the global environment. */
export interface ParseEnvironment {
  get(name: string): string | undefined;
  set(name: string, value: string, hidden: boolean): void;
}

export type TokenKind =
  | "\n" | ";" | "{" | "}"
  | "token" | "equals" | "format"
  | "if" | "elif" | "else" | "endif" | "hidden"
  | "error" | "eof";

export interface Token {
  kind: TokenKind;
  text: string;
}

export interface LexerOptions {
  file?: string;
  line: number;
  env: ParseEnvironment;
  /** Home directory of a user; "" is the user running the server. */
  userHome: (user: string) => string | undefined;
}

const EOF = null;
type Ch = string | typeof EOF;

// tmux reads names into a 1024-byte buffer and stops two bytes short.
const NAME_MAX = 1022;

const DIRECTIVES: Record<string, TokenKind> = {
  "%hidden": "hidden", "%if": "if", "%else": "else", "%elif": "elif", "%endif": "endif",
};

const C_ESCAPES: Record<string, string> = {
  a: "\x07", b: "\b", e: "\x1b", f: "\f", s: " ", v: "\v", r: "\r", n: "\n", t: "\t",
};

function isVarChar(ch: Ch, first: boolean): boolean {
  if (ch === EOF || ch === "=") return false;
  if (first && ch >= "0" && ch <= "9") return false;
  return /^[A-Za-z0-9_]$/.test(ch);
}

/** A token's text, where octal escapes may add raw bytes that form UTF-8 together. */
class TokenBuffer {
  private text = "";
  private bytes: number[] = [];

  add(s: string): void {
    this.flush();
    this.text += s;
  }

  addByte(b: number): void {
    if (b < 0x80) this.add(String.fromCharCode(b));
    else this.bytes.push(b);
  }

  /** The text; like tmux's C string it ends at the first NUL. */
  finish(): string {
    this.flush();
    const nul = this.text.indexOf("\0");
    return nul === -1 ? this.text : this.text.slice(0, nul);
  }

  private flush(): void {
    if (this.bytes.length === 0) return;
    this.text += new TextDecoder().decode(new Uint8Array(this.bytes));
    this.bytes = [];
  }
}

export class Lexer {
  line: number;
  /** The first error, already in tmux's "FILE:LINE: message" form. */
  error: string | undefined;
  private off = 0;
  private escapes = 0;
  private eol = false;
  private eof = false;
  private condition = false;

  constructor(private readonly input: string, private readonly opts: LexerOptions) {
    this.line = opts.line;
  }

  /** Records an error unless one is already recorded (tmux keeps the first). */
  fail(message: string): void {
    if (this.error !== undefined) return;
    this.error = this.opts.file === undefined ? message : `${this.opts.file}:${this.line}: ${message}`;
  }

  next(): Token {
    if (this.eol) this.line++;
    this.eol = false;
    const condition = this.condition;
    this.condition = false;
    for (;;) {
      const ch = this.getc();
      if (ch === EOF) {
        // Every input ends with a newline, as if the file had one.
        if (this.eof) return { kind: "eof", text: "" };
        this.eof = true;
        return { kind: "\n", text: "" };
      }
      if (ch === " " || ch === "\t") continue;
      if (ch === "\n") {
        this.eol = true;
        return { kind: "\n", text: "" };
      }
      if (ch === ";" || ch === "{" || ch === "}") return { kind: ch, text: ch };
      if (ch === "#") {
        const t = this.comment(condition);
        if (t !== undefined) return t;
        continue;
      }
      if (ch === "%") return this.directive();
      const text = this.token(ch);
      if (text === undefined) return { kind: "error", text: "" };
      return { kind: isAssignment(text) ? "equals" : "token", text };
    }
  }

  /** `#{` right after a directive is a format; any other `#` starts a comment. */
  private comment(condition: boolean): Token | undefined {
    let next = this.getc();
    if (condition && next === "{") {
      const format = this.format();
      return format === undefined ? { kind: "error", text: "" } : { kind: "format", text: format };
    }
    while (next !== "\n" && next !== EOF) next = this.getc();
    if (next === "\n") {
      this.line++;
      return { kind: "\n", text: "" };
    }
    return undefined;
  }

  /** A word starting with %: all % and digits is a plain token (%1), else a directive. */
  private directive(): Token {
    let word = "%";
    let ch: Ch;
    while ((ch = this.getc()) !== EOF && !" \t\n".includes(ch)) word += ch;
    this.ungetc(ch);
    if (/^[%0-9]*$/.test(word)) return { kind: "token", text: word };
    this.condition = true;
    const kind = DIRECTIVES[word];
    return kind === undefined ? { kind: "error", text: "" } : { kind, text: word };
  }

  private getc1(): Ch {
    if (this.off >= this.input.length) return EOF;
    return this.input[this.off++] ?? EOF;
  }

  private ungetc(ch: Ch): void {
    if (this.off > 0 && ch !== EOF) this.off--;
  }

  /** Reads a character, joining lines that end in an odd number of backslashes. */
  private getc(): Ch {
    if (this.escapes !== 0) {
      this.escapes--;
      return "\\";
    }
    for (;;) {
      const ch = this.getc1();
      if (ch === "\\") {
        this.escapes++;
        continue;
      }
      if (ch === "\n" && this.escapes % 2 === 1) {
        this.line++;
        this.escapes--;
        continue;
      }
      if (this.escapes !== 0) {
        this.ungetc(ch);
        this.escapes--;
        return "\\";
      }
      return ch;
    }
  }

  private format(): string | undefined {
    let buf = "#{";
    let brackets = 1;
    for (;;) {
      let ch = this.getc();
      if (ch === EOF || ch === "\n") return undefined;
      if (ch === "#") {
        ch = this.getc();
        if (ch === EOF || ch === "\n") return undefined;
        if (ch === "{") brackets++;
        buf += "#";
      } else if (ch === "}" && brackets !== 0 && --brackets === 0) {
        return buf + ch;
      }
      buf += ch;
    }
  }

  private token(first: string): string | undefined {
    const buf = new TokenBuffer();
    type State = "start" | "none" | "double" | "single";
    let state: State = "none";
    let last: State = "start";
    let ch: Ch = first;
    for (;;) {
      if (ch === EOF || (state === "none" && ch === "\n")) break;
      if ((ch === " " || ch === "\t" || ch === ";" || ch === "}") && state === "none") break;
      if (ch === "\n") {
        // A newline inside quotes stays; the next line's indent and comments go.
        buf.add("\n");
        ch = this.skipQuotedIndent();
        continue;
      }
      let expanded = true;
      if (ch === "\\" && state !== "single") {
        if (!this.escape(buf)) return undefined;
      } else if (ch === "~" && last !== state && state !== "single") {
        if (!this.tilde(buf)) return undefined;
      } else if (ch === "$" && state !== "single") {
        if (!this.variable(buf)) return undefined;
      } else if (ch === "'" && (state === "none" || state === "single")) {
        state = state === "none" ? "single" : "none";
        expanded = false;
      } else if (ch === '"' && (state === "none" || state === "double")) {
        state = state === "none" ? "double" : "none";
        expanded = false;
      } else {
        buf.add(ch);
      }
      if (expanded) last = state;
      ch = this.getc();
    }
    this.ungetc(ch);
    return buf.finish();
  }

  /** After a newline inside quotes: skips indent and a comment line, returns the next character. */
  private skipQuotedIndent(): Ch {
    let ch: Ch;
    while ((ch = this.getc()) === " " || ch === "\t") { /* skip */ }
    if (ch !== "#") return ch;
    ch = this.getc();
    if (ch !== EOF && ",#{}:".includes(ch)) {
      this.ungetc(ch);
      return "#";
    }
    while ((ch = this.getc()) !== "\n" && ch !== EOF) { /* skip */ }
    return ch;
  }

  private escape(buf: TokenBuffer): boolean {
    let ch = this.getc();
    if (ch === EOF) return false;
    if (ch >= "4" && ch <= "7") return this.failed("invalid octal escape");
    if (ch >= "0" && ch <= "3") {
      const o2 = this.getc();
      if (o2 !== EOF && o2 >= "0" && o2 <= "7") {
        const o3 = this.getc();
        if (o3 !== EOF && o3 >= "0" && o3 <= "7") {
          buf.addByte(parseInt(ch + o2 + o3, 8));
          return true;
        }
      }
      return this.failed("invalid octal escape");
    }
    if (ch === "u" || ch === "U") return this.unicode(buf, ch);
    ch = C_ESCAPES[ch] ?? ch;
    buf.add(ch);
    return true;
  }

  private unicode(buf: TokenBuffer, type: "u" | "U"): boolean {
    let hex = "";
    for (let i = 0; i < (type === "u" ? 4 : 8); i++) {
      const ch = this.getc();
      if (ch === EOF || ch === "\n") return false;
      if (!/^[0-9A-Fa-f]$/.test(ch)) return this.failed(`invalid \\${type} argument`);
      hex += ch;
    }
    const code = parseInt(hex, 16);
    // glibc's wctomb refuses surrogates and values past 31 bits; it encodes
    // anything else, even past U+10FFFF, as UTF-8-shaped bytes.
    if (code > 0x7fffffff || (code >= 0xd800 && code <= 0xdfff)) return this.failed(`invalid \\${type} argument`);
    if (code <= 0x10ffff) buf.add(String.fromCodePoint(code));
    else for (const b of utf8Bytes(code)) buf.addByte(b);
    return true;
  }

  private variable(buf: TokenBuffer): boolean {
    let ch = this.getc();
    if (ch === EOF) return false;
    const brackets = ch === "{";
    let name = "";
    if (!brackets) {
      if (!isVarChar(ch, true)) {
        buf.add("$");
        this.ungetc(ch);
        return true;
      }
      name = ch;
    }
    for (;;) {
      ch = this.getc();
      if (brackets && ch === "}") break;
      if (ch === EOF || !isVarChar(ch, false)) {
        if (brackets) return this.failed("invalid environment variable");
        this.ungetc(ch);
        break;
      }
      if (name.length === NAME_MAX) return this.failed("environment variable is too long");
      name += ch;
    }
    const value = this.opts.env.get(name);
    if (value !== undefined) buf.add(value);
    return true;
  }

  private tilde(buf: TokenBuffer): boolean {
    let name = "";
    for (;;) {
      const ch = this.getc();
      if (ch === EOF || "/ \t\n\"'".includes(ch)) {
        this.ungetc(ch);
        break;
      }
      if (name.length === NAME_MAX) return this.failed("user name is too long");
      name += ch;
    }
    let home: string | undefined;
    if (name === "") {
      const env = this.opts.env.get("HOME");
      home = env !== undefined && env !== "" ? env : this.opts.userHome("");
    } else {
      home = this.opts.userHome(name);
    }
    if (home === undefined) return false;
    buf.add(home);
    return true;
  }

  private failed(message: string): false {
    this.fail(message);
    return false;
  }
}

/** NAME=value, NAME being a variable name: an assignment, not a word. */
function isAssignment(token: string): boolean {
  const eq = token.indexOf("=");
  if (eq <= 0 || !isVarChar(token[0] ?? EOF, true)) return false;
  for (let i = 1; i < eq; i++) if (!isVarChar(token[i] ?? EOF, false)) return false;
  return true;
}

/** UTF-8's byte pattern for any 31-bit value (what wctomb writes past U+10FFFF). */
function utf8Bytes(code: number): number[] {
  const tail: number[] = [];
  let lead = 0x3f;
  let mark = 0x80;
  while (code > lead) {
    tail.unshift(0x80 | (code & 0x3f));
    code = Math.floor(code / 64);
    lead >>= 1;
    mark = (mark >> 1) | 0x80;
  }
  return [mark | code, ...tail];
}
