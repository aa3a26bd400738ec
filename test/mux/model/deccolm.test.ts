// DECCOLM in a pane's model: home and clear as tmux 3.3a does (goldens/deccolm.golden, recorded by
// scripts/goldens/deccolm.sh from the same bytes).
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Terminal } from "@xterm/headless";
import { clearOnDeccolm } from "../../../src/mux/model/deccolm.ts";

test("CSI ? 3 l and ? 3 h home the cursor (in the scroll region in origin mode) and clear the screen", async () => {
  const t = new Terminal({ cols: 20, rows: 5, allowProposedApi: true });
  expect(clearOnDeccolm(t).length).toBe(2);
  // Keep in step with scripts/goldens/deccolm.sh (printf's \n is a newline; the pty adds the CR).
  await new Promise<void>((r) => t.write("abc\r\n\r\ndef\x1b[?3lX\x1b[2;4r\x1b[?6h\x1b[3;1Hq\x1b[?3hY", r));
  const b = t.buffer.active;
  const rows = Array.from({ length: 5 }, (_, y) => b.getLine(y)?.translateToString(true) ?? "");
  const got = [...rows, `cursor ${b.cursorX},${b.cursorY}`].join("\n") + "\n";
  expect(got).toBe(readFileSync(`${import.meta.dir}/goldens/deccolm.golden`, "utf8"));
  expect(t.cols).toBe(20); // the width stays
});
