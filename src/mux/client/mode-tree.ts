// What tmux's mode tree (mode-tree.c) draws before a line's name: the shortcut of a visible line
// (0-9, M-a to M-z) and the tree drawing ("+ "/"- ", ├─> and └─> before children). The tree
// itself is tree-chooser.ts.

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
