// `npm run build`: dist/weft in two passes. The first compiles; a short private session then runs
// it with BUN_BYTECODE_ORDER_OUT, so that each process writes the order in which it first ran
// its functions; the second pass lays the executable's bytecode out in that order. A process
// then touches fewer pages of the embedded bundle: an idle server about 1 MiB less resident,
// clients about as before (README, "The server's start and idle memory"). Should the session
// fail, the first pass's executable stays, as correct and only less compact.
import { spawnSync } from "bun";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawn as spawnPty } from "../src/pty/index.ts";

const root = resolve(import.meta.dir, "..");
const out = join(root, "dist/weft");
const ENTRIES = ["src/cli/main.ts", "src/pty/gather-worker.ts"];
const FLAGS = [
  "--compile",
  "--no-compile-autoload-dotenv",
  "--no-compile-autoload-bunfig",
  "--minify",
  "--bytecode",
  "--compile-jit-policy=50",
  "--splitting",
  "--format=esm",
];
const DEADLINE_MS = 10_000;

function compile(extra: string[]): void {
  const r = spawnSync([process.execPath, "build", ...FLAGS, ...ENTRIES, ...extra, "--outfile", out], { cwd: root, stdout: "inherit", stderr: "inherit" });
  if (r.exitCode !== 0) process.exit(r.exitCode ?? 1);
}

/**
 * The session's command line and environment: no outer multiplexer, no user config, a plain
 * shell, and the socket as most users' is, a name (-L) in the socket directory (here a private
 * one), so that the clients run the directory's check too.
 */
const SOCKET = ["-f", "/dev/null", "-L", "build"];

function sessionEnv(dir: string, orderOut?: string): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/", TERM: "xterm-256color", SHELL: "/bin/sh", WEFT_TMPDIR: dir };
  if (orderOut) env.BUN_BYTECODE_ORDER_OUT = orderOut;
  return env;
}

function weft(dir: string, args: string[], orderOut?: string): string {
  const r = spawnSync([out, ...SOCKET, ...args], { env: sessionEnv(dir, orderOut), stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`weft ${args.join(" ")}: ${r.stderr.toString().trim() || `exit ${r.exitCode}`}`);
  return r.stdout.toString();
}

async function waitUntil(cond: () => boolean, what: string): Promise<void> {
  const end = Date.now() + DEADLINE_MS;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

/** Whether a process still runs: an exited one whose parent has not reaped it yet (a zombie) does not. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * A client attached on a terminal of its own until the server detaches it; it draws, and the
 * server with it.
 */
async function attachOnce(dir: string, orderOut: string): Promise<void> {
  const pty = spawnPty({ file: out, args: [...SOCKET, "attach-session"], env: sessionEnv(dir, orderOut), cols: 80, rows: 24 });
  pty.onData((_bytes, release) => release());
  let name = "";
  await waitUntil(() => (name = weft(dir, ["list-clients", "-F", "#{client_name}"]).trim()) !== "", "the client to attach");
  weft(dir, ["detach-client", "-t", name]);
  let timer: Timer | undefined;
  const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), DEADLINE_MS)));
  const exited = await Promise.race([pty.exited, late]);
  clearTimeout(timer);
  pty.dispose();
  if (!exited) throw new Error("the attached client did not exit");
}

/**
 * Runs the session and returns its order files, the most important first: a command client's
 * (what every script's command runs), an attached client's, the client that started a server,
 * then the server's.
 */
async function train(dir: string): Promise<string[]> {
  const [server, starter, command, attached] = ["server", "starter", "command", "attached"].map((n) => join(dir, n));
  // The client writes its order when it exits; the server it started inherits the variable
  // and writes over the same file when it exits in turn.
  weft(dir, ["new-session", "-d", "-x", "80", "-y", "24", "printf '\\033[1mweft\\033[m\\n'; exec cat"], server);
  let pid = 0;
  try {
    copyFileSync(server, starter);
    pid = Number(weft(dir, ["display-message", "-p", "#{pid}"], command).trim());
    for (const args of [
      ["list-sessions"],
      ["split-window", "-d", "cat"],
      ["send-keys", "hello", "Enter"],
      ["capture-pane", "-p"],
      ["set-option", "-g", "status-left", "#S"],
      ["list-windows", "-a", "-F", "#{window_id} #{window_layout}"],
    ])
      weft(dir, args);
    await attachOnce(dir, attached);
    const before = statSync(server).mtimeMs;
    weft(dir, ["kill-server"]);
    await waitUntil(() => !running(pid), "the server to exit");
    if (statSync(server).mtimeMs === before && readFileSync(server).equals(readFileSync(starter))) throw new Error("the server wrote no order");
  } finally {
    // A session that failed leaves nothing behind.
    if (pid > 0 && running(pid)) process.kill(pid, "SIGKILL");
    else if (pid === 0) spawnSync([out, ...SOCKET, "kill-server"], { env: sessionEnv(dir), stdout: "ignore", stderr: "ignore" });
  }
  return [command, attached, starter, server];
}

compile([]);
const dir = mkdtempSync(join(tmpdir(), "weft-build-"));
try {
  const orders = await train(dir);
  if (!orders.every(existsSync)) throw new Error("an order file is missing");
  compile([`--bytecode-order=${orders.join(",")}`]);
} catch (e) {
  console.warn(`build: bytecode left in bundle order (${(e as Error).message})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
