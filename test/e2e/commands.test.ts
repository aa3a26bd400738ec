// Window and pane commands against what tmux 3.3a does with the same steps: select-layout,
// swap-pane, break-pane, join-pane, last-pane, renames; and errors in tmux's words.
import { test, expect, afterEach } from "bun:test";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const panes = (t: string, f = "#{pane_id} #{pane_index} #{pane_active}") => weft!.ok("list-panes", "-t", t, "-F", f);
const layout = (t: string) => weft!.ok("display", "-p", "-t", t, "#{window_layout}");

/** Three panes in an 80x24 window, as `new -d; splitw -d; splitw -d -h`. */
async function threePanes(): Promise<void> {
  await weft!.ok("new", "-d", "-s", "a", "-x", "80", "-y", "24", "--", "sh");
  await weft!.ok("split-window", "-d", "-t", "a", "--", "sh");
  await weft!.ok("split-window", "-d", "-h", "-t", "a", "--", "sh");
}

test("select-layout presets, prefixes and next-layout give tmux's layouts", async () => {
  weft = await Weft.start();
  await threePanes();
  const golden: Record<string, string> = {
    "even-horizontal": "1bb6,80x24,0,0{26x24,0,0,0,26x24,27,0,2,26x24,54,0,1}",
    "even-vertical": "6478,80x24,0,0[80x7,0,0,0,80x7,0,8,2,80x8,0,16,1]",
    "main-horizontal": "9f9d,80x24,0,0[80x22,0,0,0,80x1,0,23{39x1,0,23,2,40x1,40,23,1}]",
    "main-vertical": "70a7,80x24,0,0{78x24,0,0,0,1x24,79,0[1x11,79,0,2,1x12,79,12,1]}",
    tiled: "27d1,80x24,0,0[80x11,0,0{39x11,0,0,0,40x11,40,0,2},80x12,0,12,1]",
  };
  for (const [name, want] of Object.entries(golden)) {
    await weft.ok("select-layout", "-t", "a", name);
    expect(await layout("a")).toBe(want + "\n");
  }
  // After tiled (the last preset) next-layout wraps to the first.
  await weft.ok("next-layout", "-t", "a");
  expect(await layout("a")).toBe(golden["even-horizontal"] + "\n");
  await weft.ok("previous-layout", "-t", "a");
  expect(await layout("a")).toBe(golden.tiled + "\n");
  await weft.ok("selectl", "-t", "a", "even-v");
  expect(await layout("a")).toBe(golden["even-vertical"] + "\n");
  // A layout string taken from #{window_layout} puts the panes back.
  await weft.ok("select-layout", "-t", "a", golden["main-vertical"]!);
  expect(await layout("a")).toBe(golden["main-vertical"] + "\n");
  expect(await weft.run("select-layout", "-t", "a", "main")).toMatchObject({ code: 1, stderr: "invalid layout: main\n" });
  expect(await weft.run("select-layout", "-t", "a", "bogus")).toMatchObject({ code: 1, stderr: "invalid layout: bogus\n" });
});

test("select-layout -E spreads a pane and its neighbours evenly, then their parent's; -o goes back one layout", async () => {
  weft = await Weft.start();
  // Goldens from tmux 3.3a, same steps: a left pane and a column of three uneven ones.
  await weft.ok("new", "-d", "-s", "a", "-x", "80", "-y", "24", "--", "sh");
  await weft.ok("split-window", "-h", "-t", "a", "--", "sh");
  await weft.ok("split-window", "-v", "-t", "a:0.1", "--", "sh");
  await weft.ok("split-window", "-v", "-t", "a:0.1", "--", "sh");
  await weft.ok("resize-pane", "-t", "a:0.1", "-D", "3");
  await weft.ok("resize-pane", "-t", "a:0.0", "-R", "12");
  const start = "61fe,80x24,0,0{52x24,0,0,0,27x24,53,0[27x9,53,0,1,27x2,53,10,3,27x11,53,13,2]}\n";
  const column = "adbf,80x24,0,0{52x24,0,0,0,27x24,53,0[27x7,53,0,1,27x7,53,8,3,27x8,53,16,2]}\n";
  const both = "cf4b,80x24,0,0{39x24,0,0,0,40x24,40,0[40x7,40,0,1,40x7,40,8,3,40x8,40,16,2]}\n";
  expect(await layout("a")).toBe(start);
  await weft.ok("select-layout", "-o", "-t", "a"); // no layout before: nothing to go back to
  expect(await layout("a")).toBe(start);
  await weft.ok("select-layout", "-E", "-t", "a:0.1"); // the column's three panes
  expect(await layout("a")).toBe(column);
  await weft.ok("select-layout", "-E", "-t", "a:0.1"); // already even: the window's two columns
  expect(await layout("a")).toBe(both);
  await weft.ok("select-layout", "-o", "-t", "a");
  expect(await layout("a")).toBe(column);
  await weft.ok("select-layout", "-o", "-t", "a"); // -o swaps back and forth
  expect(await layout("a")).toBe(both);
  await weft.ok("select-layout", "-t", "a", "even-vertical");
  await weft.ok("select-layout", "-o", "-t", "a");
  expect(await layout("a")).toBe(both);
  expect(await weft.run("select-layout", "-t", "a", "bogus")).toMatchObject({ code: 1, stderr: "invalid layout: bogus\n" });
  await weft.ok("select-layout", "-t", "a", "even-vertical");
  await weft.ok("select-layout", "-o", "-t", "a"); // a failed select-layout left -o's layout alone
  expect(await layout("a")).toBe(both);
});

test("swap-pane, break-pane and join-pane move panes as tmux does", async () => {
  weft = await Weft.start();
  await threePanes();
  await weft.ok("next-layout", "-t", "a"); // even-horizontal
  expect(await panes("a")).toBe("%0 0 1\n%2 1 0\n%1 2 0\n");
  await weft.ok("swap-pane", "-s", "a:0.0", "-t", "a:0.2");
  expect(await panes("a")).toBe("%1 0 1\n%2 1 0\n%0 2 0\n");
  await weft.ok("swap-pane", "-D", "-t", "a:0.0");
  expect(await panes("a")).toBe("%2 0 0\n%1 1 1\n%0 2 0\n");
  await weft.ok("break-pane", "-d", "-s", "%1");
  expect(await weft.ok("list-windows", "-t", "a", "-F", "#{window_index} #{window_panes} #{window_active} #{window_width}x#{window_height}")).toBe("0 2 1 80x24\n1 1 0 80x24\n");
  expect(await panes("a:1", "#{pane_id} #{pane_width}x#{pane_height}")).toBe("%1 80x24\n");
  await weft.ok("join-pane", "-h", "-s", "a:1", "-t", "a:0.0");
  expect(await weft.ok("list-windows", "-t", "a", "-F", "#{window_index} #{window_panes} #{window_active}")).toBe("0 3 1\n");
  expect(await panes("a", "#{pane_id} #{pane_index} #{pane_active} #{pane_width}x#{pane_height}")).toBe("%2 0 0 26x24\n%1 1 1 26x24\n%0 2 0 26x24\n");
  // break-pane -P prints where the pane went; -n names the new window.
  expect(await weft.ok("break-pane", "-P", "-n", "solo", "-s", "%0")).toBe("a:1.0\n");
  expect(await weft.ok("list-windows", "-t", "a", "-F", "#{window_name} #{window_active}")).toMatch(/ 0\nsolo 1\n$/);
  // Panes move between windows (and the emptied window closes).
  await weft.ok("swap-pane", "-s", "a:1.0", "-t", "a:0.0");
  expect(await panes("a:0", "#{pane_id}")).toBe("%0\n%1\n");
  expect(await panes("a:1", "#{pane_id}")).toBe("%2\n");
  await weft.ok("move-pane", "-s", "a:1", "-t", "a:0.1");
  expect(await weft.ok("list-windows", "-t", "a", "-F", "#{window_index} #{window_panes}")).toBe("0 3\n");
  expect(await weft.run("join-pane", "-s", "%0", "-t", "%0")).toMatchObject({ code: 1, stderr: "source and target panes must be different\n" });
});

test("last-pane, rename-window, rename-session", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "r", "--", "sh");
  expect(await weft.run("last-pane", "-t", "r")).toMatchObject({ code: 1, stderr: "no last pane\n" });
  await weft.ok("split-window", "-t", "r", "--", "sh");
  expect(await panes("r", "#{pane_index}#{?pane_active,*,}")).toBe("0\n1*\n");
  await weft.ok("last-pane", "-t", "r");
  expect(await panes("r", "#{pane_index}#{?pane_active,*,}")).toBe("0*\n1\n");
  await weft.ok("rename-window", "-t", "r:0", "editor");
  expect(await weft.ok("display", "-p", "-t", "r", "#W")).toBe("editor\n");
  await weft.ok("new", "-d", "-s", "other", "--", "sh");
  expect(await weft.run("rename-session", "-t", "r", "other")).toMatchObject({ code: 1, stderr: "duplicate session: other\n" });
  // As tmux 3.3a's session_check_name: ":" and "." become "_", the name is stored escaped, "" is refused.
  expect(await weft.run("rename-session", "-t", "r", "")).toMatchObject({ code: 1, stderr: "invalid session: \n" });
  await weft.ok("rename-session", "-t", "r", "a:b.c");
  expect(await weft.run("new", "-d", "-s", "a.b:c", "--", "sh")).toMatchObject({ code: 1, stderr: "duplicate session: a_b_c\n" });
  await weft.ok("new", "-d", "-s", "n\\m:o", "--", "sh");
  await weft.ok("rename", "-t", "a_b_c", "renamed");
  expect(await weft.ok("ls", "-F", "#S")).toBe("n\\\\m_o\nother\nrenamed\n");
});

test("a window's new name is stored escaped, as tmux 3.3a's window_set_name (new-window -n is not)", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "n", "--", "sh");
  const name = () => weft!.ok("display", "-p", "-t", "n", "#{window_name}");
  // tmux 3.3a printed each of these for the same commands.
  await weft.ok("rename-window", "-t", "n", "a\\b$HOME\tt");
  expect(await name()).toBe("a\\\\b\\$HOME\\tt\n");
  await weft.ok("rename-window", "-t", "n", "hello \\ wazzup 0");
  expect(await name()).toBe("hello \\\\ wazzup 0\n");
  await weft.ok("new-window", "-t", "n", "-n", "x\\y", "--", "sh");
  expect(await name()).toBe("x\\y\n");
  await weft.ok("split-window", "-t", "n", "--", "sh");
  await weft.ok("break-pane", "-t", "n", "-n", "p\\q");
  expect(await name()).toBe("p\\\\q\n");
});

test("errors are one line in tmux's words and leave the server and its panes alone", async () => {
  weft = await Weft.start();
  const noServer = await weft.run("list-sessions");
  expect(noServer.code).toBe(1);
  expect(noServer.stderr).toBe(`no server running on ${weft.socketPath}\n`);
  await weft.ok("new", "-d", "-s", "e", "--", "sh");
  expect(await weft.run("foo")).toMatchObject({ code: 1, stdout: "", stderr: "unknown command: foo\n" });
  expect(await weft.run("kill-pane", "-t", "%9")).toMatchObject({ code: 1, stderr: "can't find pane: %9\n" });
  expect(await weft.run("select-window", "-t", "e:7")).toMatchObject({ code: 1, stderr: "can't find window: 7\n" });
  expect(await weft.run("has-session", "-t", "nope")).toMatchObject({ code: 1, stderr: "can't find session: nope\n" });
  const badFlag = await weft.run("swap-pane", "-Q");
  expect(badFlag.code).toBe(1);
  expect(badFlag.stderr).toBe("command swap-pane: unknown flag -Q\n"); // tmux 3.3a's words, one line
  expect(await weft.run("wait", "-t", "e")).toMatchObject({ code: 1 });
  expect(await weft.run("wait", "-t", "e", "--regex", "(")).toMatchObject({ code: 1 });
  expect((await weft.run("wait", "-t", "e", "--regex", "(")).stderr).toStartWith("invalid regex: ");
  expect(await weft.run("respawn-pane", "-t", "e")).toMatchObject({ code: 1, stderr: "respawn pane failed: pane e:0.0 still active\n" }); // tmux 3.3a's words
  expect(await weft.run("break-pane", "-s", "e", "-t", "e:0")).toMatchObject({ code: 1, stderr: "same index: 0\n" });
  // Still there, still answering.
  await weft.ok("send-keys", "-t", "e", "echo al''ive", "Enter");
  await weft.waitForText("alive", "e");
  expect(await weft.ok("ls", "-F", "#S #{session_windows}")).toBe("e 1\n");
});

test("--json on list-sessions, list-windows and list-panes", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "j", "--", "sh");
  await weft.ok("split-window", "-d", "-t", "j", "--", "sh");
  const ps = JSON.parse(await weft.ok("list-panes", "-t", "j", "--json"));
  expect(ps.map((p: { pane_id: string; pane_index: number }) => [p.pane_id, p.pane_index])).toEqual([["%0", 0], ["%1", 1]]);
  const ws = JSON.parse(await weft.ok("list-windows", "-t", "j", "--json"));
  expect(ws).toHaveLength(1);
  expect(ws[0]).toMatchObject({ session_name: "j", window_index: 0, window_panes: 2 });
  const ss = JSON.parse(await weft.ok("list-sessions", "--json"));
  expect(ss[0]).toMatchObject({ session_name: "j" });
});

test("targets: names, prefixes, globs, =exact, ids, session.pane, and ambiguity", async () => {
  weft = await Weft.start();
  for (const s of ["alpha", "alpine", "beta"]) await weft.ok("new", "-d", "-s", s, "--", "sh");
  await weft.ok("new-window", "-d", "-t", "beta", "-n", "logs", "--", "sh");
  const at = async (t: string) => {
    const r = await weft!.run("display", "-p", "-t", t, "#S:#I.#P");
    return r.code === 0 ? r.stdout.trim() : `error: ${r.stderr.trim()}`;
  };
  // What tmux 3.3a resolves each to. A target that names nothing is no error for display
  // (CMD_FIND_CANFAIL): it expands with no session, ":.". "=alpha" as a pane target is no
  // session: "=" is exact only before ":" ("=alpha:" is the session).
  expect(await at("alph")).toBe("alpha:0.0");
  expect(await at("alp*a")).toBe("alpha:0.0");
  expect(await at("=alpha")).toBe(":.");
  expect(await at("=alpha:")).toBe("alpha:0.0");
  expect(await at("$2")).toBe("beta:0.0");
  expect(await at("@3")).toBe("beta:1.0");
  expect(await at("beta:logs")).toBe("beta:1.0");
  expect(await at("beta:lo")).toBe("beta:1.0");
  expect(await at("beta.0")).toBe("beta:0.0");
  expect(await at("%1")).toBe("alpine:0.0");
  expect(await at("b*")).toBe("beta:0.0");
  expect(await at("=alp")).toBe(":.");
  expect(await at("al")).toBe(":.");
  expect(await at("%42")).toBe(":.");
  expect(await weft.run("select-pane", "-t", "%42")).toMatchObject({ code: 1, stderr: "can't find pane: %42\n" });
  expect(await weft.run("select-pane", "-t", "al")).toMatchObject({ code: 1, stderr: "can't find pane: al\n" });
});

test("switch-client moves an attached client to another session (-t, -n, -l and C-b L back)", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "one", "--", "sh");
  await weft.ok("new", "-d", "-s", "two", "--", "sh");
  expect(await weft.run("switch-client", "-t", "two")).toMatchObject({ code: 1, stderr: "no current client\n" });
  const c = weft.attach(["attach", "-t", "one"]);
  await c.waitForScreen((s) => s.includes("[one]"), "attached to one");
  expect(await weft.run("switch-client", "-l")).toMatchObject({ code: 1, stderr: "can't find last session\n" });
  await weft.ok("switch-client", "-t", "two");
  await c.waitForScreen((s) => s.includes("[two]"), "switched to two");
  expect(await weft.ok("ls", "-F", "#S #{session_attached}")).toBe("one 0\ntwo 1\n");
  await weft.ok("switch-client", "-n");
  await c.waitForScreen((s) => s.includes("[one]"), "next session: one");
  c.type("\x02L");
  await c.waitForScreen((s) => s.includes("[two]"), "C-b L: back to the last session, two");
  await weft.ok("switch-client", "-l");
  await c.waitForScreen((s) => s.includes("[one]"), "and back again");
  await weft.ok("kill-session", "-t", "two");
  expect(await weft.run("switch-client", "-l")).toMatchObject({ code: 1, stderr: "can't find last session\n" });
});

test("switch-client -T: the next key is looked up in that table (a modal binding); a key it lacks is tried from root, else swallowed", async () => {
  weft = await Weft.start();
  const w = weft;
  await w.ok("new", "-d", "-s", "m", "-x", "80", "-y", "23", "--", "cat");
  await w.ok("bind", "-n", "M-m", "switch-client", "-T", "modal");
  await w.ok("bind", "-T", "modal", "a", "set", "-g", "@pressed", "a");
  await w.ok("bind", "-T", "modal", "-r", "r", "set", "-g", "@pressed", "r");
  await w.ok("bind", "-n", "M-z", "set", "-g", "@pressed", "root-z");
  expect(await w.run("switch-client", "-T", "nosuch")).toMatchObject({ code: 1, stderr: "no current client\n" });
  const c = w.attach(["attach", "-t", "m"], 80, 24);
  await c.waitForScreen((s) => s.includes("[m]"), "attached");
  expect(await w.run("switch-client", "-T", "nosuch")).toMatchObject({ code: 1, stderr: "table nosuch doesn't exist\n" });
  const pressed = async (v: string) => waitFor(async () => (await w.ok("show", "-gv", "@pressed")) === `${v}\n`, `@pressed = ${v}`);
  const table = () => w.ok("display", "-p", "#{client_key_table}");
  c.type("\x1bm");
  await waitFor(async () => (await table()) === "modal\n", "the modal table");
  c.type("a");
  await pressed("a");
  expect(await table()).toBe("root\n");
  // Not in the table: tried from root (M-z is bound there), and the table is left.
  c.type("\x1bm");
  await waitFor(async () => (await table()) === "modal\n", "the modal table again");
  c.type("\x1bz");
  await pressed("root-z");
  // Found nowhere: swallowed, not typed into cat.
  c.type("\x1bm");
  await waitFor(async () => (await table()) === "modal\n", "the modal table a third time");
  c.type("q");
  await waitFor(async () => (await table()) === "root\n", "back to root");
  c.type("typed\r");
  await waitFor(async () => (await w.capture("m")).includes("typed"), "cat's echo");
  expect(await w.capture("m")).not.toContain("q");
});
