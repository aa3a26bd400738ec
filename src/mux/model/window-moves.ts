// Windows changing place: move-window (to another index or session), swap-window, and
// move-window -r's renumbering, as tmux's server_link_window / session_detach do them.
import type { Model } from "./model.ts";
import type { Session } from "./session.ts";
import type { Window } from "./window.ts";
import { UserError } from "./errors.ts";

export interface MoveOptions {
  /** The index to move to; null for the first free one from base-index. */
  index: number | null;
  /** -k: a window already at the index is killed. */
  kill: boolean;
  /** Not -d: the window becomes its new session's current one. */
  select: boolean;
  /** renumber-windows closes the gap left in the source session (tmux skips it with -s). */
  renumberSource: boolean;
}

/**
 * Move a window to `dst` at an index (tmux's move-window: link there, then unlink from where
 * it was); a source session left without windows ends. Announces window-linked then -unlinked.
 */
export function moveWindow(model: Model, w: Window, dst: Session, opts: MoveOptions): void {
  const src = w.session;
  let select = opts.select;
  const existing = opts.index !== null ? dst.window(opts.index) : undefined;
  if (existing === w) throw new UserError(`same index: ${opts.index}`);
  if (existing) {
    if (!opts.kill) throw new UserError(`index in use: ${opts.index}`);
    // The window it replaces goes without ending the session; if it was current, the moved one shows.
    if (existing === dst.current) select = true;
    model.killWindow(existing, true);
  }
  const index = opts.index ?? dst.freeIndex();
  src.removeWindow(w, opts.renumberSource && src.options.getFlag("renumber-windows"));
  w.index = index;
  w.session = dst;
  w.link++;
  dst.addWindow(w);
  model.notify.emit({ type: "window-linked", session: dst, window: w });
  model.notify.emit({ type: "window-unlinked", session: src, window: w });
  if (select || !dst.windows.includes(dst.current)) dst.select(w);
  if (src !== dst && src.windows.length === 0) model.destroySession(src);
}

/**
 * swap-window: the two windows exchange indexes (and sessions). The current window of each
 * session stays the one at its index, as tmux's winlinks do; `select` (tmux's -d, as it has it)
 * makes each session's current the index the other window went to.
 */
export function swapWindows(a: Window, b: Window, select: boolean): void {
  if (a === b) return;
  const sa = a.session;
  const sb = b.session;
  const ia = a.index;
  a.index = b.index;
  b.index = ia;
  a.link++;
  b.link++;
  if (sa !== sb) {
    sa.windows = sa.windows.filter((x) => x !== a);
    sb.windows = sb.windows.filter((x) => x !== b);
    a.session = sb;
    b.session = sa;
    sa.addWindow(b);
    sb.addWindow(a);
  } else sa.windows.sort((x, y) => x.index - y.index);
  // tmux swaps the windows under the winlinks: what was current (or last) at an index still is.
  if (sa === sb) sa.exchange(new Map([[a, b], [b, a]]));
  else {
    sa.exchange(new Map([[a, b]]));
    sb.exchange(new Map([[b, a]]));
  }
  if (select) {
    sb.select(a);
    if (sa !== sb) sa.select(b);
  }
}

/** move-window -r: the session's windows numbered again from base-index. */
export function renumberWindows(s: Session): void {
  s.renumber();
  s.notify.emit({ type: "session-window-changed", session: s, window: s.current });
}
