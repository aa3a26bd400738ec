// A control-mode client (tmux -C / -CC; tmux's control.c): its input is command lines, each
// parsed and queued on the client's command queue (server/cmdq.ts), which writes a %begin /
// %end (or %error) guard around every command; its output is those replies, the notifications
// (control-notify.ts) and the panes' %output (control-output.ts).
import type { ClientHost } from "./host.ts";
import type { ClientConnection } from "./client-connection.ts";
import type { Session, Window, Pane } from "../model/index.ts";
import { ControlOutput } from "./control-output.ts";
import { ControlSubscriptions } from "./control-subs.ts";
import type { ControlFlagOwner } from "./client-flags.ts";

export class ControlClient implements ControlFlagOwner {
  readonly out: ControlOutput;
  readonly subs: ControlSubscriptions;
  /** pause-after's age in ms (refresh-client -f pause-after=N), or null. */
  pauseAfter: number | null = null;
  noOutput = false;
  waitExit = false;
  /** refresh-client -C WxH was given: the client's size counts for its windows (tmux's CLIENT_SIZECHANGED). */
  sizeSet = false;
  /** refresh-client -C @N:WxH: a size for one window. */
  readonly windowSizes = new Map<number, { cols: number; rows: number }>();
  /** The client asked to leave (an empty line, EOF) or was made to: no more lines are read. */
  exiting = false;
  private exitReason: string | undefined;
  private readonly decoder = new TextDecoder();
  private partial = "";

  constructor(
    private readonly conn: ClientConnection,
    private readonly host: ClientHost,
    readonly mode: 1 | 2,
  ) {
    this.out = new ControlOutput({ write: (b) => conn.writeData(b), get backlog() { return conn.backlog; } }, this);
    this.subs = new ControlSubscriptions(this.out, host, conn);
    // -CC: the terminal is told a control session starts (tmux's DCS, which iTerm2 waits for).
    if (mode === 2) conn.writeData(Buffer.from("\x1bP1000p", "latin1"));
  }

  /** Its own flags for client_flags, in tmux's order (client-flags.ts puts the rest around them). */
  get controlFlagNames(): string[] {
    const f: string[] = [];
    if (this.noOutput) f.push("no-output");
    if (this.waitExit) f.push("wait-exit");
    if (this.pauseAfter !== null) f.push(`pause-after=${Math.floor(this.pauseAfter / 1000)}`);
    return f;
  }

  // ---- input ------------------------------------------------------------------------------

  /**
   * Bytes from the client's stdin: every whole line is a command line, queued on the client's
   * command queue as it comes (control_read_callback); an empty one detaches.
   */
  onInput(bytes: Uint8Array): void {
    if (this.exiting) return;
    const text = this.partial + this.decoder.decode(bytes, { stream: true });
    let start = 0;
    for (;;) {
      const nl = text.indexOf("\n", start);
      if (nl < 0) break;
      const line = text.slice(start, nl);
      start = nl + 1;
      if (line === "") return this.requestExit();
      this.host.runControlLine(this.conn, line);
    }
    this.partial = text.slice(start);
  }

  /** cmdq_guard: "%begin TIME NUMBER FLAGS" (or %end, %error); output read meanwhile follows its end. */
  guard(kind: "begin" | "end" | "error", time: number, number: number, flags: number): void {
    this.out.line(`%${kind} ${time} ${number} ${flags}`);
    if (kind === "begin") this.out.holdOutput();
    else this.out.releaseOutput();
  }

  /** A command's output or error line (cmdq_print, cmdq_error): written as it is, in its guard. */
  print(text: string): void {
    this.out.line(text.endsWith("\n") ? text.slice(0, -1) : text);
  }

  // ---- panes' output and sizes ------------------------------------------------------------

  /** Raw output of a pane (before it is parsed); only panes of the client's session are sent. */
  paneOutput(pane: Pane, window: Window, bytes: Uint8Array): void {
    const s = this.conn.session;
    if (!s || this.noOutput || !s.has(window)) return;
    this.out.output(pane.id, bytes);
  }

  /** The size this client asks for a window (null: a window yet to be made), or null when its size does not count (tmux's ignore_client_size). */
  sizeFor(w: Window | null): { cols: number; rows: number } | null {
    const own = w ? this.windowSizes.get(w.id) : undefined;
    if (own) return own;
    if (!this.sizeSet) return null;
    // A control client has no status line: its whole size is the window's.
    return { cols: this.conn.cols, rows: this.conn.rows };
  }

  /** One of a control client's own flags (server_client_control_flags); false for a name it does not know. */
  setControlFlag(name: string, not: boolean): boolean {
    const m = /^pause-after(?:=(\d+))?$/.exec(name);
    if (m) this.pauseAfter = not ? null : Number(m[1] ?? 0) * 1000;
    else if (name === "no-output") {
      this.noOutput = !not;
      this.out.discardOutput();
    } else if (name === "wait-exit") this.waitExit = !not;
    else return false;
    return true;
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

  /**
   * An empty line or the end of input: no more lines are read; leave once the lines already
   * queued have run (tmux has queued them) and the notifications they cause are written.
   */
  requestExit(reason?: string): void {
    if (this.exiting) return;
    this.exiting = true;
    this.exitReason = reason;
    this.subs.stop();
    this.host.afterQueued(this.conn, () => setImmediate(() => this.finishWhenWritten()));
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
