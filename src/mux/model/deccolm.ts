// DECCOLM (CSI ? 3 h / l) as tmux 3.3a has it: the cursor goes home and the screen is cleared,
// the width stays. xterm does nothing without its window options, so vttest's screens that
// follow its 132-column test were drawn over the old one.
import type { IDisposable, Terminal } from "@xterm/headless";
import { ED_ALL, inputHandler, type CsiParams } from "./xterm-input.ts";

const HOME: CsiParams = { length: 0, params: [] };

/** Makes DECCOLM home the cursor (within the scroll region in origin mode) and clear the screen. */
export function clearOnDeccolm(terminal: Terminal): IDisposable[] {
  const ih = inputHandler(terminal);
  if (!ih) return [];
  // Returning false lets xterm's handler see the other modes of the same sequence.
  const handler = (params: (number | number[])[]): boolean => {
    if (params.includes(3)) {
      ih.cursorPosition(HOME);
      ih.eraseInDisplay(ED_ALL, false);
    }
    return false;
  };
  return [
    terminal.parser.registerCsiHandler({ prefix: "?", final: "h" }, handler),
    terminal.parser.registerCsiHandler({ prefix: "?", final: "l" }, handler),
  ];
}
