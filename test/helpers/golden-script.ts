// Runs a script of scripts/goldens/ (which records tmux's output) with the weft under test, its
// sockets in the test's own directory, so an e2e test can compare weft's output with the golden.
import { join } from "node:path";
import type { Weft } from "./weft.ts";
import { within } from "./wait.ts";

const root = join(import.meta.dir, "../..");

export async function runGoldenScript(w: Weft, script: string, ms = 40_000): Promise<string> {
  const p = Bun.spawn(["sh", join(root, "scripts/goldens", script), w.bin], { env: w.env, stdout: "pipe", stderr: "pipe" });
  const [out] = await within(Promise.all([new Response(p.stdout).text(), p.exited]), script, ms);
  return out;
}
