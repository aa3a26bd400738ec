// The client process's side of control mode (tmux -C / -CC, client.c): stdin's bytes go to the
// server as they come (it splits the lines), the server's lines go to stdout, and at the end it
// prints %exit, waits for an empty line under wait-exit, and with -CC ends tmux's DCS and gives
// the terminal its modes back.
import { spawnSync } from "node:child_process";

/** -CC's terminal modes, as tmux's client sets them: raw, no echo, but CR read as LF and LF written as CRLF. */
const CC_MODES = ["raw", "-echo", "icrnl", "ixany", "opost", "onlcr"];

export class ControlStdio {
  private saved: string | null = null;
  private ended = false;
  /** After %exit with wait-exit: stdin is read for an empty line (or its end) instead of relayed. */
  private waiting: ((done: boolean) => void) | null = null;
  private waitLine = "";

  constructor(
    readonly mode: 1 | 2,
    private readonly relay: (bytes: Uint8Array) => void,
    private readonly end: () => void,
  ) {}

  /** Start relaying stdin; -CC puts the terminal in tmux's modes first. */
  start(): void {
    if (this.mode === 2 && process.stdin.isTTY) {
      this.saved = stty(["-g"]);
      stty(CC_MODES);
    }
    process.stdin.on("data", (b: Buffer) => this.onData(b));
    process.stdin.on("end", () => this.onEnd());
    process.stdin.resume();
  }

  pause(): void {
    process.stdin.pause();
  }

  resume(): void {
    if (!this.ended) process.stdin.resume();
  }

  private onData(b: Buffer): void {
    if (!this.waiting) return this.relay(b);
    // wait-exit: any empty line in what arrived ends the wait, however many lines came in one read.
    const text = this.waitLine + b.toString("latin1");
    const lines = text.split("\n");
    this.waitLine = lines.pop() ?? "";
    if (lines.some((l) => l === "")) this.stopWaiting();
  }

  private onEnd(): void {
    this.ended = true;
    if (this.waiting) return this.stopWaiting();
    this.end();
  }

  private stopWaiting(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.(true);
  }

  /** The server is done: print %exit, wait if asked to, then leave the terminal as it was. */
  async exit(reason: string | undefined, waitExit: boolean, write: (s: string) => void): Promise<void> {
    write(reason ? `%exit ${reason}\n` : "%exit\n");
    if (waitExit && !this.ended) {
      process.stdin.resume();
      await new Promise<boolean>((r) => (this.waiting = r));
    }
    process.stdin.pause();
    process.stdin.destroy();
    if (this.mode === 2) write("\x1b\\");
    this.restore();
  }

  /** The terminal's own modes again (any way out). */
  restore(): void {
    if (this.saved === null) return;
    stty([this.saved]);
    this.saved = null;
  }
}

function stty(args: string[]): string {
  const r = spawnSync("stty", args, { stdio: ["inherit", "pipe", "ignore"] });
  return r.stdout?.toString().trim() ?? "";
}
