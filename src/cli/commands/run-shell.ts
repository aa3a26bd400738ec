// run-shell (run): run a shell command (or, with -C, tmux commands), after -d seconds; its
// output shows as tmux shows it, and without -b what follows waits for it.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry, CommandContext } from "./context.ts";
import type { Pane } from "../../mux/model/index.ts";
import { argCommands } from "./arg-commands.ts";
import { format } from "./common.ts";
import { runJob } from "../../mux/server/job.ts";

/** strtod's whole-string number (run -d 0.3). */
function delaySeconds(text: string): number {
  const d = Number(text.trim() === "" ? NaN : text);
  if (!Number.isFinite(d) || !/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new CommandError(`invalid delay time: ${text}`);
  return Math.max(0, d);
}

/**
 * cmd_run_shell_print: a pane named with -t shows it in view mode; else the waiting command's
 * client prints it (stdout, or over its pane when attached); else the best session's pane.
 */
function printer(ctx: CommandContext, waited: boolean): (line: string) => void {
  const named: Pane | null = flag(ctx.args, "t") && ctx.target ? ctx.target.pane : null;
  const server = ctx.server;
  return (line) => {
    if (named) return server.showInPane(named, [line]);
    if (waited && ctx.client) return ctx.print(line);
    const conn = ctx.client?.session ? ctx.client : null;
    const pane = conn?.session?.current.active ?? server.resolve(ctx, undefined, "pane", { canFail: true })?.pane;
    if (pane) server.showInPane(pane, [line]);
  };
}

export const runShell: CommandEntry = {
  name: "run-shell",
  alias: ["run"],
  usage: "[-bC] [-d delay] [-t target-pane] [shell-command]",
  args: "bd:Ct:",
  target: "pane",
  targetFlags: { canFail: true },
  noSession: true,
  maxArgs: 1,
  commandArgs: (_i, flags) => flags.has("C"),
  async exec(ctx) {
    const a = ctx.args;
    const delayText = value(a, "d");
    const delay = delayText === undefined ? 0 : delaySeconds(delayText);
    if (delayText === undefined && a.values.length === 0) return;
    const wait = !flag(a, "b");
    const work = async () => {
      if (delay > 0) await Bun.sleep(delay * 1000);
      if (flag(a, "C")) return runCommands(ctx, wait);
      if (a.values.length === 0) return;
      return runCommand(ctx, format(ctx, a.positional[0] ?? "", ctx.target ?? {}), wait);
    };
    if (wait) await work();
    else void work().catch(() => {});
  },
};

/** -C: the argument as commands, next in the queue (or at its end with -b). */
function runCommands(ctx: CommandContext, wait: boolean): void {
  const list = argCommands(ctx, 0, { expand: true });
  if (wait) ctx.item.insert(list);
  else ctx.server.runner.append(list, { conn: ctx.client });
}

async function runCommand(ctx: CommandContext, cmd: string, wait: boolean): Promise<void> {
  const runner = ctx.server.runner;
  const r = await runJob(ctx.server, cmd, ctx.target?.session ?? null, runner.cwdOf(ctx.client));
  const print = printer(ctx, wait);
  const text = r.output.endsWith("\n") ? r.output.slice(0, -1) : r.output;
  if (r.output !== "") for (const line of text.split("\n")) print(line);
  let status = 0;
  if (r.code !== null && r.code !== 0) {
    print(`'${cmd}' returned ${r.code}`);
    status = r.code;
  } else if (r.signal !== null) {
    print(`'${cmd}' terminated by signal ${r.signal}`);
    status = r.signal + 128;
  }
  if (wait && ctx.client && !ctx.client.session) ctx.client.retval = status;
}
