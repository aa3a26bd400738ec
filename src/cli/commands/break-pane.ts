// break-pane (breakp): take a pane out of its window into a new window of its own (-t names
// the new window's session and index), made current unless -d.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import type { Session } from "../../mux/model/session.ts";
import { printNew } from "./common.ts";
import { visName } from "../../mux/model/args-escape.ts";
import { targetFlag, detachPane, settle, linkOf } from "./pane-moves.ts";

export const breakPane: CommandEntry = {
  name: "break-pane",
  alias: ["breakp"],
  usage: "[-adP] [-F format] [-n window-name] [-s src-pane] [-t dst-window]",
  args: "adPF:n:s:t:",
  maxArgs: 0,
  exec(ctx) {
    const a = ctx.args;
    const { model } = ctx;
    const src = targetFlag(ctx, value(a, "s"), "pane");
    const { window: w, pane: p } = src;
    // -t names a window index that need not exist (CMD_FIND_WINDOW_INDEX), as new-window's.
    let session: Session = src.session;
    let index: number | undefined;
    const spec = value(a, "t");
    if (spec !== undefined) {
      const t = targetFlag(ctx, spec, "window", { windowIndex: true });
      session = t.session;
      index = t.index ?? undefined;
    }
    const from = linkOf(src);
    if (index === undefined && flag(a, "a")) index = session.freeIndex(from.index);
    // A window alone moves (tmux's server_link_window): onto itself is "same index".
    if (index !== undefined && session.window(index) === w && w.panes.size === 1) throw new CommandError(`same index: ${index}`);
    if (index !== undefined && session.window(index)) throw new CommandError(`index in use: ${index}`);
    const name = value(a, "n");
    if (w.panes.size === 1) {
      // Already alone: a new index or name is all that can change (tmux moves the window).
      if (session !== from.session) throw new CommandError("can't break the only pane of a window into another session");
      if (index !== undefined) session.reindex(from, index);
      if (name !== undefined) w.rename(name);
      printNew(ctx, "#{session_name}:#{window_index}.#{pane_index}", { session, window: w, winlink: from, pane: p });
      return;
    }
    const { cols, rows } = w;
    w.removePane(p);
    detachPane(w, p);
    settle(ctx, w);
    // window_set_name escapes -n here, unlike new-window's -n.
    const nw = model.newWindowFor(session, p, index ?? session.freeIndex(), name === undefined ? null : visName(name));
    nw.resize(cols, rows);
    if (!flag(a, "d")) session.select(nw);
    printNew(ctx, "#{session_name}:#{window_index}.#{pane_index}", { session, window: nw, pane: p });
  },
};
