// A host terminal made by the benchmark: a PTY from weft's own PTY core whose master is drained
// as fast as it is read, as a very fast terminal would. It counts bytes and watches for text.
import { spawn, type Pty, type ExitStatus } from "../../src/pty/index.ts";

export const HOST_COLS = 120;
export const HOST_ROWS = 40;

interface Watch {
  needle: Buffer;
  /** The last needle.length - 1 bytes seen, so a needle split across two reads is found. */
  carry: Buffer;
  resolve: (at: number) => void;
}

export interface HostExit {
  status: ExitStatus;
  /** performance.now() when the program had exited and every byte it wrote was read. */
  at: number;
}

/** One program in a host PTY of 120×40; output is released as soon as it is counted. */
export class HostTerminal {
  readonly pty: Pty;
  /** performance.now() just before the spawn. */
  readonly startedAt: number;
  bytes = 0;
  /** performance.now() of the latest read. */
  lastDataAt = 0;
  readonly exited: Promise<HostExit>;
  private watches: Watch[] = [];

  constructor(argv: string[], env: Record<string, string>, cwd: string) {
    const [file, ...args] = argv;
    if (!file) throw new Error("HostTerminal: empty argv");
    this.startedAt = performance.now();
    this.pty = spawn({ file, args, env, cwd, cols: HOST_COLS, rows: HOST_ROWS });
    this.pty.onData((bytes, release) => {
      const at = performance.now();
      this.bytes += bytes.length;
      this.lastDataAt = at;
      if (this.watches.length > 0) this.scan(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), at);
      release();
    });
    this.exited = this.pty.exited.then((status) => ({ status, at: performance.now() }));
  }

  get pid(): number {
    return this.pty.pid;
  }

  /** Keys typed into the host terminal. */
  write(data: string | Uint8Array): void {
    this.pty.write(data);
  }

  /**
   * Resolves with performance.now() of the read that holds `text`, counting only bytes read
   * after this call; rejects after `ms`.
   */
  waitFor(text: string, ms: number): Promise<number> {
    let timer: Timer | undefined;
    let watch: Watch | undefined;
    const seen = new Promise<number>((resolve) => {
      watch = { needle: Buffer.from(text), carry: Buffer.alloc(0), resolve };
      this.watches.push(watch);
    });
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`host: no ${JSON.stringify(text)} within ${ms} ms`)), ms);
    });
    return Promise.race([seen, deadline]).finally(() => {
      clearTimeout(timer);
      this.watches = this.watches.filter((w) => w !== watch);
    });
  }

  /** Resolves once nothing has been read for `ms` (or after `maxMs` in any case). */
  async quiet(ms: number, maxMs: number): Promise<void> {
    const end = performance.now() + maxMs;
    while (performance.now() < end && performance.now() - this.lastDataAt < ms) await Bun.sleep(ms / 4);
  }

  /** Settle every pending waitFor with NaN: the run is over. */
  cancelWatches(): void {
    for (const w of this.watches) w.resolve(NaN);
    this.watches = [];
  }

  kill(signal: string = "SIGKILL"): void {
    this.pty.killGroup(signal);
    this.pty.kill(signal);
  }

  private scan(chunk: Buffer, at: number): void {
    for (const w of [...this.watches]) {
      const n = w.needle.length;
      const head = chunk.subarray(0, n - 1);
      const found = Buffer.concat([w.carry, head]).includes(w.needle) || chunk.includes(w.needle);
      if (found) {
        w.resolve(at);
        this.watches = this.watches.filter((x) => x !== w);
        continue;
      }
      const keep = n - 1;
      const tail = chunk.length >= keep ? chunk.subarray(chunk.length - keep) : Buffer.concat([w.carry, chunk]).subarray(-keep);
      w.carry = keep === 0 ? Buffer.alloc(0) : Buffer.from(tail);
    }
  }
}
