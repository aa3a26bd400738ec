// What the mode tree's preview box shows for a client (choose-client), as tmux's
// window_client_draw: its active pane's screen (the part around the cursor), a line, and its
// status line as last drawn. Text only: the colours of the pane and status line are not kept.
import type { Pane } from "../model/index.ts";
import { statusLineCount } from "./status.ts";
import type { ClientConnection } from "./client-connection.ts";
import type { PreviewContent } from "./mode-box.ts";

interface CursorInternals {
  _core?: { coreService?: { isCursorHidden?: boolean } };
}

/** The first column or row of a `size` window over `total` that keeps `at` a third of the way in (screen_write_preview). */
function windowStart(at: number, size: number, total: number): number {
  let start = at < Math.floor(size / 3) ? 0 : at - Math.floor(size / 3);
  if (start + size > total) start = size > total ? 0 : total - size;
  return start;
}

/**
 * `width` x `height` of the pane's own screen (under any mode): around its cursor when that
 * shows, else the top-left; the cursor's cell in reverse, as screen_write_preview.
 */
export function panePreview(p: Pane, width: number, height: number): PreviewContent {
  const b = p.terminal.buffer.active;
  const cursorShown = !((p.terminal as unknown as CursorInternals)._core?.coreService?.isCursorHidden ?? false);
  const px = cursorShown ? windowStart(b.cursorX, width, p.cols) : 0;
  const py = cursorShown ? windowStart(b.cursorY, height, p.rows) : 0;
  const out: string[] = [];
  for (let y = py; y < Math.min(p.rows, py + height); y++) out.push(b.getLine(b.baseY + y)?.translateToString(true, px, px + width) ?? "");
  return { lines: out, highlights: cursorShown ? [{ x: b.cursorX - px, y: b.cursorY - py, width: 1, reverse: true }] : [] };
}

export function clientPreview(c: ClientConnection, width: number, height: number): PreviewContent {
  const s = c.session;
  if (!s) return { lines: [] };
  let lines = statusLineCount(s.options);
  if (lines >= height) lines = 0;
  const top = lines > 0 && s.options.getString("status-position") === "top";
  const out: string[] = new Array<string>(height).fill("");
  const pane = panePreview(s.current.active, width, height - 2 - lines);
  const y0 = top ? lines : 0;
  pane.lines.forEach((l, i) => (out[y0 + i] = l));
  // tmux puts the line under the status line's second row when the status is at the top.
  out[top ? 2 : height - 1 - lines] = "─".repeat(width);
  const status = c.view.statusText();
  for (let i = 0; i < lines; i++) out[(top ? 0 : height - lines) + i] = status[i] ?? "";
  return { lines: out, highlights: (pane.highlights ?? []).map((h) => ({ ...h, y: h.y + y0 })) };
}
