// Session groups (new-session -t): sessions that share one set of windows at the same indexes,
// each with its own current window. A change to one member's windows is copied to the others
// (tmux's session_group_synchronize_from / _to).
import type { Session } from "./session.ts";

export class SessionGroup {
  /** Members in the order they joined (session_group_list). */
  sessions: Session[] = [];

  constructor(readonly name: string) {}

  add(s: Session): void {
    if (s.group) return;
    s.group = this;
    this.sessions.push(s);
  }

  remove(s: Session): void {
    if (s.group !== this) return;
    s.group = null;
    this.sessions = this.sessions.filter((x) => x !== s);
  }
}

/** Every other member takes `from`'s windows (after a change to them in `from`). */
export function synchronizeFrom(from: Session): void {
  const g = from.group;
  if (!g) return;
  for (const s of g.sessions) if (s !== from) s.mirror(from);
}

/** `s` takes the windows of the group's first other member (when it joins). */
export function synchronizeTo(s: Session): void {
  const other = s.group?.sessions.find((x) => x !== s);
  if (other) s.mirror(other);
}

/** The sessions a change to `s` shows in: its group's, or itself alone. */
export function groupOf(s: Session): readonly Session[] {
  return s.group ? s.group.sessions : [s];
}

/**
 * session_is_linked: the window is also in a session outside this one's group. `s` must have it.
 */
export function isLinkedOutside(s: Session, references: number): boolean {
  return references !== (s.group ? s.group.sessions.length : 1);
}
