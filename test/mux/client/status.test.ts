import { test, expect } from "bun:test";
import { MAX_TITLE, sanitizeTitle } from "../../../src/mux/client/status.ts";

test("titles lose every C0 and C1 control, so they cannot inject sequences into the host", () => {
  expect(sanitizeTitle("a\x07b\x1b]0;x\x1b\\c\u009b31md\x7f")).toBe("ab]0;x\\c31md");
  expect(sanitizeTitle("日本語 😀 ok")).toBe("日本語 😀 ok");
});

test("titles are cut at MAX_TITLE characters, never inside a surrogate pair", () => {
  expect(sanitizeTitle("x".repeat(100_000))).toBe("x".repeat(MAX_TITLE));
  const cut = sanitizeTitle("😀".repeat(MAX_TITLE + 5));
  expect(Array.from(cut).length).toBe(MAX_TITLE);
  expect(cut).toBe("😀".repeat(MAX_TITLE));
});
