// Printer unit tests for what the goldens do not reach: args_parse's flag
// pass and its causes, as tmux 3.3a gives them here (`tmux display -%`:
// "command display-message: invalid flag -%"; `bind x display -pt` lists as
// "display-message -pt", a trailing -t taking no value).
import { describe, expect, test } from "bun:test";
import { escapeArg, printArgs, printCommand, splitArgs } from "../../../src/mux/lang/cmd-print.ts";
import { lookup } from "./cmd-table.ts";

describe("splitArgs", () => {
  test("flags sort by byte; bare flags print first as one cluster, then flags with values", () => {
    expect(printArgs("aFgopqst:uUw", ["-q", "-t", "x", "-g", "@a", "1"], lookup)).toBe("-gq -t x @a 1");
    expect(printArgs("DdegLlMmP:RT:t:UZ", ["-Z", "-U", "-Ut1"], lookup)).toBe("-UUZ -t 1");
  });

  test("a value flag at the end is set without a value; -- ends flags and is not printed", () => {
    expect(printArgs("ac:d:INpt:F:v", ["-pt"], lookup)).toBe("-pt");
    expect(printArgs("ac:d:INpt:F:v", ["--", "-x"], lookup)).toBe("-x");
  });

  test("tmux's causes", () => {
    expect(splitArgs("ac:d:INpt:F:v", ["-%"])).toEqual({ cause: "invalid flag -%" });
    expect(splitArgs("ac:d:INpt:F:v", ["-Q"])).toEqual({ cause: "unknown flag -Q" });
    expect(splitArgs("ac:d:INpt:F:v", ["-?"])).toEqual({ usage: true });
    expect(splitArgs("bFt:", ["-t", [], "x"])).toEqual({ cause: "-t argument must be a string" });
  });

  test("a lone - is an argument", () => {
    expect(printArgs("t:", ["-", "-t"], lookup)).toBe("- -t");
  });
});

describe("printCommand", () => {
  test("the full name replaces an alias; an unknown command prints as typed", () => {
    expect(printCommand({ name: "neww", args: ["-n", "a b"], line: 1, group: 1 }, lookup)).toBe('new-window -n "a b"');
    expect(printCommand({ name: "nosuch", args: ["x y"], line: 1, group: 1 }, lookup)).toBe('nosuch "x y"');
  });

  test("a block prints in braces", () => {
    const block = [{ name: "display", args: ["a"], line: 1, group: 1 }];
    expect(printCommand({ name: "if", args: ["-F", "1", block], line: 1, group: 2 }, lookup)).toBe("if-shell -F 1 { display-message a }");
  });
});

describe("escapeArg", () => {
  test("single characters that need quoting get a backslash", () => {
    expect([";", "~", "#", '"', "'", " "].map(escapeArg)).toEqual(["\\;", "\\~", "\\#", '\\"', "\\'", '" "']);
  });
});
