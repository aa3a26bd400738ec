// wait (weft's own, for scripts): block until a pane shows some text or matches a regex (screen
// or history), its program exits (printing the status), or its output has been quiet for a
// while. Exit 0 when met; a one-line error on timeout or when the pane goes away.
import { CommandError, flag, value } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import type { Pane } from "../../mux/model/pane.ts";
import { signalName } from "../../pty/index.ts";
import { waitFor } from "./wait-for.ts";

/** Without --timeout: long enough for a slow build step, short enough that a broken script ends. */
const DEFAULT_TIMEOUT_S = 30;
/**
 * The least time between two scans of a pane's whole buffer while output streams in. A scan
 * reads every history line (thousands); each parsed write would otherwise trigger one.
 */
const SCAN_INTERVAL_MS = 25;
/** How often a wait checks that the client asking is still there (it has no close event). */
const CLIENT_CHECK_MS = 500;

/** Logical lines of the whole buffer (history and screen), wrapped rows joined. */
export function paneLines(pane: Pane): string[] {
  const buf = pane.buffer();
  const lines: string[] = [];
  let cur = "";
  for (let y = 0; y < buf.length; y++) {
    const line = buf.getLine(y);
    if (!line) continue;
    const wrapsOn = buf.getLine(y + 1)?.isWrapped === true;
    cur += line.translateToString(!wrapsOn);
    if (!wrapsOn) {
      lines.push(cur);
      cur = "";
    }
  }
  if (cur) lines.push(cur);
  return lines;
}

function exitStatus(p: Pane): string {
  const s = p.deadStatus;
  if (s?.signal != null) return `signal ${s.signal} ${signalName(s.signal)}`;
  return String(s?.code ?? 0);
}

type Condition = { kind: "text"; match: (text: string) => boolean } | { kind: "exit" } | { kind: "idle"; ms: number };

function condition(ctx: CommandContext): Condition {
  const a = ctx.args;
  const text = value(a, "text");
  const regex = value(a, "regex");
  const idle = value(a, "idle");
  const given = [text !== undefined, regex !== undefined, flag(a, "exit"), idle !== undefined].filter(Boolean).length;
  if (given !== 1) throw new CommandError(`wait needs one of --text, --regex, --exit, --idle\nusage: wait ${waitCommand.usage}`);
  if (text !== undefined) {
    if (text === "") throw new CommandError("--text is empty");
    return { kind: "text", match: (s) => s.includes(text) };
  }
  if (regex !== undefined) {
    let re: RegExp;
    try {
      re = new RegExp(regex, "m");
    } catch (e) {
      throw new CommandError(`invalid regex: ${(e as Error).message}`);
    }
    return { kind: "text", match: (s) => re.test(s) };
  }
  if (idle !== undefined) {
    if (!/^\d+$/.test(idle)) throw new CommandError(`invalid --idle: ${idle}`);
    return { kind: "idle", ms: Number(idle) };
  }
  return { kind: "exit" };
}

export const waitCommand: CommandEntry = {
  name: "wait",
  usage: `[-t target-pane] (--text string | --regex re | --exit | --idle ms) [--timeout seconds (default ${DEFAULT_TIMEOUT_S}, 0 = none)] | [-L|-S|-U] channel`,
  args: "LSUt:",
  long: { text: true, regex: true, exit: false, idle: true, timeout: true },
  maxArgs: 1,
  target: "pane",
  noSession: true,
  async exec(ctx) {
    // tmux's `wait` is wait-for: a channel name means that.
    if (ctx.args.positional.length > 0 || ["L", "S", "U"].some((f) => flag(ctx.args, f))) return waitFor.exec(ctx);
    const cond = condition(ctx);
    if (!ctx.target) throw new CommandError(ctx.model.sessions.length === 0 ? "no sessions" : "no current session");
    const t = value(ctx.args, "timeout");
    if (t !== undefined && !/^\d+(\.\d+)?$/.test(t)) throw new CommandError(`invalid --timeout: ${t}`);
    const timeoutMs = (t === undefined ? DEFAULT_TIMEOUT_S : Number(t)) * 1000;
    const { pane } = ctx.target;
    const { model } = ctx;
    const deadline = timeoutMs > 0 ? performance.now() + timeoutMs : Infinity;
    const gone = () => model.findPane(pane.id)?.pane !== pane;
    let lastScan = -Infinity;

    /** True when met; throws when it can no longer be. */
    const met = (): boolean => {
      if (cond.kind === "exit" && pane.dead) {
        ctx.print(exitStatus(pane));
        return true;
      }
      // An exited pane is removed at once (unless remain-on-exit); its status is set before that.
      if (gone()) throw new CommandError(pane.dead ? `pane %${pane.id} exited (${exitStatus(pane)})` : `pane %${pane.id} has gone`);
      if (cond.kind === "idle") return performance.now() - pane.lastOutputAt >= cond.ms;
      if (cond.kind === "text") {
        lastScan = performance.now();
        return cond.match(paneLines(pane).join("\n"));
      }
      return false;
    };

    // One pending change-waiter at a time, renewed when it fires (a timer may win the race).
    let change: Promise<void> | null = null;
    for (;;) {
      if (met()) return;
      const now = performance.now();
      if (now >= deadline) throw new CommandError(`timed out after ${timeoutMs / 1000}s waiting for pane %${pane.id}`);
      if (ctx.client?.closed) return;
      // Sleep until the next thing that could change the answer.
      let wakeAt = Math.min(deadline, now + CLIENT_CHECK_MS);
      if (cond.kind === "idle") wakeAt = Math.min(wakeAt, pane.lastOutputAt + cond.ms);
      change ??= pane.nextChange().then(() => {
        change = null;
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([change, new Promise((r) => (timer = setTimeout(r, Math.max(0, wakeAt - now))))]);
      clearTimeout(timer);
      // Coalesce scans while output streams in.
      if (cond.kind === "text" && !gone() && !pane.dead) {
        const since = performance.now() - lastScan;
        if (since < SCAN_INTERVAL_MS) await Bun.sleep(SCAN_INTERVAL_MS - since);
      }
    }
  },
};
