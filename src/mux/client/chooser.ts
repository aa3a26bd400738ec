// What replaces a pane while it is in one of tmux's window modes, on every client showing it:
// what every such mode is to the client (PaneList: choose-tree's, customize-mode's and the other
// mode trees are tree-chooser.ts), and the view of a command's output (C-b ?),
// scrolled as tmux's view mode and left with q or Escape.

import type { Highlight } from "../../render/index.ts";
import { enterMode, leaveMode, type Model, type Pane, type PaneMode } from "../model/index.ts";
import type { StatusPrompt } from "./prompt.ts";

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
  /** A click (or double click) at a cell of the pane, or the wheel over it (mode trees: mode_tree_key's mouse). */
  mouse?(kind: "down" | "double" | "wheelUp" | "wheelDown", x: number, y: number, by: ModeCaller): void;
}

function isPaneList(m: PaneMode): m is PaneList {
  return "key" in m && "view" in m;
}

/** The list or text a pane shows, if it is in such a mode (every pane mode weft has is one). */
export function shownList(pane: Pane): PaneList | null {
  const m = pane.modeStack[0];
  return m && isPaneList(m) ? m : null;
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
