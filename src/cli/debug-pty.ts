// `weft debug-pty program [args]`: runs a program in a PTY through the gather worker and copies
// its output, exiting with its status. A check that an executable carries a working worker.
import { spawn } from "../pty/index.ts";

export async function debugPty(argv: string[]): Promise<number> {
  const [file, ...args] = argv;
  if (!file) {
    console.error("usage: weft debug-pty program [args...]");
    return 1;
  }
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const p = spawn({ file, args, env, cols: 80, rows: 24 });
  p.onData((b, release) => {
    process.stdout.write(b.slice());
    release();
  });
  const s = await p.exited;
  return s.code ?? 128 + (s.signal ?? 0);
}
