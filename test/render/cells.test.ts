// Char ids, sanitizing and colour parsing.

import { expect, test } from "bun:test";
import { charText, packColor } from "../../src/render/index.ts";
import { charId, sanitizeString } from "../../src/render/graphemes.ts";

test("multi-codepoint graphemes are interned once; controls become '?'", () => {
  const a = charId("e\u0301");
  expect(charId("e\u0301")).toBe(a);
  expect(charText(a)).toBe("e\u0301");
  expect(charText(charId("👍"))).toBe("👍");
  expect(charText(charId("\x1b"))).toBe("?");
  expect(charText(charId("\u009b"))).toBe("?");
  expect(charText(charId("a\x1b[2J"))).toBe("a?[2J");
  expect(sanitizeString("ok\u0007\ud800x")).toBe("ok??x");
});

test("colours: names, palette, tmux colourN, #rrggbb, default", () => {
  expect(packColor("red")).toBe(0x1000001);
  expect(packColor("brightblue")).toBe(0x100000c);
  expect(packColor(9)).toBe(0x1000009);
  expect(packColor(123)).toBe(0x200007b);
  expect(packColor("colour200")).toBe(0x20000c8);
  expect(packColor("#0a0b0c")).toBe(0x30a0b0c);
  expect(packColor("default")).toBe(0);
  expect(packColor(undefined)).toBe(0);
});
