// select-pane (selectp): make a pane active, or move to the neighbour in a direction.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";

export const selectPane: CommandEntry = {
  name: "select-pane",
  alias: ["selectp"],
  usage: "[-DdeLlMmRUZ] [-T title] [-t target-pane]",
  args: "DdegLlMmRUZT:t:",
  target: "pane",
  exec(ctx) {
    const a = ctx.args;
    const { window } = ctx.target;
    let pane = ctx.target.pane;
    const title = value(a, "T");
    if (title !== undefined) {
      pane.setTitle(title);
      return;
    }
    if (flag(a, "l")) {
      if (window.lastPane) pane = window.lastPane;
    } else {
      for (const d of ["L", "R", "U", "D"] as const) {
        if (flag(a, d)) pane = window.neighbour(pane, d) ?? pane;
      }
    }
    if (flag(a, "Z") || !window.zoomed || window.zoomed === pane) {
      const z = window.zoomed;
      window.setActive(pane);
      if (flag(a, "Z") && z && z !== pane) window.toggleZoom(pane);
    } else window.setActive(pane);
    ctx.target.session.select(window);
  },
};
