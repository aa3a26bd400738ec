// What display-menu and display-popup share: the client they open on (-c), and where their box
// goes (-x, -y) for that client and the target pane.
import { value } from "../../mux/lang/command.ts";
import { expandFormat } from "../../mux/lang/format.ts";
import { formatScope } from "../../mux/lang/format-vars.ts";
import { overlayPosition } from "../../mux/client/overlay-position.ts";
import { windowStatusX } from "../../mux/client/status.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";
import type { CommandContext } from "./context.ts";

/** -c, else the calling client, else the most recent: the one the overlay opens on. */
export function overlayClient(ctx: CommandContext): ClientConnection {
  return ctx.server.targetClient(value(ctx.args, "c"), ctx.client);
}

/** The box's top-left for -x / -y on `client`; null when it is bigger than the client. */
export function overlayPlace(ctx: CommandContext, client: ClientConnection, width: number, height: number): { x: number; y: number } | null {
  const t = ctx.target;
  const statusOn = t.session.options.getFlag("status");
  const rect = t.window.rect(t.pane);
  const scope = formatScope(ctx.server, { session: t.session, window: t.window, pane: t.pane, client });
  return overlayPosition({
    cols: client.cols,
    rows: client.rows,
    width,
    height,
    statusLines: statusOn ? 1 : 0,
    statusTop: false,
    windowStatusX: statusOn ? windowStatusX(ctx.server, t.session, t.window.index) : undefined,
    pane: rect,
    ...(ctx.mouse ? { mouse: { x: ctx.mouse.x, y: ctx.mouse.y } } : {}),
    x: value(ctx.args, "x"),
    y: value(ctx.args, "y"),
    expand: (fmt, vars) => expandFormat(fmt, { ...scope, lookup: (name) => vars[name] ?? scope.lookup(name) }),
  });
}
