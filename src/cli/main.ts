// weft's single entry point: the command line, the client and (with --server) the server.
import pkg from "../../package.json" with { type: "json" };

const argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-V") {
  console.log(`weft ${pkg.version}`);
  process.exit(0);
}
if (argv[0] === "debug-pty") {
  // Runs a program in a PTY through the gather worker and copies its output: a check that the
  // compiled executable carries a working worker.
  const { spawn } = await import("../pty/index.ts");
  const [file, ...args] = argv.slice(1);
  if (!file) {
    console.error("usage: weft debug-pty program [args...]");
    process.exit(1);
  }
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const p = spawn({ file, args, env, cols: 80, rows: 24 });
  p.onData((b, release) => {
    process.stdout.write(b.slice());
    release();
  });
  const s = await p.exited;
  process.exit(s.code ?? 128 + (s.signal ?? 0));
}
console.error("weft: the command line is not built yet");
process.exit(1);
