// Options as tmux has them: a table of known names with types and defaults, a global set per
// scope, and per-session / per-window overrides that fall back to the global value.

export type OptionScope = "server" | "session" | "window";
export type OptionType = "string" | "number" | "flag" | "choice" | "key";
export type OptionValue = string | number | boolean;

export interface OptionDef {
  name: string;
  scope: OptionScope;
  type: OptionType;
  default: OptionValue;
  choices?: readonly string[];
  min?: number;
  max?: number;
}

const defs: OptionDef[] = [
  { name: "buffer-limit", scope: "server", type: "number", default: 50, min: 1 },
  { name: "escape-time", scope: "server", type: "number", default: 10, min: 0 },
  { name: "exit-empty", scope: "server", type: "flag", default: true },
  { name: "set-clipboard", scope: "server", type: "choice", default: "external", choices: ["on", "off", "external"] },
  { name: "base-index", scope: "session", type: "number", default: 0, min: 0 },
  { name: "default-command", scope: "session", type: "string", default: "" },
  { name: "default-shell", scope: "session", type: "string", default: "" },
  { name: "default-size", scope: "session", type: "string", default: "80x24" },
  { name: "history-limit", scope: "session", type: "number", default: 2000, min: 0 },
  { name: "mouse", scope: "session", type: "flag", default: false },
  { name: "prefix", scope: "session", type: "key", default: "C-b" },
  { name: "prefix2", scope: "session", type: "key", default: "None" },
  { name: "renumber-windows", scope: "session", type: "flag", default: false },
  { name: "set-titles", scope: "session", type: "flag", default: false },
  { name: "set-titles-string", scope: "session", type: "string", default: '#S:#I:#W - "#T"' },
  { name: "status", scope: "session", type: "flag", default: true },
  { name: "status-interval", scope: "session", type: "number", default: 15, min: 0 },
  { name: "status-left", scope: "session", type: "string", default: "[#{session_name}] " },
  { name: "status-right", scope: "session", type: "string", default: '"#{=21:pane_title}" %H:%M %d-%b-%y' },
  { name: "status-style", scope: "session", type: "string", default: "bg=green,fg=black" },
  { name: "display-time", scope: "session", type: "number", default: 750, min: 0 },
  { name: "message-limit", scope: "server", type: "number", default: 1000, min: 0 },
  { name: "display-panes-time", scope: "session", type: "number", default: 1000, min: 1 },
  { name: "display-panes-colour", scope: "session", type: "string", default: "blue" },
  { name: "display-panes-active-colour", scope: "session", type: "string", default: "red" },
  { name: "mode-keys", scope: "window", type: "choice", default: "emacs", choices: ["emacs", "vi"] },
  { name: "clock-mode-colour", scope: "window", type: "string", default: "blue" },
  { name: "clock-mode-style", scope: "window", type: "choice", default: "24", choices: ["12", "24"] },
  { name: "status-keys", scope: "session", type: "choice", default: "emacs", choices: ["emacs", "vi"] },
  { name: "aggressive-resize", scope: "window", type: "flag", default: false },
  { name: "main-pane-height", scope: "window", type: "string", default: "24" },
  { name: "main-pane-width", scope: "window", type: "string", default: "80" },
  { name: "monitor-activity", scope: "window", type: "flag", default: false },
  { name: "monitor-bell", scope: "window", type: "flag", default: true },
  { name: "monitor-silence", scope: "window", type: "number", default: 0, min: 0 },
  { name: "pane-active-border-style", scope: "window", type: "string", default: "fg=green" },
  { name: "pane-border-style", scope: "window", type: "string", default: "default" },
  { name: "remain-on-exit", scope: "window", type: "flag", default: false },
  { name: "synchronize-panes", scope: "window", type: "flag", default: false },
  { name: "window-size", scope: "window", type: "choice", default: "latest", choices: ["largest", "smallest", "manual", "latest"] },
  { name: "automatic-rename", scope: "window", type: "flag", default: true },
];

export const OPTION_DEFS: ReadonlyMap<string, OptionDef> = new Map(defs.map((d) => [d.name, d]));

export class OptionError extends Error {}

/** Parses a value given as text (set-option's argument) into the option's type. */
export function parseOptionValue(def: OptionDef, text: string | undefined, current: OptionValue): OptionValue {
  switch (def.type) {
    case "flag":
      if (text === undefined || text === "") return !current; // tmux toggles a flag set without a value
      if (["on", "yes", "1", "true"].includes(text)) return true;
      if (["off", "no", "0", "false"].includes(text)) return false;
      throw new OptionError(`bad value: ${text}`);
    case "number": {
      if (text === undefined) throw new OptionError(`no value for ${def.name}`);
      const n = Number(text);
      if (!/^-?\d+$/.test(text) || (def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) {
        throw new OptionError(`value is invalid: ${text}`);
      }
      return n;
    }
    case "choice":
      if (text === undefined || !def.choices?.includes(text)) throw new OptionError(`unknown value: ${text ?? ""}`);
      return text;
    case "key":
    case "string":
      if (text === undefined) throw new OptionError(`no value for ${def.name}`);
      return text;
  }
}

export function formatOptionValue(v: OptionValue): string {
  if (typeof v === "boolean") return v ? "on" : "off";
  return String(v);
}

/** One scope's values; lookups fall back to the parent (session → global session options). */
export class Options {
  private readonly values = new Map<string, OptionValue>();
  /** Told of every set and unset here or below (set on the global options by the Model). */
  onChange: ((name: string) => void) | null = null;

  constructor(readonly parent: Options | null) {}

  private changed(name: string): void {
    let o: Options | null = this;
    while (o && !o.onChange) o = o.parent;
    o?.onChange?.(name);
  }

  static global(scope: OptionScope): Options {
    const o = new Options(null);
    for (const d of defs) if (d.scope === scope) o.values.set(d.name, d.default);
    return o;
  }

  get(name: string): OptionValue {
    const v = this.values.get(name) ?? this.parent?.get(name);
    if (v === undefined) throw new OptionError(`invalid option: ${name}`);
    return v;
  }

  getString(name: string): string {
    return String(this.get(name));
  }

  getNumber(name: string): number {
    return Number(this.get(name));
  }

  getFlag(name: string): boolean {
    return this.get(name) === true;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  set(name: string, v: OptionValue): void {
    this.values.set(name, v);
    this.changed(name);
  }

  unset(name: string): void {
    if (this.parent) this.values.delete(name);
    else {
      const d = OPTION_DEFS.get(name);
      if (d) this.values.set(name, d.default);
    }
    this.changed(name);
  }

  entries(): [string, OptionValue][] {
    return [...this.values.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }
}
