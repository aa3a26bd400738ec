// bench:floor — what a Bun program costs before it does a command's work: a ladder of compiled
// probes (built with weft's flags) timed beside tmux's and weft's `display -p x`, round by
// round, so that a command's time can be read against the least the runtime allows.
//   bun bench/runtime-floor.ts [--rounds N] [--weft dist/weft] [--tmux tmux]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { median } from "./lib/stats.ts";
import { renderText, type Table } from "./lib/table.ts";
import { recache } from "./lib/page-cache.ts";

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const ROUNDS = Number(opt("--rounds", "200"));
const WEFT = resolve(opt("--weft", "dist/weft"));
const TMUX = opt("--tmux", "tmux");
const WARMUP = 5;
/** The flags of package.json's build that change how a program starts. */
const FLAGS = ["--compile", "--minify", "--bytecode", "--compile-jit-policy=50", "--format=esm"];

/** Each probe: its source, and the arguments it runs with (SOCK: the weft server, ECHO: the echo server). */
const PROBES: { name: string; src: string; args: string[] }[] = [
  { name: "process.exit(0)", src: "process.exit(0);\n", args: [] },
  {
    name: "Bun.connect to a Unix socket, exit when connected",
    src: "await Bun.connect({ unix: process.argv[2]!, socket: { open() { process.exit(0); }, data() {} } });\n",
    args: ["ECHO"],
  },
  {
    name: "connect, write 30 bytes, exit at the answer of a Bun server that only echoes",
    src: "const s = await Bun.connect({ unix: process.argv[2]!, socket: { data() { process.exit(0); } } });\ns.write(new Uint8Array(30));\n",
    args: ["ECHO"],
  },
  {
    name: "weft's protocol by hand: hello and the command with the environment, print, exit with the code",
    src: `const enc = new TextEncoder();
const frame = (m: unknown) => { const b = enc.encode(JSON.stringify(m)); const f = new Uint8Array(5 + b.length); new DataView(f.buffer).setUint32(0, b.length, true); f[4] = 1; f.set(b, 5); return f; };
const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
const dec = new TextDecoder();
let buf = new Uint8Array(0), out = "";
await Bun.connect({ unix: process.argv[2]!, socket: {
  open(s) { s.write(frame({ t: "hello", version: Number(process.argv[3]) })); s.write(frame({ t: "command", argv: process.argv.slice(4), cwd: process.cwd(), env })); },
  data(_s, d) {
    const n = new Uint8Array(buf.length + d.length); n.set(buf); n.set(d, buf.length); buf = n;
    while (buf.length >= 5) {
      const len = new DataView(buf.buffer, buf.byteOffset).getUint32(0, true);
      if (buf.length < 5 + len) break;
      const m = JSON.parse(dec.decode(buf.subarray(5, 5 + len)));
      buf = buf.subarray(5 + len);
      if (m.t === "output") out += m.text;
      if (m.t === "exit") void Bun.write(Bun.stdout, out).then(() => process.exit(m.code));
    }
  } } });
`,
    args: ["SOCK", "PROTOCOL", "display", "-p", "x"],
  },
];

const ECHO_SERVER = "Bun.listen({ unix: process.argv[2]!, socket: { data(s, d) { s.write(d); } } });\n";

function compile(dir: string, name: string, src: string): string {
  const file = join(dir, `${name}.ts`);
  const exe = join(dir, name);
  writeFileSync(file, src);
  const b = Bun.spawnSync([process.execPath, "build", ...FLAGS, file, "--outfile", exe], { stdout: "pipe", stderr: "pipe" });
  if (b.exitCode !== 0) throw new Error(`bun build ${name}: ${b.stderr.toString().trim()}`);
  return exe;
}

function run(argv: string[]): number {
  const t0 = performance.now();
  const r = Bun.spawnSync(argv, { stdout: "pipe", stderr: "pipe", timeout: 10_000 });
  const ms = performance.now() - t0;
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} exited ${r.exitCode}: ${r.stderr.toString().trim()}`);
  return ms;
}

async function waitForSocket(path: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      (await Bun.connect({ unix: path, socket: { data() {} } })).end();
      return;
    } catch {
      await Bun.sleep(10);
    }
  }
  throw new Error(`no server on ${path}`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "weft-floor-"));
  const sock = join(dir, "weft.sock");
  const tsock = join(dir, "tmux.sock");
  const echoSock = join(dir, "echo.sock");
  const { PROTOCOL_VERSION } = await import("../src/mux/client/protocol.ts");
  const echo = Bun.spawn([compile(dir, "echo", ECHO_SERVER), echoSock], { stdio: ["ignore", "ignore", "ignore"] });
  try {
    const rows: { name: string; argv: string[] }[] = [{ name: "tmux, display -p x", argv: [TMUX, "-S", tsock, "display", "-p", "x"] }];
    for (const [i, p] of PROBES.entries()) {
      const exe = compile(dir, `probe${i}`, p.src);
      const a = p.args.map((x) => (x === "SOCK" ? sock : x === "ECHO" ? echoSock : x === "PROTOCOL" ? String(PROTOCOL_VERSION) : x));
      rows.push({ name: p.name, argv: [exe, ...a] });
    }
    rows.push({ name: "weft, display -p x", argv: [WEFT, "-S", sock, "display", "-p", "x"] });
    recache([WEFT, Bun.which(TMUX) ?? TMUX, ...rows.slice(1, -1).map((r) => r.argv[0]!)]);
    run([TMUX, "-S", tsock, "-f", "/dev/null", "new", "-d"]);
    run([WEFT, "-S", sock, "new", "-d"]);
    await waitForSocket(echoSock);
    const ms = rows.map(() => [] as number[]);
    for (let r = -WARMUP; r < ROUNDS; r++) {
      const order = rows.map((_, i) => i);
      if (r % 2) order.reverse(); // no command always runs right after the same one
      for (const i of order) {
        const t = run(rows[i]!.argv);
        if (r >= 0) ms[i]!.push(t);
      }
    }
    const base = median(ms[0]!);
    const table: Table = {
      headers: ["program", "median", "× tmux"],
      align: ["left", "right", "right"],
      rows: rows.map((row, i) => [row.name, `${median(ms[i]!).toFixed(2)} ms`, `${(median(ms[i]!) / base).toFixed(2)}×`]),
    };
    console.log(`${ROUNDS} rounds, the programs in turn (reversed every other round); probes built with ${FLAGS.join(" ")}\n`);
    console.log(renderText(table));
  } finally {
    Bun.spawnSync([TMUX, "-S", tsock, "kill-server"], { stdout: "ignore", stderr: "ignore" });
    Bun.spawnSync([WEFT, "-S", sock, "kill-server"], { stdout: "ignore", stderr: "ignore" });
    echo.kill();
    await echo.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
