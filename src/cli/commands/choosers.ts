// What choose-tree, choose-buffer and choose-client share: their list over the target pane.
import type { CommandContext } from "./context.ts";
import type { CommandList } from "../../mux/lang/cmd-parse.ts";
import { enterMode, leaveMode } from "../../mux/model/index.ts";
import { Chooser, type ChooserAction, type ChooserList } from "../../mux/client/chooser.ts";
import { ClientConnection } from "../../mux/client/client-connection.ts";
import { queueTemplate } from "./arg-commands.ts";

/**
 * The list over the target pane, as tmux's window_pane_set_mode (for whoever looks at the pane,
 * attached now or later); a pick runs `template` with %% as the picking client's commands;
 * `actions` are the mode's own keys.
 */
export function openChooser(ctx: CommandContext, name: string, build: () => ChooserList, template: string | CommandList, actions: Record<string, ChooserAction> = {}): void {
  const { model } = ctx;
  const pane = ctx.target.pane;
  const chooser: Chooser = new Chooser(name, build, (target, by) => {
    leaveMode(model, pane, chooser);
    // Keys reach a pane's mode only from client connections (input, send-keys).
    if (target !== null && by instanceof ClientConnection) queueTemplate(ctx, by, template, [target]);
  }, actions);
  enterMode(model, pane, chooser);
}
