// Marking clients for repaint: the reactions and the alerts say which clients a change reaches;
// the clients' frame schedulers do the painting.
import type { Session, Window } from "../model/index.ts";
import type { Server } from "./server.ts";

/** Repaint every client showing the session (its status line may show what changed). */
export function markSession(server: Server, s: Session): void {
  for (const c of server.clients) if (c.session === s) c.markDirty();
}

/** Repaint the clients whose current window this is (in any session it is linked into). */
export function markWindow(server: Server, w: Window): void {
  for (const c of server.clients) if (c.session?.current === w) c.markDirty();
}

/** Repaint every client of every session the window is in (their status lines show it). */
export function markWindowSessions(server: Server, w: Window): void {
  for (const s of new Set(w.links.map((l) => l.session))) markSession(server, s);
}
