import { test, expect } from "bun:test";
import { colourReducer, hostColours, hostNoAutoMargin } from "../../../src/mux/client/styles.ts";
import { drawPrompt } from "../../../src/mux/client/status.ts";
import { createGlobalOptions } from "../../../src/mux/model/options-commands.ts";
import { ATTR } from "../../../src/mux/model/style.ts";

const P16 = 0x1000000;
const P256 = 0x2000000;
const RGB = 0x3000000;

test("true colour only when the terminal says so: COLORTERM, terminal-features RGB, terminal-overrides Tc/RGB", () => {
  const g = createGlobalOptions();
  expect(hostColours("xterm-256color", {}, g.server)).toBe(256);
  expect(hostColours("xterm", {}, g.server)).toBe(16);
  expect(hostColours("xterm", { COLORTERM: "truecolor" }, g.server)).toBe("rgb");
  g.server.setString("terminal-overrides", "screen*:Tc");
  expect(hostColours("xterm-256color", {}, g.server)).toBe(256);
  expect(hostColours("screen-256color", {}, g.server)).toBe("rgb");
  g.server.setString("terminal-features", "xterm*:RGB");
  expect(hostColours("xterm-256color", {}, g.server)).toBe("rgb");
});

test("am@ in terminal-overrides for the terminal turns its automatic margins off", () => {
  const g = createGlobalOptions();
  expect(hostNoAutoMargin("screen", g.server)).toBe(false);
  g.server.setString("terminal-overrides", "*:am@");
  expect(hostNoAutoMargin("screen", g.server)).toBe(true);
});

test("colours a host cannot show become the nearest it can (tmux's colour_find_rgb, colour_256to16)", () => {
  expect(colourReducer("rgb")).toBeUndefined();
  const to256 = colourReducer(256);
  const to16 = colourReducer(16);
  if (!to256 || !to16) throw new Error("no reducer");
  expect(to256(RGB | 0xff8700)).toBe(P256 | 208);
  expect(to256(P256 | 208)).toBe(P256 | 208);
  expect(to256(P16 | 3)).toBe(P16 | 3);
  expect(to16(P256 | 196)).toBe(P16 | 9);
  expect(to16(RGB | 0x000000)).toBe(P16 | 0);
  expect(to16(0)).toBe(0);
});

test("the prompt: its text, the typed line, the character under the cursor reversed (a space after the end)", () => {
  const base = { fg: 0, bg: 3, attr: 0 };
  const row = drawPrompt({ prompt: "#[fg=red]:", buffer: "abc", index: 1 }, 8, base);
  expect(row.map((c) => c.text).join("")).toBe(":abc    ");
  expect(row[0]?.fg).toBe(1);
  expect(row.map((c) => (c.attr & ATTR.reverse ? "r" : ".")).join("")).toBe("..r.....");
  const end = drawPrompt({ prompt: ":", buffer: "ab", index: 2 }, 6, base);
  expect(end.map((c) => (c.attr & ATTR.reverse ? "r" : ".")).join("")).toBe("...r..");
  // A line longer than the space keeps the cursor in view.
  const long = drawPrompt({ prompt: ">", buffer: "0123456789", index: 10 }, 5, base);
  expect(long.map((c) => c.text).join("")).toBe(">789 ");
});
