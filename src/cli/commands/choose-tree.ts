// choose-tree: pick a session (-s) or a window (-w, the default shows both) from a list over the
// target pane (tree-mode); Enter runs the template on it, switch-client -t '%%' by default (C-b s, C-b w).
// -F sets what follows each name (with session_format or window_format set, as tmux), -f keeps
// the windows with a pane the filter is true for (and their sessions), -O sorts by index, name
// or time (most recently active first) and -r reverses it.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import type { ChooserItem } from "../../mux/client/chooser.ts";
import { formatTrue } from "../../mux/lang/format.ts";
import type { Session } from "../../mux/model/session.ts";
import type { Window } from "../../mux/model/window.ts";
import type { Winlink } from "../../mux/model/winlink.ts";
import type { Pane } from "../../mux/model/pane.ts";
import { treePrefix } from "../../mux/client/mode-tree.ts";
import { sessionPreview, windowPreview } from "../../mux/client/tree-preview.ts";
import { panePreview } from "../../mux/client/mode-preview.ts";
import { format, sortOrder } from "./common.ts";
import { openChooser } from "./choosers.ts";

type Sort = "index" | "name" | "time";

/** Each line's text after its name without -F, as tmux's WINDOW_TREE_DEFAULT_FORMAT. */
const TREE_FORMAT =
  "#{?pane_format,#{?pane_marked,#[reverse],}#{pane_current_command}#{?pane_active,*,}#{?pane_marked,M,}" +
  '#{?#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}},: "#{pane_title}",},' +
  "#{?window_format,#{?window_marked_flag,#[reverse],}#{window_name}#{window_flags}" +
  '#{?#{&&:#{==:#{window_panes},1},#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}}},: "#{pane_title}",},' +
  "#{session_windows} windows#{?session_grouped, (group #{session_group}: #{session_group_list}),}#{?session_attached, (attached),}}}";

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
  // tmux's -G and -K are taken (so tmux bindings and scripts load) and not acted on: no key
  // formats.
  args: "GNrswZF:f:K:O:t:",
  maxArgs: 1,
  target: "pane",
  commandArgs: () => true,
  exec(ctx) {
    const a = ctx.args;
    const current = ctx.target;
    const sort = sortOrder(value(a, "O"), ["index", "name", "time"]) as Sort | null;
    const reverse = flag(a, "r") ? -1 : 1;
    const bySession = sessionOrder(sort);
    const byWindow = windowOrder(sort);
    const lineFormat = value(a, "F") ?? TREE_FORMAT;
    const text = (t: { session: Session; window?: Window; winlink?: Winlink; pane?: Pane }, kind: "session_format" | "window_format" | "pane_format") => format(ctx, lineFormat, { ...t, extra: { [kind]: 1 } });
    // As tmux's window_tree_build: -s shows sessions collapsed, -w windows collapsed; else all open.
    const sessionsOpen = !flag(a, "s");
    const windowsOpen = !flag(a, "s") && !flag(a, "w");
    const build = (filter: string | undefined) => {
      const keep = (s: Session, w: Window, p: Pane) => filter === undefined || formatTrue(format(ctx, filter, { session: s, window: w, pane: p }));
      const items: ChooserItem[] = [];
      let selected = 0;
      const sessions = [...ctx.model.sessions].sort((x, y) => reverse * bySession(x, y));
      const shown = sessions.map((s) => ({ s, links: s.links.filter((l) => [...l.window.panes.values()].some((p) => keep(s, l.window, p))).sort((x, y) => reverse * byWindow(x, y)) })).filter((e) => e.links.length > 0);
      shown.forEach(({ s, links }, si) => {
        const sLast = si === shown.length - 1;
        if (s === current.session) selected = items.length;
        const sprefix = treePrefix({ depth: 0, last: sLast, flat: false, parentLast: false, children: true, expanded: sessionsOpen });
        items.push({ text: `${sprefix}${s.name}: ${text({ session: s }, "session_format")}`, target: `$${s.id}`, name: s.name, tagAt: sprefix.length + s.name.length, preview: (pw, ph) => sessionPreview(s, pw, ph) });
        if (!sessionsOpen) return;
        const panesOf = (l: Winlink) => (l.window.panes.size > 1 ? l.window.orderedPanes().filter((p) => keep(s, l.window, p)) : []);
        const flat = links.every((l) => panesOf(l).length === 0);
        links.forEach((link, wi) => {
          const w = link.window;
          const panes = panesOf(link);
          const wLast = wi === links.length - 1;
          // The target's own link is selected (a window may be linked twice in its session).
          const here = s === current.session && (current.winlink ? link === current.winlink : w === current.window);
          if (here && (!windowsOpen || panes.length === 0)) selected = items.length;
          const wprefix = treePrefix({ depth: 1, last: wLast, flat, parentLast: sLast, children: panes.length > 0, expanded: windowsOpen });
          // A link, not the window: it may be in several sessions (window_tree_get_target).
          items.push({ text: `${wprefix}${link.index}: ${text({ session: s, window: w, winlink: link }, "window_format")}`, target: `=${s.name}:${link.index}.`, name: String(link.index), tagAt: wprefix.length + String(link.index).length, child: true, preview: (pw, ph) => windowPreview(s, w, pw, ph) });
          if (!windowsOpen) return;
          panes.forEach((p, pi) => {
            if (here && p === w.active) selected = items.length;
            const pprefix = treePrefix({ depth: 2, last: pi === panes.length - 1, flat: true, parentLast: wLast, children: false, expanded: false });
            const index = String(w.paneIndex(p));
            items.push({ text: `${pprefix}${index}: ${text({ session: s, window: w, winlink: link, pane: p }, "pane_format")}`, target: `=${s.name}:${link.index}.%${p.id}`, name: index, tagAt: pprefix.length + index.length, child: true, preview: (pw, ph) => panePreview(p, pw, ph) });
          });
        });
      });
      return { items, selected };
    };
    // As tmux's mode tree: a filter that matches nothing shows everything.
    const filter = value(a, "f");
    const box = { sort: { name: sort ?? "index", reversed: reverse === -1 }, ...(flag(a, "N") ? { noPreview: true } : {}) };
    const list = () => {
      const kept = build(filter);
      if (filter === undefined) return { ...kept, ...box };
      return kept.items.length > 0 ? { ...kept, ...box, filter: "active" as const } : { ...build(undefined), ...box, filter: "no matches" as const };
    };
    openChooser(ctx, "tree-mode", list, a.values[0] ?? "switch-client -t '%%'");
  },
};
