// A tree of items over a pane, drawn and moved through as tmux's mode-tree.c (customize-mode's
// options and key tables): a shortcut key a visible line (0-9, M-a to M-z), "+ "/"- " on items
// with children, ├─> and └─> before children; Up/Down (k/j, C-p/C-n) wrap, PageUp/PageDown,
// g/G, Right/l/+ expand, Left/h/- collapse or go to the parent, q/Escape/C-g leave. Any other
// key goes to the mode with the current item (Enter, s, d, u... in customize-mode).
import type { ModeCaller, PaneList } from "./chooser.ts";

export interface TreeNode<T> {
  /** Stays the same across rebuilds: what keeps an item expanded and selected. */
  id: string;
  name: string;
  /** Shown after "name: "; none for a plain heading. */
  text?: string;
  data?: T;
  children?: TreeNode<T>[];
  /** Expanded when first seen. */
  expanded?: boolean;
}

interface Line<T> {
  node: TreeNode<T>;
  depth: number;
  last: boolean;
  /** No sibling has children: no +/- column (mode_tree's flat). */
  flat: boolean;
  /** Whether its parent is the last of its siblings: the │ columns (tmux uses the parent's for every column). */
  parentLast: boolean;
}

/** The shortcut of the line at `i`, as mode_tree_build_lines gives them. */
export function modeTreeShortcut(i: number): string | null {
  if (i < 10) return String(i);
  if (i < 36) return `M-${String.fromCharCode(97 + i - 10)}`;
  return null;
}

/** Where a line sits in the tree: what its drawing before the name depends on. */
export interface TreePlace {
  depth: number;
  last: boolean;
  /** No sibling has children: no +/- column. */
  flat: boolean;
  /** Whether its parent is the last of its siblings (tmux draws every │ column from it). */
  parentLast: boolean;
  children: boolean;
  expanded: boolean;
}

/** The tree drawing before a line's name, as mode_tree_draw: "+ "/"- ", then ├─> / └─> under a parent. */
export function treePrefix(l: TreePlace): string {
  const symbol = l.flat ? "" : !l.children ? "  " : l.expanded ? "- " : "+ ";
  if (l.depth === 0) return symbol;
  return (l.parentLast ? "    " : "│   ").repeat(l.depth - 1) + (l.last ? "└─> " : "├─> ") + symbol;
}

export class ModeTree<T> implements PaneList {
  private nodes: TreeNode<T>[] = [];
  private lines: Line<T>[] = [];
  private readonly expanded = new Map<string, boolean>();
  private current = 0;
  private currentId: string | null = null;
  private height = 1;

  /**
   * `build` makes the tree again before each draw (it follows the options and keys as they
   * change); `key` gets every key the tree itself does not take, with the current item.
   */
  constructor(
    readonly name: string,
    private readonly build: () => TreeNode<T>[],
    private readonly onKey: (key: string, node: TreeNode<T> | null, by: ModeCaller) => void,
    private readonly done: () => void,
  ) {
    this.refresh();
  }

  /** The item under the cursor. */
  get selected(): TreeNode<T> | null {
    return this.lines[this.current]?.node ?? null;
  }

  refresh(): void {
    this.nodes = this.build();
    this.lines = [];
    this.addLines(this.nodes, 0, false);
    const at = this.lines.findIndex((l) => l.node.id === this.currentId);
    this.current = Math.max(0, Math.min(this.lines.length - 1, at >= 0 ? at : this.current));
    this.currentId = this.selected?.id ?? null;
  }

  private isExpanded(n: TreeNode<T>): boolean {
    return this.expanded.get(n.id) ?? n.expanded ?? false;
  }

  private addLines(list: TreeNode<T>[], depth: number, parentLast: boolean): void {
    const flat = list.every((n) => !n.children?.length);
    list.forEach((node, i) => {
      const last = i === list.length - 1;
      this.lines.push({ node, depth, last, flat, parentLast });
      if (node.children?.length && this.isExpanded(node)) this.addLines(node.children, depth + 1, last);
    });
  }

  private parentLine(i: number): number {
    const depth = this.lines[i]?.depth ?? 0;
    for (let j = i - 1; j >= 0; j--) if ((this.lines[j]?.depth ?? 0) < depth) return j;
    return -1;
  }

  private select(i: number): void {
    this.current = Math.max(0, Math.min(this.lines.length - 1, i));
    this.currentId = this.selected?.id ?? null;
  }

  key(key: string, by: ModeCaller): void {
    this.refresh();
    const n = this.lines.length;
    const line = this.lines[this.current];
    const pick = this.lines.findIndex((_, i) => modeTreeShortcut(i) === key);
    if (pick >= 0) {
      this.select(pick);
      return this.onKey("Enter", this.selected, by);
    }
    switch (key) {
      case "q":
      case "Escape":
      case "C-g":
        return this.done();
      case "Up":
      case "k":
      case "C-p":
        return this.select(this.current === 0 ? n - 1 : this.current - 1);
      case "Down":
      case "j":
      case "C-n":
        return this.select(this.current === n - 1 ? 0 : this.current + 1);
      case "PPage":
      case "C-b":
        return this.select(this.current - this.height);
      case "NPage":
      case "C-f":
        return this.select(this.current + this.height);
      case "g":
      case "Home":
        return this.select(0);
      case "G":
      case "End":
        return this.select(n - 1);
      case "Left":
      case "h":
      case "-": {
        if (!line) return;
        const i = line.flat || !this.isExpanded(line.node) ? this.parentLine(this.current) : this.current;
        const target = this.lines[i];
        if (!target) return;
        this.expanded.set(target.node.id, false);
        this.select(i);
        return this.refresh();
      }
      case "Right":
      case "l":
      case "+":
        if (!line || line.flat || !line.node.children?.length) return;
        this.expanded.set(line.node.id, true);
        return this.refresh();
    }
    this.onKey(key, this.selected, by);
  }

  /** One line as mode_tree_draw writes it: shortcut, tree drawing, name, ": " and text. */
  private lineText(l: Line<T>, i: number, keyWidth: number): string {
    const key = modeTreeShortcut(i);
    const label = (key ? `(${key})` : "").padEnd(keyWidth);
    const start = treePrefix({ ...l, children: !!l.node.children?.length, expanded: this.isExpanded(l.node) });
    return `${label}${start}${l.node.name}${l.node.text !== undefined ? `: ${l.node.text}` : ""}`;
  }

  view(height: number): { lines: string[]; selected: number } {
    this.refresh();
    this.height = Math.max(1, height);
    const keys = this.lines.map((_, i) => modeTreeShortcut(i)).filter((k): k is string => k !== null);
    const keyWidth = keys.length ? Math.max(...keys.map((k) => k.length)) + 3 : 0;
    const top = Math.max(0, Math.min(this.current - (height >> 1), this.lines.length - height));
    const lines = this.lines.slice(top, top + height).map((l, i) => this.lineText(l, top + i, keyWidth));
    return { lines, selected: this.current - top };
  }
}
