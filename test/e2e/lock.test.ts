// lock-server / lock-session / lock-client and lock-after-time, as tmux 3.3a: the client's
// terminal is cleared and lock-command runs in it; when that ends the client is redrawn. With
// no such program (the default `lock -np` here) sh's complaint is all, as tmux's system(3).
import { test, expect, afterEach } from "bun:test";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** A lock command that shows it runs and waits for a line typed at the terminal. */
const LOCK = "printf 'LOCKED by %s\\n' $0; read line; printf 'unlocked\\n'";

test("lock-client runs lock-command on the client's terminal; the client comes back redrawn when it ends", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "l", "-x", "80", "-y", "23", "sh");
  await w.ok("send-keys", "-t", "l", "echo in-the-pane", "Enter");
  await w.ok("set", "-g", "lock-command", LOCK);
  const c = w.attach(["attach", "-t", "l"], 80, 24);
  await c.waitForScreen((s) => s.includes("[l]") && s.includes("in-the-pane"), "attached");
  await w.ok("lock-client");
  await c.waitForScreen((s) => s.includes("LOCKED by") && !s.includes("in-the-pane"), "the lock command on a cleared terminal");
  // Keys go to the lock command, not the pane.
  c.type("secret\r");
  await c.waitForScreen((s) => s.includes("[l]") && s.includes("in-the-pane"), "the client redrawn");
  expect(await w.capture("l")).not.toContain("secret");
  // lock-session and lock-server lock the same way; a second lock while locked does nothing.
  await w.ok("lock-session", "-t", "l");
  await c.waitForScreen((s) => s.includes("LOCKED by"), "locked by lock-session");
  await w.ok("lock-server");
  c.type("\r");
  await c.waitForScreen((s) => s.includes("[l]") && !s.includes("LOCKED"), "unlocked once");
  await w.ok("lock");
  await c.waitForScreen((s) => s.includes("LOCKED by"), "locked by lock-server");
  c.type("\r");
  await c.waitForScreen((s) => s.includes("[l]") && !s.includes("LOCKED"), "unlocked");
});

test("no lock program: sh's error, then the client is back; lock-client from a shell with no client is tmux's error", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "n", "-x", "80", "-y", "23", "sh");
  expect(await w.ok("show", "-gv", "lock-command")).toBe("lock -np\n");
  const none = await w.run("lock-client");
  expect([none.code, none.stderr]).toEqual([1, "no current client\n"]);
  expect((await w.run("lock-client", "-t", "nosuch")).stderr).toBe("can't find client: nosuch\n");
  expect((await w.run("lock-session", "-t", "nosuch")).stderr).toBe("can't find session: nosuch\n");
  await w.ok("set", "-g", "lock-command", "no-such-lock-program-here; sleep 1");
  const c = w.attach(["attach", "-t", "n"], 80, 24);
  await c.waitForScreen((s) => s.includes("[n]"), "attached");
  await w.ok("lockc");
  await c.waitForScreen((s) => s.includes("no-such-lock-program-here: not found"), "sh's complaint");
  await c.waitForScreen((s) => s.includes("[n]"), "the client back");
});

test("lock-after-time locks a session whose clients have been idle that long", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "i", "-x", "80", "-y", "23", "sh");
  await w.ok("set", "-g", "lock-command", LOCK);
  const c = w.attach(["attach", "-t", "i"], 80, 24);
  await c.waitForScreen((s) => s.includes("[i]"), "attached");
  await w.ok("set", "-t", "i", "lock-after-time", "1");
  await c.waitForScreen((s) => s.includes("LOCKED by"), "locked when idle", 5000);
  await w.ok("set", "-t", "i", "lock-after-time", "0");
  c.type("\r");
  await c.waitForScreen((s) => s.includes("[i]") && !s.includes("LOCKED"), "unlocked");
  await waitFor(async () => (await w.ok("display", "-p", "-t", "i", "#{session_attached}")) === "1\n", "still attached");
});
