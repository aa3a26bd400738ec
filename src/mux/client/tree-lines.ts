// The lines of tmux's mode tree: the tree flattened to what is shown (mode_tree_build_lines) and
// each line's text as mode_tree_draw writes it (shortcut, tree drawing, name, tag, ": ", text).
import { packTmuxStyle } from "../../render/index.ts";
import { COLOUR_DEFAULT } from "../model/colour.ts";
import { formatDraw } from "../lang/format-draw.ts";
import { treePrefix } from "./mode-tree.ts";
import type { ModeHighlight } from "./mode-box.ts";

export interface TreeItem {
  name: string;
  text?: string;
  children?: TreeItem[];
}

export interface TreeLine<T extends TreeItem> {
  item: T;
  parent: T | null;
  depth: number;
  last: boolean;
  /** No sibling has children: no +/- column. */
  flat: boolean;
  /** Whether the parent is the last of its siblings (tmux draws every │ column from it). */
  parentLast: boolean;
}

/** The shown lines: every item, and the children of the expanded ones under them. */
export function flattenTree<T extends TreeItem & { children?: T[] }>(items: T[], expanded: (item: T) => boolean): TreeLine<T>[] {
  const out: TreeLine<T>[] = [];
  const add = (list: T[], depth: number, parent: T | null, parentLast: boolean) => {
    const flat = list.every((it) => !it.children?.length);
    list.forEach((item, i) => {
      const last = i === list.length - 1;
      out.push({ item, parent, depth, last, flat, parentLast });
      if (item.children?.length && expanded(item)) add(item.children, depth + 1, item, last);
    });
  };
  add(items, 0, null, false);
  return out;
}

const BLANK = { fg: COLOUR_DEFAULT, bg: COLOUR_DEFAULT, attr: 0 };

/**
 * A line's text and the styles its text's markup asks for (#[reverse] on a marked pane), cut
 * to `width`; `key` is its shortcut, its column `keyWidth` wide.
 */
export function treeLineText<T extends TreeItem>(l: TreeLine<T>, key: string | null, keyWidth: number, expanded: boolean, tagged: boolean, width: number): { text: string; styles: ModeHighlight[] } {
  const label = (key !== null ? `(${key})` : "").padEnd(keyWidth);
  const start = treePrefix({ ...l, children: !!l.item.children?.length, expanded });
  const head = `${label}${start}${l.item.name}${tagged ? "*" : ""}${l.item.text !== undefined ? ": " : ""}`;
  const text = l.item.text ?? "";
  if (!text.includes("#")) return { text: head + text, styles: [] };
  const x0 = Bun.stringWidth(head);
  const cells = formatDraw(text, Math.max(0, width - x0), BLANK).cells;
  let end = cells.length;
  while (end > 0 && cells[end - 1]!.text === " " && cells[end - 1]!.attr === 0 && cells[end - 1]!.bg === COLOUR_DEFAULT) end--;
  const styles: ModeHighlight[] = [];
  let out = "";
  for (let x = 0; x < end; x++) {
    const c = cells[x]!;
    out += c.text;
    if (c.fg === COLOUR_DEFAULT && c.bg === COLOUR_DEFAULT && c.attr === 0) continue;
    const prev = styles[styles.length - 1];
    const style = packTmuxStyle(c);
    if (prev?.style && prev.x + prev.width === x0 + x && prev.style.fg === style.fg && prev.style.bg === style.bg && prev.style.attrs === style.attrs) prev.width += Math.max(1, c.width);
    else styles.push({ x: x0 + x, y: 0, width: Math.max(1, c.width), style });
  }
  return { text: head + out, styles };
}
