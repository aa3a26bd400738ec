// The list of choose-tree (sessions and windows), choose-buffer and choose-client, drawn over
// the active pane, moved through with the arrows (or j/k), picked with Enter or an item's
// number, left with q or Escape.

export interface ChooserItem {
  text: string;
  /** What picking it puts in the template: a session ($N), window (@N), buffer or client name. */
  target: string;
}

export class Chooser {
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
