// The client process's stdout and stderr, and whether it runs on a terminal, without loading
// node:fs or node:tty for a command from a script: each took longer to load (~1.3 ms, ~3 ms in
// a compiled binary) than the rest of such a command's own work.
import type * as NodeFs from "node:fs";

type TtyBinding = { isTTY?: (fd: number) => boolean };

/** TextEncoder, not Buffer: a client's first Buffer costs ~0.15 ms. */
const utf8 = new TextEncoder();

/** isatty(fd): Bun's tty_wrap binding (listed in its Node compatibility page), else node:tty's. */
export async function isatty(fd: number): Promise<boolean> {
  const binding = process.binding("tty_wrap") as TtyBinding;
  if (typeof binding.isTTY === "function") return binding.isTTY(fd);
  return (await import("node:tty")).isatty(fd);
}

/**
 * Writes to fd 1 and 2 in the order they are made. On a terminal or in control mode (`sync`
 * given: libc's write or node:fs's) they are synchronous, so a terminal or a reader that does not keep up holds
 * back the socket, as before; a script's command writes through Bun.write, in order, and its
 * end waits for them (flushed).
 */
export class ClientOutput {
  private tail: Promise<void> = Promise.resolve();
  /** Writes made through Bun.write not done yet: a synchronous writer waits for them, for the order. */
  private pending = 0;

  constructor(private sync: ((fd: number, bytes: Uint8Array) => void) | null) {}

  /** Write synchronously from now on (a client that came to keep a terminal), once what is pending has gone. */
  useSync(sync: (fd: number, bytes: Uint8Array) => void): void {
    this.sync = sync;
  }

  write(fd: 1 | 2, data: string | Uint8Array): void {
    const bytes = typeof data === "string" ? utf8.encode(data) : data;
    if (this.sync && this.pending === 0) return this.sync(fd, bytes);
    const target = fd === 1 ? Bun.stdout : Bun.stderr;
    this.pending++;
    // A closed stdout (EPIPE) has nothing more to show.
    this.tail = this.tail
      .then(() => Bun.write(target, bytes))
      .then(
        () => {},
        () => {},
      )
      .then(() => void this.pending--);
  }

  /** Everything written so far has gone. */
  flushed(): Promise<void> {
    return this.tail;
  }
}

export function writeAllSync(fs: typeof NodeFs, fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) {
    try {
      off += fs.writeSync(fd, bytes, off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EAGAIN") continue;
      return; // stdout closed: nothing more to show
    }
  }
}
