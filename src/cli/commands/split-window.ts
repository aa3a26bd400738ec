// split-window (splitw): split a pane into two, running a new program in the new one (or none:
// an empty pane, for '' or -I, which then takes the client's stdin).
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { defaultDirectory, paneOptions, printNew } from "./common.ts";
import { startPaneInput } from "./pane-input.ts";

/** -l N or -l N% (and tmux's older -p N). */
function splitSize(l: string | undefined, p: string | undefined): { cells: number } | { percent: number } | undefined {
  if (l !== undefined) {
    const m = /^(\d+)(%?)$/.exec(l);
    if (!m) throw new CommandError(`invalid size: ${l}`);
    return m[2] ? { percent: Number(m[1]) } : { cells: Number(m[1]) };
  }
  if (p !== undefined) {
    if (!/^\d+$/.test(p)) throw new CommandError(`invalid percentage: ${p}`);
    return { percent: Number(p) };
  }
  return undefined;
}

export const splitWindow: CommandEntry = {
  name: "split-window",
  alias: ["splitw"],
  usage: "[-bdefhIPvZ] [-c start-directory] [-e environment] [-F format] [-l size] [-t target-pane] [shell-command]",
  args: "bdfhIvPZc:e:F:l:p:t:",
  target: "pane",
  exec(ctx) {
    const a = ctx.args;
    const { session, window, pane } = ctx.target;
    // -I with no command, or one empty command, makes a pane with no program (SPAWN_EMPTY).
    const input = flag(a, "I") && a.positional.length === 0;
    const empty = input || (a.positional.length === 1 && a.positional[0] === "");
    const opts = { ...paneOptions(ctx), ...(empty ? { empty: true } : {}) };
    const p = ctx.model.splitPane(
      window,
      pane,
      { horizontal: flag(a, "h"), before: flag(a, "b"), fullSize: flag(a, "f"), size: splitSize(value(a, "l"), value(a, "p")) },
      { ...opts, cwd: opts.cwd ?? defaultDirectory(ctx, session) },
      !flag(a, "d"),
      // -Z: zoomed afterwards on its active pane, zoomed before or not (window_push_zoom, always).
      flag(a, "Z"),
    );
    // -I: the client's stdin onto it; the command (and the client) waits for its end, after -P's line and the hook.
    const reading = input ? startPaneInput(ctx, p) : undefined;
    printNew(ctx, "#{session_name}:#{window_index}.#{pane_index}", { ...ctx.target, pane: p });
    ctx.insertHook?.("after-split-window", { ...ctx.target, pane: p });
    return reading;
  },
};
