// send-keys as tmux's cmd_send_keys: keys typed into a pane go to the other panes of its window
// under synchronize-panes (with or without -t; not into a pane in a mode, nor one zoomed away),
// and a pane in copy mode takes them through its key table instead of its program.
import { test, expect, afterEach } from "bun:test";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** A pane that shows what it is typed, one line per Enter. */
const ECHO = ["sh", "-c", "while read -r l; do echo \"got:$l\"; done"];

test("synchronize-panes copies send-keys -t PANE and -t SESSION to the window's other panes, not to one in copy mode", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "sy", "-x", "80", "-y", "24", "--", ...ECHO);
  await w.ok("split-window", "-t", "sy", "--", ...ECHO);
  await w.ok("split-window", "-t", "sy", "--", ...ECHO);
  const ids = (await w.ok("list-panes", "-t", "sy", "-F", "#{pane_id}")).trim().split("\n");
  expect(ids).toHaveLength(3);
  const [a, b, c] = ids as [string, string, string];
  await w.ok("set-window-option", "-t", "sy", "synchronize-panes", "on");
  await w.ok("send-keys", "-t", a, "one", "Enter");
  for (const p of ids) await w.waitForText("got:one", p);
  // A pane with the option off for itself (set -p) is left out, and so is one in copy mode.
  await w.ok("set-option", "-p", "-t", b, "synchronize-panes", "off");
  await w.ok("copy-mode", "-t", c);
  await w.ok("select-pane", "-t", a);
  await w.ok("send-keys", "-t", "sy", "two", "Enter");
  await w.waitForText("got:two", a);
  await w.ok("send-keys", "-t", c, "q");
  expect(await w.ok("display", "-p", "-t", c, "#{pane_in_mode}")).toBe("0\n");
  await w.ok("send-keys", "-t", a, "three", "Enter");
  await w.waitForText("got:three", a);
  await w.waitForText("got:three", c);
  expect(await w.capture(b)).not.toContain("got:two");
  expect(await w.capture(c)).not.toContain("got:two");
  expect(await w.capture(b)).not.toContain("got:three");
});

test("a pane in copy mode takes send-keys through its key table: q and -H 71 leave it, other keys move in it", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "cm", "-x", "80", "-y", "24", "--", ...ECHO);
  await w.ok("set", "-g", "mode-keys", "vi");
  await w.ok("copy-mode", "-t", "cm");
  await w.ok("send-keys", "-t", "cm", "k", "0");
  expect(await w.ok("display", "-p", "-t", "cm", "#{pane_in_mode}")).toBe("1\n");
  await w.ok("send-keys", "-t", "cm", "q");
  expect(await w.ok("display", "-p", "-t", "cm", "#{pane_in_mode}")).toBe("0\n");
  await w.ok("copy-mode", "-t", "cm");
  await w.ok("send-keys", "-t", "cm", "-H", "71");
  expect(await w.ok("display", "-p", "-t", "cm", "#{pane_in_mode}")).toBe("0\n");
  // The keys never reached the program.
  await w.ok("send-keys", "-t", "cm", "after", "Enter");
  await w.waitForText("got:after", "cm");
  expect(await w.capture("cm")).not.toContain("got:k");
});

test("command-prompt and confirm-before from a script open on the attached client (cmd_find_client); with none, tmux's error", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "p", "-x", "80", "-y", "23", "sh");
  expect(await w.run("command-prompt", "-b", "set -g @x %1")).toMatchObject({ code: 1, stderr: "no current client\n" });
  expect(await w.run("confirm-before", "-b", "set -g @x y")).toMatchObject({ code: 1, stderr: "no current client\n" });
  const c = w.attach(["attach", "-t", "p"], 80, 24);
  await c.waitForScreen((s) => s.includes("[p]"), "attached");
  await w.ok("command-prompt", "-b", "-p", "value", "set -g @x %1");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith("value "), "the prompt on the client");
  c.type("typed\r");
  await waitFor(async () => (await w.ok("show", "-gv", "@x")) === "typed\n", "the prompt's command to run");
  await w.ok("confirm-before", "-b", "-p", "sure?", "set -g @x yes");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith("sure?"), "the question on the client");
  c.type("y");
  await waitFor(async () => (await w.ok("show", "-gv", "@x")) === "yes\n", "the confirmed command to run");
});
