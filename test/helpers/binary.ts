// The compiled executable for end-to-end tests: built once per test run from the current sources.
import { existsSync, statSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "../..");
export const WEFT = join(ROOT, "dist/weft");

function newestSource(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return t;
}

let built: Promise<string> | null = null;

/** Path of dist/weft, rebuilt first when any source is newer than it. */
export function weftBinary(): Promise<string> {
  built ??= (async () => {
    if (existsSync(WEFT) && statSync(WEFT).mtimeMs >= newestSource(join(ROOT, "src"))) return WEFT;
    const p = Bun.spawn([process.execPath, "run", "build"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    const [code, err] = await Promise.all([p.exited, new Response(p.stderr).text()]);
    if (code !== 0) throw new Error(`bun run build failed:\n${err}`);
    return WEFT;
  })();
  return built;
}
