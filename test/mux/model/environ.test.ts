// The environment store (tmux's environ.c): set, clear, hide, unset, copy, update-environment's
// matching, and what a child gets.
import { test, expect } from "bun:test";
import { Environ } from "../../../src/mux/model/index.ts";
import { fnmatch } from "../../../src/mux/model/fnmatch.ts";

test("entries come in strcmp order; a cleared one keeps its name with no value", () => {
  const e = Environ.from({ b: "2", B: "1", a: "0" });
  e.clear("c");
  expect(e.entries().map((x) => `${x.name}=${x.value}`)).toEqual(["B=1", "a=0", "b=2", "c=null"]);
  e.unset("a");
  expect(e.find("a")).toBeUndefined();
});

test("put takes NAME=value and ignores what has no =, as environ_put", () => {
  const e = new Environ();
  e.put("A=x=y");
  e.put("NOEQ");
  e.put("=v");
  expect(e.entries().map((x) => [x.name, x.value])).toEqual([["", "v"], ["A", "x=y"]]);
});

test("copyInto: the session's cleared entry removes the global one from a child's environment", () => {
  const global = Environ.from({ G: "g", KEEP: "k" });
  const session = new Environ();
  session.clear("G");
  session.set("S", "s");
  session.set("H", "h", true);
  const child = new Environ();
  global.copyInto(child);
  session.copyInto(child);
  // Hidden and cleared entries, and the empty name, never reach a child.
  expect(child.toRecord()).toEqual({ KEEP: "k", S: "s" });
  expect(child.find("H")?.hidden).toBe(true);
});

test("update: each pattern copies its first match from the client, or clears itself when none matches", () => {
  const client = Environ.from({ DISPLAY: ":0", TEST_B: "b", TEST_A: "a", OTHER: "o" });
  const s = Environ.from({ MISSING: "old" });
  s.update(["DISPLAY", "TEST_*", "MISSING"], client, fnmatch);
  expect(s.entries().map((x) => `${x.name}=${x.value}`)).toEqual(["DISPLAY=:0", "MISSING=null", "TEST_A=a"]);
});
