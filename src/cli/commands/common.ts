// What several commands share: pane start options (-c, -e, command words), -P -F printing,
// size parsing, and the nesting check.
import { statSync } from "node:fs";
import { CommandError, value, type Args } from "../../mux/lang/command.ts";
import type { CommandContext } from "./context.ts";
import { enterMode, leaveMode, type NewPaneOptions } from "../../mux/model/index.ts";
import { Chooser, type ChooserList } from "../../mux/client/chooser.ts";
import type { ClientConnection } from "../../mux/client/client-connection.ts";
import { formatTrue } from "../../mux/lang/format.ts";
import { expandAt, formatLookup, type ExpandOptions, type FormatTarget } from "../../mux/lang/format-vars.ts";

/** -c dir, -e VAR=value (repeatable) and the command words, for new-session/new-window/split-window/respawn-pane. */
export function paneOptions(ctx: CommandContext, a: Args = ctx.args): NewPaneOptions {
  const env: Record<string, string> = {};
  for (const e of a.all.get("e") ?? []) {
    const eq = e.indexOf("=");
    if (eq <= 0) throw new CommandError(`invalid environment: ${e}`);
    env[e.slice(0, eq)] = e.slice(eq + 1);
  }
  const cwd = value(a, "c");
  return { command: a.positional, cwd: cwd ? expandHome(cwd, ctx.env) : undefined, env };
}

/**
 * Where a new pane starts: -c if given, else `otherwise`; a directory that does not exist gives
 * the server's own working directory, as tmux's child does when its chdir fails.
 */
export function startDirectory(given: string | undefined, otherwise: string): string {
  const dir = given ?? otherwise;
  try {
    if (statSync(dir).isDirectory()) return dir;
  } catch {}
  return process.cwd();
}

function expandHome(p: string, env: Record<string, string>): string {
  return p === "~" || p.startsWith("~/") ? (env.HOME ?? "") + p.slice(1) : p;
}

/**
 * A format expanded at `t` for this command: the loops, #() and client_* for the calling client
 * when it is attached (a command from a shell has none), no strftime unless asked.
 */
export function format(ctx: CommandContext, fmt: string, t: FormatTarget, opts: ExpandOptions = {}): string {
  return expandAt(ctx.server, { client: ctx.client?.session ? ctx.client : null, ...t }, fmt, opts);
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

/**
 * choose-tree, -buffer, -client: the list over the target pane, as tmux's window_pane_set_mode
 * (for whoever looks at the pane, attached now or later); a pick runs `template` with %% as
 * the picking client's command.
 */
export function openChooser(ctx: CommandContext, name: string, build: () => ChooserList, template: string): void {
  const { model } = ctx;
  const pane = ctx.target.pane;
  const chooser: Chooser = new Chooser(name, build, (target, by) => {
    leaveMode(model, pane, chooser);
    if (target !== null) void by.runLine(template.replace(/%%|%1/g, target));
  });
  enterMode(model, pane, chooser);
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
export function insideVariable(_ctx: CommandContext): "TMUX" | "WEFT" {
  return "WEFT";
}

/**
 * tmux's server_client_check_nested: a client is refused when its environment has the
 * variable set and its terminal is one of this server's panes (a client of another server's
 * pane, or one with the variable unset, is not).
 */
export function checkNesting(ctx: CommandContext): void {
  // A control client is a program, not a terminal inside one of our panes (tmux skips it too).
  if (ctx.client?.control) return;
  const name = insideVariable(ctx);
  const tty = ctx.client?.terminal?.tty;
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
