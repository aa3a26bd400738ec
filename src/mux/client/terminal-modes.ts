// What a client's terminal is switched to while attached, and back on every way out. The
// sequences ansi-escapes has come from it; the modes it lacks are spelled out, each named. The
// server makes them (ansi-escapes loads node:os and node:process, ~2 MiB of a process's RSS) and
// gives them to the client that attaches, which writes them on its own ways out (suspend, lock,
// a lost server): the client loads neither.

const CAN = "\x18";
const BRACKETED_PASTE_ON = "\x1b[?2004h";
const BRACKETED_PASTE_OFF = "\x1b[?2004l";
/** DECRQM ?2026: does the host support synchronized output? (answered as CSI ? 2026 ; n $ y) */
const ASK_SYNC_OUTPUT = "\x1b[?2026$p";
const SGR_RESET = "\x1b[0m";
const SCROLL_REGION_RESET = "\x1b[r";
const CURSOR_STYLE_DEFAULT = "\x1b[0 q";
/** Every mouse report a pane could have asked for: X10/normal, button, any motion, SGR encoding. */
const MOUSE_OFF = "\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l";
const FOCUS_EVENTS_OFF = "\x1b[?1004l";
/** Normal cursor keys (DECCKM off) and numeric keypad (DECKPNM). */
const KEYS_NORMAL = "\x1b[?1l\x1b>";

/** The sequences, as the attach message carries them. */
export interface ScreenSequences {
  /** Enter: alternate screen, clear, bracketed paste; ask whether synchronized output is supported. */
  enter: string;
  /**
   * Leave: CAN (ends an escape sequence a frame cut short may have left open: ClientTty.close),
   * every mode a pane could have made us set, then the main screen and a visible cursor.
   */
  leave: string;
  /** What the lock command runs on, after leave: a cleared alternate screen, scrollback too (tmux's smcup, clear, E3). */
  lock: string;
}

let made: ScreenSequences | null = null;

/** Made at the first attach: a server that only runs commands from scripts never loads ansi-escapes. */
export function screenSequences(): ScreenSequences {
  if (made) return made;
  const e = require("ansi-escapes") as typeof import("ansi-escapes");
  const clear = e.enterAlternativeScreen + e.cursorTo(0, 0) + e.eraseScreen;
  made = {
    enter: clear + BRACKETED_PASTE_ON + ASK_SYNC_OUTPUT,
    leave:
      CAN +
      e.endSynchronizedOutput +
      SGR_RESET +
      SCROLL_REGION_RESET +
      CURSOR_STYLE_DEFAULT +
      BRACKETED_PASTE_OFF +
      MOUSE_OFF +
      FOCUS_EVENTS_OFF +
      KEYS_NORMAL +
      e.exitAlternativeScreen +
      e.cursorShow,
    lock: clear + "\x1b[3J",
  };
  return made;
}
