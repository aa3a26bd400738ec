// A pane: a program in a PTY (or none: an empty pane, tmux's PANE_EMPTY), the headless terminal
// its output is parsed into, and its history.
// The pane channel's slots go back to the gather worker only once xterm has parsed them.
import type { Terminal, IBuffer } from "@xterm/headless";
import { nodeFs } from "../../pty/node-fs.ts";
import { spawn, signalName, type Pty, type ExitStatus } from "../../pty/index.ts";
import type { CopyMode } from "./copy-mode.ts";
import { ControlStringLimiter } from "./string-limit.ts";
import { RenameStrings } from "./rename-string.ts";
import { useTmuxWidths } from "./unicode-widths.ts";
import { clearOnDeccolm } from "./deccolm.ts";
import { clearFromHomeAsAll } from "./clear-home.ts";
import { Options } from "./options-store.ts";
import { parseScheduler, keptLines, type ParseSink } from "./parse-scheduler.ts";
import { HistoryStore } from "./history/store.ts";
import { drainScrollback, endAlternate, historyBuffer, pinCleared, resizeWithHistory } from "./history/xterm.ts";
import { forgetNormalSize } from "./history/reflow.ts";
import { argsEscape } from "./args-escape.ts";

/**
 * xterm's module, evaluated at the first pane's first use rather than as the server starts
 * (~2.5 ms of its start): a require() the bundler keeps lazy, where an import is evaluated
 * with the module.
 */
let xtermModule: typeof import("@xterm/headless") | null = null;
function xterm(): typeof import("@xterm/headless") {
  return (xtermModule ??= require("@xterm/headless") as typeof import("@xterm/headless"));
}

/**
 * The terminal's own scrollback: rows that scrolled off its screen wait there until the parse
 * scheduler moves them into the history store, after every write of at most half of it. xterm
 * keeps this many rows allocated once it has filled them (~0.5 MiB at 200 columns), so it is
 * memory per pane; bench/history.ts writes 100 lines at a time with the same margin.
 */
export const HISTORY_MARGIN = 200;

export interface PaneSpawn {
  argv: string[]; // the program and its arguments (already resolved from a shell command)
  env: Record<string, string>;
  cwd: string;
  /** The command words as given (none: the default shell), as tmux's pane_start_command shows them. */
  command?: string[];
  /**
   * No program at all (tmux's SPAWN_EMPTY: split-window '' or -I): no PTY, no process; the
   * screen takes only what display-message -I writes onto it.
   */
  empty?: boolean;
}

export interface PaneEvents {
  /** The screen model changed (its size): the status line may show it. */
  changed(pane: Pane): void;
  /** The title changed (by the program, or select-pane -T). */
  title(pane: Pane): void;
  /** respawn-pane started the program again. */
  respawned(pane: Pane): void;
  /** The program sent screen's ESC k name ST (allow-rename decides what it does). */
  renamed?(pane: Pane, name: string): void;
  /** Output was parsed into the screen; `interactive` as in ParseSink.parsed. */
  /** `answer`: the first interactive output since input was typed (its echo). */
  output(pane: Pane, interactive: boolean, answer: boolean): void;
  /** The program's output as read, before parsing (the bytes are only valid during the call). */
  data(pane: Pane, bytes: Uint8Array): void;
  /** The program exited and its output is all parsed. */
  exited(pane: Pane): void;
  bell(pane: Pane): void;
}

/**
 * A mode over a pane other than copy mode, as tmux's window modes: every client showing the
 * pane draws it and sends it keys. The model knows its name (pane_mode) and when it closes;
 * what it draws and does is the client's (client/chooser.ts).
 */
export interface PaneMode {
  /** tmux's mode name: tree-mode, buffer-mode, client-mode, clock-mode, options-mode, view-mode. */
  readonly name: string;
  /** It is no longer in the pane (left, replaced, or the pane gone): stop any timer. */
  close?(): void;
}

export class Pane implements ParseSink {
  /**
   * The screen model output is parsed into (ParseSink.model): its screen and the few rows above
   * it not yet moved into `history`. Read the whole buffer through buffer().
   */
  get model(): Terminal {
    return (this._model ??= this.makeTerminal());
  }
  /**
   * Made at the first use (output, a resize, a capture...), not with the pane: xterm's
   * constructor is ~2-3 ms of run-once code, and a new session's client is answered before the
   * shell has printed anything (new -d; kill-server ~5% sooner). Until then the pane's size is
   * kept here.
   */
  private _model: Terminal | null = null;
  private initCols: number;
  private initRows: number;
  /** scroll-on-clear as applyOptions last read it, for a terminal made after (null: never placed). */
  private scrollOnClear: boolean | null = null;
  /**
   * The rows that left the screen, up to history-limit of them (ParseSink.history). Under a
   * flood some are still text in the parse scheduler: read it through buffer(), historyBytes(),
   * or after settleHistory().
   */
  readonly history: HistoryStore;
  pty: Pty | null = null;
  spawnSpec: PaneSpawn;
  title = "";
  dead = false;
  /**
   * Made with no program (tmux's PANE_EMPTY): display-message -I may write onto its screen. As
   * tmux's flag it stays after respawn-pane gives the pane a program.
   */
  empty = false;
  deadStatus: ExitStatus | null = null;
  /** When the program ended, in ms since the epoch (pane_dead_time). */
  deadAt = 0;
  /** set -p: the pane's own options; the Model keeps the parent its window's (model.placePane). */
  readonly options = new Options(null);
  /** When output last arrived (performance.now()), for activity and `weft wait --idle`. */
  lastOutputAt = performance.now();
  /** Bumped on every parsed write: cheap change detection for waiters. */
  generation = 0;
  /** Where pipe-pane sends output, if anywhere. */
  pipe: ((bytes: Uint8Array) => void) | null = null;
  /** When it last became its window's active pane (Window.setActive): directional moves prefer the latest. */
  activePoint = 0;
  /** select-pane -d: keys for it are dropped (pane_input_off). */
  inputOff = false;
  /** It has the focus: its window's active pane, shown by a focused client (tmux's PANE_FOCUSED). */
  focused = false;
  /** Copy mode, while the pane is in it (tmux's window mode). */
  copyMode: CopyMode | null = null;
  /** The other modes over the pane (tree-mode, clock-mode, view-mode...), the shown one first (model/pane-modes.ts). */
  modeStack: PaneMode[] = [];
  private readonly waiters = new Set<() => void>();
  /** Input was typed since output was last parsed: the next is its answer (PaneEvents.output). */
  private answerDue = false;
  /**
   * Gone from the model (dispose): its program's last output and exit still arrive, but no
   * screen shows them any more, as tmux frees a destroyed pane's event at once; parsing them
   * would make a terminal (~4-12 ms at a kill-server) that is thrown away.
   */
  private disposed = false;

  constructor(
    /** Set once more only by adopt (a popup's program becoming a window's pane). */
    public id: number,
    spec: PaneSpawn,
    cols: number,
    rows: number,
    /** history-limit when the pane was made (tmux keeps it per pane too). */
    public historyLimit: number,
    private events: PaneEvents,
  ) {
    this.spawnSpec = spec;
    this.history = new HistoryStore(cols, historyLimit);
    this.initCols = cols;
    this.initRows = rows;
    this.start();
  }

  private makeTerminal(): Terminal {
    const model = new (xterm().Terminal)({ cols: this.initCols, rows: this.initRows, scrollback: HISTORY_MARGIN, allowProposedApi: true });
    // ED 0 from home clears as ED 2 (registered first: the handlers below run before it).
    clearFromHomeAsAll(model);
    // A program's ED 3 (erase saved lines) and RIS (full reset) clear xterm's scrollback, and so
    // the history; xterm's own handlers then run.
    model.parser.registerCsiHandler({ final: "J" }, (params) => {
      if (params[0] === 3) this.history.clear();
      // Under scroll-on-clear, ED 2 (and ED 0 from home) pushes the screen into the history,
      // where a taller screen does not pull it back from (tmux's grid_view_clear_history).
      const home = model.buffer.active.cursorX === 0 && model.buffer.active.cursorY === 0;
      if (params[0] === 2 || ((params[0] ?? 0) === 0 && params.length <= 1 && home)) pinCleared(model, this.history);
      return false;
    });
    model.parser.registerEscHandler({ final: "c" }, () => {
      this.history.clear();
      forgetNormalSize(model);
      return false;
    });
    // Leaving the alternate screen: the normal one takes the pane's size now (its reflow waited).
    model.parser.registerCsiHandler({ prefix: "?", final: "l" }, (params) => {
      const modes = params.map((p) => (typeof p === "number" ? p : p[0]));
      if (model.buffer.active.type === "alternate" && modes.some((m) => m === 47 || m === 1047 || m === 1049)) {
        endAlternate(model, this.history, HISTORY_MARGIN, modes.includes(1049));
      }
      return false;
    });
    // The cells tmux 3.3a gives characters and clusters (a ZWJ family is 2, not 6).
    useTmuxWidths(model);
    clearOnDeccolm(model);
    // Output is parsed by the parse scheduler, which calls parsed(); xterm's own async writes
    // (where its internals are not what the scheduler expects) report here.
    model.onWriteParsed(() => this.parsed(false));
    model.onTitleChange((t) => {
      this.title = t;
      this.events.title(this);
    });
    model.onBell(() => this.events.bell(this));
    // Replies the program asked its terminal for (DA, DSR, DECRQM) go back into its PTY.
    model.onData((d) => this.pty?.write(d));
    model.onBinary((d) => this.pty?.write(Buffer.from(d, "latin1")));
    if (this.scrollOnClear !== null) model.options.scrollOnEraseInDisplay = this.scrollOnClear;
    return model;
  }

  /** The pane's terminal (its screen, modes and cursor); its history is in `history`, both read through buffer(). */
  get terminal(): Terminal {
    return this.model;
  }

  /** The whole buffer, history then screen, as xterm's IBuffer: the active screen's, or the normal one's (behind the alternate screen). */
  buffer(which: "active" | "normal" = "active"): IBuffer {
    this.settleHistory();
    return historyBuffer(this.history, this.model, which);
  }

  /** A flood's text still in the parse scheduler goes into the history store. */
  settleHistory(): void {
    parseScheduler.settle(this);
  }

  /** history_bytes. */
  historyBytes(): number {
    this.settleHistory();
    return this.history.bytes();
  }

  /** send-keys -R: reset the terminal, which forgets its scrollback, so the history too. */
  reset(): void {
    this.settleHistory();
    this.model.reset();
    forgetNormalSize(this.model);
    this.history.clear();
  }

  get cols(): number {
    return this._model ? this._model.cols : this.initCols;
  }

  get rows(): number {
    return this._model ? this._model.rows : this.initRows;
  }

  get pid(): number {
    return this.pty?.pid ?? 0;
  }

  /** Options the screen itself follows: scroll-on-clear (a cleared screen goes into the history). */
  applyOptions(): void {
    this.scrollOnClear = this.options.getFlag("scroll-on-clear");
    if (this._model) this._model.options.scrollOnEraseInDisplay = this.scrollOnClear;
  }

  /** The pane's terminal device (/dev/pts/N). */
  get tty(): string {
    return this.pty?.tty ?? "";
  }

  /** Start (or restart) the program; the terminal keeps its contents as tmux's respawn-pane does. */
  start(spec: PaneSpawn = this.spawnSpec): void {
    this.spawnSpec = spec;
    if (spec.empty) return this.startEmpty();
    const [file, ...args] = spec.argv;
    if (!file) throw new Error("no command");
    // As tmux: the pane starts whatever the directory and program; a missing program exits 1.
    const pty = spawn({ file, args, env: spec.env, cwd: spec.cwd, cols: this.cols, rows: this.rows, asForkedChild: true });
    this.pty = pty;
    this.dead = false;
    this.deadStatus = null;
    const limiter = new ControlStringLimiter();
    const renames = new RenameStrings((name) => this.events.renamed?.(this, name));
    pty.onData((bytes, release) => {
      // Late output of a program respawn-pane -k replaced belongs to no screen.
      if (this.pty !== pty) return release();
      this.lastOutputAt = performance.now();
      this.pipe?.(bytes);
      this.events.data(this, bytes);
      if (this.disposed) return release();
      const limited = limiter.filter(bytes);
      const renamed = limited ? null : renames.filter(bytes);
      if (!limited && !renamed) return parseScheduler.feed(this, bytes, release);
      const pieces = renamed ?? (limited ?? []).flatMap((p) => renames.filter(p) ?? [p]);
      if (pieces.length === 0) return release();
      pieces.forEach((p, i) => parseScheduler.feed(this, p, i === pieces.length - 1 ? release : undefined));
    });
    pty.onExit((status) => {
      const exited = () => {
        if (this.pty !== pty) return;
        this.dead = true;
        this.deadAt = Date.now();
        this.deadStatus = status;
        this.events.exited(this);
        this.notify();
      };
      // Wait until xterm has parsed everything the program wrote, then report.
      if (this.disposed) exited();
      else parseScheduler.feed(this, new Uint8Array(0), exited);
    });
  }

  /**
   * No program: the pane is dead from the start (pane_dead 1, pid 0, no tty) but nothing exited,
   * so remain-on-exit does not apply and it stays. As tmux's spawn_pane, its cursor is hidden
   * and a line feed also returns the carriage (MODE_CRLF), which a reset keeps.
   */
  private startEmpty(): void {
    this.pty = null;
    this.empty = true;
    this.dead = true;
    this.deadStatus = null;
    this.deadAt = 0;
    this.model.options.convertEol = true;
    this.writeToScreen("\x1b[?25l");
  }

  /**
   * A program outside every window (a popup's) becomes a window's pane: its id, history limit
   * and events are the model's from now on; the program and its screen stay as they are.
   */
  adopt(id: number, historyLimit: number, events: PaneEvents): void {
    this.id = id;
    this.historyLimit = historyLimit;
    this.model.options.scrollback = historyLimit;
    this.events = events;
  }

  /** Some of the program's output was parsed into the screen. */
  parsed(interactive: boolean): void {
    this.generation++;
    this.copyMode?.followHistory();
    const answer = interactive && this.answerDue;
    this.answerDue = false;
    this.events.output(this, interactive, answer);
    this.notify();
  }

  /** ParseSink.keepLines: no skipping while copy mode follows the scrollback line by line. */
  keepLines(): number {
    return this.copyMode ? 0 : keptLines(this.model, this.history.limit);
  }

  /** Bytes for the pane's screen (not its program), in order with the program's output. */
  writeToScreen(data: Uint8Array | string): void {
    parseScheduler.feed(this, data);
  }

  /** Input for the program: keys, send-keys; dropped while input is off (select-pane -d), as tmux's window_pane_key. */
  write(data: Uint8Array | string): void {
    if (this.inputOff) return;
    this.paste(data);
  }

  /** Written whatever select-pane -d said (tmux's paste-buffer writes to the pane directly). */
  paste(data: Uint8Array | string): void {
    if (this.dead) return;
    this.answerDue = true;
    this.pty?.type(data);
  }

  /** Input written but not yet taken by the program (it reads slower than it is typed or pasted). */
  get inputBacklog(): number {
    return this.dead ? 0 : (this.pty?.pendingWrite ?? 0);
  }

  /** Resolves once the input backlog is at most `bytes`, or the program is gone. */
  whenInputBelow(bytes: number): Promise<void> {
    return this.dead || !this.pty ? Promise.resolve() : this.pty.whenPendingBelow(bytes);
  }

  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.settleHistory();
    const copied = this.copyMode?.resizing();
    resizeWithHistory(this.model, this.history, cols, rows, HISTORY_MARGIN);
    // The terminal keeps no more than the limit above its screen (resizeWithHistory keeps up to half its margin).
    drainScrollback(this.model, this.history, Math.min(HISTORY_MARGIN / 2, this.history.limit));
    copied?.();
    if (!this.dead) this.pty?.resize(cols, rows);
    this.events.changed(this);
  }

  /** select-pane -T: a title of the user's (the program may set another later). */
  setTitle(title: string): void {
    this.title = title;
    this.events.title(this);
  }

  /**
   * respawn-pane: leave any mode, hang up the program, reset the screen with `reinit` (history
   * stays) and start `spec`. Throws what spawning throws.
   */
  respawn(spec: PaneSpawn, reinit: string): void {
    this.copyMode?.dispose();
    this.copyMode = null;
    this.closeModes();
    this.kill();
    this.writeToScreen(reinit);
    this.start(spec);
    this.events.respawned(this);
  }

  private closeModes(): void {
    for (const m of this.modeStack.splice(0)) m.close?.();
  }

  /** Hang up the program (SIGHUP to its group, as a closing terminal does). */
  kill(): void {
    if (this.dead || !this.pty) return;
    this.pty.killGroup("SIGHUP");
    this.pty.kill("SIGHUP");
  }

  /** Resolves on the next change (output parsed, exit), for commands that wait. */
  nextChange(): Promise<void> {
    return new Promise((r) => this.waiters.add(r));
  }

  private notify(): void {
    const ws = [...this.waiters];
    this.waiters.clear();
    for (const w of ws) w();
  }

  get modes() {
    return this.model.modes;
  }

  get alternateOn(): boolean {
    return this.model.buffer.active.type === "alternate";
  }

  /** The foreground program's name, as pane_current_command. */
  currentCommand(): string {
    if (!this.pty) return this.commandName();
    const pg = this.pty?.foregroundPid() ?? -1;
    const pid = pg > 0 ? pg : this.pid;
    const started = this.spawnSpec.argv[0]?.split("/").pop() ?? "";
    try {
      // A child not yet past exec is still a copy of this server: it is the program it will be.
      if (nodeFs().readlinkSync(`/proc/${pid}/exe`) === process.execPath) return started;
    } catch {
      // Another user's program (sudo): its exe is not ours to read, its name is.
    }
    try {
      return nodeFs().readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      return started;
    }
  }

  /**
   * With no process to ask (an empty pane), tmux's format_cb_current_command names the command
   * as given, else the shell, through parse_window_name: its first word, a path's last part.
   */
  private commandName(): string {
    const given = (this.spawnSpec.command ?? []).map((a) => argsEscape(a)).join(" ");
    const name = given || (this.spawnSpec.env.SHELL ?? "");
    const word = name.replace(/^exec /, "").replace(/^[ -]+/, "").split(" ")[0] ?? "";
    return word.startsWith("/") ? (word.split("/").pop() ?? word) : word;
  }

  /** The foreground program's working directory, as pane_current_path. */
  currentPath(): string {
    const pg = this.pty?.foregroundPid() ?? -1;
    const pid = pg > 0 ? pg : this.pid;
    try {
      // A directory removed under the program reads "/path (deleted)"; tmux drops the suffix.
      return nodeFs().readlinkSync(`/proc/${pid}/cwd`).replace(/ \(deleted\)$/, "");
    } catch {
      return this.spawnSpec.cwd;
    }
  }

  /** "Pane is dead (status 1, ...)" as tmux's remain-on-exit shows it. */
  deadMessage(): string {
    const s = this.deadStatus;
    const how = s?.signal != null ? `signal ${s.signal}, ${signalName(s.signal)}` : `status ${s?.code ?? "?"}`;
    return `Pane is dead (${how}, ${new Date().toUTCString()})`;
  }

  dispose(): void {
    this.disposed = true;
    parseScheduler.drop(this);
    this.copyMode?.dispose();
    this.copyMode = null;
    this.closeModes();
    this.kill();
    this.notify();
    this._model?.dispose(); // never made: never written to
  }
}
