// find-window's filter is the string tmux 3.3a's cmd-find-window.c builds for each -C/-N/-T mix.
import { expect, test } from "bun:test";
import { findFilter } from "../../src/cli/commands/find-window.ts";

test("find-window builds tmux's filter for each of -C, -N, -T and -r/-i", () => {
  expect(findFilter("x", true, true, true, "")).toBe("#{||:#{C:x},#{||:#{m:*x*,#{window_name}},#{m:*x*,#{pane_title}}}}");
  expect(findFilter("x", true, true, false, "/i")).toBe("#{||:#{C/i:x},#{m/i:*x*,#{window_name}}}");
  expect(findFilter("x", true, false, true, "/r")).toBe("#{||:#{C/r:x},#{m/r:*x*,#{pane_title}}}");
  expect(findFilter("x", false, true, true, "/ri")).toBe("#{||:#{m/ri:*x*,#{window_name}},#{m/ri:*x*,#{pane_title}}}");
  expect(findFilter("x", true, false, false, "")).toBe("#{C:x}");
  expect(findFilter("x", false, true, false, "")).toBe("#{m:*x*,#{window_name}}");
  expect(findFilter("x", false, false, true, "")).toBe("#{m:*x*,#{pane_title}}");
});
