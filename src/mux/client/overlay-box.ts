// What menus and popups draw with: tmux 3.3a's box lines (popup-border-lines), a box's frame
// with its title, and the translation of format_draw's cells (colour.ts numbers, style.ts
// attributes) into the renderer's box cells.
import type { BoxCell, Color } from "../../render/index.ts";
import { Attr } from "../../render/index.ts";
import { COLOUR_FLAG_256, COLOUR_FLAG_RGB, colourSplitRgb } from "../model/colour.ts";
import { ATTR, type StyleBase } from "../model/style.ts";
import { formatDraw, type DrawCell, type FormatDrawOptions } from "../lang/format-draw.ts";

export const BOX_LINES = ["single", "double", "heavy", "simple", "rounded", "padded", "none"] as const;
export type BoxLines = (typeof BOX_LINES)[number];

/** Top-left, horizontal, top-right, vertical, bottom-left, bottom-right. */
const BORDERS: Record<Exclude<BoxLines, "none">, string> = {
  single: "┌─┐│└┘",
  double: "╔═╗║╚╝",
  heavy: "┏━┓┃┗┛",
  rounded: "╭─╮│╰╯",
  simple: "+-+|++",
  padded: "      ",
};

/** A colour.ts colour as the renderer takes it. */
export function renderColour(c: number): Color {
  if (c & COLOUR_FLAG_RGB) return "#" + colourSplitRgb(c).map((v) => v.toString(16).padStart(2, "0")).join("");
  if (c & COLOUR_FLAG_256) return `colour${c & 0xff}`;
  if (c >= 0 && c <= 7) return c;
  if (c >= 90 && c <= 97) return c - 90 + 8;
  return "default";
}

const ATTRS: [number, number][] = [
  [ATTR.bright, Attr.bold],
  [ATTR.dim, Attr.dim],
  [ATTR.italics, Attr.italic],
  [ATTR.underscore | ATTR.underscore2 | ATTR.underscore3 | ATTR.underscore4 | ATTR.underscore5, Attr.underline],
  [ATTR.blink, Attr.blink],
  [ATTR.reverse, Attr.inverse],
  [ATTR.hidden, Attr.invisible],
  [ATTR.strikethrough, Attr.strikethrough],
  [ATTR.overline, Attr.overline],
];

/** style.ts attribute bits as the renderer's. */
export function renderAttrs(attr: number): number {
  let out = 0;
  for (const [from, to] of ATTRS) if (attr & from) out |= to;
  return out;
}

export function styleCell(text: string, st: StyleBase): BoxCell {
  return { text, fg: renderColour(st.fg), bg: renderColour(st.bg), attrs: renderAttrs(st.attr) };
}

/** ownCells' cells over `under` from `at`: those the text did not reach keep what is there. */
export function drawOver(under: BoxCell[], at: number, cells: DrawCell[]): void {
  cells.forEach((c, i) => {
    if (c.text !== "" || c.width === 0) under[at + i] = styleCell(c.width === 0 ? "" : c.text, c);
  });
}

/**
 * screen_write_box: a width x height frame in `border` (its inside `inside`-coloured blanks),
 * with `title` (already drawn into width - 4 cells) from the third column of the top row.
 */
export function boxCells(width: number, height: number, lines: Exclude<BoxLines, "none">, border: StyleBase, inside: StyleBase, title: DrawCell[] | null): BoxCell[] {
  const [tl, h, tr, v, bl, br] = [...BORDERS[lines]] as [string, string, string, string, string, string];
  const cells: BoxCell[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const top = y === 0;
      const bottom = y === height - 1;
      const edge = x === 0 || x === width - 1;
      let ch = " ";
      if (top || bottom) ch = x === 0 ? (top ? tl : bl) : x === width - 1 ? (top ? tr : br) : h;
      else if (edge) ch = v;
      cells.push(styleCell(ch, top || bottom || edge ? border : inside));
    }
  }
  if (title) drawOver(cells, 2, title);
  return cells;
}

/** Stands for a text's own spaces while it is drawn, so the line's padding can be told from them. */
const OWN_SPACE = "\ue000";

/**
 * `text` drawn into `width` cells on `base` as format_draw writes it over what is there: only
 * the text's own characters are written, so the cells it does not reach come back with text ""
 * and width 1 (what was under them shows).
 */
export function ownCells(text: string, width: number, base: StyleBase, opts: FormatDrawOptions = {}): DrawCell[] {
  let marked = "";
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "#" && text[i + 1] === "[") depth++;
    else if (c === "]" && depth > 0) depth--;
    marked += c === " " && depth === 0 ? OWN_SPACE : c;
  }
  return formatDraw(marked, Math.max(0, width), base, opts).cells.map((c) => {
    if (c.text === OWN_SPACE) return { ...c, text: " " };
    if (c.text === " ") return { ...c, text: "" };
    return c;
  });
}
