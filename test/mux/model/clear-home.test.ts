// ED 0 at the top-left corner in a pane's model: cleared into the history as ED 2 is, as tmux
// 3.3a does (goldens/clear-home.golden, recorded by scripts/goldens/clear-home.sh from the same bytes).
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Terminal } from "@xterm/headless";
import { clearFromHomeAsAll } from "../../../src/mux/model/clear-home.ts";

// Keep in step with scripts/goldens/clear-home.sh.
const CASES: [string, string][] = [
  ["home", "one\ntwo\nthree\x1b[H\x1b[J"],
  ["home-explicit", "one\ntwo\x1b[H\x1b[0JX"],
  ["away", "one\ntwo\x1b[2;1H\x1b[J"],
  ["alternate", "one\x1b[?1049htwo\x1b[H\x1b[J"],
  ["blank", "\x1b[H\x1b[J"],
];

async function screen(name: string, bytes: string): Promise<string> {
  const t = new Terminal({ cols: 20, rows: 5, scrollback: 100, allowProposedApi: true, scrollOnEraseInDisplay: true });
  expect(clearFromHomeAsAll(t).length).toBe(1);
  await new Promise<void>((r) => t.write(bytes.replaceAll("\n", "\r\n"), r));
  const b = t.buffer.active;
  const lines = Array.from({ length: b.length }, (_, y) => b.getLine(y)?.translateToString(true) ?? "");
  return [`== ${name}`, ...lines, `history ${b.baseY}`].join("\n") + "\n";
}

test("CSI J at the top-left corner scrolls the screen into the history; elsewhere and on the alternate screen it clears in place", async () => {
  let got = "";
  for (const [name, bytes] of CASES) got += await screen(name, bytes);
  expect(got).toBe(readFileSync(`${import.meta.dir}/goldens/clear-home.golden`, "utf8"));
});

test("without scroll-on-clear ED 0 at home clears in place", async () => {
  const t = new Terminal({ cols: 20, rows: 5, scrollback: 100, allowProposedApi: true, scrollOnEraseInDisplay: false });
  clearFromHomeAsAll(t);
  await new Promise<void>((r) => t.write("one\r\ntwo\x1b[H\x1b[J", r));
  expect(t.buffer.active.baseY).toBe(0);
  expect(t.buffer.active.getLine(0)?.translateToString(true)).toBe("");
});
