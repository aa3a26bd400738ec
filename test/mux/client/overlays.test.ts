// Menus and popups drawn as tmux 3.3a draws them: each case of goldens/overlays.json
// (scripts/goldens/overlays.ts) is built here as display-menu / display-popup build it, composed
// over an empty window, and the cells of its box compared with tmux's screen.
import { test, expect, afterAll } from "bun:test";
import { readFileSync } from "node:fs";
import { Terminal } from "@xterm/headless";
import { composeFrame, Attr, type Frame } from "../../../src/render/index.ts";
import { buildArgs, value, flag, type Args } from "../../../src/mux/lang/command.ts";
import { Menu, type MenuItemSpec } from "../../../src/mux/client/menu.ts";
import { Popup } from "../../../src/mux/client/popup.ts";
import { overlayPosition } from "../../../src/mux/client/overlay-position.ts";
import { styleBase } from "../../../src/mux/client/view.ts";
import { parseMouse } from "../../../src/mux/client/mouse.ts";
import type { BoxLines } from "../../../src/mux/client/overlay-box.ts";
import { displayMenu } from "../../../src/cli/commands/display-menu.ts";
import { displayPopup, popupSize, popupStyle } from "../../../src/cli/commands/display-popup.ts";
import { OPTIONS_TABLE } from "../../../src/mux/model/options-table.ts";
import { waitFor } from "../../helpers/wait.ts";

interface Case {
  name: string;
  cols: number;
  rows: number;
  command: string[];
  options: string[][];
  keys: string;
  screen: string[][];
}

const CASES: Case[] = JSON.parse(readFileSync(`${import.meta.dir}/goldens/overlays.json`, "utf8"));
const SEP = "\x1f";
const terminals: Terminal[] = [];
afterAll(() => terminals.forEach((t) => t.dispose()));

/** An option's value for the case: set by it, else tmux's default. */
function option(c: Case, name: string): string {
  const set = c.options.find(([n]) => n === name);
  if (set) return set[1]!;
  return String(OPTIONS_TABLE.find((o) => o.name === name)?.default ?? "");
}

function colourName(packed: number): string {
  const mode = packed & 0x3000000;
  const v = packed & 0xffffff;
  if (mode === 0x1000000) return `p16:${v}`;
  if (mode === 0x2000000) return `p256:${v}`;
  if (mode === 0x3000000) return `rgb:${v.toString(16).padStart(6, "0")}`;
  return "d";
}

function cell(f: Frame, x: number, y: number): string {
  const i = y * f.cols + x;
  const a = f.attrs[i] ?? 0;
  const attrs = (a & Attr.bold ? "b" : "") + (a & Attr.dim ? "d" : "") + (a & Attr.italic ? "i" : "") + (a & Attr.underline ? "u" : "") + (a & Attr.inverse ? "r" : "");
  const w = f.widths[i] ?? 1;
  const ch = w === 0 ? "" : String.fromCodePoint(f.chars[i] ?? 32);
  return [ch, w, colourName(f.fg[i] ?? 0), colourName(f.bg[i] ?? 0), attrs].join(SEP);
}

function place(c: Case, args: Args, width: number, height: number) {
  return overlayPosition({
    cols: c.cols,
    rows: c.rows,
    width,
    height,
    statusLines: 1,
    statusTop: false,
    windowStatus: { x: 4, line: 0 },
    pane: { x: 0, y: 0, width: c.cols, height: c.rows - 1 },
    x: value(args, "x"),
    y: value(args, "y"),
    expand: (fmt, vars) => fmt.replace(/#\{(\w+)\}/g, (_, n: string) => vars[n] ?? ""),
  });
}

const KEYS: Record<string, string> = { "\x1b[B": "Down" };

function buildMenu(c: Case): Menu {
  const args = buildArgs(displayMenu, c.command.slice(1), () => undefined);
  const specs: MenuItemSpec[] = [];
  const p = args.positional;
  for (let i = 0; i < p.length; ) {
    const name = p[i++]!;
    if (name === "") specs.push({ name: null, key: "", command: "" });
    else specs.push({ name, key: p[i++]!, command: p[i++]! });
  }
  const menu = new Menu(value(args, "T") ?? "", specs, c.cols, { stayOpen: flag(args, "O"), noMouse: true, choose: () => {} });
  const at = place(c, args, menu.width + 4, menu.count + 2);
  if (!at || !menu.place(at.x, at.y, c.cols, c.rows)) throw new Error("menu does not fit");
  for (const k of c.keys.match(/\x1b\[B/g) ?? []) menu.key(KEYS[k]!);
  return menu;
}

async function buildPopup(c: Case): Promise<Popup> {
  const args = buildArgs(displayPopup, c.command.slice(1), () => undefined);
  const width = popupSize(value(args, "w"), c.cols, "width");
  const height = popupSize(value(args, "h"), c.rows, "height");
  const at = place(c, args, width, height);
  if (!at) throw new Error("popup does not fit");
  const lines = (flag(args, "B") ? "none" : (value(args, "b") ?? option(c, "popup-border-lines"))) as BoxLines;
  const popup = new Popup({
    ...at,
    width,
    height,
    lines,
    title: value(args, "T") ?? "",
    style: popupStyle(option(c, "popup-style"), value(args, "s")),
    borderStyle: popupStyle(option(c, "popup-border-style"), value(args, "S")),
    spawn: { argv: ["/bin/sh", "-c", args.positional[0]!], env: { PATH: "/usr/bin:/bin", TERM: "xterm-256color" }, cwd: "/" },
    closeOnExit: 0,
    changed: () => {},
    close: () => {},
    toPane: () => false,
  });
  popup.resize(c.cols, c.rows);
  for (const sgr of c.keys.match(/\x1b\[<\d+;\d+;\d+[Mm]/g) ?? []) {
    const ev = parseMouse(Buffer.from(sgr, "latin1"));
    if (ev) popup.mouse(ev);
  }
  const text = /printf '?([^;']*)/.exec(args.positional[0]!)?.[1]?.replace(/\\033\[\d+m/g, "").split("\\n")[0] ?? "";
  await waitFor(() => (popup.pane.model.buffer.active.getLine(0)?.translateToString(true) ?? "").includes(text), `the popup's output ${text}`);
  return popup;
}

for (const c of CASES) {
  test(`${c.name}: drawn as tmux 3.3a's`, async () => {
    const pane = new Terminal({ cols: c.cols, rows: c.rows - 1, allowProposedApi: true });
    terminals.push(pane);
    const isMenu = c.command[0] === "display-menu";
    const menu = isMenu ? buildMenu(c) : null;
    const popup = isMenu ? null : await buildPopup(c);
    try {
      const chosen = styleBase(option(c, "mode-style"));
      const boxes = menu ? [menu.box(chosen)] : popup!.boxes(chosen);
      const f = composeFrame({ cols: c.cols, rows: c.rows, panes: [{ terminal: pane, x: 0, y: 0, width: c.cols, height: c.rows - 1, active: true }], windowCols: c.cols, windowRows: c.rows - 1, status: [[]], boxes });
      const got: string[] = [];
      const want: string[] = [];
      for (const box of boxes) {
        for (let y = box.y; y < box.y + box.height; y++) {
          for (let x = box.x; x < box.x + box.width; x++) {
            got.push(`${x},${y} ${cell(f, x, y)}`);
            want.push(`${x},${y} ${c.screen[y]![x]}`);
          }
        }
        // Around the box, tmux shows the window as before.
        if (box.x > 0 && boxes.length === 1) expect(c.screen[box.y]![box.x - 1]!.split(SEP)[0]).toBe(" ");
      }
      expect(got.join("\n").replaceAll(SEP, " ")).toBe(want.join("\n").replaceAll(SEP, " "));
    } finally {
      popup?.dispose();
    }
  });
}
