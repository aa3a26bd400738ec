// The command prompt's history, one list a prompt type, kept for the whole server as tmux's
// status_prompt_hlist: what the prompt's Up and Down walk, show-prompt-history prints and the
// history-file holds ("type:line" a line).

export const PROMPT_TYPES = ["command", "search", "target", "window-target"] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** The type a name means, null for none (show-prompt-history's "invalid type: X"). */
export function promptType(name: string): PromptType | null {
  return (PROMPT_TYPES as readonly string[]).includes(name) ? (name as PromptType) : null;
}

export class PromptHistory {
  private readonly lists = new Map<PromptType, string[]>();

  /** Oldest first. */
  lines(type: PromptType): readonly string[] {
    return this.lists.get(type) ?? [];
  }

  /**
   * A line entered at a prompt of `type`: added unless it repeats the newest, the oldest
   * dropped past `limit` (prompt-history-limit; 0 keeps nothing), as status_prompt_add_history.
   */
  add(type: PromptType, line: string, limit: number): void {
    const list = [...this.lines(type)];
    if (list[list.length - 1] !== line) list.push(line);
    this.lists.set(type, list.slice(Math.max(0, list.length - Math.max(0, limit))));
  }

  /** clear-prompt-history: one type, or every one. */
  clear(type?: PromptType): void {
    if (type) this.lists.delete(type);
    else this.lists.clear();
  }

  /** The history file's text: each type's lines in order, "type:line". */
  save(): string {
    return PROMPT_TYPES.flatMap((t) => this.lines(t).map((l) => `${t}:${l}\n`)).join("");
  }

  /** Lines of a history file; one without a known type is a command, as old files held. */
  load(text: string, limit: number): void {
    for (const line of text.split("\n")) {
      if (line === "") continue;
      const colon = line.indexOf(":");
      const type = colon >= 0 ? promptType(line.slice(0, colon)) : null;
      if (type) this.add(type, line.slice(colon + 1), limit);
      else this.add("command", line, limit);
    }
  }
}

/** Where a prompt is in its type's history while Up and Down move through it (prompt_hindex). */
export class HistoryCursor {
  /** 0: the line being typed; n: the n-th newest entry. */
  private index = 0;

  constructor(
    private readonly history: PromptHistory,
    readonly type: PromptType,
  ) {}

  /** The next older entry, or null at the oldest (the line stays). */
  up(): string | null {
    const list = this.history.lines(this.type);
    if (list.length === 0 || this.index === list.length) return null;
    this.index++;
    return list[list.length - this.index] ?? null;
  }

  /** The next newer entry, "" past the newest. */
  down(): string {
    const list = this.history.lines(this.type);
    if (list.length === 0 || this.index === 0) return "";
    this.index--;
    return this.index === 0 ? "" : (list[list.length - this.index] ?? "");
  }
}
