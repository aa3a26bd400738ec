// tmux's default key bindings in the server's tables. key_bindings_init parses and runs 255
// bind-key commands at every start (~30 ms idle, 100–250 ms under load); weft does that once,
// at build time (scripts/gen-default-keys.ts), and a server starts from the tables it made
// (default-keys.json). A test parses them again and checks they are equal.
import type { Arg, CommandList } from "../lang/cmd-parse.ts";
import { findEntry } from "../lang/command.ts";
import { splitArgs } from "../lang/cmd-print.ts";
import { isCopyModeCommand } from "../lang/copy-mode-keys.ts";
import { newGroup } from "../lang/cmd-parse.ts";
import type { KeyTables } from "../lang/bindings.ts";

type Check = (name: string, args: readonly Arg[]) => string | undefined;

/** Which of tmux's default bindings weft can load: the parser's check, plus: send-keys -X must name a copy-mode command weft has. */
export function defaultBindingCheck(entries: readonly { name: string; alias?: string[]; args: string }[], check: Check): Check {
  return (name, args) => {
    const cause = check(name, args);
    if (cause !== undefined) return cause;
    const entry = findEntry(entries, name);
    if (entry.name !== "send-keys") return undefined;
    const split = splitArgs(entry.args, args);
    if (!("flags" in split) || !split.flags.has("X")) return undefined;
    const command = split.values[0];
    return typeof command === "string" && !isCopyModeCommand(command) ? `unknown command: ${command}` : undefined;
  };
}

/** One binding as the data keeps it: [key, repeat, note or null, commands]. */
type SavedBinding = [string, boolean, string | null, CommandList];

/** The default key tables: each table's bindings in the order the tables list them, and the bindings left out. */
export interface DefaultKeys {
  tables: [string, SavedBinding[]][];
  /** Default bindings left out because weft lacks a command they run (loaded once it has them). */
  skipped: string[];
}

/** A copy of a command list, every group renumbered by `group` (groups of different lists stay apart). */
function copyList(list: CommandList, group: (g: number) => number): CommandList {
  return list.map((c) => ({ ...c, args: c.args.map((a) => (typeof a === "string" ? a : copyList(a, group))), group: group(c.group) }));
}

/**
 * The tables as data: groups numbered from 1 in the order they appear, so the same tables give
 * the same data whatever parses came before.
 */
export function saveKeyTables(keys: KeyTables, skipped: readonly string[]): DefaultKeys {
  const seen = new Map<number, number>();
  const group = (g: number) => (g === 0 ? 0 : (seen.get(g) ?? (seen.set(g, seen.size + 1), seen.size)));
  const tables = keys.names().map((name): [string, SavedBinding[]] => [
    name,
    [...(keys.table(name)?.values() ?? [])].map((b) => [b.key, b.repeat, b.note ?? null, copyList(b.commands, group)]),
  ]);
  return { tables, skipped: [...skipped] };
}

/**
 * Bind what `saveKeyTables` saved (its JSON), as bind-key did: tables in their order, each key
 * once, its name canonical already. Every group gets a fresh number from the parser, as if the
 * bindings had been parsed now. The text is parsed anew for each server, whose tables then own
 * the lists.
 */
export function loadKeyTables(keys: KeyTables, json: string): DefaultKeys {
  const data = JSON.parse(json) as DefaultKeys;
  const fresh = new Map<number, number>();
  const renumber = (list: CommandList) => {
    for (const c of list) {
      let g = fresh.get(c.group);
      if (g === undefined) fresh.set(c.group, (g = newGroup()));
      c.group = g;
      for (const a of c.args) if (typeof a !== "string") renumber(a);
    }
  };
  for (const [table, bindings] of data.tables) {
    for (const [key, repeat, note, commands] of bindings) {
      renumber(commands);
      keys.restore(table, { key, commands, repeat, ...(note !== null ? { note } : {}) });
    }
  }
  return data;
}
