// tmux 3.3a style strings ("fg=red,bg=colour3,bold,align=right"): parsed into a Style as
// style.c does, printed back as style_tostring does. Colours are colour.ts numbers.
import { COLOUR_DEFAULT, colourFromString, colourToString } from "./colour.ts";

export const ATTR = {
  bright: 0x1,
  dim: 0x2,
  underscore: 0x4,
  blink: 0x8,
  reverse: 0x10,
  hidden: 0x20,
  italics: 0x40,
  charset: 0x80,
  strikethrough: 0x100,
  underscore2: 0x200,
  underscore3: 0x400,
  underscore4: 0x800,
  underscore5: 0x1000,
  overline: 0x2000,
} as const;

export type StyleAlign = "default" | "left" | "centre" | "right" | "absolute-centre";
export type StyleList = "off" | "on" | "focus" | "left-marker" | "right-marker";
export type StyleRange = "none" | "left" | "right" | "window";
export type StyleDefault = "base" | "push" | "pop";

/** The cell part a style's "default" resets to (a status line's base, or the default cell). */
export interface StyleBase {
  fg: number;
  bg: number;
  attr: number;
}

export interface Style extends StyleBase {
  fill: number;
  align: StyleAlign;
  list: StyleList;
  range: StyleRange;
  rangeArgument: number;
  defaultType: StyleDefault;
  ignore: boolean;
}

export const DEFAULT_BASE: StyleBase = { fg: COLOUR_DEFAULT, bg: COLOUR_DEFAULT, attr: 0 };

/** A style with nothing set, on top of `base` (style_set). */
export function defaultStyle(base: StyleBase = DEFAULT_BASE): Style {
  return {
    fg: base.fg,
    bg: base.bg,
    attr: base.attr,
    fill: COLOUR_DEFAULT,
    align: "default",
    list: "off",
    range: "none",
    rangeArgument: 0,
    defaultType: "base",
    ignore: false,
  };
}

/** Attribute names in the order style_tostring prints them; "bold" is another name for bright. */
const ATTRIBUTE_NAMES: readonly (readonly [string, number])[] = [
  ["acs", ATTR.charset],
  ["bright", ATTR.bright],
  ["dim", ATTR.dim],
  ["underscore", ATTR.underscore],
  ["blink", ATTR.blink],
  ["reverse", ATTR.reverse],
  ["hidden", ATTR.hidden],
  ["italics", ATTR.italics],
  ["strikethrough", ATTR.strikethrough],
  ["double-underscore", ATTR.underscore2],
  ["curly-underscore", ATTR.underscore3],
  ["dotted-underscore", ATTR.underscore4],
  ["dashed-underscore", ATTR.underscore5],
  ["overline", ATTR.overline],
];
const ATTRIBUTE_BY_NAME: ReadonlyMap<string, number> = new Map([...ATTRIBUTE_NAMES, ["bold", ATTR.bright]]);

export function attributesToString(attr: number): string {
  if (attr === 0) return "none";
  return ATTRIBUTE_NAMES.filter(([, bit]) => attr & bit).map(([name]) => name).join(",");
}

/** "bold", "dim|italics", "none"...; -1 when a name is unknown or the list is malformed. */
export function attributesFromString(s: string): number {
  const delimiters = " ,|";
  if (s === "" || delimiters.includes(s[0] ?? "") || delimiters.includes(s[s.length - 1] ?? "")) return -1;
  const lower = s.toLowerCase();
  if (lower === "default" || lower === "none") return 0;
  let attr = 0;
  for (const word of lower.split(/[ ,|]+/)) {
    const bit = ATTRIBUTE_BY_NAME.get(word);
    if (bit === undefined) return -1;
    attr |= bit;
  }
  return attr;
}

const ALIGNS: ReadonlyMap<string, StyleAlign> = new Map([
  ["left", "left"],
  ["centre", "centre"],
  ["right", "right"],
  ["absolute-centre", "absolute-centre"],
]);
const LISTS: ReadonlyMap<string, StyleList> = new Map([
  ["on", "on"],
  ["focus", "focus"],
  ["left-marker", "left-marker"],
  ["right-marker", "right-marker"],
]);

/** A longer word than this makes the whole style invalid (tmux parses into a 256-byte buffer). */
const MAX_WORD = 255;

/**
 * Applies a style string on top of `into` (a copy is returned; `into` is untouched) and returns
 * the result, or null when the string is not a valid style (tmux's "invalid style").
 */
export function parseStyle(text: string, base: StyleBase = DEFAULT_BASE, into?: Style): Style | null {
  const sy: Style = { ...(into ?? defaultStyle(base)) };
  for (const word of text.split(/[ ,\n]+/)) {
    if (word === "") continue;
    if (word.length > MAX_WORD || !applyWord(sy, word, base)) return null;
  }
  return sy;
}

/** One word of a style; false when it is not valid. */
function applyWord(sy: Style, word: string, base: StyleBase): boolean {
  const lower = word.toLowerCase();
  const simple = SIMPLE_WORDS.get(lower);
  if (simple) {
    simple(sy, base);
    return true;
  }
  if (lower.startsWith("list=")) {
    const list = LISTS.get(lower.slice(5));
    if (list === undefined) return false;
    sy.list = list;
    return true;
  }
  if (word.length > 6 && lower.startsWith("range=")) return applyRange(sy, lower.slice(6));
  if (word.length > 6 && lower.startsWith("align=")) {
    const align = ALIGNS.get(lower.slice(6));
    if (align === undefined) return false;
    sy.align = align;
    return true;
  }
  if (word.length > 5 && lower.startsWith("fill=")) {
    const c = colourFromString(word.slice(5));
    if (c === -1) return false;
    sy.fill = c;
    return true;
  }
  if (word.length > 3 && lower.slice(1, 3) === "g=") return applyColour(sy, lower[0] ?? "", word.slice(3), base);
  if (word.length > 2 && lower.startsWith("no")) {
    const attr = attributesFromString(word.slice(2));
    if (attr === -1) return false;
    sy.attr &= ~attr;
    return true;
  }
  const attr = attributesFromString(word);
  if (attr === -1) return false;
  sy.attr |= attr;
  return true;
}

type WordAction = (sy: Style, base: StyleBase) => void;

const SIMPLE_WORDS: ReadonlyMap<string, WordAction> = new Map<string, WordAction>([
  ["default", (sy, base) => void Object.assign(sy, { fg: base.fg, bg: base.bg, attr: base.attr })],
  ["ignore", (sy) => void (sy.ignore = true)],
  ["noignore", (sy) => void (sy.ignore = false)],
  ["push-default", (sy) => void (sy.defaultType = "push")],
  ["pop-default", (sy) => void (sy.defaultType = "pop")],
  ["nolist", (sy) => void (sy.list = "off")],
  ["norange", (sy) => void Object.assign(sy, { range: "none", rangeArgument: 0 })],
  ["noalign", (sy) => void (sy.align = "default")],
  ["none", (sy) => void (sy.attr = 0)],
]);

/** fg=/bg=; "default" (8) takes the base's colour. */
function applyColour(sy: Style, which: string, name: string, base: StyleBase): boolean {
  const c = colourFromString(name);
  if (c === -1) return false;
  if (which === "f") sy.fg = c === COLOUR_DEFAULT ? base.fg : c;
  else if (which === "b") sy.bg = c === COLOUR_DEFAULT ? base.bg : c;
  else return false;
  return true;
}

/**
 * range=left, range=right, range=window|N. As in tmux 3.3a an unknown range type without a bad
 * argument is accepted and changes nothing.
 */
function applyRange(sy: Style, spec: string): boolean {
  const bar = spec.indexOf("|");
  const type = bar === -1 ? spec : spec.slice(0, bar);
  const arg = bar === -1 ? null : spec.slice(bar + 1);
  if (arg !== null && !/^\d+$/.test(arg)) return false;
  if (type === "left" || type === "right") {
    if (arg !== null) return false;
    sy.range = type;
    sy.rangeArgument = 0;
  } else if (type === "window") {
    if (arg === null) return false;
    sy.range = "window";
    sy.rangeArgument = atoiUnsigned(arg);
  }
  return true;
}

/** atoi (strtol clamped to 64 bits, cut to an int) stored into an unsigned int, as tmux does. */
function atoiUnsigned(digits: string): number {
  const LONG_MAX = 2n ** 63n - 1n;
  const n = BigInt(digits);
  return Number(BigInt.asUintN(32, n > LONG_MAX ? LONG_MAX : n));
}

/** The style as tmux prints it: list, range, align, push/pop, fill, fg, bg, attributes. */
export function styleToString(sy: Style): string {
  const parts: string[] = [];
  if (sy.list !== "off") parts.push(`list=${sy.list}`);
  if (sy.range === "window") parts.push(`range=window|${sy.rangeArgument}`);
  else if (sy.range !== "none") parts.push(`range=${sy.range}`);
  if (sy.align !== "default") parts.push(`align=${sy.align}`);
  if (sy.defaultType !== "base") parts.push(`${sy.defaultType}-default`);
  if (sy.fill !== COLOUR_DEFAULT) parts.push(`fill=${colourToString(sy.fill)}`);
  if (sy.fg !== COLOUR_DEFAULT) parts.push(`fg=${colourToString(sy.fg)}`);
  if (sy.bg !== COLOUR_DEFAULT) parts.push(`bg=${colourToString(sy.bg)}`);
  if (sy.attr !== 0) parts.push(attributesToString(sy.attr));
  return parts.length === 0 ? "default" : parts.join(",");
}
