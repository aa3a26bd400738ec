// Key tables (root, prefix) mapping tmux key names to command lines, with tmux's defaults.
import { splitCommandLine, joinCommandLine } from "./command.ts";
import { copyModeBindings } from "./copy-mode-keys.ts";

export interface Binding {
  key: string;
  /** Commands to run, as argv lists. */
  commands: string[][];
  repeat: boolean;
  note?: string;
}

/** tmux's default prefix table, for the commands weft has. */
const DEFAULT_PREFIX: [string, string][] = [
  ["C-b", "send-prefix"],
  ["C-o", "rotate-window"],
  ["C-z", "suspend-client"],
  ["Space", "next-layout"],
  ["!", "break-pane"],
  ['"', "split-window"],
  ["#", "list-buffers"],
  ["$", "command-prompt -I \"#S\" \"rename-session -- '%%'\""],
  ["%", "split-window -h"],
  ["&", 'confirm-before -p "kill-window #W? (y/n)" kill-window'],
  ["'", "command-prompt -p index \"select-window -t ':%%'\""],
  ["(", "switch-client -p"],
  [")", "switch-client -n"],
  [",", "command-prompt -I \"#W\" \"rename-window -- '%%'\""],
  [".", "command-prompt \"move-window -t '%%'\""],
  [":", "command-prompt"],
  [";", "last-pane"],
  ["=", "choose-buffer"],
  ["?", "list-keys"],
  ["D", "choose-client"],
  ["L", "switch-client -l"],
  ["[", "copy-mode"],
  ["]", "paste-buffer -p"],
  ["c", "new-window"],
  ["d", "detach-client"],
  ["i", "display-message"],
  ["l", "last-window"],
  ["n", "next-window"],
  ["o", "select-pane -t :.+"],
  ["p", "previous-window"],
  ["q", "display-panes"],
  ["r", "refresh-client"],
  ["s", "choose-tree -s"],
  ["t", "clock-mode"],
  ["w", "choose-tree -w"],
  ["x", 'confirm-before -p "kill-pane #P? (y/n)" kill-pane'],
  ["z", "resize-pane -Z"],
  ["{", "swap-pane -U"],
  ["}", "swap-pane -D"],
  ["~", "show-messages"],
  ["PageUp", "copy-mode -u"],
  ["Up", "select-pane -U"],
  ["Down", "select-pane -D"],
  ["Left", "select-pane -L"],
  ["Right", "select-pane -R"],
  ["M-1", "select-layout even-horizontal"],
  ["M-2", "select-layout even-vertical"],
  ["M-3", "select-layout main-horizontal"],
  ["M-4", "select-layout main-vertical"],
  ["M-5", "select-layout tiled"],
  ["M-n", "next-window -a"],
  ["M-o", "rotate-window -D"],
  ["M-p", "previous-window -a"],
  ["M-Up", "resize-pane -U 5"],
  ["M-Down", "resize-pane -D 5"],
  ["M-Left", "resize-pane -L 5"],
  ["M-Right", "resize-pane -R 5"],
  ["C-Up", "resize-pane -U"],
  ["C-Down", "resize-pane -D"],
  ["C-Left", "resize-pane -L"],
  ["C-Right", "resize-pane -R"],
  ...Array.from({ length: 10 }, (_, i): [string, string] => [String(i), `select-window -t :=${i}`]),
];

const REPEATING = new Set(["Up", "Down", "Left", "Right", "M-Up", "M-Down", "M-Left", "M-Right", "C-Up", "C-Down", "C-Left", "C-Right"]);

export class KeyTables {
  private readonly tables = new Map<string, Map<string, Binding>>();
  /** Bumped by every bind and unbind, so lookups derived from the tables know when to redo. */
  generation = 0;

  constructor() {
    this.tables.set("root", new Map());
    const prefix = new Map<string, Binding>();
    for (const [key, line] of DEFAULT_PREFIX) {
      prefix.set(key, { key, commands: splitCommandLine(line), repeat: REPEATING.has(key) });
    }
    this.tables.set("prefix", prefix);
    for (const [table, key, line] of copyModeBindings()) this.bind(table, key, splitCommandLine(line), false);
  }

  table(name: string): Map<string, Binding> | undefined {
    return this.tables.get(name);
  }

  lookup(table: string, key: string): Binding | undefined {
    return this.tables.get(table)?.get(key);
  }

  bind(table: string, key: string, commands: string[][], repeat: boolean, note?: string): void {
    let t = this.tables.get(table);
    if (!t) this.tables.set(table, (t = new Map()));
    t.set(key, { key, commands, repeat, note });
    this.generation++;
  }

  unbind(table: string, key: string | null): boolean {
    const t = this.tables.get(table);
    if (!t) return false;
    this.generation++;
    if (key === null) {
      t.clear();
      return true;
    }
    return t.delete(key);
  }

  names(): string[] {
    return [...this.tables.keys()];
  }

  /** Lines as tmux's list-keys prints them. */
  list(table?: string): string[] {
    const out: string[] = [];
    for (const [name, t] of this.tables) {
      if (table && name !== table) continue;
      const keys = [...t.values()].sort((a, b) => a.key.localeCompare(b.key));
      for (const b of keys) {
        const cmd = b.commands.map(joinCommandLine).join(" \\; ");
        out.push(`bind-key ${b.repeat ? "-r " : "   "}-T ${name.padEnd(6)} ${b.key.padEnd(11)} ${cmd}`);
      }
    }
    return out;
  }
}
