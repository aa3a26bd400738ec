// detach-client as tmux 3.3a: the target client is cmd-find's (named, else the most recently
// active client of the best session), -a keeps that one across every session, -s one session.
import { test, expect, afterEach } from "bun:test";
import { readlinkSync } from "node:fs";
import { Weft, type HostClient } from "../helpers/weft.ts";
import { within } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** Attach a client to `session` and wait until it shows it: each later one is more recent. */
async function attach(w: Weft, session: string): Promise<{ c: HostClient; tty: string }> {
  const c = w.attach(["attach", "-t", session]);
  await c.waitForScreen((s) => s.includes(`[${session}]`), `a client on ${session}`);
  return { c, tty: readlinkSync(`/proc/${c.pty.pid}/fd/0`) };
}

async function clients(w: Weft): Promise<string[]> {
  return (await w.ok("list-clients", "-F", "#{client_name}")).trim().split("\n").filter(Boolean).sort();
}

test("with no -t, detach-client detaches only the most recently active client; -a keeps that one", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "one", "sh");
  await w.ok("new", "-d", "-s", "two", "sh");
  const a1 = await attach(w, "one");
  const a2 = await attach(w, "one");
  const b = await attach(w, "two");

  // tmux's current client for a command-line client: the best session's latest client.
  await w.ok("detach-client");
  await within(b.c.exited, "the latest client to leave");
  expect(await clients(w)).toEqual([a1.tty, a2.tty].sort());

  // A key makes a client the most recent one.
  a1.c.type("typed-by-a1");
  await w.waitForText("typed-by-a1", "one");
  await w.ok("detach-client", "-a");
  await within(a2.c.exited, "every client but the most recent to leave");
  expect(await clients(w)).toEqual([a1.tty]);
});

test("detach-client -a -t keeps the named client and detaches the others, whatever their session", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "one", "sh");
  await w.ok("new", "-d", "-s", "two", "sh");
  const keep = await attach(w, "one");
  const other = await attach(w, "one");
  const elsewhere = await attach(w, "two");
  await w.ok("detach-client", "-a", "-t", keep.tty);
  await within(Promise.all([other.c.exited, elsewhere.c.exited]), "the other clients to leave");
  expect(await clients(w)).toEqual([keep.tty]);
});

test("detach-client -s detaches that session's clients; a session not found is no error; no client at all is", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "one", "sh");
  await w.ok("new", "-d", "-s", "two", "sh");
  // tmux resolves the target client first: with none attached, every form fails.
  for (const args of [[], ["-a"], ["-s", "one"], ["-s", "nope"]]) {
    expect(await w.run("detach-client", ...args)).toMatchObject({ code: 1, stderr: "no current client\n" });
  }
  const a = await attach(w, "one");
  const b = await attach(w, "two");
  expect(await w.run("detach-client", "-s", "nope")).toMatchObject({ code: 0, stderr: "" });
  expect(await w.run("detach-client", "-t", "nope")).toMatchObject({ code: 1, stderr: "can't find client: nope\n" });
  await w.ok("detach-client", "-s", "one");
  await within(a.c.exited, "session one's client to leave");
  expect(await clients(w)).toEqual([b.tty]);
});

test("detach-client -P detaches with tmux's message and hangs up the shell the client was started from", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "hup", "sh");
  const sh = w.shell();
  await sh.waitForScreen((s) => s.includes("$"), "the shell's prompt");
  sh.type("$WEFT_CMD attach -t hup\r");
  await sh.waitForScreen((s) => s.includes("[hup]"), "the attached session");
  await w.ok("detach-client", "-P");
  await sh.waitForScreen((s) => s.includes("[detached and SIGHUP (from session hup)]"), "tmux's message");
  await within(sh.exited, "the shell to be hung up");
  expect(await clients(w)).toEqual([]);
});

test("detach-client -E runs the command in the client's place with the session's shell, and its status is the client's", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "ex", "sh");
  const sh = w.shell();
  await sh.waitForScreen((s) => s.includes("$"), "the shell's prompt");
  sh.type("$WEFT_CMD attach -t ex\r");
  await sh.waitForScreen((s) => s.includes("[ex]"), "the attached session");
  await w.ok("detach-client", "-E", "echo ran-$((6*7)) as $0 SHELL=$SHELL; exit 3");
  await sh.waitForScreen((s) => s.includes("ran-42 as sh SHELL=/bin/sh"), "the command's output");
  sh.type("echo status=$?\r");
  await sh.waitForScreen((s) => s.includes("status=3"), "the command's exit status as the client's");
  expect(sh.screen()).not.toContain("[detached");
  expect(await clients(w)).toEqual([]);
  // An empty command does nothing, as tmux's.
  const c = w.attach(["attach", "-t", "ex"]);
  await c.waitForScreen((s) => s.includes("[ex]"), "a client again");
  await w.ok("detach-client", "-E", "");
  expect((await clients(w)).length).toBe(1);
});
