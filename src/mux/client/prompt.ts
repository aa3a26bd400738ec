// Status-line prompts: command-prompt's one-line editor whose Enter runs a callback (the keys
// of tmux 3.3a's status_prompt_key, status-keys emacs or vi), and confirm-before's question
// that one key answers.
import type { HistoryCursor } from "../model/prompt-history.ts";
import { displayWidth } from "../lang/format.ts";
import { LineEditor } from "./prompt-edit.ts";
import { translateViKey, type ViState } from "./prompt-keys.ts";
import { complete, type CompletionSource } from "./prompt-complete.ts";

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

/** A question answered by one key: `yes` (y unless set) confirms, any other key declines. */
export class Confirm implements StatusPrompt {
  constructor(
    private readonly label: string,
    private readonly yes: string,
    private readonly done: (confirmed: boolean) => void,
  ) {}

  line(): PromptLine {
    return { prompt: this.label, buffer: "", index: 0 };
  }

  key(key: string): void {
    this.done(key === this.yes);
  }
}

/** tmux's default word-separators, for a prompt no client has attached to (tests). */
const DEFAULT_SEPARATORS = "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~";

/** The printable text a key types, "" for a key that types nothing. */
function typedText(key: string, bytes: Uint8Array): string {
  const s = key === "Space" ? " " : key === "Paste" ? Buffer.from(bytes.subarray(6, bytes.length - 6)).toString("utf8") : Buffer.from(bytes).toString("utf8");
  return /^[^\x00-\x1f\x7f]+$/.test(s) ? s : "";
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
}

export class Prompt implements StatusPrompt {
  private readonly edit: LineEditor;
  private readonly vi: ViState = { command: false };
  private env: PromptEnv | null = null;

  constructor(
    private readonly label: string,
    initial: string,
    private readonly done: (text: string | null) => void,
    private readonly kind: PromptKind = {},
  ) {
    this.edit = new LineEditor(initial);
  }

  /** The history Up and Down (C-p, C-n) walk, and that Enter adds a line to (command-prompt -T's type). */
  history: { cursor: HistoryCursor; add(line: string): void } | null = null;

  /** command-prompt -T: what Tab completes (a target or window-target prompt completes the whole line). */
  type = "command";

  onChange?: () => void;

  attach(env: PromptEnv): void {
    this.env = env;
  }

  line(): PromptLine {
    return { prompt: this.label, buffer: this.edit.text, index: this.edit.index, ...(this.vi.command ? { command: true } : {}) };
  }

  key(key: string, bytes: Uint8Array): boolean | void {
    if (this.kind.key) return this.done(key);
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
    if (this.process(k)) return;
    this.typeKey(key, bytes);
  }

  /** A key that is not an editing key types its text, if it has any (with -1, which answers). */
  private typeKey(key: string, bytes: Uint8Array): void {
    const typed = this.edit.insert(typedText(key, bytes));
    if (typed && this.kind.single) return this.done(this.edit.size === 1 ? this.edit.text : null);
    this.onChange?.();
  }

  /** The editing keys of status_prompt_key; false for a key that is to be typed instead. */
  private process(key: string): boolean {
    const e = this.edit;
    const seps = () => this.env?.wordSeparators() ?? DEFAULT_SEPARATORS;
    switch (key) {
      case "Enter":
      case "C-m":
      case "C-j":
        if (e.text !== "") this.history?.add(e.text);
        this.done(e.text);
        return true;
      case "Escape":
      case "C-c":
      case "C-g":
        this.done(null);
        return true;
      case "Up":
      case "C-p": {
        const older = this.history?.cursor.up();
        if (older !== undefined && older !== null) e.set(older);
        break;
      }
      case "Down":
      case "C-n":
        if (this.history) e.set(this.history.cursor.down());
        break;
      case "Tab":
        this.complete();
        break;
      default:
        if (!this.move(key, seps) && !this.change(key, seps)) return false;
    }
    this.onChange?.();
    return true;
  }

  /** The cursor moves: by character, to the ends, by word. */
  private move(key: string, seps: () => string): boolean {
    const e = this.edit;
    switch (key) {
      case "Left":
      case "C-b":
        e.left();
        return true;
      case "Right":
      case "C-f":
        e.right();
        return true;
      case "Home":
      case "C-a":
        e.home();
        return true;
      case "End":
      case "C-e":
        e.end();
        return true;
      case "C-Right":
      case "M-f":
        e.forwardWord(false, seps());
        return true;
      case "C-Left":
      case "M-b":
        e.backwardWord(seps());
        return true;
      case "vi-w":
        e.forwardWord(true, seps());
        return true;
      case "vi-W":
        e.forwardWord(true, "");
        return true;
      case "vi-e":
        e.endWord(seps());
        return true;
      case "vi-E":
        e.endWord("");
        return true;
      case "vi-B":
        e.backwardWord("");
        return true;
    }
    return false;
  }

  /** The text changes: deletes, C-w's cut and C-y's yank, C-t. */
  private change(key: string, seps: () => string): boolean {
    const e = this.edit;
    switch (key) {
      case "BSpace":
      case "C-h":
        e.backspace();
        return true;
      case "DC":
      case "C-d":
        e.deleteChar();
        return true;
      case "C-u":
        e.clear();
        return true;
      case "C-k":
        e.killToEnd();
        return true;
      case "C-w":
        e.deleteWord(seps());
        return true;
      case "C-y":
        e.yank(this.env?.topBuffer() ?? null);
        return true;
      case "C-t":
        e.transpose();
        return true;
    }
    return false;
  }

  /** Tab: the word at the cursor completed, or a menu of what it could be. */
  private complete(): void {
    const env = this.env;
    const at = this.edit.wordAtCursor();
    if (!env || !at) return;
    const word = this.edit.chars.slice(at.start, at.end).join("");
    // tmux copies the word into a 64-byte buffer and gives up on a longer one.
    if (Buffer.byteLength(word) > 63) return;
    const got = complete(env.completion, word, at.start, this.type, env.menuRows());
    if (!got) return;
    if ("text" in got) {
      this.edit.replaceWord(got.text);
      return;
    }
    const { menu } = got;
    const x = Math.max(0, menu.offset + displayWidth(this.label) - 2);
    env.openMenu(menu.labels, x, (i) => {
      const value = menu.values[i];
      if (value === undefined) return;
      if (menu.whole) this.edit.set(value);
      else this.edit.replaceWord(value);
      this.onChange?.();
    });
  }
}
