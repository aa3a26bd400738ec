// status-keys vi at the status prompt, as tmux 3.3a's status_prompt_translate_key: insert
// mode passes the editing keys on and types the rest; Escape goes to command mode, whose keys
// become the emacs keys (or the vi word moves) that do the same thing.

/** The vi word moves, which have no emacs key: prompt.ts handles these names itself. */
export type ViMove = "vi-w" | "vi-W" | "vi-e" | "vi-E" | "vi-B";

/** What a key does under status-keys vi: dropped, handled as the (emacs) key given, or typed. */
export type ViResult = { kind: "drop" } | { kind: "key"; key: string } | { kind: "type" };

/** Keys insert mode hands to the editor as they are; any other is typed (or dropped if not printable). */
const INSERT_KEYS = new Set([
  "C-a", "C-c", "C-e", "C-g", "C-h", "Tab", "C-k", "C-n", "C-p", "C-t", "C-u", "C-w", "C-y",
  "C-j", "Enter", "C-m", "C-Left", "C-Right", "BSpace", "DC", "Down", "End", "Home", "Left", "Right", "Up",
]);

/** Command mode's keys and the emacs key (or vi move) each becomes. */
const COMMAND_KEYS: Record<string, string> = {
  BSpace: "Left",
  A: "End",
  $: "End",
  I: "Home",
  "0": "Home",
  "^": "Home",
  C: "C-k",
  D: "C-k",
  X: "BSpace",
  b: "M-b",
  B: "vi-B",
  d: "C-u",
  e: "vi-e",
  E: "vi-E",
  w: "vi-w",
  W: "vi-W",
  p: "C-y",
  q: "C-c",
  s: "DC",
  DC: "DC",
  x: "DC",
  Down: "Down",
  j: "Down",
  Left: "Left",
  h: "Left",
  a: "Right",
  Right: "Right",
  l: "Right",
  Up: "Up",
  k: "Up",
  "C-h": "C-h",
  "C-c": "C-c",
  "C-j": "C-j",
  Enter: "Enter",
  "C-m": "Enter",
};

/** Command-mode keys that go back to insert mode before doing what they map to. */
const TO_INSERT = new Set(["A", "I", "C", "s", "a"]);

/** A vi prompt's mode: typing (insert) or moving (command, drawn in message-command-style). */
export interface ViState {
  command: boolean;
}

export function translateViKey(state: ViState, key: string): ViResult {
  if (!state.command) {
    if (key === "Escape") {
      state.command = true;
      return { kind: "drop" };
    }
    return INSERT_KEYS.has(key) ? { kind: "key", key } : { kind: "type" };
  }
  if (key === "S") {
    state.command = false;
    return { kind: "key", key: "C-u" };
  }
  if (key === "i" || key === "Escape") {
    state.command = false;
    return { kind: "drop" };
  }
  if (TO_INSERT.has(key)) state.command = false;
  const to = COMMAND_KEYS[key];
  return to === undefined ? { kind: "drop" } : { kind: "key", key: to };
}
