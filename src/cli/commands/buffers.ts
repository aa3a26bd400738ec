// What the paste-buffer commands share: the buffer named by -b (or the newest), its format
// variables for list-buffers, and paths relative to the client's directory.
import { resolve } from "node:path";
import { CommandError, value } from "../../mux/lang/command.ts";
import type { CommandContext } from "./context.ts";
import type { PasteBuffer } from "../../mux/model/index.ts";
import { expandFormat } from "../../mux/lang/format.ts";
import { formatLookup } from "../../mux/lang/format-vars.ts";

/** -b name, or the newest buffer. */
export function bufferArg(ctx: CommandContext): PasteBuffer {
  return ctx.model.getBuffer(value(ctx.args, "b"));
}

/** The first 50 characters, controls made visible, as tmux's buffer_sample. */
export function bufferSample(data: string): string {
  const chars = [...data];
  const shown = chars
    .slice(0, 50)
    .map((c) => (c === "\n" ? "\\n" : c === "\t" ? "\\t" : c === "\r" ? "\\r" : c < " " || c === "\x7f" ? `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}` : c))
    .join("");
  return chars.length > 50 ? `${shown}...` : shown;
}

/** `fmt` expanded for buffer `b`, with `extra` variables (choose-buffer -K's line). */
export function bufferFormat(ctx: CommandContext, fmt: string, b: PasteBuffer, extra: Record<string, string | number> = {}): string {
  const base = formatLookup(ctx.server, ctx.target ?? {});
  const vars: Record<string, string | number> = {
    ...extra,
    buffer_name: b.name,
    buffer_size: Buffer.byteLength(b.data, "utf8"),
    buffer_sample: bufferSample(b.data),
    buffer_created: Math.floor(b.created / 1000),
  };
  return expandFormat(fmt, (n) => (n in vars ? vars[n] : base(n)));
}

export function clientPath(ctx: CommandContext, path: string): string {
  if (path === "~" || path.startsWith("~/")) path = (ctx.env.HOME ?? "") + path.slice(1);
  return resolve(ctx.cwd, path);
}

/**
 * A buffer's text for path "-" (show-buffer, save-buffer -): a command-line client's stdout gets
 * it as it is, as tmux's file_write to "-"; an attached or control client sees it as printed lines.
 */
export function printBuffer(ctx: CommandContext, data: string): void {
  const c = ctx.client;
  if (c && !c.session && !c.control && !c.closed) c.printRaw(data);
  else ctx.print(data);
}

/**
 * The client's stdin for path "-" (load-buffer -, source-file -), as tmux's file_read: only a
 * command-line client has one to give; resolves with all of it once it ends.
 */
export async function readClientStdin(ctx: CommandContext): Promise<string> {
  const c = ctx.client;
  if (!c || c.closed || c.session || c.control) throw new CommandError("-: Bad file descriptor");
  const chunks: Uint8Array[] = [];
  await c.readStdin((bytes) => chunks.push(bytes.slice()));
  return Buffer.concat(chunks).toString("utf8");
}
