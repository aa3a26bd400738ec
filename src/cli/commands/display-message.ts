// display-message (display): expand a format; -p prints it, otherwise it shows on the target
// client's status line; -a lists every variable, -v prints each step of the expansion.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";
import { formatPlace } from "./common.ts";
import { expandAt, formatEach } from "../../mux/lang/format-vars.ts";
import { startPaneInput } from "./pane-input.ts";

const DEFAULT = "[#{session_name}] #{window_index}:#{window_name}, current pane #{pane_index} - (%H:%M %d-%b-%y)";

/** The target client as tmux finds it without -c: the caller when attached, else the attached one used last. */
function displayClient(ctx: CommandContext): ClientConnection | null {
  const named = value(ctx.args, "c");
  if (named !== undefined) return ctx.server.targetClient(named, ctx.client);
  try {
    return ctx.server.targetClient(undefined, ctx.client);
  } catch {
    return null;
  }
}

export const displayMessage: CommandEntry = {
  name: "display-message",
  alias: ["display"],
  usage: "[-aINpv] [-c target-client] [-d delay] [-F format] [-t target-pane] [message]",
  args: "aINpvc:d:F:t:",
  target: "pane",
  // tmux's CMD_FIND_CANFAIL: a target that names nothing expands the format with no session.
  targetFlags: { canFail: true },
  maxArgs: 1,
  exec(ctx) {
    // -I: the client's stdin onto an empty pane's screen; no pane found is no error (CANFAIL).
    if (flag(ctx.args, "I")) {
      const pane = (ctx.target as Partial<typeof ctx.target> | null)?.pane;
      return pane ? startPaneInput(ctx, pane) : undefined;
    }
    const fmt = value(ctx.args, "F");
    const message = ctx.args.positional[0];
    if (fmt !== undefined && message !== undefined) throw new CommandError("only one of -F or argument must be given");
    const delay = parseDelay(value(ctx.args, "d"));
    const client = displayClient(ctx);
    const place = formatPlace(ctx, { ...ctx.target, client, extra: { command: "display-message" } });
    if (flag(ctx.args, "a")) {
      for (const line of formatEach(ctx.server, place)) ctx.print(line);
      return;
    }
    const log = flag(ctx.args, "v") ? (line: string) => ctx.print(line) : undefined;
    const text = expandAt(ctx.server, place, message ?? fmt ?? DEFAULT, { time: true, ...(log ? { log } : {}) });
    // With no client at all (the config file, a hook), the message is reported as an error, as
    // tmux's cmdq_error, but the command does not fail: the rest of its list runs.
    if (ctx.client === null) return void ctx.item.error(text);
    if (flag(ctx.args, "p")) ctx.print(text);
    else client?.showMessage(text, delay);
  },
};

/** -d: milliseconds the message stays (0: until a key), as args_strtonum reads it; absent: display-time. */
function parseDelay(d: string | undefined): number | undefined {
  if (d === undefined) return undefined;
  if (!/^-?\d+$/.test(d)) throw new CommandError("delay invalid");
  const n = Number(d);
  if (n < 0) throw new CommandError("delay too small");
  if (n > 4294967295) throw new CommandError("delay too large");
  return n;
}
