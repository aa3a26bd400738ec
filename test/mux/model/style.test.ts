// Style strings against tmux 3.3a: which ones set-option accepts (and its error for the others),
// and how tmux prints each parsed style (style_tostring, read from tmux's log by
// scripts/goldens/options.sh).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseStyle, styleToString, defaultStyle, attributesFromString, ATTR } from "../../../src/mux/model/style.ts";
import { COLOUR_FLAG_256 } from "../../../src/mux/model/colour.ts";
import { FreshServer } from "./option-cases.ts";

const dir = join(import.meta.dir, "goldens");

interface StyleGolden {
  style: string;
  result: "ok" | "error";
  text: string;
}

function readGolden(name: string): StyleGolden[] {
  return readFileSync(join(dir, name), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const [style = "", result = "", text = ""] = l.split("\t");
      if (result !== "ok" && result !== "error") throw new Error(`bad golden line: ${l}`);
      return { style, result, text };
    });
}

const goldens = [...readGolden("styles.golden"), ...readGolden("styles-rejected.golden")];

describe("styles as tmux 3.3a parses and prints them", () => {
  test("the goldens cover the lists", () => {
    expect(goldens.length).toBeGreaterThan(110);
    expect(goldens.filter((g) => g.result === "error").length).toBeGreaterThan(30);
  });
  for (const g of goldens) {
    test(`${JSON.stringify(g.style)} → ${g.result} ${g.text}`, () => {
      const parsed = parseStyle(g.style);
      if (g.result === "ok") {
        expect(parsed).not.toBeNull();
        if (parsed) expect(styleToString(parsed)).toBe(g.text);
      } else expect(parsed).toBeNull();
      // Through set-option, as the golden recorded it: accepted silently or tmux's message.
      const server = new FreshServer();
      const out = server.run(`set -g status-style '${g.style}'`);
      expect(out).toEqual(g.result === "ok" ? [] : [`! ${g.text}`, "[exit 1]"]);
    });
  }
});

describe("style details", () => {
  test("a style adds onto the one it is given, which stays untouched", () => {
    const first = parseStyle("fg=red,bold");
    expect(first).not.toBeNull();
    if (!first) return;
    const second = parseStyle("bg=blue,nobold,italics", undefined, first);
    expect(second && styleToString(second)).toBe("fg=red,bg=blue,italics");
    expect(styleToString(first)).toBe("fg=red,bright");
  });
  test("an invalid word leaves nothing applied", () => {
    expect(parseStyle("fg=red,bogus")).toBeNull();
  });
  test("default and fg=default take the base's colours", () => {
    const base = { fg: 2, bg: 3 | COLOUR_FLAG_256, attr: ATTR.dim };
    expect(parseStyle("fg=red,default", base)).toMatchObject({ fg: 2, bg: 3 | COLOUR_FLAG_256, attr: ATTR.dim });
    expect(parseStyle("fg=blue,fg=default", base)?.fg).toBe(2);
  });
  test("an empty style is the default style", () => {
    expect(parseStyle("")).toEqual(defaultStyle());
  });
  test("words longer than tmux's 255-byte buffer are invalid", () => {
    expect(parseStyle("fg=" + "a".repeat(300))).toBeNull();
  });
  test("attribute lists", () => {
    expect(attributesFromString("bold|italics")).toBe(ATTR.bright | ATTR.italics);
    expect(attributesFromString("none")).toBe(0);
    expect(attributesFromString(",bold")).toBe(-1);
  });
});
