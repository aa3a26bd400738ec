// bench:pty — raw PTY read throughput, side by side in one run: weft's gather worker, Bun's
// built-in terminal, node-pty under Node, and a C program that only drains the PTY (the limit).
// Every reader runs `cat FIXTURE` in a raw-mode PTY; bytes are counted and checked against the file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, cpus, release } from "node:os";
import { join } from "node:path";
import { spawn } from "../src/pty/index.ts";
import { ensureFixture, fixtureSize, type FixtureKind } from "../fixtures/generate.ts";
import { median, mibPerSec, formatBytes } from "./lib/stats.ts";
import { renderMarkdown, renderText, writeMarkdown, type Table } from "./lib/table.ts";
import { ensureNodePty, runNodePty, NODE_PTY_VERSION } from "./lib/node-pty.ts";

interface Options {
  sizeMb: number;
  repeats: number;
  out: string;
}

interface Fixture {
  kind: FixtureKind;
  path: string;
  size: number;
  sha256: string;
}

interface Run {
  bytes: number;
  batches: number;
  ns: number;
  /** Bytes that arrived after the reader reported the end (node-pty). */
  late?: number;
  sha256?: string;
}

interface Reader {
  name: string;
  run(f: Fixture): Promise<Run>;
}

const COLS = 80;
const ROWS = 24;
const OPOST = 0o1; // termios c_oflag: output processing (LF→CRLF)
/** A run that takes longer than this is stuck, not slow. */
const RUN_DEADLINE_MS = 120_000;
const ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin" };

function parseOptions(argv: string[]): Options {
  const o: Options = { sizeMb: 16, repeats: 5, out: "bench/results/pty.md" };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const v = argv[++i];
    if (v === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--size-mb") o.sizeMb = Number(v);
    else if (flag === "--repeats") o.repeats = Number(v);
    else if (flag === "--out") o.out = v;
    else throw new Error(`unknown flag: ${flag} (flags: --size-mb N, --repeats N, --out FILE)`);
  }
  if (!(o.sizeMb > 0)) throw new Error(`invalid --size-mb: ${o.sizeMb}`);
  if (!Number.isInteger(o.repeats) || o.repeats < 1) throw new Error(`invalid --repeats: ${o.repeats}`);
  return o;
}

function withDeadline<T>(name: string, p: Promise<T>): Promise<T> {
  let timer: Timer | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no result after ${RUN_DEADLINE_MS} ms`)), RUN_DEADLINE_MS);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

/** weft: the gather worker; each slot is released as soon as it is counted. */
function weftReader(hash: boolean): Reader {
  return {
    name: hash ? "weft gather + sha256" : "weft gather",
    async run(f) {
      const hasher = hash ? new Bun.CryptoHasher("sha256") : null;
      let bytes = 0;
      let batches = 0;
      const t0 = Bun.nanoseconds();
      const pty = spawn({ file: "cat", args: [f.path], env: ENV, cols: COLS, rows: ROWS, raw: true });
      pty.onData((b, release) => {
        bytes += b.length;
        batches++;
        hasher?.update(b);
        release();
      });
      const status = await pty.exited;
      const ns = Bun.nanoseconds() - t0;
      if (status.code !== 0) throw new Error(`weft: cat exited ${status.code ?? `on signal ${status.signal}`}`);
      return { bytes, batches, ns, sha256: hasher?.digest("hex") };
    },
  };
}

/**
 * Bun's built-in terminal. A Terminal of our own can be put in raw mode before the spawn
 * (setRawMode leaves OPOST on, so that is cleared too); it keeps the slave open, so the end is
 * the process's exit plus every byte of the file, or no new byte for a while after the exit.
 */
function bunReader(): Reader {
  return {
    name: "Bun.Terminal",
    async run(f) {
      let bytes = 0;
      let batches = 0;
      let lastAt = 0;
      let done: () => void = () => {};
      const t0 = Bun.nanoseconds();
      const term = new Bun.Terminal({
        cols: COLS,
        rows: ROWS,
        data(_t, d) {
          bytes += d.length;
          batches++;
          lastAt = Bun.nanoseconds();
          if (bytes >= f.size) done();
        },
      });
      try {
        term.setRawMode(true);
        term.outputFlags = term.outputFlags & ~OPOST;
        if (term.outputFlags & OPOST) throw new Error("Bun.Terminal: could not turn off OPOST");
        const all = new Promise<void>((r) => (done = r));
        if (f.size === 0) done();
        const proc = Bun.spawn(["cat", f.path], { terminal: term, env: ENV });
        const code = await proc.exited;
        const exitAt = Bun.nanoseconds();
        if (code !== 0) throw new Error(`Bun.Terminal: cat exited ${code}`);
        await Promise.race([all, quiet(() => lastAt, 250)]);
        return { bytes, batches, ns: Math.max(exitAt, lastAt) - t0 };
      } finally {
        term.close();
      }
    },
  };
}

/** Resolves once `last()` has not moved for `ms`. */
async function quiet(last: () => number, ms: number): Promise<void> {
  for (let seen = -1; seen !== last(); ) {
    seen = last();
    await Bun.sleep(ms);
  }
}

/** The C drain: compiled here, run per repeat; it times itself from forkpty to the reaped exit. */
function cReader(binary: string): Reader {
  return {
    name: "C drain (limit)",
    async run(f) {
      const p = Bun.spawn([binary, f.path], { env: ENV, stdout: "pipe", stderr: "pipe" });
      const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
      if (code !== 0) throw new Error(`C drain exited ${code}: ${err.trim()}`);
      const [bytes, batches, ns] = out.trim().split(" ").map(Number);
      return { bytes: bytes ?? 0, batches: batches ?? 0, ns: ns ?? NaN };
    },
  };
}

function nodePtyReader(node: string): Reader {
  return {
    name: `node-pty ${NODE_PTY_VERSION} (Node)`,
    run: (f) => runNodePty(node, f.path),
  };
}

function compileDrain(dir: string): { binary: string } | { reason: string } {
  const cc = Bun.which("cc") ?? Bun.which("gcc") ?? Bun.which("clang");
  if (!cc) return { reason: "no C compiler" };
  const src = join(import.meta.dir, "c", "pty-drain.c");
  const binary = join(dir, "pty-drain");
  for (const libs of [[], ["-lutil"]]) {
    const r = Bun.spawnSync([cc, "-O2", "-o", binary, src, ...libs], { stderr: "pipe" });
    if (r.exitCode === 0) return { binary };
  }
  return { reason: "compile failed" };
}

async function loadFixtures(sizeMb: number): Promise<Fixture[]> {
  const kinds: FixtureKind[] = ["ascii", "unicode", "csi", "lines"];
  const out: Fixture[] = [];
  for (const kind of kinds) {
    const path = await ensureFixture(kind, sizeMb);
    const hasher = new Bun.CryptoHasher("sha256");
    hasher.update(await Bun.file(path).arrayBuffer());
    out.push({ kind, path, size: fixtureSize(kind, sizeMb), sha256: hasher.digest("hex") });
  }
  return out;
}

function fixtureLabel(f: Fixture): string {
  return f.kind === "lines" ? `lines (${formatBytes(f.size)})` : `${f.kind} (${formatBytes(f.size)})`;
}

/** "yes", or what went wrong across the repeats. */
function bytesVerdict(f: Fixture, runs: Run[]): string {
  const short = runs.filter((r) => r.bytes !== f.size);
  const late = runs.reduce((n, r) => n + (r.late ?? 0), 0);
  let s: string;
  if (short.length === 0) s = "yes";
  else {
    const got = Math.round(median(short.map((r) => r.bytes)));
    s = `no: ${got.toLocaleString("en-US")}/${f.size.toLocaleString("en-US")} in ${short.length} of ${runs.length}`;
  }
  const hashed = runs.filter((r) => r.sha256 !== undefined);
  if (hashed.length > 0) {
    const ok = hashed.filter((r) => r.sha256 === f.sha256).length;
    s += ok === hashed.length ? `, sha256 ok ${ok}/${hashed.length}` : `, sha256 MISMATCH ${hashed.length - ok}/${hashed.length}`;
  }
  if (late > 0) s += ` (${late} B after exit)`;
  return s;
}

function buildTable(fixtures: Fixture[], readers: Reader[], results: Map<string, Run[]>, limit: string | null): Table {
  const rows: string[][] = [];
  for (const r of readers) {
    for (const f of fixtures) {
      const runs = results.get(`${r.name}|${f.kind}`) ?? [];
      if (runs.length === 0) {
        rows.push([r.name, fixtureLabel(f), "failed", "", "", "", ""]);
        continue;
      }
      const speed = median(runs.map((x) => mibPerSec(f.size, x.ns)));
      const batches = median(runs.map((x) => x.batches));
      const meanBatch = median(runs.map((x) => x.bytes / Math.max(1, x.batches)));
      const cRuns = limit ? (results.get(`${limit}|${f.kind}`) ?? []) : [];
      const cSpeed = cRuns.length ? median(cRuns.map((x) => mibPerSec(f.size, x.ns))) : NaN;
      const ratio = Number.isFinite(cSpeed) ? `${(speed / cSpeed).toFixed(2)}×` : "–";
      rows.push([r.name, fixtureLabel(f), speed.toFixed(1), String(Math.round(batches)), formatBytes(meanBatch), ratio, bytesVerdict(f, runs)]);
    }
  }
  return {
    headers: ["reader", "fixture", "MiB/s (median)", "batches", "mean batch", "vs C drain", "bytes ok"],
    align: ["left", "left", "right", "right", "right", "right", "left"],
    rows,
  };
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const tmp = mkdtempSync(join(tmpdir(), "weft-bench-pty-"));
  try {
    const fixtures = await loadFixtures(opts.sizeMb);
    const readers: Reader[] = [];
    const skipped: string[] = [];
    const drain = compileDrain(tmp);
    if ("binary" in drain) readers.push(cReader(drain.binary));
    else skipped.push(`C drain: not available (${drain.reason})`);
    readers.push(weftReader(false), weftReader(true), bunReader());
    const np = ensureNodePty();
    if (np.ok) readers.push(nodePtyReader(np.node));
    else skipped.push(`node-pty: not available (${np.reason})`);
    for (const s of skipped) console.log(s);
    const limit = "binary" in drain ? readers[0]!.name : null;

    // One discarded run each: worker start-up, JIT, page cache.
    const warm = fixtures.find((f) => f.kind === "lines") ?? fixtures[0]!;
    for (const r of readers) await withDeadline(r.name, r.run(warm)).catch(() => {});

    const results = new Map<string, Run[]>();
    const failures: string[] = [];
    for (let rep = 0; rep < opts.repeats; rep++) {
      for (const f of fixtures) {
        // Rotate the order each repeat, so no reader always runs right after the same one.
        for (let i = 0; i < readers.length; i++) {
          const r = readers[(i + rep) % readers.length]!;
          Bun.gc(true);
          try {
            const run = await withDeadline(r.name, r.run(f));
            const key = `${r.name}|${f.kind}`;
            results.set(key, [...(results.get(key) ?? []), run]);
          } catch (e) {
            failures.push(`${r.name} on ${f.kind}: ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      }
      process.stderr.write(`repeat ${rep + 1}/${opts.repeats} done\n`);
    }

    const table = buildTable(fixtures, readers, results, limit);
    console.log(renderText(table));
    for (const f of failures) console.log(`failed: ${f}`);
    writeMarkdown(opts.out, report(opts, table, skipped, failures));
    console.log(`\nwritten to ${opts.out}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function report(opts: Options, table: Table, skipped: string[], failures: string[]): string {
  const cpu = cpus();
  const lines = [
    "# bench:pty — raw PTY read throughput",
    "",
    `\`bun run bench:pty -- --size-mb ${opts.sizeMb} --repeats ${opts.repeats}\`, ${new Date().toISOString().slice(0, 10)}; ` +
      `Bun ${Bun.version}, Linux ${release()}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}. ` +
      `Medians of ${opts.repeats} repeats.`,
    "",
    renderMarkdown(table),
    "",
    "Every reader runs `cat FIXTURE` in a raw-mode PTY (no echo, no LF→CRLF) and counts bytes until it reports the end; " +
      "MiB/s is the file size over the time from spawn to that end. node-pty has no raw mode, so its child is " +
      "`sh -c 'stty raw -echo; exec cat FIXTURE'` (a shell and stty more to start). weft releases every slot at once.",
  ];
  for (const s of [...skipped, ...failures.map((f) => `failed: ${f}`)]) lines.push("", `- ${s}`);
  return lines.join("\n");
}

await main();
process.exit(0);
