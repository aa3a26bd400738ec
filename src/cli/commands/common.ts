// What several commands share: pane start options (-c, -e, command words), -P -F printing,
// size parsing, and the nesting check.
import { CommandError, value, type Args } from "../../mux/lang/command.ts";
import type { CommandContext } from "./context.ts";
import { Environ, type NewPaneOptions, type Options, type Session } from "../../mux/model/index.ts";
import { fnmatch } from "../../mux/model/fnmatch.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";
import { formatTrue } from "../../mux/lang/format.ts";
import { expandAt, formatLookup, type ExpandOptions, type FormatTarget } from "../../mux/lang/format-vars.ts";

/**
 * -c dir, -e VAR=value (repeatable) and the command words, for new-session/new-window/
 * split-window/respawn-*; an unattached client's PATH goes to the pane (tmux's spawn.c).
 */
export function paneOptions(ctx: CommandContext, a: Args = ctx.args): NewPaneOptions {
  const env = assignments(a).toRecord();
  const cwd = startDirectoryFlag(ctx, a);
  const clientPath = ctx.client && !ctx.client.session ? ctx.env.PATH : undefined;
  return { command: a.positional, cwd, env, ...(clientPath !== undefined ? { clientPath } : {}) };
}

/** -e NAME=value, as tmux's environ_put: one without "=" is ignored. */
function assignments(a: Args): Environ {
  const env = new Environ();
  for (const e of a.all.get("e") ?? []) env.put(e);
  return env;
}

/** update-environment's patterns in `oo` (a session's options, or the global ones). */
function updatePatterns(oo: Options): string[] {
  return oo.getArray("update-environment").map(([, v]) => v);
}

/**
 * The environment of a session new-session makes: update-environment's variables from the
 * calling client (unless -E), then -e, as tmux's cmd-new-session.c.
 */
export function newSessionEnviron(ctx: CommandContext): Environ {
  const env = new Environ();
  if (ctx.client && !ctx.args.flags.has("E")) env.update(updatePatterns(ctx.model.sessionOptions), Environ.from(ctx.env), fnmatch);
  assignments(ctx.args).copyInto(env);
  return env;
}

/** attach-session and switch-client bring the client's update-environment variables (unless -E). */
export function updateSessionEnviron(ctx: CommandContext, s: Session, clientEnv: Record<string, string> = ctx.env): void {
  if (ctx.args.flags.has("E")) return;
  s.environ.update(updatePatterns(s.options), Environ.from(clientEnv), fnmatch);
}

/** -c start-directory, expanded as a format as tmux does (-c '#{pane_current_path}'). */
export function startDirectoryFlag(ctx: CommandContext, a: Args = ctx.args): string | undefined {
  const cwd = value(a, "c");
  if (cwd === undefined) return undefined;
  const expanded = format(ctx, cwd, ctx.target ?? {});
  if (!expanded) return undefined;
  const dir = expandHome(expanded, ctx.env);
  if (dir.startsWith("/")) return dir;
  return `${defaultDirectory(ctx, ctx.target?.session)}/${dir}`;
}

/**
 * Where a new pane starts without -c (tmux's server_client_get_cwd): a command-line client's
 * own directory (the first client's while the config runs), else the session's. A directory
 * that is not there is the pane's to fall back from (model/pane.ts), as tmux's child does.
 */
export function defaultDirectory(ctx: CommandContext, s: Session | undefined): string {
  if (ctx.client && !ctx.client.session) return ctx.cwd;
  return s?.cwd ?? ctx.cwd;
}

/** -f flags of new-session / attach-session (tmux's server_client_set_flags). */
export function setClientFlags(client: ClientConnection, spec: string | undefined): void {
  if (spec !== undefined) client.setFlags(spec);
}

function expandHome(p: string, env: Record<string, string>): string {
  return p === "~" || p.startsWith("~/") ? (env.HOME ?? "") + p.slice(1) : p;
}

/**
 * A format expanded at `t` for this command: the loops, #() and client_* for the calling client
 * when it is attached (a command from a shell has none), no strftime unless asked.
 */
export function format(ctx: CommandContext, fmt: string, t: FormatTarget, opts: ExpandOptions = {}): string {
  return expandAt(ctx.server, formatPlace(ctx, t), fmt, opts);
}

/** The place a command's formats see: its client's, with the queue item's own variables. */
export function formatPlace(ctx: CommandContext, t: FormatTarget): FormatTarget {
  // The queue item's own variables (current_file while a file's commands run) are under the caller's.
  const queued = ctx.item.state.formats;
  const extra = queued || t.extra ? { ...queued, ...t.extra } : undefined;
  return { client: ctx.client?.session ? ctx.client : null, ...t, ...(extra ? { extra } : {}) };
}

/** tmux's strtonum's complaint about a number, or the number: "invalid", "too small", "too large". */
export function boundedNumber(v: string, min: number, max: number): number | "invalid" | "too small" | "too large" {
  if (!/^[ \t]*[+-]?\d+$/.test(v)) return "invalid";
  const n = Number(v);
  return n < min ? "too small" : n > max ? "too large" : n;
}

/** -f filter of the list-* and choose-* commands: the items for which it expands true (tmux's format_true); all without one. */
export function filtered<T>(ctx: CommandContext, items: readonly T[], expand: (fmt: string, item: T) => string): T[] {
  const f = value(ctx.args, "f");
  return f === undefined ? [...items] : items.filter((i) => formatTrue(expand(f, i)));
}

/** choose-*'s -O: one of `known`, in any case, as tmux's mode tree takes it; null (the default) for anything else, as there. */
export function sortOrder(v: string | undefined, known: readonly string[]): string | null {
  const o = v?.toLowerCase();
  return o !== undefined && known.includes(o) ? o : null;
}

/** The client a command acts for (the caller when attached, else the latest used), if any is attached. */
export function attachedClient(ctx: CommandContext): ClientConnection | null {
  try {
    return ctx.server.targetClient(undefined, ctx.client);
  } catch {
    return null;
  }
}

/** -P [-F fmt]: print where the new thing is. */
export function printNew(ctx: CommandContext, defaultFormat: string, t: FormatTarget): void {
  if (!ctx.args.flags.has("P")) return;
  ctx.print(format(ctx, value(ctx.args, "F") ?? defaultFormat, t));
}

export function parseDimension(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 1 || n > 10000) throw new CommandError(`${name} ${n < 1 ? "too small" : "invalid"}: ${v}`);
  return n;
}

/** The variable a pane's programs find their server in: $TMUX under the name tmux, else $WEFT. */
export function insideVariable(ctx: CommandContext): "TMUX" | "WEFT" {
  return ctx.server.asTmux ? "TMUX" : "WEFT";
}

/**
 * tmux's server_client_check_nested: a client is refused when its environment has the
 * variable set ($WEFT, or $TMUX under the name tmux) and its terminal is one of this server's
 * panes. A client in a pane of another server (another -L socket), one with the variable
 * unset, or one with no terminal (tmux's empty ttyname) is not.
 */
export function checkNesting(ctx: CommandContext): void {
  // A control client is a program, not a terminal inside one of our panes (tmux skips it too).
  if (ctx.client?.control) return;
  const name = insideVariable(ctx);
  const tty = ctx.client?.terminal?.tty;
  // A client with no terminal is in no pane (tmux goes on to "open terminal failed").
  if (!ctx.env[name] || !tty) return;
  const inOurPane = ctx.model.sessions.some((s) => s.windows.some((w) => [...w.panes.values()].some((p) => p.tty === tty)));
  if (inOurPane) throw new CommandError(`sessions should be nested with care, unset $${name} to force`);
}

export function requireTerminal(ctx: CommandContext): void {
  if (ctx.client?.control) return;
  if (!ctx.terminal || !ctx.client) throw new CommandError("open terminal failed: not a terminal");
}

/** --json output for list-* commands: one object per line-item, with the given format variables. */
export function printJson(ctx: CommandContext, items: FormatTarget[], vars: string[]): void {
  const rows = items.map((t) => {
    const lookup = formatLookup(ctx.server, t);
    const o: Record<string, unknown> = {};
    for (const v of vars) o[v] = lookup(v) ?? null;
    return o;
  });
  ctx.print(JSON.stringify(rows, null, 2));
}
