// pipe-pane (pipep): run a shell command with the pane's output on its stdin (-O, the default)
// and/or its stdout typed into the pane (-I). Without a command the pipe is closed; -o opens one
// only when none is open, so one key can toggle it.
import type { ChildProcess } from "node:child_process";
import { flag } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import type { Pane } from "../../mux/model/pane.ts";
import type { Model } from "../../mux/model/index.ts";
import { format } from "./common.ts";

/**
 * Output the command has not read yet, beyond which further output is dropped (and counted)
 * rather than buffered: a stalled `pipe-pane 'sleep 1d'` must not grow the server without bound.
 * The pane itself is never slowed by its pipe.
 */
const PIPE_MAX_PENDING = 4 * 1024 * 1024;
/** After its stdin closes, how long a pipe command has to finish (cat flushing to a file) before SIGTERM. */
const PIPE_CLOSE_GRACE_MS = 1000;

/** Every pipe command still running: the server's exit (kill-server) must not leave them behind. */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const p of running) stop(p);
});

/** SIGTERM to the command's process group: `sh -c` may not exec its last command. */
function stop(p: ChildProcess): void {
  try {
    if (p.pid) process.kill(-p.pid, "SIGTERM");
  } catch {}
}

interface PipeState {
  proc: ChildProcess;
  dropped: number;
}

const pipes = new WeakMap<Pane, PipeState>();

function closePipe(pane: Pane): boolean {
  const st = pipes.get(pane);
  if (!st) return false;
  pipes.delete(pane);
  if (pane.pipe) pane.pipe = null;
  const proc = st.proc;
  proc.stdin?.end();
  proc.stdout?.destroy();
  if (running.has(proc)) setTimeout(() => running.has(proc) && stop(proc), PIPE_CLOSE_GRACE_MS).unref();
  return true;
}

/** Close the pipe once the pane has gone (its disposal wakes change waiters). */
async function closeWhenGone(model: Model, pane: Pane, st: PipeState): Promise<void> {
  while (pipes.get(pane) === st) {
    await pane.nextChange();
    if (model.findPane(pane.id)?.pane !== pane) {
      if (pipes.get(pane) === st) closePipe(pane);
      return;
    }
  }
}

/** node:child_process loads the streams (~2 ms of the server's start, and memory): only when a pipe opens. */
async function openPipe(ctx: CommandContext, pane: Pane, command: string, input: boolean, output: boolean): Promise<void> {
  const { spawn } = await import("node:child_process");
  const proc = spawn("/bin/sh", ["-c", command], {
    cwd: ctx.cwd,
    env: pane.spawnSpec.env,
    stdio: [output ? "pipe" : "ignore", input ? "pipe" : "ignore", "ignore"],
    detached: true, // a process group of its own, to be stopped as a whole
  });
  running.add(proc);
  proc.on("exit", () => running.delete(proc));
  const st: PipeState = { proc, dropped: 0 };
  pipes.set(pane, st);
  // A command that fails or exits only closes its pipe; EPIPE never reaches the server.
  proc.on("error", () => pipes.get(pane) === st && closePipe(pane));
  proc.on("exit", () => pipes.get(pane) === st && closePipe(pane));
  proc.stdin?.on("error", () => {});
  if (output && proc.stdin) {
    const stdin = proc.stdin;
    pane.pipe = (bytes) => {
      if (stdin.writableLength > PIPE_MAX_PENDING) {
        st.dropped += bytes.length;
        return;
      }
      // The bytes are a view into a slot the gather worker reuses once parsed: copy them.
      stdin.write(Buffer.from(bytes));
    };
  }
  if (input && proc.stdout) proc.stdout.on("data", (b: Buffer) => pane.write(new Uint8Array(b)));
  void closeWhenGone(ctx.model, pane, st);
}

export const pipePane: CommandEntry = {
  name: "pipe-pane",
  alias: ["pipep"],
  usage: "[-IOo] [-t target-pane] [shell-command]",
  args: "IOot:",
  maxArgs: 1,
  target: "pane",
  async exec(ctx) {
    const a = ctx.args;
    const { pane } = ctx.target;
    const had = closePipe(pane);
    const command = a.positional[0];
    if (!command || (flag(a, "o") && had)) return;
    let input = flag(a, "I");
    let output = flag(a, "O");
    if (!input && !output) output = true;
    await openPipe(ctx, pane, format(ctx, command, ctx.target), input, output);
  },
};
