// What replaces a pane while it is in one of tmux's window modes, on every client showing it:
// the list of choose-tree (sessions, windows, panes), choose-buffer and choose-client, moved
// through as tmux's mode tree (its layout and preview box: mode-box.ts), picked with Enter or an
// item's shortcut, tagged with t (T, C-t) for the mode's own keys; and the view of a
// command's output (C-b ?), scrolled as tmux's view mode. Both are left with q or Escape.

import type { Highlight } from "../../render/index.ts";
import { enterMode, leaveMode, type Model, type Pane, type PaneMode } from "../model/index.ts";
import type { StatusPrompt } from "./prompt.ts";
import { drawPreviewBox, listHeight, previewFits, type ModeHighlight, type PreviewContent } from "./mode-box.ts";
import { modeTreeShortcut } from "./mode-tree.ts";

/** The client a key came from: a pick runs its template as that client's command, or asks first. */
export interface ModeCaller {
  runLine(line: string): unknown;
  openPrompt(prompt: StatusPrompt): void;
  closePrompt(): void;
}

/** A list or text shown over a pane in a mode; it gets every key typed at the pane. */
export interface PaneList extends PaneMode {
  key(key: string, by: ModeCaller): void;
  /**
   * The rows for a pane `height` rows high and `width` wide; `selected` (-1 for none) is drawn
   * reversed, `highlights` restyle cells on top (the clock's blocks).
   */
  view(height: number, width: number): { lines: string[]; selected: number; indicator?: string; highlights?: Highlight[] };
  /** It is no longer shown (closed, replaced, or its client gone): stop any timer. */
  close?(): void;
}

function isPaneList(m: PaneMode): m is PaneList {
  return "key" in m && "view" in m;
}

/** The list or text a pane shows, if it is in such a mode (every pane mode weft has is one). */
export function shownList(pane: Pane): PaneList | null {
  const m = pane.modeStack[0];
  return m && isPaneList(m) ? m : null;
}

export interface ChooserItem {
  text: string;
  /** What picking it puts in the template: a session ($N), window (@N), buffer or client name. */
  target: string;
  /** Its name in the preview box's title (mode_tree_item's name); the target when not given. */
  name?: string;
  /** What the preview box shows for it, inside `width` x `height`. */
  preview?: (width: number, height: number) => PreviewContent;
  /** Where a tag's "*" goes in `text` (after the name); untaggable without it. */
  tagAt?: number;
  /** Under another item (choose-tree's windows and panes): C-t tags only the top ones. */
  child?: boolean;
}

/**
 * A mode's own key (buffer-mode's d and D...): it gets the current item's target and the
 * tagged ones; true when the mode should close.
 */
export type ChooserAction = (current: string, tagged: string[], by: ModeCaller) => boolean | void;

/** What a list shows now: its items, the one to select when it opens, and how its box is titled. */
export interface ChooserList {
  items: ChooserItem[];
  selected: number;
  /** The sort order (-O) and -r, in the box's title. */
  sort?: { name: string; reversed: boolean };
  /** -f given: whether anything matched. */
  filter?: "active" | "no matches";
  /** -N: no preview box. */
  noPreview?: boolean;
}

export class Chooser implements PaneList {
  selected: number;
  private current: ChooserItem[];
  /** The first item shown (mode_tree's offset). */
  private offset = 0;
  /** The list's rows when last drawn: a page for PageUp / PageDown. */
  private height = 1;
  /** The tagged items' targets (t, T, C-t). */
  private readonly tagged = new Set<string>();

  /**
   * `name`: the mode's (tree-mode, buffer-mode, client-mode); `build` makes the list again
   * each time it is drawn, as tmux's mode tree follows the server (a client attaching shows
   * as attached), keeping the selection on the same target; `done` gets the pick and who made it.
   */
  constructor(
    readonly name: string,
    private readonly build: () => ChooserList,
    private readonly done: (target: string | null, by: ModeCaller) => void,
    private readonly actions: Record<string, ChooserAction> = {},
  ) {
    const first = build();
    this.current = first.items;
    this.selected = Math.max(0, Math.min(first.items.length - 1, first.selected));
  }

  get items(): readonly ChooserItem[] {
    return this.current;
  }

  private refresh(): ChooserList {
    const target = this.current[this.selected]?.target;
    const list = this.build();
    this.current = list.items;
    const at = this.current.findIndex((it) => it.target === target);
    this.selected = Math.max(0, Math.min(this.current.length - 1, at >= 0 ? at : this.selected));
    return list;
  }

  key(key: string, by: ModeCaller): void {
    switch (key) {
      // Up and Down wrap round, as mode_tree_up / _down.
      case "Up":
      case "k":
      case "C-p":
        this.selected = this.selected === 0 ? this.items.length - 1 : this.selected - 1;
        return;
      case "Down":
      case "j":
      case "C-n":
        this.selected = this.selected >= this.items.length - 1 ? 0 : this.selected + 1;
        return;
      case "PPage":
      case "C-b":
        this.selected = Math.max(0, this.selected - this.height);
        return;
      case "NPage":
      case "C-f":
        this.selected = Math.min(this.items.length - 1, this.selected + this.height);
        return;
      case "g":
      case "Home":
        this.selected = 0;
        return;
      case "G":
      case "End":
        this.selected = Math.max(0, this.items.length - 1);
        return;
      case "Enter":
      case "C-m":
        return this.done(this.items[this.selected]?.target ?? null, by);
      case "q":
      case "Escape":
      case "C-c":
      case "C-g":
        return this.done(null, by);
      case "t":
        return this.toggleTag();
      case "T":
        return this.tagged.clear();
      case "C-t":
        for (const it of this.items) if (it.tagAt !== undefined && !it.child) this.tagged.add(it.target);
        return;
    }
    const action = this.actions[key];
    const current = this.items[this.selected];
    if (action && current) {
      const tagged = this.items.filter((it) => this.tagged.has(it.target)).map((it) => it.target);
      // As tmux's: the mode closes when asked to, or when nothing is left to list.
      if (action(current.target, tagged, by) === true || this.refresh().items.length === 0) this.done(null, by);
      return;
    }
    // A line's shortcut (0-9, then M-a to M-z) picks it.
    const picked = this.items.find((_, i) => modeTreeShortcut(i) === key);
    if (picked) this.done(picked.target, by);
  }

  /** t: tag the current item or untag it, then move down (without wrapping), as mode_tree's. */
  private toggleTag(): void {
    const it = this.items[this.selected];
    if (!it || it.tagAt === undefined) return;
    if (this.tagged.has(it.target)) this.tagged.delete(it.target);
    else this.tagged.add(it.target);
    this.selected = Math.min(this.items.length - 1, this.selected + 1);
  }

  /** An item's line: its text, with "*" after its name when tagged. */
  private lineOf(it: ChooserItem): string {
    if (it.tagAt === undefined || !this.tagged.has(it.target)) return it.text;
    return `${it.text.slice(0, it.tagAt)}*${it.text.slice(it.tagAt)}`;
  }

  /**
   * The rows of a pane `height` x `width` as tmux's mode tree draws them: the list at the top
   * (scrolled only as far as keeps the selection shown), then the preview box of the selection.
   */
  view(height: number, width: number): { lines: string[]; selected: number; highlights: ModeHighlight[] } {
    const list = this.refresh();
    const items = this.items;
    const h = listHeight(height, items.length);
    this.height = h;
    if (this.selected > this.offset + h - 1) this.offset = this.selected - h + 1;
    if (this.selected < this.offset) this.offset = this.selected;
    this.offset = Math.max(0, Math.min(this.offset, Math.max(0, items.length - 1)));
    const keys = items.map((_, i) => modeTreeShortcut(i)).filter((k): k is string => k !== null);
    const keyWidth = keys.length ? Math.max(...keys.map((k) => k.length)) + 3 : 0;
    const lines = items.slice(this.offset, this.offset + h).map((it, i) => {
      const key = modeTreeShortcut(this.offset + i);
      return (key ? `(${key})` : "").padEnd(keyWidth) + this.lineOf(it);
    });
    const item = items[this.selected];
    if (list.noPreview || !item || !previewFits(width, height, h)) return { lines, selected: this.selected - this.offset, highlights: [] };
    while (lines.length < h) lines.push("");
    const box = drawPreviewBox(
      { name: item.name ?? item.target, ...(list.sort ? { sort: list.sort } : {}), ...(list.filter ? { filter: list.filter } : {}), content: item.preview ?? (() => ({ lines: [] })) },
      width,
      height,
      h,
    );
    return { lines: [...lines, ...box.lines], selected: this.selected - this.offset, highlights: box.highlights };
  }
}

/**
 * Output of a command run from a key or the prompt (list-keys, show-messages, show-options...),
 * shown whole as tmux's view mode does: Up/Down (k/j) a line, PageUp/PageDown (C-b/C-f, Space)
 * a page, g/G the top and bottom; q, Escape or C-c closes it. Opens at the top.
 */
export class TextView implements PaneList {
  readonly name = "view-mode";
  private top = 0;
  private height = 1;

  private readonly lines: string[];

  constructor(
    lines: readonly string[],
    private readonly done: () => void,
  ) {
    this.lines = [...lines];
  }

  /** More output while it is shown: added at the end. */
  append(lines: readonly string[]): void {
    this.lines.push(...lines);
  }

  key(key: string): void {
    const page = Math.max(1, this.height - 1);
    switch (key) {
      case "Up":
      case "k":
      case "C-p":
        return this.scroll(-1);
      case "Down":
      case "j":
      case "C-n":
      case "Enter":
      case "C-m":
        return this.scroll(1);
      case "PPage":
      case "C-b":
      case "b":
        return this.scroll(-page);
      case "NPage":
      case "C-f":
      case "Space":
        return this.scroll(page);
      case "g":
      case "Home":
        return this.scroll(-Infinity);
      case "G":
      case "End":
        return this.scroll(Infinity);
      case "q":
      case "Escape":
      case "C-c":
      case "C-g":
        return this.done();
    }
  }

  private scroll(by: number): void {
    const max = Math.max(0, this.lines.length - this.height);
    this.top = Math.max(0, Math.min(max, this.top + by));
  }

  view(height: number): { lines: string[]; selected: number; indicator: string } {
    this.height = height;
    this.scroll(0);
    return { lines: this.lines.slice(this.top, this.top + height), selected: -1, indicator: `[${this.top}/${Math.max(0, this.lines.length - height)}]` };
  }
}

/** Lines in the pane's view mode: a new view, or added to the one it shows (window_copy_add). */
export function showInViewMode(model: Model, pane: Pane, lines: readonly string[]): void {
  const view: TextView = new TextView(lines, () => leaveMode(model, pane, view));
  const shown = enterMode(model, pane, view);
  if (shown !== view && shown instanceof TextView) shown.append(lines);
}
