// select-window (selectw), next-window, previous-window, last-window: change the current window.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry, CommandContext } from "./context.ts";
import type { Window, Winlink } from "../../mux/model/index.ts";

/** Select `w`; tmux runs after-select-window for all four commands, at the session's new current. */
function select(ctx: CommandContext, w: Window | Winlink = ctx.target.winlink ?? ctx.target.window): void {
  const s = ctx.target.session;
  s.select(w);
  ctx.insertHook?.("after-select-window", { session: s, window: s.current, pane: s.current.active });
}

export const selectWindow: CommandEntry = {
  name: "select-window",
  alias: ["selectw"],
  usage: "[-lnpT] [-t target-window]",
  args: "lnpTt:",
  target: "window",
  exec(ctx) {
    const s = ctx.target.session;
    if (flag(ctx.args, "l")) return lastWindow.exec(ctx);
    if (flag(ctx.args, "n")) return nextWindow.exec(ctx);
    if (flag(ctx.args, "p")) return previousWindow.exec(ctx);
    if (flag(ctx.args, "T") && s.current === ctx.target.window && s.lastLink) return select(ctx, s.lastLink);
    select(ctx);
  },
};

function step(ctx: CommandContext, by: number): void {
  const s = ctx.target.session;
  const ls = s.links;
  const i = ls.indexOf(s.curw);
  const next = ls[(i + by + ls.length) % ls.length];
  if (next) s.select(next);
}

export const nextWindow: CommandEntry = {
  name: "next-window",
  alias: ["next"],
  usage: "[-a] [-t target-session]",
  args: "at:",
  target: "session",
  exec: (ctx) => step(ctx, 1),
};

export const previousWindow: CommandEntry = {
  name: "previous-window",
  alias: ["prev"],
  usage: "[-a] [-t target-session]",
  args: "at:",
  target: "session",
  exec: (ctx) => step(ctx, -1),
};

export const lastWindow: CommandEntry = {
  name: "last-window",
  alias: ["last"],
  usage: "[-t target-session]",
  args: "t:",
  target: "session",
  exec(ctx) {
    const last = ctx.target.session.lastLink;
    if (!last) throw new CommandError("no last window");
    select(ctx, last);
  },
};
