// clock-mode (C-b t): a big clock over the active pane until a key is pressed, as tmux's. The
// digits are blocks of clock-mode-colour, 24-hour or 12-hour by clock-mode-style; a pane too
// small for them shows the time as text in its middle.
import type { Highlight } from "../../render/index.ts";
import type { PaneList } from "./chooser.ts";

/** Each character five cells wide and five high ('#' is a block), as tmux's clock table. */
export const GLYPHS: Record<string, readonly string[]> = {
  "0": ["#####", "#   #", "#   #", "#   #", "#####"],
  "1": ["    #", "    #", "    #", "    #", "    #"],
  "2": ["#####", "    #", "#####", "#    ", "#####"],
  "3": ["#####", "    #", "#####", "    #", "#####"],
  "4": ["#   #", "#   #", "#####", "    #", "    #"],
  "5": ["#####", "#    ", "#####", "    #", "#####"],
  "6": ["#####", "#    ", "#####", "#   #", "#####"],
  "7": ["#####", "    #", "    #", "    #", "    #"],
  "8": ["#####", "#   #", "#####", "#   #", "#####"],
  "9": ["#####", "#   #", "#####", "    #", "#####"],
  ":": ["     ", "  #  ", "     ", "  #  ", "     "],
  A: ["#####", "#   #", "#####", "#   #", "#   #"],
  P: ["#####", "#   #", "#####", "#    ", "#    "],
  M: ["#   #", "## ##", "# # #", "#   #", "#   #"],
};
export const GLYPH_W = 5;
export const GLYPH_H = 5;
/** Columns between two characters. */
const GAP = 1;

/** The time as the clock shows it: "HH:MM" (24) or "H:MM" plus "AM"/"PM" (12). */
export function clockText(d: Date, style: "12" | "24"): string {
  const mm = String(d.getMinutes()).padStart(2, "0");
  if (style === "24") return `${String(d.getHours()).padStart(2, "0")}:${mm}`;
  const h = d.getHours() % 12 || 12;
  return `${h}:${mm}${d.getHours() < 12 ? "AM" : "PM"}`;
}

export interface ClockOptions {
  style: () => "12" | "24";
  colour: () => string;
  /** Repaint: the minute may have turned. */
  changed: () => void;
  /** A key was pressed: the clock closes. */
  done: () => void;
  now?: () => Date;
}

export class Clock implements PaneList {
  readonly name = "clock-mode";
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly opts: ClockOptions) {
    this.timer = setInterval(() => this.opts.changed(), 1000);
    this.timer.unref();
  }

  key(): void {
    this.opts.done();
  }

  close(): void {
    clearInterval(this.timer);
  }

  view(height: number, width: number): { lines: string[]; selected: number; highlights: Highlight[] } {
    const text = clockText(this.opts.now?.() ?? new Date(), this.opts.style());
    const lines: string[] = [];
    const highlights: Highlight[] = [];
    const bigW = text.length * (GLYPH_W + GAP) - GAP;
    if (width < bigW || height < GLYPH_H) {
      // Too small for the big digits: the text itself, in the middle, in the clock's colour.
      const x = Math.max(0, (width - text.length) >> 1);
      const y = Math.max(0, (height - 1) >> 1);
      for (let i = 0; i < y; i++) lines.push("");
      lines.push(" ".repeat(x) + text);
      highlights.push({ x, y, width: text.length, fg: this.opts.colour() });
      return { lines, selected: -1, highlights };
    }
    const x0 = (width - bigW) >> 1;
    const y0 = (height - GLYPH_H) >> 1;
    const bg = this.opts.colour();
    for (let row = 0; row < GLYPH_H; row++) {
      [...text].forEach((ch, i) => {
        const glyph = GLYPHS[ch]?.[row] ?? "";
        const gx = x0 + i * (GLYPH_W + GAP);
        for (let k = 0; k < glyph.length; k++) {
          if (glyph[k] !== "#") continue;
          // Runs of blocks become one highlight each.
          let end = k;
          while (end + 1 < glyph.length && glyph[end + 1] === "#") end++;
          highlights.push({ x: gx + k, y: y0 + row, width: end - k + 1, bg });
          k = end;
        }
      });
    }
    return { lines, selected: -1, highlights };
  }
}
