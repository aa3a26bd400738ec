// The layout of tmux's mode tree (mode-tree.c) for choose-tree, choose-buffer and choose-client:
// how many rows the list gets, and the preview box under it, its title (the current item's name,
// the sort order, the filter's state) and what the mode draws inside it.
import type { Highlight } from "../../render/index.ts";

/**
 * A highlight that may be in one of the mode styles ("selection": mode-style, with `attrs`
 * added: a marked pane's reverse on the current line), as chrome's styleHighlights maps them.
 */
export type ModeHighlight = Highlight & { kind?: string; attrs?: number };

/**
 * The rows the list takes of a pane `rows` high with `items` lines (mode_tree_set_height);
 * `previewRows` is what a mode asks for its preview (customize-mode's 12), if it does.
 */
export function listHeight(rows: number, items: number, previewRows?: number): number {
  let h = Math.floor(rows / 3) * 2;
  if (previewRows !== undefined) h = previewRows < rows ? rows - previewRows : rows;
  else if (h > items) h = Math.floor(rows / 2);
  if (h < 10) h = rows;
  if (rows - h < 2) h = rows;
  return h;
}

export interface PreviewBox {
  /** The current item's name: the start of the box's title. */
  name: string;
  /** The order the list is in, when the mode has sort orders. */
  sort?: { name: string; reversed: boolean };
  /** -f given: whether anything matched it (nothing matching shows everything). */
  filter?: "active" | "no matches";
  /** What goes inside the box, for an inside `width` x `height`: lines from its top-left. */
  content: (width: number, height: number) => PreviewContent;
}

/** A preview's lines, and cells restyled over them (a preview's cursor, labels in colour), from its top-left. */
export interface PreviewContent {
  lines: string[];
  highlights?: ModeHighlight[];
}

/** Whether a pane `width` x `rows` with a list of `height` rows has room for the preview box. */
export function previewFits(width: number, rows: number, height: number): boolean {
  return !(rows <= 4 || height <= 4 || rows - height <= 4 || width <= 4);
}

/** `text` cut to `width` columns (a wide character that would not fit is left out). */
export function cutToWidth(text: string, width: number): string {
  if (Bun.stringWidth(text) <= width) return text;
  let out = "";
  let used = 0;
  for (const ch of text) {
    const w = Bun.stringWidth(ch);
    if (used + w > width) break;
    out += ch;
    used += w;
  }
  return out;
}

/**
 * The box's rows (`rows - height` of them, `width` wide) as mode_tree_draw writes them, and
 * the highlight of "no matches" (in mode-style, as tmux's) at row `height` of the pane.
 */
export function drawPreviewBox(box: PreviewBox, width: number, rows: number, height: number): { lines: string[]; highlights: ModeHighlight[] } {
  const boxRows = rows - height;
  const inner = "─".repeat(width - 2);
  let top = `┌${inner}┐`;
  const highlights: ModeHighlight[] = [];
  const title = ` ${box.name}${box.sort ? ` (sort: ${box.sort.name}${box.sort.reversed ? ", reversed" : ""})` : ""}`;
  if (width - 2 >= title.length) {
    let head = title;
    const state = box.filter;
    if (state && width - 2 >= title.length + 10 + state.length + 2) {
      head += " (filter: ";
      if (state === "no matches") highlights.push({ x: 1 + head.length, y: height, width: state.length, kind: "selection" });
      head += `${state}) `;
    } else head += " ";
    top = `┌${head}${inner.slice(head.length)}┐`;
  }
  const innerW = width - 4;
  const innerH = boxRows - 2;
  const content = innerW > 0 && innerH > 0 ? box.content(innerW, innerH) : { lines: [] };
  for (const h of content.highlights ?? []) {
    if (h.y < 0 || h.y >= innerH || h.x >= innerW) continue;
    highlights.push({ ...h, x: 2 + h.x, y: height + 1 + h.y, width: Math.min(h.width, innerW - h.x) });
  }
  const lines = [top];
  for (let i = 0; i < boxRows - 2; i++) {
    const text = cutToWidth(content.lines[i] ?? "", innerW);
    lines.push(`│ ${text}${" ".repeat(Math.max(0, innerW - Bun.stringWidth(text)))} │`);
  }
  lines.push(`└${inner}┘`);
  return { lines, highlights };
}
