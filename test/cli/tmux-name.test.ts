// runsAsTmux reads the name weft was run by as node:path's basename would, without loading it.
import { expect, test } from "bun:test";
import { basename } from "node:path";
import { runsAsTmux } from "../../src/cli/tmux-name.ts";

test("runsAsTmux is basename(argv0) === tmux", () => {
  const names = ["tmux", "/usr/bin/tmux", "tmux/", "/a/tmux//", "/", "", "xtmux", "/tmux", "a/tmuxx", "//tmux", "tmux/x", "./tmux", "weft"];
  expect(names.map(runsAsTmux)).toEqual(names.map((n) => basename(n) === "tmux"));
  expect(names.filter(runsAsTmux).length).toBe(7);
});
