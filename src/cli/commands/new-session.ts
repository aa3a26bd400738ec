// new-session (new): create a session and attach to it, or with -d leave it running detached.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import { attachTo } from "./attach-session.ts";
import type { CommandEntry } from "./context.ts";
import { newSessionEnviron, paneOptions, parseDimension, printNew, checkNesting, requireTerminal, setClientFlags, startDirectoryFlag } from "./common.ts";
import { showCauses } from "../../mux/server/config.ts";
import { sessionFromLayout } from "./layout-file.ts";
import { defaultSize, type NewSessionOptions, type Session } from "../../mux/model/index.ts";
import { sessionName } from "../../mux/model/args-escape.ts";

export const newSession: CommandEntry = {
  name: "new-session",
  alias: ["new"],
  usage: "[-AdDEPX] [-c start-directory] [-e environment] [-F format] [-f flags] [-n window-name] [-s session-name] [-t target-session] [-x width] [-y height] [--layout file] [shell-command [argument ...]]",
  args: "AdDEPXc:e:F:f:n:s:t:x:y:",
  long: { layout: true },
  noSession: true,
  startServer: true,
  exec(ctx) {
    const a = ctx.args;
    const { model } = ctx;
    const name = value(a, "s");
    // No client at all (the config file, a hook): detached, as tmux's.
    const detached = flag(a, "d") || ctx.client === null;
    if (flag(a, "A") && name) {
      const existing = model.sessions.find((s) => s.name === sessionName(name));
      if (existing) {
        if (detached) return;
        // As tmux: attach-session's -d and -x are -D and -X here.
        return attachTo(ctx, existing, { detachOthers: flag(a, "D"), hangUp: flag(a, "X"), readOnly: false, flags: value(a, "f") });
      }
    }
    if (!detached) {
      checkNesting(ctx);
      requireTerminal(ctx);
    }
    const dflt = defaultSize(model.sessionOptions);
    let cols = parseDimension(value(a, "x"), "width") ?? dflt.cols;
    let rows = parseDimension(value(a, "y"), "height") ?? dflt.rows;
    // A control client's size does not count until refresh-client -C gives one (tmux's ignore_client_size).
    if (!detached && ctx.terminal && !ctx.client?.control && !value(a, "x") && !value(a, "y")) {
      cols = ctx.terminal.cols;
      rows = Math.max(1, ctx.terminal.rows - model.sessionOptions.getNumber("status")); // status "2" to "5" takes that many lines
    }
    const group = value(a, "t");
    if (group !== undefined && (a.positional.length > 0 || value(a, "n") !== undefined)) throw new CommandError("command or window name given with target");
    const layout = value(a, "layout");
    if (layout !== undefined && a.positional.length > 0) throw new CommandError("--layout and a command can't be given together");
    const cwd = startDirectoryFlag(ctx) ?? ctx.cwd;
    const pane = { ...paneOptions(ctx), cwd, env: {} }; // -e went to the session's environment
    const s =
      group !== undefined
        ? grouped(ctx, group, { name, cwd, environ: newSessionEnviron(ctx), cols, rows, pane })
        : layout !== undefined
        ? sessionFromLayout(ctx, layout, { name, cols, rows, cwd, environ: newSessionEnviron(ctx) })
        : model.createSession({ name, cwd, environ: newSessionEnviron(ctx), cols, rows, windowName: value(a, "n"), pane });
    // As tmux: a size given is the session's own default-size (the other side as the session's).
    const xGiven = parseDimension(value(a, "x"), "width");
    const yGiven = parseDimension(value(a, "y"), "height");
    if (xGiven !== undefined || yGiven !== undefined) s.options.setString("default-size", `${xGiven ?? cols}x${yGiven ?? rows}`);
    // The config's errors not shown yet go over the new session's pane.
    if (ctx.server.runner.configFinished) showCauses(ctx.server, s);
    printNew(ctx, "#{session_name}:", { session: s });
    ctx.insertHook?.("after-new-session", { session: s, window: s.current, pane: s.current.active });
    if (!detached && (ctx.terminal || ctx.client?.control) && ctx.client) {
      setClientFlags(ctx.client, value(a, "f"));
      ctx.client.attach(s);
    }
  },
};

/**
 * -t: a session in a group with the target session (or the group of that name when no session
 * is found), sharing its windows, as tmux's new-session -t.
 */
function grouped(ctx: Parameters<CommandEntry["exec"]>[0], spec: string, opts: NewSessionOptions): Session {
  const groupWith = ctx.server.resolve(ctx, spec, "session", { canFail: true })?.session ?? null;
  if (!groupWith && !ctx.model.groups.has(spec) && spec === "") throw new CommandError(`invalid session group: ${spec}`);
  return ctx.model.createGroupedSession(opts, groupWith, spec);
}
