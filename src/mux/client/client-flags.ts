// The flags every client has, as tmux 3.3a's server_client_set_flags / server_client_get_flags:
// read-only, ignore-size and active-pane for any client, and a control client's own
// (pause-after, no-output, wait-exit), set by attach -f, new-session -f and refresh-client -f.

/** A control client's side of the flags (control.ts): true when it took the name. */
export interface ControlFlagOwner {
  setControlFlag(name: string, not: boolean): boolean;
  /** Its flags in tmux's place among the others (no-output, wait-exit, pause-after=N). */
  readonly controlFlagNames: string[];
}

/** What the flags are kept on and read from: the connection. */
export interface FlagsOwner {
  readOnly: boolean;
  ignoreSize: boolean;
  activePane: boolean;
  readonly control: ControlFlagOwner | null;
  readonly session: unknown;
  readonly focused: boolean;
  readonly suspended: boolean;
  readonly utf8: boolean;
}

/**
 * A comma-separated list of flags, each cleared by a leading `!`. An unknown name is skipped.
 * As tmux, `!read-only` never clears read-only: a read-only client cannot make itself writable
 * (switch-client -r, server-access -w and refresh-client from elsewhere can).
 */
export function setClientFlags(c: FlagsOwner, spec: string): void {
  for (let name of spec.split(",")) {
    const not = name.startsWith("!");
    if (not) name = name.slice(1);
    if (c.control?.setControlFlag(name, not)) continue;
    if (name === "read-only") {
      if (!not) c.readOnly = true;
    } else if (name === "ignore-size") c.ignoreSize = !not;
    else if (name === "active-pane") c.activePane = !not;
  }
}

/** #{client_flags}: the flags a user is shown, in tmux's order. */
export function clientFlags(c: FlagsOwner): string {
  const f: string[] = [];
  if (c.session) f.push("attached");
  if (c.session && c.focused) f.push("focused");
  if (c.control) f.push("control-mode");
  if (c.ignoreSize) f.push("ignore-size");
  if (c.control) f.push(...c.control.controlFlagNames);
  if (c.readOnly) f.push("read-only");
  if (c.activePane) f.push("active-pane");
  if (c.suspended) f.push("suspended");
  if (c.utf8) f.push("UTF-8");
  return f.join(",");
}

/** attach -r and switch-client -r: read-only goes with ignore-size (CLIENT_READONLY|CLIENT_IGNORESIZE). */
export function setReadOnly(c: FlagsOwner, on: boolean): void {
  c.readOnly = on;
  c.ignoreSize = on;
}
