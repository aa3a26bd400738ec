// lock-after-time: a session whose clients have sent nothing for that many seconds has them
// locked, as tmux's session lock timer. One check a second, for sessions with it set.
import type { Server } from "./server.ts";

/** How often idle sessions are looked for: lock-after-time counts whole seconds. */
const CHECK_MS = 1000;

export function lockIdleSessions(server: Server, now = performance.now()): void {
  for (const s of server.model.sessions) {
    const after = s.options.getNumber("lock-after-time");
    if (after <= 0) continue;
    const clients = [...server.clients].filter((c) => c.session === s && !c.closed);
    if (clients.length === 0 || clients.every((c) => c.suspended)) continue;
    // The session's activity: the latest key (or attach, or unlock) of any of its clients.
    const last = Math.max(...clients.map((c) => c.lastActivity));
    if (now - last >= after * 1000) for (const c of clients) c.lock();
  }
}

/** Start checking; returns the timer to clear at shutdown. */
export function startIdleLock(server: Server): ReturnType<typeof setInterval> {
  const timer = setInterval(() => lockIdleSessions(server), CHECK_MS);
  timer.unref();
  return timer;
}
