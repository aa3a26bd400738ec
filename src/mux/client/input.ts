// An attached client's input: bytes from its terminal become keys (or stay plain text), which
// go to the prompt, a chooser, the key tables (prefix, root, copy mode) or the active pane;
// bracketed pastes stream to the pane; mouse reports go to the MouseHandler.
import type { Session, Pane, Window } from "../model/index.ts";
import { parseKeys, splitKeys, encodeKey } from "../lang/keys.ts";
import { MouseHandler } from "./mouse-handler.ts";
import { parseMouse } from "./mouse.ts";
import type { ClientHost } from "./host.ts";
import type { ClientView } from "./view.ts";
import { shownList, type ModeCaller } from "./chooser.ts";
import { modeChanged, synchronizedPanes } from "../model/index.ts";
import type { CommandList } from "../lang/cmd-parse.ts";
import { Menu } from "./menu.ts";
import { paneKeyIndex } from "./pane-numbers.ts";
import type { MouseEvent } from "./mouse.ts";
import type { CommandMouse } from "../lang/command.ts";

/** What input needs of its connection (a pane's mode may ask it a question on its status line). */
export interface InputOwner extends ModeCaller {
  readonly session: Session | null;
  readonly cols: number;
  readonly rows: number;
  readonly closed: boolean;
  readonly view: ClientView;
  /** tmux's CLIENT_READONLY: its keys and mouse reach no pane, overlay, prompt or mode; only bindings do. */
  readonly readOnly: boolean;
  /** A key or input arrived (client_activity, window-size latest). */
  touch(): void;
  /** Stop reading the client (its socket and terminal) until resumeReading. */
  pauseReading(): void;
  resumeReading(): void;
  runLine(line: string): void;
  /** Run a key binding's commands as this client, on its queue (with the mouse event it ran for). */
  runBinding(commands: CommandList, mouse?: CommandMouse): void;
  /** The host terminal gained (true) or lost the focus (tmux's CLIENT_FOCUSED). */
  setFocused(focused: boolean): void;
}

const PASTE_START = Buffer.from("\x1b[200~", "latin1");
const PASTE_END = Buffer.from("\x1b[201~", "latin1");

/** Input queued for a pane beyond which the client typing into it is no longer read (throttleInput). */
const INPUT_BACKLOG = 1024 * 1024;

/** The host terminal's answer to DECRQM ?2026: synchronized output supported (1, 2) or not. */
const SYNC_REPORT = /\x1b\[\?2026;([0-4])\$y/;

/** The panes a client's input goes to: the active one, and the ones synchronize-panes adds. */
function inputPanes(w: Window): Pane[] {
  return synchronizedPanes(w, w.active);
}

/** Where needle starts in bytes at or after `from`, or -1. */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from = 0): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, from);
}

export class ClientInput {
  private inputRest: Uint8Array = new Uint8Array(0);
  private inputTimer: ReturnType<typeof setTimeout> | null = null;
  private inputPaused = false;
  /** isPlainInput's table of bytes that need the key path, and the bindings it was built for. */
  private readonly slowByteTable = new Uint8Array(256);
  private slowByteKey = "";
  /** A bracketed paste being streamed: its panes, and bytes that may begin its end marker. */
  private paste: { panes: Pane[]; tail: Uint8Array } | null = null;
  /** The client's key table (switch-client -T, the prefix); null: the session's default (key-table). */
  private keyTable: string | null = null;

  get keyTableName(): string {
    return this.keyTable ?? this.defaultTable(this.owner.session);
  }
  private repeatUntil = 0;
  private readonly mouse: MouseHandler;

  constructor(
    private readonly owner: InputOwner,
    private readonly host: ClientHost,
  ) {
    this.mouse = new MouseHandler(host, owner);
  }

  /** Detached: a key still waiting for escape-time is dropped. */
  stop(): void {
    if (this.inputTimer) clearTimeout(this.inputTimer);
    this.inputTimer = null;
  }

  onInput(bytes: Uint8Array): void {
    this.owner.touch();
    if (bytes.includes(0x1b)) {
      let text = Buffer.from(bytes).toString("latin1");
      const sync = SYNC_REPORT.exec(text);
      if (sync) {
        // The host answered our DECRQM for synchronized output.
        this.owner.view.setSyncOutput(sync[1] === "1" || sync[1] === "2");
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
    if (start >= 0 && indexOf(joined, PASTE_END, start + PASTE_START.length) < 0 && this.owner.session) {
      for (const k of parseKeys(joined.subarray(0, start))) this.onKey(k.key, k.bytes);
      this.startPaste(this.owner.session);
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
      }, this.host.model.serverOptions.getNumber("escape-time"));
    }
  }

  /** A bracketed paste begins: its text goes to the active pane (or all, synchronized), never to bindings. */
  private startPaste(s: Session): void {
    const panes = this.owner.readOnly ? [] : inputPanes(s.current);
    this.paste = { panes, tail: new Uint8Array(0) };
    for (const p of panes) if (p.modes.bracketedPasteMode) p.write(PASTE_START);
  }

  /** Paste text up to the end marker goes to the paste's panes; returns the input after it. */
  private continuePaste(bytes: Uint8Array): Uint8Array {
    const paste = this.paste;
    if (!paste) return bytes;
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
    const s = this.owner.session;
    if (!s) return;
    const view = this.owner.view;
    if (key === "Mouse") {
      if (this.owner.readOnly) return; // as tmux: a read-only client's mouse does nothing
      const ev = parseMouse(bytes);
      if (ev && view.overlay) this.overlayMouse(ev);
      else if (ev) this.mouse.handle(ev);
      return;
    }
    if (key === "FocusIn" || key === "FocusOut") return this.owner.setFocused(key === "FocusIn");
    // A read-only client's keys skip the overlays, prompt, modes and message, as tmux's
    // server_client_handle_key: only the key tables see them, and nothing is sent to the pane.
    if (this.owner.readOnly) {
      this.keyTables(s, key);
      return;
    }
    if (view.overlay) {
      // A menu or popup takes every key while it is open, ahead of the prompt and the tables.
      if (key !== "") view.dismissMessage();
      return this.overlayKey(key, bytes);
    }
    if (view.paneNumbers && this.paneNumberKey(s, key)) return;
    if (view.prompt) {
      const taken = view.prompt.key(key, bytes) !== false;
      view.markDirty();
      if (taken) return;
    }
    const active = s.current.active;
    const list = shownList(active);
    if (list) {
      // The key tables first, as for any pane (tmux's tree and view modes have no table of
      // their own): the prefix and root bindings work over a list; what they do not take goes
      // to the list, as tmux's window_pane_key to the mode. Every client showing it sees the move.
      if (this.keyTables(s, key)) return;
      list.key(key, this.owner);
      modeChanged(this.host.model, active, true);
      return;
    }
    if (key !== "") view.dismissMessage();
    if (this.keyTables(s, key)) return;
    this.sendToPane(key, bytes);
  }

  /**
   * display-panes takes a key first, as tmux's overlay: a pane's key (0-9, a-z for 10 on) runs
   * the template on it and is used up, even when no pane has that number; any other key (or
   * every key with -N) closes the numbers and goes on as usual. True when the key is used up.
   */
  private paneNumberKey(s: Session, key: string): boolean {
    const view = this.owner.view;
    const pick = view.paneNumbers?.pick;
    const index = pick ? paneKeyIndex(key) : null;
    view.hidePaneNumbers();
    if (!pick || index === null) return false;
    const p = s.current.paneAt(index);
    if (p) pick(`%${p.id}`);
    return true;
  }

  private overlayKey(key: string, bytes: Uint8Array): void {
    const view = this.owner.view;
    const box = view.overlay?.box;
    if (!box) return;
    const result = box instanceof Menu ? box.key(key) : box.key(key, bytes);
    if (result === "close") view.closeOverlay();
    else if (result === "redraw") view.markDirty();
  }

  private overlayMouse(ev: MouseEvent): void {
    const view = this.owner.view;
    const box = view.overlay?.box;
    if (!box) return;
    const result = box.mouse(ev);
    if (result === "close") view.closeOverlay();
    else if (result === "redraw") view.markDirty();
  }

  /** The prefix, its table and repeat, copy mode's table and the root table; true if a table took the key. */
  /**
   * A key through the key tables as tmux's server_client_key_callback: the client's table (the
   * session's key-table option unless switch-client -T or the prefix changed it; a pane in copy
   * mode uses its mode's table instead of the default), the prefix from any table but prefix,
   * then the "Any" binding; a key not found outside the default table (or while repeating) is
   * tried again from the default table, and one found nowhere after another table was tried is
   * swallowed. True when the key is used up; false: it goes to the pane.
   */
  private keyTables(s: Session, key: string): boolean {
    const keys = this.host.keys;
    const prefix = s.options.getString("prefix");
    const prefix2 = s.options.getString("prefix2");
    const dflt = this.defaultTable(s);
    const now = performance.now();
    if (this.repeatUntil !== 0 && this.repeatUntil <= now) {
      // The repeat timer ran out: back to the default table.
      this.repeatUntil = 0;
      this.keyTable = null;
    }
    let repeat = this.repeatUntil !== 0;
    const active = s.current.active;
    let table = this.keyTable ?? dflt;
    if (this.keyTable === null && active.copyMode) {
      const vi = s.current.options.getString("mode-keys") === "vi";
      active.copyMode.vi = vi;
      table = vi ? "copy-mode-vi" : "copy-mode";
    }
    let first = table;
    for (;;) {
      if ((key === prefix || (prefix2 !== "None" && key === prefix2)) && table !== "prefix") {
        this.keyTable = "prefix";
        this.repeatUntil = 0;
        return true;
      }
      const wasRepeating = repeat;
      const b = keys.lookup(table, key) ?? keys.lookup(table, "Any");
      if (b) {
        if (repeat && !b.repeat) {
          // A binding that does not repeat ends the repeat: from the default table again.
          this.keyTable = null;
          this.repeatUntil = 0;
          repeat = false;
          first = table = dflt;
          continue;
        }
        const time = s.options.getNumber("repeat-time");
        if (time !== 0 && b.repeat) {
          this.keyTable = table;
          this.repeatUntil = now + time;
        } else {
          this.keyTable = null;
          this.repeatUntil = 0;
        }
        this.owner.runBinding(b.commands);
        return true;
      }
      if (table !== dflt || repeat) {
        this.keyTable = null;
        this.repeatUntil = 0;
        table = dflt;
        if (repeat) first = table;
        repeat = false;
        continue;
      }
      if (first !== table && !wasRepeating) {
        this.keyTable = null;
        return true;
      }
      return false;
    }
  }

  /** The session's key-table option: the table a client goes back to (server_client_set_key_table(c, NULL)). */
  private defaultTable(s: Session | null): string {
    return s?.options.getString("key-table") || "root";
  }

  /** switch-client -T: the table the next key is looked up in; false if there is no such table. */
  setKeyTable(name: string): boolean {
    if (!this.host.keys.table(name)) return false;
    this.keyTable = name;
    this.repeatUntil = 0;
    return true;
  }

  /** Back to the default table (a switch of session, as server_client_set_session's caller does). */
  resetKeyTable(): void {
    this.keyTable = null;
    this.repeatUntil = 0;
  }

  /**
   * Input that can go to the active pane as it is, without being split into keys: no escape
   * sequence, prefix key or key bound in the root table, and no prompt, list, message, pane
   * numbers, prefix state or copy mode to see it. Typed text and pastes are such input;
   * splitting a 50 MiB paste into one object per key had the server at ~1 MiB/s and over 1 GB.
   */
  private isPlainInput(bytes: Uint8Array): boolean {
    const s = this.owner.session;
    const view = this.owner.view;
    if (!s || this.owner.readOnly || view.overlay || view.prompt || shownList(s.current.active) || view.message || view.paneNumbers || this.keyTable !== null || s.current.active.copyMode) return false;
    if (this.repeatUntil !== 0) return false;
    // Another default table (set key-table), or an "Any" binding: every key needs the tables.
    if (this.defaultTable(s) !== "root" || this.host.keys.lookup("root", "Any")) return false;
    const slow = this.slowBytes(s);
    for (let i = 0; i < bytes.length; i++) if (slow[bytes[i]!] === 1) return false;
    return true;
  }

  /** 1 for each byte that needs the key path (isPlainInput), recomputed when bindings change. */
  private slowBytes(s: Session): Uint8Array {
    const keys = this.host.keys;
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
    const w = this.owner.session?.current;
    if (!w) return;
    for (const p of inputPanes(w)) {
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
    this.owner.pauseReading();
    void p.whenInputBelow(INPUT_BACKLOG / 4).then(() => {
      this.inputPaused = false;
      this.owner.resumeReading();
    });
  }

  /** Forward a key to the active pane (or every pane under synchronize-panes), re-encoded for its modes. */
  sendToPane(key: string, bytes: Uint8Array): void {
    const w = this.owner.session?.current;
    if (!w) return;
    for (const p of inputPanes(w)) {
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
}
