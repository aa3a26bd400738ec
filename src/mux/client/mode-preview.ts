// What the mode tree's preview box shows for a client (choose-client), as tmux's
// window_client_draw: its active pane's screen (the part around the cursor), a line, and its
// status line as last drawn; every cell in its own colours and attributes.
import { Attr } from "../../render/index.ts";
import type { Pane } from "../model/index.ts";
import { statusLineCount } from "./status.ts";
import type { ClientConnection } from "./client-connection.ts";
import type { PreviewContent } from "./mode-box.ts";
import { copyScreen, PreviewGrid, putStyled } from "./preview-grid.ts";

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
 * shows, else the top-left; the cursor's cell in reverse, its colours kept (screen_write_preview).
 */
export function paneGrid(p: Pane, width: number, height: number): PreviewGrid {
  const b = p.terminal.buffer.active;
  const cursorShown = !((p.terminal as unknown as CursorInternals)._core?.coreService?.isCursorHidden ?? false);
  const px = cursorShown ? windowStart(b.cursorX, width, p.cols) : 0;
  const py = cursorShown ? windowStart(b.cursorY, height, p.rows) : 0;
  const g = copyScreen(p.terminal, px, py, width, height);
  const cur = cursorShown ? g.cell(b.cursorX - px, b.cursorY - py) : undefined;
  if (cur) g.set(b.cursorX - px, b.cursorY - py, { ...cur, ch: cur.ch === "" ? " " : cur.ch, attrs: cur.attrs | Attr.inverse });
  return g;
}

export function panePreview(p: Pane, width: number, height: number): PreviewContent {
  return paneGrid(p, width, height).content();
}

export function clientPreview(c: ClientConnection, width: number, height: number): PreviewContent {
  const s = c.session;
  const g = new PreviewGrid(width, height);
  if (!s) return g.content();
  let lines = statusLineCount(s.options);
  if (lines >= height) lines = 0;
  const top = lines > 0 && s.options.getString("status-position") === "top";
  const y0 = top ? lines : 0;
  const pane = paneGrid(s.current.active, width, Math.max(0, height - 2 - lines));
  for (let y = 0; y < pane.height; y++) for (let x = 0; x < width; x++) g.set(x, y0 + y, { ...pane.cell(x, y)! });
  // tmux puts the line under the status line's second row when the status is at the top.
  g.put(0, top ? 2 : height - 1 - lines, "─".repeat(width));
  const status = c.view.statusCells();
  for (let i = 0; i < lines; i++) putStyled(g, (top ? 0 : height - lines) + i, status[i] ?? []);
  return g.content();
}
