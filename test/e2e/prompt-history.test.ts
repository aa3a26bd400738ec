// The command prompt's history as tmux 3.3a keeps it: history-file read after the config and
// written at exit, show-/clear-prompt-history (goldens/prompt-history.txt, recorded by
// scripts/goldens/prompt-history.sh), and Up/Down at the prompt walking what was entered.
import { test, expect, afterEach } from "bun:test";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

test("history-file, show-prompt-history and clear-prompt-history as tmux's", async () => {
  const w = (weft = await Weft.start());
  const hist = join(w.dir, "hist");
  writeFileSync(hist, "command:display -p hi\nsearch:foo\nold-line\ntarget:%1\ncommand:display -p hi\nwindow-target:=:1\n");
  writeFileSync(join(w.dir, "conf"), `set -g history-file ${hist}\nset -g prompt-history-limit 3\n`);
  const start = Bun.spawn([w.bin, "-L", "test", "-f", join(w.dir, "conf"), "new", "-d", "sh"], { env: w.env });
  expect(await start.exited).toBe(0);
  let got = "";
  for (const line of ["showphist", "showphist -T target", "clearphist -T search", "showphist -T search"]) {
    got += `$ ${line}\n${await w.ok(...line.split(" "))}`;
  }
  await w.ok("kill-server");
  await waitFor(() => w.serverPids().length === 0, "the server to exit");
  got += `$ cat history-file\n${readFileSync(hist, "utf8")}`;
  expect(got).toBe(readFileSync(join(import.meta.dir, "goldens", "prompt-history.txt"), "utf8"));
});

test("Enter adds to the prompt's type history (not repeating the newest); Up and Down walk it; a bad -T is refused", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "p", "-x", "80", "-y", "23", "sh");
  const c = w.attach(["attach", "-t", "p"], 80, 24);
  await c.waitForScreen((s) => s.includes("[p]"), "attached");
  for (const cmd of ["set -g @a 1", "set -g @b 2", "set -g @b 2"]) {
    c.type(`\x02:${cmd}\r`);
    await waitFor(async () => (await w.ok("showphist", "-T", "command")).includes(cmd), `${cmd} in the history`);
  }
  expect(await w.ok("showphist", "-T", "command")).toBe("History for command:\n\n1: set -g @a 1\n2: set -g @b 2\n\n");
  // Up twice: the older line; Down: the newer; Enter runs it again (already the newest: not added).
  await w.ok("set", "-g", "@b", "0");
  c.type("\x02:");
  c.type("\x1b[A");
  c.type("\x1b[A");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith(":set -g @a 1"), "the older line");
  c.type("\x1b[B");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith(":set -g @b 2"), "the newer line");
  c.type("\r");
  await waitFor(async () => (await w.run("show", "-gv", "@b")).stdout === "2\n", "the recalled command run");
  expect(await w.ok("showphist", "-T", "command")).toBe("History for command:\n\n1: set -g @a 1\n2: set -g @b 2\n\n");
  // Search prompts keep their own list.
  c.type("\x02:command-prompt -T search -p find 'set -g @found %%'\r");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith("find "), "the search prompt");
  c.type("word\r");
  await waitFor(async () => (await w.run("show", "-gv", "@found")).stdout === "word\n", "the search prompt's command");
  expect(await w.ok("showphist", "-T", "search")).toBe("History for search:\n\n1: word\n\n");
  c.type("\x02:command-prompt -T nope\r");
  // On the status line, capitalised as tmux shows a client's errors.
  await c.waitForScreen((s) => s.includes("Unknown type: nope"), "command-prompt's error");
  await w.ok("clearphist");
  expect(await w.ok("showphist", "-T", "command")).toBe("History for command:\n\n\n");
  expect(existsSync(join(w.dir, ".tmux_history"))).toBe(false);
});
