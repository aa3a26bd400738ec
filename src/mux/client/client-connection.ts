// The server's side of one client connection: the protocol, the commands it sends, attaching
// and detaching, and the client's terminal when the server reads and writes it itself. Once
// attached, its input (input.ts) and its view (view.ts) do the rest.
import type { Socket } from "bun";
import type { ClientHost } from "./host.ts";
import { preciseNow, type Session } from "../model/session.ts";
import { clientFlags, setClientFlags } from "./client-flags.ts";
import {
  FrameReader,
  ProtocolError,
  PROTOCOL_VERSION,
  FRAME_JSON,
  encodeJson,
  encodeData,
  Outbox,
  validateClientMessage,
  type ServerMessage,
  type TerminalInfo,
} from "./protocol.ts";
import { ClientTty } from "./client-tty.ts";
import { clientTerminal, getModes, setModes, sttyForm, windowSize } from "./tty-modes.ts";
import { rawFrom } from "./termios.ts";
import { peerPid } from "../../pty/libc.ts";
import { warmClock } from "../../pty/gather.ts";
import { screenSequences } from "./terminal-modes.ts";
import { ClientView } from "./view.ts";
import { statusLineCount } from "./status.ts";
import { ClientInput } from "./input.ts";
import type { StatusPrompt } from "./prompt.ts";
import type { CommandMouse } from "../lang/command.ts";
import { ControlClient } from "./control.ts";
import type { CommandList } from "../lang/cmd-parse.ts";

/** Output a client has not taken beyond this is a client that stopped reading: drop it. */
const MAX_CONTROL_BACKLOG = 64 * 1024 * 1024;

/** Characters of command output per message: well under the protocol's MAX_FRAME even as UTF-8 escaped in JSON. */
const PRINT_PIECE = 1024 * 1024;

export class ClientConnection {
  private readonly reader = new FrameReader();
  private greeted = false;
  closed = false;
  /** Stopped by suspend-client or locked (lock-client) until the client says it has resumed. */
  suspended = false;
  session: Session | null = null;
  /** The session this client showed before the current one (switch-client -l, C-b L). */
  lastSession: Session | null = null;
  terminal: TerminalInfo | undefined;
  cwd = "/";
  env: Record<string, string> = {};
  cols = 80;
  rows = 24;
  lastActivity = performance.now();
  /** When it connected, in ms since the epoch (client_created). */
  readonly created = Date.now();
  /** Wall-clock time of its last key (client_activity). */
  activityAt = Date.now();
  private readonly outbox: Outbox; // bytes the socket has not taken yet
  /** The client's terminal, read and written here while attached (ClientTty); null: the client relays. */
  private tty: ClientTty | null = null;
  /** Its terminal's modes as the server first found them (before raw mode): what every way out gives back. */
  private ttyModes: Uint8Array | null = null;
  private ending = false; // end the socket once the outbox is written
  /** The exit status its process gets (tmux's c->retval): 1 once an error was reported to it. */
  retval = 0;
  /** Lines printed while attached this turn, shown together over the pane (view mode). */
  private printed: string[] = [];
  readonly view: ClientView;
  readonly input: ClientInput;
  /** Set for a control-mode client (-C, -CC): it runs command lines and is sent notifications, not frames. */
  control: ControlClient | null = null;
  /** Where its stdin goes while a command reads it (readStdin). */
  private stdinReader: { data(bytes: Uint8Array): void; done(): void } | null = null;

  constructor(
    private readonly server: ClientHost,
    private readonly socket: Socket<ClientConnection>,
  ) {
    this.view = new ClientView(this, server);
    this.input = new ClientInput(this, server);
    this.outbox = new Outbox((b) => this.socket.write(b));
  }

  /** Its name as list-clients shows it and -t takes it: the terminal device, as tmux's. */
  get name(): string {
    return this.terminal?.tty ?? `client-${this.terminal?.pid ?? "?"}`;
  }

  /** tmux's CLIENT_READONLY: its keys reach no pane, its mouse is ignored, it runs only read-only commands. */
  readOnly = false;
  /** CLIENT_IGNORESIZE: its size counts for a window only when no other client's does. */
  ignoreSize = false;
  /**
   * CLIENT_ACTIVEPANE, kept and shown in client_flags. Not yet acted on: in tmux the client
   * then has its own active pane in each window (select-pane, cmd-find, its keys and drawing).
   */
  activePane = false;

  /** attach -f, new-session -f, refresh-client -f (server_client_set_flags). */
  setFlags(spec: string): void {
    setClientFlags(this, spec);
  }

  /** #{client_flags}. */
  get flags(): string {
    return clientFlags(this);
  }

  /** Whether it is a control client (client_control_mode). */
  get isControl(): boolean {
    return this.control !== null;
  }

  /** Where its keys come from, to poll: its terminal, or the socket (Bun has its fd but does not type it); -1 if unknown. */
  get inputFd(): number {
    if (this.tty) return this.tty.fd;
    const fd = (this.socket as unknown as { fd?: unknown }).fd;
    return typeof fd === "number" ? fd : -1;
  }

  // ---- protocol -------------------------------------------------------------------------

  onBytes(bytes: Uint8Array): void {
    if (this.closed) return;
    let frames;
    try {
      frames = this.reader.push(bytes);
    } catch (e) {
      this.fail(e instanceof ProtocolError ? e.message : "bad frame");
      return;
    }
    for (const f of frames) {
      if (this.closed) return;
      if (f.type === FRAME_JSON) this.onMessage(f.message);
      else if (this.control) this.control.onInput(f.bytes);
      else if (this.session) this.input.onInput(f.bytes);
      else if (this.stdinReader) this.stdinReader.data(f.bytes);
      else return this.fail("input from a client that is not attached");
    }
  }

  private onMessage(raw: unknown): void {
    const m = validateClientMessage(raw);
    if (!m) return this.fail("malformed message");
    if (!this.greeted) {
      if (m.t !== "hello") return this.fail("expected hello");
      if (m.version !== PROTOCOL_VERSION) {
        this.send({ t: "error", message: `protocol version mismatch (client ${m.version}, server ${PROTOCOL_VERSION}): kill the old server or use the same weft` });
        return this.close();
      }
      this.greeted = true;
      this.send({ t: "hello", version: PROTOCOL_VERSION, pid: process.pid });
      return;
    }
    switch (m.t) {
      case "hello":
        return this.fail("hello twice");
      case "command":
        this.cwd = m.cwd;
        this.env = m.env;
        this.terminal = m.terminal && "probe" in m.terminal ? clientTerminal(this.peerPid ?? m.terminal.pid, m.terminal.term) : m.terminal;
        if (this.terminal) {
          this.cols = this.terminal.cols;
          this.rows = this.terminal.rows;
          if (!m.control) warmClock(); // it may attach: its status line's clock
        }
        if (m.control && !this.control) this.control = new ControlClient(this, this.server, m.control);
        this.server.dispatchCommand(this, m.argv);
        return;
      case "input-end":
        if (this.stdinReader) return this.endStdin();
        return this.control?.requestExit();
      case "exiting":
        // The client was told to go (SIGTERM, SIGHUP): its terminal back first, as tmux's MSG_EXITING.
        return this.session ? this.detach("", 1) : this.close();
      case "resize":
      case "resume": {
        if (this.control) return; // a control client's size is refresh-client -C's
        this.lastActivity = performance.now();
        if (m.t === "resume" && this.suspended) {
          this.suspended = false;
          if (this.session) this.openTty(false); // the client has entered again
        }
        // A client whose terminal the server holds sends no size: the server reads it.
        const size = m.cols !== undefined ? { cols: m.cols, rows: m.rows } : this.tty ? windowSize(this.tty.fd) : null;
        if (!size) return;
        this.cols = size.cols;
        this.rows = size.rows;
        if (this.session) {
          this.view.resize(size.cols, size.rows);
          this.server.sessionSizeChanged(this.session);
          if (m.t === "resize") this.server.model.notify.emit({ type: "client-resized", client: this, session: this.session });
          if (m.t === "resume") this.redraw();
          else this.markDirty();
        }
        return;
      }
    }
  }

  /** The client process's pid as the kernel tells it (SO_PEERCRED), or null. */
  private get peerPid(): number | null {
    const fd = (this.socket as unknown as { fd?: unknown }).fd;
    return typeof fd === "number" && fd >= 0 ? peerPid(fd) : null;
  }

  /**
   * Its command has run (server_client_command_done): an attached client stays, others exit. A
   * control client not attached after it (an error, new -d) exits too, with %exit.
   */
  commandDone(): void {
    if (this.session || this.closed) return;
    if (this.control) return this.control.requestExit();
    this.write(encodeJson({ t: "exit", code: this.retval }), true); // after output that may be past the backlog limit
    this.endWhenWritten();
  }

  /**
   * Ask the client process for its stdin (display-message -I): each piece goes to `data` as it
   * comes; resolves when it ends or the client goes. One reader at a time, as a command waits on it.
   */
  readStdin(data: (bytes: Uint8Array) => void): Promise<void> {
    if (this.closed || this.stdinReader) return Promise.resolve();
    return new Promise((done) => {
      this.stdinReader = { data, done };
      this.send({ t: "read-stdin" });
    });
  }

  private endStdin(): void {
    const r = this.stdinReader;
    this.stdinReader = null;
    r?.done();
  }

  /** A command's output for the client process's stdout. */
  printOutput(text: string): void {
    this.output("out", text);
  }

  /** Bytes for the client process's stdout as they are, no newline added (show-buffer, save-buffer -). */
  printRaw(text: string): void {
    if (text !== "") this.output("out", text, false);
  }

  /** A command's error for the client process's stderr. */
  printError(text: string): void {
    this.output("err", text);
  }

  /** A line printed by a command while attached: what one turn printed shows together over the pane. */
  showOutputLine(text: string): void {
    if (this.printed.push(text) > 1) return;
    setImmediate(() => {
      const lines = this.printed;
      this.printed = [];
      if (this.session && !this.closed) this.showOutput(lines.join("\n"));
    });
  }

  /** A control client's output, as it goes to its stdout. */
  writeData(bytes: Uint8Array): void {
    this.write(encodeData(bytes));
  }

  /** Bytes the socket has not taken yet. */
  get backlog(): number {
    return this.outbox.bytes;
  }

  /** A control client has written all it had: it prints %exit and goes. */
  controlFinished(m: ServerMessage): void {
    const s = this.session;
    this.send(m);
    this.session = null;
    this.endWhenWritten();
    this.closed = true;
    this.server.removeClient(this);
    if (s) this.server.model.notify.emit({ type: "client-detached", client: this, session: s });
  }

  /**
   * A command's output, ending in a newline (unless `newline` is false), in messages of at most PRINT_PIECE characters (cut
   * after a newline where there is one): a frame has a size limit, and capture-pane of a
   * million lines of history prints ~100 MB.
   */
  private output(stream: "out" | "err", t: string, newline = true): void {
    const text = !newline || t.endsWith("\n") ? t : t + "\n";
    for (let at = 0; at < text.length; ) {
      let end = Math.min(text.length, at + PRINT_PIECE);
      if (end < text.length) {
        const nl = text.lastIndexOf("\n", end - 1);
        if (nl >= at) end = nl + 1;
        else if (/[\ud800-\udbff]/.test(text[end - 1] ?? "")) end--; // not between a surrogate pair
      }
      this.write(encodeJson({ t: "output", stream, text: text.slice(at, end) }), true);
      at = end;
    }
  }

  send(m: ServerMessage): void {
    this.write(encodeJson(m));
  }

  /** `finite`: a command's output, which ends (capture-pane of a long history may queue more than the backlog allows a client that stopped reading). */
  private write(bytes: Uint8Array, finite = false): void {
    if (this.closed || this.outbox.write(bytes)) return;
    this.view.setBusy(true);
    if (this.outbox.bytes > MAX_CONTROL_BACKLOG && !finite) this.close();
  }

  onDrain(): void {
    if (!this.outbox.drain()) return;
    this.control?.out.onDrain();
    if (!this.tty?.busy) this.view.setBusy(false);
    if (this.ending) this.socket.end();
  }

  /**
   * End the connection after what is queued for it (a command's output and exit code, a detach
   * message): socket.end() at once would drop whatever the socket had not taken yet.
   */
  private endWhenWritten(): void {
    if (this.outbox.empty) this.socket.end();
    else this.ending = true;
  }

  /** Bytes for the client's terminal: straight to it, or through the client. */
  toTerminal(bytes: Uint8Array): void {
    if (!this.tty) return this.write(encodeData(bytes));
    if (!this.tty.write(bytes)) this.view.setBusy(true);
  }

  /**
   * Take over the client's terminal (ClientTty) when it named one we can open: keys are read
   * and frames written here, not relayed by the client. `enter`: switch it to our screen
   * first, as the client does when it relays (after suspend-client the client has done so).
   */
  private openTty(enter = true): void {
    const t = this.terminal;
    if (this.tty || !t?.tty || t.rdev === undefined) return;
    const tty = ClientTty.open(t.tty, t.rdev, {
      input: (bytes) => {
        if (this.session && !this.closed && this.tty === tty) this.input.onInput(bytes);
      },
      drain: () => {
        if (this.outbox.empty) this.view.setBusy(false);
      },
      // Only its own end: one released for a suspend or lock may end after the terminal was
      // taken again on resume, and must not give the new one back.
      end: () => {
        if (this.tty === tty) this.releaseTty();
      },
    });
    this.tty = tty;
    if (!tty) return;
    // Raw mode, from the modes it had when first taken (the client's suspend gives them back).
    this.ttyModes ??= getModes(tty.fd);
    if (this.ttyModes) setModes(tty.fd, rawFrom(this.ttyModes));
    if (enter) tty.write(Buffer.from(screenSequences().enter, "latin1"));
  }

  /** Give the terminal back to the client (detach, suspend, its end) in the modes it had: nothing more is read from it here. */
  private releaseTty(): void {
    if (this.tty && this.ttyModes) setModes(this.tty.fd, this.ttyModes);
    this.tty?.close();
    this.tty = null;
  }

  private fail(reason: string): void {
    // A broken client loses its own connection; the server and every other client carry on.
    this.send({ t: "error", message: `protocol error: ${reason}` });
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.socket.end();
    this.onClose();
  }

  onClose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.session) this.server.model.notify.emit({ type: "client-detached", client: this, session: this.session });
    this.control?.stop();
    this.endStdin();
    this.releaseTty();
    this.stopRendering();
    this.server.removeClient(this);
  }

  // ---- attach ---------------------------------------------------------------------------

  /** The client's locale is UTF-8, as tmux decides it: LC_ALL, else LC_CTYPE, else LANG. */
  get utf8(): boolean {
    const e = this.env;
    const locale = e.LC_ALL || e.LC_CTYPE || e.LANG || "";
    return /UTF-?8/i.test(locale);
  }

  /** The key table its next key goes to (client_key_table). */
  get keyTableName(): string {
    return this.input.keyTableName;
  }

  /** Its rows less the status lines (status on: 1, "2" to "5": that many). */
  get windowRows(): number {
    const lines = this.session ? statusLineCount(this.session.options) : 1;
    return Math.max(1, this.rows - lines);
  }

  /** Its TERM, as the client sent it. */
  get termName(): string {
    return this.terminal?.term ?? "";
  }

  /** Show `s`; `announce`: attach-session's client-attached too, for a client that showed nothing. */
  attach(s: Session, announce = false): void {
    if (!this.terminal && !this.control) throw new Error("not a terminal");
    const old = this.session;
    const first = old === null;
    this.session = s;
    this.focused = true; // as tmux's server_client_set_session
    this.lastActivity = performance.now();
    s.activity = preciseNow();
    s.lastAttached = Date.now();
    if (this.control) {
      this.server.model.notify.emit({ type: "client-session-changed", client: this, session: s, old });
      return;
    }
    if (first) {
      this.openTty();
      const modes = this.tty && this.ttyModes ? { modes: sttyForm(this.ttyModes) } : {};
      this.send({ t: "attach", session: s.name, ...(this.tty ? { direct: true } : {}), ...modes, screen: screenSequences() });
      this.view.start(s);
      if (this.server.model.serverOptions.getFlag("focus-events")) this.setFocusReporting(true);
    }
    this.server.model.notify.emit({ type: "client-session-changed", client: this, session: s, old });
    if (announce && first) this.server.model.notify.emit({ type: "client-attached", client: this, session: s });
    this.redraw();
  }

  /** Switch to another session (switch-client). */
  switchTo(s: Session): void {
    const old = this.session;
    this.focused = true;
    if (old && old !== s) this.lastSession = old;
    this.session = s;
    s.lastAttached = Date.now();
    this.server.model.notify.emit({ type: "client-session-changed", client: this, session: s, old });
    this.redraw();
  }

  detach(message = `[detached (from session ${this.session?.name ?? ""})]`, code = 0, hup = false, exec?: { command: string; shell: string }): void {
    // A control client leaves once its replies are written, and prints %exit itself.
    if (this.control) return this.control.requestExit();
    const s = this.session;
    this.releaseTty(); // before the client restores its terminal
    this.send({ t: "detach", message, code, ...(hup ? { hup } : {}), ...(exec ? { exec } : {}) });
    this.stopRendering();
    this.session = null;
    this.endWhenWritten();
    this.closed = true;
    this.server.removeClient(this);
    if (s) {
      this.server.sessionSizeChanged(s);
      this.server.model.notify.emit({ type: "client-detached", client: this, session: s });
    }
  }

  /** detach-client -P: detach, and the client hangs up the shell it was started from. */
  detachAndHangUp(): void {
    this.detach(`[detached and SIGHUP (from session ${this.session?.name ?? ""})]`, 0, true);
  }

  /** detach-client -E: the client leaves and runs `command` with `shell` in its place, printing nothing (server_client_exec). */
  detachToCommand(command: string, shell: string): void {
    this.detach("", 0, false, { command, shell });
  }

  /** Paint the current state now, pacing aside (the session is ending: no later frame comes). */
  paintNow(): void {
    this.view.paintNow();
  }

  sessionDestroyed(): void {
    this.detach("[exited]");
  }

  serverExiting(): void {
    if (this.control) this.control.requestExit();
    else if (this.session) this.detach("[server exited]");
  }

  private stopRendering(): void {
    this.view.stop();
    this.input.stop();
  }

  // ---- what commands and the server ask of an attached client --------------------------------

  /** Messages shown on this client's status line, oldest first (show-messages, C-b ~). */
  get messages(): { at: Date; text: string }[] {
    return this.view.messages;
  }

  get prompt(): StatusPrompt | null {
    return this.view.prompt;
  }

  markDirty(how?: { content?: boolean; urgent?: boolean; answer?: boolean }): void {
    this.view.markDirty(how);
  }

  /** Full repaint (attach, resize, refresh-client). */
  redraw(): void {
    if (!this.control) this.view.redraw();
  }

  /** suspend-client: the client gives its terminal back and stops; nothing is drawn until it resumes. */
  suspend(): void {
    if (!this.session || this.suspended) return;
    this.suspended = true;
    this.releaseTty();
    this.send({ t: "suspend" });
  }

  /**
   * lock-client: as suspend, but the client runs its session's lock-command on its cleared
   * terminal and resumes when it ends, as tmux's server_lock_client; nothing for an empty one
   * (nor for a control client, as tmux's).
   */
  lock(): void {
    const command = this.session?.options.getString("lock-command") ?? "";
    if (!this.session || this.suspended || this.control || command === "") return;
    this.suspended = true;
    this.releaseTty();
    this.send({ t: "lock", command });
  }

  /** A message on the status line for `delay` ms (0: until a key; absent: display-time). */
  showMessage(text: string, delay?: number): void {
    this.view.showMessage(text, delay);
  }

  showOutput(text: string): void {
    this.view.showOutput(text);
  }

  openPrompt(prompt: StatusPrompt): void {
    this.view.openPrompt(prompt);
  }

  closePrompt(): void {
    this.view.closePrompt();
  }

  /** OSC 52: the host terminal puts the text on the system clipboard (set-clipboard). */
  setClipboard(text: string): void {
    const b64 = Buffer.from(text, "utf8").toString("base64");
    this.toTerminal(Buffer.from(`\x1b]52;c;${b64}\x07`, "latin1"));
  }

  bell(): void {
    this.toTerminal(new Uint8Array([7]));
  }

  /** Whether the host terminal has the focus, as its last report said (tmux starts a client focused). */
  focused = true;

  /** A focus report from the host terminal: announced; the reactions move the panes' focus. */
  setFocused(focused: boolean): void {
    this.focused = focused;
    if (this.session) this.server.model.notify.emit({ type: focused ? "client-focus-in" : "client-focus-out", client: this, session: this.session });
  }

  /** focus-events: ask the host terminal for focus reports (ESC [ I and ESC [ O), or stop. */
  setFocusReporting(on: boolean): void {
    this.toTerminal(Buffer.from(on ? "\x1b[?1004h" : "\x1b[?1004l", "latin1"));
  }

  /** Forward a key to the active pane (send-prefix), re-encoded for its modes. */
  sendToPane(key: string, bytes: Uint8Array): void {
    this.input.sendToPane(key, bytes);
  }

  // ---- what input asks of its connection ----------------------------------------------------

  touch(): void {
    this.lastActivity = performance.now();
    this.activityAt = Date.now();
    // A key is its session's activity too (server_client_handle_key): choose-tree -O time sees it.
    if (this.session) this.session.activity = preciseNow();
  }

  pauseReading(): void {
    this.socket.pause();
    this.tty?.pause();
  }

  resumeReading(): void {
    if (!this.closed) this.socket.resume();
    this.tty?.resume();
  }

  /** Run a command line as this client (the prompt's Enter, a display-panes digit). */
  runLine(line: string): void {
    this.server.runLine(line, this);
  }

  /** Run a key binding's commands as this client, on its queue (with the mouse event it ran for). */
  runBinding(commands: CommandList, mouse?: CommandMouse): void {
    this.server.runBinding(commands, this, mouse ? { mouse } : undefined);
  }
}
