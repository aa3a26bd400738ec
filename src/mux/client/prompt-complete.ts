// Tab at the status prompt, as tmux 3.3a's status_prompt_complete: command names and aliases
// (and, after the first word, option names and layouts); -t / -s targets as sessions, then a
// session's windows; a (window-)target prompt's whole line. One match is completed (a command
// or option with a space after it), several to their common prefix, and when that adds nothing
// the choices are offered in a menu. What there is to complete comes in through
// CompletionSource, so this runs without a server.

/** What completion may look up: the command table, the options, the sessions. */
export interface CompletionSource {
  /** The command table's names and aliases. */
  commands(): readonly { name: string; alias?: readonly string[] }[];
  /** command-alias's values (NAME=COMMAND). */
  commandAliases(): readonly string[];
  /** Every option's name, hooks included, as tmux's options_table. */
  optionNames(): readonly string[];
  /** The sessions in tmux's order (by name). */
  sessions(): readonly { name: string; id: number }[];
  /** A session's windows by index: `null` the prompting client's session; undefined when there is no such session. */
  windows(session: string | null): readonly { index: number; name: string }[] | undefined;
  /** The prompting client's session's name. */
  currentSession(): string;
}

/** A menu of choices: each its label and the text that replaces the word (or, `whole`, the line). */
export interface CompletionMenu {
  labels: string[];
  values: string[];
  /** Where the word starts in the line, for the menu's column. */
  offset: number;
  /** A window-target prompt: the choice replaces the whole line. */
  whole: boolean;
}

/** Tab's outcome: the word's replacement, a menu to open, or nothing. */
export type Completion = { text: string } | { menu: CompletionMenu } | null;

const LAYOUTS = ["even-horizontal", "even-vertical", "main-horizontal", "main-vertical", "tiled"];

/** strcmp order, which tmux sorts the choices in. */
function byBytes(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
}

/** status_prompt_complete_list: what begins with `s`, without repeats, in table order. */
export function completionList(src: CompletionSource, s: string, atStart: boolean): string[] {
  const list: string[] = [];
  const add = (name: string) => {
    if (name.startsWith(s) && !list.includes(name)) list.push(name);
  };
  for (const e of src.commands()) {
    add(e.name);
    for (const a of e.alias ?? []) add(a);
  }
  for (const value of src.commandAliases()) {
    const eq = value.indexOf("=");
    if (eq !== -1) add(value.slice(0, eq));
  }
  if (atStart) return list;
  for (const name of src.optionNames()) add(name);
  for (const name of LAYOUTS) add(name);
  return list;
}

/** status_prompt_complete_prefix: what every choice begins with (compared bytewise, as tmux's). */
export function commonPrefix(list: readonly string[]): string | null {
  if (list.length === 0) return null;
  let out = Buffer.from(list[0] as string);
  for (const s of list.slice(1)) {
    const b = Buffer.from(s);
    let j = 0;
    while (j < out.length && j < b.length && out[j] === b[j]) j++;
    out = out.subarray(0, j);
  }
  // A prefix cut inside a character keeps only whole characters.
  return out.toString("utf8").replace(/\uFFFD+$/, "");
}

/** status_prompt_complete_session: "NAME:" for names (or "$ID:" for ids) that begin with `s`. */
function sessionList(src: CompletionSource, s: string): string[] {
  const list: string[] = [];
  for (const session of src.sessions()) {
    if (s === "" || session.name.startsWith(s)) list.push(`${session.name}:`);
    else if (s.startsWith("$") && String(session.id).startsWith(s.slice(1))) list.push(`$${session.id}:`);
  }
  return list;
}

/**
 * status_prompt_complete_window_menu: the session's windows whose index begins with `word`, at
 * most `height`; one is the completion itself, several a menu.
 */
function windowChoices(src: CompletionSource, session: string | null, word: string, flag: string, offset: number, height: number, windowTarget: boolean): Completion {
  if (height < 1) return null;
  const windows = src.windows(session) ?? [];
  const name = session ?? src.currentSession();
  const labels: string[] = [];
  const values: string[] = [];
  for (const wl of windows) {
    if (word !== "" && !String(wl.index).startsWith(word)) continue;
    const value = windowTarget ? `${wl.index}` : `${name}:${wl.index}`;
    labels.push(`${value} (${wl.name})`);
    values.push(value);
    if (values.length === height) break;
  }
  const pre = flag === "" ? "" : `-${flag}`;
  if (values.length === 0) return null;
  if (values.length === 1) return { text: `${pre}${values[0]}` };
  return { menu: { labels, values: values.map((v) => `${pre}${v}`), offset, whole: windowTarget } };
}

/**
 * What Tab does with `word` (starting at `offset` in the line) at a prompt of `type`; `height`
 * is how many rows a menu may have (tmux's client height less the status lines and 2).
 */
export function complete(src: CompletionSource, word: string, offset: number, type: string, rows: number): Completion {
  // tmux's menus are at most 10 items tall.
  const height = Math.min(rows, 10);
  const target = type === "target" || type === "window-target";
  if (word === "" && !target) return null;
  if (!target && !word.startsWith("-t") && !word.startsWith("-s")) {
    const list = completionList(src, word, offset === 0);
    const out = list.length === 1 ? `${list[0]} ` : commonPrefix(list);
    return settle(word, out, list, offset, "", height);
  }
  const s = target ? word : word.slice(2);
  const flag = target ? "" : (word[1] as string);
  if (!target) offset += 2;
  if (type === "window-target") return unlessSame(word, windowChoices(src, null, s, "", offset, height, true));
  const colon = s.indexOf(":");
  if (colon === -1) {
    const list = sessionList(src, s);
    const prefix = commonPrefix(list);
    return settle(word, prefix === null ? null : `${flag === "" ? "" : `-${flag}`}${prefix}`, list, offset, flag, height);
  }
  // A session and a colon: its windows (none completes past a pane's period).
  if (s.includes(".", colon + 1)) return null;
  const session = colon === 0 ? null : s.slice(0, colon);
  if (session !== null && src.windows(session) === undefined) return null;
  return unlessSame(word, windowChoices(src, session, s.slice(colon + 1), flag, offset, height, false));
}

/** A completion that is the word itself is none. */
function unlessSame(word: string, got: Completion): Completion {
  return got && "text" in got && got.text === word ? null : got;
}

/** The end of status_prompt_complete: a completion that adds nothing becomes a menu of the choices. */
function settle(word: string, out: string | null, list: string[], offset: number, flag: string, height: number): Completion {
  if (out !== null && out !== word) return { text: out };
  if (list.length <= 1 || height < 1) return null;
  const sorted = [...list].sort(byBytes);
  const shown = sorted.slice(sorted.length - Math.min(height, sorted.length));
  const pre = flag === "" ? "" : `-${flag}`;
  return { menu: { labels: shown, values: shown.map((v) => `${pre}${v}`), offset, whole: false } };
}
