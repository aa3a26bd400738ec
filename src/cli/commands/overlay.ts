// What display-menu and display-popup share: the client they open on (-c), and where their box
// goes (-x, -y) for that client and the target pane.
import { value } from "../../mux/lang/command.ts";
import { expandFormat } from "../../mux/lang/format.ts";
import { formatScope } from "../../mux/lang/format-vars.ts";
import { overlayPosition } from "../../mux/client/overlay-position.ts";
import { statusLineCount } from "../../mux/client/status.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";
import type { CommandContext } from "./context.ts";

/** -c, else the calling client, else the most recent: the one the overlay opens on. */
export function overlayClient(ctx: CommandContext): ClientConnection {
  return ctx.server.targetClient(value(ctx.args, "c"), ctx.client);
}

/** The box's top-left for -x / -y on `client`; null when it is bigger than the client. */
export function overlayPlace(ctx: CommandContext, client: ClientConnection, width: number, height: number): { x: number; y: number } | null {
  const t = ctx.target;
  // status_line_size and status-position are the client's session's; the ranges as it last drew them.
  const o = (client.session ?? t.session).options;
  const lines = statusLineCount(o);
  const index = t.winlink?.index ?? t.session.linkOf(t.window)?.index;
  const rect = t.window.rect(t.pane);
  const scope = formatScope(ctx.server, { session: t.session, window: t.window, pane: t.pane, client });
  return overlayPosition({
    cols: client.cols,
    rows: client.rows,
    width,
    height,
    statusLines: lines,
    statusTop: o.getString("status-position") === "top",
    ...(lines > 0 && index !== undefined ? { windowStatus: client.view.windowStatusRange(index) } : {}),
    pane: rect,
    ...(ctx.mouse ? { mouse: { x: ctx.mouse.x, y: ctx.mouse.y } } : {}),
    x: value(ctx.args, "x"),
    y: value(ctx.args, "y"),
    expand: (fmt, vars) => expandFormat(fmt, { ...scope, lookup: (name) => vars[name] ?? scope.lookup(name) }),
  });
}
