// resize-pane (resizep): move a pane's edges (-L/-R/-U/-D N), set its size (-x/-y), or zoom (-Z).
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

function size(v: string | undefined, whole: number, name: string): number | undefined {
  if (v === undefined) return undefined;
  const m = /^(\d+)(%?)$/.exec(v);
  if (!m) throw new CommandError(`${name} invalid: ${v}`);
  return m[2] ? Math.floor((whole * Number(m[1])) / 100) : Number(m[1]);
}

export const resizePane: CommandEntry = {
  name: "resize-pane",
  alias: ["resizep"],
  usage: "[-DLMRTUZ] [-x width] [-y height] [-t target-pane] [adjustment]",
  args: "DLMRTUZx:y:t:",
  target: "pane",
  maxArgs: 1,
  exec(ctx) {
    const a = ctx.args;
    const { window, pane } = ctx.target;
    if (flag(a, "Z")) {
      window.toggleZoom(pane);
      return;
    }
    const adj = a.positional[0];
    const amount = adj === undefined ? 1 : Number(adj);
    if (!Number.isInteger(amount) || amount < 1) throw new CommandError(`adjustment invalid: ${adj}`);
    window.unzoom();
    const width = size(value(a, "x"), window.cols, "width");
    const height = size(value(a, "y"), window.rows, "height");
    if (width !== undefined || height !== undefined) window.layout.setPaneSize(pane.id, { width, height });
    for (const d of ["L", "R", "U", "D"] as const) if (flag(a, d)) window.layout.resizePane(pane.id, d, amount);
    window.applyLayout();
  },
};
