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
    const client = server.targetClient(value(a, "c"), ctx.client);
    if (!client.session) throw new CommandError("no current client");
    // -r toggles read-only (and ignore-size with it), before anything else, as tmux.
    if (flag(a, "r")) setReadOnly(client, !client.readOnly);
    const table = value(a, "T");
    if (table !== undefined) {
      // -T: the client's next key is looked up in that table (a modal binding), and that is all.
      if (!client.input.setKeyTable(table)) throw new CommandError(`table ${table} doesn't exist`);
      return;
    }
    let target;
    if (flag(a, "l")) {
      const s = client.lastSession;
      if (!s || !model.sessions.includes(s)) throw new CommandError("can't find last session");
      target = { session: s, window: s.current, pane: s.current.active };
    } else if (flag(a, "n") || flag(a, "p")) {
      // session_next_session / _previous: by name (strcmp), round; none when it is the only one.
      const byName = [...model.sessions].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
      const i = byName.indexOf(client.session);
      const s = byName[(i + (flag(a, "n") ? 1 : -1) + byName.length) % byName.length]!;
      if (s === client.session) throw new CommandError(`can't find ${flag(a, "n") ? "next" : "previous"} session`);
      target = { session: s, window: s.current, pane: s.current.active };
    } else target = targetFlag(ctx, value(a, "t"), "pane");
    // -t may name a window or pane too: it becomes current in its session.
    if (value(a, "t") !== undefined) {
      target.window.setActive(target.pane);
      target.session.select(target.window);
    }
    if (!flag(a, "E")) updateSessionEnviron(ctx, target.session, client.env);
    if (target.session !== client.session) client.switchTo(target.session);
    else if (flag(a, "r")) server.sessionSizeChanged(target.session); // as server_client_set_session's recalculation
    // Back to the default key table, unless this ran from a repeating binding (not tracked here).
    client.input.resetKeyTable();
  },
};
