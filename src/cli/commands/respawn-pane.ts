// respawn-pane (respawnp): start a pane's program again (its old command unless one is given);
// a pane still running needs -k, which hangs up the old program first.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import type { Pane, Session } from "../../mux/model/index.ts";
import { paneOptions } from "./common.ts";
import { linkOf } from "./pane-moves.ts";

/** Leave the alternate screen, reset modes and clear the screen; history stays, as tmux's screen_reinit. */
const REINIT = "\x1b[?1049l\x1b[!p\x1b[H\x1b[2J";

export const respawnPane: CommandEntry = {
  name: "respawn-pane",
  alias: ["respawnp"],
  usage: "[-k] [-c start-directory] [-e environment] [-t target-pane] [shell-command [argument ...]]",
  args: "kc:e:t:",
  target: "pane",
  exec(ctx) {
    const { session, window, pane } = ctx.target;
    if (!pane.dead && !flag(ctx.args, "k")) {
      throw new CommandError(`respawn pane failed: pane ${session.name}:${linkOf(ctx.target).index}.${window.paneIndex(pane)} still active`);
    }
    respawn(ctx, session, pane, "respawn pane failed");
  },
};

/** Start the pane's program again: the command, -c and -e given, else those it had. */
export function respawn(ctx: CommandContext, session: Session, pane: Pane, failure: string): void {
  const a = ctx.args;
  const opts = paneOptions(ctx);
  const old = pane.spawnSpec;
  // An empty pane has no argv: its command words (none, or one empty word) are resolved now, as tmux's.
  const argv = opts.command.length > 0 || old.argv.length === 0 ? ctx.model.resolveCommand(session, opts.command.length > 0 ? opts.command : (old.command ?? [])) : old.argv;
  const cwd = value(a, "c") !== undefined && opts.cwd !== undefined ? opts.cwd : old.cwd;
  // The environment is made again, as for a new pane: the session's may have changed since.
  const env = ctx.model.paneEnvironment(session, pane.id, opts, cwd);
  try {
    pane.respawn({ argv, env, cwd, command: opts.command.length > 0 ? opts.command : old.command }, REINIT);
  } catch (e) {
    throw new CommandError(`${failure}: ${(e as Error).message}`);
  }
}
