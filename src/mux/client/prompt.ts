// Status-line prompts: command-prompt's one-line editor whose Enter runs a callback (the keys
// of tmux 3.3a's status_prompt_key, status-keys emacs or vi), and confirm-before's question
// that one key answers.
import type { HistoryCursor } from "../model/prompt-history.ts";
import { displayWidth } from "../lang/format.ts";
import { LineEditor } from "./prompt-edit.ts";
import { translateViKey, type ViState } from "./prompt-keys.ts";
import { complete, type CompletionSource } from "./prompt-complete.ts";
import { parseKeys } from "../lang/keys.ts";

/** What a prompt shows: its prompt text (format markup allowed), what has been typed, the cursor's index in it. */
export interface PromptLine {
  prompt: string;
  buffer: string;
  index: number;
  /** status-keys vi's command mode: drawn in message-command-style. */
  command?: boolean;
}

/** What the prompt reads of its client and the server while it is open. */
export interface PromptEnv {
  /** The session's status-keys: "emacs" or "vi". */
  statusKeys(): string;
  /** The session's word-separators (C-w, M-b, M-f, vi's w, b, e). */
  wordSeparators(): string;
  /** The newest paste buffer's text (C-y when nothing was cut with C-w). */
  topBuffer(): string | null;
  completion: CompletionSource;
  /** How many rows a completion menu may have; under 1 none is shown. */
  menuRows(): number;
  /** Show a completion menu with its left edge at column x; `pick` gets the chosen item's index. */
  openMenu(labels: string[], x: number, pick: (index: number) => void): boolean;
}

/** What a client shows on its status line and gives every key to while it is open. */
export interface StatusPrompt {
  line(): PromptLine;
  /** False: the key ended the prompt and is to be handled as if no prompt had been open. */
  key(key: string, bytes: Uint8Array): boolean | void;
  /** The client opening the prompt hands it what it reads of the server. */
  attach?(env: PromptEnv): void;
}

/** tmux's default word-separators, for a prompt no client has attached to (tests). */
const DEFAULT_SEPARATORS = "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~";

/** The printable text a key types, "" for a key that types nothing. */
function typedText(key: string, bytes: Uint8Array): string {
  const s = key === "Space" ? " " : Buffer.from(bytes).toString("utf8");
  return /^[^\x00-\x1f\x7f]+$/.test(s) ? s : "";
}

/** A bracketed paste's keys: tmux turns bracketed paste off at the prompt, so what is pasted is typed (a newline is Enter). */
function pastedKeys(bytes: Uint8Array): { key: string; bytes: Uint8Array }[] {
  const start = "\x1b[200~".length;
  const body = bytes.subarray(start, Math.max(start, bytes.length - (Buffer.from(bytes.subarray(-6)).toString() === "\x1b[201~" ? 6 : 0)));
  return parseKeys(body);
}

/**
 * command-prompt's -1, -N and -k. `single`: the first character typed ends the prompt with it
 * (copy mode's f, t, F and T ask for the character to jump to this way); the editing keys still
 * work and Enter answers with what is there. `numeric`: digits are typed, any other key ends it
 * with them and then does what it would have done (copy mode's repeat counts: 3 then j).
 * `key`: the first key's name is the answer.
 */
export interface PromptKind {
  single?: boolean;
  numeric?: boolean;
  key?: boolean;
  /**
   * -i: the line starts empty (the initial text is what C-r or C-s on it takes back) and every
   * change is answered at once, its text after "=" ("-" for C-r, "+" for C-s): copy mode's
   * incremental search. "=" alone as soon as the prompt opens.
   */
  incremental?: (text: string) => void;
}

export class Prompt implements StatusPrompt {
  private readonly edit: LineEditor;
  private readonly vi: ViState = { command: false };
  private env: PromptEnv | null = null;

  constructor(
    private readonly label: string,
    initial: string,
    answer: (text: string | null) => void,
    private readonly kind: PromptKind = {},
  ) {
    this.done = (text) => {
      this.over = true;
      answer(text);
    };
    this.last = kind.incremental ? initial : "";
    this.edit = new LineEditor(kind.incremental ? "" : initial);
  }

  /** An incremental prompt's initial text (tmux's prompt_last). */
  private readonly last: string;
  private readonly done: (text: string | null) => void;
  /** Answered or cancelled: what is left of a paste goes nowhere. */
  private over = false;

  /** The history Up and Down (C-p, C-n) walk, and that Enter adds a line to (command-prompt -T's type). */
  history: { cursor: HistoryCursor; add(line: string): void } | null = null;

  /** command-prompt -T: what Tab completes (a target or window-target prompt completes the whole line). */
  type = "command";

  onChange?: () => void;

  /** On the client's status line: an incremental prompt answers "=" now, as tmux's status_prompt_set. */
  attach(env: PromptEnv): void {
    const first = this.env === null;
    this.env = env;
    if (first) this.kind.incremental?.("=");
  }

  line(): PromptLine {
    return { prompt: this.label, buffer: this.edit.text, index: this.edit.index, ...(this.vi.command ? { command: true } : {}) };
  }

  key(key: string, bytes: Uint8Array): boolean | void {
    if (this.kind.key) return this.done(key);
    if (key === "Paste") {
      for (const k of pastedKeys(bytes)) if (!this.over) this.key(k.key, k.bytes);
      return;
    }
    if (this.kind.numeric && !/^[0-9]$/.test(key)) {
      this.done(this.edit.text);
      return false;
    }
    let k = key;
    if (this.env?.statusKeys() === "vi") {
      const r = translateViKey(this.vi, key);
      if (r.kind === "drop") return this.onChange?.();
      if (r.kind === "key") k = r.key;
      else return this.typeKey(key, bytes);
    }
    const did = this.process(k);
    if (did === null) return this.typeKey(key, bytes);
    if (did === "changed") this.changed();
    else if (did !== "handled") this.onChange?.();
  }

  /** A key that is not an editing key types its text, if it has any (with -1, which answers). */
  private typeKey(key: string, bytes: Uint8Array): void {
    const typed = this.edit.insert(typedText(key, bytes));
    if (typed && this.kind.single) return this.done(this.edit.size === 1 ? this.edit.text : null);
    if (typed) this.changed();
    else this.onChange?.();
  }

  /** tmux's "changed": an incremental prompt answers with its text so far, marked = (or C-r's -, C-s's +). */
  private changed(prefix = "="): void {
    this.kind.incremental?.(`${prefix}${this.edit.text}`);
    this.onChange?.();
  }

  /**
   * The keys of status_prompt_key: "changed" where tmux goes to its changed label (what an
   * incremental prompt answers to), "same" for a key that changed nothing it tells, "handled" when it did all itself (ended the prompt, answered),
   * or null for a key that is to be typed.
   */
  private process(key: string): "changed" | "same" | "handled" | null {
    const e = this.edit;
    switch (key) {
      case "Enter":
      case "C-m":
      case "C-j":
        if (e.text !== "") this.history?.add(e.text);
        this.done(e.text);
        return "handled";
      case "Escape":
      case "C-c":
      case "C-g":
        this.done(null);
        return "handled";
      case "Up":
      case "C-p": {
        const older = this.history?.cursor.up();
        if (older === undefined || older === null) return "same";
        e.set(older);
        return "changed";
      }
      case "Down":
      case "C-n":
        if (!this.history) return "same";
        e.set(this.history.cursor.down());
        return "changed";
      case "Tab":
        return this.complete() ? "changed" : "same";
      case "C-r":
      case "C-s":
        return this.again(key === "C-r" ? "-" : "+");
    }
    const moved = this.move(key);
    if (moved !== null) return moved;
    const changed = this.change(key);
    return changed === null ? null : changed ? "changed" : "same";
  }

  /** An incremental prompt's C-r and C-s: search again (-, +), or with no text take back the last. */
  private again(prefix: "-" | "+"): "same" | "handled" {
    const search = this.kind.incremental;
    if (!search) return "same";
    if (this.edit.size === 0) {
      this.edit.set(this.last);
      this.changed();
    } else this.changed(prefix);
    return "handled";
  }

  /** The cursor moves; tmux counts the word moves as changes, the others not. */
  private move(key: string): "changed" | "same" | null {
    const e = this.edit;
    const seps = () => this.env?.wordSeparators() ?? DEFAULT_SEPARATORS;
    switch (key) {
      case "Left":
      case "C-b":
        e.left();
        return "same";
      case "Right":
      case "C-f":
        e.right();
        return "same";
      case "Home":
      case "C-a":
        e.home();
        return "same";
      case "End":
      case "C-e":
        e.end();
        return "same";
      case "C-Right":
      case "M-f":
        e.forwardWord(false, seps());
        return "changed";
      case "C-Left":
      case "M-b":
        e.backwardWord(seps());
        return "changed";
      case "vi-w":
        e.forwardWord(true, seps());
        return "changed";
      case "vi-W":
        e.forwardWord(true, "");
        return "changed";
      case "vi-e":
        e.endWord(seps());
        return "changed";
      case "vi-E":
        e.endWord("");
        return "changed";
      case "vi-B":
        e.backwardWord("");
        return "changed";
    }
    return null;
  }

  /** The text changes: deletes, C-w's cut and C-y's yank, C-t; whether anything did. */
  private change(key: string): boolean | null {
    const e = this.edit;
    switch (key) {
      case "BSpace":
      case "C-h":
        return e.backspace();
      case "DC":
      case "C-d":
        return e.deleteChar();
      case "C-u":
        e.clear();
        return true;
      case "C-k":
        return e.killToEnd();
      case "C-w":
        e.deleteWord(this.env?.wordSeparators() ?? DEFAULT_SEPARATORS);
        return true;
      case "C-y":
        return e.yank(this.env?.topBuffer() ?? null);
      case "C-t":
        return e.transpose();
    }
    return null;
  }

  /** Tab: the word at the cursor completed (true), or a menu of what it could be. */
  private complete(): boolean {
    const env = this.env;
    const at = this.edit.wordAtCursor();
    if (!env || !at) return false;
    const word = this.edit.chars.slice(at.start, at.end).join("");
    // tmux copies the word into a 64-byte buffer and gives up on a longer one.
    if (Buffer.byteLength(word) > 63) return false;
    const got = complete(env.completion, word, at.start, this.type, env.menuRows());
    if (!got) return false;
    if ("text" in got) return this.edit.replaceWord(got.text);
    const { menu } = got;
    const x = Math.max(0, menu.offset + displayWidth(this.label) - 2);
    env.openMenu(menu.labels, x, (i) => {
      const value = menu.values[i];
      if (value === undefined) return;
      if (menu.whole) this.edit.set(value);
      else this.edit.replaceWord(value);
      this.onChange?.();
    });
    return false;
  }
}

/**
 * confirm-before's question, a -1 prompt as tmux 3.3a's: y (or Y; else the -c key) confirms,
 * any other character, Enter or Escape declines, and the editing keys leave it open.
 */
export class Confirm extends Prompt {
  constructor(label: string, yes: string, done: (confirmed: boolean) => void) {
    super(label, "", (text) => done(text !== null && (yes === "y" ? text.toLowerCase() === "y" : text === yes)), { single: true });
  }
}
