// Every format modifier through weft's own display -p, on the servers scripts/goldens/formats.ts
// sets up in tmux 3.3a (one session with user options and pane text; two sessions of two windows
// of two panes), against what tmux printed (test/mux/lang/goldens/format-*.txt). The engine's
// own tests feed the same goldens through recorded variables; this runs the whole path. #()
// cases are left to those tests (tmux's answer there needs a second expansion by one client).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

interface Case {
  target: string;
  format: string;
  want: string;
}

const GOLDENS = `${import.meta.dir}/../mux/lang/goldens`;

function cases(name: string): Case[] {
  const out: Case[] = [];
  for (const line of readFileSync(`${GOLDENS}/${name}`, "utf8").split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const row = JSON.parse(line) as unknown[];
    if (row[0] !== "fmt") continue;
    const [, target, , format, want] = row as string[];
    if ((format ?? "").includes("#(")) continue;
    out.push({ target: target ?? "", format: format ?? "", want: want ?? "" });
  }
  return out;
}

// The recorder's options (scripts/goldens/formats.ts).
const OPTIONS: Record<string, string> = {
  "@a": "hello", "@b": "World", "@e": "", "@z": "0", "@n": "42", "@m": "-7", "@f": "3.14159",
  "@w": "日本語abc", "@p": "/usr/local/bin/tmux", "@q": "a b$c|d", "@h": "#[fg=red]x#y", "@f2": "#{@a}!",
  "@t": "1700000000", "@s": "#[fg=red]abcdef", "@pct": "100%%", "@loop": "#{E:@loop}x", "@slash": "/",
  "@rel": "file.txt", "@trail": "/a/b/", "@qp": "/x/a b", "@ab": "abcd", "@nested": "#{@f2}#{@b}",
};

/** Each case's output, many display commands to one weft invocation (split by a marker line). */
async function displayAll(w: Weft, list: Case[]): Promise<string[]> {
  const SEP = "@@SEP@@";
  const out: string[] = [];
  for (let i = 0; i < list.length; i += 40) {
    const argv: string[] = [];
    for (const c of list.slice(i, i + 40)) argv.push("display", "-p", "-t", c.target, c.format, ";", "display", "-p", SEP, ";");
    const text = await w.ok(...argv.slice(0, -1));
    out.push(...text.split(`${SEP}\n`).slice(0, -1).map((s) => s.replace(/\n$/, "")));
  }
  return out;
}

describe("one session (format-modifiers.txt)", () => {
  let weft: Weft;
  const list = cases("format-modifiers.txt");
  let got: string[] = [];
  beforeAll(async () => {
    weft = await Weft.start();
    await weft.runWith({ TZ: "UTC" }, "new", "-d", "-s", "fixed", "-x", "80", "-y", "24", "-n", "win", "printf 'alpha beta\\nGamma delta\\n'; exec cat");
    await weft.ok("select-pane", "-t", "fixed", "-T", "Title Here");
    for (const [k, v] of Object.entries(OPTIONS)) await weft.ok("set", "-t", "fixed", k, v);
    await weft.waitForText("Gamma delta", "fixed");
    got = await displayAll(weft, list);
  });
  afterAll(() => weft.cleanup());
  list.forEach((c, i) => test(c.format, () => expect(got[i]).toBe(c.want)));
});

describe("two sessions (format-loops.txt)", () => {
  let weft: Weft;
  const list = cases("format-loops.txt");
  let got: string[] = [];
  beforeAll(async () => {
    weft = await Weft.start();
    const text = (name: string) => `printf 'pane ${name}\\nline two\\n'; exec cat`;
    for (const [session, windows] of [["alpha", [["0", "one"], ["2", "two"]]], ["beta", [["0", "red"], ["5", "blue"]]]] as const) {
      const [[i0, n0], [i1, n1]] = windows;
      await weft.ok("new", "-d", "-s", session, "-x", "80", "-y", "24", "-n", n0, text(`${session}-${i0}-0`));
      await weft.ok("neww", "-d", "-t", `${session}:${i1}`, "-n", n1, text(`${session}-${i1}-0`));
      for (const i of [i0, i1]) await weft.ok("splitw", "-d", "-t", `${session}:${i}`, text(`${session}-${i}-1`));
    }
    await weft.ok("select-window", "-t", "alpha:2");
    await weft.ok("select-pane", "-t", "alpha:0.1");
    await weft.ok("select-pane", "-t", "beta:5.1");
    await weft.ok("set", "-t", "alpha", "@who", "A");
    await weft.ok("set", "-t", "beta", "@who", "B");
    await weft.ok("set", "-w", "-t", "alpha:0", "@wo", "w0");
    await weft.ok("set", "-p", "-t", "beta:5.1", "@po", "p51");
    const ids = (await weft.ok("list-panes", "-a", "-F", "#{pane_id}")).trim().split("\n");
    for (const id of ids) await waitFor(async () => (await weft.capture(id)).includes("line two"), `text of ${id}`);
    got = await displayAll(weft, list);
  });
  afterAll(() => weft.cleanup());
  list.forEach((c, i) => test(`${c.target} ${c.format}`, () => expect(got[i]).toBe(c.want)));
});
