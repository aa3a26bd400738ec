// Entering and leaving a pane's modes (copy mode, and the others as tmux's window modes
// stack), and where copied text goes: a paste buffer, and with set-clipboard the host's
// clipboard through OSC 52 (pane-set-clipboard).
import { CopyMode, type CopyOptions } from "./copy-mode.ts";
import type { Pane, PaneMode } from "./pane.ts";
import type { Model } from "./model.ts";
import type { Window } from "./window.ts";

export interface EnterOptions {
  /** Start a page up (copy-mode -u, C-b PageUp). */
  pageUp?: boolean;
  /** Leave again when scrolled back to the bottom (copy-mode -e, the mouse wheel). */
  exitAtBottom?: boolean;
}

/** The pane's copy mode, entered if it was not in it. */
export function enterCopyMode(model: Model, pane: Pane, opts: EnterOptions = {}): CopyMode {
  let cm = pane.copyMode;
  const entered = !cm;
  if (!cm) {
    const w = model.findPane(pane.id)?.window;
    const vi = w?.options.getString("mode-keys") === "vi";
    pane.settleHistory(); // copy mode reads the store itself
    const mode: CopyMode = new CopyMode(
      pane.terminal,
      {
        copy: (text, opts) => copyText(model, pane, text, opts),
        changed: () => model.notify.emit({ type: "pane-changed", pane }),
        moved: () => modeChanged(model, pane, true),
        exit: () => {
          if (pane.copyMode === mode) pane.copyMode = null;
          modeChanged(model, pane);
        },
      },
      vi,
      pane.history,
    );
    cm = mode;
    const t = model.findPane(pane.id);
    if (t) {
      cm.wordSeparators = t.session.options.getString("word-separators");
      cm.wrapSearch = t.window.options.getFlag("wrap-search");
    }
    pane.copyMode = cm;
    cm.exitAtBottom = opts.exitAtBottom ?? false;
  } else if (!opts.exitAtBottom) {
    // Entered again from the keyboard: stay even at the bottom.
    cm.exitAtBottom = false;
  }
  if (opts.pageUp) cm.pageUp();
  modeChanged(model, pane, !entered);
  return cm;
}

/**
 * Show `mode` over the pane, as tmux's window_pane_set_mode: nothing if one of its name is
 * already shown, that one brought to the top if it is under another, else `mode` on top.
 * Returns the mode now shown.
 */
export function enterMode(model: Model, pane: Pane, mode: PaneMode): PaneMode {
  const same = pane.modeStack.find((m) => m.name === mode.name);
  if (same) mode.close?.();
  if (same === pane.modeStack[0] && same) return same;
  if (same) pane.modeStack.splice(pane.modeStack.indexOf(same), 1);
  const shown = same ?? mode;
  pane.modeStack.unshift(shown);
  modeChanged(model, pane);
  return shown;
}

/** The mode leaves the pane (a pick, q, a key on the clock); the one under it shows again. */
export function leaveMode(model: Model, pane: Pane, mode: PaneMode): void {
  const i = pane.modeStack.indexOf(mode);
  if (i < 0) return;
  pane.modeStack.splice(i, 1);
  mode.close?.();
  modeChanged(model, pane);
}

/** pane_mode: the mode shown (a pane mode over copy mode), "" for none. */
export function paneModeName(pane: Pane): string {
  return pane.modeStack[0]?.name ?? (pane.copyMode ? "copy-mode" : "");
}

/** pane_in_mode: how many modes the pane is in (tmux counts its stack). */
export function paneModeCount(pane: Pane): number {
  return pane.modeStack.length + (pane.copyMode ? 1 : 0);
}

/**
 * Something about a pane's mode changed: entered or left (tmux's pane-mode-changed), or with
 * `view` only its view (moved by the mouse, entered again).
 */
export function modeChanged(model: Model, pane: Pane, view = false): void {
  if (model.findPane(pane.id)) model.notify.emit({ type: "pane-mode-changed", pane, ...(view ? { view } : {}) });
}

/**
 * Copied text becomes the newest paste buffer (or, appended, the end of the newest) and, unless
 * set-clipboard is off, the clipboard; copy-pipe's and pipe's command, or copy-command, gets it
 * on its stdin (window_copy_pipe_run).
 */
export function copyText(model: Model, pane: Pane, text: string, opts: CopyOptions = {}): void {
  const command = opts.pipe === undefined ? "" : opts.pipe || model.serverOptions.getString("copy-command");
  if (command !== "") model.runCopyCommand?.(command, text, pane);
  if (opts.noBuffer) return;
  if (model.serverOptions.getString("set-clipboard") !== "off") model.notify.emit({ type: "pane-set-clipboard", pane, text });
  const top = opts.append ? model.buffers[0] : undefined;
  if (top) model.addBuffer(top.data + text, top.name);
  else model.addBuffer(text, undefined, opts.prefix);
}

/**
 * The panes a key typed into `pane` of `w` goes to (tmux's window_pane_key and
 * window_pane_copy_key): the pane itself, and under synchronize-panes every other pane of the
 * window that has the option too, shows no mode, is alive, takes input, and is visible (a zoomed
 * window shows only its zoomed pane). Each pane encodes the key for its own modes.
 */
export function synchronizedPanes(w: Window, pane: Pane): Pane[] {
  const out = [pane];
  if (!pane.options.getFlag("synchronize-panes")) return out;
  for (const p of w.panes.values()) {
    if (p === pane || paneModeCount(p) > 0 || p.dead || p.inputOff) continue;
    if (w.zoomed && w.zoomed !== p) continue;
    if (p.options.getFlag("synchronize-panes")) out.push(p);
  }
  return out;
}
