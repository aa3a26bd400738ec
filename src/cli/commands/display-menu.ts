// display-menu (menu): a menu over the client; each item is a name, a key and a command (an
// empty name is a separator, a "-" first disables it); the chosen item's command runs with
// the target pane as current. The command waits until the menu closes, as tmux's.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { Arg } from "../../mux/lang/cmd-parse.ts";
import { expandAt } from "../../mux/lang/format-vars.ts";
import { Menu, type MenuItemSpec } from "../../mux/client/menu.ts";
import { overlayClient, overlayPlace } from "./overlay.ts";
import type { CommandEntry } from "./context.ts";

/**
 * cmd_display_menu_args_parse: an item's third argument (its command) may be a { } block; an
 * empty name is a separator, one argument long.
 */
function isItemCommand(index: number, _flags: unknown, before: readonly Arg[]): boolean {
  let i = 0;
  for (;;) {
    if (i === index) return false;
    if (before[i++] === "") continue;
    if (i++ === index) return false;
    if (i++ === index) return true;
  }
}

export const displayMenu: CommandEntry = {
  name: "display-menu",
  alias: ["menu"],
  usage: "[-O] [-c target-client] [-t target-pane] [-T title] [-x position] [-y position] name key command ...",
  args: "c:t:OT:x:y:",
  minArgs: 1,
  commandArgs: isItemCommand,
  target: "pane",
  async exec(ctx) {
    const client = overlayClient(ctx);
    // A control client draws nothing: no overlay would ever show or close there.
    if (client.view.overlay || client.control) return;
    const t = ctx.target;
    const expand = (fmt: string) => expandAt(ctx.server, { session: t.session, window: t.window, pane: t.pane, client }, fmt);
    const T = value(ctx.args, "T");
    const specs: MenuItemSpec[] = [];
    const args = ctx.args.positional;
    for (let i = 0; i < args.length; ) {
      const name = args[i++]!;
      if (name === "") {
        specs.push({ name: null, key: "", command: "" });
        continue;
      }
      if (args.length - i < 2) throw new CommandError("not enough arguments");
      const key = args[i++]!;
      const command = args[i++]!;
      specs.push({ name: expand(name), key, command: expand(command) });
    }
    const menu = new Menu(T === undefined ? "" : expand(T), specs, client.cols, {
      stayOpen: flag(ctx.args, "O"),
      // From a key (no mouse event) the first item is chosen and the mouse only closes it.
      noMouse: !ctx.mouse,
      // cmdq_new_state(&md->fs, event): the item's command runs on the menu's target, with its mouse event.
      choose: (command) => ctx.server.runLine(command, client, { current: t, ...(ctx.mouse ? { mouse: ctx.mouse } : {}) }),
    });
    if (menu.count === 0) return;
    const at = overlayPlace(ctx, client, menu.width + 4, menu.count + 2);
    if (!at || !menu.place(at.x, at.y, client.cols, client.rows)) return;
    await new Promise<void>((closed) => client.view.openOverlay(menu, closed));
  },
};
