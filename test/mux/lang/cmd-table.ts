// tmux 3.3a's command table (name, alias, flags template), taken from its cmd-*.c
// entries, for tests that print or look up commands as tmux does.
import type { CommandSpec } from "../../../src/mux/lang/cmd-print.ts";

export interface TableEntry extends CommandSpec { alias?: string }

// In cmd_table's order, which decides how ambiguous prefixes are listed.
export const TABLE: TableEntry[] = [
  { name: "attach-session", alias: "attach", template: "c:dEf:rt:x" },
  { name: "bind-key", alias: "bind", template: "nrN:T:" },
  { name: "break-pane", alias: "breakp", template: "abdPF:n:s:t:" },
  { name: "capture-pane", alias: "capturep", template: "ab:CeE:JNpPqS:t:" },
  { name: "choose-buffer", template: "F:f:K:NO:rt:Z" },
  { name: "choose-client", template: "F:f:K:NO:rt:Z" },
  { name: "choose-tree", template: "F:f:GK:NO:rst:wZ" },
  { name: "clear-history", alias: "clearhist", template: "t:" },
  { name: "clear-prompt-history", alias: "clearphist", template: "T:" },
  { name: "clock-mode", template: "t:" },
  { name: "command-prompt", template: "1bFkiI:Np:t:T:" },
  { name: "confirm-before", alias: "confirm", template: "bp:t:" },
  { name: "copy-mode", template: "eHMs:t:uq" },
  { name: "customize-mode", template: "F:f:Nt:Z" },
  { name: "delete-buffer", alias: "deleteb", template: "b:" },
  { name: "detach-client", alias: "detach", template: "aE:s:t:P" },
  { name: "display-menu", alias: "menu", template: "c:t:OT:x:y:" },
  { name: "display-message", alias: "display", template: "ac:d:INpt:F:v" },
  { name: "display-popup", alias: "popup", template: "Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:" },
  { name: "display-panes", alias: "displayp", template: "bd:Nt:" },
  { name: "find-window", alias: "findw", template: "CiNrt:TZ" },
  { name: "has-session", alias: "has", template: "t:" },
  { name: "if-shell", alias: "if", template: "bFt:" },
  { name: "join-pane", alias: "joinp", template: "bdfhvp:l:s:t:" },
  { name: "kill-pane", alias: "killp", template: "at:" },
  { name: "kill-server", template: "" },
  { name: "kill-session", template: "aCt:" },
  { name: "kill-window", alias: "killw", template: "at:" },
  { name: "last-pane", alias: "lastp", template: "det:Z" },
  { name: "last-window", alias: "last", template: "t:" },
  { name: "link-window", alias: "linkw", template: "abdks:t:" },
  { name: "list-buffers", alias: "lsb", template: "F:f:" },
  { name: "list-clients", alias: "lsc", template: "F:t:" },
  { name: "list-commands", alias: "lscm", template: "F:" },
  { name: "list-keys", alias: "lsk", template: "1aNP:T:" },
  { name: "list-panes", alias: "lsp", template: "asF:f:t:" },
  { name: "list-sessions", alias: "ls", template: "F:f:" },
  { name: "list-windows", alias: "lsw", template: "F:f:at:" },
  { name: "load-buffer", alias: "loadb", template: "b:t:w" },
  { name: "lock-client", alias: "lockc", template: "t:" },
  { name: "lock-server", alias: "lock", template: "" },
  { name: "lock-session", alias: "locks", template: "t:" },
  { name: "move-pane", alias: "movep", template: "bdfhvp:l:s:t:" },
  { name: "move-window", alias: "movew", template: "abdkrs:t:" },
  { name: "new-session", alias: "new", template: "Ac:dDe:EF:f:n:Ps:t:x:Xy:" },
  { name: "new-window", alias: "neww", template: "abc:de:F:kn:PSt:" },
  { name: "next-layout", alias: "nextl", template: "t:" },
  { name: "next-window", alias: "next", template: "at:" },
  { name: "paste-buffer", alias: "pasteb", template: "db:prs:t:" },
  { name: "pipe-pane", alias: "pipep", template: "IOot:" },
  { name: "previous-layout", alias: "prevl", template: "t:" },
  { name: "previous-window", alias: "prev", template: "at:" },
  { name: "refresh-client", alias: "refresh", template: "A:B:cC:Df:F:l::LRSt:U" },
  { name: "rename-session", alias: "rename", template: "t:" },
  { name: "rename-window", alias: "renamew", template: "t:" },
  { name: "resize-pane", alias: "resizep", template: "DLMRTt:Ux:y:Z" },
  { name: "resize-window", alias: "resizew", template: "aADLRt:Ux:y:" },
  { name: "respawn-pane", alias: "respawnp", template: "c:e:kt:" },
  { name: "respawn-window", alias: "respawnw", template: "c:e:kt:" },
  { name: "rotate-window", alias: "rotatew", template: "Dt:UZ" },
  { name: "run-shell", alias: "run", template: "bd:Ct:" },
  { name: "save-buffer", alias: "saveb", template: "ab:" },
  { name: "select-layout", alias: "selectl", template: "Enopt:" },
  { name: "select-pane", alias: "selectp", template: "DdegLlMmP:RT:t:UZ" },
  { name: "select-window", alias: "selectw", template: "lnpTt:" },
  { name: "send-keys", alias: "send", template: "FHlMN:Rt:X" },
  { name: "send-prefix", template: "2t:" },
  { name: "server-access", template: "adlrw" },
  { name: "set-buffer", alias: "setb", template: "ab:t:n:w" },
  { name: "set-environment", alias: "setenv", template: "Fhgrt:u" },
  { name: "set-hook", template: "agpRt:uw" },
  { name: "set-option", alias: "set", template: "aFgopqst:uUw" },
  { name: "set-window-option", alias: "setw", template: "aFgoqt:u" },
  { name: "show-buffer", alias: "showb", template: "b:" },
  { name: "show-environment", alias: "showenv", template: "hgst:" },
  { name: "show-hooks", template: "gpt:w" },
  { name: "show-messages", alias: "showmsgs", template: "JTt:" },
  { name: "show-options", alias: "show", template: "AgHpqst:vw" },
  { name: "show-prompt-history", alias: "showphist", template: "T:" },
  { name: "show-window-options", alias: "showw", template: "gvt:" },
  { name: "source-file", alias: "source", template: "Fnqv" },
  { name: "split-window", alias: "splitw", template: "bc:de:fF:hIl:p:Pt:vZ" },
  { name: "start-server", alias: "start", template: "" },
  { name: "suspend-client", alias: "suspendc", template: "t:" },
  { name: "swap-pane", alias: "swapp", template: "dDs:t:UZ" },
  { name: "swap-window", alias: "swapw", template: "ds:t:" },
  { name: "switch-client", alias: "switchc", template: "lc:EFnpt:rT:Z" },
  { name: "unbind-key", alias: "unbind", template: "anqT:" },
  { name: "unlink-window", alias: "unlinkw", template: "kt:" },
  { name: "wait-for", alias: "wait", template: "LSU" },
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
