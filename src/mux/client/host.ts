// What a client connection needs of the server, so that clients never import it: running
// commands, the key tables, sizing sessions to their clients, the model, and formats' values.
import type { Model, Session, Pane, PaneTarget } from "../model/index.ts";
import type { KeyTables } from "../lang/bindings.ts";
import type { FormatEnv } from "../lang/format-vars.ts";
import type { PaneView } from "../../render/index.ts";
import type { CommandList } from "../lang/cmd-parse.ts";
import type { CommandMouse } from "../lang/command.ts";
import type { ClientConnection } from "./client-connection.ts";

/**
 * What queued commands take as current beside their client (tmux's cmdq_state): a menu's target
 * pane, and the mouse event a binding ran for ("=" targets and display-menu -xM read it).
 */
export interface RunState {
  current?: PaneTarget | null;
  mouse?: CommandMouse;
}

export interface ClientHost extends FormatEnv {
  readonly model: Model;
  readonly keys: KeyTables;
  /** The command table's names and aliases (what the prompt's Tab completes). */
  readonly entries: readonly { name: string; alias?: readonly string[] }[];
  /** A command message: argv parsed as tmux's command line, queued, then the client's exit. */
  dispatchCommand(conn: ClientConnection, argv: string[]): void;
  /** Run a command line (the prompt, a template) as this client. */
  runLine(line: string, conn: ClientConnection | null, state?: RunState): void;
  /**
   * A key binding's commands on the client's queue (key_bindings_dispatch): a read-only client
   * gets "client is read-only" instead unless every one of them is a read-only command.
   */
  runBinding(list: CommandList, conn: ClientConnection, state?: RunState): void;
  /** Queue commands on the client's queue. */
  runCommands(list: CommandList, conn: ClientConnection | null, state?: RunState): void;
  /** A control client's line: parsed and queued on its queue, each command guarded (%begin / %end). */
  runControlLine(conn: ClientConnection, line: string): void;
  /** Run fn once what is queued for the client now has run (a control client leaving after its lines). */
  afterQueued(conn: ClientConnection, fn: () => void): void;
  /** The session's attached clients changed size or number: size its windows again. */
  sessionSizeChanged(s: Session): void;
  removeClient(c: ClientConnection): void;
  /** How a pane is drawn (copy mode's offset, cursor, selection). */
  paneView(p: Pane): Partial<PaneView>;
}
