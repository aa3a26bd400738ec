// search-backward-incremental and -forward-incremental as tmux 3.3a's, fed what command-prompt -i
// answers: "=" then "=TEXT" at each change, "-TEXT" for C-r and "+TEXT" for C-s; a changed text
// starts again where the search began, and any other command forgets that place.
import { expect, test } from "bun:test";
import { Terminal } from "@xterm/headless";
import { CopyMode } from "../../../src/mux/model/copy-mode.ts";
import { plainInput, runCopyModeCommand } from "../../../src/mux/lang/copy-mode-keys.ts";

async function setup() {
  const t = new Terminal({ cols: 40, rows: 6, scrollback: 100, allowProposedApi: true });
  await new Promise<void>((r) => t.write("alpha\r\nbeta foo\r\ngamma foo bar\r\nfoo delta\r\nend", r));
  const cm = new CopyMode(t, { copy() {}, changed() {}, exit() {} }, false);
  const x = (name: string, arg?: string) => runCopyModeCommand(cm, name, plainInput(arg === undefined ? [] : [arg]));
  const at = () => [cm.cursor.x, cm.cursor.y];
  const current = () => cm.view().highlights.filter((h) => (h as { kind?: string }).kind === "current-match").map((h) => [h.x, h.y]);
  return { cm, x, at, current };
}

test("typing searches from the start each time; C-r goes on up; a changed text starts over", async () => {
  const { x, at, current } = await setup();
  const origin = at();
  x("search-backward-incremental", "=");
  expect(at()).toEqual(origin);
  x("search-backward-incremental", "=f");
  expect(at()).toEqual([0, 3]);
  x("search-backward-incremental", "=fo");
  expect(at()).toEqual([0, 3]);
  x("search-backward-incremental", "-fo");
  expect(at()).toEqual([6, 2]);
  x("search-backward-incremental", "-fo");
  expect(at()).toEqual([5, 1]);
  expect(current()).toEqual([[5, 1]]);
  // BSpace: "f" is not "fo": back to where the search began, then up.
  x("search-backward-incremental", "=f");
  expect(at()).toEqual([0, 3]);
  x("search-backward-incremental", "+f");
  expect(at()).toEqual([5, 1]);
});

test("no text, or no match, clears the highlights; another command forgets the start", async () => {
  const { cm, x, at, current } = await setup();
  x("search-forward-incremental", "=");
  x("search-backward-incremental", "=gamma");
  expect(at()).toEqual([0, 2]);
  x("search-backward-incremental", "=gammaz");
  expect(current()).toEqual([]);
  expect(cm.view().highlights).toEqual([]);
  x("search-backward-incremental", "=");
  expect(at()).toEqual([3, 4]);
  x("search-backward-incremental", "=alpha");
  expect(at()).toEqual([0, 0]);
  x("cursor-down");
  expect(cm.searchOrigin).toBeNull();
  x("search-backward-incremental", "=beta");
  // From the line below alpha, not the old start: up finds nothing past alpha's line but wraps.
  expect(at()).toEqual([0, 1]);
});
