// Every format variable of tmux 3.3a (and a few options) on one fixed session, against the values
// tmux printed for the same session (goldens/format-vars.golden, scripts/goldens/format-vars.sh).
// Values that differ by nature are compared by shape: process ids, times, terminal and socket
// paths, the host and user, the version, and history_*bytes (tmux's own memory accounting).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Weft } from "../helpers/weft.ts";
import { VALUE_SHAPES } from "../helpers/format-shapes.ts";
import { waitFor } from "../helpers/wait.ts";

const names = readFileSync(`${import.meta.dir}/goldens/format-vars.names`, "utf8").split("\n").filter((n) => n !== "");
const golden = new Map(
  readFileSync(`${import.meta.dir}/goldens/format-vars.golden`, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)] as const),
);

let weft: Weft;
const got = new Map<string, string>();

beforeAll(async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "fixed", "-x", "80", "-y", "24", "-c", "/tmp");
  await weft.ok("set", "-g", "@fixed", "a user option");
  await waitFor(async () => (await weft.ok("display", "-p", "-t", "fixed", "#{cursor_x}")) !== "0\n", "the shell's prompt");
  // One format holding every name, a line each: all values are read at the same moment.
  const out = await weft.ok("display", "-p", "-t", "fixed", names.map((n) => `#{${n}}`).join("\n"));
  out.replace(/\n$/, "").split("\n").forEach((v, i) => got.set(names[i] ?? "", v));
});

afterAll(() => weft.cleanup());

test("the golden has every name", () => expect([...golden.keys()]).toEqual(names));

test.each(names)("%s", (name) => {
  const want = golden.get(name) ?? "";
  const shape = VALUE_SHAPES[name];
  if (shape) expect(got.get(name)).toMatch(shape);
  else expect(`${name}=${got.get(name)}`).toBe(`${name}=${want}`);
});

test("the S/W/P/N/C loops and alerts, from display -p, as tmux (goldens/format-loops.golden)", async () => {
  await weft.ok("new", "-d", "-s", "second", "-x", "80", "-y", "24", "-c", "/tmp");
  await weft.ok("new-window", "-d", "-t", "second:1", "-c", "/tmp");
  await weft.ok("split-window", "-d", "-t", "second:0", "-c", "/tmp");
  await weft.ok("set", "-w", "-t", "second:1", "@wo", "one");
  await weft.ok("send-keys", "-t", "fixed", "echo fixed-marker", "Enter");
  await waitFor(async () => /^fixed-marker/m.test(await weft.capture("fixed")), "the marker");
  await weft.ok("select-window", "-t", "second:1");
  await weft.ok("select-window", "-t", "second:0");
  const formats = readFileSync(`${import.meta.dir}/goldens/format-loops.formats`, "utf8").split("\n").filter((f) => f !== "");
  const lines: string[] = [];
  for (const f of formats) for (const t of ["fixed", "second"]) lines.push((await weft.ok("display", "-p", "-t", t, f)).replace(/\n$/, ""));
  expect(lines.join("\n") + "\n").toBe(readFileSync(`${import.meta.dir}/goldens/format-loops.golden`, "utf8"));
});

test("options are found from the pane up (set -p, -w, session, global), then the environment", async () => {
  await weft.ok("set", "-p", "-t", "second:0.1", "@where", "pane");
  await weft.ok("set", "-w", "-t", "second:0", "@where", "window");
  await weft.ok("set", "-t", "second", "@where", "session");
  await weft.ok("set", "-g", "@where", "global");
  const at = async (t: string) => (await weft.ok("display", "-p", "-t", t, "#{@where} #{HOME} #{mouse} #{status}")).trim();
  expect(await at("second:0.1")).toBe(`pane ${weft.env.HOME} 0 on`);
  expect(await at("second:0.0")).toBe(`window ${weft.env.HOME} 0 on`);
  expect(await at("second:1")).toBe(`session ${weft.env.HOME} 0 on`);
  expect(await at("fixed")).toBe(`global ${weft.env.HOME} 0 on`);
});
