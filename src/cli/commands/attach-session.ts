// attach-session (attach, a): attach this terminal to a session, as tmux 3.3a's: -d / -x
// detach its other clients (-x hanging up their shells), -r makes this client read-only, -f
// sets its flags, -c the session's working directory, -E leaves the environment alone.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import type { Session } from "../../mux/model/index.ts";
import { checkNesting, format, requireTerminal, setClientFlags, updateSessionEnviron } from "./common.ts";
import { setReadOnly } from "../../mux/client/client-flags.ts";

export const attachSession: CommandEntry = {
  name: "attach-session",
  readOnly: true,
  alias: ["attach", "a", "at"],
  usage: "[-dErx] [-c working-directory] [-f flags] [-t target-session]",
  args: "dErxc:f:t:",
  target: "session",
  startServer: true,
  exec(ctx) {
    const a = ctx.args;
    attachTo(ctx, ctx.target.session, { detachOthers: flag(a, "d"), hangUp: flag(a, "x"), readOnly: flag(a, "r"), cwd: value(a, "c"), flags: value(a, "f") });
  },
};

/**
 * tmux's cmd_attach_session, shared with new-session -A: the client's flags, the other clients
 * of the session detached (hangUp: with SIGHUP to their shells), the environment (unless -E).
 */
export function attachTo(ctx: CommandContext, s: Session, o: { detachOthers: boolean; hangUp: boolean; readOnly: boolean; cwd?: string | undefined; flags?: string | undefined }): void {
  checkNesting(ctx);
  requireTerminal(ctx);
  const client = ctx.client!;
  if (o.cwd !== undefined) s.cwd = format(ctx, o.cwd, ctx.target);
  setClientFlags(client, o.flags);
  if (o.readOnly) setReadOnly(client, true);
  if (o.detachOthers || o.hangUp) {
    for (const c of [...ctx.server.clients]) {
      if (c.session !== s || c === client) continue;
      if (o.hangUp) c.detachAndHangUp();
      else c.detach();
    }
  }
  updateSessionEnviron(ctx, s);
  client.attach(s, true);
}
