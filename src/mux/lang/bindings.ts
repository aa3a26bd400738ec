// Key tables (root, prefix, copy-mode, ...) mapping keys, by tmux's canonical names, to parsed
// command lists. The defaults are the tables tmux's own bind-key commands (default-bindings.ts)
// make when run as key_bindings_init does, saved once and loaded at start (server/default-keys.ts).
import type { CommandList } from "./cmd-parse.ts";
import { printCommandList, type SpecLookup } from "./cmd-print.ts";
import { canonicalKeyName, listKeyNotes, listKeys, type ListedTable, type ListKeysOptions, type ListNotesOptions } from "./default-bindings.ts";

export interface Binding {
  /** tmux's canonical name of the key (C-b, PPage, M-C-x). */
  key: string;
  commands: CommandList;
  repeat: boolean;
  note?: string;
}

/** A key name as the tables keep it: tmux's canonical spelling, or as given if it is not a key. */
function keyOf(name: string): string {
  return canonicalKeyName(name) ?? name;
}

export class KeyTables {
  private readonly tables = new Map<string, Map<string, Binding>>();
  /** Bumped by every bind and unbind, so lookups derived from the tables know when to redo. */
  generation = 0;

  constructor() {
    this.tables.set("root", new Map());
    this.tables.set("prefix", new Map());
  }

  table(name: string): Map<string, Binding> | undefined {
    return this.tables.get(name);
  }

  lookup(table: string, key: string): Binding | undefined {
    return this.tables.get(table)?.get(keyOf(key));
  }

  /** bind-key: a key with no commands keeps those it had (tmux: only the note or -r changes). */
  bind(table: string, key: string, commands: CommandList | null, repeat: boolean, note?: string): void {
    let t = this.tables.get(table);
    if (!t) this.tables.set(table, (t = new Map()));
    const k = keyOf(key);
    const old = t.get(k);
    const b: Binding = { key: k, commands: commands ?? old?.commands ?? [], repeat };
    const n = note ?? (commands === null ? old?.note : undefined);
    if (n !== undefined) b.note = n;
    t.set(k, b);
    this.generation++;
  }

  /** A binding as `bind` made it, its key canonical already (the default tables, saved). */
  restore(table: string, b: Binding): void {
    let t = this.tables.get(table);
    if (!t) this.tables.set(table, (t = new Map()));
    t.set(b.key, b);
    this.generation++;
  }

  /** unbind-key: one key, or every key of the table (null); a table left empty goes, as tmux's. */
  unbind(table: string, key: string | null): boolean {
    const t = this.tables.get(table);
    if (!t) return false;
    this.generation++;
    const found = key === null ? (t.clear(), true) : t.delete(keyOf(key));
    if (t.size === 0 && table !== "root" && table !== "prefix") this.tables.delete(table);
    return found;
  }

  names(): string[] {
    return [...this.tables.keys()];
  }

  private listed(lookup: SpecLookup): ListedTable[] {
    return [...this.tables].map(([name, t]) => ({
      name,
      bindings: [...t.values()].map((b) => ({
        key: b.key,
        repeat: b.repeat,
        command: printCommandList(b.commands, lookup, true),
        ...(b.note !== undefined ? { note: b.note } : {}),
      })),
    }));
  }

  /** Lines as tmux's list-keys prints them. */
  list(lookup: SpecLookup, opts: ListKeysOptions = {}): string[] {
    return listKeys(this.listed(lookup), opts);
  }

  /** list-keys -N. */
  notes(lookup: SpecLookup, opts: ListNotesOptions): string[] {
    return listKeyNotes(this.listed(lookup), opts);
  }
}
