// switch-client (switchc): show another session (-t, or -n / -p the next / previous by name, or
// -l the one it showed last) in a client: this one when run from a binding or the prompt, else
// the most recently active.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { targetFlag } from "./pane-moves.ts";
import { updateSessionEnviron } from "./common.ts";
import { setReadOnly } from "../../mux/client/client-flags.ts";

export const switchClient: CommandEntry = {
  name: "switch-client",
  readOnly: true,
  alias: ["switchc"],
  usage: "[-ElnprZ] [-c target-client] [-t target-session] [-T key-table]",
  args: "Elnprc:t:T:Z",
  maxArgs: 0,
  exec(ctx) {
    const a = ctx.args;
    const { server, model } = ctx;
    const client = server.targetClient(undefined, ctx.client);
    if (!client.session) throw new CommandError("no current client");
    let target;
    if (flag(a, "l")) {
      const s = client.lastSession;
      if (!s || !model.sessions.includes(s)) throw new CommandError("no last session");
      target = { session: s, window: s.current, pane: s.current.active };
    } else if (flag(a, "n") || flag(a, "p")) {
      const byName = [...model.sessions].sort((x, y) => x.name.localeCompare(y.name));
      const i = byName.indexOf(client.session);
      const s = byName[(i + (flag(a, "n") ? 1 : -1) + byName.length) % byName.length]!;
      target = { session: s, window: s.current, pane: s.current.active };
    } else target = targetFlag(ctx, value(a, "t"), "pane");
    // -r toggles read-only (and ignore-size with it), once the target is found.
    if (flag(a, "r")) setReadOnly(client, !client.readOnly);
    // -t may name a window or pane too: it becomes current in its session.
    if (value(a, "t") !== undefined) {
      target.window.setActive(target.pane);
      target.session.select(target.window);
    }
    updateSessionEnviron(ctx, target.session, client.env);
    if (target.session !== client.session) client.switchTo(target.session);
    else if (flag(a, "r")) server.sessionSizeChanged(target.session); // as server_client_set_session's recalculation
  },
};
