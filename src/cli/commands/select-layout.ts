// select-layout (selectl), next-layout (nextl), previous-layout (prevl): arrange a window's panes
// by a preset (even-horizontal, even-vertical, main-horizontal, main-vertical, tiled, or a
// unique prefix of one) or by a #{window_layout} string; -E spreads a pane and its neighbours
// evenly, -o goes back to the layout before the last of these commands.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { LAYOUT_NAMES, type LayoutName, type SizeOption } from "../../mux/model/layout.ts";
import type { Window } from "../../mux/model/window.ts";

/** The preset each window had last (tmux's w->lastlayout), for next/previous and a bare select-layout. */
const lastPreset = new WeakMap<Window, number>();
/** Each window's layout before the last select-layout, next- or previous-layout (w->old_layout), for -o. */
const oldLayout = new WeakMap<Window, string>();

export function lookupPreset(name: string): number | null {
  const exact = LAYOUT_NAMES.indexOf(name as LayoutName);
  if (exact >= 0) return exact;
  const matches = LAYOUT_NAMES.map((n, i) => (n.startsWith(name) ? i : -1)).filter((i) => i >= 0);
  return matches.length === 1 ? matches[0]! : null;
}

function sizeOption(v: string): SizeOption {
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** Apply preset i to the window and make its panes take their new sizes. */
export function applyPreset(ctx: CommandContext, w: Window, i: number): void {
  w.unzoom();
  w.layout.apply(LAYOUT_NAMES[i]!, {
    mainPaneWidth: sizeOption(w.options.getString("main-pane-width")),
    mainPaneHeight: sizeOption(w.options.getString("main-pane-height")),
  });
  lastPreset.set(w, i);
  w.applyLayout();
  // tmux announces a preset twice: once as it is set (layout_set_*) and once as the command's change.
  w.notify.emit({ type: "window-layout-changed", window: w });
}

function step(ctx: CommandContext, by: 1 | -1): void {
  const w = ctx.target.window;
  w.unzoom();
  oldLayout.set(w, w.layout.serialize());
  const last = lastPreset.get(w);
  const n = LAYOUT_NAMES.length;
  applyPreset(ctx, w, last === undefined ? (by === 1 ? 0 : n - 1) : (last + by + n) % n);
}

export const selectLayout: CommandEntry = {
  name: "select-layout",
  alias: ["selectl"],
  usage: "[-Enop] [-t target-pane] [layout-name]",
  args: "Enopt:",
  maxArgs: 1,
  target: "pane",
  exec(ctx) {
    const a = ctx.args;
    const w = ctx.target.window;
    if (flag(a, "n")) return step(ctx, 1);
    if (flag(a, "p")) return step(ctx, -1);
    w.unzoom();
    // As tmux: whatever this does, the layout it starts from is what -o goes back to.
    const previous = oldLayout.get(w);
    oldLayout.set(w, w.layout.serialize());
    if (flag(a, "E")) {
      w.layout.spreadOut(ctx.target.pane.id);
      w.applyLayout();
      return;
    }
    const name = a.positional[0] ?? (flag(a, "o") ? previous : undefined);
    if (name === undefined) {
      const last = lastPreset.get(w);
      if (last !== undefined && !flag(a, "o")) applyPreset(ctx, w, last);
      return;
    }
    const preset = flag(a, "o") && a.positional[0] === undefined ? null : lookupPreset(name);
    if (preset !== null) return applyPreset(ctx, w, preset);
    try {
      w.layout.setLayoutString(name);
    } catch {
      if (previous === undefined) oldLayout.delete(w);
      else oldLayout.set(w, previous);
      throw new CommandError(`invalid layout: ${name}`); // tmux 3.3a's words
    }
    w.applyLayout();
  },
};

export const nextLayout: CommandEntry = {
  name: "next-layout",
  alias: ["nextl"],
  usage: "[-t target-window]",
  args: "t:",
  maxArgs: 0,
  target: "window",
  exec: (ctx) => step(ctx, 1),
};

export const previousLayout: CommandEntry = {
  name: "previous-layout",
  alias: ["prevl"],
  usage: "[-t target-window]",
  args: "t:",
  maxArgs: 0,
  target: "window",
  exec: (ctx) => step(ctx, -1),
};
