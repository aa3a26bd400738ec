// xterm's IBufferCell and IBufferLine over the history store's rows, so code written against
// xterm's buffer (copy mode, capture-pane, the renderer's row reader) reads history unchanged.
import type { IBufferCell, IBufferLine } from "@xterm/headless";
import { BG_DIM, BG_ITALIC, BG_OVERLINE, FG_BLINK, FG_BOLD, FG_INVERSE, FG_INVISIBLE, FG_STRIKE, FG_UNDERLINE, MODE_MASK, MODE_P16, MODE_P256, MODE_RGB, VALUE_MASK } from "./attrs.ts";

/** One column of a row: its characters ("" for an empty cell or a wide character's right half), width 0/1/2 and packed attributes. */
export class HistoryCell implements IBufferCell {
  chars = "";
  width = 1;
  fg = 0;
  bg = 0;

  set(chars: string, width: number, fg: number, bg: number): this {
    this.chars = chars;
    this.width = width;
    this.fg = fg;
    this.bg = bg;
    return this;
  }

  getWidth(): number {
    return this.width;
  }
  getChars(): string {
    return this.chars;
  }
  getCode(): number {
    // As xterm: a cluster of several code points gives its last UTF-16 unit.
    const n = this.chars.length;
    if (n === 0) return 0;
    const first = this.chars.codePointAt(0) ?? 0;
    return n === (first > 0xffff ? 2 : 1) ? first : this.chars.charCodeAt(n - 1);
  }
  getFgColorMode(): number {
    return this.fg & MODE_MASK;
  }
  getBgColorMode(): number {
    return this.bg & MODE_MASK;
  }
  getFgColor(): number {
    return this.fg & MODE_MASK ? this.fg & VALUE_MASK : -1;
  }
  getBgColor(): number {
    return this.bg & MODE_MASK ? this.bg & VALUE_MASK : -1;
  }
  isBold(): number {
    return this.fg & FG_BOLD;
  }
  isItalic(): number {
    return this.bg & BG_ITALIC;
  }
  isDim(): number {
    return this.bg & BG_DIM;
  }
  isUnderline(): number {
    return this.fg & FG_UNDERLINE;
  }
  isBlink(): number {
    return this.fg & FG_BLINK;
  }
  isInverse(): number {
    return this.fg & FG_INVERSE;
  }
  isInvisible(): number {
    return this.fg & FG_INVISIBLE;
  }
  isStrikethrough(): number {
    return (this.fg & FG_STRIKE) >>> 0;
  }
  isOverline(): number {
    return this.bg & BG_OVERLINE;
  }
  isFgRGB(): boolean {
    return (this.fg & MODE_MASK) === MODE_RGB;
  }
  isBgRGB(): boolean {
    return (this.bg & MODE_MASK) === MODE_RGB;
  }
  isFgPalette(): boolean {
    const m = this.fg & MODE_MASK;
    return m === MODE_P16 || m === MODE_P256;
  }
  isBgPalette(): boolean {
    const m = this.bg & MODE_MASK;
    return m === MODE_P16 || m === MODE_P256;
  }
  isFgDefault(): boolean {
    return (this.fg & MODE_MASK) === 0;
  }
  isBgDefault(): boolean {
    return (this.bg & MODE_MASK) === 0;
  }
  isAttributeDefault(): boolean {
    return this.fg === 0 && this.bg === 0;
  }
}

/** A row of history at some width, as xterm's IBufferLine: `cols` columns, blank past what is kept. */
export class HistoryRow implements IBufferLine {
  constructor(
    readonly isWrapped: boolean,
    readonly length: number,
    /** Per column: characters, width, fg, bg (columns past these are blank). */
    private readonly chars: string[],
    private readonly widths: Uint8Array,
    private readonly fgs: Uint32Array,
    private readonly bgs: Uint32Array,
  ) {}

  /** Columns holding something (a character or attributes); the rest are blank. */
  get used(): number {
    return this.chars.length;
  }

  getCell(x: number, cell?: IBufferCell): IBufferCell | undefined {
    if (x < 0 || x >= this.length) return undefined;
    const c = cell instanceof HistoryCell ? cell : new HistoryCell();
    if (x >= this.chars.length) return c.set("", 1, 0, 0);
    return c.set(this.chars[x]!, this.widths[x]!, this.fgs[x]!, this.bgs[x]!);
  }

  translateToString(trimRight = false, startColumn = 0, endColumn = this.length): string {
    let end = Math.min(endColumn, this.length);
    // As xterm's: trimming drops the cells after the last one holding a character (a written space is one).
    if (trimRight) {
      let last = Math.min(end, this.chars.length);
      while (last > startColumn && !this.chars[last - 1]) last--;
      end = Math.max(startColumn, last);
    }
    let s = "";
    for (let x = startColumn; x < end; x++) {
      if (x < this.chars.length && this.widths[x] === 0) continue;
      s += (x < this.chars.length ? this.chars[x] : "") || " ";
    }
    return s;
  }
}
