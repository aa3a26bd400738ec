// The Options store's API as the server uses it: typed getters, parent chains, arrays, and the
// startup environment (goldens/env.golden, recorded from tmux 3.3a by scripts/goldens/options.sh).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Options, OptionError, fnmatch } from "../../../src/mux/model/options-store.ts";
import { createGlobalOptions, matchOption, showOptions } from "../../../src/mux/model/options-commands.ts";
import { OPTIONS_TABLE, HOOK_NAMES, findOptionEntry } from "../../../src/mux/model/options-table.ts";
import { parsers } from "./option-cases.ts";

describe("the startup environment", () => {
  const blocks = readFileSync(join(import.meta.dir, "goldens", "env.golden"), "utf8").split(/^=== /m).slice(1);
  test("the golden has its cases", () => expect(blocks.length).toBe(5));
  test.each(blocks.map((b) => [b.split("\n")[0] ?? "", b]))("%s", (spec, block) => {
    const vars = Object.fromEntries(spec.split(" ").map((kv) => kv.split("=") as [string, string]));
    const g = createGlobalOptions({ visual: vars.VISUAL, editor: vars.EDITOR });
    const t = {};
    const lines = [
      ...showOptions(g, t, "show-options", { s: true }, ["editor"]),
      ...showOptions(g, t, "show-options", { g: true }, ["status-keys"]),
      ...showOptions(g, t, "show-options", { g: true, w: true }, ["mode-keys"]),
    ];
    expect(lines.join("\n") + "\n").toBe(block.slice(spec.length + 1));
  });
});

describe("typed getters", () => {
  const g = createGlobalOptions();
  test("strings, numbers, flags, choices, keys and colours", () => {
    expect(g.session.getString("status-left")).toBe("[#{session_name}] ");
    expect(g.session.getNumber("history-limit")).toBe(2000);
    expect(g.server.getFlag("exit-empty")).toBe(true);
    expect(g.session.getString("status")).toBe("on");
    expect(g.session.getNumber("status")).toBe(1);
    expect(g.session.getFlag("status")).toBe(true);
    expect(g.session.getString("prefix")).toBe("C-b");
    expect(g.window.getString("clock-mode-colour")).toBe("blue");
    expect(g.window.getNumber("clock-mode-colour")).toBe(4);
    expect(g.window.getString("window-size")).toBe("latest");
  });
  test("arrays by index", () => {
    expect(g.session.getArray("update-environment").slice(0, 2)).toEqual([
      [0, "DISPLAY"],
      [1, "KRB5CCNAME"],
    ]);
    expect(g.session.getArray("status-format").map(([i]) => i)).toEqual([0, 1]);
  });
  test("a missing option is a broken invariant, not a user error", () => {
    expect(() => g.session.getString("mode-keys")).toThrow("missing option mode-keys");
  });
});

describe("parent chains", () => {
  test("session → global, pane → window → global", () => {
    const g = createGlobalOptions();
    const session = new Options(g.session);
    const window = new Options(g.window);
    const pane = new Options(window);
    expect(session.getNumber("base-index")).toBe(0);
    g.session.setFromString("base-index", "3", false, parsers);
    expect(session.getNumber("base-index")).toBe(3);
    session.setFromString("base-index", "1", false, parsers);
    expect(session.getNumber("base-index")).toBe(1);
    expect(g.session.getNumber("base-index")).toBe(3);
    window.setFromString("remain-on-exit", "on", false, parsers);
    expect(pane.getString("remain-on-exit")).toBe("on");
    pane.setFromString("remain-on-exit", "failed", false, parsers);
    expect(window.getString("remain-on-exit")).toBe("on");
    pane.remove("remain-on-exit");
    expect(pane.getString("remain-on-exit")).toBe("on");
  });
  test("a tree can move to another parent", () => {
    const a = createGlobalOptions();
    const b = createGlobalOptions();
    b.window.setFromString("mode-keys", "vi", false, parsers);
    const w = new Options(a.window);
    expect(w.getString("mode-keys")).toBe("emacs");
    w.parent = b.window;
    expect(w.getString("mode-keys")).toBe("vi");
  });
  test("a global tree holds every option of its scope, whether or not it was read first", () => {
    for (const scope of ["server", "session", "window"] as const) {
      const ours = OPTIONS_TABLE.filter((e) => e.scope.includes(scope)).map((e) => e.name).sort();
      const g = createGlobalOptions();
      expect(g[scope].entries().map((o) => o.name)).toEqual(ours);
      const read = createGlobalOptions();
      for (const name of ours.slice(0, 5)) expect(read[scope].has(name)).toBe(true);
      expect(read[scope].entries().map((o) => o.name)).toEqual(ours);
      expect(read[scope].getOnly(OPTIONS_TABLE.find((e) => !e.scope.includes(scope))?.name ?? "")).toBeUndefined();
    }
  });
  test("a global value set, or an array emptied, before its default was read stays so", () => {
    const g = createGlobalOptions();
    g.session.setFromString("base-index", "3", false, parsers);
    expect(g.session.getNumber("base-index")).toBe(3);
    expect(g.session.entries().find((o) => o.name === "base-index")?.value).toBe(3);
    const e = findOptionEntry("command-alias");
    if (e) g.server.setEmpty(e);
    expect(g.server.getArray("command-alias")).toEqual([]);
    // Another spelling, read first, puts in the same default the name then finds.
    const other = createGlobalOptions();
    const colour = other.window.getOnly("clock-mode-color");
    expect(colour?.name).toBe("clock-mode-colour");
    expect(other.window.getOnly("clock-mode-colour")).toBe(colour);
  });
  test("-u on a global resets to the table default, not the environment's", () => {
    const g = createGlobalOptions({ editor: "vim" });
    const o = g.window.getOnly("mode-keys");
    expect(g.window.getString("mode-keys")).toBe("vi");
    if (o) g.window.removeOrDefault(o, -1);
    expect(g.window.getString("mode-keys")).toBe("emacs");
  });
});

describe("values", () => {
  test("bad values leave the old one and say why", () => {
    const g = createGlobalOptions();
    expect(() => g.session.setFromString("status-style", "fg=nope", false, parsers)).toThrow(new OptionError("invalid style: fg=nope"));
    expect(g.session.getString("status-style")).toBe("bg=green,fg=black");
  });
  test("the table's pattern is matched as fnmatch does", () => {
    expect(fnmatch("[0-9]*x[0-9]*", "80x24")).toBe(true);
    expect(fnmatch("[0-9]*x[0-9]*", "8ax2")).toBe(true);
    expect(fnmatch("[0-9]*x[0-9]*", "x24")).toBe(false);
    expect(fnmatch("a?c", "abc")).toBe(true);
  });
});

describe("the table", () => {
  test("names are unique and hooks are marked", () => {
    const names = OPTIONS_TABLE.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(HOOK_NAMES.length).toBe(OPTIONS_TABLE.filter((e) => e.hook).length);
    expect(findOptionEntry("pane-colors")?.name).toBe("pane-colours");
  });
  test("every default is valid for its own type", () => {
    const g = createGlobalOptions();
    for (const e of OPTIONS_TABLE) {
      const tree = e.scope.includes("server") ? g.server : e.scope.includes("session") ? g.session : g.window;
      if (e.array || e.type === "key" || e.type === "command") continue;
      // cursor-colour starts as "none", which set-option cannot give (tmux: "bad colour: none").
      if (e.default === "none") continue;
      expect(() => tree.setFromString(e.name, tree.getString(e.name), false, parsers)).not.toThrow();
    }
  });
  test("prefix matching", () => {
    expect(matchOption("mode-k")).toEqual({ name: "mode-keys", idx: -1 });
    expect(matchOption("status-format[2]")).toEqual({ name: "status-format", idx: 2 });
    expect(matchOption("status-l")).toBe("ambiguous");
    expect(matchOption("nosuch")).toBeNull();
    expect(matchOption("@mine[1]")).toEqual({ name: "@mine", idx: 1 });
  });
});
