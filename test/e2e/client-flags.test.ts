// Client flags on terminal clients as tmux 3.3a: attach -r makes a read-only client (its keys
// and mouse reach no pane, only read-only bindings and commands run), switch-client -r toggles
// it, refresh-client -f and attach -f set flags, server-access -r / -w make a user's clients
// read-only or writable, and an ignore-size client's size counts only when every client's does not.
import { test, expect, afterEach } from "bun:test";
import { chmodSync, linkSync, mkdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { Weft, type HostClient } from "../helpers/weft.ts";
import { waitFor, within } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const GOLDEN = readFileSync(join(import.meta.dir, "goldens", "client-flags.txt"), "utf8");

/** Attach a client and wait until the server lists it; its tty is its name. */
async function attach(w: Weft, args: string[], cols = 80, rows = 24): Promise<{ c: HostClient; tty: string }> {
  const before = (await w.ok("list-clients")).split("\n").filter(Boolean).length;
  const c = w.attach(args, cols, rows);
  await waitFor(async () => (await w.ok("list-clients")).split("\n").filter(Boolean).length > before, "the client to attach");
  await c.waitForScreen((s) => s.includes("[s]"), "the status line");
  return { c, tty: readlinkSync(`/proc/${c.pty.pid}/fd/0`) };
}

async function flags(w: Weft): Promise<string> {
  return w.ok("list-clients", "-F", "#{client_flags}|#{client_readonly}");
}

test("client_flags and client_readonly as tmux prints them through attach -r / -f, refresh-client -f and switch-client -r", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "-x", "80", "-y", "24", "sh");
  let out = "";
  const show = async (what: string) => (out += `== ${what}\n${await flags(w)}`);
  const a = await attach(w, ["attach", "-t", "s"]);
  const b = await attach(w, ["attach", "-r", "-t", "s"]);
  await show("A attach, B attach -r");
  await w.ok("refresh-client", "-t", b.tty, "-f", "!read-only");
  await show("B refresh-client -f !read-only");
  await w.ok("switch-client", "-c", b.tty, "-r");
  await show("B switch-client -r");
  await w.ok("switch-client", "-c", b.tty, "-r");
  await show("B switch-client -r again");
  await w.ok("refresh-client", "-t", a.tty, "-f", "active-pane,ignore-size");
  await show("A refresh-client -f active-pane,ignore-size");
  await w.ok("refresh-client", "-t", a.tty, "-f", "!active-pane,!ignore-size,read-only");
  await show("A refresh-client -f !active-pane,!ignore-size,read-only");
  await w.ok("refresh-client", "-t", a.tty, "-f", "no-output,wait-exit,pause-after=2,bogus");
  await show("A refresh-client -f control-mode flags");
  await attach(w, ["attach", "-f", "active-pane,ignore-size", "-t", "s"]);
  await show("C attach -f active-pane,ignore-size");
  expect(out).toBe(GOLDEN);
});

test("a read-only client's typed keys never reach the pane; C-b c says it is read-only, C-b d still detaches", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "-x", "80", "-y", "24", "sh");
  const rw = await attach(w, ["attach", "-t", "s"]);
  const ro = await attach(w, ["attach", "-r", "-t", "s"]);
  ro.c.type("echo ro-$((6*7))\r");
  // A binding outside the read-only set: refused, after the typing above (the same client's input, in order).
  ro.c.type("\x02c");
  await ro.c.waitForScreen((s) => s.includes("Client is read-only"), "tmux's refusal on the status line");
  expect((await w.ok("list-windows", "-t", "s")).trim().split("\n")).toHaveLength(1);
  // The writable client's typing does reach it.
  rw.c.type("echo rw-$((6*7))\r");
  const pane = await w.waitForText("rw-42", "s");
  expect(pane).not.toContain("ro-42");
  expect(pane).not.toContain("ro-$");
  // detach-client is a read-only command: its binding runs.
  ro.c.type("\x02d");
  await within(ro.c.exited, "the read-only client to detach");
  expect((await w.ok("list-clients", "-F", "#{client_tty}")).trim()).toBe(rw.tty);
});

test("switch-client -r makes a read-only client writable: its keys reach the pane again", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "-x", "80", "-y", "24", "sh");
  const ro = await attach(w, ["attach", "-r", "-t", "s"]);
  await w.ok("switch-client", "-c", ro.tty, "-r");
  expect((await flags(w)).trim()).toBe("attached,focused,UTF-8|0");
  ro.c.type("echo now-$((6*7))\r");
  await w.waitForText("now-42", "s");
});

test("a read-only client's bindings run only when every command in them is read-only", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "sh");
  const ro = await attach(w, ["attach", "-r", "-t", "s"]);
  const refusals = async () => (await w.ok("show-messages", "-t", ro.tty)).split("\n").filter((l) => l.endsWith("Client is read-only")).length;
  // Bindings to command-prompt and choose-tree: each refused, nothing opened.
  ro.c.type("\x02:");
  await waitFor(async () => (await refusals()) === 1, "command-prompt refused");
  ro.c.type("\x02s");
  await waitFor(async () => (await refusals()) === 2, "choose-tree refused");
  expect((await w.ok("display", "-p", "-t", "s", "#{pane_in_mode}")).trim()).toBe("0");
  // Its command lines: only read-only ones (attach, detach, list-clients, switch-client) run.
  // A command-line client is read-only as its user is (server-access -r, below); here the
  // read-only client's own lines come from a binding to a list of commands.
  await w.ok("bind-key", "-n", "F5", "list-clients ; new-window");
  await w.ok("bind-key", "-n", "F6", "list-clients ; switch-client -t s");
  ro.c.type("\x1b[15~");
  await waitFor(async () => (await refusals()) === 3, "a list with new-window refused");
  ro.c.type("\x1b[17~");
  await ro.c.waitForScreen((s) => s.includes("(attached,focused,ignore-size,read-on"), "list-clients' output over the pane");
  expect(await refusals()).toBe(3);
  expect((await w.ok("list-windows", "-t", "s")).trim().split("\n")).toHaveLength(1);
});

test("an ignore-size client's size counts only while every client ignores size", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "sh");
  const size = async () => (await w.ok("display", "-p", "-t", "s", "#{window_width}x#{window_height}")).trim();
  const big = await attach(w, ["attach", "-t", "s"], 100, 30);
  await attach(w, ["attach", "-r", "-t", "s"], 70, 20);
  // window-size latest: the read-only client was used last, yet its size does not count.
  await waitFor(async () => (await size()) === "100x29", "the writable client's size");
  big.c.type("\x02d");
  await within(big.c.exited, "the writable client to leave");
  await waitFor(async () => (await size()) === "70x19", "the read-only client's size, now the only one");
});

test("attach -x detaches the session's other clients and hangs up their shells; -c sets the session's directory", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "sh");
  const sh = w.shell();
  await sh.waitForScreen((s) => s.includes("$"), "the shell's prompt");
  sh.type("$WEFT_CMD attach -t s\r");
  await sh.waitForScreen((s) => s.includes("[s]"), "the attached session");
  const x = w.attach(["attach", "-x", "-c", "/tmp/#{session_name}-dir", "-t", "s"]);
  await x.waitForScreen((s) => s.includes("[s]"), "the new client attached");
  await sh.waitForScreen((s) => s.includes("[detached and SIGHUP (from session s)]"), "tmux's message");
  await within(sh.exited, "the shell to be hung up");
  expect((await w.ok("display", "-p", "-t", "s", "#{session_path}")).trim()).toBe("/tmp/s-dir");
});

// server-access cannot change the server's owner, so this needs another user: as root, the
// client runs as nobody (setpriv) on a link to the socket in a directory open to it (the
// socket's own directory stays private, as the owner's clients insist).
test.skipIf(process.getuid?.() !== 0)("server-access -r makes a user's attached client read-only at once, -w writable again", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "sh");
  const open = join(w.dir, "open");
  mkdirSync(open);
  chmodSync(w.dir, 0o711);
  chmodSync(open, 0o777);
  linkSync(w.socketPath, join(open, "socket"));
  chmodSync(w.socketPath, 0o777);
  await w.ok("server-access", "-a", "nobody");
  const c = w.attachAs(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", w.bin, "-S", join(open, "socket"), "attach", "-t", "s"]);
  await c.waitForScreen((s) => s.includes("[s]"), "nobody's client attached");
  await w.ok("server-access", "-r", "nobody");
  expect((await flags(w)).trim()).toBe("attached,focused,read-only,UTF-8|1");
  c.type("\x02c");
  await c.waitForScreen((s) => s.includes("Client is read-only"), "the refusal");
  await w.ok("server-access", "-w", "nobody");
  expect((await flags(w)).trim()).toBe("attached,focused,UTF-8|0");
  c.type("echo w-$((6*7))\r");
  await w.waitForText("w-42", "s");
});
