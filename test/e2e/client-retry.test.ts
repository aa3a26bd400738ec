// A client whose server closes the connection before answering anything: the server was
// exiting as it accepted (its last client had just left), so the command never ran; the client
// starts a server when the command may, says none is running otherwise, and gives up after a
// few tries on a server that always does this.
import { test, expect, afterEach } from "bun:test";
import { mkdirSync, unlinkSync, existsSync } from "node:fs";
import { dirname } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
let fake: ReturnType<typeof Bun.listen> | null = null;
afterEach(async () => {
  fake?.stop(true);
  fake = null;
  await weft?.cleanup();
  weft = null;
});

/**
 * A server at the client's socket that closes every connection as soon as it is accepted;
 * `exits`: after the first, it stops listening and removes its socket, as an exiting server.
 */
function closingServer(path: string, exits: boolean): { accepted: () => number } {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let accepted = 0;
  const listener = Bun.listen({
    unix: path,
    socket: {
      open(sock) {
        accepted++;
        // Gone before the close is sent: a client that sees it and connects again at once
        // must not find this listener still there.
        if (exits) {
          listener.stop(true);
          if (existsSync(path)) unlinkSync(path);
        }
        sock.end();
      },
      data() {},
    },
  });
  fake = listener;
  return { accepted: () => accepted };
}

test("a command that may start a server starts one when the server there closes unanswered", async () => {
  const w = (weft = await Weft.start());
  const server = closingServer(w.socketPath, true);
  expect(await w.run("new-session", "-d", "-s", "after")).toMatchObject({ code: 0, stderr: "" });
  expect(server.accepted()).toBe(1);
  expect((await w.ok("list-sessions", "-F", "#{session_name}")).trim()).toBe("after");
});

test("any other command then finds no server running", async () => {
  const w = (weft = await Weft.start());
  const server = closingServer(w.socketPath, true);
  expect(await w.run("has-session")).toMatchObject({ code: 1, stderr: `no server running on ${w.socketPath}\n` });
  expect(server.accepted()).toBe(1);
});

test("a server that closes every connection unanswered: a few tries, then tmux's message", async () => {
  const w = (weft = await Weft.start());
  const server = closingServer(w.socketPath, false);
  expect(await w.run("new-session", "-d")).toMatchObject({ code: 1, stderr: "weft: server exited unexpectedly\n" });
  // The first try and three more; a connect the kernel resets before Bun reports it made also
  // starts a server, whose own probe of the socket the fake server accepts too.
  expect(server.accepted()).toBeGreaterThanOrEqual(4);
  // A server such a start spawned finds the socket free once the fake one is gone: end it.
  fake?.stop(true);
  fake = null;
  if (existsSync(w.socketPath)) unlinkSync(w.socketPath);
  await waitFor(async () => (await w.run("kill-server"), w.serverPids().length === 0), "the servers the client started to be gone");
});
