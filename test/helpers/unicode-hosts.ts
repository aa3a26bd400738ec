// Host terminals that measure characters differently, for checking that what weft draws leaves
// no debris whatever the host does with a cluster or an emoji.
import type { Terminal } from "@xterm/headless";
import { Unicode11Addon } from "@xterm/addon-unicode11";
import { UnicodeGraphemesAddon } from "@xterm/addon-unicode-graphemes";
import { useTmuxWidths } from "../../src/mux/model/unicode-widths.ts";

export type HostUnicode = (t: Terminal) => void;

/** By name: xterm's default (Unicode 6: no wide emoji), Unicode 11, Unicode 15 graphemes, tmux's. */
export const HOST_UNICODE: Record<string, HostUnicode> = {
  "unicode 6": () => {},
  "unicode 11": (t) => {
    t.loadAddon(new Unicode11Addon());
    t.unicode.activeVersion = "11";
  },
  // As a modern terminal: a ZWJ family, a skin tone, ❤️ are each one cell, 2 wide.
  graphemes: (t) => t.loadAddon(new UnicodeGraphemesAddon()),
  // Agrees with the pane model everywhere.
  tmux: useTmuxWidths,
};
