// A set of environment variables, as tmux's environ.c: the global environment and each
// session's. An entry may be hidden (kept for formats and the config, never given to a child)
// or cleared (no value: it masks the same name from the global environment).

export interface EnvironEntry {
  readonly name: string;
  /** null: cleared (set-environment -r, or update-environment found nothing for it). */
  value: string | null;
  hidden: boolean;
}

/** tmux sorts entries by strcmp: code units, not locale. */
function byName(a: EnvironEntry, b: EnvironEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export class Environ {
  private readonly map = new Map<string, EnvironEntry>();

  /** From a process environment (NAME=value pairs). */
  static from(vars: Readonly<Record<string, string | undefined>>): Environ {
    const env = new Environ();
    for (const [k, v] of Object.entries(vars)) if (v !== undefined) env.set(k, v);
    return env;
  }

  find(name: string): EnvironEntry | undefined {
    return this.map.get(name);
  }

  /** The value a child would see: undefined when absent, cleared or hidden. */
  get(name: string): string | undefined {
    const e = this.map.get(name);
    return e && !e.hidden ? (e.value ?? undefined) : undefined;
  }

  set(name: string, value: string, hidden = false): void {
    this.map.set(name, { name, value, hidden });
  }

  /** environ_clear: keep the name with no value (it hides the global one). */
  clear(name: string): void {
    const e = this.map.get(name);
    if (e) e.value = null;
    else this.map.set(name, { name, value: null, hidden: false });
  }

  /** environ_put: "NAME=value"; anything without "=" is ignored, as tmux. */
  put(assignment: string, hidden = false): void {
    const eq = assignment.indexOf("=");
    if (eq === -1) return;
    this.set(assignment.slice(0, eq), assignment.slice(eq + 1), hidden);
  }

  unset(name: string): void {
    this.map.delete(name);
  }

  /** In tmux's order (by name). */
  entries(): EnvironEntry[] {
    return [...this.map.values()].sort(byName);
  }

  /** environ_copy: every entry onto `dst`; a cleared one clears it there. */
  copyInto(dst: Environ): void {
    for (const e of this.entries()) {
      if (e.value === null) dst.clear(e.name);
      else dst.set(e.name, e.value, e.hidden);
    }
  }

  /**
   * environ_update: for each of update-environment's patterns, the first of `src`'s variables
   * it matches is copied here; a pattern that matches none is cleared here under its own text.
   */
  update(patterns: readonly string[], src: Environ, match: (pattern: string, name: string) => boolean): void {
    const vars = src.entries();
    for (const p of patterns) {
      const found = vars.find((e) => match(p, e.name));
      if (found && found.value !== null) this.set(found.name, found.value);
      else if (!found) this.clear(p);
    }
  }

  /** environ_push: what a child process gets; cleared, hidden and unnamed entries stay out. */
  toRecord(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.entries()) if (e.value !== null && e.name !== "" && !e.hidden) out[e.name] = e.value;
    return out;
  }
}
