// Style options as a client paints them (tmux's style_apply), and what its terminal can show:
// true colour when it says so, else the nearest of 256 or of 16 (tty_check_fg/bg); automatic margins.
import type { Options } from "../model/index.ts";
import { COLOUR_DEFAULT, colour256To16, colourFindRgb } from "../model/colour.ts";
import { DEFAULT_BASE, parseStyle, type StyleBase } from "../model/style.ts";
import { fnmatch } from "../model/fnmatch.ts";

/**
 * style_apply: the option's style over the default cell, its #{} expanded first when it has
 * any (options_string_to_style); a style that does not parse is the default cell.
 */
export function optionStyle(o: Options, name: string, expand: (fmt: string) => string): StyleBase {
  const text = o.getString(name);
  const sy = parseStyle(text.includes("#{") ? expand(text) : text, DEFAULT_BASE);
  return sy ? { fg: sy.fg, bg: sy.bg, attr: sy.attr } : { ...DEFAULT_BASE };
}

/** status_redraw's base: status-style, with status-fg and status-bg over it when they are set. */
export function statusBase(o: Options, expand: (fmt: string) => string): StyleBase {
  const base = optionStyle(o, "status-style", expand);
  const fg = o.getNumber("status-fg");
  const bg = o.getNumber("status-bg");
  if (fg !== COLOUR_DEFAULT) base.fg = fg;
  if (bg !== COLOUR_DEFAULT) base.bg = bg;
  return base;
}

/** How many colours a client's terminal shows. */
export type HostColours = "rgb" | 256 | 16;

/**
 * What tmux would learn of the terminal: RGB from COLORTERM (truecolor, 24bit), a
 * terminal-features entry for TERM with RGB, or a terminal-overrides entry with Tc or RGB; else
 * 256 colours for a *256color* TERM and 16 otherwise.
 */
export function hostColours(term: string, env: Readonly<Record<string, string>>, server: Options): HostColours {
  const ct = env.COLORTERM;
  if (ct === "truecolor" || ct === "24bit") return "rgb";
  if (matchingEntries(server, "terminal-features", term).some((caps) => caps.includes("RGB"))) return "rgb";
  if (matchingEntries(server, "terminal-overrides", term).some((caps) => caps.some((c) => /^(Tc|RGB)(=|$)/.test(c)))) return "rgb";
  return /256col|direct/.test(term) ? 256 : 16;
}

/** terminal-overrides turned am off for TERM (",*:am@"): the bottom-right cell is never written. */
export function hostNoAutoMargin(term: string, server: Options): boolean {
  return matchingEntries(server, "terminal-overrides", term).some((caps) => caps.includes("am@"));
}

/** The capabilities of each entry ("pattern:cap:cap=value") of an array option whose pattern matches TERM. */
function matchingEntries(server: Options, name: string, term: string): string[][] {
  if (!server.has(name)) return [];
  const out: string[][] = [];
  for (const [, entry] of server.getArray(name)) {
    const [pattern, ...caps] = entry.split(":");
    if (pattern !== undefined && pattern !== "" && fnmatch(pattern, term)) out.push(caps);
  }
  return out;
}

// The frame's packed colour modes (render/frame.ts): a host-side reduction works on those.
const P16 = 0x1000000;
const P256 = 0x2000000;
const RGB = 0x3000000;
const MODE = 0x3000000;

/** A frame colour mapper for ClientScreen's reduceColour, or undefined when the host shows every colour. */
export function colourReducer(colours: HostColours): ((packed: number) => number) | undefined {
  if (colours === "rgb") return undefined;
  const cache = new Map<number, number>();
  return (c) => {
    const mode = c & MODE;
    if (mode !== RGB && (mode !== P256 || colours === 256)) return c;
    let out = cache.get(c);
    if (out === undefined) {
      let n = mode === RGB ? colourFindRgb((c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff) & 0xff : c & 0xff;
      if (colours === 16 && n >= 16) n = colour256To16(n);
      out = n < 16 && colours === 16 ? P16 | n : P256 | n;
      cache.set(c, out);
    }
    return out;
  };
}
