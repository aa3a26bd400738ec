import { test, expect } from "bun:test";
import { sanitizeTitle } from "../../src/mux/status.ts";

test("titles lose every C0 and C1 control, so they cannot inject sequences into the host", () => {
  expect(sanitizeTitle("a\x07b\x1b]0;x\x1b\\c\u009b31md\x7f")).toBe("ab]0;x\\c31md");
  expect(sanitizeTitle("日本語 😀 ok")).toBe("日本語 😀 ok");
});
