// Entering and leaving copy mode on a pane, and where copied text goes: a paste buffer, and
// with set-clipboard the host's clipboard through OSC 52.
import { CopyMode } from "../model/copy-mode.ts";
import type { Pane } from "../model/pane.ts";
import type { Server } from "./server.ts";

export interface EnterOptions {
  /** Start a page up (copy-mode -u, C-b PageUp). */
  pageUp?: boolean;
  /** Leave again when scrolled back to the bottom (copy-mode -e, the mouse wheel). */
  exitAtBottom?: boolean;
}

/** The pane's copy mode, entered if it was not in it. */
export function enterCopyMode(server: Server, pane: Pane, opts: EnterOptions = {}): CopyMode {
  let cm = pane.copyMode;
  if (!cm) {
    const w = server.findPane(pane.id)?.window;
    const vi = w?.options.getString("mode-keys") === "vi";
    const mode: CopyMode = new CopyMode(
      pane.terminal,
      {
        copy: (text) => copyText(server, text),
        changed: () => server.paneChanged(pane),
        exit: () => {
          if (pane.copyMode === mode) pane.copyMode = null;
          modeChanged(server, pane);
        },
      },
      vi,
    );
    cm = mode;
    pane.copyMode = cm;
    cm.exitAtBottom = opts.exitAtBottom ?? false;
  } else if (!opts.exitAtBottom) {
    // Entered again from the keyboard: stay even at the bottom.
    cm.exitAtBottom = false;
  }
  if (opts.pageUp) cm.pageUp();
  modeChanged(server, pane);
  return cm;
}

/** Something about a pane's mode changed: repaint wherever its window shows. */
export function modeChanged(server: Server, pane: Pane): void {
  const t = server.findPane(pane.id);
  if (t) server.windowChanged(t.window);
}

/** Copied text becomes the newest paste buffer and, unless set-clipboard is off, the clipboard. */
export function copyText(server: Server, text: string): void {
  server.addBuffer(text);
  if (server.serverOptions.getString("set-clipboard") === "off") return;
  for (const c of server.clients) if (c.session) c.setClipboard(text);
}
