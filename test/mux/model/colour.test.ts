// Colours: names and numbers as tmux 3.3a reads and prints them, and its nearest-colour maps
// checked against what tmux 3.3a sent a 256-colour and a 16-colour client
// (goldens/colours-*.golden, recorded by scripts/goldens/colours.py).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  COLOUR_FLAG_256,
  COLOUR_FLAG_RGB,
  colour256To16,
  colour256ToRgb,
  colourFindRgb,
  colourForceRgb,
  colourFromString,
  colourToString,
} from "../../../src/mux/model/colour.ts";

const dir = join(import.meta.dir, "goldens");

function pairs(name: string): [string, string][] {
  return readFileSync(join(dir, name), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const [a = "", b = ""] = l.split("\t");
      return [a, b];
    });
}

describe("true colour to the 256-colour palette (tmux's colour_find_rgb)", () => {
  const cases = pairs("colours-256.golden");
  test("the golden has the samples", () => expect(cases.length).toBeGreaterThan(200));
  test.each(cases)("%s → colour%s", (rgb, index) => {
    const c = colourFromString(rgb);
    const [r, g, b] = [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];
    expect(colourFindRgb(r, g, b)).toBe(Number(index) | COLOUR_FLAG_256);
  });
});

describe("the 256-colour palette to 16 colours (tmux's colour_256to16)", () => {
  const cases = pairs("colours-16.golden");
  test("every palette colour is covered", () => expect(cases.length).toBe(256));
  test.each(cases)("%s → %s", (name, ansi) => {
    expect(colour256To16(colourFromString(name))).toBe(Number(ansi));
  });
});

describe("colour names", () => {
  test("printing", () => {
    expect(colourToString(-1)).toBe("none");
    expect(colourToString(8)).toBe("default");
    expect(colourToString(9)).toBe("terminal");
    expect(colourToString(93)).toBe("brightyellow");
    expect(colourToString(5 | COLOUR_FLAG_256)).toBe("colour5");
    expect(colourToString(colourFromString("#0A0b0C"))).toBe("#0a0b0c");
  });
  test("reading", () => {
    expect(colourFromString("color255")).toBe(255 | COLOUR_FLAG_256);
    expect(colourFromString("COLOUR3")).toBe(3 | COLOUR_FLAG_256);
    expect(colourFromString("colour256")).toBe(-1);
    expect(colourFromString("none")).toBe(-1);
    expect(colourFromString("Red")).toBe(1);
    expect(colourFromString("7")).toBe(7);
    expect(colourFromString("8")).toBe(-1);
    expect(colourFromString("navy blue")).toBe(0x000080 | COLOUR_FLAG_RGB);
    expect(colourFromString("grey0")).toBe(COLOUR_FLAG_RGB);
    expect(colourFromString("grey101")).toBe(-1);
    // tmux's grey rule is case-sensitive and the X11 list has no plain grey.
    expect(colourFromString("Grey")).toBe(-1);
    expect(colourFromString("gray50x")).toBe(0x7f7f7f | COLOUR_FLAG_RGB);
  });
  test("palette colours as RGB: ANSI, cube and grey ramp", () => {
    expect(colour256ToRgb(9)).toBe(0xff0000 | COLOUR_FLAG_RGB);
    expect(colour256ToRgb(16 + 36 * 1 + 6 * 2 + 3)).toBe(0x5f87af | COLOUR_FLAG_RGB);
    expect(colour256ToRgb(232)).toBe(0x080808 | COLOUR_FLAG_RGB);
    expect(colour256ToRgb(255)).toBe(0xeeeeee | COLOUR_FLAG_RGB);
    expect(colourForceRgb(92)).toBe(0x00ff00 | COLOUR_FLAG_RGB);
    expect(colourForceRgb(8)).toBe(-1);
  });
  test("each palette colour's RGB maps back to it unless another palette entry is the same RGB", () => {
    for (let n = 16; n < 256; n++) {
      const c = colour256ToRgb(n);
      const back = colourFindRgb((c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff) & 0xff;
      expect(colour256ToRgb(back)).toBe(c);
    }
  });
});
