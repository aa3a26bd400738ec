// Joined emoji through a real client: a pane showing them, switch windows and back, and the
// host's screen is what it was; a host that measures the clusters otherwise shows no debris.
import { afterEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Terminal } from "@xterm/headless";
import { useTmuxWidths } from "../../src/mux/model/unicode-widths.ts";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { HOST_UNICODE } from "../helpers/unicode-hosts.ts";
import { termRows, write } from "../render/harness.ts";

const COLS = 40;
const ROWS = 10;
const FAMILY = "\u{1f469}\u200d\u{1f469}\u200d\u{1f467}";
const CLUSTERS = [
  `A${FAMILY}B family`,
  "x\u{1f44d}\u{1f3fd}y skin \u{1f1eb}\u{1f1f7} flag",
  "\u2764\ufe0fz vs16 1\ufe0f\u20e3k keycap e\u0301 \u1112\u1161\u11ab",
  `${"-".repeat(COLS - 2)}${FAMILY}`,
  "last line",
].join("\r\n");

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** The pane as weft's model has it: the rows the host should show, but for the clusters' own cells. */
async function model(): Promise<Terminal> {
  const t = new Terminal({ cols: COLS, rows: ROWS - 1, allowProposedApi: true });
  useTmuxWidths(t);
  await write(t, CLUSTERS);
  return t;
}

/** Is a model cell one a host may draw otherwise: several codepoints, or an emoji? */
const mayDiffer = (chars: string) => [...chars].length > 1 || (chars.codePointAt(0) ?? 0) >= 0x1f000;

function debris(host: string[][], want: string[][]): string[] {
  const out: string[] = [];
  for (let y = 0; y < want.length; y++) {
    const row = want[y] ?? [];
    for (let x = 0; x < row.length; x++) {
      const cell = row[x] ?? "";
      const [chars = "", width] = cell.split("|");
      const head = width === "0" ? (row[x - 1] ?? "").split("|")[0] ?? "" : chars; // a spacer's head
      if (mayDiffer(head)) continue;
      const got = host[y]?.[x] ?? "";
      if (got !== cell) out.push(`(${x},${y}) ${got} != ${cell}`);
    }
  }
  return out;
}

describe("joined emoji in a pane, switching windows", () => {
  for (const [name, unicode] of Object.entries(HOST_UNICODE)) {
    test(`a host measuring with ${name}`, async () => {
      weft = await Weft.start();
      const file = join(weft.dir, "clusters.txt");
      writeFileSync(file, CLUSTERS);
      await weft.ok("new", "-d", "-s", "e", "-x", String(COLS), "-y", String(ROWS - 1), "--", "sh", "-c", `cat '${file}'; exec sleep 1000`);
      await weft.ok("new-window", "-d", "-t", "e:1", "--", "sh", "-c", `yes 'window two ascii' | head -20; exec sleep 1000`);
      await weft.waitForText("last line", "e:0");
      await weft.waitForText("window two ascii", "e:1");
      const c = weft.attach(["attach", "-t", "e"], COLS, ROWS, unicode);
      await c.waitForScreen((s) => s.includes("last line") && s.includes("[e]"), "window 0");
      const want = termRows(await model());
      const pane = () => termRows(c.host).slice(0, ROWS - 1);
      expect(debris(pane(), want)).toEqual([]);
      if (name === "tmux") expect(pane()).toEqual(want);
      const before = pane();

      await weft.ok("select-window", "-t", "e:1");
      const two = (await weft.capture("e:1")).split("\n").slice(0, ROWS - 1).map((l) => l.trimEnd());
      const paneText = () => c.screen().split("\n").slice(0, ROWS - 1).map((l) => l.trimEnd());
      await waitFor(() => paneText().join("\n") === two.join("\n"), () => `window 1 exactly; host shows:\n${paneText().join("\n")}`);

      await weft.ok("select-window", "-t", "e:0");
      await waitFor(() => Bun.deepEquals(pane(), before), () => `window 0 as it was; host shows:\n${c.screen()}`);
    });
  }
});
