// Command transcripts recorded from tmux 3.3a (scripts/goldens/transcripts.sh): each .cmds file
// runs line by line against a fresh weft server, and every command's output, errors and exit
// code must be tmux's, as in the .out file beside it.
import { afterEach, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { shellWords } from "../mux/model/option-cases.ts";

const DIR = join(import.meta.dir, "goldens", "transcripts");

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** One command's record, as the recording script writes it. */
function record(line: string, stdout: string, stderr: string, code: number): string {
  const errors = stderr === "" ? "" : stderr.replace(/\n$/, "").split("\n").map((l) => `! ${l}\n`).join("");
  return `$ ${line}\n${stdout}${errors}${code !== 0 ? `[rc ${code}]\n` : ""}`;
}

for (const file of readdirSync(DIR).filter((f) => f.endsWith(".cmds")).sort()) {
  const name = file.replace(/\.cmds$/, "");
  test(`transcript ${name}: as tmux 3.3a`, async () => {
    weft = await Weft.start();
    const lines = readFileSync(join(DIR, file), "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    let got = "";
    for (const line of lines) {
      const argv = shellWords(line);
      const r = await weft.run(...argv);
      got += record(line, r.stdout, r.stderr, r.code);
    }
    expect(got).toBe(readFileSync(join(DIR, `${name}.out`), "utf8"));
  }, 120_000);
}
