// choose-buffer (C-b =) and choose-client (C-b D): pick a paste buffer or an attached client
// from a list over the target pane (buffer-mode, client-mode; no mode when there is none), its
// lines as list-buffers' and list-clients' (or the name and -F's expansion), as choose-tree does; Enter runs the template on it, by default pasting
// the buffer (paste-buffer -p -b) or detaching the client (detach-client -t). -f keeps the
// items the filter is true for (all when it is for none, as tmux), -O sorts (buffers by time,
// name or size; clients by name, size, creation or activity), -r reverses.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { bufferFormat } from "./buffers.ts";
import { format, filtered, sortOrder } from "./common.ts";
import { openChooser } from "./choosers.ts";
import { LIST_BUFFERS_FORMAT } from "./list-buffers.ts";
import { LIST_CLIENTS_FORMAT } from "./list-clients.ts";

/**
 * The items -f keeps (all of them when it keeps none: tmux's mode tree then shows everything),
 * in -O's order (`orders` by name, the first the default), reversed by -r.
 */
function arrange<T>(ctx: CommandContext, all: readonly T[], expand: (fmt: string, item: T) => string, orders: Record<string, ((a: T, b: T) => number) | null>): T[] {
  let items = filtered(ctx, all, expand);
  if (items.length === 0) items = [...all];
  const names = Object.keys(orders);
  const by = orders[sortOrder(value(ctx.args, "O"), names) ?? names[0]!];
  if (by) items.sort(by);
  if (flag(ctx.args, "r")) items.reverse();
  return items;
}

export const chooseBuffer: CommandEntry = {
  name: "choose-buffer",
  usage: "[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]",
  // tmux's -K, -N and -Z are taken and not acted on.
  args: "NrZF:f:K:O:t:",
  maxArgs: 1,
  target: "pane",
  commandArgs: () => true,
  exec(ctx) {
    // As tmux: no buffers, no mode (and no error).
    if (ctx.model.buffers.length === 0) return;
    const fmt = value(ctx.args, "F");
    const list = () => {
      const buffers = arrange(ctx, ctx.model.buffers, (f, b) => bufferFormat(ctx, f, b), {
        time: null, // newest first, as they are kept
        name: (a, b) => a.name.localeCompare(b.name),
        size: (a, b) => Buffer.byteLength(b.data) - Buffer.byteLength(a.data),
      });
      const items = buffers.map((b) => ({ text: fmt === undefined ? bufferFormat(ctx, LIST_BUFFERS_FORMAT, b) : `${b.name}: ${bufferFormat(ctx, fmt, b)}`, target: b.name }));
      return { items, selected: 0 };
    };
    openChooser(ctx, "buffer-mode", list, ctx.args.values[0] ?? "paste-buffer -p -b '%%'");
  },
};

export const chooseClient: CommandEntry = {
  name: "choose-client",
  usage: "[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]",
  args: "NrZF:f:K:O:t:",
  maxArgs: 1,
  target: "pane",
  commandArgs: () => true,
  exec(ctx) {
    const fmt = value(ctx.args, "F");
    const list = () => {
      const clients = arrange(ctx, [...ctx.server.clients].filter((c) => c.session), (f, c) => format(ctx, f, { client: c }), {
        name: (a, b) => a.name.localeCompare(b.name),
        size: (a, b) => b.cols * b.rows - a.cols * a.rows,
        creation: (a, b) => b.created - a.created,
        activity: (a, b) => b.activityAt - a.activityAt,
      });
      const items = clients.map((c) => ({ text: fmt === undefined ? format(ctx, LIST_CLIENTS_FORMAT, { client: c }) : `${c.name}: ${format(ctx, fmt, { client: c })}`, target: c.name }));
      return { items, selected: 0 };
    };
    // As tmux: no client attached, no mode.
    if (list().items.length === 0) return;
    openChooser(ctx, "client-mode", list, ctx.args.values[0] ?? "detach-client -t '%%'");
  },
};
