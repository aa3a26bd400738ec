// bench:e2e's "client pieces": what each thing an attached client may use costs in resident
// memory, each compiled alone as `npm run build` compiles weft and run on a terminal (a PTY),
// beside the empty program: where an attached client's memory above an empty Bun goes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HostTerminal } from "./host.ts";
import type { Table } from "./table.ts";

export interface PieceMemory {
  piece: string;
  rss: number;
  threads: number;
}

const REPO = join(import.meta.dir, "..", "..");
const WAIT = "setInterval(() => {}, 1 << 30);\nexport {};\n";

/** Each piece's program: what it does, then waits. */
const PIECES: [string, string][] = [
  ["empty program", ""],
  ["Bun.connect to a Unix socket (the server's)", "await Bun.connect({ unix: process.env.PIECE_SOCKET!, socket: { data() {} } });\n"],
  ["Bun.file(dir).stat() (the socket directory's check)", 'await Bun.file("/tmp").stat();\n'],
  ["node:fs loaded", 'const fs = await import("node:fs"); fs.existsSync("/tmp");\n'],
  ["process.stdin.setRawMode + process.stdout.columns (before)", "process.stdin.setRawMode(true); void process.stdout.columns;\n"],
  [
    "client-terminal.ts: raw mode, size, device, name by libc (after)",
    `import * as T from ${JSON.stringify(join(REPO, "src/cli/client-terminal.ts"))};\nT.setRawMode(0); T.windowSize(1); T.deviceOf(0); T.readLink("/proc/self/fd/0");\n`,
  ],
];

function rssOf(pid: number): { rss: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, "latin1");
  return {
    rss: Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024,
    threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? NaN),
  };
}

/** Compile and run each piece on a terminal; `socket` is a running server's, for the connect. */
export async function clientPieces(work: string, socket: string): Promise<PieceMemory[]> {
  const out: PieceMemory[] = [];
  for (const [i, [piece, code]] of PIECES.entries()) {
    const src = join(work, `piece${i}.ts`);
    const exe = join(work, `piece${i}`);
    writeFileSync(src, code + WAIT);
    const b = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", "--bytecode", "--format=esm", src, "--outfile", exe], { stdout: "pipe", stderr: "pipe" });
    if (b.exitCode !== 0) throw new Error(`bun build --compile ${piece}: ${b.stderr.toString().trim()}`);
    const host = new HostTerminal([exe], { ...(process.env as Record<string, string>), PIECE_SOCKET: socket }, work);
    try {
      await Bun.sleep(2_000);
      out.push({ piece, ...rssOf(host.pid) });
    } finally {
      host.kill();
      await host.exited;
    }
  }
  return out;
}

const fmtMiB = (b: number) => (Number.isFinite(b) ? `${(b / 1024 / 1024).toFixed(1)} MiB` : "–");

export function piecesTable(all: PieceMemory[]): Table {
  const empty = all[0];
  return {
    headers: ["piece (compiled alone, on a terminal)", "RSS", "threads", "vs empty Bun"],
    align: ["left", "right", "right", "right"],
    rows: all.map((p) => [p.piece, fmtMiB(p.rss), String(p.threads), empty && p !== empty ? `${p.rss >= empty.rss ? "+" : "−"}${fmtMiB(Math.abs(p.rss - empty.rss))}` : "–"]),
  };
}
