// server-access [-adlrw] [user]: which users may use the server, as tmux 3.3a's: -l lists them
// (W or R), -a allows a user, -d denies one (and ends their clients), -r / -w make one read-only
// or writable (adding them if needed), their clients with them at once and as they connect.
// Root and the owner always may.
import { CommandError, flag } from "../../mux/lang/command.ts";
import type { CommandContext, CommandEntry } from "./context.ts";
import { passwdByName, passwdEntry, type PasswdEntry } from "../../mux/lang/passwd.ts";
import { format } from "./common.ts";

function list(ctx: CommandContext): void {
  for (const { uid, readOnly } of ctx.server.acl.entries()) ctx.print(`${passwdEntry(uid)?.name ?? "unknown"} (${readOnly ? "R" : "W"})`);
}

/** -d: gone from the list, and every client of theirs told "access not allowed". */
function deny(ctx: CommandContext, pw: PasswdEntry): void {
  const { acl } = ctx.server;
  if (!acl.has(pw.uid)) throw new CommandError(`user ${pw.name} not found`);
  for (const c of [...ctx.server.clients]) if (ctx.server.clientUids.get(c) === pw.uid) c.detach("access not allowed", 1);
  acl.deny(pw.uid);
}

/** server_acl_user_allow_write / deny_write: the user's entry and every client of theirs now. */
function setWritable(ctx: CommandContext, uid: number, writable: boolean): void {
  ctx.server.acl.setReadOnly(uid, !writable);
  for (const c of ctx.server.clients) if (ctx.server.clientUids.get(c) === uid) c.readOnly = !writable;
}

export const serverAccess: CommandEntry = {
  name: "server-access",
  usage: "[-adlrw] [-t target-pane] [user]",
  args: "adlrw",
  maxArgs: 1,
  noSession: true,
  exec(ctx) {
    const a = ctx.args;
    if (flag(a, "l")) return list(ctx);
    const given = a.positional[0];
    if (given === undefined) throw new CommandError("missing user argument");
    const name = format(ctx, given, {});
    const pw = name === "" ? null : passwdByName(name);
    if (!pw) throw new CommandError(`unknown user: ${name}`);
    const { acl } = ctx.server;
    if (pw.uid === 0 || pw.uid === acl.owner) throw new CommandError(`${pw.name} owns the server, can't change access`);
    if (flag(a, "a") && flag(a, "d")) throw new CommandError("-a and -d cannot be used together");
    if (flag(a, "w") && flag(a, "r")) throw new CommandError("-r and -w cannot be used together");
    if (flag(a, "d")) return deny(ctx, pw);
    if (flag(a, "a")) {
      if (acl.has(pw.uid)) throw new CommandError(`user ${pw.name} is already added`);
      acl.allow(pw.uid);
    } else if (flag(a, "r") || flag(a, "w")) acl.allow(pw.uid);
    if (flag(a, "w")) setWritable(ctx, pw.uid, true);
    else if (flag(a, "r")) setWritable(ctx, pw.uid, false);
  },
};
