// Caps the payload of the control strings a program sends (OSC, DCS, SOS, PM, APC) before its
// output reaches the pane's terminal, as tmux's input-buffer-size does. xterm builds a string's
// payload one character at a time (a rope node per character) up to 10 MB: a program repeating
// a 10 MB OSC took the server to 1 GB of garbage the GC did not collect in time.

/**
 * Longest control string passed on. Measured (one headless terminal, 100 MiB of back-to-back
 * OSCs): 1 MiB strings peaked at 444 MiB RSS, 64 KiB at 118 MiB, 4 KiB at 65 MiB. 64 KiB still
 * carries an OSC 52 copy of ~48 KiB of text; anything longer is cut off and cancelled (CAN),
 * so the terminal drops the whole sequence rather than act on a truncated one.
 */
export const MAX_CONTROL_STRING = 64 * 1024;

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const C1_LEAD = 0xc2; // UTF-8 lead byte of U+0080..U+00BF: the 8-bit C1 controls
const C1_ST = 0x9c;
const CANCEL = new Uint8Array([CAN]);

const enum State {
  Ground,
  Escape, // after ESC
  C1, // after a UTF-8 0xC2 lead byte
  String, // inside a control string's payload
  Discard, // the payload passed the limit: drop until it ends
}

/** ESC ] P X ^ _ and their C1 forms (U+009D, U+0090, U+0098, U+009E, U+009F) open a string. */
const opensString = (b: number) => b === 0x5d || b === 0x50 || b === 0x58 || b === 0x5e || b === 0x5f;
const opensStringC1 = (b: number) => b === 0x9d || b === 0x90 || b === 0x98 || b === 0x9e || b === 0x9f;

export class ControlStringLimiter {
  private state = State.Ground;
  private length = 0;
  private osc = false; // BEL ends an OSC only
  private lastWasC1Lead = false; // for ST as C2 9C inside a string

  /**
   * The pieces of `bytes` to parse, in order; null when all of it passes unchanged (the
   * common case: no copy). A string cut at the limit is followed by a CAN.
   */
  filter(bytes: Uint8Array): Uint8Array[] | null {
    const n = bytes.length;
    let pieces: Uint8Array[] | null = this.state === State.Discard ? [] : null;
    let keepFrom = this.state === State.Discard ? -1 : 0;
    let i = 0;
    while (i < n) {
      switch (this.state) {
        case State.Ground: {
          const esc = bytes.indexOf(ESC, i);
          const c1 = bytes.indexOf(C1_LEAD, i);
          const j = esc < 0 ? c1 : c1 < 0 ? esc : Math.min(esc, c1);
          if (j < 0) {
            i = n;
            break;
          }
          this.state = bytes[j] === ESC ? State.Escape : State.C1;
          i = j + 1;
          break;
        }
        case State.Escape:
        case State.C1: {
          const b = bytes[i]!;
          if (b === ESC) {
            this.state = State.Escape;
          } else if (this.state === State.Escape ? opensString(b) : opensStringC1(b)) {
            this.state = State.String;
            this.length = 0;
            this.osc = b === 0x5d || b === 0x9d;
            this.lastWasC1Lead = false;
          } else {
            this.state = b === C1_LEAD ? State.C1 : State.Ground;
          }
          i++;
          break;
        }
        case State.String: {
          for (; i < n; i++) {
            const b = bytes[i]!;
            if (b === ESC || b === CAN || b === SUB || (b === BEL && this.osc) || (b === C1_ST && this.lastWasC1Lead)) break;
            this.lastWasC1Lead = b === C1_LEAD;
            if (++this.length > MAX_CONTROL_STRING) break;
          }
          if (i === n) break;
          if (this.length > MAX_CONTROL_STRING) {
            pieces ??= [];
            if (i > keepFrom) pieces.push(bytes.subarray(keepFrom, i));
            pieces.push(CANCEL);
            keepFrom = -1;
            this.state = State.Discard;
            break;
          }
          this.state = bytes[i] === ESC ? State.Escape : State.Ground;
          i++;
          break;
        }
        case State.Discard: {
          for (; i < n; i++) {
            const b = bytes[i]!;
            if (b === ESC || b === CAN || b === SUB || (b === BEL && this.osc) || (b === C1_ST && this.lastWasC1Lead)) break;
            this.lastWasC1Lead = b === C1_LEAD;
          }
          if (i === n) break;
          // The terminal already left the string (CAN): an ESC starts whatever follows; any other end is dropped.
          const b = bytes[i]!;
          keepFrom = b === ESC ? i : i + 1;
          this.state = b === ESC ? State.Escape : State.Ground;
          i++;
          break;
        }
      }
    }
    if (!pieces) return null;
    if (keepFrom >= 0 && keepFrom < n) pieces.push(bytes.subarray(keepFrom, n));
    return pieces;
  }
}
