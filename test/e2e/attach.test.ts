// Attach, detach and reattach through real clients in PTYs; keys reach panes and bindings.
import { test, expect, afterEach } from "bun:test";
import { readdirSync, readlinkSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { within, waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

test("attach shows the pane, keys reach it, C-b d detaches and restores the terminal, reattach keeps the program", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "main", "--", "sh");
  const c = weft.attach(["attach", "-t", "main"]);
  await c.waitForScreen((s) => s.includes("[main]"), "status line");
  c.type("echo hi-$((6*7))\r");
  await c.waitForScreen((s) => s.includes("hi-42"), "echo output");
  c.type("\x02d");
  expect((await within(c.exited, "client to exit")).code).toBe(0);
  expect(c.raw).toContain("[detached (from session main)]");
  expect(c.raw).toContain("\x1b[?1049l"); // left the alternate screen
  // The program kept running: reattach sees its screen.
  const c2 = weft.attach(["attach", "-t", "main"]);
  await c2.waitForScreen((s) => s.includes("hi-42"), "the old output after reattach");
  c2.type("\x02d");
  await within(c2.exited, "second client to exit");
});

/** Whether the process has the terminal device open. */
function holds(pid: number, tty: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === tty;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

for (const relay of [false, true]) {
  const how = relay
    ? "WEFT_RELAY=1: the client relays keys and frames, the server never opens its terminal"
    : "the server reads and draws on the client's terminal itself while attached";
  test(`${how}; after C-b d the shell the client ran from gets what is typed`, async () => {
    const w = (weft = await Weft.start());
    await w.ok("new", "-d", "-s", "main", "sh");
    const sh = w.shell();
    await sh.waitForScreen((s) => s.includes("$"), "the shell's prompt");
    const tty = readlinkSync(`/proc/${sh.pty.pid}/fd/0`);
    const server = w.serverPids()[0]!;
    expect(holds(server, tty)).toBe(false);
    sh.type(`${relay ? "WEFT_RELAY=1 " : ""}$WEFT_CMD attach -t main\r`);
    await sh.waitForScreen((s) => s.includes("[main]"), "attached");
    expect(holds(server, tty)).toBe(!relay);
    sh.type("echo in-$((2*3))\r");
    await sh.waitForScreen((s) => s.includes("in-6"), "the pane's echo");
    sh.type("\x02d");
    await sh.waitForScreen((s) => s.includes("[detached (from session main)]"), "detached");
    await waitFor(() => !holds(server, tty), "the server to let the terminal go");
    sh.type("echo after-$((3*3))\r");
    await sh.waitForScreen((s) => s.includes("after-9"), "the shell's own echo: no key went to the server");
  });
}

// The server sets the client's terminal raw and gives its modes back; a client told to go by a
// signal has the server give them back first, and one whose server is lost restores them with stty.
for (const ending of ["SIGTERM to the client", "SIGKILL to the server"] as const) {
  test(`attached, then ${ending}: the shell gets its terminal back in the modes it had`, async () => {
    const w = (weft = await Weft.start());
    const dir = mkdtempSync(join(tmpdir(), "weft-modes-"));
    try {
      await w.ok("new", "-d", "-s", "main", "sh");
      const sh = w.shell();
      await sh.waitForScreen((s) => s.includes("$"), "the shell's prompt");
      // Under sh -c: bash would give its terminal its modes back itself after the job.
      sh.type(`sh -c 'stty -g > ${dir}/before; $WEFT_CMD attach -t main; stty -g > ${dir}/after; echo done-$((4*5))'\r`);
      await sh.waitForScreen((s) => s.includes("[main]"), "attached");
      const client = Number((await w.ok("display", "-p", "#{client_pid}")).trim());
      const server = w.serverPids()[0]!;
      if (ending === "SIGTERM to the client") process.kill(client, "SIGTERM");
      else process.kill(server, "SIGKILL");
      await sh.waitForScreen((s) => s.includes(ending === "SIGTERM to the client" ? "[terminated]" : "[lost server]"), "the client's last word");
      await sh.waitForScreen((s) => s.includes("done-20"), "sh ran stty after the client");
      expect(readFileSync(`${dir}/after`, "utf8")).toBe(readFileSync(`${dir}/before`, "utf8"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** The terminal's modes as `stty -g` prints them, read from outside. */
function modesOf(tty: string): string {
  return Bun.spawnSync(["sh", "-c", `stty -g < ${tty}`]).stdout.toString().trim();
}

test("suspend-client: the server gives the terminal its modes back while the client is stopped, and raw mode again when it continues", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "main", "sh");
  const sh = w.shell();
  await sh.waitForScreen((s) => s.includes("$"), "the shell's prompt");
  const tty = readlinkSync(`/proc/${sh.pty.pid}/fd/0`);
  const dir = mkdtempSync(join(tmpdir(), "weft-modes-"));
  // Under sh -c: no job control that would set the modes itself when the client stops; the
  // modes are those the client starts in (not the shell's line editor's).
  sh.type(`sh -c 'stty -g > ${dir}/before; $WEFT_CMD attach -t main; stty -g > ${dir}/after; echo done-$((4*5))'\r`);
  await sh.waitForScreen((s) => s.includes("[main]"), "attached");
  const before = readFileSync(`${dir}/before`, "utf8").trim();
  await waitFor(() => modesOf(tty) !== before, "raw mode");
  const client = Number((await w.ok("display", "-p", "#{client_pid}")).trim());
  await w.ok("suspend-client");
  await waitFor(() => readFileSync(`/proc/${client}/stat`, "utf8").split(") ")[1]?.startsWith("T") === true, "the client to stop");
  expect(modesOf(tty)).toBe(before);
  process.kill(client, "SIGCONT");
  await waitFor(() => modesOf(tty) !== before, "raw mode again");
  sh.type("echo back-$((5*5))\r");
  await sh.waitForScreen((s) => s.includes("back-25"), "keys reach the pane again");
  sh.type("\x02d");
  await sh.waitForScreen((s) => s.includes("done-20"), "detached, and sh ran stty after the client");
  expect(readFileSync(`${dir}/after`, "utf8").trim()).toBe(before);
  rmSync(dir, { recursive: true, force: true });
});

test("two clients see the same pane", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "shared", "--", "sh");
  const a = weft.attach(["attach", "-t", "shared"]);
  const b = weft.attach(["attach", "-t", "shared"]);
  await a.waitForScreen((s) => s.includes("[shared]"), "client a");
  await b.waitForScreen((s) => s.includes("[shared]"), "client b");
  a.type("echo from-a\r");
  await b.waitForScreen((s) => s.includes("from-a"), "client b sees what a typed");
  expect(Number((await weft.ok("display", "-p", "-t", "shared", "#{session_attached}")).trim())).toBe(2);
});

test("C-b % splits the window through the key binding", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "k", "--", "sh");
  const c = weft.attach(["attach", "-t", "k"]);
  await c.waitForScreen((s) => s.includes("[k]"), "status line");
  c.type("\x02%");
  await within(
    (async () => {
      for (;;) {
        if ((await weft!.ok("list-panes", "-t", "k")).trim().split("\n").length === 2) return;
        await Bun.sleep(20);
      }
    })(),
    "a second pane",
  );
  await c.waitForScreen((s) => s.includes("│"), "a vertical border");
});

test("the ':' prompt runs a command; C-b C-b sends the prefix to the pane; C-b arrows move between panes", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "p", "--", "sh", "-c", "stty raw -echo; cat -v");
  const c = weft.attach(["attach", "-t", "p"]);
  await c.waitForScreen((s) => s.includes("[p]"), "status line");
  c.type("\x02:");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith(":"), "the prompt on the status row");
  c.type("split-window -h -- sh\r");
  const panes = async () => (await weft!.ok("list-panes", "-t", "p", "-F", "#{pane_index}:#{pane_active}")).trim();
  await waitForValue(panes, "0:0\n1:1");
  c.type("\x02\x1b[D"); // C-b Left
  await waitForValue(panes, "0:1\n1:0");
  c.type("\x02\x02"); // C-b C-b: a literal C-b for the pane
  c.type("x");
  await c.waitForScreen((s) => s.includes("^Bx"), "cat -v shows the C-b the pane received");
});

async function waitForValue(f: () => Promise<string>, want: string): Promise<void> {
  let last = "";
  const deadline = performance.now() + 10_000;
  while ((last = await f()) !== want) {
    if (performance.now() > deadline) throw new Error(`wanted ${JSON.stringify(want)}, last ${JSON.stringify(last)}`);
    await Bun.sleep(20);
  }
}
