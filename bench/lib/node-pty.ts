// node-pty as a peer to measure against, installed outside the project's dependencies (under
// /tmp) at bench time, and driven by a small Node script that counts bytes until the exit event.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const NODE_PTY_VERSION = "1.1.0";
const DIR = "/tmp/weft-bench-nodepty";
const MODULE = join(DIR, "node_modules", "node-pty");
const RUNNER = join(DIR, "weft-runner.cjs");

// node-pty has no raw mode of its own: `stty raw -echo` in a shell before exec'ing cat turns
// off echo and LF→CRLF, so the byte count is the file's. Bytes arriving after onExit are
// counted separately (late) to tell lost output from slow output.
const RUNNER_SOURCE = `
const pty = require(process.argv[2]);
const file = process.argv[3];
const t0 = process.hrtime.bigint();
let bytes = 0, batches = 0;
const p = pty.spawn("sh", ["-c", 'stty raw -echo; exec cat "$0"', file], {
  name: "xterm-256color", cols: 80, rows: 24, env: { PATH: process.env.PATH }, encoding: null,
});
p.onData((d) => { bytes += d.length; batches++; });
p.onExit(() => {
  const ns = Number(process.hrtime.bigint() - t0);
  const atExit = bytes;
  setTimeout(() => {
    process.stdout.write(JSON.stringify({ bytes: atExit, late: bytes - atExit, batches, ns }) + "\\n");
    process.exit(0);
  }, 100);
});
`;

export type NodePty = { ok: true; node: string } | { ok: false; reason: string };

function run(cmd: string[], cwd?: string): { ok: boolean; out: string } {
  const r = Bun.spawnSync(cmd, { cwd, env: process.env, stdout: "pipe", stderr: "pipe" });
  return { ok: r.exitCode === 0, out: r.stdout.toString() + r.stderr.toString() };
}

function loads(node: string): { ok: boolean; out: string } {
  return run([node, "-e", `require(${JSON.stringify(MODULE)})`]);
}

function lastLine(s: string): string {
  return s.trim().split("\n").filter(Boolean).pop()?.slice(0, 160) ?? "unknown error";
}

/** Install node-pty under /tmp if it does not load yet; say why when it cannot be had. */
export function ensureNodePty(): NodePty {
  const node = Bun.which("node");
  if (!node) return { ok: false, reason: "node not found" };
  if (!existsSync(MODULE) || !loads(node).ok) {
    const npm = Bun.which("npm");
    if (!npm) return { ok: false, reason: "npm not found" };
    mkdirSync(DIR, { recursive: true });
    const inst = run([npm, "install", "--prefix", DIR, `node-pty@${NODE_PTY_VERSION}`, "--no-audit", "--no-fund"]);
    if (!inst.ok) return { ok: false, reason: `npm install failed: ${lastLine(inst.out)}` };
    // npm may skip install scripts (allowScripts); build the addon by hand then.
    if (!loads(node).ok) run(["sh", "-c", "node scripts/prebuild.js || npx --yes node-gyp rebuild"], MODULE);
    const check = loads(node);
    if (!check.ok) return { ok: false, reason: `does not load: ${lastLine(check.out)}` };
  }
  writeFileSync(RUNNER, RUNNER_SOURCE);
  return { ok: true, node };
}

export interface NodePtyRun {
  bytes: number;
  late: number;
  batches: number;
  ns: number;
}

/** One run of `cat file` under node-pty, in a fresh Node process. */
export async function runNodePty(node: string, file: string): Promise<NodePtyRun> {
  const p = Bun.spawn([node, RUNNER, MODULE, file], { env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  if (code !== 0) throw new Error(`node-pty runner exited ${code}: ${lastLine(err)}`);
  return JSON.parse(out) as NodePtyRun;
}
