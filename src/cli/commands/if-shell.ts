// if-shell (if): run the first command list if a shell command succeeds (or, with -F, if a
// format is true), else the second. Without -b what follows waits for the shell.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { argCommands } from "./arg-commands.ts";
import { format } from "./common.ts";
import { runJob } from "../../mux/server/job.ts";
import { formatTrue } from "../../mux/lang/format.ts";

export const ifShell: CommandEntry = {
  name: "if-shell",
  alias: ["if"],
  usage: "[-bF] [-t target-pane] shell-command command [command]",
  args: "bFt:",
  target: "pane",
  targetFlags: { canFail: true },
  noSession: true,
  minArgs: 2,
  maxArgs: 3,
  commandArgs: (i) => i === 1 || i === 2,
  async exec(ctx) {
    const a = ctx.args;
    const shell = format(ctx, a.positional[0] ?? "", ctx.target ?? {});
    if (flag(a, "F")) {
      // The chosen list runs next, parsed now (args_make_commands_now).
      const pick = formatTrue(shell) ? 1 : a.values.length === 3 ? 2 : -1;
      if (pick !== -1) ctx.item.insert(argCommands(ctx, pick));
      return;
    }
    const runner = ctx.server.runner;
    const s = ctx.target?.session ?? null;
    const job = runJob(ctx.server, shell, s, runner.cwdOf(ctx.client));
    const choose = (ok: boolean) => (ok ? 1 : a.values.length === 3 ? 2 : -1);
    if (!flag(a, "b")) {
      const r = await job;
      const pick = choose(r.code === 0);
      if (pick !== -1) ctx.item.insert(argCommands(ctx, pick));
      return;
    }
    // -b: the shell runs on; its commands go to the end of the client's queue when it is done.
    const conn = ctx.client;
    void job.then((r) => {
      const pick = choose(r.code === 0);
      if (pick === -1) return;
      try {
        runner.append(argCommands(ctx, pick), { conn });
      } catch (e) {
        if (!(e instanceof CommandError)) throw e;
        if (conn?.session) conn.showMessage(e.message.charAt(0).toUpperCase() + e.message.slice(1));
      }
    });
  },
};
