// The long fuzz run: `bun run fuzz -- --seconds N [--seed S]`. Rounds of hostile connections,
// random commands and format strings, and panes writing hostile output, against one real
// server (restarted if it dies), until the time is up. Prints what it tried and what broke;
// exits 1 when something did. The test suite runs the same fuzzers briefly with fixed seeds.
import { writeFileSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../test/helpers/weft.ts";
import {
  Rng,
  rawClient,
  badConnection,
  runCommand,
  judge,
  randomArgv,
  randomFormat,
  hostileProgram,
  alive,
  rssKiBOf,
  type RawClient,
} from "../test/fuzz/lib.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) ? v : fallback;
}

const seconds = arg("seconds", 60);
const baseSeed = arg("seed", Date.now() % 1_000_000);
const tried = { connections: 0, commands: 0, formats: 0, hostilePanes: 0, rounds: 0 };
const broke = new Map<string, { count: number; example: string }>();
let peakRss = 0;

function found(what: string, example: string): void {
  const key = what.replace(/\d+/g, "N").slice(0, 160);
  const b = broke.get(key);
  if (b) b.count++;
  else {
    broke.set(key, { count: 1, example });
    console.log(`  BROKE: ${what}\n    by: ${example.slice(0, 300)}`);
  }
}

async function sleepUntil(cond: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (!cond()) {
    if (performance.now() > end) return false;
    await Bun.sleep(5);
  }
  return true;
}

class Target {
  weft!: Weft;
  pid = 0;
  log = "";

  async start(): Promise<void> {
    this.weft = await Weft.start();
    this.log = join(this.weft.dir, "server.log");
    this.weft.env.WEFT_SERVER_LOG = this.log;
    await this.weft.ok("new", "-d", "-s", "fz", "-x", "160", "-y", "50", "--", "sh");
    await this.weft.ok("set", "-g", "exit-empty", "off");
    await this.weft.ok("set", "-g", "remain-on-exit", "on");
    this.pid = this.weft.serverPids()[0]!;
  }

  /**
   * The server lives and a fresh pane echoes (random commands may have put the old panes in
   * copy mode, disabled their input or killed them: results, not faults). Restart when not.
   */
  async check(tag: string, cause: string): Promise<void> {
    const path = this.weft.socketPath;
    let what = "";
    if (!alive(this.pid)) what = "the server died";
    else {
      if ((await runCommand(path, ["has-session", "-t", "fz"])).code !== 0) await runCommand(path, ["new-session", "-d", "-s", "fz", "-x", "160", "-y", "50", "--", "sh"]);
      const probe = await runCommand(path, ["new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "fz", "--", "sh"]);
      const id = probe.out.trim();
      if (probe.code !== 0 || !id) what = `a new pane could not be made: ${probe.err.trim() || "no answer"}`;
      else {
        await runCommand(path, ["send-keys", "-t", id, `echo ${tag}`, "Enter"]);
        if (!(await this.echoed(id, tag))) what = "a new pane did not echo";
        await runCommand(path, ["kill-window", "-t", id]);
      }
    }
    if (!what) return;
    found(what, cause);
    await this.restart();
  }

  private async echoed(id: string, tag: string): Promise<boolean> {
    const end = performance.now() + 10_000;
    while (performance.now() < end) {
      const r = await runCommand(this.weft.socketPath, ["capture-pane", "-p", "-t", id]);
      if (r.out.includes(tag)) return true;
      await Bun.sleep(50);
    }
    return false;
  }

  async restart(): Promise<void> {
    this.collectLog();
    await this.weft.cleanup().catch((e) => found("cleanup failed", String(e)));
    await this.start();
  }

  collectLog(): void {
    if (!existsSync(this.log)) return;
    for (const line of readFileSync(this.log, "utf8").split("\n")) {
      if (/^\w*(Error|Exception)\b|^error:/.test(line)) found(`server log: ${line.slice(0, 120)}`, "(see the server log)");
    }
    writeFileSync(this.log, "");
  }
}

async function protocolRound(t: Target, rng: Rng): Promise<void> {
  const conns: { c: RawClient; what: string; mustClose: boolean }[] = [];
  for (let i = 0; i < 30; i++) {
    const bad = badConnection(rng);
    const read = rng.chance(0.8);
    const c = await rawClient(t.weft.socketPath, { read }).catch(() => null);
    if (!c) {
      found("cannot connect", bad.what);
      continue;
    }
    for (const chunk of bad.chunks) c.write(chunk);
    conns.push({ c, what: bad.what, mustClose: bad.mustClose && read });
    tried.connections++;
  }
  for (const { c, what, mustClose } of conns) {
    if (mustClose && !(await sleepUntil(() => c.closed, 5000))) found("a bad connection was not closed", what);
  }
  for (const { c } of conns) if (!c.closed) c.end();
  await t.check(`proto-${rng.seed}`, `protocol round seed ${rng.seed}`);
}

async function commandRound(t: Target, rng: Rng): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const fmt = rng.chance(0.3);
    const argv = fmt ? ["display-message", "-p", "-t", rng.pick(["fz", "fz:0.0", "%0"]), randomFormat(rng)] : randomArgv(rng);
    if (fmt) tried.formats++;
    else tried.commands++;
    const what = await judge(t.weft.socketPath, argv, t.weft.dir);
    if (what) found(what, JSON.stringify(argv));
    if (!alive(t.pid)) return t.check("", JSON.stringify(argv));
    if (i % 20 === 19) {
      // Keep the world small: only fz's first window, and its quiet pane.
      await runCommand(t.weft.socketPath, ["kill-session", "-a", "-t", "fz"]);
      await runCommand(t.weft.socketPath, ["kill-window", "-a", "-t", "fz:0"]);
      await runCommand(t.weft.socketPath, ["kill-pane", "-a", "-t", "fz:0.0"]);
    }
  }
  await t.check(`cmd-${rng.seed}`, `command round seed ${rng.seed}`);
}

async function paneRound(t: Target, rng: Rng): Promise<void> {
  const n = rng.range(2, 4);
  const secs = rng.range(2, 5);
  for (let i = 0; i < n; i++) {
    const seed = rng.int(1e9);
    const file = join(t.weft.dir, `hostile-${seed}.js`);
    writeFileSync(file, hostileProgram(seed, secs));
    const r = await runCommand(t.weft.socketPath, ["split-window", "-d", "-t", "fz:0.0", "-l", "5", "--", process.execPath, file]);
    if (r.code !== 0 && !r.err.includes("no space")) found(`split for a hostile pane failed: ${r.err.trim()}`, `seed ${seed}`);
    tried.hostilePanes++;
  }
  const end = performance.now() + secs * 1000 + 2000;
  while (performance.now() < end) {
    peakRss = Math.max(peakRss, rssKiBOf(t.pid));
    await Bun.sleep(100);
  }
  await t.check(`pane-${rng.seed}`, `hostile panes, round seed ${rng.seed}`);
  await runCommand(t.weft.socketPath, ["kill-pane", "-a", "-t", "fz:0.0"]);
}

const RSS_BOUND_KIB = 600 * 1024;

async function main(): Promise<number> {
  console.log(`weft fuzz: ${seconds} s, seed ${baseSeed}`);
  const t = new Target();
  await t.start();
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const rng = new Rng(baseSeed + tried.rounds);
    const kind = tried.rounds % 3;
    if (kind === 0) await protocolRound(t, rng);
    else if (kind === 1) await commandRound(t, rng);
    else await paneRound(t, rng);
    tried.rounds++;
    peakRss = Math.max(peakRss, rssKiBOf(t.pid));
  }
  t.collectLog();
  if (peakRss > RSS_BOUND_KIB) found(`server RSS peaked at ${peakRss >> 10} MiB (bound ${RSS_BOUND_KIB >> 10} MiB)`, "hostile panes");
  await t.weft.cleanup().catch((e) => found("cleanup failed", String(e)));
  console.log(`\ntried: ${tried.rounds} rounds; ${tried.connections} hostile connections, ${tried.commands} random commands, ${tried.formats} random formats, ${tried.hostilePanes} hostile panes; server peak RSS ${peakRss >> 10} MiB`);
  if (broke.size === 0) {
    console.log("broke: nothing");
    return 0;
  }
  console.log(`broke: ${broke.size} distinct problem(s)`);
  for (const [what, { count, example }] of broke) console.log(`  ${count}× ${what}\n     e.g. ${example.slice(0, 300)}`);
  return 1;
}

process.exit(await main());
