// join-pane (joinp) and move-pane (movep): move a pane into another window by splitting the
// target pane (-h/-v, -b, -f, -l size as split-window); a window left empty closes.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { Layout } from "../../mux/model/layout.ts";
import { sourceOf, detachPane, settle, linkOf } from "./pane-moves.ts";

function size(l: string | undefined): { cells: number } | { percent: number } | undefined {
  if (l === undefined) return undefined;
  const m = /^(\d+)(%?)$/.exec(l);
  if (!m) throw new CommandError(`invalid size: ${l}`);
  return m[2] ? { percent: Number(m[1]) } : { cells: Number(m[1]) };
}

function join(ctx: CommandContext): void {
  const a = ctx.args;
  const { model } = ctx;
  const dst = ctx.target;
  const src = sourceOf(ctx);
  const { window: sw, pane: p } = src;
  const { window: dw, pane: d } = dst;
  if (p === d) throw new CommandError("source and target panes must be different");
  const split = { horizontal: flag(a, "h"), before: flag(a, "b"), fullSize: flag(a, "f"), size: size(value(a, "l") ?? value(a, "p")?.concat("%")) };
  sw.unzoom();
  dw.unzoom();
  if (sw === dw) {
    // Within one window: take the pane out, then split the target; put things back on failure.
    const saved = sw.layout.serialize();
    sw.layout.remove(p.id);
    try {
      sw.layout.split(d.id, p.id, split);
    } catch (e) {
      sw.layout = Layout.parse(saved);
      throw e;
    }
  } else {
    dw.layout.split(d.id, p.id, split); // throws (nothing changed) when there is no room
    if (sw.panes.size === 1) {
      detachPane(sw, p);
      model.killWindow(sw); // no panes left to kill: the window (and maybe its session) closes
    } else {
      sw.removePane(p);
      detachPane(sw, p);
      settle(ctx, sw);
    }
    dw.addPane(p);
    model.movePaneIndex(p, dw);
  }
  if (!flag(a, "d")) {
    dw.setActive(p);
    dst.session.select(linkOf(dst));
  }
  settle(ctx, dw);
}

export const joinPane: CommandEntry = {
  name: "join-pane",
  alias: ["joinp"],
  usage: "[-bdfhv] [-l size] [-s src-pane] [-t dst-pane]",
  args: "bdfhvl:p:s:t:",
  maxArgs: 0,
  target: "pane",
  source: "pane",
  sourceFlags: { defaultMarked: true },
  exec: join,
};

export const movePane: CommandEntry = { ...joinPane, name: "move-pane", alias: ["movep"] };
