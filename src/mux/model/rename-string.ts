// screen's window-title string, ESC k name ST (or BEL), as tmux's input.c takes it: the string is
// taken out of the output before the terminal parses it (xterm would print the name) and handed
// on; allow-rename decides whether it renames the window (Model).

const ESC = 0x1b;
const BEL = 0x07;
const K = 0x6b;
// tmux keeps the string in its input buffer; a name longer than this is cut.
const MAX_NAME = 1024;

export class RenameStrings {
  private inString = false;
  /** The last chunk ended in ESC: held back until the next byte says what it starts. */
  private heldEsc = false;
  /** Inside the string, an ESC that may start its ST. */
  private stringEsc = false;
  private name: number[] = [];

  constructor(private readonly renamed: (name: string) => void) {}

  /** The pieces of `bytes` for the terminal, in order; null when all of it passes unchanged. */
  filter(bytes: Uint8Array): Uint8Array[] | null {
    if (!this.inString && !this.heldEsc && !hasEscK(bytes)) return null;
    const out: Uint8Array[] = [];
    let from = 0;
    let i = 0;
    if (this.heldEsc) {
      this.heldEsc = false;
      if (bytes[0] === K) {
        this.start();
        i = from = 1;
      } else out.push(Uint8Array.of(ESC));
    }
    while (i < bytes.length) {
      if (this.inString) {
        i = this.take(bytes, i);
        from = i;
        continue;
      }
      const esc = bytes.indexOf(ESC, i);
      if (esc === -1) break;
      if (esc === bytes.length - 1) {
        if (esc > from) out.push(bytes.subarray(from, esc));
        this.heldEsc = true;
        return out;
      }
      if (bytes[esc + 1] === K) {
        if (esc > from) out.push(bytes.subarray(from, esc));
        this.start();
        i = from = esc + 2;
      } else i = esc + 1;
    }
    if (from < bytes.length && !this.inString) out.push(bytes.subarray(from));
    return out;
  }

  private start(): void {
    this.inString = true;
    this.stringEsc = false;
    this.name = [];
  }

  /** String bytes from `i`: collected until ST or BEL; returns where the rest of the output starts. */
  private take(bytes: Uint8Array, i: number): number {
    for (; i < bytes.length; i++) {
      const b = bytes[i] ?? 0;
      if (this.stringEsc) {
        // ESC and the next byte end it, whatever that byte is (tmux's consume-ST state).
        this.stringEsc = false;
        return this.end(i + 1);
      }
      if (b === BEL) return this.end(i + 1);
      if (b === ESC) this.stringEsc = true;
      else if (this.name.length < MAX_NAME) this.name.push(b);
    }
    return i;
  }

  private end(next: number): number {
    this.inString = false;
    const bytes = Uint8Array.from(this.name);
    this.name = [];
    try {
      this.renamed(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      // Not UTF-8: tmux ignores the name.
    }
    return next;
  }
}

function hasEscK(bytes: Uint8Array): boolean {
  for (let i = bytes.indexOf(ESC); i !== -1; i = bytes.indexOf(ESC, i + 1)) {
    if (i === bytes.length - 1 || bytes[i + 1] === K) return true;
  }
  return false;
}
