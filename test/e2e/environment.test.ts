// Environments end to end: what panes get (global environment, the session's, -e on
// new-session/new-window/split-window/respawn-pane, TERM, PATH, SHELL, PWD) and what
// show-environment prints, against tmux 3.3a's run of scripts/goldens/environment.sh; and
// update-environment on attach.
import { test, expect, afterEach } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { runGoldenScript } from "../helpers/golden-script.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

test("panes get tmux's environment; set-environment and show-environment as tmux", async () => {
  weft = await Weft.start();
  const golden = readFileSync(join(import.meta.dir, "goldens/environment.txt"), "utf8");
  expect(await runGoldenScript(weft, "environment.sh")).toBe(golden);
});

test("attach brings update-environment's variables from the client; -E does not", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "a", "--", "sh");
  await w.ok("set", "-g", "update-environment", "MYVAR ABSENT TEST_*");
  await w.ok("setenv", "-t", "a", "ABSENT", "before");
  // A shell to attach from, with the client's own variables.
  const sh = w.shell();
  const clients = async () => (await w.ok("list-clients", "-F", "x")).trim();
  sh.type("env MYVAR=fromclient TEST_GLOB=g OTHER=no $WEFT_CMD attach -t a\r");
  await waitFor(async () => (await clients()) === "x", "the client attached");
  expect(await w.ok("showenv", "-t", "a", "MYVAR")).toBe("MYVAR=fromclient\n");
  expect(await w.ok("showenv", "-t", "a", "TEST_GLOB")).toBe("TEST_GLOB=g\n");
  expect(await w.ok("showenv", "-t", "a", "ABSENT")).toBe("-ABSENT\n");
  expect((await w.run("showenv", "-t", "a", "OTHER")).stderr).toBe("unknown variable: OTHER\n");
  await w.ok("detach-client", "-s", "a");
  await waitFor(async () => (await clients()) === "", "the client detached");
  sh.type("env MYVAR=again $WEFT_CMD attach -E -t a\r");
  await waitFor(async () => (await clients()) === "x", "the client attached with -E");
  expect(await w.ok("showenv", "-t", "a", "MYVAR")).toBe("MYVAR=fromclient\n");
});
