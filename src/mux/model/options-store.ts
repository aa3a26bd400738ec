// Option values as tmux's options.c keeps them: one tree of values per scope, each falling back to
// its parent (session → global session options; pane → window → global window options), with
// user options (@name), array options (name[N]) and tmux's parsing and validation of values.
import { fnmatch } from "./fnmatch.ts";
import { argsEscape } from "./args-escape.ts";
import { colourFromString, colourToString } from "./colour.ts";
import { findOptionEntry, OPTIONS_TABLE, type OptionTableEntry } from "./options-table.ts";
import { parseStyle } from "./style.ts";

/** A user's mistake, with tmux's words for it. */
export class OptionError extends Error {}

/** string and key options hold strings; number, colour, flag (0/1) and choice (index) numbers. */
export type OptionScalar = string | number;
/** Array items by index; commands are kept as printed (the command parser's own form). */
export type OptionArray = Map<number, OptionScalar>;

export interface OptionEntry {
  readonly name: string;
  /** undefined for user options (@name), which are always strings. */
  readonly table: OptionTableEntry | undefined;
  value: OptionScalar | OptionArray;
}

/** What the store needs from parsers that live outside the model. */
export interface OptionParsers {
  /** A key's canonical name (as show-options prints it), or null for tmux's "bad key". */
  parseKey(text: string): string | null;
  /** A command list as printed back; throws an Error with the parser's message when invalid. */
  parseCommand?(text: string): string;
  /** Whether a path may be default-shell (tmux: absolute, executable, not tmux itself). */
  checkShell?(path: string): boolean;
}

export type GlobalScope = "server" | "session" | "window";

/** The stored form of a table default. */
function defaultScalar(e: OptionTableEntry): OptionScalar {
  const d = e.default;
  switch (e.type) {
    case "number":
      return typeof d === "number" ? d : 0;
    case "flag":
      return d === true ? 1 : 0;
    case "choice":
      return Math.max(0, e.choices?.indexOf(String(d)) ?? 0);
    case "colour":
      return colourFromString(String(d));
    default:
      return String(d);
  }
}

function defaultValue(e: OptionTableEntry): OptionScalar | OptionArray {
  if (!e.array) return defaultScalar(e);
  const items: OptionArray = new Map();
  const list = Array.isArray(e.default) ? e.default : [];
  list.forEach((v: string, i: number) => items.set(i, e.type === "colour" ? colourFromString(v) : v));
  return items;
}

/** One value as show-options prints it (before quoting). */
export function scalarToString(e: OptionTableEntry | undefined, v: OptionScalar): string {
  if (typeof v === "string") return v;
  switch (e?.type) {
    case "colour":
      return colourToString(v);
    case "flag":
      return v ? "on" : "off";
    case "choice":
      return e.choices?.[v] ?? "";
    default:
      return String(v);
  }
}

export class Options {
  private readonly tree = new Map<string, OptionEntry>();
  /**
   * Told of every change announced here or below (set on the global trees by the Model, which
   * turns it into the notifier's option-changed). The mutators do not call it themselves: one
   * command makes several writes (a checked string is set, then put back) and announces once.
   */
  onChange: ((name: string) => void) | null = null;

  /**
   * A global tree's scope: its table defaults go into the tree at their first use (getOnly,
   * entries) rather than all at once, which was ~0.5 ms of a new server's start for three
   * trees of 18, 101 and 62 options, most never read by its first command.
   */
  private lazyScope: GlobalScope | null = null;
  /** The defaults a global tree has put in (each name once: a value set or removed since stays so). */
  private filled: Set<string> | null = null;

  constructor(public parent: Options | null) {}

  /** Tell the nearest listener up the chain that `name` changed here (options_push_changes). */
  announce(name: string): void {
    for (let o: Options | null = this; o; o = o.parent) {
      if (o.onChange) return o.onChange(name);
    }
  }

  /** A global tree (no parent) holding every option of the scope at its table default. */
  static global(scope: GlobalScope): Options {
    const o = new Options(null);
    o.lazyScope = scope;
    o.filled = new Set();
    return o;
  }

  /** The table default of `e` put in this global tree at its first use; undefined if none is due. */
  private fill(e: OptionTableEntry | undefined): OptionEntry | undefined {
    if (!e || this.lazyScope === null || this.filled?.has(e.name) || !e.scope.includes(this.lazyScope)) return undefined;
    return this.setDefault(e);
  }

  /** Global trees are reset to defaults by -u, where others lose the value. */
  get isGlobal(): boolean {
    return this.parent === null;
  }

  /** options_get_only: this tree only (other spellings accepted). */
  getOnly(name: string): OptionEntry | undefined {
    const held = this.tree.get(name);
    if (held) return held;
    const e = findOptionEntry(name);
    return this.tree.get(e?.name ?? name) ?? this.fill(e);
  }

  /** options_get: this tree, then its parents. */
  lookup(name: string): OptionEntry | undefined {
    for (let oo: Options | null = this; oo; oo = oo.parent) {
      const o = oo.getOnly(name);
      if (o) return o;
    }
    return undefined;
  }

  has(name: string): boolean {
    return this.getOnly(name) !== undefined;
  }

  /** Entries in this tree in tmux's order (strcmp of names). */
  entries(): OptionEntry[] {
    if (this.lazyScope !== null) for (const e of OPTIONS_TABLE) this.fill(e);
    return [...this.tree.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  private need(name: string): OptionEntry {
    const o = this.lookup(name);
    if (!o) throw new Error(`missing option ${name}`);
    return o;
  }

  /** The value as show -v prints it: choice names, on/off, colour names; arrays joined by spaces. */
  getString(name: string): string {
    const o = this.need(name);
    if (o.value instanceof Map) return [...sortedItems(o.value)].map(([, v]) => scalarToString(o.table, v)).join(" ");
    return scalarToString(o.table, o.value);
  }

  /** Numbers, colours, flags (0/1) and choices (their index, as tmux: status "2" is 2). */
  getNumber(name: string): number {
    const o = this.need(name);
    if (o.value instanceof Map) throw new Error(`option ${name} is an array`);
    return typeof o.value === "number" ? o.value : Number(o.value);
  }

  getFlag(name: string): boolean {
    return this.getNumber(name) !== 0;
  }

  /** An array option's items in index order, each as show -v prints it. */
  getArray(name: string): [number, string][] {
    const o = this.need(name);
    if (!(o.value instanceof Map)) return [[0, scalarToString(o.table, o.value)]];
    return sortedItems(o.value).map(([i, v]) => [i, scalarToString(o.table, v)]);
  }

  /** options_default: put the table default here (replacing any value). */
  setDefault(e: OptionTableEntry): OptionEntry {
    const o: OptionEntry = { name: e.name, table: e, value: defaultValue(e) };
    this.tree.set(e.name, o);
    this.filled?.add(e.name);
    return o;
  }

  /** options_empty: an array option with no items here. */
  setEmpty(e: OptionTableEntry): OptionEntry {
    const o: OptionEntry = { name: e.name, table: e, value: e.array ? new Map() : defaultScalar(e) };
    this.tree.set(e.name, o);
    this.filled?.add(e.name);
    return o;
  }

  private tableEntry(name: string): OptionTableEntry {
    const e = this.lookup(name)?.table ?? findOptionEntry(name);
    if (!e) throw new Error(`${name} not in parent options`);
    return e;
  }

  /** options_set_string: -a appends after the option's separator, only to a value held here. */
  setString(name: string, value: string, append = false): void {
    let o = this.getOnly(name);
    let v = value;
    if (o && append && typeof o.value === "string") v = o.value + (o.table?.separator ?? "") + value;
    if (!o) o = name.startsWith("@") ? this.addUser(name) : this.setDefault(this.tableEntry(name));
    o.value = v;
  }

  /** options_set_number, for number, colour, flag (0/1) and choice (index) options. */
  setNumber(name: string, value: number): void {
    if (name.startsWith("@")) throw new Error(`user option ${name} must be a string`);
    const o = this.getOnly(name) ?? this.setDefault(this.tableEntry(name));
    o.value = value;
  }

  private addUser(name: string): OptionEntry {
    const o: OptionEntry = { name, table: undefined, value: "" };
    this.tree.set(name, o);
    return o;
  }

  /** Drop a value held here (user options vanish; table options fall back to the parent). */
  remove(name: string): void {
    const o = this.getOnly(name);
    if (o) this.tree.delete(o.name);
  }

  /**
   * set-option -u: an array item is removed; a whole option returns to its default in a global
   * tree and is removed elsewhere.
   */
  removeOrDefault(o: OptionEntry, idx: number): void {
    if (idx !== -1) return arraySet(o, idx, null, false);
    if (o.table && this.isGlobal) this.setDefault(o.table);
    else this.tree.delete(o.name);
  }

  /**
   * options_from_string: a table or user option from its text, validated by type. `value` null
   * means no value was given (flags and choices then toggle).
   */
  setFromString(name: string, value: string | null, append: boolean, parsers: OptionParsers): void {
    const e = findOptionEntry(name);
    if (!e && !name.startsWith("@")) throw new OptionError("bad option name");
    if (e && value === null && e.type !== "flag" && e.type !== "choice") throw new OptionError("empty value");
    if (!e || e.type === "string") return this.setStringChecked(e, name, value ?? "", append, parsers);
    switch (e.type) {
      case "number":
        return this.setNumber(name, parseNumber(value ?? "", e));
      case "key":
        return this.setString(name, parseKeyValue(value ?? "", parsers));
      case "colour":
        return this.setNumber(name, parseColour(value ?? ""));
      case "flag":
        return this.setNumber(name, value === null || value === "" ? Number(!this.getFlag(name)) : parseFlag(value));
      case "choice":
        return this.setNumber(name, value === null ? toggleChoice(this.getNumber(name)) : findChoice(e, value));
      case "command":
        throw new OptionError("bad option name");
    }
  }

  /** Set, then check; a value that fails goes back to the old one (kept here, as tmux does). */
  private setStringChecked(e: OptionTableEntry | undefined, name: string, value: string, append: boolean, parsers: OptionParsers): void {
    const old = this.lookup(name);
    const oldValue = old && typeof old.value === "string" ? old.value : "";
    this.setString(name, value, append);
    const problem = e ? checkString(e, this.getString(name), parsers) : null;
    if (problem) {
      this.setString(name, oldValue);
      throw new OptionError(problem);
    }
  }
}

function sortedItems(items: OptionArray): [number, OptionScalar][] {
  return [...items.entries()].sort((a, b) => a[0] - b[0]);
}

/** The lowest index with no item (tmux fills gaps before growing). */
function firstFree(items: OptionArray): number {
  let i = 0;
  while (items.has(i)) i++;
  return i;
}

/** options_array_set: null removes the item; -a appends to a string item. */
export function arraySet(o: OptionEntry, idx: number, value: string | null, append: boolean, parsers?: OptionParsers): void {
  if (!(o.value instanceof Map) || !o.table) throw new OptionError("not an array");
  const items = o.value;
  if (value === null) {
    items.delete(idx);
    return;
  }
  switch (o.table.type) {
    case "command":
      items.set(idx, parseCommandValue(value, parsers));
      return;
    case "string": {
      const old = items.get(idx);
      items.set(idx, append && typeof old === "string" ? old + value : value);
      return;
    }
    case "colour":
      items.set(idx, parseColour(value));
      return;
    default:
      throw new OptionError("wrong array type");
  }
}

/** options_array_assign: split on the separator (" ," by default) into the first free indexes. */
export function arrayAssign(o: OptionEntry, s: string, parsers?: OptionParsers): void {
  if (!(o.value instanceof Map) || !o.table) throw new OptionError("not an array");
  const items = o.value;
  const separator = o.table.separator ?? " ,";
  if (s === "") return;
  const parts = separator === "" ? [s] : s.split(new RegExp(`[${escapeClass(separator)}]`)).filter((p) => p !== "");
  for (const part of parts) arraySet(o, firstFree(items), part, false, parsers);
}

function escapeClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, "\\$&");
}

function parseCommandValue(value: string, parsers?: OptionParsers): string {
  if (!parsers?.parseCommand) return value;
  try {
    return parsers.parseCommand(value);
  } catch (err) {
    throw new OptionError(err instanceof Error ? err.message : String(err));
  }
}

/** strtonum(3) with the option's limits: "value is invalid/too small/too large: X". */
export function parseNumber(value: string, e: OptionTableEntry): number {
  const min = e.min ?? 0;
  const max = e.max ?? 2147483647;
  if (!/^[ \t\n\v\f\r]*[+-]?\d+$/.test(value)) throw new OptionError(`value is invalid: ${value}`);
  const n = BigInt(value.trim());
  if (n < BigInt(min)) throw new OptionError(`value is too small: ${value}`);
  if (n > BigInt(max)) throw new OptionError(`value is too large: ${value}`);
  return Number(n);
}

function parseKeyValue(value: string, parsers: OptionParsers): string {
  const key = parsers.parseKey(value);
  if (key === null) throw new OptionError(`bad key: ${value}`);
  return key;
}

export function parseColour(value: string): number {
  const c = colourFromString(value);
  if (c === -1) throw new OptionError(`bad colour: ${value}`);
  return c;
}

/** on/yes/1 and off/no/0 (words in any case). */
export function parseFlag(value: string): number {
  const lower = value.toLowerCase();
  if (value === "1" || lower === "on" || lower === "yes") return 1;
  if (value === "0" || lower === "off" || lower === "no") return 0;
  throw new OptionError(`bad value: ${value}`);
}

/** With no value a choice flips between its first two values (off/on); later ones stay. */
function toggleChoice(current: number): number {
  return current < 2 ? Number(!current) : current;
}

export function findChoice(e: OptionTableEntry, value: string): number {
  const i = e.choices?.lastIndexOf(value) ?? -1;
  if (i === -1) throw new OptionError(`unknown value: ${value}`);
  return i;
}

/** The problem with a string value, in tmux's words, or null. */
function checkString(e: OptionTableEntry, value: string, parsers: OptionParsers): string | null {
  if (e.name === "default-shell" && parsers.checkShell && !parsers.checkShell(value)) return `not a suitable shell: ${value}`;
  if (e.pattern !== undefined && !fnmatch(e.pattern, value)) return `value is invalid: ${value}`;
  if (e.style && !value.includes("#{") && parseStyle(value) === null) return `invalid style: ${value}`;
  return null;
}

export { fnmatch } from "./fnmatch.ts";

/** show-options' "name value" for one value: strings (and user options) are quoted. */
export function formatOptionLine(o: OptionEntry, name: string, value: string, inherited: boolean): string {
  const isString = o.table === undefined || o.table.type === "string";
  return `${name}${inherited ? "*" : ""} ${isString ? argsEscape(value) : value}`;
}
