// terminal-modes.ts spells out the sequences it once took from ansi-escapes: they must stay the same.
import { expect, test } from "bun:test";
import { enterAlternativeScreen, exitAlternativeScreen, cursorTo, eraseScreen, endSynchronizedOutput, cursorShow } from "ansi-escapes";
import { ENTER, LEAVE, LOCK_SCREEN } from "../../../src/mux/client/terminal-modes.ts";

test("ENTER, LEAVE and LOCK_SCREEN are what ansi-escapes' sequences made them", () => {
  expect(ENTER).toBe(enterAlternativeScreen + cursorTo(0, 0) + eraseScreen + "\x1b[?2004h" + "\x1b[?2026$p");
  expect(LEAVE.startsWith("\x18" + endSynchronizedOutput)).toBe(true);
  expect(LEAVE.endsWith(exitAlternativeScreen + cursorShow)).toBe(true);
  expect(LOCK_SCREEN).toBe(enterAlternativeScreen + cursorTo(0, 0) + eraseScreen + "\x1b[3J");
});
