// DECCOLM (CSI ? 3 h / l) as tmux 3.3a has it: the cursor goes home and the screen is cleared,
// the width stays. xterm does nothing without its window options, so vttest's screens that
// follow its 132-column test were drawn over the old one.
import type { IDisposable, Terminal } from "@xterm/headless";

interface CsiParams {
  readonly length: number;
  readonly params: readonly (number | number[])[];
}

/** The two InputHandler methods DECCOLM needs (xterm's own CUP and ED); absent if xterm changes. */
interface InputHandler {
  cursorPosition(params: CsiParams): boolean;
  eraseInDisplay(params: CsiParams, respectProtect: boolean): boolean;
}

function inputHandler(terminal: Terminal): InputHandler | null {
  const core: unknown = Reflect.get(terminal, "_core");
  const ih: unknown = typeof core === "object" && core !== null ? Reflect.get(core, "_inputHandler") : null;
  if (typeof ih !== "object" || ih === null) return null;
  const h = ih as Partial<InputHandler>;
  return typeof h.cursorPosition === "function" && typeof h.eraseInDisplay === "function" ? (h as InputHandler) : null;
}

const HOME: CsiParams = { length: 0, params: [] };
const ALL: CsiParams = { length: 1, params: [2] };

/** Makes DECCOLM home the cursor (within the scroll region in origin mode) and clear the screen. */
export function clearOnDeccolm(terminal: Terminal): IDisposable[] {
  const ih = inputHandler(terminal);
  if (!ih) return [];
  // Returning false lets xterm's handler see the other modes of the same sequence.
  const handler = (params: (number | number[])[]): boolean => {
    if (params.includes(3)) {
      ih.cursorPosition(HOME);
      ih.eraseInDisplay(ALL, false);
    }
    return false;
  };
  return [
    terminal.parser.registerCsiHandler({ prefix: "?", final: "h" }, handler),
    terminal.parser.registerCsiHandler({ prefix: "?", final: "l" }, handler),
  ];
}
