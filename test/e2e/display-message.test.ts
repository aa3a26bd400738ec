// display-message's -a (every variable, as tmux's format_each lists them) and -v (each step of
// an expansion, as format_log words it) against tmux 3.3a's output for the same session
// (goldens/display-message/, scripts/goldens/display-message.sh), and its errors.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Weft } from "../helpers/weft.ts";
import { VALUE_SHAPES } from "../helpers/format-shapes.ts";
import { waitFor } from "../helpers/wait.ts";

const dir = `${import.meta.dir}/goldens/display-message`;
const lines = (text: string) => text.split("\n").filter((l) => l !== "");
const pairs = (text: string) => lines(text).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)] as const);

// weft's own variable, which tmux does not have.
const WEFT_ONLY = new Set(["weft_version"]);

let weft: Weft;

beforeAll(async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "fixed", "-x", "80", "-y", "24", "-c", "/tmp");
  await waitFor(async () => (await weft.ok("display", "-p", "-t", "fixed", "#{cursor_x}")) !== "0\n", "the shell's prompt");
});

afterAll(() => weft.cleanup());

test("-a lists every variable in tmux's order, with tmux's values", async () => {
  const want = pairs(readFileSync(`${dir}/all.golden`, "utf8"));
  const got = pairs(await weft.ok("display", "-p", "-a", "-t", "fixed")).filter(([name]) => !WEFT_ONLY.has(name));
  expect(got.map(([name]) => name)).toEqual(want.map(([name]) => name));
  const values = new Map(got);
  for (const [name, value] of want) {
    const shape = VALUE_SHAPES[name];
    if (shape) expect(`${name}=${values.get(name)}`).toMatch(new RegExp(`^${name}=${shape.source.slice(1)}`));
    else expect(`${name}=${values.get(name)}`).toBe(`${name}=${value}`);
  }
});

test("-v prints each step of the expansion as tmux does", async () => {
  await weft.ok("set", "-g", "@path", "/a b/Cx.d");
  await weft.ok("set", "-g", "@fmt", "#{session_name}");
  await weft.ok("new-window", "-d", "-t", "fixed:1", "-c", "/tmp");
  await weft.ok("split-window", "-d", "-t", "fixed:0", "-c", "/tmp");
  await weft.ok("send-keys", "-t", "fixed:0.0", "echo prompt-marker", "Enter");
  await waitFor(async () => /^prompt-marker$/m.test(await weft.capture("fixed:0.0")), "the marker line");
  const formats = lines(readFileSync(`${dir}/verbose.formats`, "utf8"));
  const want = readFileSync(`${dir}/verbose.golden`, "utf8").split("----\n");
  for (const [i, fmt] of formats.entries()) {
    expect(await weft.ok("display", "-p", "-v", "-t", "fixed:0.0", fmt)).toBe(want[i] ?? "");
  }
});

test("-v logs strftime's expansion of a format with %", async () => {
  const out = await weft.ok("display", "-p", "-v", "-t", "fixed", "%Y #S");
  expect(out).toMatch(/^# expanding format: %Y #S\n# after time expanded: \d{4} #S\n# found #S: session_name\n/);
});

test("-F and a message together are an error, as tmux words it", async () => {
  const r = await weft.run("display", "-p", "-F", "#{pane_id}", "x");
  expect([r.code, r.stdout, r.stderr]).toEqual([1, "", "only one of -F or argument must be given\n"]);
});

test("without -p and no attached client nothing is printed", async () => {
  const r = await weft.run("display", "-t", "fixed", "hello");
  expect([r.code, r.stdout, r.stderr]).toEqual([0, "", ""]);
});

test("in a hook (no client) the message is reported but the hook's next commands still run, as tmux 3.3a's", async () => {
  // regress/hooks-lifecycle.sh: 'display-message -p ... ; set -g @queued-pane-exited 1'.
  await weft.ok("set", "-g", "@after-display", "0");
  await weft.ok("set-hook", "-g", "session-created", 'display-message -p "created #{hook_session_name}" ; set -g @after-display 1');
  await weft.ok("new", "-d", "-s", "hooked");
  await waitFor(async () => (await weft.ok("show", "-gv", "@after-display")) === "1\n", "the command after display-message in the hook");
  await weft.ok("set-hook", "-gu", "session-created");
  await weft.ok("kill-session", "-t", "hooked");
});

test("display-message -I into a pane running a program is refused as tmux refuses it", async () => {
  // tmux 3.3a takes the client's stdin only into an empty pane (split-window ''); a pane with
  // a program, as every weft pane, gets "pane is not empty" and nothing is shown.
  expect(await weft.run("display-message", "-I", "shown?")).toMatchObject({ code: 1, stderr: "pane is not empty\n", stdout: "" });
});
