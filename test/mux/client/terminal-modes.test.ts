// The sequences an attached client's terminal gets, byte for byte: a change here is a change every user sees.
import { expect, test } from "bun:test";
import { screenSequences } from "../../../src/mux/client/terminal-modes.ts";

test("enter, leave and lock are the sequences attach has always written", () => {
  const s = screenSequences();
  expect(s.enter).toBe("\x1b[?1049h\x1b[1;1H\x1b[2J\x1b[?2004h\x1b[?2026$p");
  expect(s.leave).toBe("\x18\x1b[?2026l\x1b[0m\x1b[r\x1b[0 q\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1004l\x1b[?1l\x1b>\x1b[?1049l\x1b[?25h");
  expect(s.lock).toBe("\x1b[?1049h\x1b[1;1H\x1b[2J\x1b[3J");
  expect(screenSequences()).toBe(s); // made once
});
