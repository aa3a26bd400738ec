// The status prompt in the built executable, a client attached in a PTY: Tab completes a
// command and Enter runs it; a -t target's windows in the completion menu, one picked by its
// digit; status-keys vi's command mode drawn in message-command-style; C-w and C-y.
import { test, expect, afterEach } from "bun:test";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const lastLine = (s: string) => s.split("\n")[23] ?? "";

test("Tab completes a command name with a space, Enter runs the line", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "p", "-x", "80", "-y", "23", "sh");
  const c = w.attach(["attach", "-t", "p"], 80, 24);
  await c.waitForScreen((s) => s.includes("[p]"), "attached");
  c.type("\x02:");
  await c.waitForScreen((s) => lastLine(s).startsWith(":"), "the prompt");
  c.type("new-windo\t");
  await c.waitForScreen((s) => lastLine(s).startsWith(":new-window "), "the command completed");
  c.type("-n tabbed\r");
  await waitFor(async () => (await w.ok("lsw", "-t", "p", "-F", "#W")).includes("tabbed"), "the completed command run");
});

test("-t: the session's windows in a menu; a digit picks one into the line", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "p", "-x", "80", "-y", "23", "-n", "one", "sh");
  await w.ok("neww", "-d", "-t", "p", "-n", "two", "sh");
  const c = w.attach(["attach", "-t", "p"], 80, 24);
  await c.waitForScreen((s) => s.includes("[p]"), "attached");
  c.type("\x02:");
  await c.waitForScreen((s) => lastLine(s).startsWith(":"), "the prompt");
  c.type("selectw -t:\t");
  const menu = await c.waitForScreen((s) => s.includes("p:1 (two)"), "the window menu");
  expect(menu).toContain("│ p:0 (one) (0) │");
  expect(menu).toContain("│ p:1 (two) (1) │");
  c.type("1");
  await c.waitForScreen((s) => lastLine(s).startsWith(":selectw -tp:1 ") && !s.includes("(two)"), "the window picked");
  c.type("\r");
  await waitFor(async () => (await w.ok("display", "-p", "-t", "p", "#I")) === "1\n", "window 1 selected");
});

test("status-keys vi: Escape to command mode in message-command-style, then its keys; C-w and p", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "p", "-x", "80", "-y", "23", "sh");
  await w.ok("set", "-g", "status-keys", "vi");
  await w.ok("set", "-g", "message-command-style", "bg=red");
  const c = w.attach(["attach", "-t", "p"], 80, 24);
  await c.waitForScreen((s) => s.includes("[p]"), "attached");
  c.type("\x02:");
  await c.waitForScreen((s) => lastLine(s).startsWith(":"), "the prompt");
  c.type("set -g @v wrong right");
  await c.waitForScreen((s) => lastLine(s).includes("right"), "typed");
  // C-w cuts "right"; Escape; b back over "wrong", cw-like: D kills it, p puts "right" back.
  c.type("\x17");
  await c.waitForScreen((s) => !lastLine(s).includes("right"), "C-w");
  c.type("\x1b");
  const bg = () => c.host.buffer.active.getLine(23)?.getCell(0)?.getBgColor();
  await waitFor(() => bg() === 1, "message-command-style's red");
  c.type("bDp");
  await c.waitForScreen((s) => lastLine(s).startsWith(":set -g @v right"), "D then p");
  c.type("\r");
  await waitFor(async () => (await w.run("show", "-gv", "@v")).stdout === "right\n", "the edited line run");
});

test("copy mode's C-r: an incremental search as it is typed; C-r goes on up, BSpace starts again", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "p", "-x", "80", "-y", "23", "printf 'alpha\\nbeta foo\\ngamma foo bar\\nfoo delta\\n'; exec sleep 100");
  const c = w.attach(["attach", "-t", "p"], 80, 24);
  await c.waitForScreen((s) => s.includes("foo delta"), "the text");
  // The current match in copy-mode-current-match-style (bg=magenta): which row's "f" has it.
  const current = () => [1, 2, 3].filter((y) => {
    const line = c.host.buffer.active.getLine(y);
    const x = line?.translateToString().indexOf("f") ?? -1;
    return x >= 0 && line?.getCell(x)?.getBgColor() === 5;
  });
  c.type("\x02[");
  await c.waitForScreen((s) => s.includes("[0/0]"), "copy mode");
  c.type("\x12");
  await c.waitForScreen((s) => lastLine(s).startsWith("(search up)"), "the search prompt");
  c.type("fo");
  await waitFor(() => current().join() === "3", "fo found upwards: foo delta");
  c.type("\x12");
  await waitFor(() => current().join() === "2", "C-r: gamma foo");
  c.type("\x12");
  await waitFor(() => current().join() === "1", "C-r: beta foo");
  c.type("\x7f");
  await waitFor(() => current().join() === "3", "BSpace: from the start again");
  c.type("\r");
  await c.waitForScreen((s) => !lastLine(s).startsWith("(search up)"), "the prompt closed");
  expect(current()).toEqual([3]);
});
