// The cells a pane's model gives each character and cluster: tmux 3.3a's rules (screen-write.c's
// screen_write_cell) over this system's wcwidth, as an xterm Unicode provider.
import type { IUnicodeVersionProvider, Terminal } from "@xterm/headless";
import { WIDE, ZERO_WIDTH } from "./wcwidth-table.ts";

/**
 * tmux 3.3a's clusters, measured as goldens (test/mux/model/goldens/graphemes.golden):
 * - a character of width 0 (combining mark, VS16, Hangul medial/final jamo) joins the cell to
 *   its left and keeps that cell's width: é is 1, ❤️ is 1, 1️⃣ is 1, 한 (jamo) is 2;
 * - a ZWJ joins, and so does the next character that is not ASCII, whatever its width:
 *   👩‍👩‍👧 is 2;
 * - an emoji modifier is a character of its own: 👍🏽 is 2 + 2.
 * One difference, which no cursor position shows: a pair of regional indicators (a flag) is one
 * cell of width 2 here, where tmux keeps two cells of width 1; so the host gets the pair in one
 * write and can draw the flag.
 */
export const VERSION = "tmux-3.3a";

const ZWJ = 0x200d;
const RI_FIRST = 0x1f1e6;
const RI_LAST = 0x1f1ff;
// What the last character leaves for the next (xterm's "char kind" bits of the join state).
const AFTER_ZWJ = 1;
const AFTER_LONE_RI = 2;

// xterm's packing of the join state (UnicodeService.createPropertyValue), which is not exported.
const pack = (state: number, width: number, join: boolean) => (state << 3) | (width << 1) | (join ? 1 : 0);
const widthOf = (props: number) => (props >> 1) & 3;
const stateOf = (props: number) => props >> 3;

/** Below the first codepoint either table lists, every character is 1 wide. */
const FIRST_SPECIAL = Math.min(ZERO_WIDTH[0] ?? 0, WIDE[0] ?? 0);
const NARROW = pack(0, 1, false);

/** Widths of the Basic Multilingual Plane, filled from the tables on first use. */
let bmp: Uint8Array | null = null;

function inRanges(table: Uint32Array, cp: number): boolean {
  let lo = 0;
  let hi = (table.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < (table[mid * 2] ?? 0)) hi = mid - 1;
    else if (cp > (table[mid * 2 + 1] ?? 0)) lo = mid + 1;
    else return true;
  }
  return false;
}

function fillBmp(): Uint8Array {
  const t = new Uint8Array(0x10000).fill(1);
  for (let i = 0; i < ZERO_WIDTH.length; i += 2) {
    const a = ZERO_WIDTH[i] ?? 0;
    if (a < 0x10000) t.fill(0, a, Math.min(0x10000, (ZERO_WIDTH[i + 1] ?? 0) + 1));
  }
  for (let i = 0; i < WIDE.length; i += 2) {
    const a = WIDE[i] ?? 0;
    if (a < 0x10000) t.fill(2, a, Math.min(0x10000, (WIDE[i + 1] ?? 0) + 1));
  }
  return t;
}

/** tmux's width of one codepoint (its wcwidth); unassigned codepoints are 1. */
export function wcwidth(cp: number): 0 | 1 | 2 {
  if (cp < FIRST_SPECIAL) return 1;
  if (cp < 0x10000) {
    bmp ??= fillBmp();
    return (bmp[cp] ?? 1) as 0 | 1 | 2;
  }
  if (inRanges(WIDE, cp)) return 2;
  return inRanges(ZERO_WIDTH, cp) ? 0 : 1;
}

export class TmuxWidths implements IUnicodeVersionProvider {
  readonly version = VERSION;

  wcwidth(cp: number): 0 | 1 | 2 {
    return wcwidth(cp);
  }

  /**
   * `preceding` is what this returned for the character before, 0 after anything but a print.
   * A join with width 0 keeps the cell's width (xterm's addCodepointToCell).
   */
  charProperties(cp: number, preceding: number): number {
    const state = stateOf(preceding);
    if (cp < FIRST_SPECIAL && state === 0) return NARROW;
    const before = widthOf(preceding);
    if (state === AFTER_ZWJ) {
      // tmux's plain ASCII never reaches the join (screen_write_collect_add), and the ZWJ still
      // waits for the next character that does.
      if (cp < 0x7f) return pack(AFTER_ZWJ, 1, false);
      return pack(cp === ZWJ ? AFTER_ZWJ : 0, before, true);
    }
    if (cp === ZWJ) return pack(AFTER_ZWJ, before, true);
    const w = wcwidth(cp);
    // tmux combines with the cell left of the cursor, even after a cursor move (xterm then has
    // no preceding state: width 0 keeps the cell's).
    if (w === 0) return pack(0, before, true);
    if (cp >= RI_FIRST && cp <= RI_LAST) {
      if (state === AFTER_LONE_RI) return pack(0, 2, true);
      return pack(AFTER_LONE_RI, w, false);
    }
    return pack(0, w, false);
  }
}

/** Gives a pane's terminal tmux's widths. */
export function useTmuxWidths(terminal: Terminal): void {
  terminal.unicode.register(new TmuxWidths());
  terminal.unicode.activeVersion = VERSION;
}
