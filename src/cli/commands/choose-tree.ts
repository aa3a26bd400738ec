// choose-tree: pick a session (-s) or a window (-w, the default shows both) from a list over the
// active pane; Enter runs the template on it, switch-client -t '%%' by default (C-b s, C-b w).
import { CommandError, flag, type CommandEntry } from "../../mux/command.ts";
import { Chooser, type ChooserItem } from "../../mux/chooser.ts";
import { windowFlags } from "../../mux/format-vars.ts";

export const chooseTree: CommandEntry = {
  name: "choose-tree",
  usage: "[-swZ] [-t target-pane] [template]",
  // tmux's -F, -f, -G, -K, -N, -O and -r are taken (so tmux bindings and scripts load) and not
  // acted on: no custom lines, filters, sort orders or previews.
  args: "GNrswZF:f:K:O:t:",
  maxArgs: 1,
  exec(ctx) {
    const client = ctx.client;
    if (!client?.session) throw new CommandError("no client to choose in");
    const sessionsOnly = flag(ctx.args, "s") && !flag(ctx.args, "w");
    const items: ChooserItem[] = [];
    let selected = 0;
    for (const s of [...ctx.server.sessions].sort((a, b) => a.name.localeCompare(b.name))) {
      const attached = [...ctx.server.clients].some((c) => c.session === s);
      if (s === client.session && sessionsOnly) selected = items.length;
      items.push({ text: `${s.name}: ${s.windows.length} windows${attached ? " (attached)" : ""}`, target: `$${s.id}` });
      if (sessionsOnly) continue;
      for (const w of s.windows) {
        if (w === client.session.current) selected = items.length;
        items.push({ text: `    ${w.index}: ${w.name}${windowFlags(w)} (${w.panes.size} panes)`, target: `@${w.id}` });
      }
    }
    const template = ctx.args.positional[0] ?? "switch-client -t '%%'";
    client.openChooser(
      new Chooser(items, selected, (target) => {
        client.closeChooser();
        if (target !== null) void client.runLine(template.replace(/%%|%1/g, target));
      }),
    );
  },
};
