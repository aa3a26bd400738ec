// monitor-silence: a window not written to for the option's seconds is flagged (`~`). One timer
// per window, armed only while the option is on, pushed back by every output.
import type { Server } from "./server.ts";
import type { Window } from "../model/window.ts";

export function armSilence(server: Server, w: Window): void {
  const seconds = w.options.getNumber("monitor-silence");
  if (w.silenceTimer) clearTimeout(w.silenceTimer);
  w.silenceTimer = null;
  if (seconds <= 0) return;
  w.silenceTimer = setTimeout(() => {
    w.silenceTimer = null;
    // A window closed meanwhile, or the one being looked at, is not flagged.
    if (server.findWindow(w.id) !== w || w.session.current === w || w.silenceFlag) return;
    w.silenceFlag = true;
    server.sessionChanged(w.session);
  }, seconds * 1000);
}
