// What swap-pane, break-pane and join-pane share: resolving their second target (-s, or -t
// where the command resolves it itself), and moving a pane's bookkeeping between windows.
import { CommandError, type Target, type TargetKind } from "../../mux/lang/command.ts";
import type { FindFlags } from "../../mux/lang/cmd-find.ts";
import type { CommandContext } from "./context.ts";
import type { Pane } from "../../mux/model/pane.ts";
import type { Window } from "../../mux/model/window.ts";
import type { Winlink } from "../../mux/model/winlink.ts";
import type { PaneTarget } from "../../mux/model/index.ts";

/** Resolve a target flag the command table did not (absent = the current one), as cmd-find. */
export function targetFlag(ctx: CommandContext, spec: string | undefined, kind: TargetKind, flags: FindFlags = {}): Target {
  const t = ctx.server.resolve(ctx, spec, kind, flags);
  if (!t) throw new CommandError("");
  return t;
}

/** The -s target the command table resolved (entries with `source`). */
export function sourceOf(ctx: CommandContext): Target {
  if (!ctx.source) throw new Error("the command's entry declares no source target");
  return ctx.source;
}

/** The winlink a resolved target names: the one cmd-find found, else the window's best in the session. */
export function linkOf(t: PaneTarget): Winlink {
  const wl = t.winlink && t.winlink.session === t.session && t.winlink.window === t.window ? t.winlink : t.session.linkOf(t.window);
  if (!wl) throw new Error(`window @${t.window.id} is not in session $${t.session.id}`);
  return wl;
}

/** Take a pane out of a window's maps (not its layout) and forget it as active / last / zoomed. */
export function detachPane(w: Window, p: Pane): void {
  w.panes.delete(p.id);
  if (w.zoomed) w.unzoom();
  if (w.lastPane === p) w.lastPane = null;
}

/** After a window's panes changed: a valid active pane, sizes applied, clients told. */
export function settle(ctx: CommandContext, w: Window): void {
  if (!w.panes.has(w.active.id)) {
    w.active = w.orderedPanes()[0] ?? w.active;
    w.lastPane = null;
  }
  w.applyLayout();
}
