// What a client's status prompt reads of the server at each key (status-keys, word-separators,
// the top paste buffer), what Tab completes from, and how its completion menu is shown.
import type { PromptEnv } from "./prompt.ts";
import type { CompletionSource } from "./prompt-complete.ts";
import type { ClientHost } from "./host.ts";
import type { ViewOwner } from "./view.ts";
import { Menu } from "./menu.ts";
import { OPTIONS_TABLE } from "../model/options-table.ts";
import { statusLineCount } from "./status.ts";

function completionSource(host: ClientHost, owner: ViewOwner): CompletionSource {
  const model = host.model;
  return {
    commands: () => host.entries,
    commandAliases: () => model.serverOptions.getArray("command-alias").map(([, v]) => v),
    optionNames: () => OPTIONS_TABLE.map((e) => e.name),
    sessions: () => model.sessionsByName.map((s) => ({ name: s.name, id: s.id })),
    windows: (name) => {
      const s = name === null ? owner.session : model.sessions.find((x) => x.name === name);
      return s?.links.map((wl) => ({ index: wl.index, name: wl.window.name }));
    },
    currentSession: () => owner.session?.name ?? "",
  };
}

/** The env of a prompt on `owner`'s status line; `open` shows a menu over the client. */
export function promptEnv(host: ClientHost, owner: ViewOwner, open: (menu: Menu) => void): PromptEnv {
  const lines = () => (owner.session ? statusLineCount(owner.session.options) : 0);
  return {
    statusKeys: () => owner.session?.options.getString("status-keys") ?? "emacs",
    wordSeparators: () => owner.session?.options.getString("word-separators") ?? "",
    topBuffer: () => host.model.buffers[0]?.data ?? null,
    completion: completionSource(host, owner),
    // status_prompt_complete_list_menu: the client's height less the status lines and 2.
    menuRows: () => owner.rows - lines() - 2,
    openMenu(labels, x, pick) {
      const specs = labels.map((name, i) => ({ name, key: String.fromCharCode(48 + i), command: String(i) }));
      const menu = new Menu("", specs, owner.cols, { stayOpen: false, noMouse: true, tab: true, choose: (i) => pick(Number(i)) });
      const top = owner.session?.options.getString("status-position") === "top";
      const y = top ? lines() : owner.rows - 3 - labels.length;
      if (!menu.place(x, Math.max(0, y), owner.cols, owner.rows)) return false;
      open(menu);
      return true;
    },
  };
}
