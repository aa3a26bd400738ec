// A cell's attributes packed into two 32-bit words, read through xterm's public IBufferCell, and
// turned back into SGR as capture-pane -e writes it (tmux's grid_string_cells_code).
//
// The words follow xterm's own cell layout (colour value in bits 0-23, colour mode in 24-25,
// flags above), so a packed pair is what the cell holds minus its extended attributes.
import type { IBufferCell } from "@xterm/headless";

/** Colour modes as xterm's getFgColorMode/getBgColorMode give them (already in bits 24-25). */
export const MODE_MASK = 0x3000000;
export const VALUE_MASK = 0xffffff;
export const MODE_P16 = 0x1000000;
export const MODE_P256 = 0x2000000;
export const MODE_RGB = 0x3000000;

/** Flags of the fg word (xterm's FgFlags). */
export const FG_INVERSE = 1 << 26;
export const FG_BOLD = 1 << 27;
export const FG_UNDERLINE = 1 << 28;
export const FG_BLINK = 1 << 29;
export const FG_INVISIBLE = 1 << 30;
export const FG_STRIKE = 2 ** 31;
/** Flags of the bg word (xterm's BgFlags, without HAS_EXTENDED and PROTECTED). */
export const BG_ITALIC = 1 << 26;
export const BG_DIM = 1 << 27;
export const BG_OVERLINE = 1 << 30;

/** The packed fg word of a cell. */
export function packFg(c: IBufferCell): number {
  let w = c.getFgColorMode() & MODE_MASK;
  if (w !== 0) w |= c.getFgColor() & VALUE_MASK;
  if (c.isInverse()) w |= FG_INVERSE;
  if (c.isBold()) w |= FG_BOLD;
  if (c.isUnderline()) w |= FG_UNDERLINE;
  if (c.isBlink()) w |= FG_BLINK;
  if (c.isInvisible()) w |= FG_INVISIBLE;
  if (c.isStrikethrough()) w |= FG_STRIKE;
  return w >>> 0;
}

/** The packed bg word of a cell. */
export function packBg(c: IBufferCell): number {
  let w = c.getBgColorMode() & MODE_MASK;
  if (w !== 0) w |= c.getBgColor() & VALUE_MASK;
  if (c.isItalic()) w |= BG_ITALIC;
  if (c.isDim()) w |= BG_DIM;
  if (c.isOverline()) w |= BG_OVERLINE;
  return w >>> 0;
}

// tmux's order for SGR attributes: bold, dim, italics, underscore, blink, reverse, hidden,
// strikethrough, overline; each with the word and bit it lives in.
const SGR_FLAGS: readonly [fg: boolean, bit: number, code: number][] = [
  [true, FG_BOLD, 1],
  [false, BG_DIM, 2],
  [false, BG_ITALIC, 3],
  [true, FG_UNDERLINE, 4],
  [true, FG_BLINK, 5],
  [true, FG_INVERSE, 7],
  [true, FG_INVISIBLE, 8],
  [true, FG_STRIKE, 9],
  [false, BG_OVERLINE, 53],
];

function hasFlag(fg: number, bg: number, f: readonly [boolean, number, number]): boolean {
  return ((f[0] ? fg : bg) & f[1]) !== 0;
}

/** SGR parameters of a packed colour (39/49 for the default). */
function colourParams(word: number, base: number): string {
  const mode = word & MODE_MASK;
  const v = word & VALUE_MASK;
  if (mode === 0) return `${base + 9}`;
  if (mode === MODE_RGB) return `${base + 8};2;${(v >> 16) & 0xff};${(v >> 8) & 0xff};${v & 0xff}`;
  if (v < 8) return `${base + v}`;
  if (v < 16) return `${base + 60 + v - 8}`;
  return `${base + 8};5;${v}`;
}

/**
 * The SGR sequences that take a terminal from attributes (lastFg, lastBg) to (fg, bg), as
 * capture-pane -e writes them: any attribute dropped resets with 0, then the attributes added,
 * then each colour that changed (both after a reset).
 */
export function sgrChange(lastFg: number, lastBg: number, fg: number, bg: number, esc: string): string {
  const codes: number[] = [];
  let reset = false;
  for (const f of SGR_FLAGS) {
    if (hasFlag(lastFg, lastBg, f) && !hasFlag(fg, bg, f)) reset = true;
  }
  if (reset) codes.push(0);
  for (const f of SGR_FLAGS) {
    if (hasFlag(fg, bg, f) && (reset || !hasFlag(lastFg, lastBg, f))) codes.push(f[2]);
  }
  let out = codes.length ? `${esc}[${codes.join(";")}m` : "";
  // Colours compare by their SGR form: palette colour 3 set by 33 or by 38;5;3 reads the same.
  const f = colourParams(fg, 30);
  const b = colourParams(bg, 40);
  if (reset || f !== colourParams(lastFg, 30)) out += `${esc}[${f}m`;
  if (reset || b !== colourParams(lastBg, 40)) out += `${esc}[${b}m`;
  return out;
}
