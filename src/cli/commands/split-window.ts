// split-window (splitw): split a pane into two, running a new program in the new one.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { defaultDirectory, paneOptions, printNew } from "./common.ts";

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
    const opts = paneOptions(ctx);
    const p = ctx.model.splitPane(
      window,
      pane,
      { horizontal: flag(a, "h"), before: flag(a, "b"), fullSize: flag(a, "f"), size: splitSize(value(a, "l"), value(a, "p")) },
      { ...opts, cwd: opts.cwd ?? defaultDirectory(ctx, session) },
      !flag(a, "d"),
      // -Z: zoomed afterwards on its active pane, zoomed before or not (window_push_zoom, always).
      flag(a, "Z"),
    );
    printNew(ctx, "#{session_name}:#{window_index}.#{pane_index}", { ...ctx.target, pane: p });
    ctx.insertHook?.("after-split-window", { ...ctx.target, pane: p });
  },
};
