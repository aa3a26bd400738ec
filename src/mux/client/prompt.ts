// Status-line prompts: command-prompt's one-line editor whose Enter runs a callback, and
// confirm-before's question that one key answers.
import type { HistoryCursor } from "../model/prompt-history.ts";

/** What a prompt shows: its prompt text (format markup allowed), what has been typed, the cursor's index in it. */
export interface PromptLine {
  prompt: string;
  buffer: string;
  index: number;
}

/** What a client shows on its status line and gives every key to while it is open. */
export interface StatusPrompt {
  line(): PromptLine;
  /** False: the key ended the prompt and is to be handled as if no prompt had been open. */
  key(key: string, bytes: Uint8Array): boolean | void;
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

export class Prompt implements StatusPrompt {
  private text: string;
  private cursor: number;

  /**
   * `oneKey` (command-prompt -1): the first key ends the prompt, a printable one as its text
   * (copy mode's f, t, F and T ask for the character to jump to this way). `numeric`
   * (command-prompt -N): digits are typed, any other key ends it with them and then does what
   * it would have done (copy mode's repeat counts: 3 then j).
   */
  constructor(
    private readonly label: string,
    initial: string,
    private readonly done: (text: string | null) => void,
    private readonly oneKey = false,
    private readonly numeric = false,
  ) {
    this.text = initial;
    this.cursor = [...initial].length;
  }

  /** The history Up and Down (C-p, C-n) walk, and that Enter adds a line to (command-prompt -T's type). */
  history: { cursor: HistoryCursor; add(line: string): void } | null = null;

  line(): PromptLine {
    return { prompt: this.label, buffer: this.text, index: this.cursor };
  }

  key(key: string, bytes: Uint8Array): boolean | void {
    if (this.oneKey) {
      const s = key === "Space" ? " " : Buffer.from(bytes).toString("utf8");
      return this.done(key !== "Paste" && /^[^\x00-\x1f\x7f]+$/.test(s) ? s : null);
    }
    if (this.numeric && !/^[0-9]$/.test(key)) {
      this.done(this.text);
      return false;
    }
    const chars = [...this.text];
    switch (key) {
      case "Enter":
      case "C-m":
        if (this.text !== "") this.history?.add(this.text);
        return this.done(this.text);
      case "Up":
      case "C-p": {
        const older = this.history?.cursor.up();
        if (older === undefined || older === null) break;
        return this.replace(older);
      }
      case "Down":
      case "C-n":
        if (!this.history) break;
        return this.replace(this.history.cursor.down());
      case "Escape":
      case "C-c":
      case "C-g":
        return this.done(null);
      case "BSpace":
      case "C-h":
        if (this.cursor > 0) {
          chars.splice(this.cursor - 1, 1);
          this.cursor--;
        }
        break;
      case "DC":
      case "C-d":
        chars.splice(this.cursor, 1);
        break;
      case "Left":
      case "C-b":
        this.cursor = Math.max(0, this.cursor - 1);
        break;
      case "Right":
      case "C-f":
        this.cursor = Math.min(chars.length, this.cursor + 1);
        break;
      case "Home":
      case "C-a":
        this.cursor = 0;
        break;
      case "End":
      case "C-e":
        this.cursor = chars.length;
        break;
      case "C-u":
        chars.splice(0, this.cursor);
        this.cursor = 0;
        break;
      case "C-k":
        chars.splice(this.cursor);
        break;
      default: {
        const s = key === "Space" ? " " : key === "Paste" ? Buffer.from(bytes.subarray(6, bytes.length - 6)).toString("utf8") : Buffer.from(bytes).toString("utf8");
        // Only printable text goes into the line.
        if (/^[^\x00-\x1f\x7f]+$/.test(s)) {
          const add = [...s];
          chars.splice(this.cursor, 0, ...add);
          this.cursor += add.length;
        }
      }
    }
    this.text = chars.join("");
    this.onChange?.();
  }

  private replace(text: string): void {
    this.text = text;
    this.cursor = [...text].length;
    this.onChange?.();
  }

  onChange?: () => void;
}
