// refresh-client (refresh): repaint the whole client (C-b r).
import type { CommandEntry } from "./context.ts";

export const refreshClient: CommandEntry = {
  name: "refresh-client",
  alias: ["refresh"],
  usage: "[-S] [-t target-client]",
  args: "cDlLRSUA:B:C:f:t:",
  exec(ctx) {
    if (ctx.client?.session) ctx.client.redraw();
    else for (const c of ctx.server.clients) if (c.session === ctx.target.session) c.redraw();
  },
};
