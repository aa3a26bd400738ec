// tmux 3.3a's command table (name, alias, flags template, argument counts),
// taken from its cmd-*.c entries, for tests that look up and print commands as tmux does.
import type { Arg } from "../../../src/mux/lang/cmd-parse.ts";
import { splitArgs, type CommandSpec } from "../../../src/mux/lang/cmd-print.ts";

export interface TableEntry extends CommandSpec { alias?: string; lower: number; upper: number }

// In cmd_table's order, which decides how ambiguous prefixes are listed.
export const TABLE: TableEntry[] = [
  { name: "attach-session", alias: "attach", template: "c:dEf:rt:x", lower: 0, upper: 0 },
  { name: "bind-key", alias: "bind", template: "nrN:T:", lower: 1, upper: -1 },
  { name: "break-pane", alias: "breakp", template: "abdPF:n:s:t:", lower: 0, upper: 0 },
  { name: "capture-pane", alias: "capturep", template: "ab:CeE:JNpPqS:t:", lower: 0, upper: 0 },
  { name: "choose-buffer", template: "F:f:K:NO:rt:Z", lower: 0, upper: 1 },
  { name: "choose-client", template: "F:f:K:NO:rt:Z", lower: 0, upper: 1 },
  { name: "choose-tree", template: "F:f:GK:NO:rst:wZ", lower: 0, upper: 1 },
  { name: "clear-history", alias: "clearhist", template: "t:", lower: 0, upper: 0 },
  { name: "clear-prompt-history", alias: "clearphist", template: "T:", lower: 0, upper: 0 },
  { name: "clock-mode", template: "t:", lower: 0, upper: 0 },
  { name: "command-prompt", template: "1bFkiI:Np:t:T:", lower: 0, upper: 1 },
  { name: "confirm-before", alias: "confirm", template: "bp:t:", lower: 1, upper: 1 },
  { name: "copy-mode", template: "eHMs:t:uq", lower: 0, upper: 0 },
  { name: "customize-mode", template: "F:f:Nt:Z", lower: 0, upper: 0 },
  { name: "delete-buffer", alias: "deleteb", template: "b:", lower: 0, upper: 0 },
  { name: "detach-client", alias: "detach", template: "aE:s:t:P", lower: 0, upper: 0 },
  { name: "display-menu", alias: "menu", template: "c:t:OT:x:y:", lower: 1, upper: -1 },
  { name: "display-message", alias: "display", template: "ac:d:INpt:F:v", lower: 0, upper: 1 },
  { name: "display-popup", alias: "popup", template: "Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:", lower: 0, upper: -1 },
  { name: "display-panes", alias: "displayp", template: "bd:Nt:", lower: 0, upper: 1 },
  { name: "find-window", alias: "findw", template: "CiNrt:TZ", lower: 1, upper: 1 },
  { name: "has-session", alias: "has", template: "t:", lower: 0, upper: 0 },
  { name: "if-shell", alias: "if", template: "bFt:", lower: 2, upper: 3 },
  { name: "join-pane", alias: "joinp", template: "bdfhvp:l:s:t:", lower: 0, upper: 0 },
  { name: "kill-pane", alias: "killp", template: "at:", lower: 0, upper: 0 },
  { name: "kill-server", template: "", lower: 0, upper: 0 },
  { name: "kill-session", template: "aCt:", lower: 0, upper: 0 },
  { name: "kill-window", alias: "killw", template: "at:", lower: 0, upper: 0 },
  { name: "last-pane", alias: "lastp", template: "det:Z", lower: 0, upper: 0 },
  { name: "last-window", alias: "last", template: "t:", lower: 0, upper: 0 },
  { name: "link-window", alias: "linkw", template: "abdks:t:", lower: 0, upper: 0 },
  { name: "list-buffers", alias: "lsb", template: "F:f:", lower: 0, upper: 0 },
  { name: "list-clients", alias: "lsc", template: "F:t:", lower: 0, upper: 0 },
  { name: "list-commands", alias: "lscm", template: "F:", lower: 0, upper: 1 },
  { name: "list-keys", alias: "lsk", template: "1aNP:T:", lower: 0, upper: 1 },
  { name: "list-panes", alias: "lsp", template: "asF:f:t:", lower: 0, upper: 0 },
  { name: "list-sessions", alias: "ls", template: "F:f:", lower: 0, upper: 0 },
  { name: "list-windows", alias: "lsw", template: "F:f:at:", lower: 0, upper: 0 },
  { name: "load-buffer", alias: "loadb", template: "b:t:w", lower: 1, upper: 1 },
  { name: "lock-client", alias: "lockc", template: "t:", lower: 0, upper: 0 },
  { name: "lock-server", alias: "lock", template: "", lower: 0, upper: 0 },
  { name: "lock-session", alias: "locks", template: "t:", lower: 0, upper: 0 },
  { name: "move-pane", alias: "movep", template: "bdfhvp:l:s:t:", lower: 0, upper: 0 },
  { name: "move-window", alias: "movew", template: "abdkrs:t:", lower: 0, upper: 0 },
  { name: "new-session", alias: "new", template: "Ac:dDe:EF:f:n:Ps:t:x:Xy:", lower: 0, upper: -1 },
  { name: "new-window", alias: "neww", template: "abc:de:F:kn:PSt:", lower: 0, upper: -1 },
  { name: "next-layout", alias: "nextl", template: "t:", lower: 0, upper: 0 },
  { name: "next-window", alias: "next", template: "at:", lower: 0, upper: 0 },
  { name: "paste-buffer", alias: "pasteb", template: "db:prs:t:", lower: 0, upper: 0 },
  { name: "pipe-pane", alias: "pipep", template: "IOot:", lower: 0, upper: 1 },
  { name: "previous-layout", alias: "prevl", template: "t:", lower: 0, upper: 0 },
  { name: "previous-window", alias: "prev", template: "at:", lower: 0, upper: 0 },
  { name: "refresh-client", alias: "refresh", template: "A:B:cC:Df:F:l::LRSt:U", lower: 0, upper: 1 },
  { name: "rename-session", alias: "rename", template: "t:", lower: 1, upper: 1 },
  { name: "rename-window", alias: "renamew", template: "t:", lower: 1, upper: 1 },
  { name: "resize-pane", alias: "resizep", template: "DLMRTt:Ux:y:Z", lower: 0, upper: 1 },
  { name: "resize-window", alias: "resizew", template: "aADLRt:Ux:y:", lower: 0, upper: 1 },
  { name: "respawn-pane", alias: "respawnp", template: "c:e:kt:", lower: 0, upper: -1 },
  { name: "respawn-window", alias: "respawnw", template: "c:e:kt:", lower: 0, upper: -1 },
  { name: "rotate-window", alias: "rotatew", template: "Dt:UZ", lower: 0, upper: 0 },
  { name: "run-shell", alias: "run", template: "bd:Ct:", lower: 0, upper: 1 },
  { name: "save-buffer", alias: "saveb", template: "ab:", lower: 1, upper: 1 },
  { name: "select-layout", alias: "selectl", template: "Enopt:", lower: 0, upper: 1 },
  { name: "select-pane", alias: "selectp", template: "DdegLlMmP:RT:t:UZ", lower: 0, upper: 0 },
  { name: "select-window", alias: "selectw", template: "lnpTt:", lower: 0, upper: 0 },
  { name: "send-keys", alias: "send", template: "FHlMN:Rt:X", lower: 0, upper: -1 },
  { name: "send-prefix", template: "2t:", lower: 0, upper: 0 },
  { name: "server-access", template: "adlrw", lower: 0, upper: 1 },
  { name: "set-buffer", alias: "setb", template: "ab:t:n:w", lower: 0, upper: 1 },
  { name: "set-environment", alias: "setenv", template: "Fhgrt:u", lower: 1, upper: 2 },
  { name: "set-hook", template: "agpRt:uw", lower: 1, upper: 2 },
  { name: "set-option", alias: "set", template: "aFgopqst:uUw", lower: 1, upper: 2 },
  { name: "set-window-option", alias: "setw", template: "aFgoqt:u", lower: 1, upper: 2 },
  { name: "show-buffer", alias: "showb", template: "b:", lower: 0, upper: 0 },
  { name: "show-environment", alias: "showenv", template: "hgst:", lower: 0, upper: 1 },
  { name: "show-hooks", template: "gpt:w", lower: 0, upper: 1 },
  { name: "show-messages", alias: "showmsgs", template: "JTt:", lower: 0, upper: 0 },
  { name: "show-options", alias: "show", template: "AgHpqst:vw", lower: 0, upper: 1 },
  { name: "show-prompt-history", alias: "showphist", template: "T:", lower: 0, upper: 0 },
  { name: "show-window-options", alias: "showw", template: "gvt:", lower: 0, upper: 1 },
  { name: "source-file", alias: "source", template: "Fnqv", lower: 1, upper: -1 },
  { name: "split-window", alias: "splitw", template: "bc:de:fF:hIl:p:Pt:vZ", lower: 0, upper: -1 },
  { name: "start-server", alias: "start", template: "", lower: 0, upper: 0 },
  { name: "suspend-client", alias: "suspendc", template: "t:", lower: 0, upper: 0 },
  { name: "swap-pane", alias: "swapp", template: "dDs:t:UZ", lower: 0, upper: 0 },
  { name: "swap-window", alias: "swapw", template: "ds:t:", lower: 0, upper: 0 },
  { name: "switch-client", alias: "switchc", template: "lc:EFnpt:rT:Z", lower: 0, upper: 0 },
  { name: "unbind-key", alias: "unbind", template: "anqT:", lower: 0, upper: 1 },
  { name: "unlink-window", alias: "unlinkw", template: "kt:", lower: 0, upper: 0 },
  { name: "wait-for", alias: "wait", template: "LSU", lower: 1, upper: 1 },
];

/** cmd_find: an alias, an exact name, or a unique prefix; else tmux's cause. */
export function findCommand(name: string): TableEntry | string {
  let found: TableEntry | undefined;
  let ambiguous = false;
  for (const entry of TABLE) {
    if (entry.alias === name) return entry;
    if (!entry.name.startsWith(name)) continue;
    if (found !== undefined) ambiguous = true;
    found = entry;
    if (entry.name === name) break;
  }
  if (ambiguous) {
    const all = TABLE.filter((e) => e.name.startsWith(name)).map((e) => e.name);
    return `ambiguous command: ${name}, could be: ${all.join(", ")}`;
  }
  return found ?? `unknown command: ${name}`;
}

export function lookup(name: string): TableEntry | undefined {
  const e = findCommand(name);
  return typeof e === "string" ? undefined : e;
}

/** cmd_parse's checks: the name, the flags, then the argument counts; tmux's cause on failure. */
export function checkCommand(name: string, args: readonly Arg[]): string | undefined {
  const entry = findCommand(name);
  if (typeof entry === "string") return entry;
  const split = splitArgs(entry.template, args);
  if ("usage" in split) return `usage: ${entry.name}`;
  if ("cause" in split) return `command ${entry.name}: ${split.cause}`;
  const n = split.values.length;
  if (entry.lower !== -1 && n < entry.lower) return `command ${entry.name}: too few arguments (need at least ${entry.lower})`;
  if (entry.upper !== -1 && n > entry.upper) return `command ${entry.name}: too many arguments (need at most ${entry.upper})`;
  return undefined;
}
