// Every format modifier against tmux 3.3a: the goldens hold `display -p` output recorded by
// scripts/goldens/formats.sh, with the variables and pane text of the same server, which feed
// a tree of FormatScopes here (one session in format-modifiers.txt, 2x2x2 in format-loops.txt).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expandFormat, type FormatChild, type FormatScope } from "../../../src/mux/lang/format.ts";

type Vars = Record<string, string>;
interface PaneRecord {
  id: string;
  vars: Vars;
  lines: string[];
}
interface Case {
  target: string;
  paneId: string;
  format: string;
  want: string;
}
interface Golden {
  now: number;
  panes: PaneRecord[];
  cases: Case[];
}

function readGolden(name: string): Golden {
  const g: Golden = { now: 0, panes: [], cases: [] };
  for (const line of readFileSync(`${import.meta.dir}/goldens/${name}`, "utf8").split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const row = JSON.parse(line) as unknown[];
    if (row[0] === "now") g.now = row[1] as number;
    else if (row[0] === "pane") {
      g.panes.push({ id: row[1] as string, vars: row[2] as Vars, lines: row[3] as string[] });
    } else {
      const [, target, paneId, format, want] = row as string[];
      g.cases.push({ target: target ?? "", paneId: paneId ?? "", format: format ?? "", want: want ?? "" });
    }
  }
  return g;
}

/** The model as tmux's format trees see it: sessions by name, windows by index, panes in order. */
function scopes(panes: PaneRecord[]): Map<string, FormatScope> {
  const v = (p: PaneRecord, k: string) => p.vars[k] ?? "";
  const sessionNames = [...new Set(panes.map((p) => v(p, "session_name")))].sort();
  const inSession = (s: string) => panes.filter((p) => v(p, "session_name") === s);
  const byNumber = (k: string) => (a: PaneRecord, b: PaneRecord) => Number(v(a, k)) - Number(v(b, k));
  const windowIndexes = (s: string) =>
    [...new Set(inSession(s).sort(byNumber("window_index")).map((p) => Number(v(p, "window_index"))))];
  const inWindow = (s: string, w: number) =>
    inSession(s).filter((p) => Number(v(p, "window_index")) === w).sort(byNumber("pane_index"));
  const activeOf = (s: string, w: number) => inWindow(s, w).find((p) => v(p, "pane_active") === "1");
  const currentOf = (s: string) => windowIndexes(s).find((w) => activeOf(s, w)?.vars.window_active === "1") ?? 0;

  const byId = new Map<string, FormatScope>();
  const none: FormatScope = { lookup: () => undefined };
  const scopeOf = (p: PaneRecord | undefined): FormatScope => (p === undefined ? none : (byId.get(p.id) ?? none));
  for (const p of panes) {
    const s = v(p, "session_name");
    const w = Number(v(p, "window_index"));
    byId.set(p.id, {
      lookup: (name) => p.vars[name],
      sessions: () => sessionNames.map((n) => scopeOf(activeOf(n, currentOf(n)))),
      windows: (): FormatChild[] =>
        windowIndexes(s).map((i) => ({ scope: scopeOf(activeOf(s, i)), current: i === currentOf(s) })),
      panes: (): FormatChild[] => inWindow(s, w).map((q) => ({ scope: scopeOf(q), current: v(q, "pane_active") === "1" })),
      paneLines: () => p.lines,
    });
  }
  return byId;
}

/** #() as tmux runs it: sh -c, the last line of its output. */
function job(command: string): string | undefined {
  const r = spawnSync("/bin/sh", ["-c", command], { encoding: "utf8" });
  const lines = r.stdout.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.at(-1) ?? "";
}

function suite(file: string): void {
  const g = readGolden(file);
  const byId = scopes(g.panes);
  describe(`${file}: display -p of tmux 3.3a`, () => {
    test("the golden has cases and pane records", () => {
      expect(g.cases.length).toBeGreaterThan(30);
      expect(g.panes.length).toBeGreaterThan(0);
    });
    for (const c of g.cases) {
      test(`${c.target} ${JSON.stringify(c.format)}`, () => {
        const scope = byId.get(c.paneId);
        expect(scope).toBeDefined();
        if (scope === undefined) return;
        const got = expandFormat(c.format, scope, { now: () => g.now, expandTime: true, job });
        expect(got).toBe(c.want);
      });
    }
  });
}

const oldTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "UTC";
});
afterAll(() => {
  if (oldTz === undefined) delete process.env.TZ;
  else process.env.TZ = oldTz;
});

suite("format-modifiers.txt");
suite("format-loops.txt");

// What the goldens cannot pin: the current time, and parts of the model that display -p always has.
describe("the engine's contract with its caller", () => {
  const now = Date.UTC(2024, 6, 4, 13, 5, 9) / 1000;
  const vars: Record<string, string> = { "@fmt": "%Y-%m-%d %H:%M:%S", "@a": "hello", "@cmd": "echo #{@a}" };
  const lookup = (n: string) => vars[n];

  test("T and expandTime strftime with the caller's clock; plain expansion does not", () => {
    process.env.TZ = "UTC";
    expect(expandFormat("#{T:@fmt}", lookup, { now: () => now })).toBe("2024-07-04 13:05:09");
    expect(expandFormat("%H:%M #{@a}", lookup, { now: () => now, expandTime: true })).toBe("13:05 hello");
    expect(expandFormat("%H:%M #{@a}", lookup, { now: () => now })).toBe("%H:%M hello");
  });

  test("#() asks the caller with the expanded and the raw command, and expands the answer without jobs", () => {
    const asked: [string, string][] = [];
    const job = (cmd: string, raw: string) => {
      asked.push([cmd, raw]);
      return cmd === "echo hello" ? "#{@a}#(nested)" : undefined;
    };
    expect(expandFormat("[#(echo #{@a})][#(slow)]", lookup, { job })).toBe("[hello][]");
    expect(asked).toEqual([["echo hello", "echo #{@a}"], ["slow", "slow"]]);
    expect(expandFormat("[#(echo hi)]", lookup)).toBe("[]");
  });

  test("W and P fail (the output stops) without a session or window; C gives 0 without a pane", () => {
    const scope: FormatScope = { lookup, windows: () => null, panes: () => null };
    expect(expandFormat("a#{W:x}b", scope)).toBe("a");
    expect(expandFormat("a#{P:x}b", scope)).toBe("a");
    expect(expandFormat("a#{N:x}b", scope)).toBe("a");
    expect(expandFormat("a#{C:x}b", scope)).toBe("a0b");
    expect(expandFormat("a#{S:x}b", scope)).toBe("ab");
  });

  test("a format that loops through its own children stops at tmux's depth limit", () => {
    const self: FormatScope = { lookup: (n) => (n === "@me" ? "#{S:#{E:@me}}y" : undefined), sessions: () => [self] };
    const out = expandFormat("#{E:@me}", self);
    expect(out).toMatch(/^y+$/);
    expect(out.length).toBeLessThan(100);
  });

  test("c resolves tmux's basic colours itself and asks the caller for the rest", () => {
    expect(expandFormat("#{c:blue}|#{c:AliceBlue}", lookup)).toBe("000080|");
    const colourByName = (n: string) => (n.toLowerCase() === "aliceblue" ? 0xf0f8ff : null);
    expect(expandFormat("#{c:AliceBlue}", lookup, { colourByName })).toBe("f0f8ff");
  });
});
