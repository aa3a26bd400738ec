// Drives a control-mode client (tmux -C or weft -C) through a fixed script of command lines,
// one at a time (each after the last one's %end / %error, or after the output it waits for),
// and returns the transcript with times and command numbers normalised. Run directly with a
// binary to record a golden: bun test/helpers/control-transcript.ts /usr/bin/tmux
import { spawn } from "node:child_process";

export interface Step {
  line: string;
  /** Wait, after the reply, until what came since the line was sent passes this (output that comes later). */
  until?: (since: string) => boolean;
}

/** The script: every notification and reply shape a tmux control client sees in common use. */
export const STEPS: Step[] = [
  { line: "display -p hello" },
  { line: "list-windows -F '#{window_index} #{window_name} #{window_panes}'" },
  { line: "display -p a ; display -p b" },
  { line: "bogus" },
  { line: "display -Z" },
  { line: "display -p a b" },
  { line: "kill-window -t 9" },
  { line: "list-windows ; bogus" },
  { line: "new-window -n second cat" },
  { line: "rename-window renamed" },
  { line: "split-window -t %1 cat" },
  { line: "select-pane -t %1" },
  { line: "resize-pane -t %1 -y 5" },
  { line: "select-layout -t @1 even-horizontal" },
  { line: "kill-pane -t %2" },
  { line: "select-window -t :0" },
  { line: "rename-session renamed" },
  { line: "new-session -d -s other -n o" },
  { line: "kill-session -t other" },
  { line: "copy-mode -t %0" },
  { line: "send-keys -t %0 -X cancel" },
  // The terminal's echo and cat's copy: in one read or two.
  { line: "send-keys -t %0 'hi' Enter", until: (since) => (since.match(/hi\\015\\012/g) ?? []).length >= 2 },
  { line: "refresh-client -C 100x30" },
  { line: "refresh-client -C 10" },
  { line: "refresh-client -f wait-exit,pause-after=2" },
  { line: "display -p '#{client_flags}'" },
  { line: "refresh-client -f '!wait-exit,!pause-after'" },
  { line: "refresh-client -A '%0:pause'" },
  { line: "refresh-client -A '%0:continue'" },
  { line: "refresh-client -A '%0:off'" },
  { line: "refresh-client -A '%0:on'" },
  { line: "refresh-client -B 'ws::#{session_windows}'", until: (since) => /^%subscription-changed ws /m.test(since) },
  { line: "refresh-client -B ws" },
  { line: "kill-window -t @1" },
];

/** Times and command numbers vary; ids and everything else must not. */
export function normalise(text: string): string {
  const lines = text.replace(/^%(begin|end|error) \d+ \d+ (\d)$/gm, "%$1 T N $2").split("\n");
  // A pane's output comes in as many reads as the kernel makes of it: join what follows on.
  const out: string[] = [];
  for (const l of lines) {
    const prev = out[out.length - 1];
    const m = /^%output (%\d+) /.exec(l);
    if (m && prev?.startsWith(`%output ${m[1]} `)) out[out.length - 1] = prev + l.slice(m[0].length);
    else out.push(l);
  }
  return out.join("\n");
}

export async function transcript(bin: string, socket: string, opts: { steps?: Step[]; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<string> {
  const steps = opts.steps ?? STEPS;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const env = { PATH: "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", ...opts.env, TERM: "screen", LANG: "C.UTF-8" };
  const child = spawn(bin, ["-L", socket, "-f", "/dev/null", "-C", "new-session", "-s", "x", "-n", "main", "-x", "80", "-y", "24", "cat"], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let wake: (() => void) | null = null;
  child.stdout.on("data", (b: Buffer) => {
    out += b.toString("latin1");
    wake?.();
  });
  const waitFor = async (ok: () => boolean, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; transcript:\n${out}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 50);
      });
    }
  };
  const guards = () => (out.match(/^%(end|error) /gm) ?? []).length;
  try {
    await waitFor(() => guards() >= 1 && out.includes("%session-changed"), "the first reply");
    for (const step of steps) {
      const before = guards();
      const from = out.length;
      child.stdin.write(step.line + "\n");
      await waitFor(() => guards() > before, `the reply to ${step.line}`);
      if (step.until) {
        const until = step.until;
        await waitFor(() => until(out.slice(from)), `the output after ${step.line}`);
      }
    }
    child.stdin.write("\n");
    await waitFor(() => /^%exit/m.test(out), "%exit");
  } finally {
    child.stdin.end();
    spawn(bin, ["-L", socket, "kill-server"], { env, stdio: "ignore" });
  }
  return normalise(out);
}

if (import.meta.main) {
  const bin = process.argv[2] ?? "/usr/bin/tmux";
  process.stdout.write(await transcript(bin, `ctl-golden-${process.pid}`));
  process.exit(0);
}
