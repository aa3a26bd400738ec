// choose-tree: pick a session (-s) or a window (-w, the default shows both) from a list over the
// target pane (tree-mode); Enter runs the template on it, switch-client -t '%%' by default (C-b s, C-b w).
// -F sets what follows each name (with session_format or window_format set, as tmux), -f keeps
// the windows with a pane the filter is true for (and their sessions), -O sorts by index, name
// or time (most recently active first) and -r reverses it.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import type { ChooserItem } from "../../mux/client/chooser.ts";
import { formatTrue } from "../../mux/lang/format.ts";
import { windowFlags } from "../../mux/lang/format-vars.ts";
import type { Session } from "../../mux/model/session.ts";
import type { Window } from "../../mux/model/window.ts";
import type { Winlink } from "../../mux/model/winlink.ts";
import { format, sortOrder } from "./common.ts";
import { openChooser } from "./choosers.ts";

type Sort = "index" | "name" | "time";

function sessionOrder(sort: Sort | null): (a: Session, b: Session) => number {
  if (sort === "index") return (a, b) => a.id - b.id;
  if (sort === "time") return (a, b) => b.activity - a.activity || a.name.localeCompare(b.name);
  return (a, b) => a.name.localeCompare(b.name);
}

function windowOrder(sort: Sort | null): (a: Winlink, b: Winlink) => number {
  if (sort === "name") return (a, b) => a.window.name.localeCompare(b.window.name) || a.index - b.index;
  if (sort === "time") return (a, b) => b.window.activity - a.window.activity || a.index - b.index;
  return (a, b) => a.index - b.index;
}

export const chooseTree: CommandEntry = {
  name: "choose-tree",
  usage: "[-rswZ] [-F format] [-f filter] [-O sort-order] [-t target-pane] [template]",
  // tmux's -G, -K and -N are taken (so tmux bindings and scripts load) and not acted on: no
  // key formats or previews.
  args: "GNrswZF:f:K:O:t:",
  maxArgs: 1,
  target: "pane",
  commandArgs: () => true,
  exec(ctx) {
    const a = ctx.args;
    const current = ctx.target;
    const sessionsOnly = flag(a, "s") && !flag(a, "w");
    const sort = sortOrder(value(a, "O"), ["index", "name", "time"]) as Sort | null;
    const reverse = flag(a, "r") ? -1 : 1;
    const bySession = sessionOrder(sort);
    const byWindow = windowOrder(sort);
    const lineFormat = value(a, "F");
    const line = (fmt: string, t: { session: Session; window?: Window; winlink?: Winlink }, kind: "session_format" | "window_format") => format(ctx, fmt, { ...t, extra: { [kind]: 1 } });
    const build = (filter: string | undefined) => {
      const kept = (s: Session, w: Window) => filter === undefined || [...w.panes.values()].some((p) => formatTrue(format(ctx, filter, { session: s, window: w, pane: p })));
      const items: ChooserItem[] = [];
      let selected = 0;
      for (const s of [...ctx.model.sessions].sort((x, y) => reverse * bySession(x, y))) {
        const windows = s.links.filter((l) => kept(s, l.window)).sort((x, y) => reverse * byWindow(x, y));
        if (windows.length === 0) continue;
        const attached = [...ctx.server.clients].some((c) => c.session === s);
        if (s === current.session && sessionsOnly) selected = items.length;
        const about = lineFormat !== undefined ? line(lineFormat, { session: s }, "session_format") : `${s.windows.length} windows${attached ? " (attached)" : ""}`;
        items.push({ text: `${s.name}: ${about}`, target: `$${s.id}` });
        if (sessionsOnly) continue;
        for (const link of windows) {
          const w = link.window;
          // The target's own link is selected (a window may be linked twice in its session).
          if (s === current.session && (current.winlink ? link === current.winlink : w === current.window)) selected = items.length;
          const about = lineFormat !== undefined ? line(lineFormat, { session: s, window: w, winlink: link }, "window_format") : `${w.name}${windowFlags(link, false, ctx.server.markedPane())} (${w.panes.size} panes)`;
          items.push({ text: `    ${link.index}: ${about}`, target: `=${s.name}:${link.index}.` }); // a link, not the window: it may be in several sessions (window_tree_get_target)
        }
      }
      return { items, selected };
    };
    // As tmux's mode tree: a filter that matches nothing shows everything.
    const filter = value(a, "f");
    const list = () => {
      const kept = build(filter);
      return kept.items.length > 0 ? kept : build(undefined);
    };
    openChooser(ctx, "tree-mode", list, a.values[0] ?? "switch-client -t '%%'");
  },
};
