// Interned multi-codepoint graphemes (combining marks, ZWJ sequences) so a
// cell's char is one number, the sanitizing of what goes to the host, and
// which cells a host may draw at another width than the pane's model.

import { GRAPHEME_BASE } from "./frame.ts";

/** Above this many interned graphemes the table is dropped and frames redrawn (bounds memory). */
const MAX_GRAPHEMES = 1 << 16;

const encoder = new TextEncoder();
let ids = new Map<string, number>();
let bytes: Uint8Array[] = [];
let strings: string[] = [];
/** Codepoints in each grapheme: a host that joins none of them draws up to 2 cells each. */
let codepoints: number[] = [];
let generation = 1;

/** The current table generation; a frame with another one must be redrawn in full. */
export function graphemeGeneration(): number {
  return generation;
}

/** The char id for a grapheme string of one or more codepoints, sanitized. */
export function charId(s: string): number {
  const n = s.length;
  if (n === 0) return 0x20;
  const c0 = s.codePointAt(0) ?? 0x20;
  if (n === 1 || (n === 2 && c0 > 0xffff)) return sanitizeCode(c0);
  let id = ids.get(s);
  if (id === undefined) {
    if (strings.length >= MAX_GRAPHEMES) {
      ids = new Map();
      bytes = [];
      strings = [];
      codepoints = [];
      generation++;
    }
    const clean = sanitizeString(s);
    id = strings.length;
    strings.push(clean);
    codepoints.push(countCodepoints(clean));
    bytes.push(encoder.encode(clean));
    ids.set(s, id);
  }
  return GRAPHEME_BASE + id;
}

/** UTF-8 bytes of an interned grapheme. */
export function graphemeBytes(char: number): Uint8Array {
  return bytes[char - GRAPHEME_BASE] ?? QUESTION;
}

/** The text of a char id (for tests and capture). */
export function charText(char: number): string {
  if (char === 0) return "";
  if (char >= GRAPHEME_BASE) return strings[char - GRAPHEME_BASE] ?? "?";
  return String.fromCodePoint(char);
}

const QUESTION = new Uint8Array([0x3f]);

function countCodepoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c >= 0xdc00 || i + 1 === s.length) n++;
  }
  return n;
}

/** Below this char id no cell is one a host may draw at another width (the encoder's fast path). */
export const MAY_DIFFER_FROM = 0x2300;

/**
 * How many columns a host could give a cell whose model width is `width`, when that may differ
 * from it; 0 when every host agrees. Multi-codepoint clusters: hosts join them differently (a
 * ZWJ family is 2, or 6 where ZWJ is not understood; tmux's ❤️ is 1, a grapheme-aware host's
 * 2). Single emoji and symbols: their widths changed between Unicode versions (🥲 is 1 in
 * Unicode 11 tables, 2 in glibc's). CJK and the like have been wide in every table.
 */
export function hostWidthBound(char: number, width: number): number {
  if (char < MAY_DIFFER_FROM) return 0;
  if (char >= GRAPHEME_BASE) return 2 * (codepoints[char - GRAPHEME_BASE] ?? 1);
  if (char >= 0x1f000 && char < 0x20000) return 2; // emoji, regional indicators, enclosed symbols
  if (width === 2 && char < 0x2c00) return 2; // ⌚ ⏩ ☔ ✅ ⭐: wide since Unicode 9
  return 0;
}

/** C0, DEL and C1 controls would act on the host: they become '?'. Lone surrogates too. */
export function sanitizeCode(c: number): number {
  if (c < 0x20 || (c >= 0x7f && c < 0xa0) || (c >= 0xd800 && c < 0xe000) || c > 0x10ffff) return 0x3f;
  return c;
}

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function sanitizeString(s: string): string {
  return s.replace(CONTROLS, "?");
}
