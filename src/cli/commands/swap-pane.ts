// swap-pane (swapp): two panes exchange places (and sizes), in one window or across windows;
// -D / -U swap the target with the next / previous pane.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { sourceOf, settle } from "./pane-moves.ts";

export const swapPane: CommandEntry = {
  name: "swap-pane",
  alias: ["swapp"],
  usage: "[-dDUZ] [-s src-pane] [-t dst-pane]",
  args: "dDUZs:t:",
  maxArgs: 0,
  target: "pane",
  source: "pane",
  sourceFlags: { defaultMarked: true },
  exec(ctx) {
    const a = ctx.args;
    const { model } = ctx;
    const dst = ctx.target;
    let src = sourceOf(ctx);
    if (flag(a, "D") || flag(a, "U")) {
      const order = dst.window.orderedPanes();
      const i = order.indexOf(dst.pane);
      const p = order[(i + (flag(a, "D") ? 1 : -1) + order.length) % order.length]!;
      src = { session: dst.session, window: dst.window, pane: p };
    }
    const sw = src.window;
    const dw = dst.window;
    const sp = src.pane;
    const dp = dst.pane;
    if (sp === dp) return;
    sw.unzoom();
    dw.unzoom();
    const srcWasActive = sw.active === sp;
    const dstWasActive = dw.active === dp;
    if (sw === dw) sw.layout.swap(sp.id, dp.id);
    else {
      if (!sw.layout.has(sp.id) || !dw.layout.has(dp.id)) throw new CommandError("can't swap a pane that is not laid out");
      sw.layout.replacePane(sp.id, dp.id);
      dw.layout.replacePane(dp.id, sp.id);
      sw.panes.delete(sp.id);
      dw.panes.delete(dp.id);
      sw.panes.set(dp.id, dp);
      dw.panes.set(sp.id, sp);
      model.movePaneIndex(dp, sw);
      model.movePaneIndex(sp, dw);
      if (sw.lastPane === sp) sw.lastPane = null;
      if (dw.lastPane === dp) dw.lastPane = null;
    }
    // As tmux: without -d the target pane is active (in its new place) and, across windows, the
    // source in the target's window; with -d the active place of each window stays active.
    if (!flag(a, "d")) {
      if (sw === dw) sw.setActive(dp);
      else {
        sw.active = dp;
        dw.active = sp;
      }
    } else {
      if (srcWasActive) sw.active = dp;
      if (dstWasActive) dw.active = sp;
    }
    settle(ctx, sw);
    if (dw !== sw) settle(ctx, dw);
  },
};
