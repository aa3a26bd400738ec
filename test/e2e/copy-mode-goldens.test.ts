// Copy mode against tmux 3.3a's goldens: each case of copy-mode-cases.ts run on weft must leave
// the cursor, selection, search, word and line variables and the buffers as tmux did
// (goldens/copy-mode.golden, from scripts/goldens/copy-mode.ts).
import { test, expect, afterAll, beforeAll } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { CASES, runCase, type CaseResult, type Run } from "./copy-mode-cases.ts";

const golden = new Map<string, CaseResult>();
for (const line of readFileSync(join(import.meta.dir, "goldens/copy-mode.golden"), "utf8").split("\n")) {
  if (line === "" || line.startsWith("#")) continue;
  const r = JSON.parse(line) as CaseResult;
  golden.set(r.name, r);
}

/**
 * Where weft's older commands still part from tmux (left for a later change; each is checked
 * to still differ, so a fix must take it off this list): page-up and halfpage-down put the
 * cursor at the line's end (tmux's lastcx/lastsx), an emacs search lands after the match,
 * vi's cursor-right may stop one past the last character, vi's select-word ends on its last
 * character's next cell, and emacs's bracket fallback is tmux's next-word-end (grid_reader).
 */
const KNOWN = new Set([
  "next-matching-bracket on a closer (emacs)",
  "halfpage-down-and-cancel short of the bottom (vi)",
  "halfpage-down-and-cancel short of the bottom (emacs)",
  "scroll_position and the top line (vi)",
  "scroll_position and the top line (emacs)",
  "select-word (vi)",
  "search: present, match, count (emacs)",
  "search then a move (emacs)",
  "search then begin-selection (emacs)",
  "search match one cell after (vi)",
  "search match one cell after (emacs)",
  "copy with no selection copies the match (emacs)",
  "search -F expands the text (emacs)",
]);

let weft: Weft;
const run: Run = async (args) => {
  const r = await weft.run(...args);
  if (r.code !== 0) throw new Error(`weft ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  return r.stdout;
};

beforeAll(async () => {
  weft = await Weft.start();
  await weft.ok("new-session", "-d", "-s", "keep");
});
afterAll(() => weft.cleanup());

test("every case has a golden", () => {
  for (const c of CASES) expect(golden.has(c.name)).toBe(true);
});

for (const [i, c] of CASES.entries()) {
  test(`copy mode as tmux: ${c.name}`, async () => {
    const want = golden.get(c.name);
    if (!want) throw new Error(`no golden for ${c.name}`);
    // The content is there when the pane shows what tmux's did.
    const settled = async (capture: () => Promise<string>) => {
      let last = "";
      await waitFor(async () => (last = await capture()) === want.capture, () => `the content; was ${JSON.stringify(last)}`);
      return last;
    };
    const got = await runCase(run, c, `c${i}`, settled);
    const mine = { report: got.report, buffers: got.buffers };
    const theirs = { report: want.report, buffers: want.buffers };
    if (KNOWN.has(c.name)) expect(mine).not.toEqual(theirs);
    else expect(mine).toEqual(theirs);
  }, 30_000);
}
