// choose-buffer (C-b =) and choose-client (C-b D): pick a paste buffer or an attached client
// from a list over the target pane (buffer-mode, client-mode; no mode when there is none), its
// lines the name and -F's expansion (tmux's default formats without it), as choose-tree does; Enter runs the template on it, by default pasting
// the buffer (paste-buffer -p -b) or detaching the client (detach-client -t). -f keeps the
// items the filter is true for (all when it is for none, as tmux), -O sorts (buffers by time,
// name or size; clients by name, size, creation or activity), -r reverses.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { bufferFormat } from "./buffers.ts";
import { format, filtered, sortOrder } from "./common.ts";
import { openChooser } from "./choosers.ts";

/** What follows each item's name without -F, as tmux's window-buffer.c and window-client.c. */
const BUFFER_MODE_FORMAT = "#{t/p:buffer_created}: #{buffer_sample}";
const CLIENT_MODE_FORMAT = "#{t/p:client_activity}: session #{session_name}";
import type { ChooserList } from "../../mux/client/chooser.ts";
import { strvis } from "../../mux/model/args-escape.ts";
import { clientPreview } from "../../mux/client/mode-preview.ts";

/**
 * The items -f keeps (all of them when it keeps none: tmux's mode tree then shows everything),
 * in -O's order (`orders` by name, the first the default), reversed by -r; with what the
 * preview box's title says of them (the sort order, the filter's state) and -N.
 */
function arrange<T>(ctx: CommandContext, all: readonly T[], expand: (fmt: string, item: T) => string, orders: Record<string, ((a: T, b: T) => number) | null>): { items: T[]; box: Omit<ChooserList, "items" | "selected"> } {
  let items = filtered(ctx, all, expand);
  const given = value(ctx.args, "f") !== undefined;
  const none = given && items.length === 0;
  if (none) items = [...all];
  const names = Object.keys(orders);
  const sort = sortOrder(value(ctx.args, "O"), names) ?? names[0]!;
  const by = orders[sort];
  if (by) items.sort(by);
  const reversed = flag(ctx.args, "r");
  if (reversed) items.reverse();
  return { items, box: { sort: { name: sort, reversed }, ...(given ? { filter: none ? "no matches" : "active" } : {}), ...(flag(ctx.args, "N") ? { noPreview: true } : {}) } };
}

/** A buffer's preview: its lines, control characters made visible (window_buffer_draw). */
function bufferLines(data: string, height: number): string[] {
  return data.split("\n").slice(0, height).map(strvis);
}

export const chooseBuffer: CommandEntry = {
  name: "choose-buffer",
  usage: "[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]",
  // tmux's -K and -Z are taken and not acted on.
  args: "NrZF:f:K:O:t:",
  maxArgs: 1,
  target: "pane",
  commandArgs: () => true,
  exec(ctx) {
    // As tmux: no buffers, no mode (and no error).
    if (ctx.model.buffers.length === 0) return;
    const fmt = value(ctx.args, "F");
    const list = () => {
      const { items: buffers, box } = arrange(ctx, ctx.model.buffers, (f, b) => bufferFormat(ctx, f, b), {
        time: null, // newest first, as they are kept
        name: (a, b) => a.name.localeCompare(b.name),
        size: (a, b) => Buffer.byteLength(b.data) - Buffer.byteLength(a.data),
      });
      const items = buffers.map((b) => ({
        text: `${b.name}: ${bufferFormat(ctx, fmt ?? BUFFER_MODE_FORMAT, b)}`,
        target: b.name,
        tagAt: b.name.length,
        preview: (_w: number, h: number) => ({ lines: bufferLines(b.data, h) }),
      }));
      return { items, selected: 0, ...box };
    };
    // d deletes the current buffer, D the tagged ones (window_buffer_key); no buffers left closes the mode.
    const drop = (names: string[]) => {
      for (const n of names) {
        const b = ctx.model.buffers.find((x) => x.name === n);
        if (b) ctx.model.deleteBuffer(b);
      }
    };
    openChooser(ctx, "buffer-mode", list, ctx.args.values[0] ?? "paste-buffer -p -b '%%'", {
      d: (current) => drop([current]),
      D: (_current, tagged) => drop(tagged),
    });
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
      const { items: clients, box } = arrange(ctx, [...ctx.server.clients].filter((c) => c.session), (f, c) => format(ctx, f, { client: c }), {
        name: (a, b) => a.name.localeCompare(b.name),
        size: (a, b) => b.cols * b.rows - a.cols * a.rows,
        creation: (a, b) => b.created - a.created,
        activity: (a, b) => b.activityAt - a.activityAt,
      });
      const items = clients.map((c) => ({
        text: `${c.name}: ${format(ctx, fmt ?? CLIENT_MODE_FORMAT, { client: c })}`,
        target: c.name,
        tagAt: c.name.length,
        preview: (w: number, h: number) => clientPreview(c, w, h),
      }));
      return { items, selected: 0, ...box };
    };
    // As tmux: no client attached, no mode.
    if (list().items.length === 0) return;
    // d detaches the current client, D the tagged ones (window_client_key); none left closes the mode.
    const detach = (names: string[]) => {
      for (const c of [...ctx.server.clients]) if (names.includes(c.name) && c.session) c.detach();
    };
    openChooser(ctx, "client-mode", list, ctx.args.values[0] ?? "detach-client -t '%%'", {
      d: (current) => detach([current]),
      D: (_current, tagged) => detach(tagged),
    });
  },
};
