// The server's life and its socket: start, stale sockets, unsafe directories, bad clients,
// sessions ending with their last pane, window sizes, remain-on-exit, config files.
import { test, expect, afterEach } from "bun:test";
import { mkdirSync, chmodSync, writeFileSync, existsSync, statSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor, within } from "../helpers/wait.ts";
import { encodeJson, PROTOCOL_VERSION } from "../../src/mux/client/protocol.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** A raw protocol client on the server's socket. */
async function rawClient(path: string) {
  let received = "";
  let closed = false;
  const sock = await Bun.connect({
    unix: path,
    socket: {
      data: (_s, b) => void (received += Buffer.from(b).toString("latin1")),
      close: () => void (closed = true),
    },
  });
  return { sock, get received() { return received; }, get closed() { return closed; } };
}

test("the socket directory is 0700 and the socket 0600", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d");
  expect(statSync(join(weft.socketPath, "..")).mode & 0o777).toBe(0o700);
  expect(statSync(weft.socketPath).mode & 0o777).toBe(0o600);
});

test("a socket directory open to others is refused", async () => {
  weft = await Weft.start();
  const dir = join(weft.dir, `weft-${process.getuid?.() ?? 0}`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const r = await weft.run("new", "-d");
  expect(r.code).toBe(1);
  expect(r.stderr).toBe(`weft: directory ${dir} has unsafe permissions\n`);
  // Also for a command that starts no server, with a server running (main.ts checks it another way first).
  chmodSync(dir, 0o700);
  await weft.ok("new", "-d");
  chmodSync(dir, 0o777);
  expect(await weft.run("display", "-p", "x")).toEqual({ code: 1, stdout: "", stderr: `weft: directory ${dir} has unsafe permissions\n` });
  chmodSync(dir, 0o700);
});

test("commands with no server say so; a stale socket does not block a new server", async () => {
  weft = await Weft.start();
  const r = await weft.run("ls");
  expect(r).toEqual({ code: 1, stdout: "", stderr: `no server running on ${weft.socketPath}\n` });
  await weft.ok("new", "-d", "-s", "a");
  const [pid] = weft.serverPids();
  process.kill(pid!, "SIGKILL");
  await waitFor(() => weft!.serverPids().length === 0, "the server to die");
  expect(existsSync(weft.socketPath)).toBe(true); // left behind by the killed server
  expect((await weft.run("ls")).stderr).toBe(`no server running on ${weft.socketPath}\n`);
  await weft.ok("new", "-d", "-s", "b");
  expect(await weft.ok("ls", "-F", "#S")).toBe("b\n");
});

test("-N starts no server, even for new-session and start-server, as tmux's", async () => {
  weft = await Weft.start();
  for (const args of [["new", "-d"], ["start-server"]]) {
    const r = await weft.run("-N", ...args);
    expect(r).toEqual({ code: 1, stdout: "", stderr: `no server running on ${weft.socketPath}\n` });
  }
  expect(weft.serverPids()).toEqual([]);
  await weft.ok("new", "-d", "-s", "a");
  expect(await weft.ok("-N", "new", "-d", "-s", "b", "-P", "-F", "#S")).toBe("b\n"); // a server there: -N changes nothing
});

test("-c runs a shell command in the server's default-shell, as tmux used as a login shell; -l makes it a login shell", async () => {
  weft = await Weft.start();
  const conf = join(weft.dir, "shell.conf");
  writeFileSync(conf, "set -g default-shell /bin/sh\n");
  const run = (...args: string[]) => {
    const p = Bun.spawnSync([weft!.bin, "-L", "test", "-f", conf, ...args], { env: weft!.env });
    return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() };
  };
  expect(run("-c", 'echo "$0 $SHELL"; exit 3')).toEqual({ code: 3, out: "sh /bin/sh\n", err: "" });
  expect(run("-l", "-c", 'echo "$0"')).toEqual({ code: 0, out: "-sh\n", err: "" });
  expect(run("-c", "true", "ls")).toMatchObject({ code: 1, out: "", err: expect.stringMatching(/^usage: weft /) });
  // The server it started to ask has no session, and goes (tmux's exit-empty).
  await waitFor(() => weft!.serverPids().length === 0, "the server to exit");
});

test("-D: this process is the server, in the foreground; it stays without sessions until kill-server", async () => {
  weft = await Weft.start();
  const fg = Bun.spawn([weft.bin, "-L", "test", "-f", "/dev/null", "-D"], { env: weft.env, stdio: ["ignore", "pipe", "pipe"] });
  try {
    await waitFor(() => existsSync(weft!.socketPath), "the socket");
    expect(await weft.ok("display-message", "-p", "#{pid}")).toBe(`${fg.pid}\n`); // the server is this process
    expect(await weft.ok("show-options", "-gv", "exit-empty")).toBe("off\n");
    await weft.ok("new", "-d", "-s", "a");
    await weft.ok("kill-session", "-t", "a");
    expect(await weft.run("ls")).toEqual({ code: 0, stdout: "", stderr: "" }); // no sessions, still there
    await weft.ok("kill-server");
    expect(await within(fg.exited, "the foreground server to exit", 5_000)).toBe(0);
  } finally {
    fg.kill("SIGKILL");
  }
  const withCommand = Bun.spawnSync([weft.bin, "-L", "test", "-D", "ls"], { env: weft.env });
  expect(withCommand.exitCode).toBe(1);
  expect(withCommand.stderr.toString()).toStartWith("usage: weft ");
});

test("a server no client ever reached exits on its own (its client was killed before connecting)", async () => {
  weft = await Weft.start();
  const w = weft;
  mkdirSync(join(w.socketPath, ".."), { recursive: true, mode: 0o700 });
  const server = Bun.spawn([w.bin, "__server", "-S", w.socketPath, "-f", "/dev/null"], { env: { ...w.env, WEFT_TEST_FIRST_CLIENT_MS: "300" }, stdio: ["ignore", "ignore", "ignore"] });
  expect(await within(server.exited, "the unreached server to exit")).toBe(0);
  // One that a client reaches in time stays for its sessions, as before.
  const kept = Bun.spawn([w.bin, "__server", "-S", w.socketPath, "-f", "/dev/null"], { env: { ...w.env, WEFT_TEST_FIRST_CLIENT_MS: "300" }, stdio: ["ignore", "ignore", "ignore"] });
  await waitFor(() => existsSync(w.socketPath), "the socket");
  await w.ok("new", "-d", "-s", "kept");
  await Bun.sleep(800); // past its first-client wait: that it does not exit has no event to wait on
  expect(kept.exitCode).toBeNull();
  await w.ok("kill-server");
  expect(await within(kept.exited, "kill-server")).toBe(0);
});

test("a garbage frame, a bad version and a silent client close only their own connection", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "keep", "--", "sh");
  const garbage = await rawClient(weft.socketPath);
  garbage.sock.write(new Uint8Array([0xff, 0xff, 0xff, 0x7f, 9, 1, 2, 3]));
  await waitFor(() => garbage.closed, "the garbage connection to close");
  expect(garbage.received).toContain("protocol error");

  const old = await rawClient(weft.socketPath);
  old.sock.write(encodeJson({ t: "hello", version: PROTOCOL_VERSION + 1 }));
  await waitFor(() => old.closed, "the mismatched connection to close");
  expect(old.received).toContain("protocol version mismatch");

  const badJson = await rawClient(weft.socketPath);
  badJson.sock.write(new Uint8Array([3, 0, 0, 0, 1, 0x7b, 0x7b, 0x7b]));
  await waitFor(() => badJson.closed, "the bad JSON connection to close");

  const silent = await rawClient(weft.socketPath); // never speaks
  await weft.ok("send-keys", "-t", "keep", "echo still-here", "Enter");
  await weft.waitForText("still-here", "keep");
  expect(silent.closed).toBe(false);
  silent.sock.end();
});

test("killing the last pane ends the session, and the last session ends the server", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "one", "--", "sh");
  await weft.ok("new", "-d", "-s", "two", "--", "sh");
  await weft.ok("kill-pane", "-t", "one");
  expect(await weft.ok("ls", "-F", "#S")).toBe("two\n");
  await weft.ok("send-keys", "-t", "two", "exit", "Enter");
  await waitFor(() => !existsSync(weft!.socketPath) && weft!.serverPids().length === 0, "the server to exit");
});

test("a pane whose program exits closes and gives its space back", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "s", "--", "sh");
  await weft.ok("split-window", "-h", "-t", "s", "--", "sh", "-c", "read x");
  expect((await weft.ok("list-panes", "-t", "s", "-F", "#{pane_width}")).split("\n").filter(Boolean).length).toBe(2);
  await weft.ok("send-keys", "-t", "s:0.1", "Enter");
  await waitFor(async () => (await weft!.ok("list-panes", "-t", "s", "-F", "#{pane_width}x#{pane_height}")) === "80x24\n", "the survivor to fill the window");
});

test("remain-on-exit keeps the dead pane with its status", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "r", "--", "sh");
  await weft.ok("set", "-g", "remain-on-exit", "on");
  await weft.ok("split-window", "-t", "r", "--", "sh", "-c", "echo bye; exit 3");
  await weft.waitForText("Pane is dead (status 3", "r:0.1");
  expect(await weft.ok("list-panes", "-t", "r", "-F", "#{pane_dead} #{pane_dead_status}")).toBe("0 \n1 3\n");
});

test("window-size: latest, smallest and largest of the attached clients; resize reaches the program", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "w", "--", "sh");
  const size = async () => (await weft!.ok("list-windows", "-t", "w", "-F", "#{window_width}x#{window_height}")).trim();
  const a = weft.attach(["attach", "-t", "w"], 100, 30);
  await waitFor(async () => (await size()) === "100x29", "the window to take client a's size (less the status line)");
  const b = weft.attach(["attach", "-t", "w"], 60, 20);
  await waitFor(async () => (await size()) === "60x19", "latest: the newest client b's size");
  await weft.ok("set", "-g", "window-size", "largest");
  await waitFor(async () => (await size()) === "100x29", "largest");
  await weft.ok("set", "-g", "window-size", "smallest");
  await waitFor(async () => (await size()) === "60x19", "smallest");
  b.resize(50, 15);
  await waitFor(async () => (await size()) === "50x14", "a resized client");
  await weft.ok("send-keys", "-t", "w", "stty size", "Enter");
  await weft.waitForText("14 50", "w");
  a.kill();
  b.kill();
});

test("the config file sets options and bindings", async () => {
  weft = await Weft.start();
  const conf = join(weft.dir, "test.conf");
  writeFileSync(conf, "# a comment\nset -g status-left 'CONF:#S '\nbind-key X split-window -h\n");
  const p = Bun.spawn([weft.bin, "-L", "test", "-f", conf, "new", "-d", "-s", "c", "--", "sh"], { env: weft.env });
  expect(await p.exited).toBe(0);
  expect(await weft.ok("show", "-gv", "status-left")).toBe("CONF:#S \n");
  const c = weft.attach(["attach", "-t", "c"]);
  await c.waitForScreen((s) => s.includes("CONF:c"), "status-left from the config");
  c.type("\x02X");
  await waitFor(async () => (await weft!.ok("list-panes", "-t", "c")).trim().split("\n").length === 2, "the bound key to split");
});

test("weft refuses a client on one of its own panes while $WEFT is set, as tmux's check_nested; another server's pane may attach", async () => {
  weft = await Weft.start();
  const w = weft;
  await w.ok("new", "-d", "-s", "n", "-x", "80", "-y", "24", "--", "sh");
  const out = join(w.dir, "nested");
  // In a pane of this server: refused, and with $WEFT unset (the way to force it) attached.
  const inner = `${w.bin} -L test attach -t n 2>${out}; echo rc=$? >>${out}; env -u WEFT ${w.bin} -L test attach -t n`;
  await w.ok("new-window", "-t", "n", "--", "sh", "-c", inner);
  await waitFor(() => existsSync(out) && readFileSync(out, "utf8").includes("rc="), "the nested attach to answer");
  expect(readFileSync(out, "utf8")).toBe("sessions should be nested with care, unset $WEFT to force\nrc=1\n");
  await waitFor(async () => (await w.ok("list-clients", "-F", "#{client_session}")) === "n\n", "the forced attach");
  // Any other command client with $WEFT set (no terminal, or not one of our panes) is not refused.
  const r = await w.runWith({ WEFT: "/x,1,0" }, "attach", "-t", "n");
  expect(r.stderr).toBe("open terminal failed: not a terminal\n");
  // A pane of another server: its client attaches here, $WEFT set or not.
  const other = Bun.spawn([w.bin, "-L", "other", "-f", "/dev/null", "new", "-d", "-s", "o", "--", w.bin, "-L", "test", "attach", "-t", "n"], { env: w.env });
  expect(await other.exited).toBe(0);
  try {
    await waitFor(async () => (await w.ok("list-clients", "-F", "#{client_session}")) === "n\nn\n", "the other server's pane attached");
  } finally {
    Bun.spawnSync([w.bin, "-L", "other", "kill-server"], { env: w.env });
  }
});

test("a killed server leaves attached clients restoring the terminal and saying so", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "k", "--", "sh");
  const c = weft.attach(["attach", "-t", "k"]);
  await c.waitForScreen((s) => s.includes("[k]"), "attached");
  for (const pid of weft.serverPids()) process.kill(pid, "SIGKILL");
  expect((await within(c.exited, "client exit")).code).toBe(1);
  expect(c.raw).toContain("[lost server]");
  expect(c.raw).toContain("\x1b[?1049l");
});

test("a client killed by SIGTERM restores the terminal", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "t", "--", "sh");
  const c = weft.attach(["attach", "-t", "t"]);
  await c.waitForScreen((s) => s.includes("[t]"), "attached");
  c.pty.kill("SIGTERM");
  await within(c.exited, "client exit");
  expect(c.raw.slice(c.raw.lastIndexOf("\x1b[?1049h"))).toContain("\x1b[?1049l");
  expect(await weft.ok("ls", "-F", "#S")).toBe("t\n"); // the session lives on
});
