// Fuzzing the command layer: random argv to every command, random format strings and targets,
// sent over the protocol to a real server. Every one ends in a result or a short error (never
// an internal error, a crash or a hang), and the server keeps serving.
import { test, expect, afterAll, beforeAll } from "bun:test";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { Rng, randomArgv, randomFormat, runCommand, alive, judge, FUZZ_COMMANDS } from "./lib.ts";


/** Explicit: in some whole-suite runs setup.ts's default did not hold and these were cut at 5 s. */
const LONG = 60_000;
let weft: Weft;
let log: string;
beforeAll(async () => {
  weft = await Weft.start();
  log = join(weft.dir, "server.log");
  weft.env.WEFT_SERVER_LOG = log;
  await weft.ok("new", "-d", "-s", "fz", "--", "sh");
  // Killing the last session is a result, not a crash: keep the server up for the next command.
  await weft.ok("set", "-g", "exit-empty", "off");
}, LONG);
afterAll(async () => {
  await weft.cleanup();
});

interface Finding {
  argv: string[];
  what: string;
}

async function fuzz(seed: number, count: number, gen: (rng: Rng) => string[]): Promise<Finding[]> {
  const rng = new Rng(seed);
  const pid = weft.serverPids()[0]!;
  const found: Finding[] = [];
  for (let i = 0; i < count; i++) {
    const argv = gen(rng);
    const what = await judge(weft.socketPath, argv, weft.dir);
    if (what) found.push({ argv, what });
    if (!alive(pid)) {
      found.push({ argv, what: "the server died" });
      break;
    }
    // Keep a small world to play in: one session, recreated when a command killed it.
    if (i % 25 === 24 || (await runCommand(weft.socketPath, ["has-session", "-t", "fz"])).code !== 0) {
      await runCommand(weft.socketPath, ["kill-session", "-a", "-t", "fz"]);
      await runCommand(weft.socketPath, ["new-session", "-d", "-s", "fz", "--", "sh"]);
    }
  }
  return found;
}

const show = (f: Finding[]) => f.map((x) => `${JSON.stringify(x.argv)}: ${x.what}`).join("\n");

test("random argv to every command (fixed seeds)", async () => {
  const found: Finding[] = [];
  for (const c of FUZZ_COMMANDS) found.push(...(await fuzz(c.name.length * 7919, 6, (rng) => randomArgv(rng, c.name))));
  found.push(...(await fuzz(42, 150, (rng) => randomArgv(rng))));
  expect(show(found)).toBe("");
}, LONG);

test("random format strings and targets (fixed seeds)", async () => {
  const found = await fuzz(7, 150, (rng) =>
    rng.chance(0.5)
      ? ["display-message", "-p", randomFormat(rng)]
      : [rng.pick(["list-panes", "list-windows", "select-pane", "display-message", "capture-pane"]), "-t", rng.pick(["fz", "", ":", "."]) + randomFormat(rng).slice(0, 20) + rng.pick(["", ".0", ":0", "%0", "!", "+"])],
  );
  expect(show(found)).toBe("");
}, LONG);

test("the server logged no uncaught error", () => {
  const text = existsSync(log) ? readFileSync(log, "utf8") : "";
  // The bundle prints minified source around a stack: show only the error lines.
  expect(text.split("\n").filter((l) => /^\w*(Error|Exception)\b|^error:/.test(l)).join("\n")).toBe("");
});
