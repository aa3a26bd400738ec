// tmux 3.3a's format_draw: an expanded format with #[...] markup becomes one line of styled cells
// and the ranges (left, right, window|N) mouse clicks look up. This file reads the markup into
// sections (left, centre, right, absolute-centre, the list, its markers, what follows the list);
// format-draw-layout.ts arranges the sections on the line as format-draw.c does.
import { COLOUR_DEFAULT } from "../model/colour.ts";
import { defaultStyle, parseStyle, type Style, type StyleBase } from "../model/style.ts";
import { charWidth, formatSkip } from "./format.ts";
import { arrange, Part, PART_COUNT, type Focus, type PendingRange } from "./format-draw-layout.ts";

/** One cell of a drawn line: colours are colour.ts numbers, attributes style.ts ATTR bits. */
export interface DrawCell {
  /** The character with any zero-width marks after it; "" on the right half of a wide one. */
  text: string;
  /** 1; 2 on the left half of a wide character; 0 on its right half. */
  width: number;
  fg: number;
  bg: number;
  attr: number;
}

/** Columns [start, end) of the line that a click maps to: status-left, status-right or a window. */
export interface DrawRange {
  type: "left" | "right" | "window";
  /** The window index for "window", else 0. */
  argument: number;
  start: number;
  end: number;
}

export interface DrawnLine {
  cells: DrawCell[];
  ranges: DrawRange[];
}

export interface FormatDrawOptions {
  /** format_draw's default_colours: every style keeps the base's fg and bg (pane borders). */
  defaultColours?: boolean;
  /** Display width of a code point; the format engine's by default, so =/N trims agree. */
  width?: (cp: number) => number;
  /**
   * The cell the line starts as where nothing is drawn; a base-coloured space by default (a
   * pane's title line passes one that keeps the border under it).
   */
  blank?: DrawCell;
}

/** Which section each alignment writes to; the list's alignment is redirected to After past it. */
const ALIGN_INDEX = { default: 0, left: 1, centre: 2, right: 3, "absolute-centre": 4 } as const;

/**
 * Draws `expanded` (format_expand's output) into `available` columns on top of `base` (the
 * status style, say): the line starts as base-coloured spaces, as every caller of format_draw
 * clears it first. Never throws; markup tmux rejects is skipped as tmux skips it.
 */
export function formatDraw(expanded: string, available: number, base: StyleBase, opts: FormatDrawOptions = {}): DrawnLine {
  const line = blankLine(Math.max(0, available), base, opts.blank);
  const reader = new MarkupReader(base, opts);
  if (!reader.read(expanded)) return { cells: line, ranges: [] };
  if (reader.fill !== -1) {
    for (const cell of line) Object.assign(cell, { text: " ", width: 1, fg: COLOUR_DEFAULT, bg: reader.fill, attr: 0 });
  }
  const ranges = arrange(line, reader.parts, reader.listAlign, reader.focus, reader.ranges);
  return { cells: paint(line), ranges };
}

function blankLine(width: number, base: StyleBase, blank?: DrawCell): DrawCell[] {
  return Array.from({ length: width }, () => (blank ? { ...blank } : { text: " ", width: 1, fg: base.fg, bg: base.bg, attr: base.attr }));
}

/**
 * What the terminal shows of tmux's line. Sections may overlap (absolute-centre is drawn over the
 * rest) or be cut inside a wide character, leaving half of one in tmux's grid; tty_draw_line then
 * writes the characters one after another, so a right half without its left takes no column
 * (what follows moves left), a left half without its right still takes two (what follows moves
 * right), and a wide character with one column left becomes a space. Columns it never reaches
 * keep what the terminal had: here, a default blank as on a cleared screen.
 */
function paint(grid: DrawCell[]): DrawCell[] {
  const out: DrawCell[] = [];
  const n = grid.length;
  for (const cell of grid) {
    if (cell.width === 0) continue;
    if (out.length + cell.width > n) {
      while (out.length < n) out.push({ ...cell, text: " ", width: 1 });
      break;
    }
    out.push(cell);
    if (cell.width === 2) out.push({ ...cell, text: "", width: 0 });
  }
  while (out.length < n) out.push({ text: " ", width: 1, fg: COLOUR_DEFAULT, bg: COLOUR_DEFAULT, attr: 0 });
  return out;
}

/** format_draw's first half: walks the markup, writing characters into the current section. */
class MarkupReader {
  readonly parts: DrawCell[][] = Array.from({ length: PART_COUNT }, () => []);
  readonly ranges: PendingRange[] = [];
  readonly focus: Focus = { start: -1, end: -1 };
  fill = -1;
  listAlign: Style["align"] = "default";
  private current: Part = Part.Left;
  private sy: Style;
  private currentDefault: StyleBase;
  /** -1 before the list, 0 inside it, 1 after it. */
  private listState = -1;
  private readonly map: Part[] = [Part.Left, Part.Left, Part.Centre, Part.Right, Part.AbsoluteCentre];
  private open: PendingRange | null = null;
  private readonly width: (cp: number) => number;

  constructor(
    private readonly base: StyleBase,
    private readonly opts: FormatDrawOptions,
  ) {
    this.currentDefault = { ...base };
    this.sy = defaultStyle(base);
    this.width = opts.width ?? charWidth;
  }

  /** False when a #[ has no closing ]: tmux then draws nothing at all. */
  read(s: string): boolean {
    let i = 0;
    while (i < s.length) {
      if (s[i] === "#" && s[i + 1] !== "[" && i + 1 < s.length) {
        i = this.hashes(s, i);
        continue;
      }
      if (s[i] !== "#" || s[i + 1] !== "[" || this.sy.ignore) {
        i = this.character(s, i);
        continue;
      }
      const end = formatSkip(s, i + 2, "]");
      if (end === -1) return false;
      this.style(s.slice(i + 2, end));
      i = end + 1;
    }
    return true;
  }

  /** A run of #s: ## is one #; before a [ an odd run leaves its last # to start a style. */
  private hashes(s: string, i: number): number {
    let n = 1;
    while (s[i + n] === "#") n++;
    const even = n % 2 === 0;
    if (s[i + n] !== "[") {
      this.many("#", even ? n / 2 : (n >> 1) + 1);
      return i + n;
    }
    const next = even ? i + n + 1 : i + n - 1;
    if (this.sy.ignore) return next;
    this.many("#", n >> 1);
    if (even) this.put("[", 1);
    return next;
  }

  private many(ch: string, n: number): void {
    for (let k = 0; k < n; k++) this.put(ch, 1);
  }

  /** One character; controls and unpaired surrogates are dropped as tmux drops bytes it cannot print. */
  private character(s: string, i: number): number {
    const cp = s.codePointAt(i) ?? 0;
    const next = i + (cp > 0xffff ? 2 : 1);
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp < 0xe000)) return next;
    this.put(String.fromCodePoint(cp), this.width(cp));
    return next;
  }

  /** screen_write_cell into the current section: zero-width characters join the one before. */
  private put(text: string, width: number): void {
    const cells = this.parts[this.current] as DrawCell[];
    const { fg, bg, attr } = this.sy;
    if (width === 0) {
      let last = cells.length - 1;
      if (cells[last]?.width === 0) last--;
      const cell = cells[last];
      if (cell) cell.text += text;
      return;
    }
    cells.push({ text, width, fg, bg, attr });
    if (width === 2) cells.push({ text: "", width: 0, fg, bg, attr });
  }

  private cx(part: Part): number {
    return (this.parts[part] as DrawCell[]).length;
  }

  /** One #[...]: an invalid style is skipped; a valid one may move to another section or range. */
  private style(text: string): void {
    const saved = this.sy;
    const sy = parseStyle(text, this.currentDefault, saved);
    if (sy === null) return;
    this.sy = sy;
    if (this.opts.defaultColours) {
      sy.fg = this.base.fg;
      sy.bg = this.base.bg;
    }
    if (sy.fill !== COLOUR_DEFAULT) this.fill = sy.fill;
    if (sy.defaultType === "push") {
      this.currentDefault = { fg: saved.fg, bg: saved.bg, attr: saved.attr };
      sy.defaultType = "base";
    } else if (sy.defaultType === "pop") {
      this.currentDefault = { ...this.base };
      sy.defaultType = "base";
    }
    this.list(sy);
    this.range(sy);
  }

  /** The list=... state machine: entering and leaving the list, its focus and its markers. */
  private list(sy: Style): void {
    const focus = this.focus;
    switch (sy.list) {
      case "on":
        if (this.listState !== 0) {
          this.open = null;
          this.listState = 0;
          this.listAlign = sy.align;
        }
        if (focus.start !== -1 && focus.end === -1) focus.end = this.cx(Part.List);
        this.current = Part.List;
        break;
      case "focus":
        if (this.listState === 0 && focus.start === -1) focus.start = this.cx(Part.List);
        break;
      case "off":
        if (this.listState === 0) {
          this.open = null;
          if (focus.start !== -1 && focus.end === -1) focus.end = this.cx(Part.List);
          this.map[ALIGN_INDEX[this.listAlign]] = Part.After;
          if (this.listAlign === "left") this.map[ALIGN_INDEX.default] = Part.After;
          this.listState = 1;
        }
        this.current = this.map[ALIGN_INDEX[sy.align]] ?? Part.Left;
        break;
      case "left-marker":
      case "right-marker": {
        const part = sy.list === "left-marker" ? Part.ListLeft : Part.ListRight;
        if (this.listState !== 0 || this.cx(part) !== 0) break;
        this.open = null;
        if (focus.start !== -1 && focus.end === -1) focus.start = focus.end = -1;
        this.current = part;
        break;
      }
    }
  }

  /** Ends the open range when the style's differs (one column late, as tmux), and opens a new one. */
  private range(sy: Style): void {
    const open = this.open;
    if (open !== null && (open.type !== sy.range || (open.type === "window" && open.argument !== sy.rangeArgument))) {
      const cx = this.cx(this.current);
      if (cx !== open.start) {
        open.end = cx + 1;
        this.ranges.push(open);
      }
      this.open = null;
    }
    if (this.open === null && sy.range !== "none") {
      this.open = { part: this.current, type: sy.range, argument: sy.rangeArgument, start: this.cx(this.current), end: 0 };
    }
  }
}
