// What a client's terminal is switched to while attached, and back on every way out, each
// sequence spelled out and named. Not from ansi-escapes (test/mux/client/terminal-modes.test.ts
// compares them with its): it loads node:os and node:process, ~2 MiB of an attached client's RSS.

const ENTER_ALTERNATIVE_SCREEN = "\x1b[?1049h";
const EXIT_ALTERNATIVE_SCREEN = "\x1b[?1049l";
/** The top left corner (CUP 1;1). */
const CURSOR_HOME = "\x1b[1;1H";
const ERASE_SCREEN = "\x1b[2J";
const END_SYNCHRONIZED_OUTPUT = "\x1b[?2026l";
const CURSOR_SHOW = "\x1b[?25h";

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

/** Enter: alternate screen, clear, bracketed paste; ask whether synchronized output is supported. */
export const ENTER = ENTER_ALTERNATIVE_SCREEN + CURSOR_HOME + ERASE_SCREEN + BRACKETED_PASTE_ON + ASK_SYNC_OUTPUT;

/**
 * Leave: CAN (ends an escape sequence a frame cut short may have left open: ClientTty.close),
 * every mode a pane could have made us set, then the main screen and a visible cursor.
 */
export const LEAVE =
  CAN +
  END_SYNCHRONIZED_OUTPUT +
  SGR_RESET +
  SCROLL_REGION_RESET +
  CURSOR_STYLE_DEFAULT +
  BRACKETED_PASTE_OFF +
  MOUSE_OFF +
  FOCUS_EVENTS_OFF +
  KEYS_NORMAL +
  EXIT_ALTERNATIVE_SCREEN +
  CURSOR_SHOW;

/** What the lock command runs on, after LEAVE: a cleared alternate screen, scrollback too (tmux's smcup, clear, E3). */
export const LOCK_SCREEN = ENTER_ALTERNATIVE_SCREEN + CURSOR_HOME + ERASE_SCREEN + "\x1b[3J";
