// Where the history store meets xterm: moving the rows above a terminal's screen into the store
// (drain), and one IBuffer over store + terminal for the code that reads xterm's buffer.
import type { IBuffer, IBufferCell, IBufferLine, Terminal } from "@xterm/headless";
import { packBg, packFg } from "./attrs.ts";
import { HistoryCell } from "./cell.ts";
import type { HistoryStore } from "./store.ts";

/** The parts of xterm's Buffer drain changes (internals: no public API removes scrollback rows). */
interface CoreBuffer {
  lines: { length: number; trimStart(n: number): void };
  ybase: number;
  ydisp: number;
  savedY: number;
}

function normalBuffer(t: Terminal): CoreBuffer | null {
  const core: unknown = Reflect.get(t, "_core");
  const set: unknown = core && typeof core === "object" ? Reflect.get(core, "buffers") : undefined;
  const normal: unknown = set && typeof set === "object" ? Reflect.get(set, "normal") : undefined;
  if (!normal || typeof normal !== "object") return null;
  const lines: unknown = Reflect.get(normal, "lines");
  if (!lines || typeof lines !== "object" || typeof Reflect.get(lines, "trimStart") !== "function") return null;
  return normal as CoreBuffer;
}

/**
 * Move the terminal's scrollback rows into the store, up to the start of the logical line that
 * reaches into the screen (xterm keeps that whole line, so a resize reflows it as one), and
 * remove them from xterm. A logical line longer than `maxKept` rows is cut there. Returns the
 * rows moved. The store's width must be the terminal's.
 */
export function drainScrollback(t: Terminal, store: HistoryStore, maxKept = 1000): number {
  const core = normalBuffer(t);
  if (!core) return 0;
  const buf = t.buffer.normal;
  const base = buf.baseY;
  let y = base;
  while (y > 0 && base - y < maxKept && buf.getLine(y)?.isWrapped) y--;
  if (base - y >= maxKept) y = base - maxKept;
  if (y <= 0) return 0;
  const cell = buf.getNullCell();
  for (let i = 0; i < y; i++) {
    const line = buf.getLine(i);
    if (line) store.pushLine(line, cell);
  }
  core.lines.trimStart(y);
  core.ybase -= y;
  core.ydisp = Math.max(0, core.ydisp - y);
  core.savedY = Math.max(0, core.savedY - y);
  return y;
}

/** An xterm line read through HistoryCell (so one cell object serves store and terminal rows). */
class TerminalRow implements IBufferLine {
  constructor(
    private readonly line: IBufferLine,
    private readonly scratch: IBufferCell,
  ) {}
  get isWrapped(): boolean {
    return this.line.isWrapped;
  }
  get length(): number {
    return this.line.length;
  }
  getCell(x: number, cell?: IBufferCell): IBufferCell | undefined {
    const c = this.line.getCell(x, this.scratch);
    if (!c) return undefined;
    const out = cell instanceof HistoryCell ? cell : new HistoryCell();
    return out.set(c.getChars(), c.getWidth(), packFg(c), packBg(c));
  }
  translateToString(trimRight?: boolean, startColumn?: number, endColumn?: number): string {
    return this.line.translateToString(trimRight, startColumn, endColumn);
  }
}

/**
 * The pane's buffer as xterm's IBuffer: the store's rows, then the terminal's normal buffer
 * (what is left of its scrollback and its screen). While the alternate screen is on, `active`
 * reads it alone: it has no history.
 */
export function historyBuffer(store: HistoryStore, t: Terminal, which: "active" | "normal" = "active"): IBuffer {
  const buf = which === "active" ? t.buffer.active : t.buffer.normal;
  const hist = buf.type === "normal" ? store.rows : 0;
  const scratch = buf.getNullCell();
  return {
    type: buf.type,
    cursorX: buf.cursorX,
    cursorY: buf.cursorY,
    baseY: hist + buf.baseY,
    viewportY: hist + buf.viewportY,
    length: hist + buf.length,
    getLine(y: number): IBufferLine | undefined {
      if (y < hist) return store.getLine(y);
      const line = buf.getLine(y - hist);
      return line ? new TerminalRow(line, scratch) : undefined;
    },
    getNullCell(): IBufferCell {
      return new HistoryCell();
    },
  };
}
