// set-option / show-options as the server runs them (the command table, -t resolution, key and
// command parsing, formats): every case of the model's set-show golden, recorded from tmux 3.3a,
// through Server.run in a fresh server with one session, as `tmux -f /dev/null new -d`.
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Server } from "../../../src/mux/server/server.ts";
import { COMMANDS } from "../../../src/cli/commands/index.ts";
import { readCases, shellWords } from "../../mux/model/option-cases.ts";

const dir = join(import.meta.dir, "..", "..", "mux", "model", "goldens");
const cases = readCases(readFileSync(join(dir, "set-show.cases"), "utf8"));
const golden = readFileSync(join(dir, "set-show.golden"), "utf8")
  .split(/^=== case \d+\n/m)
  .slice(1)
  .map((block) => block.replace(/\n$/, ""));

let server: Server | null = null;

afterEach(() => {
  for (const s of [...(server?.model.sessions ?? [])]) server?.model.destroySession(s);
  server = null;
});

/** A server started as the golden's was: env -i with SHELL=/bin/sh, no VISUAL or EDITOR. */
function freshServer(): Server {
  const saved = { SHELL: process.env.SHELL, VISUAL: process.env.VISUAL, EDITOR: process.env.EDITOR };
  process.env.SHELL = "/bin/sh";
  delete process.env.VISUAL;
  delete process.env.EDITOR;
  try {
    return new Server({ socketPath: `/tmp/weft-options-test-${process.pid}.sock`, commands: COMMANDS, configFiles: [], version: "test" });
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

async function runCase(lines: string[]): Promise<string> {
  const s = freshServer();
  server = s;
  const out: string[] = [];
  await s.runner.runArgv(["new-session", "-d"], { print() {}, error() {}, retval: 0 });
  for (const line of lines) {
    out.push(`$ ${line}`);
    const code = await s.runner.runArgv(shellWords(line), { print: (t: string) => out.push(t), error: (t: string) => out.push(`! ${t}`), retval: 0 });
    if (code !== 0) out.push(`[exit ${code}]`);
  }
  return out.join("\n");
}

describe("set-option and show-options through the server match tmux 3.3a", () => {
  test("the golden has one block per case", () => expect(golden.length).toBe(cases.length));
  cases.forEach((lines, i) => {
    // Hooks are set-option's too, but weft has no set-hook / show-hooks commands yet.
    if (lines.some((l) => /^(set|show)-hooks?\b/.test(l))) return;
    test(`case ${i + 1}: ${lines.join(" ; ").slice(0, 80)}`, async () => {
      expect(await runCase(lines)).toBe(golden[i] ?? "");
    });
  });
});
