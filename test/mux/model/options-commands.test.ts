// set-option / show-options against tmux 3.3a: every case of goldens/set-show.cases (recorded by
// scripts/goldens/options.sh) run through the pure store must print exactly what tmux printed.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readCases, runCase } from "./option-cases.ts";

const dir = join(import.meta.dir, "goldens");
const cases = readCases(readFileSync(join(dir, "set-show.cases"), "utf8"));
const golden = readFileSync(join(dir, "set-show.golden"), "utf8")
  .split(/^=== case \d+\n/m)
  .slice(1)
  .map((block) => block.replace(/\n$/, ""));

describe("set-option and show-options match tmux 3.3a", () => {
  test("the golden has one block per case", () => {
    expect(golden.length).toBe(cases.length);
  });
  cases.forEach((lines, i) => {
    test(`case ${i + 1}: ${lines.join(" ; ").slice(0, 80)}`, () => {
      expect(runCase(lines)).toBe(golden[i] ?? "");
    });
  });
});
