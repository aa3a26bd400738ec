// Who may reach the server: the socket directory and socket are the user's alone (0700 / 0600,
// tested in server.test.ts), a directory owned by someone else or a symlink is refused, the
// socket is never created open to others whatever the umask, and a peer of another uid is
// refused where the kernel tells its credentials (SO_PEERCRED).
import { test, expect, afterEach } from "bun:test";
import { mkdirSync, chmodSync, chownSync, statSync, symlinkSync, rmSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const uid = process.getuid?.() ?? 0;
const NOBODY = 65534;

test("a socket directory owned by another user is refused", async () => {
  if (uid !== 0) return; // only root can hand a directory to someone else
  weft = await Weft.start();
  const dir = join(weft.dir, `weft-${uid}`);
  mkdirSync(dir, { mode: 0o700 });
  chownSync(dir, NOBODY, NOBODY);
  const r = await weft.run("new", "-d");
  expect(r.code).toBe(1);
  expect(r.stderr).toBe(`weft: directory ${dir} has unsafe permissions (not owned by uid ${uid})\n`);
  expect(weft.serverPids()).toEqual([]);
});

test("a socket directory that is a symlink is refused", async () => {
  weft = await Weft.start();
  const real = join(weft.dir, "elsewhere");
  mkdirSync(real, { mode: 0o700 });
  const dir = join(weft.dir, `weft-${uid}`);
  symlinkSync(real, dir);
  const r = await weft.run("new", "-d");
  expect(r.code).toBe(1);
  expect(r.stderr).toBe(`weft: ${dir} is not a directory\n`);
  // A command that starts no server checks the directory another way first (main.ts): same answer.
  const d = await weft.run("display", "-p", "x");
  expect(d.code).toBe(1);
  expect(d.stderr).toBe(`weft: ${dir} is not a directory\n`);
  rmSync(dir);
});

test("the socket is 0600 even under umask 000, and panes keep the user's umask", async () => {
  weft = await Weft.start();
  const sock = join(weft.dir, "loose.sock");
  const p = Bun.spawn(["sh", "-c", `umask 000; exec "$0" -S "$1" -f /dev/null new -d -s u -- sh`, weft.bin, sock], { env: weft.env });
  expect(await p.exited).toBe(0);
  expect(statSync(sock).mode & 0o777).toBe(0o600);
  const w = (...a: string[]) => Bun.spawn([weft!.bin, "-S", sock, ...a], { env: weft!.env, stdout: "pipe" });
  try {
    await w("send-keys", "-t", "u", "echo mask=$(umask)", "Enter").exited;
    await waitFor(async () => (await new Response(w("capture-pane", "-p", "-t", "u").stdout).text()).includes("mask=0000"), "the pane's umask to stay 000");
  } finally {
    await w("kill-server").exited;
  }
});

test("a client of another uid is refused even when the socket lets it connect", async () => {
  // Connecting as another user needs root (and a system python3 it may run); the directory check covers the rest.
  if (uid !== 0 || !existsSync("/usr/bin/python3")) return;
  weft = await Weft.start();
  chmodSync(weft.dir, 0o755);
  const sock = join(weft.dir, "shared.sock");
  const p = Bun.spawn([weft.bin, "-S", sock, "-f", "/dev/null", "new", "-d", "-s", "mine", "--", "sh"], { env: weft.env });
  expect(await p.exited).toBe(0);
  try {
    await refusedAsNobody(sock);
  } finally {
    await Bun.spawn([weft.bin, "-S", sock, "kill-server"], { env: weft.env }).exited;
  }
});

async function refusedAsNobody(sock: string): Promise<void> {
  chmodSync(sock, 0o666); // as if someone loosened it: the uid check must still hold
  // uid 65534 connects: the server answers at once with an error frame and closes.
  const script = `
import socket, sys
s = socket.socket(socket.AF_UNIX); s.settimeout(5); s.connect(sys.argv[1])
data = b""
while True:
    b = s.recv(4096)
    if not b: break
    data += b
print(data[5:].decode("utf8", "replace"))
`;
  const py = Bun.spawn(["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "/usr/bin/python3", "-c", script, sock], { stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([py.exited, new Response(py.stdout).text(), new Response(py.stderr).text()]);
  expect(err).toBe("");
  expect(code).toBe(0);
  expect(JSON.parse(out.trim())).toEqual({ t: "error", message: "access not allowed" });
  // The owner still gets in.
  const ls = Bun.spawn([weft!.bin, "-S", sock, "ls", "-F", "#S"], { env: weft!.env, stdout: "pipe" });
  expect(await new Response(ls.stdout).text()).toBe("mine\n");
}

test("a pane inherits only its terminal as fds and the session's environment, none of the server's own settings", async () => {
  const w = (weft = await Weft.start());
  const out = join(w.dir, "pane-env");
  await w.ok("new", "-d", "-s", "env", "--", "sh", "-c", `env > ${out}.tmp && mv ${out}.tmp ${out}; sleep 30`);
  await w.ok("set", "-g", "remain-on-exit", "on");
  await w.ok("new-window", "-d", "-t", "env", "--", "ls", "-C", "/proc/self/fd");
  // ls's own fds: the terminal as 0, 1 and 2, and the directory it is listing.
  const screen = await w.waitForText("0  1  2  3", "env:1");
  expect(screen.split("\n")[0]!.trim()).toBe("0  1  2  3");
  await waitFor(() => existsSync(out), "the pane to write its environment");
  const env = (await Bun.file(out).text()).split("\n");
  // The server runs with Bun's GC timer off (an idle server would wake every second); no pane sees it.
  const [server] = w.serverPids();
  expect(readFileSync(`/proc/${server}/environ`, "utf8").split("\0")).toContain("BUN_GC_TIMER_DISABLE=1");
  expect(env.some((l) => l.startsWith("BUN_GC_TIMER_DISABLE") || l.startsWith("BUN_JSC_"))).toBe(false);
  expect(env).toContain("TERM=tmux-256color"); // default-terminal, as tmux 3.3a here
  expect(env.some((l) => l.startsWith("WEFT_PANE=%"))).toBe(true);
});
