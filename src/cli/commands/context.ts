// The command table's types: the language's CommandContext and CommandEntry with this server
// as their host and a client connection as their client (the language knows neither).
export type { ServerCommandContext as CommandContext, ServerCommandEntry as CommandEntry } from "../../mux/server/server.ts";
