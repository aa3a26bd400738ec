// Scripting weft as tmux is scripted: sizes, has-session, split sizes, send-keys encodings,
// capture-pane -e/-J/-S, weft wait, wait-for, pipe-pane, and a layout file end to end.
import { test, expect, afterEach } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const RAW_CAT = "stty raw -echo; cat -tv";

test("new -d is 80x24; -x/-y set the size", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "a", "--", "sh");
  await weft.ok("new", "-d", "-s", "b", "-x", "100", "-y", "50", "--", "sh");
  expect(await weft.ok("list-windows", "-t", "a", "-F", "#{window_width}x#{window_height}")).toBe("80x24\n");
  expect(await weft.ok("list-windows", "-t", "b", "-F", "#{window_width}x#{window_height}")).toBe("100x50\n");
});

test("has-session: no server, a missing name, an existing one", async () => {
  weft = await Weft.start();
  const none = await weft.run("has-session", "-t", "foo");
  expect(none.code).toBe(1);
  expect(none.stderr).toMatch(/^no server running on /);
  await weft.ok("new", "-d", "-s", "foo", "--", "sh");
  expect(await weft.run("has-session", "-t", "bar")).toMatchObject({ code: 1, stderr: "can't find session: bar\n" });
  expect((await weft.run("has-session", "-t", "foo")).code).toBe(0);
});

test("list-* -f keeps what the filter expands true for, as tmux 3.3a", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "one", "--", "sh");
  await weft.ok("new", "-d", "-s", "two", "--", "sh");
  await weft.ok("split-window", "-t", "two", "--", "sh");
  await weft.ok("set-buffer", "-b", "b1", "hello");
  await weft.ok("set-buffer", "-b", "b2", "world");
  expect(await weft.ok("ls", "-F", "#{session_name}", "-f", "#{==:#{session_name},two}")).toBe("two\n");
  expect(await weft.ok("ls", "-F", "#{session_name}", "-f", "#{session_attached}")).toBe(""); // none attached
  expect(await weft.ok("lsw", "-a", "-F", "#{session_name} #{window_panes}", "-f", "#{==:#{window_panes},2}")).toBe("two 2\n");
  expect(await weft.ok("lsp", "-a", "-F", "#{session_name}:#{pane_index}", "-f", "#{!=:#{pane_index},0}")).toBe("two:1\n");
  expect(await weft.ok("lsb", "-f", "#{m:*orl*,#{buffer_sample}}")).toBe('b2: 5 bytes: "world"\n');
  const json = JSON.parse(await weft.ok("lsp", "-a", "--json", "-f", "#{pane_index}")) as { session_name: string }[];
  expect(json.map((p) => p.session_name)).toEqual(["two"]);
});

test("split-window -h -l 20 then -v -l 25% give tmux's sizes", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "s", "--", "sh");
  await weft.ok("split-window", "-d", "-h", "-l", "20", "-t", "s", "--", "sh");
  const sizes = () => weft!.ok("list-panes", "-t", "s", "-F", "#{pane_width}x#{pane_height}");
  expect(await sizes()).toBe("59x24\n20x24\n");
  await weft.ok("split-window", "-d", "-v", "-l", "25%", "-t", "s:0.0", "--", "sh");
  expect(await sizes()).toBe("59x17\n59x6\n20x24\n");
});

test("send-keys encodes keys as tmux does, application cursor mode included", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "k", RAW_CAT);
  // Wait for raw mode: with echo off the typed text only appears through cat.
  await waitFor(async () => {
    await weft!.ok("send-keys", "-t", "k", "-l", ".");
    return (await weft!.capture("k")).includes(".");
  }, "cat to be running");
  await weft.ok("send-keys", "-t", "k", "C-c", "BSpace", "Up", "F1", "M-x");
  await weft.ok("send-keys", "-t", "k", "-l", "|");
  await weft.waitForText("|", "k");
  expect(await weft.capture("k")).toContain("^C^?^[[A^[OP^[x|");
  // A program that turned on application cursor keys (DECCKM) gets ESC O A for Up.
  await weft.ok("new", "-d", "-s", "app", "printf '\\033[?1h'; stty raw -echo; cat -tv");
  await waitFor(async () => (await weft!.ok("display", "-p", "-t", "app", "#{keypad_cursor_flag}")) === "1\n", "application cursor mode");
  await waitFor(async () => {
    await weft!.ok("send-keys", "-t", "app", "-l", ".");
    return (await weft!.capture("app")).includes(".");
  }, "cat to be running");
  await weft.ok("send-keys", "-t", "app", "Up");
  await weft.ok("send-keys", "-t", "app", "-l", "#");
  await weft.waitForText("#", "app");
  expect(await weft.capture("app")).toContain("^[OA#");
});

test("capture-pane -e reproduces SGR as tmux prints it", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "e", "-x", "40", "-y", "4", "printf '\\033[1;31mred\\033[0m plain \\033[38;5;200mx\\033[48;2;1;2;3my\\033[0m\\n\\033[4mu\\033[24mn\\033[7mr\\033[0m\\033[93mB\\033[0m'; sleep 100");
  await weft.waitForText("unrB", "e");
  // What tmux 3.3a's capture-pane -p -e printed for the same output.
  expect(await weft.ok("capture-pane", "-p", "-e", "-t", "e")).toBe(
    "\x1b[1m\x1b[31mred\x1b[0m\x1b[39m\x1b[49m plain \x1b[38;5;200mx\x1b[48;2;1;2;3my\n" +
      "\x1b[4m\x1b[39m\x1b[49mu\x1b[0m\x1b[39m\x1b[49mn\x1b[7mr\x1b[0m\x1b[93m\x1b[49mB\n\n\n",
  );
  // -C escapes the sequences as octal text.
  expect((await weft.ok("capture-pane", "-p", "-e", "-C", "-t", "e")).split("\n")[0]).toStartWith("\\033[1m\\033[31mred");
});

test("capture-pane -J joins wrapped lines; negative -S reaches history", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "j", "-x", "10", "-y", "4", "printf 'abcdefghij0123456789xyz\\n'; seq 1 10; sleep 100");
  await weft.waitForText("10", "j");
  const all = await weft.ok("capture-pane", "-p", "-J", "-S", "-", "-t", "j");
  expect(all.split("\n")[0]).toBe("abcdefghij0123456789xyz");
  const plain = await weft.ok("capture-pane", "-p", "-S", "-", "-t", "j");
  expect(plain.split("\n").slice(0, 3)).toEqual(["abcdefghij", "0123456789", "xyz"]);
  expect(await weft.ok("capture-pane", "-p", "-S", "-2", "-E", "-1", "-t", "j")).toBe("6\n7\n"); // 10 history lines: 8, 9, 10 and the cursor's row are visible
});

test("weft wait: --text, --regex, --idle, --exit with the status, a timeout, a pane that goes away", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "w", "--", "sh");
  await weft.ok("send-keys", "-t", "w", "sleep 0.3; echo do''ne", "Enter");
  expect(await weft.run("wait", "-t", "w", "--text", "done", "--timeout", "10")).toMatchObject({ code: 0 });
  expect((await weft.run("wait", "-t", "w", "--regex", "^d.ne$", "--timeout", "10")).code).toBe(0);
  expect((await weft.run("wait", "-t", "w", "--idle", "200", "--timeout", "10")).code).toBe(0);
  const late = await weft.run("wait", "-t", "w", "--text", "never printed", "--timeout", "0.3");
  expect(late).toMatchObject({ code: 1, stdout: "" });
  expect(late.stderr).toMatch(/^timed out after 0.3s waiting for pane %\d+\n$/);
  // A pane that goes away while waited on: a clean error (its status, when it exited).
  await weft.ok("split-window", "-d", "-t", "w", "--", "sh", "-c", "read x; exit 4");
  const quitter = (await weft.ok("list-panes", "-t", "w", "-F", "#{pane_id}")).split("\n")[1]!;
  const waiting = weft.run("wait", "-t", quitter, "--text", "never printed", "--timeout", "10");
  await weft.ok("send-keys", "-t", quitter, "Enter");
  const r = await waiting;
  expect(r.code).toBe(1);
  // Usually the wait was in place first; if the pane went before it connected, the target is missing.
  expect(r.stderr).toMatch(new RegExp(`^(pane ${quitter} exited \\(4\\)|can't find pane: ${quitter})\n$`));
  // --exit prints the exit status; with remain-on-exit the dead pane stays and answers at once.
  await weft.ok("set", "-g", "remain-on-exit", "on");
  await weft.ok("split-window", "-d", "-t", "w", "--", "sh", "-c", "read x; exit 7");
  const id = (await weft.ok("list-panes", "-t", "w", "-F", "#{pane_id}")).split("\n")[1]!;
  const exiting = weft.run("wait", "-t", id, "--exit", "--timeout", "10");
  await weft.ok("send-keys", "-t", id, "Enter");
  expect(await exiting).toMatchObject({ code: 0, stdout: "7\n" });
  expect(await weft.ok("wait", "-t", id, "--exit")).toBe("7\n");
  // respawn-pane brings it back; a running pane needs -k.
  await weft.ok("respawn-pane", "-t", id, "--", "sh", "-c", "echo again; read x");
  await weft.waitForText("again", id);
  const place = (await weft.ok("display", "-p", "-t", id, "#{session_name}:#{window_index}.#{pane_index}")).trim();
  expect(await weft.run("respawn-pane", "-t", id)).toMatchObject({ code: 1, stderr: `respawn pane failed: pane ${place} still active\n` });
  await weft.ok("respawn-pane", "-k", "-t", id, "--", "sh", "-c", "echo third; read x");
  await weft.waitForText("third", id);
  expect(await weft.run("wait", "-t", "w", "--text", "x", "--exit")).toMatchObject({ code: 1 });
});

test("wait-for: -S wakes waiters (or is kept for the next), -L/-U lock", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "c", "--", "sh");
  const waiting = weft.run("wait-for", "ch");
  let done = false;
  void waiting.then(() => (done = true));
  await weft.ok("list-sessions"); // other commands go on meanwhile; the waiter still waits
  expect(done).toBe(false);
  await weft.ok("wait-for", "-S", "ch");
  expect((await waiting).code).toBe(0);
  await weft.ok("wait-for", "-S", "early");
  await weft.ok("wait", "early"); // tmux's alias; the earlier signal was kept
  await weft.ok("wait-for", "-L", "lock");
  const second = weft.run("wait-for", "-L", "lock");
  await weft.ok("wait-for", "-U", "lock");
  expect((await second).code).toBe(0);
  await weft.ok("wait-for", "-U", "lock");
  expect(await weft.run("wait-for", "-U", "lock")).toMatchObject({ code: 1, stderr: "channel lock not locked\n" });
});

test("pipe-pane sends output to a command; -o toggles; no command closes", async () => {
  weft = await Weft.start();
  const out = join(weft.dir, "piped.txt");
  await weft.ok("new", "-d", "-s", "p", "--", "sh");
  await weft.ok("pipe-pane", "-t", "p", `cat > ${out}`);
  await weft.ok("send-keys", "-t", "p", "echo pi''ped", "Enter");
  await waitFor(() => existsSync(out) && readFileSync(out, "utf8").includes("piped"), "output in the pipe file");
  await weft.ok("pipe-pane", "-o", "-t", "p", "cat > /dev/null"); // toggles the open pipe off
  await weft.ok("send-keys", "-t", "p", "echo af''ter", "Enter");
  await weft.waitForText("after", "p");
  expect(readFileSync(out, "utf8")).not.toContain("after");
  await weft.ok("pipe-pane", "-t", "p");
  // A pipe command that never reads or exits does not outlive the server.
  await weft.ok("pipe-pane", "-t", "p", `tail -f ${out}`);
  await weft.ok("kill-server");
  await waitFor(() => !Bun.spawnSync(["pgrep", "-f", `tail -f ${out}`]).success, "the pipe command to be stopped");
});

test("a layout file: two panes, send-keys, wait --text, capture-pane, kill-server leaves nothing", async () => {
  weft = await Weft.start();
  const dir = mkdtempSync(join(weft.dir, "layout-"));
  const file = join(dir, "dev.toml");
  writeFileSync(
    file,
    `session = "dev"
[[window]]
name = "main"
[[window.pane]]
command = "sh"
env = { GREETING = "hello from" }
[[window.pane]]
split = "h"
size = 30
command = ["sh"]
cwd = "."
send = ["echo ready in $PWD", "Enter"]
`,
  );
  await weft.ok("new", "-d", "-e", "FROM_CLI=cli-env", "--layout", file);
  expect(await weft.ok("list-panes", "-t", "dev:main", "-F", "#{pane_index} #{pane_width}x#{pane_height} #{pane_active}")).toBe("0 49x24 1\n1 30x24 0\n");
  // The line is wider than the pane: wait joins wrapped rows, as capture-pane -J. Not anchored
  // at the start: keys sent before sh printed its prompt put "$ " before the output.
  await weft.ok("wait", "-t", "dev:main.1", "--regex", `ready in ${dir}$`, "--timeout", "10");
  await weft.ok("send-keys", "-t", "dev:main.0", 'echo "$GREETING" la""yout', "Enter");
  await weft.ok("wait", "-t", "dev:main.0", "--text", "hello from layout", "--timeout", "10");
  expect(await weft.capture("dev:main.0")).toContain("hello from layout\n");
  await weft.ok("send-keys", "-t", "dev:main.0", "echo $FROM_CLI", "Enter");
  await weft.ok("wait", "-t", "dev:main.0", "--regex", "^cli-env$", "--timeout", "10");
  const [pid] = weft.serverPids();
  await weft.ok("kill-server");
  await waitFor(() => !existsSync(weft!.socketPath), "the socket to be removed");
  await waitFor(() => weft!.serverPids().length === 0 && !existsSync(`/proc/${pid}`), "the server to exit");
});

test("the example layout file and bad layout files", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "--layout", join(import.meta.dir, "../../fixtures/layouts/dev.toml"));
  expect(await weft.ok("list-windows", "-t", "dev", "-F", "#{window_name} #{window_panes}")).toBe("edit 2\nlogs 2\n");
  await weft.waitForText("editor ready", "dev:edit.0");
  await weft.waitForText("tests: dev", "dev:edit.1");
  await weft.waitForText("log two", "dev:logs.1");
  const bad = async (toml: string) => {
    const f = join(weft!.dir, "bad.toml");
    writeFileSync(f, toml);
    const r = await weft!.run("new", "-d", "--layout", f);
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n").length).toBe(2); // one line
    return r.stderr.replace(f, "FILE");
  };
  expect(await bad("[[window]]\n[[window.pane]]\nsplit = 'x'\n")).toBe("FILE: window 1: pane 1: the first pane of a window is not split from anything\n");
  expect(await bad("[[window]]\n[[window.pane]]\n[[window.pane]]\nsplit = 'x'\n")).toBe('FILE: window 1: pane 2: split must be "h" or "v", not "x"\n');
  expect(await bad("[[window]]\nnmae = 'x'\n")).toBe('FILE: window 1: unknown key "nmae"\n');
  expect(await bad("session = \n")).toMatch(/^FILE: Missing value/);
  expect(await bad("session = 'x'\n")).toBe("FILE: no [[window]]\n");
  expect(await weft.run("new", "-d", "--layout", "/nonexistent.toml")).toMatchObject({ code: 1, stderr: "/nonexistent.toml: No such file or directory\n" });
  // Nothing half-made was left behind.
  expect(await weft.ok("ls", "-F", "#{session_name}")).toBe("dev\n");
});
