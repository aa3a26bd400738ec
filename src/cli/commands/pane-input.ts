// The calling client's stdin written onto an empty pane's screen, as terminal output (tmux's
// window_pane_start_input): display-message -I and split-window -I.
import { CommandError } from "../../mux/lang/command.ts";
import type { Pane } from "../../mux/model/index.ts";
import type { CommandContext } from "./context.ts";

/**
 * Throws for a pane with a program; nothing for a client with nothing to read (none, gone, or
 * attached: its stdin is its terminal); otherwise resolves once the client's stdin has ended,
 * the command waiting until then as tmux's CMD_RETURN_WAIT.
 */
export function startPaneInput(ctx: CommandContext, pane: Pane): Promise<void> | undefined {
  if (!pane.empty) throw new CommandError("pane is not empty");
  const client = ctx.client;
  if (!client || client.closed || client.session) return undefined;
  return client.readStdin((bytes) => {
    // The pane may be killed while the client still sends: the rest belongs to no screen.
    if (ctx.model.findPane(pane.id)) pane.writeToScreen(bytes);
  });
}
