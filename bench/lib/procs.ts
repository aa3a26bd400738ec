// The processes one benchmark run started, found through /proc by a tag in their environment
// (every descendant inherits it, daemonized servers included): sampled for RSS and CPU, then swept.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

export const TAG_VAR = "WEFT_BENCH_TAG";

/** Clock ticks per second for /proc/PID/stat times (USER_HZ; 100 on Linux x86-64). */
export const CLK_TCK = 100;

/**
 * pid → its tag (null: untagged or unreadable) and when it was first read. Environments do not
 * change after exec, but a process caught between fork and exec, or exiting, can read as empty.
 */
const tagCache = new Map<number, { tag: string | null; at: number }>();
/** An untagged process is read again for this long: long enough to see a fresh child exec. */
const UNTAGGED_RETRY_MS = 1_000;

function readTag(pid: number): string | null {
  try {
    const env = readFileSync(`/proc/${pid}/environ`, "latin1");
    const key = `${TAG_VAR}=`;
    const at = env.startsWith(key) ? 0 : env.indexOf(`\0${key}`) + 1; // 0 here: not found
    if (at === 0 && !env.startsWith(key)) return null;
    const start = at + key.length;
    const end = env.indexOf("\0", start);
    return env.slice(start, end < 0 ? undefined : end);
  } catch {
    return null;
  }
}

/** Live pids whose tag satisfies `match`. */
export function taggedPids(match: (tag: string) => boolean): number[] {
  const live = new Set<number>();
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    live.add(pid);
    const now = performance.now();
    let known = tagCache.get(pid);
    if (known === undefined || (known.tag === null && now - known.at < UNTAGGED_RETRY_MS)) {
      known = { tag: readTag(pid), at: known?.at ?? now };
      tagCache.set(pid, known);
    }
    if (known.tag !== null && match(known.tag)) out.push(pid);
  }
  for (const pid of tagCache.keys()) if (!live.has(pid)) tagCache.delete(pid);
  return out;
}

/** SIGKILL every live process with a matching tag; returns how many were found. */
export function sweep(match: (tag: string) => boolean): number {
  const pids = taggedPids(match);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  return pids.length;
}

export interface ProcSample {
  pid: number;
  /** Peak resident set (VmHWM), bytes. */
  hwm: number;
  /** utime + stime of the whole process, clock ticks. */
  cpuTicks: number;
}

function readSample(pid: number): ProcSample | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "latin1");
    const m = /VmHWM:\s+(\d+) kB/.exec(status);
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // f[0] is field 3 (state)
    return { pid, hwm: m ? Number(m[1]) * 1024 : 0, cpuTicks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null; // gone between the listing and the read
  }
}

/**
 * Samples the processes of one run whose executable is `exe`: the multiplexer's own processes,
 * not the programs in its panes. The latest sample of each process is kept after it exits, so
 * peak RSS is exact (VmHWM only grows) and CPU misses at most one interval per process.
 */
export class ProcSampler {
  readonly procs = new Map<number, ProcSample>();
  private timer: Timer | undefined;

  constructor(
    private readonly tag: string,
    private readonly exe: string,
  ) {}

  sample(): void {
    for (const pid of taggedPids((t) => t === this.tag)) {
      let exe: string;
      try {
        exe = readlinkSync(`/proc/${pid}/exe`);
      } catch {
        continue;
      }
      // A child between fork and exec still shows the parent's executable; its later samples,
      // once it runs the pane's program, are dropped (cleared below), so only the mux counts.
      if (!exe.startsWith(this.exe)) {
        this.procs.delete(pid);
        continue;
      }
      const s = readSample(pid);
      if (s) this.procs.set(pid, s);
    }
  }

  start(intervalMs: number): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Sum of the peaks of the processes `which` selects (an upper bound of the joint peak). */
  peakRss(which: (pid: number) => boolean = () => true): number {
    let n = 0;
    for (const s of this.procs.values()) if (which(s.pid)) n += s.hwm;
    return n;
  }

  cpuSeconds(which: (pid: number) => boolean = () => true): number {
    let n = 0;
    for (const s of this.procs.values()) if (which(s.pid)) n += s.cpuTicks;
    return n / CLK_TCK;
  }
}
