// Command lines as a shell passes them to weft (sequences, flags, errors, if-shell, aliases,
// list-commands, source-file), each answered as tmux 3.3a answers it: stdout, stderr and exit
// status against test/e2e/goldens/command-line.txt (scripts/goldens/command-line.sh).
import { test, expect, afterAll, beforeAll } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";

let weft: Weft;
beforeAll(async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "main", "-x", "80", "-y", "24", "cat");
});
afterAll(async () => {
  await weft.cleanup();
});

const CASES = readFileSync(join(import.meta.dir, "fixtures/command-line.cases"), "utf8").trimEnd().split("\n");

test("every case answers as tmux 3.3a does", async () => {
  let got = "";
  for (const line of CASES) {
    const p = Bun.spawn(["sh", "-c", `"$WEFT_BIN" -L test -f /dev/null ${line}`], {
      cwd: weft.dir,
      env: { ...weft.env, WEFT_BIN: weft.bin },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, out, err] = await Promise.all([p.exited, new Response(p.stdout).text(), new Response(p.stderr).text()]);
    got += `$ ${line}\n${out}${err.split("\n").filter((l) => l !== "").map((l) => `! ${l}\n`).join("")}[exit ${code}]\n`;
    await weft.run("kill-pane", "-a", "-t", "main:0.0");
  }
  expect(got).toBe(readFileSync(join(import.meta.dir, "goldens/command-line.txt"), "utf8"));
});
