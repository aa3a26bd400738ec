// Colours as tmux 3.3a numbers them: 0-7 and 90-97 the ANSI colours, 8 default, 9 terminal,
// -1 none, COLOUR_FLAG_256|n a palette index, COLOUR_FLAG_RGB|0xrrggbb a true colour. Parsing and
// printing follow colour.c; the nearest-colour maps serve terminals without true colour.
import { X11_COLOURS } from "./colour-names.ts";

export const COLOUR_FLAG_256 = 0x01000000;
export const COLOUR_FLAG_RGB = 0x02000000;
export const COLOUR_DEFAULT = 8;
export const COLOUR_TERMINAL = 9;
export const COLOUR_NONE = -1;

const ANSI_NAMES = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"];

/** The ~750 X11 names by lower-cased name, made at the first lookup (~0.3 ms of every server's start when made at load). */
let x11Names: ReadonlyMap<string, number> | null = null;
const x11ByName = (): ReadonlyMap<string, number> => (x11Names ??= new Map(X11_COLOURS.map(([n, c]) => [n.toLowerCase(), c])));

export function colourJoinRgb(r: number, g: number, b: number): number {
  return ((r & 0xff) << 16) | ((g & 0xff) << 8) | (b & 0xff) | COLOUR_FLAG_RGB;
}

export function colourSplitRgb(c: number): [number, number, number] {
  return [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];
}

/** As show-options and style strings print a colour. */
export function colourToString(c: number): string {
  if (c === COLOUR_NONE) return "none";
  if (c & COLOUR_FLAG_RGB) {
    return "#" + colourSplitRgb(c).map((v) => v.toString(16).padStart(2, "0")).join("");
  }
  if (c & COLOUR_FLAG_256) return `colour${c & 0xff}`;
  if (c >= 0 && c <= 7) return ANSI_NAMES[c] ?? "invalid";
  if (c >= 90 && c <= 97) return `bright${ANSI_NAMES[c - 90] ?? ""}`;
  if (c === COLOUR_DEFAULT) return "default";
  if (c === COLOUR_TERMINAL) return "terminal";
  return "invalid";
}

/** strtonum(s, 0, 255): digits only (after optional space and sign), in range. */
function paletteIndex(s: string): number {
  if (!/^[ \t\n\v\f\r]*[+-]?\d+$/.test(s)) return -1;
  const n = Number(s.trim());
  return n >= 0 && n <= 255 ? n : -1;
}

/** A colour from its name as tmux accepts it; -1 when it is not one. */
export function colourFromString(s: string): number {
  if (s.startsWith("#") && s.length === 7) {
    if (!/^#[0-9a-fA-F]{6}$/.test(s)) return -1;
    const v = parseInt(s.slice(1), 16);
    return colourJoinRgb(v >> 16, v >> 8, v);
  }
  const lower = s.toLowerCase();
  for (const prefix of ["colour", "color"]) {
    if (lower.startsWith(prefix)) {
      const n = paletteIndex(s.slice(prefix.length));
      return n === -1 ? -1 : n | COLOUR_FLAG_256;
    }
  }
  if (lower === "default") return COLOUR_DEFAULT;
  if (lower === "terminal") return COLOUR_TERMINAL;
  // No X11 name, as colour_byname finds: cursor-colour's default, which made every server
  // build the X11 map (~0.3 ms of its start) only not to find it.
  if (lower === "none") return COLOUR_NONE;
  for (let i = 0; i < 8; i++) {
    if (lower === ANSI_NAMES[i] || s === String(i)) return i;
    if (lower === `bright${ANSI_NAMES[i]}` || s === String(90 + i)) return 90 + i;
  }
  return colourByName(s);
}

/** X11 names; "grey"/"gray" (case-sensitive, as tmux) take a percentage. */
export function colourByName(name: string): number {
  if (name.startsWith("grey") || name.startsWith("gray")) {
    const digits = /^\d+/.exec(name.slice(4));
    if (!digits) return 0xbebebe | COLOUR_FLAG_RGB;
    const c = Math.round(2.55 * Number(digits[0]));
    return c > 255 ? -1 : colourJoinRgb(c, c, c);
  }
  const c = x11ByName().get(name.toLowerCase());
  return c === undefined ? -1 : c | COLOUR_FLAG_RGB;
}

/** The six levels of xterm's colour cube; darker colours are spread less evenly. */
const CUBE_LEVELS = [0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff];

function toCube(v: number): number {
  if (v < 48) return 0;
  if (v < 114) return 1;
  return Math.trunc((v - 35) / 40);
}

function distSq(r1: number, g1: number, b1: number, r2: number, g2: number, b2: number): number {
  return (r1 - r2) ** 2 + (g1 - g2) ** 2 + (b1 - b2) ** 2;
}

/** The nearest of the 256 palette colours to an RGB triple: the cube colour or the grey ramp. */
export function colourFindRgb(r: number, g: number, b: number): number {
  const qr = toCube(r);
  const qg = toCube(g);
  const qb = toCube(b);
  const [cr, cg, cb] = [CUBE_LEVELS[qr] ?? 0, CUBE_LEVELS[qg] ?? 0, CUBE_LEVELS[qb] ?? 0];
  const cube = 16 + 36 * qr + 6 * qg + qb;
  if (cr === r && cg === g && cb === b) return cube | COLOUR_FLAG_256;
  const avg = Math.trunc((r + g + b) / 3);
  const greyIdx = avg > 238 ? 23 : Math.trunc((avg - 3) / 10);
  const grey = 8 + 10 * greyIdx;
  const idx = distSq(grey, grey, grey, r, g, b) < distSq(cr, cg, cb, r, g, b) ? 232 + greyIdx : cube;
  return idx | COLOUR_FLAG_256;
}

/** xterm's first 16 colours as RGB. */
const ANSI_RGB = [
  0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xc0c0c0,
  0x808080, 0xff0000, 0x00ff00, 0xffff00, 0x0000ff, 0xff00ff, 0x00ffff, 0xffffff,
];

/** A palette index as RGB: the 16 ANSI colours, the 6x6x6 cube, then 24 greys from 8 by 10. */
export function colour256ToRgb(c: number): number {
  const n = c & 0xff;
  if (n < 16) return (ANSI_RGB[n] ?? 0) | COLOUR_FLAG_RGB;
  if (n >= 232) {
    const v = 8 + 10 * (n - 232);
    return colourJoinRgb(v, v, v);
  }
  const i = n - 16;
  const level = (k: number): number => CUBE_LEVELS[k] ?? 0;
  return colourJoinRgb(level(Math.trunc(i / 36)), level(Math.trunc(i / 6) % 6), level(i % 6));
}

/** tmux's hand-made map from each palette colour to the nearest of the 16 ANSI colours. */
const TO_16 = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
  0, 4, 4, 4, 12, 12, 2, 6, 4, 4, 12, 12, 2, 2, 6, 4,
  12, 12, 2, 2, 2, 6, 12, 12, 10, 10, 10, 10, 14, 12, 10, 10,
  10, 10, 10, 14, 1, 5, 4, 4, 12, 12, 3, 8, 4, 4, 12, 12,
  2, 2, 6, 4, 12, 12, 2, 2, 2, 6, 12, 12, 10, 10, 10, 10,
  14, 12, 10, 10, 10, 10, 10, 14, 1, 1, 5, 4, 12, 12, 1, 1,
  5, 4, 12, 12, 3, 3, 8, 4, 12, 12, 2, 2, 2, 6, 12, 12,
  10, 10, 10, 10, 14, 12, 10, 10, 10, 10, 10, 14, 1, 1, 1, 5,
  12, 12, 1, 1, 1, 5, 12, 12, 1, 1, 1, 5, 12, 12, 3, 3,
  3, 7, 12, 12, 10, 10, 10, 10, 14, 12, 10, 10, 10, 10, 10, 14,
  9, 9, 9, 9, 13, 12, 9, 9, 9, 9, 13, 12, 9, 9, 9, 9,
  13, 12, 9, 9, 9, 9, 13, 12, 11, 11, 11, 11, 7, 12, 10, 10,
  10, 10, 10, 14, 9, 9, 9, 9, 9, 13, 9, 9, 9, 9, 9, 13,
  9, 9, 9, 9, 9, 13, 9, 9, 9, 9, 9, 13, 9, 9, 9, 9,
  9, 13, 11, 11, 11, 11, 11, 15, 0, 0, 0, 0, 0, 0, 8, 8,
  8, 8, 8, 8, 7, 7, 7, 7, 7, 7, 15, 15, 15, 15, 15, 15,
];

/** A palette colour's nearest ANSI colour, 0-15 (8-15 are the bright ones). */
export function colour256To16(c: number): number {
  return TO_16[c & 0xff] ?? 0;
}

/** Any colour as RGB (COLOUR_FLAG_RGB set), or -1 for default, terminal and none. */
export function colourForceRgb(c: number): number {
  if (c & COLOUR_FLAG_RGB) return c;
  if (c & COLOUR_FLAG_256) return colour256ToRgb(c);
  if (c >= 0 && c <= 7) return colour256ToRgb(c);
  if (c >= 90 && c <= 97) return colour256ToRgb(8 + c - 90);
  return -1;
}
