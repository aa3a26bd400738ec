// An attached client's terminal, read and written by the server itself, as tmux's server does
// with the terminal its client hands over. Without it every key and every frame went through the
// client process: a wake-up and a copy each way, ~0.5 ms of a keystroke's ~1.3 ms echo here
// (bench:e2e). The client keeps the terminal's modes (raw mode, suspend, restore on exit) and
// its signals (SIGWINCH); the server opens the device by the path the client names, checks it is
// the same device, and gives it back (closes it) before it tells the client to detach.
import { nodeFs } from "../../pty/node-fs.ts";
import { ptr } from "bun:ffi";
import { sys, errno, EAGAIN, EINTR } from "../../pty/libc.ts";
import { gatherHost } from "../../pty/gather.ts";

/** struct termios is 60 bytes on Linux. */
const termios = new Uint8Array(64);

/**
 * isatty(3), as libc does it: tcgetattr succeeds. node:tty's isatty loaded node:net and the
 * streams into the server: ~4 MiB of its resident memory and a few ms of its start.
 */
function isatty(fd: number): boolean {
  for (;;) {
    if (sys.tcgetattr(fd, ptr(termios)) === 0) return true;
    if (errno() !== EINTR) return false;
  }
}


export interface ClientTtyHandlers {
  /** Bytes typed (or answered) by the terminal. */
  input(bytes: Uint8Array): void;
  /** Output that waited has all been taken: frames may follow. */
  drain(): void;
  /** The terminal hung up. */
  end(): void;
}

export class ClientTty {
  private pending: Uint8Array[] = [];
  /** The gather worker watches the fd for us (the terminal took less than we had). */
  private watching = false;
  private reader: { cancel(): Promise<void> } | null = null;
  private paused: (() => void) | null = null;
  private pausing = false;
  private closed = false;

  private constructor(
    /** Ours, non-blocking: writes, and polls for input (ParseScheduler's interrupt). */
    readonly fd: number,
    private readonly handlers: ClientTtyHandlers,
  ) {}

  /**
   * The terminal at `path`, if it is a terminal and the device `rdev` the client has on stdin;
   * else null, and the client relays as before. Reading starts at once.
   */
  static open(path: string, rdev: number, handlers: ClientTtyHandlers): ClientTty | null {
    let fd = -1;
    try {
      const { O_RDWR, O_NOCTTY, O_NONBLOCK } = nodeFs().constants;
      fd = nodeFs().openSync(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
      if (!isatty(fd) || nodeFs().fstatSync(fd).rdev !== rdev) throw new Error("not the client's terminal");
    } catch {
      if (fd >= 0) nodeFs().closeSync(fd);
      return null;
    }
    const tty = new ClientTty(fd, handlers);
    tty.read();
    return tty;
  }

  /** Bun reads a terminal it opens non-blocking from its event loop (a readable fd, then read), never from a thread that would sit in read() and take a key meant for the shell after us. */
  private async read(): Promise<void> {
    const reader = Bun.file(this.fd).stream().getReader();
    this.reader = reader;
    try {
      for (;;) {
        if (this.pausing) await new Promise<void>((r) => (this.paused = r));
        if (this.closed) return;
        const { value, done } = await reader.read();
        if (this.closed) return;
        if (done) break;
        if (value.length > 0) this.handlers.input(value);
      }
    } catch {
      // EIO: the terminal is gone
    }
    if (!this.closed) this.handlers.end();
  }

  /** Stop reading for now (the panes have not taken the input before it). */
  pause(): void {
    this.pausing = true;
  }

  resume(): void {
    this.pausing = false;
    const go = this.paused;
    this.paused = null;
    go?.();
  }

  /** Output for the terminal, in order. False while some waits for the terminal to take it. */
  write(bytes: Uint8Array): boolean {
    if (this.closed) return true;
    if (this.pending.length > 0) {
      this.pending.push(bytes);
      return false;
    }
    const n = this.writeSome(bytes);
    if (n === bytes.length) return true;
    this.pending.push(bytes.subarray(n));
    this.waitWritable();
    return false;
  }

  get busy(): boolean {
    return this.pending.length > 0;
  }

  /**
   * Give the terminal back: nothing more is read from it or written to it. Output still waiting
   * is dropped, never waited for (a stalled terminal would stall the server): a frame cut inside
   * an escape sequence is ended by the CAN that begins the client's LEAVE.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.reader?.cancel().catch(() => {});
    this.resume();
    this.pending = [];
    try {
      nodeFs().closeSync(this.fd);
    } catch {}
  }

  /** Output waits for the terminal (a slow one, a paused ssh): go on once it takes writes. */
  private waitWritable(): void {
    if (this.watching) return;
    this.watching = true;
    gatherHost().whenWritable(this.fd, () => {
      this.watching = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.closed) return;
    while (this.pending.length > 0) {
      const head = this.pending[0]!;
      const n = this.writeSome(head);
      if (n < head.length) {
        this.pending[0] = head.subarray(n);
        this.waitWritable();
        return;
      }
      this.pending.shift();
    }
    this.handlers.drain();
  }

  /** As much of `bytes` as the terminal takes now; what it refuses (EAGAIN, EIO) is left. */
  private writeSome(bytes: Uint8Array): number {
    let off = 0;
    while (off < bytes.length) {
      const n = Number(sys.write(this.fd, ptr(bytes, off), bytes.length - off));
      if (n > 0) off += n;
      else if (n < 0 && errno() === EINTR) continue;
      else if (n < 0 && errno() !== EAGAIN) return bytes.length; // EIO: gone; the reader reports the end
      else break;
    }
    return off;
  }
}
