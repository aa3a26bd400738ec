// The server's side of one client connection: the protocol, the commands it sends, and, once
// attached, its keys (prefix table, prompt) and its frames (compose, diff, pace, backpressure).
import type { Socket } from "bun";
import type { ClientHost } from "./host.ts";
import type { Session } from "../model/session.ts";
import type { Pane } from "../model/pane.ts";
import type { Window } from "../model/window.ts";
import {
  FrameReader,
  ProtocolError,
  PROTOCOL_VERSION,
  FRAME_JSON,
  encodeJson,
  encodeData,
  Outbox,
  validateClientMessage,
  ENTER,
  type ServerMessage,
  type TerminalInfo,
} from "./protocol.ts";
import { composeFrame, ClientScreen, FramePacer, invalidatePane, type Frame, type PaneView } from "../../render/index.ts";
import { parseKeys, splitKeys, encodeKey } from "../lang/keys.ts";
import { buildStatus, sanitizeTitle } from "./status.ts";
import type { StatusPrompt } from "./prompt.ts";
import { TextView, type PaneList } from "./chooser.ts";
import { expandFormat } from "../lang/format.ts";
import { formatLookup } from "../lang/format-vars.ts";
import { MouseHandler } from "./mouse-handler.ts";
import { parseMouse, hostMouseMode, hostMouseSequence } from "./mouse.ts";
import { ClientTty } from "./client-tty.ts";

/** Output a client has not taken beyond this is a client that stopped reading: drop it. */
const MAX_CONTROL_BACKLOG = 64 * 1024 * 1024;
const PASTE_START = Buffer.from("\x1b[200~", "latin1");
const PASTE_END = Buffer.from("\x1b[201~", "latin1");

/** How the active pane shows a list or text: the lines, the cursor on the selection (or the top). */
function chooserView(c: PaneList, height: number, width: number): Partial<PaneView> {
  const { lines, selected, indicator, highlights } = c.view(height, width);
  return { replace: { lines, selected }, cursor: { x: 0, y: Math.max(0, selected) }, ...(indicator ? { indicator } : {}), ...(highlights ? { highlights } : {}) };
}

/** The panes a client's input goes to: the active one, or every pane under synchronize-panes. */
function inputPanes(w: Window): Pane[] {
  return w.options.getFlag("synchronize-panes") ? [...w.panes.values()] : [w.active];
}

/** Where needle starts in bytes at or after `from`, or -1. */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from = 0): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, from);
}

/** Input queued for a pane beyond which the client typing into it is no longer read (throttleInput). */
const INPUT_BACKLOG = 1024 * 1024;

/** The host terminal's answer to DECRQM ?2026: synchronized output supported (1, 2) or not. */
const SYNC_REPORT = /\x1b\[\?2026;([0-4])\$y/;

export class ClientConnection {
  private readonly reader = new FrameReader();
  private greeted = false;
  closed = false;
  /** Stopped by suspend-client until the client says it has resumed. */
  suspended = false;
  session: Session | null = null;
  /** Messages shown on this client's status line, oldest first (show-messages, C-b ~). */
  readonly messages: { at: Date; text: string }[] = [];
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
  private ending = false; // end the socket once the outbox is written
  private screen: ClientScreen | null = null;
  private pacer: FramePacer | null = null;
  private frame: Frame | undefined;
  private keyTable = "root";
  private repeatUntil = 0;
  prompt: StatusPrompt | null = null;
  /** A list (choose-tree, -buffer, -client) or command output, drawn over the active pane while open. */
  private chooser: PaneList | null = null;
  /** display-panes: numbers shown on the panes until the timer, and what a digit runs. */
  private paneNumbers: { timer: ReturnType<typeof setTimeout>; template: string } | null = null;
  private message: { text: string; timer: ReturnType<typeof setTimeout> } | null = null;
  private syncOutput = false;
  private title: string | null = null;
  private statusTimer: ReturnType<typeof setInterval> | null = null;
  /** The status line last built, for the session it was built for, until something stales it. */
  private status: ReturnType<typeof buildStatus> | null = null;
  private statusOf: Session | null = null;
  private statusStale = true;
  private commandChain: Promise<unknown> = Promise.resolve();
  private inputRest: Uint8Array = new Uint8Array(0);
  private inputTimer: ReturnType<typeof setTimeout> | null = null;
  private inputPaused = false;
  /** isPlainInput's table of bytes that need the key path, and the bindings it was built for. */
  private readonly slowByteTable = new Uint8Array(256);
  private slowByteKey = "";
  /** A bracketed paste being streamed: its panes, and bytes that may begin its end marker. */
  private paste: { panes: Pane[]; tail: Uint8Array } | null = null;

  private readonly mouse: MouseHandler;
  /** The mouse reports the host was last asked for ("" none, or the DEC mode). */
  private hostMouse = "";

  constructor(
    private readonly server: ClientHost,
    private readonly socket: Socket<ClientConnection>,
  ) {
    this.mouse = new MouseHandler(server, this);
    this.outbox = new Outbox((b) => this.socket.write(b));
  }

  /** Its name as list-clients shows it and -t takes it: the terminal device, as tmux's. */
  get name(): string {
    return this.terminal?.tty ?? `client-${this.terminal?.pid ?? "?"}`;
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
      else if (this.session) this.onInput(f.bytes);
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
        this.terminal = m.terminal;
        if (m.terminal) {
          this.cols = m.terminal.cols;
          this.rows = m.terminal.rows;
        }
        this.commandChain = this.commandChain.then(() => this.runCommand(m.argv));
        return;
      case "resize":
      case "resume":
        this.cols = m.cols;
        this.rows = m.rows;
        this.lastActivity = performance.now();
        if (m.t === "resume" && this.suspended) {
          this.suspended = false;
          if (this.session) this.openTty(false); // the client has entered again
        }
        if (this.session) {
          this.screen?.resize(m.cols, m.rows);
          this.server.sessionSizeChanged(this.session);
          if (m.t === "resume") this.redraw();
          else this.markDirty();
        }
        return;
    }
  }

  private async runCommand(argv: string[]): Promise<void> {
    const code = await this.server.run(argv, {
      conn: this,
      cwd: this.cwd,
      env: this.env,
      terminal: this.terminal,
      print: (t) => this.send({ t: "output", stream: "out", text: t.endsWith("\n") ? t : t + "\n" }),
      printError: (t) => this.send({ t: "output", stream: "err", text: t.endsWith("\n") ? t : t + "\n" }),
    });
    // An attached client stays; every other command ends with its exit code.
    if (!this.session && !this.closed) {
      this.send({ t: "exit", code });
      this.endWhenWritten();
    }
  }

  send(m: ServerMessage): void {
    this.write(encodeJson(m));
  }

  private write(bytes: Uint8Array): void {
    if (this.closed || this.outbox.write(bytes)) return;
    this.pacer?.setBusy(true);
    if (this.outbox.bytes > MAX_CONTROL_BACKLOG) this.close();
  }

  onDrain(): void {
    if (!this.outbox.drain()) return;
    if (!this.tty?.busy) this.pacer?.setBusy(false);
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
  private toTerminal(bytes: Uint8Array): void {
    if (!this.tty) return this.write(encodeData(bytes));
    if (!this.tty.write(bytes)) this.pacer?.setBusy(true);
  }

  /**
   * Take over the client's terminal (ClientTty) when it named one we can open: keys are read
   * and frames written here, not relayed by the client. `enter`: switch it to our screen
   * first, as the client does when it relays (after suspend-client the client has done so).
   */
  private openTty(enter = true): void {
    const t = this.terminal;
    if (this.tty || !t?.tty || t.rdev === undefined) return;
    this.tty = ClientTty.open(t.tty, t.rdev, {
      input: (bytes) => {
        if (this.session && !this.closed) this.onInput(bytes);
      },
      drain: () => {
        if (this.outbox.empty) this.pacer?.setBusy(false);
      },
      end: () => this.releaseTty(),
    });
    if (this.tty && enter) this.tty.write(Buffer.from(ENTER, "latin1"));
  }

  /** Give the terminal back to the client (detach, suspend, its end): nothing more is read from it here. */
  private releaseTty(): void {
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
    this.releaseTty();
    this.stopRendering();
    this.server.removeClient(this);
  }

  // ---- attach ---------------------------------------------------------------------------

  get windowRows(): number {
    const status = this.session?.options.getFlag("status") ?? true;
    return Math.max(1, this.rows - (status ? 1 : 0));
  }

  attach(s: Session): void {
    if (!this.terminal) throw new Error("not a terminal");
    const first = this.session === null;
    this.session = s;
    this.lastActivity = performance.now();
    s.activity = Date.now();
    if (first) {
      this.openTty();
      this.send({ t: "attach", session: s.name, ...(this.tty ? { direct: true } : {}) });
      this.screen = new ClientScreen(this.cols, this.rows, { syncOutput: false });
      this.pacer = new FramePacer({ paint: () => this.paint() });
      this.statusTimer = setInterval(() => this.markDirty(), Math.max(1, s.options.getNumber("status-interval")) * 1000);
    }
    this.server.sessionSizeChanged(s);
    this.redraw();
  }

  /** Switch to another session (switch-client). */
  switchTo(s: Session): void {
    const old = this.session;
    if (old && old !== s) this.lastSession = old;
    this.session = s;
    if (old) this.server.sessionSizeChanged(old);
    this.server.sessionSizeChanged(s);
    this.redraw();
  }

  detach(message = `[detached (from session ${this.session?.name ?? ""})]`, code = 0): void {
    const s = this.session;
    this.releaseTty(); // before the client restores its terminal
    this.send({ t: "detach", message, code });
    this.stopRendering();
    this.session = null;
    this.endWhenWritten();
    this.closed = true;
    this.server.removeClient(this);
    if (s) this.server.sessionSizeChanged(s);
  }

  /** Paint the current state now, pacing aside (the session is ending: no later frame comes). */
  paintNow(): void {
    if (this.session && this.screen && !this.closed) this.paint();
  }

  sessionDestroyed(): void {
    this.detach("[exited]");
  }

  serverExiting(): void {
    if (this.session) this.detach("[server exited]");
  }

  private stopRendering(): void {
    this.pacer?.dispose();
    this.pacer = null;
    this.screen = null;
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = null;
    if (this.message) clearTimeout(this.message.timer);
    this.message = null;
    if (this.inputTimer) clearTimeout(this.inputTimer);
    this.inputTimer = null;
    if (this.paneNumbers) clearTimeout(this.paneNumbers.timer);
    this.paneNumbers = null;
    this.chooser?.close?.();
    this.chooser = null;
  }

  // ---- painting -------------------------------------------------------------------------

  /**
   * Something on this client's screen changed. `content`: only panes' contents (output), so
   * the status line need not be expanded again (its formats cost more than the rest of an
   * echo's frame); `urgent` for interactive output (an echo), `answer` when it is the first
   * after typed input (FramePacer.markDirty).
   */
  markDirty(how?: { content?: boolean; urgent?: boolean; answer?: boolean }): void {
    if (!how?.content) this.statusStale = true;
    this.pacer?.markDirty(how?.urgent ?? false, how?.answer ?? false);
  }

  /** Full repaint (attach, resize, refresh-client). */
  redraw(): void {
    this.screen?.invalidate();
    if (this.session) for (const w of this.session.windows) for (const p of w.panes.values()) invalidatePane(p.model);
    this.markDirty();
  }

  /** suspend-client: the client gives its terminal back and stops; nothing is drawn until it resumes. */
  suspend(): void {
    if (!this.session || this.suspended) return;
    this.suspended = true;
    this.releaseTty();
    this.send({ t: "suspend" });
  }

  private paint(): number | void {
    const s = this.session;
    if (!s || !this.screen || this.closed || this.suspended) return;
    const w = s.current;
    const panes: PaneView[] = w.visible().map(([p, r]) => ({
      terminal: p.model,
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
      active: p === w.active,
      ...this.server.paneView(p),
      ...(this.chooser && p === w.active ? chooserView(this.chooser, r.height, r.width) : {}),
      ...(this.paneNumbers ? { label: { text: ` ${w.paneIndex(p)} `, bg: s.options.getString(p === w.active ? "display-panes-active-colour" : "display-panes-colour") } } : {}),
    }));
    if (this.statusStale || this.statusOf !== s) {
      this.status = s.options.getFlag("status") ? buildStatus(this.server, s) : null;
      this.statusOf = s;
      this.statusStale = false;
    }
    const status = this.status;
    const overlay = this.prompt ? this.prompt.overlay() : this.message ? { segments: [{ text: this.message.text, fg: "black", bg: "yellow" }] } : undefined;
    this.frame = composeFrame(
      {
        cols: this.cols,
        rows: this.rows,
        panes,
        windowCols: w.cols,
        windowRows: w.rows,
        status: status?.left ?? null,
        statusRight: status?.right,
        overlay: status || overlay ? overlay : undefined,
      },
      this.frame,
    );
    this.updateTitle(s);
    this.updateHostMouse(s);
    const bytes = this.screen.encode(this.frame);
    if (bytes.length > 0) this.toTerminal(bytes);
    return this.frame.holdMs || undefined;
  }

  /**
   * set-titles: the host's title from set-titles-string. Pane titles reach the host only this
   * way, stripped of control characters so a program cannot inject sequences through them.
   */
  private updateTitle(s: Session): void {
    if (!s.options.getFlag("set-titles")) return;
    const title = sanitizeTitle(expandFormat(s.options.getString("set-titles-string"), formatLookup(this.server, { session: s })));
    if (title === this.title) return;
    this.title = title;
    this.toTerminal(Buffer.from(`\x1b]2;${title}\x07`, "utf8"));
  }

  /** Ask the host for mouse reports while the mouse option is on or the active pane's program wants them. */
  private updateHostMouse(s: Session): void {
    const mode = hostMouseMode(s.options.getFlag("mouse"), s.current.active.modes.mouseTrackingMode);
    if (mode === this.hostMouse) return;
    this.hostMouse = mode;
    this.toTerminal(Buffer.from(hostMouseSequence(mode), "latin1"));
  }

  showMessage(text: string): void {
    if (!this.session) return;
    this.messages.push({ at: new Date(), text });
    const limit = this.server.model.serverOptions.getNumber("message-limit");
    if (this.messages.length > limit) this.messages.splice(0, this.messages.length - limit);
    if (this.message) clearTimeout(this.message.timer);
    const ms = this.session.options.getNumber("display-time");
    this.message = {
      text: text.split("\n")[0] ?? "",
      timer: setTimeout(() => {
        this.message = null;
        this.markDirty();
      }, ms),
    };
    this.markDirty();
  }

  /**
   * Output of a command run from a binding or the prompt (list-keys, show-options): it replaces
   * the active pane until q, as tmux's view mode (display-message shows its text on the status
   * line itself).
   */
  showOutput(text: string): void {
    const lines = text.replace(/\n$/, "").split("\n");
    const view: PaneList = new TextView(lines, () => {
      if (this.chooser === view) this.closeChooser();
    });
    this.openChooser(view);
  }

  /** OSC 52: the host terminal puts the text on the system clipboard (set-clipboard). */
  setClipboard(text: string): void {
    const b64 = Buffer.from(text, "utf8").toString("base64");
    this.toTerminal(Buffer.from(`\x1b]52;c;${b64}\x07`, "latin1"));
  }

  bell(): void {
    this.toTerminal(new Uint8Array([7]));
  }

  // ---- keys -----------------------------------------------------------------------------

  private onInput(bytes: Uint8Array): void {
    this.lastActivity = performance.now();
    this.activityAt = Date.now();
    if (bytes.includes(0x1b)) {
      let text = Buffer.from(bytes).toString("latin1");
      const sync = SYNC_REPORT.exec(text);
      if (sync) {
        // The host answered our DECRQM for synchronized output.
        this.syncOutput = sync[1] === "1" || sync[1] === "2";
        this.screen = new ClientScreen(this.cols, this.rows, { syncOutput: this.syncOutput });
        this.redraw();
        text = text.replace(SYNC_REPORT, "");
        if (!text) return;
        bytes = Buffer.from(text, "latin1");
      }
    }
    this.takeInput(bytes);
  }

  private takeInput(bytes: Uint8Array): void {
    if (this.paste) {
      bytes = this.continuePaste(bytes);
      if (bytes.length === 0) return;
    }
    if (this.inputRest.length === 0 && this.isPlainInput(bytes)) {
      this.typeIntoPanes(bytes);
      return;
    }
    // A sequence split across reads is completed by the next read; a tail still incomplete
    // after escape-time (a lone ESC) is taken as it is, as tmux does.
    if (this.inputTimer) clearTimeout(this.inputTimer);
    this.inputTimer = null;
    const joined = this.inputRest.length ? Buffer.concat([this.inputRest, bytes]) : bytes;
    this.inputRest = new Uint8Array(0);
    // A bracketed paste not finished in this read is streamed to the pane as it comes (a paste
    // of megabytes would otherwise wait, copied again with every read, for its end marker).
    const start = indexOf(joined, PASTE_START);
    if (start >= 0 && indexOf(joined, PASTE_END, start + PASTE_START.length) < 0 && this.session) {
      for (const k of parseKeys(joined.subarray(0, start))) this.onKey(k.key, k.bytes);
      this.startPaste();
      this.takeInput(joined.subarray(start + PASTE_START.length));
      return;
    }
    const { keys, rest } = splitKeys(joined);
    this.inputRest = rest;
    for (const k of keys) this.onKey(k.key, k.bytes);
    if (rest.length) {
      this.inputTimer = setTimeout(() => {
        this.inputTimer = null;
        const tail = this.inputRest;
        this.inputRest = new Uint8Array(0);
        for (const k of parseKeys(tail)) this.onKey(k.key, k.bytes);
      }, this.server.model.serverOptions.getNumber("escape-time"));
    }
  }

  /** A bracketed paste begins: its text goes to the active pane (or all, synchronized), never to bindings. */
  private startPaste(): void {
    const w = this.session!.current;
    const panes = inputPanes(w);
    this.paste = { panes, tail: new Uint8Array(0) };
    for (const p of panes) if (p.modes.bracketedPasteMode) p.write(PASTE_START);
  }

  /** Paste text up to the end marker goes to the paste's panes; returns the input after it. */
  private continuePaste(bytes: Uint8Array): Uint8Array {
    const paste = this.paste!;
    const data = paste.tail.length ? Buffer.concat([paste.tail, bytes]) : bytes;
    const end = indexOf(data, PASTE_END);
    let body: Uint8Array;
    let after: Uint8Array = new Uint8Array(0);
    if (end >= 0) {
      body = data.subarray(0, end);
      after = data.subarray(end + PASTE_END.length);
      this.paste = null;
    } else {
      // Keep a tail that may be the start of the end marker cut by the read.
      let keep = Math.min(PASTE_END.length - 1, data.length);
      while (keep > 0 && !PASTE_END.subarray(0, keep).every((c, i) => data[data.length - keep + i] === c)) keep--;
      body = data.subarray(0, data.length - keep);
      paste.tail = data.slice(data.length - keep);
    }
    for (const p of paste.panes) {
      if (p.dead) continue;
      if (body.length > 0) p.write(body);
      if (end >= 0 && p.modes.bracketedPasteMode) p.write(PASTE_END);
      this.throttleInput(p);
    }
    return after;
  }

  private onKey(key: string, bytes: Uint8Array): void {
    const s = this.session;
    if (!s) return;
    if (key === "Mouse") {
      const ev = parseMouse(bytes);
      if (ev) this.mouse.handle(ev);
      return;
    }
    if (this.prompt) {
      const taken = this.prompt.key(key, bytes) !== false;
      this.markDirty();
      if (taken) return;
    }
    if (this.chooser) {
      this.chooser.key(key);
      this.markDirty();
      return;
    }
    if (this.paneNumbers) {
      // A pane's number picks it (the template, select-pane by default); any other key just
      // closes the numbers and goes on as usual, as tmux's display-panes.
      const { template } = this.paneNumbers;
      this.hidePaneNumbers();
      if (/^[0-9]$/.test(key)) {
        const p = s.current.orderedPanes()[Number(key)];
        if (p) void this.runLine(template.replace(/%%|%1/g, `%${p.id}`));
        return;
      }
    }
    if (this.message && key !== "") {
      clearTimeout(this.message.timer);
      this.message = null;
      this.markDirty();
    }
    const prefix = s.options.getString("prefix");
    const prefix2 = s.options.getString("prefix2");
    if (this.keyTable === "prefix" || (this.keyTable === "root" && this.repeatUntil > performance.now())) {
      const inRepeat = this.keyTable === "root";
      const b = this.server.keys.lookup("prefix", key);
      this.keyTable = "root";
      if (b && (!inRepeat || b.repeat)) {
        this.repeatUntil = b.repeat ? performance.now() + 500 : 0;
        void this.runBinding(b.commands);
        return;
      }
      this.repeatUntil = 0;
      if (!inRepeat) return; // an unbound key after the prefix is swallowed, as tmux does
    }
    if (key === prefix || (prefix2 !== "None" && key === prefix2)) {
      this.keyTable = "prefix";
      return;
    }
    const active = s.current.active;
    if (active.copyMode) {
      // In copy mode keys go to its table (copy-mode or copy-mode-vi), never to the program.
      const vi = s.current.options.getString("mode-keys") === "vi";
      active.copyMode.vi = vi;
      const b = this.server.keys.lookup(vi ? "copy-mode-vi" : "copy-mode", key);
      if (b) void this.runBinding(b.commands);
      return;
    }
    const root = this.server.keys.lookup("root", key);
    if (root) {
      void this.runBinding(root.commands);
      return;
    }
    this.sendToPane(key, bytes);
  }

  private async runBinding(commands: string[][]): Promise<void> {
    const caller = this.server.internalCaller(this);
    for (const c of commands) if ((await this.server.run(c, caller)) !== 0) break;
  }

  /**
   * Input that can go to the active pane as it is, without being split into keys: no escape
   * sequence, prefix key or key bound in the root table, and no prompt, list, message, pane
   * numbers, prefix state or copy mode to see it. Typed text and pastes are such input;
   * splitting a 50 MiB paste into one object per key had the server at ~1 MiB/s and over 1 GB.
   */
  private isPlainInput(bytes: Uint8Array): boolean {
    const s = this.session;
    if (!s || this.prompt || this.chooser || this.message || this.paneNumbers || this.keyTable !== "root" || s.current.active.copyMode) return false;
    if (this.repeatUntil > performance.now()) return false;
    const slow = this.slowBytes(s);
    for (let i = 0; i < bytes.length; i++) if (slow[bytes[i]!] === 1) return false;
    return true;
  }

  /** 1 for each byte that needs the key path (isPlainInput), recomputed when bindings change. */
  private slowBytes(s: Session): Uint8Array {
    const keys = this.server.keys;
    const prefix = s.options.getString("prefix");
    const prefix2 = s.options.getString("prefix2");
    const id = `${keys.generation}\0${prefix}\0${prefix2}`;
    if (id === this.slowByteKey) return this.slowByteTable;
    const t = this.slowByteTable;
    const special = (name: string) => name === prefix || name === prefix2 || keys.lookup("root", name) !== undefined;
    for (let b = 0; b < 0x80; b++) t[b] = b === 0x1b || special(parseKeys(Uint8Array.of(b))[0]?.key ?? "") ? 1 : 0;
    // A key bound (or a prefix) that is one non-ASCII character: every UTF-8 byte takes the key path.
    let wide = [prefix, prefix2].some((k) => [...k].length === 1 && k.codePointAt(0)! >= 0x80);
    for (const name of keys.table("root")?.keys() ?? []) wide ||= [...name].length === 1 && name.codePointAt(0)! >= 0x80;
    t.fill(wide ? 1 : 0, 0x80, 0x100);
    this.slowByteKey = id;
    return t;
  }

  /** Plain input (isPlainInput) to the active pane, or every pane under synchronize-panes. */
  private typeIntoPanes(bytes: Uint8Array): void {
    const w = this.session?.current;
    if (!w) return;
    const targets = inputPanes(w);
    for (const p of targets) {
      p.write(bytes);
      this.throttleInput(p);
    }
  }

  /**
   * Stop reading this client while a pane it types into has more than INPUT_BACKLOG of its input
   * not taken yet (a paste or a stream of input faster than the program reads), until it is
   * down to a quarter of that: the client and the kernel's socket buffer hold the rest, and the
   * server's memory stays bounded. Other clients and panes are not affected.
   */
  private throttleInput(p: Pane): void {
    if (this.inputPaused || p.inputBacklog <= INPUT_BACKLOG) return;
    this.inputPaused = true;
    this.socket.pause();
    this.tty?.pause();
    void p.whenInputBelow(INPUT_BACKLOG / 4).then(() => {
      this.inputPaused = false;
      if (!this.closed) this.socket.resume();
      this.tty?.resume();
    });
  }

  /** Forward a key to the active pane (or every pane under synchronize-panes), re-encoded for its modes. */
  sendToPane(key: string, bytes: Uint8Array): void {
    const w = this.session?.current;
    if (!w) return;
    const targets = inputPanes(w);
    for (const p of targets) {
      const modes = p.modes;
      let out: Uint8Array = bytes;
      if (key === "Paste") {
        const inner = bytes.subarray(6, bytes.length - 6);
        out = modes.bracketedPasteMode ? bytes : inner;
      } else if (/^(?:[CMS]-)*(?:Up|Down|Left|Right|Home|End)$/.test(key)) {
        out = encodeKey(key, { applicationCursor: modes.applicationCursorKeysMode, applicationKeypad: modes.applicationKeypadMode }) ?? bytes;
      }
      p.write(out);
      this.throttleInput(p);
    }
  }

  /** display-panes: each pane's index in its middle for `ms`; a digit key runs `template` on that pane. */
  showPaneNumbers(ms: number, template: string): void {
    this.hidePaneNumbers();
    this.paneNumbers = { timer: setTimeout(() => this.hidePaneNumbers(), ms), template };
    this.markDirty();
  }

  private hidePaneNumbers(): void {
    if (!this.paneNumbers) return;
    clearTimeout(this.paneNumbers.timer);
    this.paneNumbers = null;
    this.markDirty();
  }

  /** choose-tree and the like: the list replaces the active pane on this client until closed. */
  openChooser(chooser: PaneList): void {
    if (this.chooser !== chooser) this.chooser?.close?.();
    this.chooser = chooser;
    this.markDirty();
  }

  closeChooser(): void {
    this.chooser?.close?.();
    this.chooser = null;
    this.markDirty();
  }

  /** Open a status-line prompt (command-prompt, confirm-before). */
  openPrompt(prompt: StatusPrompt): void {
    this.prompt = prompt;
    this.markDirty();
  }

  closePrompt(): void {
    this.prompt = null;
    this.markDirty();
  }

  /** Run a command line as this client (the prompt's Enter). */
  runLine(line: string): Promise<number> {
    return this.server.runLine(line, this);
  }
}
