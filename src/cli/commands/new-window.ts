// new-window (neww): a new window with one pane, made current unless -d.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { paneOptions, printNew } from "./common.ts";
import { resolveTarget } from "../../mux/lang/target.ts";

export const newWindow: CommandEntry = {
  name: "new-window",
  alias: ["neww"],
  usage: "[-adkP] [-c start-directory] [-e environment] [-F format] [-n window-name] [-t target-window] [shell-command [argument ...]]",
  args: "abdkPSc:e:F:n:t:",
  exec(ctx) {
    const a = ctx.args;
    const { server, model } = ctx;
    const spec = value(a, "t");
    const hint = server.hintFor(ctx.client, ctx.env);
    let session = ctx.target?.session;
    let index: number | undefined;
    if (spec !== undefined) {
      // -t names a window index that may not exist yet: session:index, :index or index.
      const m = /^(?:(.*):)?(\d+)$/.exec(spec);
      const sessionOnly = spec.endsWith(":") ? spec.slice(0, -1) : !spec.includes(":") && !m ? spec : null;
      const named = sessionOnly !== null ? model.sessions.find((x) => x.name === sessionOnly || `$${x.id}` === sessionOnly) : undefined;
      if (named || (sessionOnly !== null && spec.endsWith(":"))) {
        // A session alone: the next free index in it, as tmux.
        session = named ?? resolveTarget(model, sessionOnly!, "session", hint).session;
      } else if (m) {
        session = m[1] ? resolveTarget(model, m[1], "session", hint).session : session;
        index = Number(m[2]);
      } else {
        const t = resolveTarget(model, spec, "window", hint);
        session = t.session;
        index = flag(a, "a") ? session.freeIndex(t.window.index) : undefined;
        if (!flag(a, "a") && !flag(a, "k")) throw new CommandError(`index ${t.window.index} in use`);
      }
    } else if (flag(a, "a") && session) index = session.freeIndex(session.current.index);
    if (!session) throw new CommandError("no current session");
    const existing = index !== undefined ? session.window(index) : undefined;
    if (existing) {
      if (!flag(a, "k")) throw new CommandError(`index ${index} in use`);
      model.killWindow(existing);
    }
    const opts = paneOptions(ctx);
    const w = model.createWindow(session, { name: value(a, "n"), index, pane: { ...opts, cwd: opts.cwd ?? ctx.target?.pane.currentPath() ?? session.cwd } });
    if (!flag(a, "d")) session.select(w);
    printNew(ctx, "#{session_name}:#{window_index}.#{pane_index}", { session, window: w, pane: w.active });
  },
};
