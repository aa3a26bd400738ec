// Parser unit tests: the structure the runner gets (names, words, blocks,
// groups, lines) and the hooks (aliases, checks, parse-only). What tmux does
// was tried on tmux 3.3a here; the goldens test covers the words themselves.
import { describe, expect, test } from "bun:test";
import { parseArguments, parseFile, parseString, type CommandList, type ParseOptions } from "../../../src/mux/lang/cmd-parse.ts";
import { printCommandList } from "../../../src/mux/lang/cmd-print.ts";
import { lookup } from "./cmd-table.ts";

function options(extra: Partial<ParseOptions> = {}): ParseOptions & { vars: Map<string, string> } {
  const vars = new Map<string, string>();
  return { vars, env: { get: (n) => vars.get(n), set: (n, v) => void vars.set(n, v) }, ...extra };
}

function ok(r: ReturnType<typeof parseFile>): CommandList {
  if (!r.ok) throw new Error(r.error);
  return r.commands;
}

const shape = (list: CommandList): unknown[] =>
  list.map((c) => [c.name, ...c.args.map((a) => (typeof a === "string" ? a : shape(a)))]);

describe("structure", () => {
  test("a command is its name, its words and its blocks, with file and line", () => {
    const cmds = ok(parseFile("bind x {\n  display a\n  display b ; display c\n} y\n", options({ file: "f.conf" })));
    expect(shape(cmds)).toEqual([["bind", "x", [["display", "a"], ["display", "b"], ["display", "c"]], "y"]]);
    const [bind] = cmds;
    expect(bind?.file).toBe("f.conf");
    // tmux gives a command the line of the token after it: here the closing brace's.
    expect(bind?.line).toBe(4);
    const block = bind?.args[1];
    expect(Array.isArray(block) ? block.map((c) => c.line) : []).toEqual([2, 3, 3]);
  });

  test("a file has a group per line; ';' keeps a line's commands in one group", () => {
    const cmds = ok(parseFile("a ; b\nc\n", options()));
    const [a, b, c] = cmds.map((x) => x.group);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  test("a string is one group whatever its lines; groups differ between parses", () => {
    const one = ok(parseString("a\nb { c\nd }", options()));
    expect(new Set(one.map((c) => c.group)).size).toBe(1);
    const other = ok(parseString("a", options()));
    expect(other[0]?.group).not.toBe(one[0]?.group);
  });

  test("a block's lines are groups of their own, printed with ;; between them", () => {
    const [set] = ok(parseFile("set @x {\n q1\n q2 ; q3\n}\n", options()));
    const block = set?.args[1];
    expect(Array.isArray(block) ? printCommandList(block, lookup, false) : "").toBe("q1 ;; q2 ; q3");
  });

  test("empty input, blank lines and comments give no commands", () => {
    expect(ok(parseFile("", options()))).toEqual([]);
    expect(ok(parseFile("\n\n  # x\n", options()))).toEqual([]);
    expect(ok(parseString("", options()))).toEqual([]);
  });

  test("errors without a file have no FILE:LINE prefix", () => {
    expect(parseString("a }", options())).toEqual({ ok: false, error: "syntax error" });
    expect(parseFile("a\n b }", options({ file: "x" }))).toEqual({ ok: false, error: "x:2: syntax error" });
  });
});

describe("argv (cmd_parse_from_arguments)", () => {
  test("';' words and words ending in ';' end a command; '\\;' at the end keeps a ';'", () => {
    const cmds = ok(parseArguments(["new", "-d", ";", "split-window", "a\\;", "b;", "start-server;", "x"], {}));
    expect(shape(cmds)).toEqual([["new", "-d"], ["split-window", "a;", "b"], ["start-server"], ["x"]]);
    expect(new Set(cmds.map((c) => c.group)).size).toBe(1);
  });

  test("words are taken as they are: no quotes, $ or ~ processing", () => {
    expect(shape(ok(parseArguments(["set", "$HOME", "'~'", "#x"], {})))).toEqual([["set", "$HOME", "'~'", "#x"]]);
  });

  test("a parsed block passes through as the same list", () => {
    const block = ok(parseString("display a", options()));
    const [cmd] = ok(parseArguments(["if", "-F", "1", block], {}));
    expect(cmd?.args[2]).toBe(block);
  });

  test("empty commands from ';;' are dropped", () => {
    expect(shape(ok(parseArguments([";", "a", ";"], {})))).toEqual([["a"]]);
  });
});

describe("command-alias (cmd_parse_expand_alias)", () => {
  const aliases: Record<string, string> = {
    zz: "set -g @z",
    yy: "set -g @y1 1 ; set -g",
    ww: "",
    set: "set -g @loop",
    bad: 'x }',
  };
  const alias = (name: string) => aliases[name];

  test("the alias's text replaces the name; the words follow its last command", () => {
    expect(shape(ok(parseString("zz val ; yy @y2 two", options({ alias }))))).toEqual([
      ["set", "-g", "@z", "val"],
      ["set", "-g", "@y1", "1"],
      ["set", "-g", "@y2", "two"],
    ]);
  });

  test("an alias is not expanded inside its own expansion", () => {
    expect(shape(ok(parseString("set x", options({ alias }))))).toEqual([["set", "-g", "@loop", "x"]]);
  });

  test("an empty alias gives nothing; a bad one gives its parse error", () => {
    expect(ok(parseString("ww a b", options({ alias })))).toEqual([]);
    expect(parseString("bad", options({ alias }))).toEqual({ ok: false, error: "syntax error" });
  });

  test("an alias's commands join the group of the line that used it", () => {
    const cmds = ok(parseFile("yy @a b\n", options({ alias })));
    expect(cmds.length).toBe(2);
    expect(cmds[0]?.group).toBe(cmds[1]?.group ?? -1);
  });
});

describe("parse-time effects", () => {
  test("assignments set the environment as they are read, unless parse-only", () => {
    const o = options();
    expect(shape(ok(parseFile("A=1 set @a $A\n", o)))).toEqual([["set", "@a", "1"]]);
    expect(o.vars.get("A")).toBe("1");
    const p = options({ parseOnly: true });
    ok(parseFile("A=1\n%hidden B=2\n", p));
    expect(p.vars.size).toBe(0);
  });

  test("%if gets the format's text and keeps the branch that expands true", () => {
    const seen: string[] = [];
    const expandFormat = (s: string) => {
      seen.push(s);
      return s === "#{yes}" ? "1" : "0";
    };
    const cmds = ok(parseFile("%if #{no}\na\n%elif #{yes}\nb\n%else\nc\n%endif\n", options({ expandFormat })));
    expect(shape(cmds)).toEqual([["b"]]);
    expect(seen).toEqual(["#{no}", "#{yes}"]);
  });

  test("check's cause comes with FILE:LINE, and a block is checked before its command", () => {
    const checked: string[] = [];
    const check = (name: string) => {
      checked.push(name);
      return name.startsWith("bad") ? `unknown command: ${name}` : undefined;
    };
    const r = parseFile("ok\nbad1 { bad2 }\n", options({ file: "f", check }));
    expect(r).toEqual({ ok: false, error: "f:2: unknown command: bad2" });
    expect(checked).toEqual(["ok", "bad2"]);
  });

  test("~ falls back to the user's home when HOME is empty", () => {
    const o = options({ userHome: (u) => (u === "" ? "/home/me" : undefined) });
    o.vars.set("HOME", "");
    expect(shape(ok(parseString("a ~/x", o)))).toEqual([["a", "/home/me/x"]]);
  });
});
