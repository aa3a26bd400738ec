// display-popup (popup): a program in its own PTY in a box over the client (-w -h -x -y, -b
// border lines or -B none, -s / -S styles, -T title, -d directory, -e environment); -E closes it
// when the program exits (-EE only on a zero exit), -C closes an open one. The command waits
// until the popup closes, as tmux's.
import { CommandError, CommandExit, flag, value } from "../../mux/lang/command.ts";
import { expandAt } from "../../mux/lang/format-vars.ts";
import { Popup } from "../../mux/client/popup.ts";
import { BOX_LINES, type BoxLines } from "../../mux/client/overlay-box.ts";
import { styleBase } from "../../mux/client/view.ts";
import { parseStyle, type StyleBase } from "../../mux/model/style.ts";
import { LayoutError } from "../../mux/model/layout.ts";
import { UserError } from "../../mux/model/errors.ts";
import { overlayClient, overlayPlace } from "./overlay.ts";
import type { CommandEntry } from "./context.ts";

/** args_percentage: cells, or N% of `of`, within [1, max]; tmux's cause on failure. */
function percentage(v: string, max: number, of: number): number | string {
  const percent = v.endsWith("%");
  const digits = percent ? v.slice(0, -1) : v;
  if (!/^[+-]?\d+$/.test(digits)) return "invalid";
  let n = Number(digits);
  if (percent) {
    if (n < 0) return "too small";
    if (n > 100) return "too large";
    n = Math.trunc((of * n) / 100);
  }
  if (n < 1) return "too small";
  if (n > max) return "too large";
  return n;
}

export function popupSize(v: string | undefined, of: number, what: string): number {
  if (v === undefined) return Math.trunc(of / 2);
  const n = percentage(v, of, of);
  if (typeof n === "string") throw new CommandError(`${what} ${n}`);
  return n;
}

/** A style option with -s / -S over it: only the colours are taken, as tmux's. */
export function popupStyle(option: string, given: string | undefined): StyleBase {
  const base = styleBase(option);
  const over = given === undefined ? null : parseStyle(given, base);
  return { fg: over?.fg ?? base.fg, bg: over?.bg ?? base.bg, attr: 0 };
}

export const displayPopup: CommandEntry = {
  name: "display-popup",
  alias: ["popup"],
  usage: "[-BCE] [-b border-lines] [-c target-client] [-d start-directory] [-e environment] [-h height] [-s style] [-S border-style] [-t target-pane] [-T title] [-w width] [-x position] [-y position] [shell-command]",
  args: "Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:",
  target: "pane",
  async exec(ctx) {
    const client = overlayClient(ctx);
    if (flag(ctx.args, "C")) return client.view.closeOverlay();
    // One overlay a client at a time, as tmux's. A control client gets one too: it draws
    // nothing, but the program runs (and closes it by exiting, or -C, or the client leaving).
    if (client.view.overlay || client.view.paneNumbers) return;
    const t = ctx.target;
    const o = t.window.options;
    const height = Math.min(popupSize(value(ctx.args, "h"), client.rows, "height"), client.rows);
    const width = Math.min(popupSize(value(ctx.args, "w"), client.cols, "width"), client.cols);
    const at = overlayPlace(ctx, client, width, height);
    if (!at) return;
    let lines = o.getString("popup-border-lines") as BoxLines;
    const b = value(ctx.args, "b");
    if (flag(ctx.args, "B")) lines = "none";
    else if (b !== undefined) {
      if (!(BOX_LINES as readonly string[]).includes(b)) throw new CommandError(`popup-border-lines unknown value: ${b}`);
      lines = b as BoxLines;
    }
    if (width < (lines === "none" ? 1 : 3) || height < (lines === "none" ? 1 : 3)) return;
    const expand = (fmt: string) => expandAt(ctx.server, { session: t.session, window: t.window, pane: t.pane, client }, fmt);
    const d = value(ctx.args, "d");
    const env: Record<string, string> = {};
    for (const e of ctx.args.all.get("e") ?? []) {
      const eq = e.indexOf("=");
      if (eq > 0) env[e.slice(0, eq)] = e.slice(eq + 1);
    }
    const T = value(ctx.args, "T");
    const closeOnExit = Math.min(2, ctx.args.all.get("E")?.length ?? 0) as 0 | 1 | 2;
    let popup: Popup | null = null;
    try {
      popup = new Popup({
        ...at,
        width,
        height,
        lines,
        title: T === undefined ? "" : expand(T),
        style: popupStyle(o.getString("popup-style"), value(ctx.args, "s")),
        borderStyle: popupStyle(o.getString("popup-border-style"), value(ctx.args, "S")),
        spawn: {
          argv: ctx.model.resolveCommand(t.session, ctx.args.positional),
          env: ctx.model.programEnv(t.session, env),
          cwd: d === undefined ? t.session.cwd : expand(d),
        },
        closeOnExit,
        changed: (how) => client.markDirty({ content: true, ...how }),
        close: () => {
          if (client.view.overlay?.box === popup) client.view.closeOverlay();
        },
        toPane: (p, horizontal) => {
          const wl = client.session?.curw;
          if (!wl) return false;
          try {
            ctx.model.adoptPane(wl, wl.window.active, { horizontal }, p);
            return true;
          } catch (e) {
            if (e instanceof LayoutError || e instanceof UserError) return false; // no room for another pane
            throw e;
          }
        },
      });
    } catch (e) {
      throw new CommandError(`popup failed: ${(e as Error).message}`);
    }
    const opened = popup;
    await new Promise<void>((closed) => client.view.openOverlay(opened, closed));
    // A command from a shell exits with the program's status (tmux's retval).
    if (!ctx.client?.session && opened.status !== 0) throw new CommandExit(opened.status);
  },
};
