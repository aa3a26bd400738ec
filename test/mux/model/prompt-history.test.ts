// The prompt history as tmux's status_prompt_add_history and _up/_down_history keep and walk it.
import { test, expect } from "bun:test";
import { HistoryCursor, PromptHistory, promptType } from "../../../src/mux/model/prompt-history.ts";

test("lines are added unless they repeat the newest; the oldest go past the limit; 0 keeps none", () => {
  const h = new PromptHistory();
  for (const l of ["a", "b", "b", "a", "c"]) h.add("command", l, 3);
  expect(h.lines("command")).toEqual(["b", "a", "c"]);
  expect(h.lines("search")).toEqual([]);
  h.add("search", "x", 0);
  expect(h.lines("search")).toEqual([]);
  h.add("target", "t", 5);
  h.clear("command");
  expect(h.lines("command")).toEqual([]);
  expect(h.lines("target")).toEqual(["t"]);
  h.clear();
  expect(h.lines("target")).toEqual([]);
});

test("Up walks to the oldest and stops there; Down comes back to the empty line", () => {
  const h = new PromptHistory();
  for (const l of ["one", "two"]) h.add("command", l, 100);
  const c = new HistoryCursor(h, "command");
  expect(c.down()).toBe("");
  expect([c.up(), c.up(), c.up()]).toEqual(["two", "one", null]);
  expect([c.down(), c.down(), c.down()]).toEqual(["two", "", ""]);
});

test("the history file: type:line, a line of no known type is a command", () => {
  const h = new PromptHistory();
  h.load("command:x\nodd:y\nsearch:s\nplain\n", 100);
  expect(h.lines("command")).toEqual(["x", "odd:y", "plain"]);
  expect(h.save()).toBe("command:x\ncommand:odd:y\ncommand:plain\nsearch:s\n");
  expect(promptType("window-target")).toBe("window-target");
  expect(promptType("windows")).toBeNull();
});
