// What a client connection needs of the server, so that clients never import it: running
// commands, the key tables, sizing sessions to their clients, the model, and formats' values.
import type { Model, Session, Pane } from "../model/index.ts";
import type { KeyTables } from "../lang/bindings.ts";
import type { FormatEnv } from "../lang/format-vars.ts";
import type { PaneView } from "../../render/index.ts";
import type { TerminalInfo } from "./protocol.ts";
import type { ClientConnection } from "./client-connection.ts";

/** Where a command's output goes and what it knows of its caller. */
export interface CommandCaller {
  conn: ClientConnection | null;
  cwd: string;
  env: Record<string, string>;
  terminal?: TerminalInfo;
  print(text: string): void;
  printError(text: string): void;
}

/** What a control client's parser checks of a command: its name, flags and argument counts. */
export interface CommandShape {
  name: string;
  usage: string;
  args: string;
  minArgs?: number;
  maxArgs?: number;
}

export interface ClientHost extends FormatEnv {
  readonly model: Model;
  readonly keys: KeyTables;
  /** Run one or more commands (split at ';'); resolves to the exit code. */
  run(argv: string[], caller: CommandCaller): Promise<number>;
  /** Run one command, its argv already parsed (a control client's lines); resolves to the exit code. */
  runSingle(argv: string[], caller: CommandCaller): number | Promise<number>;
  /** The command a name (or unique prefix, or alias) means; throws tmux's unknown/ambiguous error. */
  findCommand(name: string): CommandShape;
  /** The command a name means, or undefined. */
  commandSpec(name: string): CommandShape | undefined;
  /** Run a command line (a binding, the prompt) as this client. */
  runLine(line: string, conn: ClientConnection | null): Promise<number>;
  /** A caller whose output shows on `conn` (a message, or a view over the pane). */
  internalCaller(conn: ClientConnection | null): CommandCaller;
  /** The session's attached clients changed size or number: size its windows again. */
  sessionSizeChanged(s: Session): void;
  removeClient(c: ClientConnection): void;
  /** How a pane is drawn (copy mode's offset, cursor, selection). */
  paneView(p: Pane): Partial<PaneView>;
}
