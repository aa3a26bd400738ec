// Interned multi-codepoint graphemes (combining marks, ZWJ sequences) so a
// cell's char is one number, plus the sanitizing of what goes to the host.

import { GRAPHEME_BASE } from "./frame.ts";

/** Above this many interned graphemes the table is dropped and frames redrawn (bounds memory). */
const MAX_GRAPHEMES = 1 << 16;

const encoder = new TextEncoder();
let ids = new Map<string, number>();
let bytes: Uint8Array[] = [];
let strings: string[] = [];
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
      generation++;
    }
    const clean = sanitizeString(s);
    id = strings.length;
    strings.push(clean);
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
