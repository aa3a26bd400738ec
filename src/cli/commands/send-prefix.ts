// send-prefix: send the prefix key itself to the active pane (C-b C-b).
import { flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { encodeKey } from "../../mux/lang/keys.ts";

export const sendPrefix: CommandEntry = {
  name: "send-prefix",
  usage: "[-2] [-t target-pane]",
  args: "2t:",
  target: "pane",
  exec(ctx) {
    const key = ctx.target.session.options.getString(flag(ctx.args, "2") ? "prefix2" : "prefix");
    const modes = ctx.target.pane.modes;
    const bytes = encodeKey(key, { applicationCursor: modes.applicationCursorKeysMode, applicationKeypad: modes.applicationKeypadMode });
    if (bytes) ctx.target.pane.write(bytes);
  },
};
