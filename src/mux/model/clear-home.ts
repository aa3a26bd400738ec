// ED 0 (CSI J) with the cursor home clears the whole screen, and tmux 3.3a treats it as ED 2:
// under scroll-on-clear the screen goes into the history (screen_write_clearendofscreen). xterm
// does that for ED 2 only, so `clear` (terminfo's \E[H\E[J) left no history behind.
import type { IDisposable, Terminal } from "@xterm/headless";
import { ED_ALL, inputHandler } from "./xterm-input.ts";


/** Makes ED 0 at the top-left corner of the normal screen clear it as ED 2 does. */
export function clearFromHomeAsAll(terminal: Terminal): IDisposable[] {
  const ih = inputHandler(terminal);
  if (!ih) return [];
  const handler = (params: (number | number[])[]): boolean => {
    if ((params[0] ?? 0) !== 0 || params.length > 1) return false;
    const b = terminal.buffer.active;
    // The alternate screen has no history (tmux's GRID_HISTORY), and without scroll-on-clear
    // ED 2 clears in place too: both are xterm's ED 0 already.
    if (b.type !== "normal" || b.cursorX !== 0 || b.cursorY !== 0 || !terminal.options.scrollOnEraseInDisplay) return false;
    return ih.eraseInDisplay(ED_ALL, false);
  };
  return [terminal.parser.registerCsiHandler({ final: "J" }, handler)];
}
