// Hooks, as tmux's notify.c and cmdq_insert_hook: which hook each model event runs, what it
// names (#{hook}, #{hook_session}, #{hook_pane}, ...), where its commands run, and the after-
// hooks of commands. Commands a hook runs run without hooks, so no hook can trigger itself.
import type { ClientRef, ModelEvent, Options, Pane, PaneTarget, Session, Window, Model } from "../model/index.ts";
import type { Args } from "../lang/command.ts";
import { argsEscape } from "../model/args-escape.ts";

/**
 * The commands whose after-<name> hook runs at their target when they succeed (tmux's
 * CMD_AFTERHOOK); new-session, new-window, split-window, select-pane and select-window insert
 * theirs themselves, at what they made or chose (ctx.insertHook).
 */
export const AFTER_HOOK_COMMANDS: ReadonlySet<string> = new Set([
  "bind-key", "capture-pane", "clear-history", "copy-mode", "clock-mode", "display-menu", "display-popup",
  "display-message", "display-panes", "kill-pane", "list-buffers", "list-clients", "list-keys",
  "list-commands", "list-panes", "list-sessions", "list-windows", "load-buffer", "lock-server",
  "lock-session", "lock-client", "paste-buffer", "pipe-pane", "queue", "refresh-client", "rename-session",
  "rename-window", "resize-pane", "resize-window", "save-buffer", "show-buffer", "select-layout",
  "next-layout", "previous-layout", "send-keys", "send-prefix", "set-buffer", "delete-buffer",
  "set-environment", "set-option", "set-window-option", "set-hook", "show-environment", "show-messages",
  "show-options", "show-window-options", "show-hooks", "show-prompt-history", "clear-prompt-history",
  "unbind-key",
]);

/** What a hook's notification names (notify_add's client, session, window and pane). */
export interface HookSubject {
  client?: ClientRef;
  session?: Session;
  window?: Window;
  pane?: Pane;
}

/** A hook to run: its name, its formats, and the target its commands run at (null: none valid). */
export interface HookRun {
  name: string;
  formats: Record<string, string>;
  current: PaneTarget | null;
}

/** A hook's command lines (one an item of its array) and what they run with. */
export interface HookCommands {
  commands: string[];
  run: HookRun;
}

/** What hooks ask of the command queues (server/cmdq.ts). */
export interface HookQueue {
  /** The command running now runs without hooks (tmux's CMDQ_STATE_NOHOOKS: a hook's own). */
  inHook(): boolean;
  /** notify_add: a callback at the end of the global queue; the commands it finds run right after it. */
  appendHook(find: () => HookCommands | null): void;
}

/** Which hook an event runs and what it names, as the notify_* call tmux makes for it. */
export function hookOf(e: ModelEvent): { name: string; subject: HookSubject } | null {
  switch (e.type) {
    case "session-created":
    case "session-closed":
    case "session-renamed":
    case "session-window-changed":
      return { name: e.type, subject: { session: e.session } };
    case "window-linked":
    case "window-unlinked":
    case "alert-activity":
    case "alert-bell":
    case "alert-silence":
      return { name: e.type, subject: { session: e.session, window: e.window } };
    case "window-renamed":
    case "window-layout-changed":
    case "window-pane-changed":
    case "window-resized":
      return { name: e.type, subject: { window: e.window } };
    case "pane-exited":
    case "pane-died":
    case "pane-focus-in":
    case "pane-focus-out":
    case "pane-title-changed":
    case "pane-set-clipboard":
      return { name: e.type, subject: { pane: e.pane } };
    case "pane-mode-changed":
      return e.view ? null : { name: e.type, subject: { pane: e.pane } };
    case "client-session-changed":
    case "client-attached":
    case "client-detached":
    case "client-resized":
    case "client-focus-in":
    case "client-focus-out":
      return { name: e.type, subject: { client: e.client } };
    default:
      // weft's own events (and buffers, options) have no hook.
      return null;
  }
}

/** notify_add's formats: the hook's name and the ids and names of what it names. */
export function hookFormats(name: string, s: HookSubject): Record<string, string> {
  const f: Record<string, string> = { hook: name };
  if (s.client) f.hook_client = s.client.name;
  if (s.session) {
    f.hook_session = `$${s.session.id}`;
    f.hook_session_name = s.session.name;
  }
  if (s.window) {
    f.hook_window = `@${s.window.id}`;
    f.hook_window_name = s.window.name;
  }
  if (s.pane) f.hook_pane = `%${s.pane.id}`;
  return f;
}

/**
 * cmdq_insert_hook's formats for after-<command>: its arguments printed, each argument, each
 * flag (1, or its value) and each of a flag's values.
 */
export function afterHookFormats(name: string, args: Args): Record<string, string> {
  const f: Record<string, string> = { hook: name, hook_arguments: printArgs(args) };
  args.positional.forEach((a, i) => (f[`hook_argument_${i}`] = a));
  for (const [flag, v] of args.flags) {
    f[`hook_flag_${flag}`] = v === true ? "1" : v;
    (args.all.get(flag) ?? (v === true ? [] : [v])).forEach((x, i) => (f[`hook_flag_${flag}_${i}`] = x));
  }
  return f;
}

/** args_print: the flags without values together, then each with its value, then the arguments. */
function printArgs(args: Args): string {
  const flags = [...args.flags.keys()].sort();
  const words: string[] = [];
  const bare = flags.filter((f) => args.flags.get(f) === true).join("");
  if (bare) words.push(`-${bare}`);
  for (const f of flags) {
    const v = args.flags.get(f);
    if (v === true || v === undefined) continue;
    for (const x of args.all.get(f) ?? [v]) words.push(`-${f}`, argsEscape(x));
  }
  for (const a of args.positional) words.push(argsEscape(a));
  return words.join(" ");
}

/**
 * cmd_find_from_session / _window / _pane / _client: where a notification's commands run, or
 * null when what it names is gone (tmux then finds from nothing, the commands' own current).
 */
export function hookTarget(model: Model, s: HookSubject, clientSession: Session | null): PaneTarget | null {
  const alive = (x: Session | null | undefined): x is Session => !!x && model.sessions.includes(x);
  if (s.pane) return model.findPane(s.pane.id) ?? null;
  if (s.window) {
    const w = model.findWindow(s.window.id);
    // cmd_find_from_session_window, else the window's best session (cmd_find_from_window).
    const session = alive(s.session) && w && s.session.has(w) ? s.session : w ? model.bestLink(w)?.session : null;
    return w && alive(session) ? { session, window: w, pane: w.active } : null;
  }
  const session = s.session ?? (s.client ? clientSession : null);
  return alive(session) ? { session, window: session.current, pane: session.current.active } : null;
}

/**
 * The hook's commands, as notify_insert_hook looks for them: in the target session's options
 * (else the global session options), then the pane's, then the window's; each item a command
 * line. A user option (@name, set-hook -R) holds one command line.
 */
export function hookCommands(model: Model, name: string, current: PaneTarget | null): string[] {
  const trees: Options[] = [current?.session.options ?? model.sessionOptions];
  if (current) trees.push(current.pane.options, current.window.options);
  for (const oo of trees) if (oo.lookup(name)) return commandsIn(oo, name);
  return [];
}

/** The after-<command> hook's commands: the target session's options (else the global ones) hold them. */
export function afterHookCommands(model: Model, name: string, session: Session | null): string[] {
  return commandsIn(session?.options ?? model.sessionOptions, name);
}

function commandsIn(oo: Options, name: string): string[] {
  const o = oo.lookup(name);
  if (!o) return [];
  if (!(o.value instanceof Map)) return [String(o.value)];
  return [...o.value.entries()].sort(([a], [b]) => a - b).map(([, v]) => String(v));
}

/** Whether a target is still in the model (cmd_find_valid_state). */
function stillValid(model: Model, t: PaneTarget | null): PaneTarget | null {
  if (!t || !model.sessions.includes(t.session)) return null;
  const now = model.findPane(t.pane.id);
  return now && now.pane === t.pane && now.window === t.window ? t : null;
}

/**
 * The server's hooks: a notification is queued at the end of the global queue (after the
 * command that caused it); after-hooks and set-hook -R are inserted after their command. A
 * hook's commands run without hooks, so no hook can trigger itself.
 */
export class Hooks {
  constructor(
    private readonly model: Model,
    private readonly queue: HookQueue,
    /** The session a client shows, for hooks about a client. */
    private readonly sessionOf: (c: ClientRef) => Session | null,
    /** cmd_find_from_nothing: the best session's current pane, for a hook whose target is gone. */
    private readonly fromNothing: () => PaneTarget | null,
  ) {}

  private valid(t: PaneTarget | null): PaneTarget | null {
    return stillValid(this.model, t) ?? this.fromNothing();
  }

  /** The hook of a model event, if any, queued (notify_add); its target is checked when it runs. */
  notify(e: ModelEvent): void {
    const hook = hookOf(e);
    if (!hook || this.queue.inHook()) return;
    const formats = hookFormats(hook.name, hook.subject);
    const client = hook.subject.client ?? null;
    const target = hookTarget(this.model, hook.subject, client ? this.sessionOf(client) : null);
    this.queue.appendHook(() => {
      const current = this.valid(target);
      return found(hookCommands(this.model, hook.name, current), { name: hook.name, formats, current });
    });
  }

  /** after-<command> (cmdq_insert_hook), `name` in full: the command succeeded, with these arguments. */
  after(name: string, args: Args, target: PaneTarget | null): HookCommands | null {
    const current = this.valid(target);
    return found(afterHookCommands(this.model, name, current?.session ?? null), { name, formats: afterHookFormats(name, args), current });
  }

  /** set-hook -R (notify_hook): the hook's commands, to run now at the command's target. */
  now(name: string, target: PaneTarget | null): HookCommands | null {
    const current = this.valid(target);
    return found(hookCommands(this.model, name, current), { name, formats: { hook: name }, current });
  }
}

function found(commands: string[], run: HookRun): HookCommands | null {
  return commands.length === 0 ? null : { commands, run };
}
