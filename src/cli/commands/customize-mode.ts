// customize-mode [-NZ] [-F format] [-f filter] [-t target-pane]: tmux's options and key tables
// as a mode tree over the pane (window-customize.c on mode-tree.c, via tree-chooser.ts): server,
// session, and window & pane options with the value each has for the target (local ones marked
// with their scope), then each key table's keys with their command, note and repeat, and the
// current one described in the preview box. Enter (or s) toggles a flag, steps a choice or asks
// for a new value, for the target's own scope (w: the window's, S/W the global one); on a key's
// Command or Note it asks for a new one, on Repeat toggles it. d resets an option, u unsets an
// option or unbinds a key, D and U the tagged ones, each after a question; H hides the global
// values. The tree's own keys (expand, tag, filter, search, preview) are tree-chooser.ts's.
import { value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import type { ChooserItem, ChooserKeyContext } from "../../mux/client/tree-chooser.ts";
import type { ModeCaller } from "../../mux/client/chooser.ts";
import { openChooser } from "./choosers.ts";
import { keyPreview, optionPreview, valueText } from "./customize-preview.ts";
import { OPTION_TEXTS } from "../../mux/model/option-texts.ts";
import { Confirm, Prompt } from "../../mux/client/prompt.ts";
import { escapeArg, printCommandList } from "../../mux/lang/cmd-print.ts";
import { compareKeys } from "../../mux/lang/default-bindings.ts";
import { formatTrue } from "../../mux/lang/format.ts";
import type { Options, OptionEntry } from "../../mux/model/index.ts";
import type { Binding } from "../../mux/lang/bindings.ts";
import { format } from "./common.ts";
import { modeChanged } from "../../mux/model/index.ts";

const DEFAULT_FORMAT =
  "#{?is_option,#{?option_is_global,,#[reverse](#{option_scope})#[default] }#[ignore]#{option_value}#{?option_unit, #{option_unit},},#{key}}";

export type Scope = "server" | "global-session" | "session" | "global-window" | "window" | "pane";

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
  table: string;
  binding: Binding;
  /** Which line of the key: the key itself, or its Command, Note or Repeat. */
  part: "key" | "Command" | "Note" | "Repeat";
}
type Item = OptionItem | KeyItem;

export const GLOBAL: ReadonlySet<Scope> = new Set(["server", "global-session", "global-window"]);

/** Markup up to #[ignore] is the style of the line; weft draws list lines plain, so it goes. */
function plain(text: string): string {
  const i = text.indexOf("#[ignore]");
  const head = i < 0 ? text : text.slice(0, i);
  return head.replace(/#\[[^\]]*\]/g, "") + (i < 0 ? "" : text.slice(i + "#[ignore]".length));
}

type Node = ChooserItem & { children?: Node[] };

class Customize {
  hideGlobal = false;
  /** What each item of the last build is, by its id. */
  readonly items = new Map<string, Item>();

  constructor(private readonly ctx: CommandContext) {}

  get t() {
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

  expand(fmt: string, extra: Record<string, string | number>): string {
    const { session, window, pane } = this.t;
    return format(this.ctx, fmt, { session, window, pane, extra });
  }

  /** One option (and its array items), unless the filter or H leaves it out. */
  private option(o: OptionEntry, scope: Scope, lineFormat: string, filter: string | undefined): Node | null {
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
      option_unit: OPTION_TEXTS[o.name]?.unit ?? "",
      ...(array ? {} : { option_value: valueText(o, null) }),
    };
    if (filter !== undefined && !formatTrue(this.expand(filter, vars))) return null;
    const id = `option:${scope}:${o.name}`;
    const node = this.add({ id, name: o.name, expanded: false }, { kind: "option", name: o.name, scope, index: null, entry: o });
    if (!array) node.text = plain(this.expand(lineFormat, vars));
    else if (o.value instanceof Map) {
      node.children = [...o.value.keys()].sort((a, b) => a - b).map((i) =>
        this.add(
          { id: `${id}[${i}]`, name: `${o.name}[${i}]`, text: plain(this.expand(lineFormat, { ...vars, option_name: `${o.name}[${i}]`, option_value: valueText(o, i) })) },
          { kind: "option", name: o.name, scope, index: i, entry: o },
        ),
      );
    }
    return node;
  }

  /**
   * A heading's options as window_customize_build_options: user options of any of the trees
   * first, then every option of the global tree, each from the most local tree that has it.
   */
  private options(title: string, id: string, scopes: Scope[], lineFormat: string, filter: string | undefined): Node {
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
    const children: Node[] = [];
    for (const name of names) {
      const found = local(name);
      const node = found && this.option(found[1], found[0], lineFormat, filter);
      if (node) children.push(node);
    }
    return { id, name: title, children, expanded: false, noTag: true };
  }

  /** An item of the tree, its preview the item's (window_customize_draw). */
  private add(node: Node, item: Item): Node {
    this.items.set(node.id, item);
    node.preview = (w, h) => (item.kind === "option" ? optionPreview(this, item, w, h) : keyPreview(this, item, w, h));
    return node;
  }

  private keyTable(table: string, lineFormat: string, filter: string | undefined): Node | null {
    // In key code order, as tmux's table (list-keys' order).
    const bindings = [...(this.ctx.server.keys.table(table)?.values() ?? [])].sort((a, b) => compareKeys(a.key, b.key));
    if (bindings.length === 0) return null;
    const children: Node[] = [];
    for (const b of bindings) {
      const vars = { is_option: 0, is_key: 1, key: b.key, ...(b.note !== undefined ? { key_note: b.note } : {}) };
      if (filter !== undefined && !formatTrue(this.expand(filter, vars))) continue;
      const id = `key:${table}:${b.key}`;
      const part = (name: KeyItem["part"], text: string): Node => ({
        ...this.add({ id: `${id}:${name}`, name, text, noTag: true, drawAsParent: true }, { kind: "key", table, binding: b, part: name }),
      });
      const key = this.add({ id, name: plain(this.expand(lineFormat, vars)), expanded: false }, { kind: "key", table, binding: b, part: "key" });
      // The texts start with #[ignore]: a command's or note's # is not markup.
      key.children = [part("Command", `#[ignore]${this.commandText(b)}`), part("Note", `#[ignore]${b.note ?? ""}`), part("Repeat", b.repeat ? "on" : "off")];
      children.push(key);
    }
    return { id: `table:${table}`, name: `Key Table - ${table}`, children, expanded: false, noTag: true };
  }

  commandText(b: Binding): string {
    return printCommandList(b.commands, this.ctx.server.runner.spec, false);
  }

  build(lineFormat: string, filter: string | undefined): Node[] {
    this.items.clear();
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
  set(item: OptionItem, by: ModeCaller, global: boolean, pane: boolean, done: () => void): void {
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
      done();
    });
    by.openPrompt(prompt);
  }

  /**
   * What d and u run on an item (window_customize_reset_option and _unset_option, _unset_key):
   * an option's own tree loses it (a global tree goes back to the default, as set -u), an
   * array item goes; a key is unbound. Reset leaves array items and keys alone.
   */
  changeLine(item: Item, how: "reset" | "unset"): string | null {
    if (item.kind === "key") return how === "unset" && item.part === "key" ? `unbind-key -T ${escapeArg(item.table)} ${escapeArg(item.binding.key)}` : null;
    if (how === "reset" && item.index !== null) return null;
    const name = item.index === null ? item.name : `${item.name}[${item.index}]`;
    return `set-option -u ${this.flags(item.scope)} ${escapeArg(name)}`;
  }

  /** A y/n question on the client's status line; y runs `lines`. */
  confirm(by: ModeCaller, label: string, lines: string[], done: () => void): void {
    by.openPrompt(
      new Confirm(label, "y", (yes) => {
        by.closePrompt();
        if (!yes) return;
        for (const l of lines) void by.runLine(l);
        done();
      }),
    );
  }

  /** Enter or s on a key's line: a new command or note asked for, or repeat toggled (window_customize_set_key). */
  setKey(item: KeyItem, by: ModeCaller, done: () => void): void {
    const b = item.binding;
    const bind = (repeat: boolean, note: string | undefined, command: string) =>
      `bind-key ${repeat ? "-r " : ""}${note ? `-N ${escapeArg(note)} ` : ""}-T ${escapeArg(item.table)} ${escapeArg(b.key)} ${command}`;
    const command = this.commandText(b);
    if (item.part === "Repeat") return void by.runLine(bind(!b.repeat, b.note, command));
    if (item.part !== "Command" && item.part !== "Note") return;
    const initial = item.part === "Command" ? command : (b.note ?? "");
    by.openPrompt(
      new Prompt(`(${b.key}) `, initial, (answer) => {
        by.closePrompt();
        if (answer === null) return;
        void by.runLine(item.part === "Command" ? bind(b.repeat, b.note, answer) : bind(b.repeat, answer, command));
        done();
      }),
    );
  }
}

export const customizeMode: CommandEntry = {
  name: "customize-mode",
  usage: "[-NZ] [-F format] [-f filter] [-t target-pane]",
  args: "F:f:NZt:",
  maxArgs: 0,
  target: "pane",
  exec(ctx) {
    const lineFormat = value(ctx.args, "F") ?? DEFAULT_FORMAT;
    const c = new Customize(ctx);
    const itemOf = (m: ChooserKeyContext) => c.items.get(m.current.id);
    const changed = () => modeChanged(ctx.model, ctx.target.pane, true);
    const set = (global: boolean, pane: boolean) => (m: ChooserKeyContext) => {
      const item = itemOf(m);
      if (item?.kind === "option") c.set(item, m.by, global, pane, changed);
      else if (item?.kind === "key" && !global && pane) c.setKey(item, m.by, changed);
    };
    const one = (how: "reset" | "unset") => (m: ChooserKeyContext) => {
      const item = itemOf(m);
      if (!item || (how === "reset" && (item.kind === "key" || item.index !== null))) return;
      const line = c.changeLine(item, how);
      const name = item.kind === "key" ? item.binding.key : item.index === null ? item.name : `${item.name}[${item.index}]`;
      if (line !== null) c.confirm(m.by, how === "reset" ? `Reset ${name} to default? ` : `Unset ${name}? `, [line], changed);
    };
    const tagged = (how: "reset" | "unset") => (m: ChooserKeyContext) => {
      if (m.tagged.length === 0) return;
      const lines = m.tagged.flatMap((it) => {
        const item = c.items.get(it.id);
        const line = item ? c.changeLine(item, how) : null;
        return line === null ? [] : [line];
      });
      c.confirm(m.by, how === "reset" ? `Reset ${m.tagged.length} tagged to default? ` : `Unset ${m.tagged.length} tagged? `, lines, changed);
    };
    openChooser(
      ctx,
      {
        name: "options-mode",
        sorts: [],
        previewRows: 12,
        build: (_sort, filter) => ({ items: c.build(lineFormat, filter ?? undefined) }),
        keys: {
          Enter: set(false, true),
          s: set(false, true),
          w: set(false, false),
          S: set(true, false),
          W: set(true, false),
          d: one("reset"),
          D: tagged("reset"),
          u: one("unset"),
          U: tagged("unset"),
          H: () => void (c.hideGlobal = !c.hideGlobal),
        },
      },
      "",
    );
  },
};
