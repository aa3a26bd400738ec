// End-to-end harness: the compiled weft on a private socket directory, commands run as
// processes, and clients attached inside real PTYs whose output feeds a headless "host" terminal.
import { mkdtempSync, rmSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Terminal } from "@xterm/headless";
import { spawn, type Pty } from "../../src/pty/index.ts";
import { weftBinary } from "./binary.ts";
import { waitFor, within } from "./wait.ts";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Every process whose command line mentions this socket directory (the server, clients). */
function processesUsing(dir: string): number[] {
  const out: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, "utf8");
      if (cmd.includes(dir)) out.push(Number(d));
    } catch {}
  }
  return out;
}

export class Weft {
  readonly dir = mkdtempSync(join(tmpdir(), "weft-e2e-"));
  readonly env: Record<string, string>;
  private clients: HostClient[] = [];

  private constructor(readonly bin: string) {
    this.env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: this.dir,
      SHELL: "/bin/sh",
      TERM: "xterm-256color",
      LANG: "C.UTF-8",
      WEFT_TMPDIR: this.dir,
      ...(process.env.WEFT_SERVER_LOG ? { WEFT_SERVER_LOG: process.env.WEFT_SERVER_LOG } : {}),
    };
  }

  static async start(): Promise<Weft> {
    return new Weft(await weftBinary());
  }

  get socketPath(): string {
    return join(this.dir, `weft-${process.getuid?.() ?? 0}`, "test");
  }

  /** Run `weft -L test -f /dev/null args...` and collect its output. */
  async run(...args: string[]): Promise<RunResult> {
    return this.runWith({}, ...args);
  }

  async runWith(extraEnv: Record<string, string>, ...args: string[]): Promise<RunResult> {
    return this.runIn(process.cwd(), extraEnv, ...args);
  }

  /** Run from the directory `cwd` (what a command-line client's new panes start in). */
  async runIn(cwd: string, extraEnv: Record<string, string>, ...args: string[]): Promise<RunResult> {
    const p = Bun.spawn([this.bin, "-L", "test", "-f", "/dev/null", ...args], {
      cwd,
      env: { ...this.env, ...extraEnv },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stdout, stderr] = await within(
      Promise.all([p.exited, new Response(p.stdout).text(), new Response(p.stderr).text()]),
      `weft ${args.join(" ")}`,
      20_000,
    );
    return { code, stdout, stderr };
  }

  /** Run and expect success; returns stdout. */
  async ok(...args: string[]): Promise<string> {
    const r = await this.run(...args);
    if (r.code !== 0) throw new Error(`weft ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
    return r.stdout;
  }

  /** Capture a pane's visible text. */
  async capture(target = ""): Promise<string> {
    return this.ok("capture-pane", "-p", ...(target ? ["-t", target] : []));
  }

  async waitForText(text: string, target = "", ms = 10_000): Promise<string> {
    let last = "";
    await waitFor(async () => (last = await this.capture(target)).includes(text), () => `"${text}" in pane ${target || "(current)"}; screen was:\n${last}`, ms, 30);
    return last;
  }

  /**
   * Attach a client inside a PTY of cols×rows, its output parsed by a headless host terminal
   * (measuring characters with `unicode`, xterm's default if absent).
   */
  attach(args: string[] = ["attach"], cols = 80, rows = 24, unicode?: (t: Terminal) => void): HostClient {
    const c = new HostClient(this, args, cols, rows, undefined, unicode);
    this.clients.push(c);
    return c;
  }

  /** A client started by another program, `argv` (setpriv ... weft attach: as another user); its output is parsed as attach's. */
  attachAs(argv: string[], cols = 80, rows = 24): HostClient {
    const c = new HostClient(this, [], cols, rows, { file: argv[0]!, args: argv.slice(1) });
    this.clients.push(c);
    return c;
  }

  /**
   * An interactive shell with job control in a host PTY (bash, no rc files), for typing weft
   * commands as a person would; $WEFT_CMD in its environment runs this weft on this socket.
   */
  shell(cols = 80, rows = 24): HostClient {
    const c = new HostClient(this, [], cols, rows, { file: "bash", args: ["--norc", "--noprofile", "-i"] });
    this.clients.push(c);
    return c;
  }

  /** Kill the server and every client, and check nothing is left behind. */
  async cleanup(): Promise<void> {
    for (const c of this.clients) c.kill();
    await this.run("kill-server").catch(() => {});
    try {
      // A test that SIGKILLs the server leaves its socket behind on purpose; tests that care
      // about the socket check it themselves.
      await waitFor(() => processesUsing(this.dir).length === 0, "the server and clients to exit", 10_000);
    } finally {
      for (const pid of processesUsing(this.dir)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  serverPids(): number[] {
    return processesUsing(this.dir).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("__server"));
  }
}

/** A weft client attached inside a PTY; `screen()` reads what a person would see. */
export class HostClient {
  readonly host: Terminal;
  readonly pty: Pty;
  bytes = 0;
  private output: Uint8Array[] = [];

  constructor(
    weft: Weft,
    args: string[],
    cols: number,
    rows: number,
    program?: { file: string; args: string[] },
    unicode?: (t: Terminal) => void,
  ) {
    this.host = new Terminal({ cols, rows, allowProposedApi: true });
    unicode?.(this.host);
    const env = { ...weft.env, WEFT_CMD: `${weft.bin} -L test -f /dev/null`, PS1: "$ " };
    this.pty = program
      ? spawn({ file: program.file, args: program.args, env, cols, rows })
      : spawn({ file: weft.bin, args: ["-L", "test", "-f", "/dev/null", ...args], env: weft.env, cols, rows });
    this.pty.onData((b, release) => {
      this.bytes += b.length;
      this.output.push(b.slice());
      const copy = b.slice();
      release();
      if (this.paused) this.held.push(copy);
      else this.host.write(copy);
    });
  }

  private paused = false;
  private held: Uint8Array[] = [];

  /**
   * Stop taking the client's output, as a terminal that stopped reading: the PTY stays
   * undrained (its slots are held), so the client blocks writing and stops reading the socket.
   */
  pauseReading(): void {
    this.paused = true;
    this.pty.onData((b, release) => {
      this.bytes += b.length;
      this.output.push(b.slice());
      this.held.push(b.slice());
      this.releases.push(release);
    });
  }

  private releases: (() => void)[] = [];

  resumeReading(): void {
    this.paused = false;
    for (const h of this.held) this.host.write(h);
    this.held = [];
    this.pty.onData((b, release) => {
      this.bytes += b.length;
      this.output.push(b.slice());
      this.host.write(b.slice(), release);
    });
    for (const r of this.releases) r();
    this.releases = [];
  }

  get exited() {
    return this.pty.exited;
  }

  /** Everything the client wrote so far, as text. */
  get raw(): string {
    return Buffer.concat(this.output).toString("utf8");
  }

  /** The host terminal's visible rows as text (trailing spaces trimmed). */
  screen(): string {
    const b = this.host.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.host.rows; y++) lines.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? "");
    return lines.join("\n");
  }

  async waitForScreen(pred: (s: string) => boolean, what: string, ms = 10_000): Promise<string> {
    let last = "";
    await waitFor(() => pred((last = this.screen())), () => `${what}; screen was:\n${last}`, ms, 20);
    return last;
  }

  type(s: string): void {
    this.pty.write(s);
  }

  resize(cols: number, rows: number): void {
    this.pty.resize(cols, rows);
    this.host.resize(cols, rows);
  }

  /**
   * Wait until the client process catches SIGWINCH: it installs its handler once the server says
   * it is attached, which can be after the server has drawn the first screen, and a resize before
   * it is lost.
   */
  async waitForResizeHandler(): Promise<void> {
    const SIGWINCH_BIT = 1n << 27n;
    await waitFor(() => {
      const m = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${this.pty.pid}/status`, "utf8"));
      return m !== null && (BigInt(`0x${m[1]}`) & SIGWINCH_BIT) !== 0n;
    }, "the client to catch SIGWINCH");
  }

  kill(): void {
    this.pty.kill("SIGKILL");
  }
}
