// What choose-tree, choose-buffer and choose-client share: their mode tree over the target pane,
// with -O, -r, -f, -N and -Z as tmux's mode_tree_start and mode_tree_zoom take them.
import type { CommandContext } from "./context.ts";
import type { CommandList } from "../../mux/lang/cmd-parse.ts";
import { flag, value } from "../../mux/lang/command.ts";
import { enterMode, leaveMode, modeChanged } from "../../mux/model/index.ts";
import { Chooser, type ChooserItem, type ChooserSpec } from "../../mux/client/tree-chooser.ts";
import { ClientConnection } from "../../mux/client/client-connection.ts";
import { queueTemplate } from "./arg-commands.ts";
import { format } from "./common.ts";
import { normalizeKeyName } from "../../mux/lang/keys.ts";

/** What a mode gives: everything of its spec but what the command's flags and the pane decide. */
export type ModeSpec = Omit<ChooserSpec, "sort" | "reversed" | "filter" | "noPreview" | "close" | "changed" | "choose">;

/**
 * The mode over the target pane, as tmux's window_pane_set_mode (for whoever looks at the
 * pane, attached now or later); a pick runs `template` with %% as the item's target (its id
 * unless `target` says otherwise) as the picking client's commands. None when it has nothing to show.
 */
export function openChooser(ctx: CommandContext, spec: ModeSpec, template: string | CommandList, target: (item: ChooserItem) => string | null = (it) => it.id): Chooser | null {
  const { model } = ctx;
  const { pane, window } = ctx.target;
  const a = ctx.args;
  // -Z: zoomed while the mode is shown, and unzoomed after if it was not before (mode_tree_zoom).
  const zoom = flag(a, "Z") && !window.zoomed && window.panes.size > 1;
  const chooser: Chooser = new Chooser({
    ...spec,
    ...optional({ sort: value(a, "O"), filter: value(a, "f") }),
    reversed: flag(a, "r"),
    noPreview: flag(a, "N"),
    close: () => {
      leaveMode(model, pane, chooser);
      if (zoom && window.zoomed === pane) window.unzoom();
    },
    changed: () => modeChanged(model, pane, true),
    choose: (item, by, other) => {
      const t = target(item);
      // Keys reach a pane's mode only from client connections (input, send-keys).
      if (t !== null && by instanceof ClientConnection) queueTemplate(ctx, by, other ?? template, [t]);
    },
  });
  if (chooser.empty) return null;
  if (zoom) window.toggleZoom(pane);
  enterMode(model, pane, chooser);
  return chooser;
}

function optional(o: { sort: string | undefined; filter: string | undefined }): { sort?: string; filter?: string } {
  return { ...(o.sort !== undefined ? { sort: o.sort } : {}), ...(o.filter !== undefined ? { filter: o.filter } : {}) };
}

/**
 * -K's key-format: a line's shortcut from the format with `line` set (unset or not a key: none),
 * as window_tree_get_key; `vars` are the item's session, window and pane.
 */
export function keyFormat(ctx: CommandContext, fmt: string, vars: (item: ChooserItem) => Parameters<typeof format>[2]): (item: ChooserItem, line: number) => string | null {
  return (item, line) => {
    const v = vars(item);
    const key = format(ctx, fmt, { ...v, extra: { ...(v.extra ?? {}), line } });
    return key === "" ? null : (normalizeKeyName(key) ?? null);
  };
}
