// refresh-client (refresh): repaint the whole client (C-b r); for a control client, its size
// (-C), flags (-f), panes' output (-A) and format subscriptions (-B), as tmux's.
import { CommandError, value, type Args } from "../../mux/lang/command.ts";
import type { ControlClient } from "../../mux/client/control.ts";
import type { CommandContext, CommandEntry } from "./context.ts";

/** tmux's WINDOW_MINIMUM (PANE_MINIMUM) and WINDOW_MAXIMUM. */
const MIN_SIZE = 1;
const MAX_SIZE = 10000;

export const refreshClient: CommandEntry = {
  name: "refresh-client",
  alias: ["refresh"],
  usage: "[-cDlLRSU] [-A pane:state] [-B name:what:format] [-C XxY] [-f flags] [-t target-client] [adjustment]",
  args: "cDlLRSUA:B:C:f:F:t:",
  maxArgs: 1,
  noSession: true,
  exec(ctx) {
    const a = ctx.args;
    const tc = ctx.server.targetClient(value(a, "t"), ctx.client);
    const flags = value(a, "F") ?? value(a, "f");
    if (flags !== undefined) tc.setFlags(flags);
    if (a.flags.has("A")) return forEach(a, "A", control(tc.control), (c, v) => c.setPaneState(v, (id) => ctx.model.findPane(id) !== null));
    if (a.flags.has("B")) return forEach(a, "B", control(tc.control), (c, v) => c.subs.update(v));
    const size = value(a, "C");
    if (size !== undefined) return controlSize(ctx, control(tc.control), size);
    if (ctx.client?.session) ctx.client.redraw();
    else tc.redraw();
  },
};

function control(c: ControlClient | null): ControlClient {
  if (!c) throw new CommandError("not a control client");
  return c;
}

function forEach(a: Args, f: string, c: ControlClient, each: (c: ControlClient, v: string) => void): void {
  for (const v of a.all.get(f) ?? []) each(c, v);
}

const inRange = (n: number) => n >= MIN_SIZE && n <= MAX_SIZE;

/** -C WxH (or W,H): the client's size; -C @N:WxH one window's; -C @N: clears that. */
function controlSize(ctx: CommandContext, c: ControlClient, spec: string): void {
  const win = /^@(\d+):(?:(\d+)x(\d+))?/.exec(spec);
  if (win) {
    const id = Number(win[1]);
    if (win[2] === undefined) {
      if (!c.windowSizes.delete(id)) return;
    } else {
      const cols = Number(win[2]);
      const rows = Number(win[3]);
      if (!inRange(cols) || !inRange(rows)) throw new CommandError("size too small or too big");
      c.windowSizes.set(id, { cols, rows });
    }
    return resized(ctx, c);
  }
  const m = /^(\d+)[x,](\d+)/.exec(spec);
  if (!m) throw new CommandError("bad size argument");
  const cols = Number(m[1]);
  const rows = Number(m[2]);
  if (!inRange(cols) || !inRange(rows)) throw new CommandError("size too small or too big");
  c.connection.cols = cols;
  c.connection.rows = rows;
  c.sizeSet = true;
  resized(ctx, c);
}

function resized(ctx: CommandContext, c: ControlClient): void {
  const s = c.session;
  if (s) ctx.server.sessionSizeChanged(s);
}
