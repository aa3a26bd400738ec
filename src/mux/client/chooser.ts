// What replaces the active pane on one client until closed: the list of choose-tree (sessions
// and windows), choose-buffer and choose-client, moved through with the arrows (or j/k), picked
// with Enter or an item's number; and the view of a command's output (C-b ?), scrolled as
// tmux's view mode. Both are left with q or Escape.

import type { Highlight } from "../../render/index.ts";

/** A list or text shown over the active pane; it gets every key while open. */
export interface PaneList {
  key(key: string): void;
  /**
   * The rows for a pane `height` rows high and `width` wide; `selected` (-1 for none) is drawn
   * reversed, `highlights` restyle cells on top (the clock's blocks).
   */
  view(height: number, width: number): { lines: string[]; selected: number; indicator?: string; highlights?: Highlight[] };
  /** It is no longer shown (closed, replaced, or its client gone): stop any timer. */
  close?(): void;
}

export interface ChooserItem {
  text: string;
  /** What picking it puts in the template: a session ($N), window (@N), buffer or client name. */
  target: string;
}

export class Chooser implements PaneList {
  selected: number;

  constructor(
    readonly items: readonly ChooserItem[],
    selected: number,
    private readonly done: (target: string | null) => void,
  ) {
    this.selected = Math.max(0, Math.min(items.length - 1, selected));
  }

  key(key: string): void {
    switch (key) {
      case "Up":
      case "k":
      case "C-p":
        this.selected = Math.max(0, this.selected - 1);
        return;
      case "Down":
      case "j":
      case "C-n":
        this.selected = Math.min(this.items.length - 1, this.selected + 1);
        return;
      case "Enter":
      case "C-m":
        return this.done(this.items[this.selected]?.target ?? null);
      case "q":
      case "Escape":
      case "C-c":
      case "C-g":
        return this.done(null);
    }
    if (/^[0-9]$/.test(key) && Number(key) < this.items.length) this.done(this.items[Number(key)]!.target);
  }

  /** The rows to show in a pane `height` rows high: a window of the list around the selection. */
  view(height: number): { lines: string[]; selected: number } {
    const top = Math.max(0, Math.min(this.selected - (height >> 1), this.items.length - height));
    const lines = this.items.slice(top, top + height).map((it, i) => `(${top + i}) ${it.text}`);
    return { lines, selected: this.selected - top };
  }
}

/**
 * Output of a command run from a key or the prompt (list-keys, show-messages, show-options...),
 * shown whole as tmux's view mode does: Up/Down (k/j) a line, PageUp/PageDown (C-b/C-f, Space)
 * a page, g/G the top and bottom; q, Escape or C-c closes it. Opens at the top.
 */
export class TextView implements PaneList {
  private top = 0;
  private height = 1;

  constructor(
    private readonly lines: readonly string[],
    private readonly done: () => void,
  ) {}

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
