// The client/server protocol: length-prefixed frames on a Unix socket, small JSON control
// messages and raw bytes for terminal input and output. Every connection starts with a hello
// carrying the protocol version.

import type { ScreenSequences } from "./terminal-modes.ts";

/** Bump on any incompatible change to the frames or messages below. */
export const PROTOCOL_VERSION = 5;

/** A frame larger than this is malformed: the biggest real one is a full redraw (~1 MiB). */
export const MAX_FRAME = 16 * 1024 * 1024;

const HEADER = 5; // u32 little-endian payload length, u8 type
export const FRAME_JSON = 1;
export const FRAME_DATA = 2;

/** What the client's terminal is, for commands that attach. */
export interface TerminalInfo {
  cols: number;
  rows: number;
  term: string;
  /** The client's terminal device (/dev/pts/N) and process, for list-clients and targets. */
  tty?: string;
  pid?: number;
  /** The device number of that terminal (st_rdev of the client's stdin): the server may then read and write it itself (ClientTty). */
  rdev?: number;
}

/**
 * A client on a terminal that the server learns itself (tty-modes.ts): name, device and size
 * from the client process's stdin, as the socket's peer pid names it (`pid`, its own, where the
 * kernel does not tell). The server then keeps its modes too, and the client loads no libc.
 */
export interface ProbedTerminal {
  probe: true;
  term: string;
  pid: number;
}

/** Client → server control messages. */
export type ClientMessage =
  | { t: "hello"; version: number }
  /** `control`: a control-mode client (-C 1, -CC 2): its data frames are command lines, and the server's are its output. */
  | { t: "command"; argv: string[]; cwd: string; env: Record<string, string>; terminal?: TerminalInfo | ProbedTerminal; control?: 1 | 2 }
  /**
   * Its stdin ended (EOF): a control client detaches, as an empty line does; a client asked to
   * read-stdin is done sending it.
   */
  | { t: "input-end" }
  /** Its terminal's new size; none when the server holds the terminal and reads the size itself. */
  | { t: "resize"; cols: number; rows: number }
  | { t: "resize"; cols?: undefined; rows?: undefined }
  /** Back from suspend-client: the terminal is the client's again (at this size, as for resize). */
  | { t: "resume"; cols: number; rows: number }
  | { t: "resume"; cols?: undefined; rows?: undefined }
  /** The attached client was told to go (a signal): the server gives its terminal back, then detaches it. */
  | { t: "exiting" };

/** Server → client control messages. */
export type ServerMessage =
  | { t: "hello"; version: number; pid: number }
  | { t: "error"; message: string }
  | { t: "output"; stream: "out" | "err"; text: string }
  | { t: "exit"; code: number }
  /** Send stdin as data frames until it ends, then input-end (display-message -I, as tmux's file_read of "-"). */
  | { t: "read-stdin" }
  /**
   * `direct`: the server reads and writes the terminal itself; `modes`: it has set them (raw)
   * and gives them back on detach, suspend and lock; these are the ones it found, in `stty -g`
   * form, for the client to restore should the server be lost. Without them the client sets raw mode.
   * `screen`: what the client writes to leave the session's screen and to come back to it
   * (terminal-modes.ts): on its ways out, and on its own terminal when it relays.
   */
  | { t: "attach"; session: string; direct?: boolean; modes?: string; screen: ScreenSequences }
  /** `hup` (detach-client -P): the client then sends SIGHUP to its parent, as tmux's MSG_DETACHKILL. */
  /** `exec` (detach-client -E): the client runs the command with the shell in its place, as tmux's MSG_EXEC. */
  | { t: "detach"; message: string; code: number; hup?: boolean; exec?: { command: string; shell: string } }
  /** suspend-client: give the terminal back and stop (SIGTSTP) until continued. */
  | { t: "suspend" }
  /** lock-client: clear the terminal and run `command` (lock-command) in it, then resume. */
  | { t: "lock"; command: string }
  /** A control client is done: it prints `%exit [reason]` (and, with wait-exit, reads until an empty line). */
  | { t: "control-exit"; reason?: string; waitExit: boolean; code: number };

export class ProtocolError extends Error {}

export function encodeFrame(type: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEADER + payload.length);
  writeHeader(out, type, payload.length);
  out.set(payload, HEADER);
  return out;
}

/** A frame's header, byte by byte: a DataView's native paths were ~0.2 MiB of an attached client's resident memory. */
function writeHeader(out: Uint8Array, type: number, length: number): void {
  out[0] = length & 0xff;
  out[1] = (length >>> 8) & 0xff;
  out[2] = (length >>> 16) & 0xff;
  out[3] = length >>> 24;
  out[4] = type;
}

const utf8 = new TextEncoder();
/** Not Buffer's toString: a command from a script never makes a Buffer (its first ~0.15 ms). */
const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true }); // a BOM stays, as Buffer kept it

/** A control message's frame. TextEncoder rather than Buffer: a client's first Buffer cost ~0.15 ms. */
export function encodeJson(m: ClientMessage | ServerMessage): Uint8Array {
  return encodeFrame(FRAME_JSON, utf8.encode(JSON.stringify(m)));
}

/**
 * Bytes for a socket, in order: what the socket does not take at once (Bun's write takes what
 * the kernel buffer has room for and keeps nothing) waits here for its drain event. Both ends
 * of the protocol write through one.
 */
export class Outbox {
  private queue: Uint8Array[] = [];
  /** Bytes waiting for the socket. */
  bytes = 0;

  constructor(private readonly socketWrite: (b: Uint8Array) => number) {}

  get empty(): boolean {
    return this.queue.length === 0;
  }

  /** Write now what the socket takes and keep the rest; true when all of it went. */
  write(bytes: Uint8Array): boolean {
    if (this.queue.length === 0) {
      const n = this.socketWrite(bytes);
      if (n === bytes.length) return true;
      bytes = bytes.subarray(Math.max(0, n));
    }
    this.queue.push(bytes);
    this.bytes += bytes.length;
    return false;
  }

  /** On drain: write what waits; true once nothing does. */
  drain(): boolean {
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      const n = Math.max(0, this.socketWrite(head));
      this.bytes -= Math.min(n, head.length);
      if (n < head.length) {
        this.queue[0] = head.subarray(n);
        return false;
      }
      this.queue.shift();
    }
    return true;
  }
}

export function encodeData(bytes: Uint8Array): Uint8Array {
  return encodeFrame(FRAME_DATA, bytes);
}

export type Frame = { type: typeof FRAME_JSON; message: unknown } | { type: typeof FRAME_DATA; bytes: Uint8Array };

/**
 * Splits a byte stream into frames; throws ProtocolError on a malformed one. Pieces are kept
 * as they came and joined once a frame is whole: joining on every read made a 16 MiB frame
 * sent in 8 KiB pieces cost 12 s of the server's thread (quadratic copying).
 */
export class FrameReader {
  private chunks: Uint8Array[] = [];
  private offset = 0; // bytes of chunks[0] already taken
  private total = 0; // bytes held, from offset

  push(chunk: Uint8Array): Frame[] {
    if (chunk.length > 0) {
      this.chunks.push(chunk.slice()); // the caller's buffer may be reused
      this.total += chunk.length;
    }
    const frames: Frame[] = [];
    while (this.total >= HEADER) {
      const head = this.peek(HEADER);
      // u32 little-endian, byte by byte (see writeHeader)
      const len = head[0]! + (head[1]! << 8) + (head[2]! << 16) + head[3]! * 0x1000000;
      const type = head[4]!;
      if (len > MAX_FRAME) throw new ProtocolError(`frame too large: ${len} bytes`);
      if (type !== FRAME_JSON && type !== FRAME_DATA) throw new ProtocolError(`unknown frame type: ${type}`);
      if (this.total - HEADER < len) break;
      this.take(HEADER);
      const payload = this.take(len);
      if (type === FRAME_DATA) {
        frames.push({ type, bytes: payload.slice() });
        continue;
      }
      let message: unknown;
      try {
        message = JSON.parse(utf8Decoder.decode(payload));
      } catch {
        throw new ProtocolError("malformed JSON frame");
      }
      if (typeof message !== "object" || message === null || typeof (message as { t?: unknown }).t !== "string") {
        throw new ProtocolError("control message without a type");
      }
      frames.push({ type, message });
    }
    return frames;
  }

  /** The next n bytes (n <= total) without taking them. */
  private peek(n: number): Uint8Array {
    const first = this.chunks[0]!;
    if (first.length - this.offset >= n) return first.subarray(this.offset, this.offset + n);
    return this.join(n, false);
  }

  /** Take the next n bytes (n <= total): a view when one piece holds them, else one copy. */
  private take(n: number): Uint8Array {
    const first = this.chunks[0];
    if (n === 0 || !first) return new Uint8Array(0);
    if (first.length - this.offset >= n) {
      const out = first.subarray(this.offset, this.offset + n);
      this.advance(n);
      return out;
    }
    const out = this.join(n, true);
    return out;
  }

  private join(n: number, consume: boolean): Uint8Array {
    const out = new Uint8Array(n);
    let filled = 0;
    let i = 0;
    let off = this.offset;
    while (filled < n) {
      const c = this.chunks[i]!;
      const part = Math.min(c.length - off, n - filled);
      out.set(c.subarray(off, off + part), filled);
      filled += part;
      i++;
      off = 0;
    }
    if (consume) this.advance(n);
    return out;
  }

  private advance(n: number): void {
    this.total -= n;
    while (n > 0) {
      const left = this.chunks[0]!.length - this.offset;
      if (n < left) {
        this.offset += n;
        return;
      }
      n -= left;
      this.chunks.shift();
      this.offset = 0;
    }
  }
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === "string");
}

const isDim = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0 && v <= 10000;

/** Checks a decoded control message from a client; null when it is not one we accept. */
export function validateClientMessage(m: unknown): ClientMessage | null {
  const o = m as Record<string, unknown>;
  switch (o.t) {
    case "hello":
      return typeof o.version === "number" ? (o as ClientMessage) : null;
    case "command": {
      if (!isStringArray(o.argv) || typeof o.cwd !== "string") return null;
      if (typeof o.env !== "object" || o.env === null) return null;
      const t = o.terminal as Record<string, unknown> | undefined;
      if (t !== undefined && t.probe === true) return typeof t.term === "string" && Number.isInteger(t.pid) ? (o as ClientMessage) : null;
      if (t !== undefined && (!isDim(t.cols) || !isDim(t.rows) || typeof t.term !== "string")) return null;
      if (o.control !== undefined && o.control !== 1 && o.control !== 2) return null;
      if (t !== undefined && ((t.tty !== undefined && typeof t.tty !== "string") || (t.pid !== undefined && !Number.isInteger(t.pid)) || (t.rdev !== undefined && !Number.isInteger(t.rdev)))) return null;
      return o as ClientMessage;
    }
    case "input-end":
    case "exiting":
      return o as ClientMessage;
    case "resize":
    case "resume":
      return (isDim(o.cols) && isDim(o.rows)) || (o.cols === undefined && o.rows === undefined) ? (o as ClientMessage) : null;
    default:
      return null;
  }
}
