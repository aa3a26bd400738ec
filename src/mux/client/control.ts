// A control-mode client (tmux -C / -CC; tmux's control.c): its input is command lines, each
// parsed and run with a %begin / %end (or %error) guard around every command; its output is
// those replies, the notifications (control-notify.ts) and the panes' %output (control-output.ts).
import type { ClientHost, CommandCaller } from "./host.ts";
import type { ClientConnection } from "./client-connection.ts";
import type { Session, Window, Pane } from "../model/index.ts";
import { parseString, type Arg, type ParseEnvironment } from "../lang/cmd-parse.ts";
import { blockToString, splitArgs } from "../lang/cmd-print.ts";
import { splitArgv } from "../lang/command.ts";
import { ControlOutput } from "./control-output.ts";
import { ControlSubscriptions } from "./control-subs.ts";

/**
 * tmux numbers every command it queues, server-wide, and a guard names the command by it: one
 * counter for the server process (a server is one process).
 */
let commandNumber = 0;

/** The first guard's flags: 0 for the command line's command, 1 for lines the client sent. */
type GuardFlags = 0 | 1;

/** tmux's client decides UTF-8 from the first of LC_ALL, LC_CTYPE and LANG that is set. */
function utf8Locale(env: Record<string, string>): boolean {
  const v = env.LC_ALL || env.LC_CTYPE || env.LANG || "";
  return /utf-?8/i.test(v);
}

export class ControlClient {
  readonly out: ControlOutput;
  readonly subs: ControlSubscriptions;
  /** pause-after's age in ms (refresh-client -f pause-after=N), or null. */
  pauseAfter: number | null = null;
  noOutput = false;
  waitExit = false;
  readOnly = false;
  ignoreSize = false;
  activePane = false;
  /** refresh-client -C WxH was given: the client's size counts for its windows (tmux's CLIENT_SIZECHANGED). */
  sizeSet = false;
  /** refresh-client -C @N:WxH: a size for one window. */
  readonly windowSizes = new Map<number, { cols: number; rows: number }>();
  /** The client asked to leave (an empty line, EOF) or was made to: no more lines are run. */
  exiting = false;
  private exitReason: string | undefined;
  private readonly decoder = new TextDecoder();
  private partial = "";
  /**
   * Lines run one after another, in the order they came: at once while nothing waits, else
   * after the command that waits (wait-for, run-shell). No promise per line: a pipelined
   * batch runs in one go.
   */
  private readonly jobs: (() => void | Promise<void>)[] = [];
  private waiting = false;
  private finishWhenIdle = false;
  private readonly parseEnv: ParseEnvironment;

  constructor(
    private readonly conn: ClientConnection,
    private readonly host: ClientHost,
    readonly mode: 1 | 2,
  ) {
    this.out = new ControlOutput({ write: (b) => conn.writeData(b), get backlog() { return conn.backlog; } }, this);
    this.subs = new ControlSubscriptions(this.out, host, conn);
    const assigned = new Map<string, string>();
    this.parseEnv = {
      get: (name) => assigned.get(name) ?? conn.env[name],
      set: (name, value) => void assigned.set(name, value),
    };
    // -CC: the terminal is told a control session starts (tmux's DCS, which iTerm2 waits for).
    if (mode === 2) conn.writeData(Buffer.from("\x1bP1000p", "latin1"));
  }

  /** tmux's client_flags for a control client. */
  get flags(): string {
    const f: string[] = [];
    if (this.conn.session) f.push("attached", "focused");
    f.push("control-mode");
    if (this.ignoreSize) f.push("ignore-size");
    if (this.noOutput) f.push("no-output");
    if (this.waitExit) f.push("wait-exit");
    if (this.pauseAfter !== null) f.push(`pause-after=${Math.floor(this.pauseAfter / 1000)}`);
    if (this.readOnly) f.push("read-only");
    if (this.activePane) f.push("active-pane");
    if (utf8Locale(this.conn.env)) f.push("UTF-8");
    return f.join(",");
  }

  // ---- input ------------------------------------------------------------------------------

  /** Bytes from the client's stdin: every whole line is a command line; an empty one detaches. */
  onInput(bytes: Uint8Array): void {
    if (this.exiting) return;
    const text = this.partial + this.decoder.decode(bytes, { stream: true });
    let start = 0;
    for (;;) {
      const nl = text.indexOf("\n", start);
      if (nl < 0) break;
      const line = text.slice(start, nl);
      start = nl + 1;
      if (line === "") {
        this.drain();
        return this.requestExit();
      }
      this.jobs.push(() => this.runLine(line));
    }
    this.partial = text.slice(start);
    this.drain();
  }

  /** The command line's own command (tmux -C attach ...): guarded with flags 0. */
  runArgv(argv: string[]): Promise<void> {
    return new Promise<void>((resolve) => {
      this.jobs.unshift(async () => {
        await this.runCommands(splitArgv(argv), 0);
        // Its notifications are written before any line is run (tmux reads the client's input
        // only once it is attached).
        await new Promise<void>((r) => setImmediate(r));
        resolve();
      });
      this.drain();
    });
  }

  /** Run what is queued until a job waits; lines already read run even when a later one detaches (tmux has queued them). */
  private drain(): void {
    while (!this.waiting) {
      const job = this.jobs.shift();
      if (!job) break;
      const r = job();
      if (r instanceof Promise) {
        this.waiting = true;
        void r.then(() => {
          this.waiting = false;
          this.drain();
        });
        return;
      }
    }
    if (!this.waiting && this.finishWhenIdle) {
      this.finishWhenIdle = false;
      // After the notifications queued now (a killed session's %sessions-changed).
      setImmediate(() => this.finishWhenWritten());
    }
  }

  /** One line: parsed whole (a parse error fails it all, as tmux's), then each command guarded on its own. */
  private runLine(line: string): Promise<void> | void {
    const parsed = parseString(line, { env: this.parseEnv, check: (name, args) => this.check(name, args) });
    if (!parsed.ok) {
      const g = this.guardStart();
      this.out.line(`%begin ${g} 1`);
      this.out.line(`parse error: ${parsed.error}`);
      this.out.line(`%error ${g} 1`);
      return;
    }
    const lookup = (n: string) => {
      const e = this.host.commandSpec(n);
      return e && { name: e.name, template: e.args };
    };
    const cmds = parsed.commands.map((c) => [c.name, ...c.args.map((a) => (typeof a === "string" ? a : blockToString(a, lookup)))]);
    return this.runCommands(cmds, 1);
  }

  /** tmux's parse-time checks: the command's name, its flags and its count of arguments. */
  private check(name: string, args: readonly Arg[]): string | undefined {
    let entry;
    try {
      entry = this.host.findCommand(name);
    } catch (e) {
      return (e as Error).message;
    }
    const split = splitArgs(entry.args, args);
    if (!("flags" in split)) return "usage" in split ? `usage: ${entry.name} ${entry.usage}` : `command ${entry.name}: ${split.cause}`;
    const n = split.values.length;
    const min = entry.minArgs ?? 0;
    const max = entry.maxArgs ?? Infinity;
    if (n < min) return `command ${entry.name}: too few arguments (need at least ${min})`;
    if (n > max) return `command ${entry.name}: too many arguments (need at most ${max})`;
    return undefined;
  }

  /** Run commands in turn, each in its guard; a failed one ends the rest (one group, as tmux's). */
  private runCommands(cmds: string[][], flags: GuardFlags, from = 0): void | Promise<void> {
    for (let i = from; i < cmds.length; i++) {
      const g = this.guardStart();
      this.out.line(`%begin ${g} ${flags}`);
      this.out.holdOutput();
      let failed = false;
      const caller: CommandCaller = {
        conn: this.conn,
        cwd: this.conn.cwd,
        env: this.conn.env,
        terminal: this.conn.terminal,
        print: (t) => this.out.line(t.endsWith("\n") ? t.slice(0, -1) : t),
        printError: (t) => {
          failed = true;
          this.out.line(t.endsWith("\n") ? t.slice(0, -1) : t);
        },
      };
      const end = (code: number): boolean => {
        this.out.line(`%${code !== 0 || failed ? "error" : "end"} ${g} ${flags}`);
        this.out.releaseOutput();
        return code === 0;
      };
      const r = this.host.runSingle(cmds[i]!, caller);
      if (r instanceof Promise) {
        return r.then((code) => {
          if (this.conn.closed) return;
          if (end(code)) return this.runCommands(cmds, flags, i + 1);
        });
      }
      if (!end(r)) return;
    }
  }

  /** "TIME NUMBER" of a new guard: seconds since the epoch, and the command's number. */
  private guardStart(): string {
    return `${Math.floor(Date.now() / 1000)} ${++commandNumber}`;
  }

  // ---- panes' output and sizes ------------------------------------------------------------

  /** Raw output of a pane (before it is parsed); only panes of the client's session are sent. */
  paneOutput(pane: Pane, window: Window, bytes: Uint8Array): void {
    const s = this.conn.session;
    if (!s || this.noOutput || !s.has(window)) return;
    this.out.output(pane.id, bytes);
  }

  /** The size this client asks for a window, or null when its size does not count (tmux's ignore_client_size). */
  sizeFor(w: Window): { cols: number; rows: number } | null {
    const own = this.windowSizes.get(w.id);
    if (own) return own;
    if (!this.sizeSet) return null;
    // A control client has no status line: its whole size is the window's.
    return { cols: this.conn.cols, rows: this.conn.rows };
  }

  /** refresh-client -f: tmux's flags, comma-separated, each cleared by a leading `!`. */
  setFlags(spec: string): void {
    for (let name of spec.split(",")) {
      const not = name.startsWith("!");
      if (not) name = name.slice(1);
      const m = /^pause-after(?:=(\d+))?$/.exec(name);
      if (m) this.pauseAfter = not ? null : Number(m[1] ?? 0) * 1000;
      else if (name === "no-output") {
        this.noOutput = !not;
        this.out.discardOutput();
      } else if (name === "wait-exit") this.waitExit = !not;
      else if (name === "read-only") this.readOnly = !not;
      else if (name === "ignore-size") this.ignoreSize = !not;
      else if (name === "active-pane") this.activePane = !not;
    }
  }

  /** refresh-client -A %N:on|off|pause|continue. */
  setPaneState(spec: string, paneExists: (id: number) => boolean): void {
    const m = /^%(\d+):(.*)$/.exec(spec);
    if (!m) return;
    const id = Number(m[1]);
    if (!paneExists(id)) return;
    const what = m[2];
    if (what === "on") this.out.off.delete(id);
    else if (what === "off") this.out.off.add(id);
    else if (what === "continue") this.out.continuePane(id);
    else if (what === "pause") this.out.pause(id);
  }

  // ---- leaving ----------------------------------------------------------------------------

  /** An empty line or the end of input: leave once what is running and queued is written. */
  requestExit(reason?: string): void {
    if (this.exiting) return;
    this.exiting = true;
    this.exitReason = reason;
    this.subs.stop();
    this.finishWhenIdle = true;
    this.drain();
  }

  /** ControlOutputOwner: output too old or too big for a client without pause-after. */
  tooFarBehind(): void {
    this.out.discardOutput();
    this.requestExit("too far behind");
  }

  /** The session went or the client was detached: tell it to print %exit. */
  private finishWhenWritten(): void {
    if (this.conn.closed) return;
    // As tmux: the panes' output still queued goes, the replies and notifications are written.
    this.out.discardOutput();
    this.out.pump(Infinity);
    this.out.stop();
    this.conn.controlFinished({ t: "control-exit", waitExit: this.waitExit, code: 0, ...(this.exitReason ? { reason: this.exitReason } : {}) });
  }

  stop(): void {
    this.subs.stop();
    this.out.stop();
  }

  /** For the notifier: is this client in a session, and which. */
  get session(): Session | null {
    return this.conn.session;
  }

  get name(): string {
    return this.conn.name;
  }

  /** The connection it belongs to (the notifier tells a client's own session change apart). */
  get connection(): ClientConnection {
    return this.conn;
  }
}
