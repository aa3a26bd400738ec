// display-menu's menu as tmux 3.3a's menu.c: items with their keys, separators and disabled
// ("-") items, the choice moved by keys and the mouse, drawn as a box with the chosen item in
// mode-style. What a chosen item runs is the caller's (MenuOptions.choose).
import type { BoxView } from "../../render/index.ts";
import { displayWidth, trimRight } from "../lang/format.ts";
import { normalizeKeyName } from "../lang/keys.ts";
import { DEFAULT_BASE, ATTR, type StyleBase } from "../model/style.ts";
import { boxCells, drawOver, ownCells, styleCell } from "./overlay-box.ts";
import type { MouseEvent } from "./mouse.ts";

/** One item as given: its name and command already expanded; null for a separator. */
export interface MenuItemSpec {
  name: string | null;
  key: string;
  command: string;
}

interface MenuItem {
  /** null for a separator; a leading "-" marks a disabled item. */
  name: string | null;
  key: string | null;
  command: string;
}

export interface MenuOptions {
  /** -O: the menu stays open when the mouse is released (not chosen until a click). */
  stayOpen: boolean;
  /** Opened by a key, not the mouse: the first item is chosen at first, clicks only close it. */
  noMouse: boolean;
  /** The prompt's completion menu (MENU_TAB): Tab steps down and closes past the last item, BSpace closes. */
  tab?: boolean;
  /** An item was chosen: run its command. */
  choose(command: string): void;
}

/** What a key or mouse event did to the menu. */
export type MenuResult = "close" | "redraw" | "none";

export class Menu {
  readonly items: MenuItem[] = [];
  /** The widest item or title, in columns (menu->width); the box is 4 wider. */
  width: number;
  x = 0;
  y = 0;
  /** The item under the selection, -1 none. */
  choice = -1;

  /** `maxWidth`: the client's width; items are trimmed to fit it as tmux's. */
  constructor(
    readonly title: string,
    specs: MenuItemSpec[],
    maxWidth: number,
    private readonly opts: MenuOptions,
  ) {
    this.width = displayWidth(title);
    for (const s of specs) this.add(s, maxWidth - 4);
  }

  get count(): number {
    return this.items.length;
  }

  /** menu_add_item: the key shown on the right when it fits, a long name cut with ">". */
  private add(spec: MenuItemSpec, available: number): void {
    const s = spec.name;
    if (s === null) {
      if (this.items.length > 0) this.items.push({ name: null, key: null, command: "" });
      return;
    }
    if (s === "") return; // empty once expanded: no item
    let key = spec.key === "" ? null : normalizeKeyName(spec.key);
    if (key === "None") key = null;
    let max = available;
    const slen = Buffer.byteLength(s);
    if (!s.startsWith("-") && key !== null) {
      const keylen = key.length + 3; // a space and two brackets
      if (keylen <= max / 4) max -= keylen;
      else if (keylen >= max || slen >= max - keylen) key = null;
    } else key = s.startsWith("-") ? null : key;
    let suffix = "";
    if (slen > max) {
      max--;
      suffix = ">";
    }
    const trimmed = trimRight(s, max);
    const name = key !== null ? `${trimmed}${suffix}#[default] #[align=right](${key})` : `${trimmed}${suffix}`;
    let width = displayWidth(name);
    if (name.startsWith("-")) width--;
    this.width = Math.max(this.width, width);
    this.items.push({ name, key: spec.key === "" ? null : normalizeKeyName(spec.key), command: spec.command });
  }

  /**
   * menu_prepare: place the box with its top-left at (x, y), moved to fit `cols` x `rows`;
   * false when it cannot fit at all.
   */
  place(x: number, y: number, cols: number, rows: number): boolean {
    const w = this.width + 4;
    const h = this.count + 2;
    if (cols < w || rows < h) return false;
    this.x = Math.min(x, cols - w);
    this.y = Math.min(y, rows - h);
    this.choice = this.opts.noMouse ? this.items.findIndex(enabled) : -1;
    return true;
  }

  /** A key: the item with that key, Up/Down/k/j (and Tab, BSpace for the prompt's), g/G and the page keys move, Enter chooses, q/Escape close. */
  key(key: string): MenuResult {
    const byKey = this.items.findIndex((i) => enabled(i) && i.key === key);
    if (byKey >= 0) {
      this.choice = byKey;
      return this.chosen();
    }
    switch (key) {
      case "Up":
      case "k":
        return this.step(-1);
      case "BSpace":
        return this.opts.tab ? "close" : "none";
      case "Tab":
        if (!this.opts.tab) return "none";
        if (this.choice === this.count - 1) return "close";
        return this.step(1);
      case "Down":
      case "j":
        return this.step(1);
      case "g":
      case "PPage":
      case "C-b":
        this.choice = Math.max(0, this.choice - 5);
        return this.skip(1);
      case "G":
      case "NPage":
        this.choice = this.choice > this.count - 6 ? this.count - 1 : this.choice + 5;
        return this.skip(-1);
      case "Enter":
        return this.chosen();
      case "Escape":
      case "C-c":
      case "C-g":
      case "q":
        return "close";
    }
    return "none";
  }

  /** Up or Down to the next enabled item, round the ends. */
  private step(by: 1 | -1): MenuResult {
    const old = this.choice === -1 ? 0 : this.choice;
    do {
      if (by < 0) this.choice = this.choice <= 0 ? this.count - 1 : this.choice - 1;
      else this.choice = this.choice === -1 || this.choice === this.count - 1 ? 0 : this.choice + 1;
    } while (!enabled(this.items[this.choice]!) && this.choice !== old);
    return "redraw";
  }

  private skip(by: 1 | -1): MenuResult {
    while (this.choice >= 0 && this.choice < this.count && !enabled(this.items[this.choice]!)) this.choice += by;
    if (this.choice >= this.count) this.choice = -1;
    return "redraw";
  }

  private chosen(): MenuResult {
    const item = this.items[this.choice];
    if (!item) return "close";
    if (!enabled(item)) return this.opts.stayOpen ? "none" : "close";
    this.opts.choose(item.command);
    return "close";
  }

  /** menu_key_cb's mouse half: the pointer picks an item; a release (or, with -O, a click) chooses it. */
  mouse(ev: MouseEvent): MenuResult {
    const release = ev.kind === "up" || ev.kind === "move";
    if (this.opts.noMouse) return ev.kind === "down" && ev.button === 0 ? "none" : ev.kind === "drag" && ev.button === 0 ? "none" : "close";
    const wheel = ev.kind === "wheelUp" || ev.kind === "wheelDown";
    const drag = ev.kind === "drag";
    const outside = ev.x < this.x || ev.x > this.x + 4 + this.width || ev.y < this.y + 1 || ev.y > this.y + this.count;
    if (outside) {
      if (!this.opts.stayOpen ? release : !release && !wheel && !drag) return "close";
      if (this.choice === -1) return "none";
      this.choice = -1;
      return "redraw";
    }
    if (!this.opts.stayOpen ? release : !wheel && !drag) return this.chosen();
    const old = this.choice;
    this.choice = ev.y - (this.y + 1);
    return this.choice === old ? "none" : "redraw";
  }

  /** The box as screen_write_menu draws it: the chosen item in `chosen` (mode-style), disabled ones dim. */
  box(chosen: StyleBase): BoxView {
    const w = this.width + 4;
    const h = this.count + 2;
    const title = ownCells(this.title, w - 4, DEFAULT_BASE);
    const cells = boxCells(w, h, "single", DEFAULT_BASE, DEFAULT_BASE, title);
    this.items.forEach((item, i) => {
      const row = (i + 1) * w;
      if (item.name === null) {
        cells[row] = { ...cells[row]!, text: "├" };
        for (let x = 1; x < w - 1; x++) cells[row + x] = { ...cells[row + x]!, text: "─" };
        cells[row + w - 1] = { ...cells[row + w - 1]!, text: "┤" };
        return;
      }
      // The row is cleared in the item's style, then its text drawn on it (dim when disabled).
      const disabled = item.name.startsWith("-");
      const fill = i === this.choice && !disabled ? chosen : DEFAULT_BASE;
      for (let x = 0; x < this.width; x++) cells[row + 2 + x] = styleCell(" ", fill);
      const base = disabled ? { ...DEFAULT_BASE, attr: ATTR.dim } : fill;
      drawOver(cells, row + 2, ownCells(disabled ? item.name.slice(1) : item.name, this.width, base, { defaultColours: fill === chosen }));
    });
    return { x: this.x, y: this.y, width: w, height: h, cells };
  }
}

function enabled(i: MenuItem): boolean {
  return i.name !== null && !i.name.startsWith("-");
}
