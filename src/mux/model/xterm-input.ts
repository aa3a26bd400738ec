// xterm's own handlers for the sequences weft reshapes as tmux has them (deccolm.ts,
// clear-home.ts): its internal InputHandler, checked for the methods used.
import type { Terminal } from "@xterm/headless";

/** The parameters of a CSI sequence as xterm's handlers take them. */
export interface CsiParams {
  readonly length: number;
  readonly params: readonly (number | number[])[];
}

/** The InputHandler methods weft calls; absent if xterm changes. */
export interface InputHandler {
  cursorPosition(params: CsiParams): boolean;
  eraseInDisplay(params: CsiParams, respectProtect: boolean): boolean;
}

/** ED 2: the whole screen. */
export const ED_ALL: CsiParams = { length: 1, params: [2] };

export function inputHandler(terminal: Terminal): InputHandler | null {
  const core: unknown = Reflect.get(terminal, "_core");
  const ih: unknown = typeof core === "object" && core !== null ? Reflect.get(core, "_inputHandler") : null;
  if (typeof ih !== "object" || ih === null) return null;
  const h = ih as Partial<InputHandler>;
  return typeof h.cursorPosition === "function" && typeof h.eraseInDisplay === "function" ? (h as InputHandler) : null;
}
