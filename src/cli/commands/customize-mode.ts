// customize-mode [-NZ] [-F format] [-f filter] [-t target-pane]: tmux's options and key tables
// as a tree over the pane (options-mode, window-customize.c): server, session, and window &
// pane options with the value each has for the target (local ones marked with their scope),
// then each key table's keys with their command, note and repeat. Enter (or s) toggles a flag,
// steps a choice or asks for a new value, for the target's own scope (w: the window's, S/W
// the global one); d resets an option to its default and u unsets it, after a question; H
// hides the global values. Tags and the preview below the list are not drawn (-N is taken).
import { value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { ModeTree, type TreeNode } from "../../mux/client/mode-tree.ts";
import type { ModeCaller } from "../../mux/client/chooser.ts";
import { Confirm, Prompt } from "../../mux/client/prompt.ts";
import { escapeArg, printCommandList } from "../../mux/lang/cmd-print.ts";
import { compareKeys } from "../../mux/lang/default-bindings.ts";
import { formatTrue } from "../../mux/lang/format.ts";
import { enterMode, leaveMode, scalarToString, type Options, type OptionEntry } from "../../mux/model/index.ts";
import { format } from "./common.ts";

const DEFAULT_FORMAT =
  "#{?is_option,#{?option_is_global,,#[reverse](#{option_scope})#[default] }#[ignore]#{option_value}#{?option_unit, #{option_unit},},#{key}}";

/** The units tmux's option table gives these options. */
const UNITS: Record<string, string> = {
  "escape-time": "milliseconds",
  "assume-paste-time": "milliseconds",
  "display-panes-time": "milliseconds",
  "display-time": "milliseconds",
  "history-limit": "lines",
  "lock-after-time": "seconds",
  "repeat-time": "milliseconds",
  "status-interval": "seconds",
};

type Scope = "server" | "global-session" | "session" | "global-window" | "window" | "pane";

/** What an option line is: the option, the tree it came from, and which array item if one. */
interface OptionItem {
  kind: "option";
  name: string;
  scope: Scope;
  index: number | null;
  entry: OptionEntry;
}
interface KeyItem {
  kind: "key";
}
type Item = OptionItem | KeyItem;

const GLOBAL: ReadonlySet<Scope> = new Set(["server", "global-session", "global-window"]);

/** Markup up to #[ignore] is the style of the line; weft draws list lines plain, so it goes. */
function plain(text: string): string {
  const i = text.indexOf("#[ignore]");
  const head = i < 0 ? text : text.slice(0, i);
  return head.replace(/#\[[^\]]*\]/g, "") + (i < 0 ? "" : text.slice(i + "#[ignore]".length));
}

/** An option's value as the tree shows it (options_to_string); arrays item by item. */
function valueText(o: OptionEntry, index: number | null): string {
  const v = o.value;
  if (v instanceof Map) return index === null ? "" : scalarToString(o.table, v.get(index) ?? "");
  return scalarToString(o.table, v);
}

class Customize {
  hideGlobal = false;

  constructor(private readonly ctx: CommandContext) {}

  private get t() {
    return this.ctx.target;
  }

  /** The tree an option scope means for the target. */
  tree(scope: Scope): Options {
    const { model } = this.ctx;
    switch (scope) {
      case "server":
        return model.serverOptions;
      case "global-session":
        return model.sessionOptions;
      case "session":
        return this.t.session.options;
      case "global-window":
        return model.windowOptions;
      case "window":
        return this.t.window.options;
      case "pane":
        return this.t.pane.options;
    }
  }

  scopeText(scope: Scope): string {
    if (scope === "pane") return `pane ${this.t.window.paneIndex(this.t.pane)}`;
    if (scope === "session") return `session ${this.t.session.name}`;
    if (scope === "window") return `window ${(this.t.winlink ?? this.t.session.linkOf(this.t.window))?.index ?? ""}`;
    return "";
  }

  private expand(fmt: string, extra: Record<string, string | number>): string {
    const { session, window, pane } = this.t;
    return format(this.ctx, fmt, { session, window, pane, extra });
  }

  /** One option (and its array items), unless the filter or H leaves it out. */
  private option(o: OptionEntry, scope: Scope, lineFormat: string, filter: string | undefined): TreeNode<Item> | null {
    if (o.table?.hook) return null;
    const global = GLOBAL.has(scope);
    if (this.hideGlobal && global) return null;
    const array = o.value instanceof Map;
    const vars: Record<string, string | number> = {
      is_option: 1,
      is_key: 0,
      option_name: o.name,
      option_is_global: global ? 1 : 0,
      option_is_array: array ? 1 : 0,
      option_scope: this.scopeText(scope),
      option_unit: UNITS[o.name] ?? "",
      ...(array ? {} : { option_value: valueText(o, null) }),
    };
    if (filter !== undefined && !formatTrue(this.expand(filter, vars))) return null;
    const id = `option:${scope}:${o.name}`;
    const node: TreeNode<Item> = { id, name: o.name, data: { kind: "option", name: o.name, scope, index: null, entry: o } };
    if (!array) node.text = plain(this.expand(lineFormat, vars));
    else if (o.value instanceof Map) {
      node.children = [...o.value.keys()].sort((a, b) => a - b).map((i) => ({
        id: `${id}[${i}]`,
        name: `${o.name}[${i}]`,
        text: plain(this.expand(lineFormat, { ...vars, option_name: `${o.name}[${i}]`, option_value: valueText(o, i) })),
        data: { kind: "option", name: o.name, scope, index: i, entry: o },
      }));
    }
    return node;
  }

  /**
   * A heading's options as window_customize_build_options: user options of any of the trees
   * first, then every option of the global tree, each from the most local tree that has it.
   */
  private options(title: string, id: string, scopes: Scope[], lineFormat: string, filter: string | undefined): TreeNode<Item> {
    const trees = scopes.map((s) => [s, this.tree(s)] as const);
    const local = (name: string): [Scope, OptionEntry] | null => {
      for (const [s, oo] of [...trees].reverse()) {
        const o = oo.getOnly(name);
        if (o) return [s, o];
      }
      return null;
    };
    const users = [...new Set(trees.flatMap(([, oo]) => oo.entries().map((o) => o.name).filter((n) => n.startsWith("@"))))];
    const names = [...users, ...(trees[0]?.[1].entries() ?? []).map((o) => o.name).filter((n) => !n.startsWith("@"))];
    const children: TreeNode<Item>[] = [];
    for (const name of names) {
      const found = local(name);
      const node = found && this.option(found[1], found[0], lineFormat, filter);
      if (node) children.push(node);
    }
    return { id, name: title, children };
  }

  private keyTable(table: string, lineFormat: string, filter: string | undefined): TreeNode<Item> | null {
    // In key code order, as tmux's table (list-keys' order).
    const bindings = [...(this.ctx.server.keys.table(table)?.values() ?? [])].sort((a, b) => compareKeys(a.key, b.key));
    if (bindings.length === 0) return null;
    const children: TreeNode<Item>[] = [];
    for (const b of bindings) {
      const vars = { is_option: 0, is_key: 1, key: b.key, ...(b.note !== undefined ? { key_note: b.note } : {}) };
      if (filter !== undefined && !formatTrue(this.expand(filter, vars))) continue;
      const id = `key:${table}:${b.key}`;
      const data: Item = { kind: "key" };
      children.push({
        id,
        name: plain(this.expand(lineFormat, vars)),
        data,
        children: [
          { id: `${id}:command`, name: "Command", text: printCommandList(b.commands, this.ctx.server.runner.spec, false), data },
          { id: `${id}:note`, name: "Note", text: b.note ?? "", data },
          { id: `${id}:repeat`, name: "Repeat", text: b.repeat ? "on" : "off", data },
        ],
      });
    }
    return { id: `table:${table}`, name: `Key Table - ${table}`, children };
  }

  build(lineFormat: string, filter: string | undefined): TreeNode<Item>[] {
    const out = [
      this.options("Server Options", "server", ["server"], lineFormat, filter),
      this.options("Session Options", "session", ["global-session", "session"], lineFormat, filter),
      this.options("Window & Pane Options", "window", ["global-window", "window", "pane"], lineFormat, filter),
    ];
    const tables = this.ctx.server.keys.names().sort();
    for (const t of tables) {
      const node = this.keyTable(t, lineFormat, filter);
      if (node) out.push(node);
    }
    return out;
  }

  /** set-option's flags for a scope's tree. */
  flags(scope: Scope): string {
    const { session, window, pane } = this.t;
    switch (scope) {
      case "server":
        return "-s";
      case "global-session":
        return "-g";
      case "session":
        return `-t ${escapeArg(`$${session.id}`)}`;
      case "global-window":
        return "-wg";
      case "window":
        return `-w -t ${escapeArg(`@${window.id}`)}`;
      case "pane":
        return `-p -t ${escapeArg(`%${pane.id}`)}`;
    }
  }

  /**
   * The scope a change goes to (window_customize_set_option): the item's own for arrays, else
   * its global scope with `global`, else the target's local one (the pane's for pane options
   * when `pane`).
   */
  changeScope(item: OptionItem, global: boolean, pane: boolean): Scope {
    if (item.entry.value instanceof Map) return item.scope;
    const paneToo = pane && (item.entry.table?.scope.includes("pane") ?? true);
    if (global) return item.scope === "session" ? "global-session" : item.scope === "window" || item.scope === "pane" ? "global-window" : item.scope;
    if (item.scope === "global-session") return "session";
    if (item.scope === "global-window" || item.scope === "window" || item.scope === "pane") return paneToo ? "pane" : "window";
    return item.scope;
  }

  /** Enter, s, w, S, W: flags toggle and choices step at once; anything else is asked for. */
  set(item: OptionItem, by: ModeCaller, global: boolean, pane: boolean): void {
    const scope = this.changeScope(item, global, pane);
    const name = item.index === null ? item.name : `${item.name}[${item.index}]`;
    const run = (v: string) => void by.runLine(`set-option ${this.flags(scope)} ${escapeArg(name)} ${escapeArg(v)}`);
    const table = item.entry.table;
    const current = this.tree(scope).lookup(item.name) ?? item.entry;
    if (table?.type === "flag") return run(current.value ? "off" : "on");
    if (table?.type === "choice" && table.choices && typeof current.value === "number") return run(table.choices[(current.value + 1) % table.choices.length] ?? "");
    const text = this.scopeText(scope);
    const space = text !== "" ? ", for " : scope !== "server" ? ", global" : "";
    const shown = item.entry.value instanceof Map && item.index === null ? `${item.name}[+]` : name;
    const setName = item.entry.value instanceof Map && item.index === null ? item.name : name;
    const prompt: Prompt = new Prompt(`(${shown}${space}${text}) `, valueText(item.entry, item.index), (answer) => {
      by.closePrompt();
      if (answer === null) return;
      void by.runLine(`set-option ${item.entry.value instanceof Map && item.index === null ? "-a " : ""}${this.flags(scope)} ${escapeArg(setName)} ${escapeArg(answer)}`);
    });
    by.openPrompt(prompt);
  }

  /** d (reset to the default) and u (unset), each after a y. */
  change(item: OptionItem, by: ModeCaller, how: "reset" | "unset"): void {
    const name = item.index === null ? item.name : `${item.name}[${item.index}]`;
    const label = how === "reset" ? `Reset ${item.name} to default? ` : `Unset ${name}? `;
    const table = item.entry.table;
    // Reset: a global tree back to the table's default (set -u does that there); a local one
    // keeps its own value, the default.
    const line =
      how === "unset" || GLOBAL.has(item.scope) || !table || table.array
        ? `set-option -u ${this.flags(item.scope)} ${escapeArg(name)}`
        : `set-option ${this.flags(item.scope)} ${escapeArg(name)} ${escapeArg(defaultText(table.default))}`;
    by.openPrompt(
      new Confirm(label, "y", (yes) => {
        by.closePrompt();
        if (yes) void by.runLine(line);
      }),
    );
  }
}

function defaultText(d: string | number | boolean | readonly string[]): string {
  if (typeof d === "boolean") return d ? "on" : "off";
  return Array.isArray(d) ? d.join(",") : String(d);
}

export const customizeMode: CommandEntry = {
  name: "customize-mode",
  usage: "[-NZ] [-F format] [-f filter] [-t target-pane]",
  args: "F:f:NZt:",
  maxArgs: 0,
  target: "pane",
  exec(ctx) {
    const { model } = ctx;
    const pane = ctx.target.pane;
    const lineFormat = value(ctx.args, "F") ?? DEFAULT_FORMAT;
    const filter = value(ctx.args, "f");
    const c = new Customize(ctx);
    const onKey = (key: string, node: TreeNode<Item> | null, by: ModeCaller) => {
      const item = node?.data;
      if (key === "H") {
        c.hideGlobal = !c.hideGlobal;
        return;
      }
      if (item?.kind !== "option") return;
      if (key === "Enter" || key === "C-m" || key === "s") c.set(item, by, false, true);
      else if (key === "w") c.set(item, by, false, false);
      else if (key === "S" || key === "W") c.set(item, by, true, false);
      else if (key === "d" && item.index === null) c.change(item, by, "reset");
      else if (key === "u") c.change(item, by, "unset");
    };
    const tree: ModeTree<Item> = new ModeTree<Item>("options-mode", () => c.build(lineFormat, filter), onKey, () => leaveMode(model, pane, tree));
    enterMode(model, pane, tree);
  },
};
