// new-window targets as tmux takes them: a session alone means its next free index.
import { test, expect, afterEach } from "bun:test";
import { Weft } from "../helpers/weft.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

test("new-window -t session, session:, session:N and an index in use", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "w", "--", "sh");
  await weft.ok("new-window", "-d", "-t", "w", "--", "sh");
  await weft.ok("new-window", "-d", "-t", "w:", "--", "sh");
  await weft.ok("new-window", "-d", "-t", "w:7", "--", "sh");
  expect(await weft.ok("lsw", "-t", "w", "-F", "#I")).toBe("0\n1\n2\n7\n");
  const r = await weft.run("new-window", "-d", "-t", "w:7");
  expect(r).toMatchObject({ code: 1, stderr: "create window failed: index 7 in use\n" });
});

test("rotate-window moves panes one place along pane order, keeping cells' sizes and the active place (C-b C-o, M-o)", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "r", "-x", "80", "-y", "30", "sh");
  await w.ok("split-window", "-d", "-t", "r", "-l", "5", "sh");
  await w.ok("split-window", "-d", "-t", "r.1", "-l", "3", "sh");
  await w.ok("select-pane", "-t", "r.1");
  const view = async () => (await w.ok("list-panes", "-t", "r", "-F", "#{pane_index}:#{pane_id}:#{pane_height}:#{pane_active}")).trim().split("\n");
  const before = await view();
  const ids = before.map((l) => l.split(":")[1]!);
  const heights = before.map((l) => l.split(":")[2]);
  await w.ok("rotate-window", "-t", "r");
  const up = await view();
  expect(up.map((l) => l.split(":")[1])).toEqual([ids[1], ids[2], ids[0]]);
  expect(up.map((l) => l.split(":")[2])).toEqual(heights);
  expect(up.map((l) => l.split(":")[3])).toEqual(["0", "1", "0"]);
  await w.ok("rotatew", "-D", "-t", "r");
  expect(await view()).toEqual(before);
});

test("select-pane -d drops keys for the pane until -e; clear-history forgets the scrollback", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "i", "-x", "80", "-y", "10", "cat");
  await w.ok("select-pane", "-d", "-t", "i");
  await w.ok("send-keys", "-t", "i", "dropped", "Enter");
  await w.ok("select-pane", "-e", "-t", "i");
  await w.ok("send-keys", "-t", "i", "kept", "Enter");
  const screen = await w.waitForText("kept", "i");
  expect(screen).not.toContain("dropped");
  await w.ok("send-keys", "-t", "i", "-N", "30", "line", "Enter");
  const history = async () => Number((await w.ok("display", "-p", "-t", "i", "#{history_size}")).trim());
  const deadline = Date.now() + 10_000;
  while ((await history()) === 0 && Date.now() < deadline) await Bun.sleep(20);
  expect(await history()).toBeGreaterThan(0);
  await w.ok("clear-history", "-t", "i");
  expect(await history()).toBe(0);
});

test("resize-window -a/-A: the smallest/largest client whose session has the window, else default-size (as tmux 3.3a)", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "b", "-x", "80", "-y", "24", "sh");
  await w.ok("new", "-d", "-s", "other", "sh");
  const size = async (t: string) => (await w.ok("display", "-t", t, "-p", "#{window_width}x#{window_height}")).trim();
  // No client: the session's default-size, as tmux printed for the same steps.
  await w.ok("resize-window", "-t", "b", "-y", "50");
  await w.ok("resize-window", "-t", "b", "-a");
  expect(await size("b")).toBe("80x24");
  await w.ok("set", "-t", "b", "default-size", "100x30");
  await w.ok("resize-window", "-t", "b", "-A");
  expect(await size("b")).toBe("100x30");
  // A 70x20 client on b (one status line): 70x19 for b's window; other's has no client.
  const c = w.attach(["attach", "-t", "b"], 70, 20);
  await c.waitForScreen((s) => s.includes("[b]"), "the status line");
  await w.ok("resize-window", "-t", "b", "-x", "100", "-y", "50");
  await w.ok("resize-window", "-t", "b", "-a");
  expect(await size("b")).toBe("70x19");
  await w.ok("resize-window", "-t", "b", "-x", "5", "-y", "5");
  await w.ok("resize-window", "-t", "b", "-A");
  expect(await size("b")).toBe("70x19");
  await w.ok("resize-window", "-t", "other", "-a");
  expect(await size("other")).toBe("80x24");
});

test("a new window with no client takes the session's default-size, not the current window's size (tmux's default_window_size)", async () => {
  const w = (weft = await Weft.start());
  // tmux 3.3a printed these for the same commands.
  await w.ok("new", "-d", "-s", "d", "-x", "80", "-y", "36", "--", "sh");
  await w.ok("set", "-t", "d", "default-size", "80x24");
  await w.ok("new-window", "-t", "d", "--", "sh");
  expect(await w.ok("display", "-p", "-t", "d", "#{window_width}x#{window_height}")).toBe("80x24\n");
  await w.ok("set", "-g", "default-size", "100x30");
  await w.ok("new", "-d", "-s", "e", "--", "sh");
  await w.ok("new-window", "-t", "e", "--", "sh");
  expect(await w.ok("display", "-p", "-t", "e", "#{window_width}x#{window_height}")).toBe("100x30\n");
  // An attached client's size wins (latest).
  const c = w.attach(["attach", "-t", "e"], 90, 20);
  await c.waitForScreen((s) => s.includes("[e]"), "attached");
  await w.ok("new-window", "-t", "e", "--", "sh");
  expect(await w.ok("display", "-p", "-t", "e", "#{window_width}x#{window_height}")).toBe("90x19\n");
});
