// send-keys (send): type keys into a pane: tmux key names encoded for the pane's modes, other
// words as literal text; -l all literal, -H hex bytes, -N repeat; -X a copy-mode command.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import { encodeKey, normalizeKeyName, parseKeys } from "../../mux/lang/keys.ts";
import { runCopyModeCommand } from "../../mux/lang/copy-mode-keys.ts";
import { shownList } from "../../mux/client/chooser.ts";
import { modeChanged, synchronizedPanes, type Pane } from "../../mux/model/index.ts";
import { attachedClient, format } from "./common.ts";

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
      // A copy-mode command (send -X cursor-up, search-forward text, ...) with the count given
      // by -N or typed before it; each command repeats or uses it as tmux's does.
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
    const list = shownList(pane);
    if (list) {
      // A pane in a list or view takes the keys itself, as tmux's window_pane_key, and only for
      // a client to act as (none attached: they go nowhere).
      const by = attachedClient(ctx);
      if (by) for (let i = 0; i < repeat; i++) for (const word of a.positional) list.key(word, by);
      modeChanged(ctx.model, pane, true);
      return;
    }
    if (pane.copyMode && !flag(a, "R")) {
      // A pane in copy mode takes keys through its key table, as tmux's
      // cmd_send_keys_inject_key: `send-keys q` leaves copy mode; an unbound key does nothing.
      const vi = window.options.getString("mode-keys") === "vi";
      pane.copyMode.vi = vi;
      const table = vi ? "copy-mode-vi" : "copy-mode";
      const state = { ...ctx.item.state, current: ctx.target };
      for (let i = 0; i < repeat; i++)
        for (const key of modeKeys(a.positional, flag(a, "l"), flag(a, "H"))) {
          const b = ctx.server.keys.lookup(table, key);
          if (b) ctx.item.insert(b.commands, state);
        }
      return;
    }
    if (flag(a, "R")) pane.reset();
    // Each word is encoded for each pane's own modes (cursor keys, keypad, bracketed paste).
    const panes = synchronizedPanes(window, pane);
    const words: { hex?: Uint8Array; word: string }[] = [];
    for (const word of a.positional) {
      if (flag(a, "H")) {
        for (const h of word.split(/\s+/).filter(Boolean)) {
          if (!/^[0-9a-fA-F]{1,2}$/.test(h)) throw new CommandError(`invalid key: ${h}`);
          words.push({ hex: new Uint8Array([Number.parseInt(h, 16)]), word: h });
        }
      } else words.push({ word });
    }
    const literal = flag(a, "l");
    const encode = (p: Pane, w: { hex?: Uint8Array; word: string }): Uint8Array => {
      if (w.hex) return w.hex;
      const m = p.modes;
      const key = literal ? null : encodeKey(w.word, { applicationCursor: m.applicationCursorKeysMode, applicationKeypad: m.applicationKeypadMode, bracketedPaste: m.bracketedPasteMode });
      return key ?? Buffer.from(w.word, "utf8");
    };
    for (let i = 0; i < repeat; i++) for (const w of words) for (const p of panes) p.write(encode(p, w));
  },
};

/** The keys words name for a mode's key table: a key name as that key, other words (and -l) as their characters, -H bytes as keys. */
function modeKeys(words: readonly string[], literal: boolean, hex: boolean): string[] {
  const out: string[] = [];
  for (const word of words) {
    if (hex) {
      const key = /^[0-9a-fA-F]{1,2}$/.test(word) ? parseKeys(Uint8Array.of(Number.parseInt(word, 16)))[0]?.key : undefined;
      if (key) out.push(key);
      continue;
    }
    const named = literal ? null : normalizeKeyName(word);
    if (named !== null) out.push(named);
    else for (const ch of word) out.push(ch === " " ? "Space" : ch);
  }
  return out;
}
