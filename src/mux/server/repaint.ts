// Marking clients for repaint: the reactions and the alerts say which clients a change reaches;
// the clients' frame schedulers do the painting.
import type { Session, Window } from "../model/index.ts";
import type { Server } from "./server.ts";

/** Repaint every client showing the session (its status line may show what changed). */
export function markSession(server: Server, s: Session): void {
  for (const c of server.clients) if (c.session === s) c.markDirty();
}

/** Repaint the clients whose current window this is. */
export function markWindow(server: Server, w: Window): void {
  for (const c of server.clients) if (c.session === w.session && w.session.current === w) c.markDirty();
}
