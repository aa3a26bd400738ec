// choose-buffer (C-b =) and choose-client (C-b D): pick a paste buffer or an attached client
// from a list over the active pane (its lines as list-buffers' and list-clients'), as
// choose-tree does; Enter runs the template on it, by
// default pasting the buffer (paste-buffer -p -b) or detaching the client (detach-client -t).
import { CommandError, type CommandContext, type CommandEntry } from "../../mux/command.ts";
import { Chooser, type ChooserItem } from "../../mux/chooser.ts";
import { bufferFormat } from "./buffers.ts";
import { format } from "./common.ts";
import { LIST_BUFFERS_FORMAT } from "./list-buffers.ts";
import { LIST_CLIENTS_FORMAT } from "./list-clients.ts";

function choose(ctx: CommandContext, items: ChooserItem[], none: string, template: string): void {
  const client = ctx.client;
  if (!client?.session) throw new CommandError("no client to choose in");
  if (items.length === 0) throw new CommandError(none);
  client.openChooser(
    new Chooser(items, 0, (target) => {
      client.closeChooser();
      if (target !== null) void client.runLine(template.replace(/%%|%1/g, target));
    }),
  );
}

export const chooseBuffer: CommandEntry = {
  name: "choose-buffer",
  usage: "[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]",
  // As choose-tree: tmux's -F, -f, -K, -N, -O and -r are taken and not acted on.
  args: "NrZF:f:K:O:t:",
  maxArgs: 1,
  exec(ctx) {
    const items = ctx.server.buffers.map((b) => ({ text: bufferFormat(ctx, LIST_BUFFERS_FORMAT, b), target: b.name }));
    choose(ctx, items, "no buffers", ctx.args.positional[0] ?? "paste-buffer -p -b '%%'");
  },
};

export const chooseClient: CommandEntry = {
  name: "choose-client",
  usage: "[-NrZ] [-F format] [-f filter] [-K key-format] [-O sort-order] [-t target-pane] [template]",
  args: "NrZF:f:K:O:t:",
  maxArgs: 1,
  exec(ctx) {
    const items = [...ctx.server.clients]
      .filter((c) => c.session)
      .map((c) => ({ text: format(ctx, LIST_CLIENTS_FORMAT, { client: c }), target: c.name }));
    choose(ctx, items, "no clients", ctx.args.positional[0] ?? "detach-client -t '%%'");
  },
};
