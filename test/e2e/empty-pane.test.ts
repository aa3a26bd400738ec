// Empty panes (split-window '' and -I: tmux's PANE_EMPTY) and display-message -I writing the
// client's stdin onto one, against tmux 3.3a's transcript of the same steps
// (fixtures/empty-pane.sh, goldens/empty-pane.txt, scripts/goldens/empty-pane.sh).
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { weftBinary } from "../helpers/binary.ts";
import { waitFor } from "../helpers/wait.ts";

const home = mkdtempSync(join(tmpdir(), "weft-empty-"));
const env = { PATH: "/usr/bin:/bin", HOME: home, SHELL: "/bin/sh", TERM: "xterm", LANG: "C.UTF-8", WEFT_TMPDIR: home };

afterAll(() => rmSync(home, { recursive: true, force: true }));

function run(bin: string, sock: string, args: string[]) {
  return Bun.spawn([bin, "-L", sock, "-f", "/dev/null", ...args], { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
}

test("the transcript is tmux 3.3a's", async () => {
  const bin = await weftBinary();
  const p = Bun.spawn(["sh", `${import.meta.dir}/fixtures/empty-pane.sh`], { env: { ...env, T: `${bin} -L transcript -f /dev/null` }, stdout: "pipe", stderr: "pipe" });
  const [out] = await Promise.all([new Response(p.stdout).text(), p.exited]);
  expect(out).toBe(readFileSync(`${import.meta.dir}/goldens/empty-pane.txt`, "utf8"));
}, 30_000);

test("display -I writes as stdin comes and its client waits for stdin's end", async () => {
  const bin = await weftBinary();
  const ok = async (...args: string[]) => {
    const p = run(bin, "waiting", args);
    const [out, code] = await Promise.all([new Response(p.stdout).text(), p.exited]);
    if (code !== 0) throw new Error(`weft ${args.join(" ")} exited ${code}`);
    return out;
  };
  try {
    await ok("new-session", "-d", "-x", "80", "-y", "24");
    await ok("split-window", "");
    const feeder = Bun.spawn([bin, "-L", "waiting", "-f", "/dev/null", "display", "-I", "-t", "%1"], { env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    let ended = false;
    void feeder.exited.then(() => (ended = true));
    feeder.stdin.write("first\n");
    feeder.stdin.flush();
    await waitFor(async () => (await ok("capture-pane", "-p", "-t", "%1")).startsWith("first\n"), "the first line on the pane");
    expect(ended).toBe(false);
    feeder.stdin.write("second");
    feeder.stdin.end();
    expect(await feeder.exited).toBe(0);
    expect((await ok("capture-pane", "-p", "-t", "%1")).split("\n").slice(0, 2)).toEqual(["first", "second"]);
  } finally {
    await run(bin, "waiting", ["kill-server"]).exited;
  }
}, 30_000);
