// The status-line prompt (command-prompt): a one-line editor whose Enter runs a callback.
import type { Overlay } from "../render/index.ts";

export class Prompt {
  private text: string;
  private cursor: number;

  constructor(
    private readonly label: string,
    initial: string,
    private readonly done: (text: string | null) => void,
  ) {
    this.text = initial;
    this.cursor = [...initial].length;
  }

  overlay(): Overlay {
    const shown = this.label + this.text;
    return { segments: [{ text: shown, fg: "black", bg: "yellow" }], cursorX: [...this.label].length + this.cursor };
  }

  key(key: string, bytes: Uint8Array): void {
    const chars = [...this.text];
    switch (key) {
      case "Enter":
      case "C-m":
        return this.done(this.text);
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

  onChange?: () => void;
}
