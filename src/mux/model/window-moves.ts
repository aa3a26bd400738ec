// Windows changing place: link-window and move-window (to another index or session), swap-window,
// and move-window -r's renumbering, as tmux's server_link_window / server_unlink_window do them.
import type { Model } from "./model.ts";
import type { Session } from "./session.ts";
import type { Winlink } from "./winlink.ts";
import { UserError } from "./errors.ts";
import { synchronizeFrom } from "./session-group.ts";

export interface LinkOptions {
  /** The index to link at; null for the first free one from base-index. */
  index: number | null;
  /** -k: a window already at the index is unlinked from there. */
  kill: boolean;
  /** Not -d: the window becomes the destination's current one. */
  select: boolean;
}

export interface MoveOptions extends LinkOptions {
  /** renumber-windows closes the gap left in the source session (tmux skips it with -s). */
  renumberSource: boolean;
}

/** Two sessions of one group cannot link or swap windows between them: they share them already. */
function sameGroup(a: Session, b: Session): boolean {
  return a !== b && a.group !== null && a.group === b.group;
}

/**
 * link-window (tmux's server_link_window): the source link's window also at an index of `dst`
 * (replacing what is there with -k); the destination's group follows. Returns the new link.
 */
export function linkWindow(model: Model, src: Winlink, dst: Session, opts: LinkOptions): Winlink {
  if (sameGroup(src.session, dst)) throw new UserError("sessions are grouped");
  let select = opts.select;
  const existing = opts.index !== null ? dst.linkAt(opts.index) : undefined;
  if (existing) {
    if (existing.window === src.window) throw new UserError(`same index: ${opts.index}`);
    if (opts.kill) {
      // It goes without ending the session; if it was current, the linked one shows.
      if (existing === dst.curw) select = true;
      model.replaceLink(dst, existing);
    }
  }
  const index = opts.index ?? dst.freeIndex();
  if (dst.linkAt(index)) throw new UserError(`index in use: ${index}`);
  const wl = dst.attach(src.window, index);
  synchronizeFrom(dst);
  if (select || !dst.links.includes(dst.curw)) dst.select(wl);
  return wl;
}

/**
 * move-window: link there, then unlink from where it was; a source session left without
 * windows ends. Announces window-linked then -unlinked.
 */
export function moveWindow(model: Model, src: Winlink, dst: Session, opts: MoveOptions): void {
  const from = src.session;
  linkWindow(model, src, dst, opts);
  model.unlink(from, src);
  if (opts.renumberSource && from.options.getFlag("renumber-windows")) from.renumber();
}

/**
 * swap-window: the two links exchange their windows (tmux swaps the windows under the
 * winlinks: what was current or last at an index still is). `select` (tmux's -d, as it has it)
 * makes each session's current the index the other window went to.
 */
export function swapWindows(a: Winlink, b: Winlink, select: boolean): void {
  const sa = a.session;
  const sb = b.session;
  if (sameGroup(sa, sb)) throw new UserError("can't move window, sessions are grouped");
  if (a.window === b.window) return;
  const wa = a.window;
  const wb = b.window;
  wa.links = wa.links.filter((x) => x !== a);
  wb.links = wb.links.filter((x) => x !== b);
  b.window = wa;
  wa.links.push(b);
  a.window = wb;
  wb.links.push(a);
  if (select) {
    sb.select(b);
    if (sa !== sb) sa.select(a);
  }
  for (const s of sa === sb ? [sa] : [sa, sb]) {
    synchronizeFrom(s);
    // The current window changed under the current link: its clients show the other now.
    if (s.curw === a || s.curw === b) s.notify.emit({ type: "session-window-changed", session: s, window: s.current });
  }
}

/** move-window -r: the session's windows numbered again from base-index. */
export function renumberWindows(s: Session): void {
  s.renumber();
  s.notify.emit({ type: "session-window-changed", session: s, window: s.current });
}
