// wait-for: named channels as tmux has them: wait until signalled (-S), or take (-L) and
// release (-U) a lock. A signal with nobody waiting is kept for the next wait, as tmux 3.x does.
// (tmux's alias `wait` is weft's own pane wait, which hands a channel argument on to this.)
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandEntry } from "./context.ts";
import type { Server } from "../../mux/server/server.ts";

type Channel = Server["waitChannels"] extends Map<string, infer C> ? C : never;

function channel(server: Server, name: string): Channel {
  let c = server.waitChannels.get(name);
  if (!c) {
    c = { waiters: [], locked: false, lockWaiters: [], signalled: false };
    server.waitChannels.set(name, c);
  }
  return c;
}

/** A channel nobody holds, waits on or signalled is forgotten. */
function tidy(server: Server, name: string, c: Channel): void {
  if (!c.locked && !c.signalled && c.waiters.length === 0 && c.lockWaiters.length === 0) server.waitChannels.delete(name);
}

export const waitFor: CommandEntry = {
  name: "wait-for",
  usage: "[-L|-S|-U] channel",
  args: "LSU",
  minArgs: 1,
  maxArgs: 1,
  noSession: true,
  async exec(ctx) {
    const { server } = ctx;
    const name = ctx.args.positional[0];
    if (name === undefined) throw new CommandError(`too few arguments\nusage: wait-for ${waitFor.usage}`);
    const c = channel(server, name);
    if (flag(ctx.args, "S")) {
      const waiters = c.waiters.splice(0);
      c.signalled = waiters.length === 0;
      for (const w of waiters) w();
      tidy(server, name, c);
      return;
    }
    if (flag(ctx.args, "L")) {
      if (!c.locked) {
        c.locked = true;
        return;
      }
      // Blocks until the holder unlocks; the lock passes straight to us.
      await new Promise<void>((r) => c.lockWaiters.push(r));
      return;
    }
    if (flag(ctx.args, "U")) {
      if (!c.locked) {
        tidy(server, name, c);
        throw new CommandError(`channel ${name} not locked`);
      }
      const next = c.lockWaiters.shift();
      if (next) next();
      else c.locked = false;
      tidy(server, name, c);
      return;
    }
    if (c.signalled) {
      c.signalled = false;
      tidy(server, name, c);
      return;
    }
    await new Promise<void>((r) => c.waiters.push(r));
    tidy(server, name, c);
  },
};
