// Text written into a mode tree's preview box as tmux's screen_write_text does it (customize-mode's
// description of an option or key): words wrapped at the box's width, a blank line between
// parts, and writing stops (false) once the box is full.
import type { CellStyle } from "../../render/index.ts";
import type { ModeHighlight, PreviewContent } from "./mode-box.ts";

export class PreviewText {
  private readonly lines: string[] = [];
  private readonly highlights: ModeHighlight[] = [];
  private x = 0;
  private y = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {}

  private put(text: string, style?: CellStyle): void {
    while (this.lines.length <= this.y) this.lines.push("");
    const row = this.lines[this.y]!;
    this.lines[this.y] = row.padEnd(this.x) + text;
    if (style && text.length) this.highlights.push({ x: this.x, y: this.y, width: Bun.stringWidth(text), style });
    this.x += Bun.stringWidth(text);
  }

  /**
   * Writes `text` from the cursor, wrapping at a space (or mid-word when none); with `more` the
   * cursor stays on its line for what follows. False when the box is full or the text did not fit.
   */
  text(text: string, more = false, style?: CellStyle): boolean {
    const chars = [...text];
    let idx = 0;
    let left = this.width - this.x;
    for (;;) {
      let at = 0;
      let end = idx;
      for (; end < chars.length; end++) {
        const w = Bun.stringWidth(chars[end]!);
        if (chars[end] === "\n" || at + w > left) break;
        at += w;
      }
      let next = end;
      if (end < chars.length && (chars[end] === "\n" || chars[end] === " ")) next = end + 1;
      else if (end < chars.length) {
        let i = end;
        while (i > idx && chars[i] !== " ") i--;
        if (i !== idx) [next, end] = [i + 1, i];
      }
      this.put(chars.slice(idx, end).join(""), style);
      idx = next;
      if (this.y === this.height - 1 || idx >= chars.length) break;
      this.y++;
      this.x = 0;
      left = this.width;
    }
    if ((this.y === this.height - 1 && (!more || this.x === this.width)) || idx < chars.length) return false;
    if (!more || this.x === this.width) [this.y, this.x] = [this.y + 1, 0];
    return true;
  }

  /** A blank line; false when that reaches the box's last row (past it, with `lastToo`). */
  skip(lastToo = false): boolean {
    [this.y, this.x] = [this.y + 1, 0];
    return lastToo ? this.y <= this.height - 1 : this.y < this.height - 1;
  }

  content(): PreviewContent {
    return { lines: this.lines.slice(0, this.height), highlights: this.highlights.filter((h) => h.y < this.height) };
  }
}
