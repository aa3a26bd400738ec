// clock-mode (C-b t): a big clock over the target pane (clock-mode), on every client showing it
// now or later, until a key is pressed there.
import type { CommandEntry } from "./context.ts";
import { Clock } from "../../mux/client/clock.ts";
import { enterMode, leaveMode, modeChanged } from "../../mux/model/index.ts";

export const clockMode: CommandEntry = {
  name: "clock-mode",
  usage: "[-t target-pane]",
  args: "t:",
  target: "pane",
  maxArgs: 0,
  exec(ctx) {
    const { model } = ctx;
    const { pane, window } = ctx.target;
    const clock: Clock = new Clock({
      style: () => (window.options.getString("clock-mode-style") === "12" ? "12" : "24"),
      colour: () => window.options.getString("clock-mode-colour"),
      // The minute may have turned: the pane is drawn again wherever it is shown.
      changed: () => modeChanged(model, pane, true),
      done: () => leaveMode(model, pane, clock),
    });
    enterMode(model, pane, clock);
  },
};
