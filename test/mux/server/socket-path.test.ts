// joinPath is node:path's posix join, written out so that the client need not load node:path.
import { describe, expect, test } from "bun:test";
import { posix } from "node:path";
import { joinPath } from "../../../src/mux/server/socket-path.ts";

const SEGMENTS = ["", "/", "//", ".", "..", "a", "b.c", "..a", ".b", "a/", "/a", "./", "../", "a/../b", "/.."];

/** Every part list of up to three segments, each part up to two segments glued together. */
function partLists(): string[][] {
  const parts = SEGMENTS.flatMap((x) => [x, ...SEGMENTS.map((y) => x + y)]);
  const lists: string[][] = [[], ...parts.map((p) => [p])];
  for (const p of parts) for (const q of SEGMENTS) lists.push([p, q], [q, p, "x"]);
  return lists;
}

describe("joinPath", () => {
  test("agrees with node:path's posix join", () => {
    const lists = partLists();
    expect(lists.length).toBeGreaterThan(1000);
    for (const parts of lists) expect([parts, joinPath(...parts)]).toEqual([parts, posix.join(...parts)]);
  });

  test("the socket directories it builds", () => {
    expect(joinPath("/run/user/1000/", "weft")).toBe("/run/user/1000/weft");
    expect(joinPath("/tmp", "weft-0", "default")).toBe("/tmp/weft-0/default");
    expect(joinPath("tmp//x/./y/..", "tmux-0")).toBe("tmp/x/tmux-0");
  });
});
