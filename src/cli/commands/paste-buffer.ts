// paste-buffer (pasteb): type a paste buffer into a pane (C-b ]). Newlines become the separator
// (-s, default CR as a terminal sends Enter; -r keeps LF); -p wraps it in bracketed-paste
// markers when the pane's program asked for them; -d deletes the buffer after.
import { flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { encodePaste } from "../../mux/lang/keys.ts";

export const pasteBuffer: CommandEntry = {
  name: "paste-buffer",
  alias: ["pasteb"],
  usage: "[-dpr] [-s separator] [-b buffer-name] [-t target-pane]",
  args: "dprs:b:t:",
  target: "pane",
  maxArgs: 0,
  exec(ctx) {
    const a = ctx.args;
    const name = value(a, "b");
    // tmux: no buffer is not an error for paste-buffer; nothing is pasted.
    const b = name === undefined ? ctx.model.buffers[0] : ctx.model.getBuffer(name);
    if (!b) return;
    const sep = value(a, "s") ?? (flag(a, "r") ? "\n" : "\r");
    const text = b.data.split("\n").join(sep);
    const { pane } = ctx.target;
    pane.paste(encodePaste(text, { applicationCursor: false, applicationKeypad: false, bracketedPaste: flag(a, "p") && pane.modes.bracketedPasteMode }));
    if (flag(a, "d")) ctx.model.deleteBuffer(b);
  },
};
