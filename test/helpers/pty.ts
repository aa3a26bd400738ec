// Helpers for tests that run real programs in real PTYs.
import { spawn, type Pty, type SpawnOptions } from "../../src/pty/index.ts";

export const baseEnv = (): Record<string, string> => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: process.env.HOME ?? "/tmp",
  TERM: "xterm-256color",
  LANG: "C.UTF-8",
});

/** A spawned program whose output is collected as text (slots released at once). */
export class Collected {
  chunks: Uint8Array[] = [];
  bytes = 0;
  batches = 0;
  constructor(readonly pty: Pty) {
    pty.onData((b, release) => {
      this.chunks.push(b.slice());
      this.bytes += b.length;
      this.batches++;
      release();
    });
  }
  get text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
  get buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export function run(opts: Partial<SpawnOptions> & { file: string }): Collected {
  return new Collected(spawn({ cols: 80, rows: 24, env: baseEnv(), ...opts }));
}

export function sh(script: string, opts: Partial<SpawnOptions> = {}): Collected {
  return run({ file: "sh", args: ["-c", script], ...opts });
}

/** Open fds of this process. */
export function openFds(): number {
  return require("node:fs").readdirSync("/proc/self/fd").length;
}

/** Children of this process that are zombies (exited, not reaped). */
export function zombieChildren(): number[] {
  const fs = require("node:fs");
  const out: number[] = [];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat: string = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (rest[0] === "Z" && Number(rest[1]) === process.pid) out.push(Number(d));
    } catch {}
  }
  return out;
}


/** Resident set size of this process in KiB. */
export function rssKiB(): number {
  const status: string = require("node:fs").readFileSync("/proc/self/status", "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}
