// choose-tree: sessions, their windows and the windows' panes in a tree over the target pane
// (tree-mode, as tmux's window-tree.c); Enter runs the template on the current item,
// switch-client -Zt '%%' by default (C-b s, C-b w). -s starts with sessions collapsed, -w with
// windows collapsed; -F sets each line's text, -K its shortcut, -f keeps the panes a filter is
// true for (and their windows and sessions), -O and -r the order, -G shows every session of a
// group, -N no preview, -Z zooms the pane meanwhile. Its own keys: x / X kill the current or the
// tagged items after a y, : runs a command on them, m / M mark and unmark, H goes back to the target, < and > scroll a preview.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { formatTrue } from "../../mux/lang/format.ts";
import type { Session } from "../../mux/model/session.ts";
import type { Winlink } from "../../mux/model/winlink.ts";
import type { Pane } from "../../mux/model/pane.ts";
import type { ChooserItem, ChooserKeyContext, SortCriteria } from "../../mux/client/tree-chooser.ts";
import { Confirm, Prompt } from "../../mux/client/prompt.ts";
import { sessionPreview, windowPreview, type PreviewScroll } from "../../mux/client/tree-preview.ts";
import { panePreview } from "../../mux/client/mode-preview.ts";
import { format } from "./common.ts";
import { keyFormat, openChooser } from "./choosers.ts";

/** Each line's text after its name without -F, as tmux's WINDOW_TREE_DEFAULT_FORMAT. */
const TREE_FORMAT =
  "#{?pane_format,#{?pane_marked,#[reverse],}#{pane_current_command}#{?pane_active,*,}#{?pane_marked,M,}" +
  '#{?#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}},: "#{pane_title}",},' +
  "#{?window_format,#{?window_marked_flag,#[reverse],}#{window_name}#{window_flags}" +
  '#{?#{&&:#{==:#{window_panes},1},#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}}},: "#{pane_title}",},' +
  "#{session_windows} windows#{?session_grouped, (group #{session_group}: #{session_group_list}),}#{?session_attached, (attached),}}}";

/** WINDOW_TREE_DEFAULT_KEY_FORMAT: 0-9, then M-a to M-z. */
const TREE_KEY_FORMAT = "#{?#{e|<:#{line},10},#{line},#{?#{e|<:#{line},36},M-#{a:#{e|+:97,#{e|-:#{line},10}}},}}";

const SORTS = ["index", "name", "time"] as const;

/** What an item stands for: a session, one of its links, or a pane of the link's window. */
interface Place {
  session: Session;
  winlink?: Winlink;
  pane?: Pane;
}

/** tmux's strcmp of names (byte order). */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** window_tree_cmp_session: by id, name, or most recent activity first (then name); reversed negates it. */
function sessionOrder(sort: SortCriteria): (a: Session, b: Session) => number {
  const by = (a: Session, b: Session) => {
    if (sort.field === "index") return a.id - b.id;
    if (sort.field === "time" && a.activity !== b.activity) return a.activity > b.activity ? -1 : 1;
    return byName(a.name, b.name);
  };
  return (a, b) => (sort.reversed ? -by(a, b) : by(a, b));
}

/** window_tree_cmp_window: by index, window name, or most recent activity first (then name). */
function windowOrder(sort: SortCriteria): (a: Winlink, b: Winlink) => number {
  const by = (a: Winlink, b: Winlink) => {
    if (sort.field === "index") return a.index - b.index;
    if (sort.field === "time" && a.window.activity !== b.window.activity) return a.window.activity > b.window.activity ? -1 : 1;
    return byName(a.window.name, b.window.name);
  };
  return (a, b) => (sort.reversed ? -by(a, b) : by(a, b));
}

/** window_tree_cmp_pane: panes have no names: by when last active for time, else by id. */
function paneOrder(sort: SortCriteria): (a: Pane, b: Pane) => number {
  const by = (a: Pane, b: Pane) => (sort.field === "time" ? a.activePoint - b.activePoint : a.id - b.id);
  return (a, b) => (sort.reversed ? -by(a, b) : by(a, b));
}

/** The template's target of an item, as window_tree_get_target. */
function targetOf(p: Place): string {
  if (!p.winlink) return `=${p.session.name}:`;
  if (!p.pane) return `=${p.session.name}:${p.winlink.index}.`;
  return `=${p.session.name}:${p.winlink.index}.%${p.pane.id}`;
}

export const chooseTree: CommandEntry = {
  name: "choose-tree",
  usage: "[-GNrswZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]",
  args: "GNrswZF:f:K:O:t:",
  maxArgs: 1,
  target: "pane",
  commandArgs: () => true,
  exec(ctx) {
    const a = ctx.args;
    const fs = ctx.target;
    const lineFormat = value(a, "F") ?? TREE_FORMAT;
    const squash = !flag(a, "G");
    const places = new Map<string, Place>();
    // The preview's sideways scroll (< and >): back to 0 when the current item changes.
    const scroll: PreviewScroll = { offset: 0, item: "" };
    const text = (p: Place, kind: string) => format(ctx, lineFormat, { ...p, window: p.winlink?.window, extra: { [kind]: 1 } });
    const keep = (p: Place, filter: string | null) => filter === null || formatTrue(format(ctx, filter, { ...p, window: p.winlink?.window }));

    const paneItem = (s: Session, link: Winlink, p: Pane, id: string): ChooserItem => {
      places.set(id, { session: s, winlink: link, pane: p });
      return { id, name: String(link.window.paneIndex(p)), text: text({ session: s, winlink: link, pane: p }, "pane_format"), preview: (w, h) => panePreview(p, w, h) };
    };
    // A window with one pane has no children; one whose panes the filter keeps none of is left out.
    const windowItem = (s: Session, link: Winlink, sort: SortCriteria, filter: string | null): ChooserItem | null => {
      const w = link.window;
      const id = `$${s.id}:${link.index}@${w.id}`;
      const all = [...w.panes.values()];
      const panes = all.filter((p) => keep({ session: s, winlink: link, pane: p }, filter)).sort(paneOrder(sort));
      if (panes.length === 0) return null;
      places.set(id, { session: s, winlink: link });
      const item: ChooserItem = { id, name: String(link.index), text: text({ session: s, winlink: link }, "window_format"), expanded: !flag(a, "s") && !flag(a, "w"), preview: (pw, ph) => windowPreview(s, w, pw, ph, scrollFor(id)) };
      if (all.length > 1) item.children = panes.map((p) => paneItem(s, link, p, `${id}%${p.id}`));
      return item;
    };
    const sessionItem = (s: Session, sort: SortCriteria, filter: string | null): ChooserItem | null => {
      const id = `$${s.id}`;
      const windows = [...s.links].sort(windowOrder(sort)).flatMap((l) => windowItem(s, l, sort, filter) ?? []);
      if (windows.length === 0) return null;
      places.set(id, { session: s });
      return { id, name: s.name, text: text({ session: s }, "session_format"), expanded: !flag(a, "s"), children: windows, preview: (w, h) => sessionPreview(s, w, h, scrollFor(id)) };
    };
    const scrollFor = (id: string) => {
      if (scroll.item !== id) Object.assign(scroll, { item: id, offset: 0 });
      return scroll;
    };
    // window_tree_build: one session of a group unless -G (the target's own, else the first).
    const shown = (s: Session) => !squash || !s.group || (s.group === fs.session.group ? s === fs.session : s === s.group.sessions[0]);
    const build = (sort: SortCriteria, filter: string | null) => {
      places.clear();
      const items = ctx.model.sessions.filter(shown).sort(sessionOrder(sort)).flatMap((s) => sessionItem(s, sort, filter) ?? []);
      return { items, current: currentId(ctx) };
    };
    openChooser(
      ctx,
      {
        name: "tree-mode",
        sorts: SORTS,
        build,
        search: (it, t) => searchText(places.get(it.id)).includes(t),
        shortcut: keyFormat(ctx, value(a, "K") ?? TREE_KEY_FORMAT, (it) => ({ ...places.get(it.id)!, window: places.get(it.id)?.winlink?.window })),
        keys: treeKeys(ctx, places, scroll),
      },
      a.values[0] ?? "switch-client -Zt '%%'",
      (it) => {
        const p = places.get(it.id);
        return p ? targetOf(p) : null;
      },
    );
  },
};

/** The item first current: the target's pane, or its window when that has one pane; its session with -s, its window with -w. */
function currentId(ctx: CommandContext): string {
  const { session, winlink, window, pane } = ctx.target;
  const link = winlink ?? session.linkOf(window);
  const w = `$${session.id}:${link?.index ?? 0}@${window.id}`;
  if (flag(ctx.args, "s")) return `$${session.id}`;
  if (flag(ctx.args, "w") || window.panes.size === 1) return w;
  return `${w}%${pane.id}`;
}

/** What C-s matches: a session's name, a window's name, a pane's command (window_tree_search). */
function searchText(p: Place | undefined): string {
  if (!p) return "";
  if (p.pane) return p.pane.currentCommand();
  return p.winlink ? p.winlink.window.name : p.session.name;
}

/** tree-mode's own keys (window_tree_key). */
function treeKeys(ctx: CommandContext, places: Map<string, Place>, scroll: PreviewScroll): Record<string, (m: ChooserKeyContext) => boolean | void> {
  const kill = (m: ChooserKeyContext, items: ChooserItem[], label: string) => {
    const targets = items.flatMap((it) => places.get(it.id) ?? []);
    m.by.openPrompt(
      new Confirm(label, "y", (yes) => {
        m.by.closePrompt();
        if (!yes) return;
        for (const p of targets) {
          // As window_tree_kill_each: the session, the window (wherever it is linked), the pane.
          if (p.pane) ctx.server.runLine(`kill-pane -t %${p.pane.id}`, null);
          else if (p.winlink) ctx.server.runLine(`kill-window -t @${p.winlink.window.id}`, null);
          else ctx.server.runLine(`kill-session -t '$${p.session.id}'`, null);
        }
      }),
    );
  };
  return {
    x: (m) => {
      const p = places.get(m.current.id);
      if (!p) return;
      const label = p.pane ? `Kill pane ${p.winlink!.window.paneIndex(p.pane)}? ` : p.winlink ? `Kill window ${p.winlink.index}? ` : `Kill session ${p.session.name}? `;
      kill(m, [m.current], label);
    },
    X: (m) => {
      if (m.tagged.length > 0) kill(m, m.tagged, `Kill ${m.tagged.length} tagged? `);
    },
    m: (m) => {
      const p = places.get(m.current.id);
      if (!p) return;
      const link = p.winlink ?? p.session.curw;
      const pane = p.pane ?? link.window.active;
      ctx.model.setMarked(pane, { session: p.session, winlink: link, window: link.window, pane });
    },
    M: () => ctx.model.setMarked(null),
    H: (m) => {
      const { session, winlink, window, pane } = ctx.target;
      const link = winlink ?? session.linkOf(window);
      const w = `$${session.id}:${link?.index ?? 0}@${window.id}`;
      m.chooser.expand(`$${session.id}`);
      m.chooser.expand(w);
      if (!m.chooser.setCurrent(`${w}%${pane.id}`)) m.chooser.setCurrent(w);
    },
    ":": (m) => {
      // A command for each tagged item, else the current one, its target for %% (window_tree_command_callback).
      const items = m.tagged.length > 0 ? m.tagged : [m.current];
      const prompt: Prompt = new Prompt(m.tagged.length > 0 ? `(${m.tagged.length} tagged) ` : "(current) ", "", (text) => {
        m.by.closePrompt();
        if (text) for (const it of items) m.chooser.runOn(it, m.by, text);
      });
      m.by.openPrompt(prompt);
    },
    "<": () => void scroll.offset--,
    ">": () => void scroll.offset++,
  };
}
