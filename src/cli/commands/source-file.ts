// source-file (source): run the commands in files (globs, relative to the client's directory),
// tmux's grammar; errors print as FILE:LINE: message once the files' commands have run; "-" is
// the client's stdin.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { readClientStdin } from "./buffers.ts";
import { globPaths, loadConfig } from "../../mux/server/config.ts";
import { format } from "./common.ts";

export const sourceFile: CommandEntry = {
  name: "source-file",
  alias: ["source"],
  usage: "[-Fnqv] path ...",
  args: "Fnqv",
  noSession: true,
  minArgs: 1,
  exec(ctx) {
    const a = ctx.args;
    const paths = a.positional.map((given) => (flag(a, "F") ? format(ctx, given, ctx.target ?? {}) : given));
    // "-": the client's stdin, read first (tmux's file_read), then sourced in its place.
    if (paths.includes("-")) return readClientStdin(ctx).then((stdin) => source(ctx, paths, stdin));
    source(ctx, paths);
  },
};

function source(ctx: CommandContext, paths: string[], stdin?: string): void {
  const a = ctx.args;
  const { server, item } = ctx;
  const runner = server.runner;
  const flags = { quiet: flag(a, "q"), parseOnly: flag(a, "n"), verbose: flag(a, "v") };
  const cwd = runner.cwdOf(ctx.client);
  let failed = false;
  const files: string[] = [];
  for (const path of paths) {
    if (path === "-") {
      files.push(path);
      continue;
    }
    const matches = globPaths(path.startsWith("/") ? path : `${cwd}/${path}`);
    if (matches.length === 0 && !flags.quiet) {
      item.error(`${path}: No such file or directory`);
      failed = true;
    }
    files.push(...matches);
  }
  let loadFailed = false;
  for (const f of files) if (!loadConfig(server, f, ctx.client, item, flags, f === "-" ? stdin : undefined)) loadFailed = true;
  // cmd_source_file_complete: once the files' commands have run, the causes are printed.
  if (runner.configFinished) {
    if (loadFailed && ctx.client && !ctx.client.session) ctx.client.retval = 1;
    item.insertCallback(() => {
      const causes = runner.causes;
      runner.causes = [];
      for (const c of causes) item.print(c);
      return "normal";
    });
  }
  if (failed) throw new CommandError("");
}
