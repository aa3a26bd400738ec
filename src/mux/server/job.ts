// Shell commands run for if-shell, run-shell (tmux's job.c): /bin/sh -c, the environment tmux
// gives a job (global, then the session's; $TMUX; TERM once the startup config is done),
// output collected, never blocking the server.
import { isDirectory } from "../../pty/index.ts";
import { signalNumbers } from "../lang/os-lazy.ts";
import { Environ, type Session } from "../model/index.ts";
import type { Server } from "./server.ts";

export interface JobResult {
  output: string;
  /** Exit code, or null when a signal ended it. */
  code: number | null;
  signal: number | null;
}

/** environ_for_session: the global environment, the session's over it, and tmux's variables. */
export function jobEnvironment(server: Server, s: Session | null): Record<string, string> {
  const environ = new Environ();
  server.model.environ.copyInto(environ);
  s?.environ.copyInto(environ);
  const env = environ.toRecord();
  // Before the startup config is done TERM stays the outside one, so a config may test it.
  if (server.runner.configFinished) {
    env.TERM = server.defaultTerminal();
    env.TERM_PROGRAM = "tmux";
    env.TERM_PROGRAM_VERSION = server.version;
  }
  const id = `${server.socketPath},${process.pid},${s?.id ?? -1}`;
  delete env.TMUX_PANE;
  delete env.WEFT_PANE;
  env.WEFT = id;
  if (server.asTmux) env.TMUX = id;
  else delete env.TMUX;
  return env;
}

function signalNumber(name: string | number | null): number | null {
  if (name === null || typeof name === "number") return name;
  return signalNumbers()[name] ?? null;
}

/** Run `/bin/sh -c cmd` in cwd (else HOME, else /); stdin and stderr are /dev/null, as tmux's. */
export async function runJob(server: Server, cmd: string, s: Session | null, cwd: string): Promise<JobResult> {
  const env = jobEnvironment(server, s);
  const dir = [cwd, env.HOME ?? "", "/"].find(isDirectory) ?? "/";
  const proc = Bun.spawn(["/bin/sh", "-c", cmd], { cwd: dir, env, stdin: "ignore", stdout: "pipe", stderr: "ignore" });
  const output = await new Response(proc.stdout).text();
  await proc.exited;
  return { output, code: proc.signalCode ? null : proc.exitCode, signal: signalNumber(proc.signalCode) };
}
