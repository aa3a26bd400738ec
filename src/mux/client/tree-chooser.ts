// choose-tree, choose-buffer and choose-client over a pane, as tmux 3.3a's mode tree (mode-tree.c):
// a tree of items rebuilt from the server before each draw, expanded and collapsed (Left/Right,
// +/-, M-+/M--), tagged (t, T, C-t), filtered (f), sorted (O, r), searched (C-s, n), with or
// without the preview box (v); a line's shortcut or Enter picks, and the mode's own keys (x, d,
// H...) get the current item and the tagged ones. Lines are drawn by tree-lines.ts.
import type { ModeCaller, PaneList } from "./chooser.ts";
import { Prompt } from "./prompt.ts";
import { drawPreviewBox, listHeight, previewFits, type ModeHighlight, type PreviewContent } from "./mode-box.ts";
import { modeTreeShortcut } from "./mode-tree.ts";
import { flattenTree, treeLineText, type TreeLine } from "./tree-lines.ts";

export interface ChooserItem {
  /** Stays the same across rebuilds (tmux's tag): what keeps it expanded, tagged and current. */
  id: string;
  /** Shown first, and in the preview box's title. */
  name: string;
  /** Shown after "name: " (format markup drawn); none for a bare name. */
  text?: string;
  children?: ChooserItem[];
  /** Expanded when first seen (mode_tree_add's expanded). */
  expanded?: boolean;
  /** Cannot be tagged (mode_tree_no_tag). */
  noTag?: boolean;
  /** The preview box is its parent's, title and all (mode_tree_draw_as_parent). */
  drawAsParent?: boolean;
  /** What the preview box shows for it, inside `width` x `height`. */
  preview?: (width: number, height: number) => PreviewContent;
}

/** The sort order the mode builds in (mode_tree_sort_criteria). */
export interface SortCriteria {
  field: string;
  reversed: boolean;
}

/** A mode's own key: told the current item and the tagged ones; true when the mode should close. */
export type ChooserAction = (mode: ChooserKeyContext) => boolean | void;

export interface ChooserKeyContext {
  current: ChooserItem;
  /** The tagged items shown (mode_tree_each_tagged's). */
  tagged: ChooserItem[];
  by: ModeCaller;
  chooser: Chooser;
}

export interface ChooserSpec {
  /** The mode's name: tree-mode, buffer-mode, client-mode. */
  name: string;
  /** The sort orders O cycles through, the first the default. */
  sorts: readonly string[];
  /** -O, -r, -f and -N as given. */
  sort?: string;
  reversed?: boolean;
  filter?: string;
  noPreview?: boolean;
  /** The items for a sort order and a filter (null: none), and which to make current the first time. */
  build(sort: SortCriteria, filter: string | null): { items: ChooserItem[]; current?: string };
  /** Whether an item matches a search (tmux's searchcb); its name contains it otherwise. */
  search?(item: ChooserItem, text: string): boolean;
  /** A line's shortcut key (-K's key-format); 0-9 then M-a to M-z otherwise. */
  shortcut?(item: ChooserItem, line: number): string | null;
  /** Enter or a shortcut: the mode has closed and this runs the template (or `template`) on the item. */
  choose(item: ChooserItem, by: ModeCaller, template?: string): void;
  /** The mode's own keys; an "Enter" among them takes Enter and the shortcuts in place of a pick (customize-mode). */
  keys?: Record<string, ChooserAction>;
  /** The rows the preview box asks for, if fixed (mode_tree's heightcb). */
  previewRows?: number;
  /** The mode is left (q, Escape, a pick, an action asking for it, nothing left to show). */
  close(): void;
  /** The mode changed outside a key (a prompt's answer): its pane is drawn again. */
  changed(): void;
}

export class Chooser implements PaneList {
  readonly name: string;
  private items: ChooserItem[] = [];
  private lines: TreeLine<ChooserItem>[] = [];
  private readonly expanded = new Map<string, boolean>();
  private readonly tagged = new Set<string>();
  private current = 0;
  /** The first line shown (mode_tree's offset). */
  private offset = 0;
  /** The list's rows when last drawn (mode_tree's height): a page, and where a rebuild puts the current line. */
  private height = 1;
  private sortIndex: number;
  private reversed: boolean;
  private filter: string | null;
  private noMatches = false;
  private preview: boolean;
  private search: string | null = null;
  private closed = false;

  constructor(private readonly spec: ChooserSpec) {
    this.name = spec.name;
    const i = spec.sort === undefined ? -1 : spec.sorts.findIndex((s) => s.toLowerCase() === spec.sort?.toLowerCase());
    this.sortIndex = Math.max(0, i);
    this.reversed = spec.reversed ?? false;
    this.filter = spec.filter ?? null;
    this.preview = !spec.noPreview;
    // The first draw scrolls as far as shows it (mode_tree_check_selected), knowing the height.
    const first = this.rebuild(null);
    this.current = Math.max(0, this.lines.findIndex((l) => l.item.id === first));
  }

  /** Nothing to list (no buffers, say): the mode is not worth opening. */
  get empty(): boolean {
    return this.lines.length === 0;
  }

  get selected(): ChooserItem | null {
    return this.lines[this.current]?.item ?? null;
  }

  /** Builds the items again, keeping the current item (mode_tree_build); the build's own choice when `keep` is null. */
  private rebuild(keep: string | null | undefined = this.selected?.id): string | undefined {
    const sort = { field: this.spec.sorts[this.sortIndex] ?? "", reversed: this.reversed };
    let built = this.spec.build(sort, this.filter);
    this.noMatches = built.items.length === 0;
    if (this.noMatches) built = this.spec.build(sort, null);
    this.items = built.items;
    this.lines = flattenTree(this.items, (it) => this.isExpanded(it));
    this.dropHiddenTags();
    return keep ?? built.current;
  }

  private isExpanded(it: ChooserItem): boolean {
    return this.expanded.get(it.id) ?? it.expanded ?? true;
  }

  /** A collapsed parent's children lose their tags, as mode_tree_add keeps them only under an expanded one. */
  private dropHiddenTags(): void {
    const walk = (list: ChooserItem[], shown: boolean) => {
      for (const it of list) {
        if (!shown) this.tagged.delete(it.id);
        if (it.children) walk(it.children, this.isExpanded(it));
      }
    };
    walk(this.items, true);
  }

  /** mode_tree_set_current: the line of `id` (the first when gone), shown at the bottom if below the first page. */
  setCurrent(id: string): boolean {
    const at = this.lines.findIndex((l) => l.item.id === id);
    this.current = Math.max(0, at);
    this.offset = this.current > this.height - 1 ? this.current - this.height + 1 : 0;
    return at >= 0;
  }

  /**
   * Follows the server between keys: the same item stays current and the list where it was
   * (the first line when the item is gone, as mode_tree_set_current).
   */
  private refresh(): void {
    const id = this.selected?.id;
    this.rebuild();
    const at = id === undefined ? -1 : this.lines.findIndex((l) => l.item.id === id);
    if (at < 0) this.current = this.offset = 0;
    else this.current = at;
  }

  /** Builds again after a change of order, filter or expansion, and keeps the current item. */
  build(): void {
    const id = this.rebuild();
    if (id !== undefined) this.setCurrent(id);
  }

  /** mode_tree_expand: opens the item `id`, if shown. */
  expand(id: string): void {
    if (!this.lines.some((l) => l.item.id === id)) return;
    this.expanded.set(id, true);
    this.build();
  }

  /** The tagged items, in the order shown. */
  taggedItems(): ChooserItem[] {
    return this.lines.filter((l) => this.tagged.has(l.item.id)).map((l) => l.item);
  }

  close(): void {
    this.closed = true;
  }

  /** The next line becomes current, if any (mode_tree_down without wrapping). */
  moveDown(): void {
    this.down(false);
  }

  /** Runs what a pick runs on `item` (buffer-mode's p and P), or `template` (tree-mode's :), leaving the mode as it is. */
  runOn(item: ChooserItem, by: ModeCaller, template?: string): void {
    this.spec.choose(item, by, template);
  }

  private up(wrap: boolean): void {
    if (this.current === 0) {
      if (!wrap) return;
      this.current = this.lines.length - 1;
      if (this.lines.length >= this.height) this.offset = this.lines.length - this.height;
    } else if (--this.current < this.offset) this.offset--;
  }

  private down(wrap: boolean): void {
    if (this.current >= this.lines.length - 1) {
      if (!wrap) return;
      this.current = 0;
      this.offset = 0;
    } else if (++this.current > this.offset + this.height - 1) this.offset++;
  }

  private shortcut(line: TreeLine<ChooserItem>, i: number): string | null {
    return this.spec.shortcut ? this.spec.shortcut(line.item, i) : modeTreeShortcut(i);
  }

  key(key: string, by: ModeCaller): void {
    // What changed on the server since the last draw is seen first (a killed item is gone).
    this.refresh();
    if (this.lines.length === 0) return this.leave();
    const pick = this.lines.findIndex((l, i) => this.shortcut(l, i) === key);
    if (pick >= 0) {
      this.current = pick;
      return this.choose(by);
    }
    if (this.treeKey(key, by)) return;
    if (key === "Enter" || key === "C-m") return this.choose(by);
    this.action(key, by);
  }

  /** A key of the mode's own, with the current and the tagged items. */
  private action(key: string, by: ModeCaller): void {
    const action = this.spec.keys?.[key];
    const current = this.selected;
    if (!action || !current) return;
    const close = action({ current, tagged: this.taggedItems(), by, chooser: this });
    // As tmux's modes: closed when asked, or when nothing is left to list.
    if (close === true || (this.refresh(), this.lines.length === 0)) this.leave();
  }

  /**
   * A click on a line makes it current, a double click picks it; a click below the list does
   * nothing (tmux's preview clicks are not here). The wheel does nothing: tmux 3.3a's mouse
   * branch of mode_tree_key takes it before its WheelUpPane case could.
   */
  mouse(kind: "down" | "double" | "wheelUp" | "wheelDown", _x: number, y: number, by: ModeCaller): void {
    if (kind === "wheelUp" || kind === "wheelDown") return;
    this.refresh();
    if (y >= this.height || this.offset + y >= this.lines.length) return;
    this.current = this.offset + y;
    if (kind === "double") this.choose(by);
  }

  private leave(): void {
    this.closed = true;
    this.spec.close();
  }

  private choose(by: ModeCaller): void {
    const item = this.selected;
    if (this.spec.keys?.Enter) return this.action("Enter", by);
    this.leave();
    if (item) this.spec.choose(item, by);
  }

  /** mode_tree_key's own keys; true when the key was one. */
  private treeKey(key: string, by: ModeCaller): boolean {
    const line = this.lines[this.current];
    if (!line) return false;
    switch (key) {
      case "q":
      case "Escape":
      case "C-g":
        this.leave();
        return true;
      case "Up":
      case "k":
      case "WheelUpPane":
      case "C-p":
        this.up(true);
        return true;
      case "Down":
      case "j":
      case "WheelDownPane":
      case "C-n":
        this.down(true);
        return true;
      case "PPage":
      case "C-b":
        for (let i = 0; i < this.height && this.current > 0; i++) this.up(true);
        return true;
      case "NPage":
      case "C-f":
        for (let i = 0; i < this.height && this.current < this.lines.length - 1; i++) this.down(true);
        return true;
      case "g":
      case "Home":
        this.current = this.offset = 0;
        return true;
      case "G":
      case "End":
        this.current = this.lines.length - 1;
        this.offset = Math.max(0, this.current - this.height + 1);
        return true;
      case "t":
        this.toggleTag(line.item);
        return true;
      case "T":
        this.tagged.clear();
        return true;
      case "C-t":
        this.tagAll();
        return true;
      case "O":
        this.sortIndex = (this.sortIndex + 1) % Math.max(1, this.spec.sorts.length);
        this.build();
        return true;
      case "r":
        this.reversed = !this.reversed;
        this.build();
        return true;
      case "Left":
      case "h":
      case "-":
        this.collapse(line);
        return true;
      case "Right":
      case "l":
      case "+":
        if (line.flat || this.isExpanded(line.item)) this.down(false);
        else this.setExpanded(line.item, true);
        return true;
      case "M--":
      case "M-+":
        for (const it of this.items) this.expanded.set(it.id, key === "M-+");
        this.build();
        return true;
      case "?":
      case "/":
      case "C-s":
        this.ask(by, "(search) ", "", (text) => {
          this.search = text === "" ? null : text;
          this.searchNext();
        });
        return true;
      case "n":
        this.searchNext();
        return true;
      case "f":
        this.ask(by, "(filter) ", this.filter ?? "", (text) => {
          this.filter = text === "" ? null : text;
          this.build();
        });
        return true;
      case "v":
        this.preview = !this.preview;
        this.build();
        return true;
    }
    return false;
  }

  /** Left: collapse the current item, or (collapsed or flat) its parent and go there; at the top, up one. */
  private collapse(line: TreeLine<ChooserItem>): void {
    const target = line.flat || !this.isExpanded(line.item) ? line.parent : line.item;
    if (!target) return this.up(false);
    this.setCurrent(target.id);
    this.setExpanded(target, false);
  }

  private setExpanded(item: ChooserItem, open: boolean): void {
    this.expanded.set(item.id, open);
    this.build();
  }

  /** A prompt on the client's status line whose answer (unless cancelled) changes the mode. */
  private ask(by: ModeCaller, label: string, initial: string, answer: (text: string) => void): void {
    by.openPrompt(
      new Prompt(label, initial, (text) => {
        by.closePrompt();
        if (text === null || this.closed) return;
        answer(text);
        this.spec.changed();
      }),
    );
  }

  /** t: tags the item (untagging its parents and children) or untags it, then moves down, as mode_tree_key. */
  private toggleTag(item: ChooserItem): void {
    if (item.noTag) return;
    if (this.tagged.has(item.id)) this.tagged.delete(item.id);
    else {
      for (let l = this.lines[this.current]?.parent; l; l = this.lines.find((x) => x.item === l)?.parent) this.tagged.delete(l.id);
      const untag = (list: ChooserItem[] | undefined) => list?.forEach((c) => (this.tagged.delete(c.id), untag(c.children)));
      untag(item.children);
      this.tagged.add(item.id);
    }
    this.down(false);
  }

  /** C-t: every top item that can be tagged, and the children of those that cannot. */
  private tagAll(): void {
    for (const l of this.lines) {
      const yes = l.parent ? !!l.parent.noTag : !l.item.noTag;
      if (yes) this.tagged.add(l.item.id);
      else this.tagged.delete(l.item.id);
    }
  }

  /** n: the next item after the current (depth first, round to the top) that matches, its parents opened. */
  private searchNext(): void {
    const text = this.search;
    if (text === null) return;
    const order: { item: ChooserItem; parents: ChooserItem[] }[] = [];
    const walk = (list: ChooserItem[], parents: ChooserItem[]) => {
      for (const it of list) {
        order.push({ item: it, parents });
        if (it.children) walk(it.children, [...parents, it]);
      }
    };
    walk(this.items, []);
    const from = order.findIndex((o) => o.item === this.selected);
    const matches = (it: ChooserItem) => (this.spec.search ? this.spec.search(it, text) : it.name.includes(text));
    for (let i = 1; i < order.length; i++) {
      const o = order[(from + i) % order.length]!;
      if (!matches(o.item)) continue;
      for (const p of o.parents) this.expanded.set(p.id, true);
      this.rebuild();
      this.setCurrent(o.item.id);
      return;
    }
  }

  /**
   * The rows of a pane `height` x `width` as mode_tree_draw writes them: the lines from the
   * offset, a tagged one bright, then the preview box of the current item.
   */
  view(rows: number, width: number): { lines: string[]; selected: number; highlights: ModeHighlight[] } {
    this.refresh();
    const h = this.preview ? listHeight(rows, this.lines.length, this.spec.previewRows) : rows;
    this.height = h;
    if (this.current > this.offset + h - 1) this.offset = this.current - h + 1;
    if (this.current < this.offset) this.offset = this.current;
    const keys = this.lines.map((l, i) => this.shortcut(l, i)).filter((k): k is string => k !== null);
    const keyWidth = keys.length ? Math.max(...keys.map((k) => k.length)) + 3 : 0;
    const lines: string[] = [];
    const highlights: ModeHighlight[] = [];
    for (let i = this.offset; i < Math.min(this.lines.length, this.offset + h); i++) {
      const l = this.lines[i]!;
      const drawn = treeLineText(l, this.shortcut(l, i), keyWidth, this.isExpanded(l.item), this.tagged.has(l.item.id), width);
      const y = lines.length;
      lines.push(drawn.text);
      // Bright over what is written, not the rest of the line (mode_tree_draw's clear has no attributes).
      if (this.tagged.has(l.item.id)) highlights.push({ x: 0, y, width: Math.min(width, Bun.stringWidth(drawn.text)), kind: i === this.current ? "selection-tagged" : "tagged" });
      // On the current line the text's markup goes over mode-style (format_draw from its cell).
      for (const s of drawn.styles) highlights.push(i !== this.current ? { ...s, y } : { x: s.x, y, width: s.width, kind: "selection", attrs: s.style?.attrs ?? 0 });
    }
    const line = this.lines[this.current];
    const item = line?.item.drawAsParent && line.parent ? line.parent : line?.item;
    if (!this.preview || !item || !previewFits(width, rows, h)) return { lines, selected: this.current - this.offset, highlights };
    while (lines.length < h) lines.push("");
    const filter = this.filter === null ? {} : { filter: this.noMatches ? ("no matches" as const) : ("active" as const) };
    const sort = this.spec.sorts.length ? { sort: { name: this.spec.sorts[this.sortIndex] ?? "", reversed: this.reversed } } : {};
    const box = drawPreviewBox({ name: item.name, ...sort, ...filter, content: item.preview ?? (() => ({ lines: [] })) }, width, rows, h);
    return { lines: [...lines, ...box.lines], selected: this.current - this.offset, highlights: [...highlights, ...box.highlights] };
  }
}
