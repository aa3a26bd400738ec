// send-keys (send): type keys into a pane: tmux key names encoded for the pane's modes, other
// words as literal text; -l all literal, -H hex bytes, -N repeat; -X a copy-mode command.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { encodeKey } from "../../mux/lang/keys.ts";
import { runCopyModeCommand } from "../../mux/lang/copy-mode-keys.ts";
import { shownList } from "../../mux/client/chooser.ts";
import { modeChanged } from "../../mux/model/index.ts";
import { attachedClient, format } from "./common.ts";
import { normalizeKeyName } from "../../mux/lang/keys.ts";

/** A word of send-keys as the keys a mode's table sees: a key name, else each character. */
function modeKeys(word: string, literal: boolean): string[] {
  const name = literal ? null : normalizeKeyName(word);
  return name ? [name] : [...word];
}

export const sendKeys: CommandEntry = {
  name: "send-keys",
  alias: ["send"],
  usage: "[-HlRX] [-N repeat-count] [-t target-pane] key ...",
  args: "FHKlMRXc:N:t:",
  target: "pane",
  exec(ctx) {
    const a = ctx.args;
    const { pane, window } = ctx.target;
    const nText = value(a, "N");
    const repeat = nText === undefined ? 1 : Number(nText);
    if (!Number.isInteger(repeat) || repeat < 1) throw new CommandError(`repeat count invalid: ${nText}`);
    if (nText !== undefined && a.positional.length === 0 && !flag(a, "X") && pane.copyMode) {
      // A repeat count for the next copy-mode command (copy mode's 1-9 keys type it).
      pane.copyMode.prefix = repeat;
      return;
    }
    if (flag(a, "X")) {
      // A copy-mode command (send -X cursor-up, search-forward text, ...), -N times or as many
      // as the count typed before it.
      const cm = pane.copyMode;
      if (!cm) throw new CommandError("not in a mode");
      const [name, ...args] = a.positional;
      // tmux's window_copy_command: no command at all does nothing either.
      if (name === undefined) return;
      cm.vi = window.options.getString("mode-keys") === "vi";
      const count = nText !== undefined ? repeat : cm.prefix;
      cm.prefix = 1;
      const expand = (fmt: string) => format(ctx, fmt, ctx.target);
      cm.apply(() => runCopyModeCommand(cm, name, { args, count, expand, formatArgs: flag(a, "F") }));
      return;
    }
    if (pane.copyMode && !flag(a, "H")) {
      // Keys sent to a pane in copy mode run its table's bindings there (cmd_send_keys_inject_key).
      const table = window.options.getString("mode-keys") === "vi" ? "copy-mode-vi" : "copy-mode";
      for (let i = 0; i < repeat; i++) for (const word of a.positional) for (const key of modeKeys(word, flag(a, "l"))) {
        const b = ctx.server.keys.lookup(table, key);
        if (b) ctx.item.insert(b.commands, { ...ctx.item.state, current: ctx.target });
      }
      return;
    }
    const list = shownList(pane);
    if (list) {
      // A pane in a list or view takes the keys itself, as tmux's window_pane_key, and only for
      // a client to act as (none attached: they go nowhere).
      const by = attachedClient(ctx);
      if (by) for (let i = 0; i < repeat; i++) for (const word of a.positional) list.key(word, by);
      modeChanged(ctx.model, pane, true);
      return;
    }
    if (flag(a, "R")) pane.reset();
    const chunks: Uint8Array[] = [];
    const modes = pane.modes;
    for (const word of a.positional) {
      if (flag(a, "H")) {
        for (const h of word.split(/\s+/).filter(Boolean)) {
          const n = Number.parseInt(h, 16);
          if (!/^[0-9a-fA-F]{1,2}$/.test(h)) throw new CommandError(`invalid key: ${h}`);
          chunks.push(new Uint8Array([n]));
        }
        continue;
      }
      const key = flag(a, "l") ? null : encodeKey(word, { applicationCursor: modes.applicationCursorKeysMode, applicationKeypad: modes.applicationKeypadMode, bracketedPaste: modes.bracketedPasteMode });
      chunks.push(key ?? Buffer.from(word, "utf8"));
    }
    const targets = window.options.getFlag("synchronize-panes") && !ctx.args.flags.has("t") ? [...window.panes.values()] : [pane];
    for (let i = 0; i < repeat; i++) for (const c of chunks) for (const p of targets) p.write(c);
  },
};
