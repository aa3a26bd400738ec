// choose-buffer (C-b =) and choose-client (C-b D): pick a paste buffer or an attached client
// from a list over the target pane (buffer-mode, client-mode, as tmux's window-buffer.c and
// window-client.c; no mode when there is none); each line the name and -F's expansion, its
// shortcut -K's. Enter runs the template on it, by default pasting the buffer (paste-buffer -b)
// or detaching the client (detach-client -t). -f keeps the items the filter is true for (all
// when it is for none), -O sorts (buffers by time, name or size; clients by name, size, creation
// or activity), -r reverses, -N hides the preview, -Z zooms the pane meanwhile. Their own keys:
// buffers' p pastes, P pastes the tagged, d / D delete; clients' d / x / z detach, kill or
// suspend the current client, D / X / Z the tagged ones.
import { formatTrue } from "../../mux/lang/format.ts";
import { value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import type { PasteBuffer } from "../../mux/model/notify.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";
import type { ChooserItem, ChooserKeyContext, SortCriteria } from "../../mux/client/tree-chooser.ts";
import { strvis } from "../../mux/model/args-escape.ts";
import { clientPreview } from "../../mux/client/mode-preview.ts";
import { escapeArg } from "../../mux/lang/cmd-print.ts";
import { normalizeKeyName } from "../../mux/lang/keys.ts";
import { bufferFormat } from "./buffers.ts";
import { format } from "./common.ts";
import { openChooser } from "./choosers.ts";

/** What follows each item's name without -F, as tmux's window-buffer.c and window-client.c. */
const BUFFER_MODE_FORMAT = "#{t/p:buffer_created}: #{buffer_sample}";
const CLIENT_MODE_FORMAT = "#{t/p:client_activity}: session #{session_name}";
/** Their default key-format: 0-9, then M-a to M-z. */
const KEY_FORMAT = "#{?#{e|<:#{line},10},#{line},#{?#{e|<:#{line},36},M-#{a:#{e|+:97,#{e|-:#{line},10}}},}}";

/** tmux's strcmp of names (byte order). */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A line's shortcut from -K (or the default) expanded by `expand` with `line` set. */
function shortcutOf(ctx: CommandContext, expand: (fmt: string, id: string, line: number) => string): (item: { id: string }, line: number) => string | null {
  const fmt = value(ctx.args, "K") ?? KEY_FORMAT;
  return (item, line) => {
    const k = expand(fmt, item.id, line);
    return k === "" ? null : normalizeKeyName(k);
  };
}

/** A buffer's preview: its lines, control characters made visible (window_buffer_draw). */
function bufferLines(data: string, height: number): string[] {
  return data.split("\n").slice(0, height).map(strvis);
}

/** window_buffer_cmp: newest first (time) or largest first (size), then by name; reversed negates it. */
function bufferOrder(ctx: CommandContext, sort: SortCriteria): (a: PasteBuffer, b: PasteBuffer) => number {
  const order = (b: PasteBuffer) => ctx.model.buffers.indexOf(b);
  const by = (a: PasteBuffer, b: PasteBuffer) => {
    const r = sort.field === "time" ? order(a) - order(b) : sort.field === "size" ? Buffer.byteLength(b.data) - Buffer.byteLength(a.data) : 0;
    return r !== 0 ? r : byName(a.name, b.name);
  };
  return (a, b) => (sort.reversed ? -by(a, b) : by(a, b));
}

export const chooseBuffer: CommandEntry = {
  name: "choose-buffer",
  usage: "[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]",
  args: "NrZF:f:K:O:t:",
  maxArgs: 1,
  target: "pane",
  commandArgs: () => true,
  exec(ctx) {
    const fmt = value(ctx.args, "F") ?? BUFFER_MODE_FORMAT;
    const find = (name: string) => ctx.model.buffers.find((b) => b.name === name);
    const template = ctx.args.values[0] ?? "paste-buffer -b '%%'";
    const build = (sort: SortCriteria, filter: string | null) => {
      const kept = ctx.model.buffers.filter((b) => filter === null || formatTrue(bufferFormat(ctx, filter, b)));
      const items = kept.sort(bufferOrder(ctx, sort)).map((b) => ({
        id: b.name,
        name: b.name,
        text: bufferFormat(ctx, fmt, b),
        preview: (_w: number, h: number) => ({ lines: bufferLines(b.data, h) }),
      }));
      return { items };
    };
    const drop = (names: string[]) => {
      for (const n of names) {
        const b = find(n);
        if (b) ctx.model.deleteBuffer(b);
      }
    };
    // What a pick runs, for each buffer still there (window_buffer_do_paste).
    const paste = (m: ChooserKeyContext, items: ChooserItem[]) => {
      for (const it of items) if (find(it.id)) m.chooser.runOn(it, m.by);
    };
    openChooser(
      ctx,
      {
        name: "buffer-mode",
        sorts: ["time", "name", "size"],
        build,
        search: (it, t) => it.name.includes(t) || (find(it.id)?.data.includes(t) ?? false),
        shortcut: shortcutOf(ctx, (f, id, line) => {
          const b = find(id);
          return b ? bufferFormat(ctx, f, b, { line }) : "";
        }),
        keys: {
          d: (m) => drop([m.current.id]),
          D: (m) => drop(m.tagged.map((it) => it.id)),
          p: (m) => (paste(m, [m.current]), true),
          P: (m) => (paste(m, m.tagged), true),
        },
      },
      template,
    );
  },
};

/** window_client_cmp: by name, size (width then height), newest or most recently active first; then by name. */
function clientOrder(sort: SortCriteria): (a: ClientConnection, b: ClientConnection) => number {
  const by = (a: ClientConnection, b: ClientConnection) => {
    let r = 0;
    if (sort.field === "size") r = a.cols - b.cols || a.rows - b.rows;
    else if (sort.field === "creation") r = Math.sign(b.created - a.created);
    else if (sort.field === "activity") r = Math.sign(b.activityAt - a.activityAt);
    return r !== 0 ? r : byName(a.name, b.name);
  };
  return (a, b) => (sort.reversed ? -by(a, b) : by(a, b));
}

export const chooseClient: CommandEntry = {
  name: "choose-client",
  usage: "[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]",
  args: "NrZF:f:K:O:t:",
  maxArgs: 1,
  target: "pane",
  commandArgs: () => true,
  exec(ctx) {
    const fmt = value(ctx.args, "F") ?? CLIENT_MODE_FORMAT;
    const attached = () => [...ctx.server.clients].filter((c) => c.session);
    const find = (name: string) => attached().find((c) => c.name === name);
    const build = (sort: SortCriteria, filter: string | null) => {
      const kept = attached().filter((c) => filter === null || formatTrue(format(ctx, filter, { client: c })));
      const items = kept.sort(clientOrder(sort)).map((c) => ({
        id: c.name,
        name: c.name,
        text: format(ctx, fmt, { client: c }),
        preview: (w: number, h: number) => clientPreview(c, w, h),
      }));
      return { items };
    };
    // d, x and z (D, X, Z for the tagged): detach, detach and hang up, suspend (window_client_do_detach).
    const how: Record<string, string> = { d: "detach-client -t", x: "detach-client -P -t", z: "suspend-client -t" };
    const act = (m: ChooserKeyContext, key: string, names: string[]) => {
      for (const n of names) {
        if (n === m.current.id) m.chooser.moveDown();
        if (find(n)) ctx.server.runLine(`${how[key]} ${escapeArg(n)}`, null);
      }
    };
    const keys: Record<string, (m: ChooserKeyContext) => void> = {};
    for (const k of ["d", "x", "z"]) {
      keys[k] = (m) => act(m, k, [m.current.id]);
      keys[k.toUpperCase()] = (m) => act(m, k, m.tagged.map((it) => it.id));
    }
    openChooser(
      ctx,
      {
        name: "client-mode",
        sorts: ["name", "size", "creation", "activity"],
        build,
        shortcut: shortcutOf(ctx, (f, id, line) => {
          const c = find(id);
          return c ? format(ctx, f, { client: c, extra: { line } }) : "";
        }),
        keys,
      },
      ctx.args.values[0] ?? "detach-client -t '%%'",
    );
  },
};
