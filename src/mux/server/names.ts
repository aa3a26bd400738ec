// automatic-rename as tmux's names.c: when a window's active pane has changed (output, a mode,
// its program ending), its name becomes automatic-rename-format expanded for the window, at most
// once every NAME_INTERVAL; a change inside the interval is looked at when the interval ends,
// and every change is looked at once more an interval later (a shell's echo comes just before
// it execs the program the name should show).
import type { Window } from "../model/index.ts";
import { expandAt, type FormatEnv } from "../lang/format-vars.ts";

// tmux's NAME_INTERVAL (names.c): renaming follows the program without expanding a format (and
// reading /proc) on every burst of output.
const NAME_INTERVAL = 500;

interface NameState {
  last: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const states = new WeakMap<Window, NameState>();

/** The window's active pane changed: rename it now, or when the interval since the last check ends. */
export function checkWindowName(server: FormatEnv, w: Window): void {
  if (!w.options.getFlag("automatic-rename")) return;
  let st = states.get(w);
  if (!st) states.set(w, (st = { last: 0, timer: null }));
  if (st.timer) return;
  const left = st.last + NAME_INTERVAL - performance.now();
  if (left <= 0) renameNow(server, w, st);
  later(server, w, st, left > 0 ? left : NAME_INTERVAL);
}

function later(server: FormatEnv, w: Window, st: NameState, ms: number): void {
  st.timer = setTimeout(() => {
    st.timer = null;
    renameNow(server, w, st);
  }, ms);
}

function renameNow(server: FormatEnv, w: Window, st: NameState): void {
  st.last = performance.now();
  // A window closed (or renamed by hand) in the meantime keeps what it has.
  if (w.panes.size === 0 || !w.options.getFlag("automatic-rename")) return;
  const name = expandAt(server, { window: w }, w.options.getString("automatic-rename-format"));
  w.setName(name);
}

/** A window that goes forgets its pending check. */
export function forgetWindowName(w: Window): void {
  const st = states.get(w);
  if (st?.timer) clearTimeout(st.timer);
  states.delete(w);
}
