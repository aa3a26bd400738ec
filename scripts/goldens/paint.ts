// Records what tmux 3.3a paints for each themed config of paint.cases.ts (the whole screen of an
// @xterm/headless host it is attached in) into test/e2e/goldens/paint.json, which
// test/e2e/paint.test.ts compares weft's screens against.
// Run: ./node_modules/.bin/bun scripts/goldens/paint.ts [case]
import { readFileSync, writeFileSync } from "node:fs";
import { paintScreen, type PaintCase, type Screen } from "../../test/helpers/paint-host.ts";
import { PAINT_CASES } from "./paint.cases.ts";

const OUT = "test/e2e/goldens/paint.json";
const only = process.argv[2];
const old: (PaintCase & { screen: Screen })[] = only ? JSON.parse(readFileSync(OUT, "utf8")) : [];
const out: (PaintCase & { screen: Screen })[] = [];
for (const pc of PAINT_CASES) {
  if (only && pc.name !== only) {
    const kept = old.find((o) => o.name === pc.name);
    if (kept) out.push(kept);
    continue;
  }
  out.push({ ...pc, screen: await paintScreen("tmux", "paintgold", pc) });
  console.log(`recorded ${pc.name}`);
}
writeFileSync(OUT, JSON.stringify(out, null, 1) + "\n");
