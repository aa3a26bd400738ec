// Every option of tmux 3.3a as data: its type, scopes, limits, choices and default, in tmux's own
// order (show-options lists them in this order and prefix matching walks it). Generated once from
// tmux 3.3a's table and checked against `show -s/-g/-gw/-gH` of the real tmux (test/mux/model/goldens).

export type OptionType = "string" | "number" | "key" | "colour" | "flag" | "choice" | "command";
export type OptionScope = "server" | "session" | "window" | "pane";

/**
 * One option. `default` is as show-options prints it: a string for string, key and colour
 * options (key and colour names), a number, a boolean flag, a choice name, or the elements of an
 * array option.
 */
export interface OptionTableEntry {
  readonly name: string;
  readonly type: OptionType;
  readonly scope: readonly OptionScope[];
  readonly default: string | number | boolean | readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  readonly array?: boolean;
  /** Set-hook's commands are options too; show-options lists them only with -H. */
  readonly hook?: boolean;
  /** A string checked as a style when set (unless it holds a format). */
  readonly style?: boolean;
  /** Joins `set -a` appends and splits an array's assigned string; arrays default to " ,". */
  readonly separator?: string;
  /** fnmatch(3) pattern the value must match. */
  readonly pattern?: string;
}

const OPTIONS: readonly OptionTableEntry[] = [
  { name: "backspace", type: "key", scope: ["server"], default: "C-?" },
  { name: "buffer-limit", type: "number", scope: ["server"], min: 1, max: 2147483647, default: 50 },
  { name: "command-alias", type: "string", scope: ["server"], array: true, separator: ",", default: ["split-pane=split-window", "splitp=split-window", "server-info=show-messages -JT", "info=show-messages -JT", "choose-window=choose-tree -w", "choose-session=choose-tree -s"] },
  { name: "copy-command", type: "string", scope: ["server"], default: "" },
  { name: "cursor-colour", type: "colour", scope: ["window", "pane"], default: "none" },
  { name: "cursor-style", type: "choice", scope: ["window", "pane"], choices: ["default", "blinking-block", "block", "blinking-underline", "underline", "blinking-bar", "bar"], default: "default" },
  { name: "default-terminal", type: "string", scope: ["server"], default: "tmux-256color" },
  { name: "editor", type: "string", scope: ["server"], default: "/usr/bin/vi" },
  { name: "escape-time", type: "number", scope: ["server"], min: 0, max: 2147483647, default: 500 },
  { name: "exit-empty", type: "flag", scope: ["server"], default: true },
  { name: "exit-unattached", type: "flag", scope: ["server"], default: false },
  { name: "extended-keys", type: "choice", scope: ["server"], choices: ["off", "on", "always"], default: "off" },
  { name: "focus-events", type: "flag", scope: ["server"], default: false },
  { name: "history-file", type: "string", scope: ["server"], default: "" },
  { name: "message-limit", type: "number", scope: ["server"], min: 0, max: 2147483647, default: 1000 },
  { name: "prompt-history-limit", type: "number", scope: ["server"], min: 0, max: 2147483647, default: 100 },
  { name: "set-clipboard", type: "choice", scope: ["server"], choices: ["off", "external", "on"], default: "external" },
  { name: "terminal-overrides", type: "string", scope: ["server"], array: true, separator: ",", default: [] },
  { name: "terminal-features", type: "string", scope: ["server"], array: true, separator: ",", default: ["xterm*:clipboard:ccolour:cstyle:focus:title", "screen*:title"] },
  { name: "user-keys", type: "string", scope: ["server"], array: true, separator: ",", default: [] },
  { name: "activity-action", type: "choice", scope: ["session"], choices: ["none", "any", "current", "other"], default: "other" },
  { name: "assume-paste-time", type: "number", scope: ["session"], min: 0, max: 2147483647, default: 1 },
  { name: "base-index", type: "number", scope: ["session"], min: 0, max: 2147483647, default: 0 },
  { name: "bell-action", type: "choice", scope: ["session"], choices: ["none", "any", "current", "other"], default: "any" },
  { name: "default-command", type: "string", scope: ["session"], default: "" },
  { name: "default-shell", type: "string", scope: ["session"], default: "/bin/sh" },
  { name: "default-size", type: "string", scope: ["session"], pattern: "[0-9]*x[0-9]*", default: "80x24" },
  { name: "destroy-unattached", type: "flag", scope: ["session"], default: false },
  { name: "detach-on-destroy", type: "choice", scope: ["session"], choices: ["off", "on", "no-detached"], default: "on" },
  { name: "display-panes-active-colour", type: "colour", scope: ["session"], default: "red" },
  { name: "display-panes-colour", type: "colour", scope: ["session"], default: "blue" },
  { name: "display-panes-time", type: "number", scope: ["session"], min: 1, max: 2147483647, default: 1000 },
  { name: "display-time", type: "number", scope: ["session"], min: 0, max: 2147483647, default: 750 },
  { name: "history-limit", type: "number", scope: ["session"], min: 0, max: 2147483647, default: 2000 },
  { name: "key-table", type: "string", scope: ["session"], default: "root" },
  { name: "lock-after-time", type: "number", scope: ["session"], min: 0, max: 2147483647, default: 0 },
  { name: "lock-command", type: "string", scope: ["session"], default: "lock -np" },
  { name: "message-command-style", type: "string", scope: ["session"], style: true, separator: ",", default: "bg=black,fg=yellow" },
  { name: "message-style", type: "string", scope: ["session"], style: true, separator: ",", default: "bg=yellow,fg=black" },
  { name: "mouse", type: "flag", scope: ["session"], default: false },
  { name: "prefix", type: "key", scope: ["session"], default: "C-b" },
  { name: "prefix2", type: "key", scope: ["session"], default: "None" },
  { name: "renumber-windows", type: "flag", scope: ["session"], default: false },
  { name: "repeat-time", type: "number", scope: ["session"], min: 0, max: 32767, default: 500 },
  { name: "set-titles", type: "flag", scope: ["session"], default: false },
  { name: "set-titles-string", type: "string", scope: ["session"], default: "#S:#I:#W - \"#T\" #{session_alerts}" },
  { name: "silence-action", type: "choice", scope: ["session"], choices: ["none", "any", "current", "other"], default: "other" },
  { name: "status", type: "choice", scope: ["session"], choices: ["off", "on", "2", "3", "4", "5"], default: "on" },
  { name: "status-bg", type: "colour", scope: ["session"], default: "default" },
  { name: "status-fg", type: "colour", scope: ["session"], default: "default" },
  { name: "status-format", type: "string", scope: ["session"], array: true, default: ["#[align=left range=left #{E:status-left-style}]#[push-default]#{T;=/#{status-left-length}:status-left}#[pop-default]#[norange default]#[list=on align=#{status-justify}]#[list=left-marker]<#[list=right-marker]>#[list=on]#{W:#[range=window|#{window_index} #{E:window-status-style}#{?#{&&:#{window_last_flag},#{!=:#{E:window-status-last-style},default}}, #{E:window-status-last-style},}#{?#{&&:#{window_bell_flag},#{!=:#{E:window-status-bell-style},default}}, #{E:window-status-bell-style},#{?#{&&:#{||:#{window_activity_flag},#{window_silence_flag}},#{!=:#{E:window-status-activity-style},default}}, #{E:window-status-activity-style},}}]#[push-default]#{T:window-status-format}#[pop-default]#[norange default]#{?window_end_flag,,#{window-status-separator}},#[range=window|#{window_index} list=focus #{?#{!=:#{E:window-status-current-style},default},#{E:window-status-current-style},#{E:window-status-style}}#{?#{&&:#{window_last_flag},#{!=:#{E:window-status-last-style},default}}, #{E:window-status-last-style},}#{?#{&&:#{window_bell_flag},#{!=:#{E:window-status-bell-style},default}}, #{E:window-status-bell-style},#{?#{&&:#{||:#{window_activity_flag},#{window_silence_flag}},#{!=:#{E:window-status-activity-style},default}}, #{E:window-status-activity-style},}}]#[push-default]#{T:window-status-current-format}#[pop-default]#[norange list=on default]#{?window_end_flag,,#{window-status-separator}}}#[nolist align=right range=right #{E:status-right-style}]#[push-default]#{T;=/#{status-right-length}:status-right}#[pop-default]#[norange default]", "#[align=centre]#{P:#{?pane_active,#[reverse],}#{pane_index}[#{pane_width}x#{pane_height}]#[default] }"] },
  { name: "status-interval", type: "number", scope: ["session"], min: 0, max: 2147483647, default: 15 },
  { name: "status-justify", type: "choice", scope: ["session"], choices: ["left", "centre", "right", "absolute-centre"], default: "left" },
  { name: "status-keys", type: "choice", scope: ["session"], choices: ["emacs", "vi"], default: "emacs" },
  { name: "status-left", type: "string", scope: ["session"], default: "[#{session_name}] " },
  { name: "status-left-length", type: "number", scope: ["session"], min: 0, max: 32767, default: 10 },
  { name: "status-left-style", type: "string", scope: ["session"], style: true, separator: ",", default: "default" },
  { name: "status-position", type: "choice", scope: ["session"], choices: ["top", "bottom"], default: "bottom" },
  { name: "status-right", type: "string", scope: ["session"], default: "#{?window_bigger,[#{window_offset_x}#,#{window_offset_y}] ,}\"#{=21:pane_title}\" %H:%M %d-%b-%y" },
  { name: "status-right-length", type: "number", scope: ["session"], min: 0, max: 32767, default: 40 },
  { name: "status-right-style", type: "string", scope: ["session"], style: true, separator: ",", default: "default" },
  { name: "status-style", type: "string", scope: ["session"], style: true, separator: ",", default: "bg=green,fg=black" },
  { name: "update-environment", type: "string", scope: ["session"], array: true, default: ["DISPLAY", "KRB5CCNAME", "SSH_ASKPASS", "SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_CONNECTION", "WINDOWID", "XAUTHORITY"] },
  { name: "visual-activity", type: "choice", scope: ["session"], choices: ["off", "on", "both"], default: "off" },
  { name: "visual-bell", type: "choice", scope: ["session"], choices: ["off", "on", "both"], default: "off" },
  { name: "visual-silence", type: "choice", scope: ["session"], choices: ["off", "on", "both"], default: "off" },
  { name: "word-separators", type: "string", scope: ["session"], default: "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~" },
  { name: "aggressive-resize", type: "flag", scope: ["window"], default: false },
  { name: "allow-passthrough", type: "flag", scope: ["window", "pane"], default: false },
  { name: "allow-rename", type: "flag", scope: ["window", "pane"], default: false },
  { name: "alternate-screen", type: "flag", scope: ["window", "pane"], default: true },
  { name: "automatic-rename", type: "flag", scope: ["window"], default: true },
  { name: "automatic-rename-format", type: "string", scope: ["window"], default: "#{?pane_in_mode,[tmux],#{pane_current_command}}#{?pane_dead,[dead],}" },
  { name: "clock-mode-colour", type: "colour", scope: ["window"], default: "blue" },
  { name: "clock-mode-style", type: "choice", scope: ["window"], choices: ["12", "24"], default: "24" },
  { name: "copy-mode-match-style", type: "string", scope: ["window"], style: true, separator: ",", default: "bg=cyan,fg=black" },
  { name: "copy-mode-current-match-style", type: "string", scope: ["window"], style: true, separator: ",", default: "bg=magenta,fg=black" },
  { name: "copy-mode-mark-style", type: "string", scope: ["window"], style: true, separator: ",", default: "bg=red,fg=black" },
  { name: "fill-character", type: "string", scope: ["window"], default: "" },
  { name: "main-pane-height", type: "string", scope: ["window"], default: "24" },
  { name: "main-pane-width", type: "string", scope: ["window"], default: "80" },
  { name: "mode-keys", type: "choice", scope: ["window"], choices: ["emacs", "vi"], default: "emacs" },
  { name: "mode-style", type: "string", scope: ["window"], style: true, separator: ",", default: "bg=yellow,fg=black" },
  { name: "monitor-activity", type: "flag", scope: ["window"], default: false },
  { name: "monitor-bell", type: "flag", scope: ["window"], default: true },
  { name: "monitor-silence", type: "number", scope: ["window"], min: 0, max: 2147483647, default: 0 },
  { name: "other-pane-height", type: "string", scope: ["window"], default: "0" },
  { name: "other-pane-width", type: "string", scope: ["window"], default: "0" },
  { name: "pane-active-border-style", type: "string", scope: ["window"], style: true, separator: ",", default: "#{?pane_in_mode,fg=yellow,#{?synchronize-panes,fg=red,fg=green}}" },
  { name: "pane-base-index", type: "number", scope: ["window"], min: 0, max: 65535, default: 0 },
  { name: "pane-border-format", type: "string", scope: ["window", "pane"], default: "#{?pane_active,#[reverse],}#{pane_index}#[default] \"#{pane_title}\"" },
  { name: "pane-border-indicators", type: "choice", scope: ["window"], choices: ["off", "colour", "arrows", "both"], default: "colour" },
  { name: "pane-border-lines", type: "choice", scope: ["window"], choices: ["single", "double", "heavy", "simple", "number"], default: "single" },
  { name: "pane-border-status", type: "choice", scope: ["window"], choices: ["off", "top", "bottom"], default: "off" },
  { name: "pane-border-style", type: "string", scope: ["window"], style: true, separator: ",", default: "default" },
  { name: "pane-colours", type: "colour", scope: ["window", "pane"], array: true, default: [] },
  { name: "popup-style", type: "string", scope: ["window"], style: true, separator: ",", default: "default" },
  { name: "popup-border-style", type: "string", scope: ["window"], style: true, separator: ",", default: "default" },
  { name: "popup-border-lines", type: "choice", scope: ["window"], choices: ["single", "double", "heavy", "simple", "rounded", "padded", "none"], default: "single" },
  { name: "remain-on-exit", type: "choice", scope: ["window", "pane"], choices: ["off", "on", "failed"], default: "off" },
  { name: "remain-on-exit-format", type: "string", scope: ["window", "pane"], default: "Pane is dead (#{?#{!=:#{pane_dead_status},},status #{pane_dead_status},}#{?#{!=:#{pane_dead_signal},},signal #{pane_dead_signal},}, #{t:pane_dead_time})" },
  { name: "scroll-on-clear", type: "flag", scope: ["window", "pane"], default: true },
  { name: "synchronize-panes", type: "flag", scope: ["window", "pane"], default: false },
  { name: "window-active-style", type: "string", scope: ["window", "pane"], style: true, separator: ",", default: "default" },
  { name: "window-size", type: "choice", scope: ["window"], choices: ["largest", "smallest", "manual", "latest"], default: "latest" },
  { name: "window-style", type: "string", scope: ["window", "pane"], style: true, separator: ",", default: "default" },
  { name: "window-status-activity-style", type: "string", scope: ["window"], style: true, separator: ",", default: "reverse" },
  { name: "window-status-bell-style", type: "string", scope: ["window"], style: true, separator: ",", default: "reverse" },
  { name: "window-status-current-format", type: "string", scope: ["window"], default: "#I:#W#{?window_flags,#{window_flags}, }" },
  { name: "window-status-current-style", type: "string", scope: ["window"], style: true, separator: ",", default: "default" },
  { name: "window-status-format", type: "string", scope: ["window"], default: "#I:#W#{?window_flags,#{window_flags}, }" },
  { name: "window-status-last-style", type: "string", scope: ["window"], style: true, separator: ",", default: "default" },
  { name: "window-status-separator", type: "string", scope: ["window"], default: " " },
  { name: "window-status-style", type: "string", scope: ["window"], style: true, separator: ",", default: "default" },
  { name: "wrap-search", type: "flag", scope: ["window"], default: true },
  { name: "xterm-keys", type: "flag", scope: ["window"], default: true },
];

/** Hooks in table order with their scopes; each is an array of commands. */
const HOOKS: readonly (readonly [string, readonly OptionScope[]])[] = [
  ["after-bind-key", ["session"]],
  ["after-capture-pane", ["session"]],
  ["after-copy-mode", ["session"]],
  ["after-display-message", ["session"]],
  ["after-display-panes", ["session"]],
  ["after-kill-pane", ["session"]],
  ["after-list-buffers", ["session"]],
  ["after-list-clients", ["session"]],
  ["after-list-keys", ["session"]],
  ["after-list-panes", ["session"]],
  ["after-list-sessions", ["session"]],
  ["after-list-windows", ["session"]],
  ["after-load-buffer", ["session"]],
  ["after-lock-server", ["session"]],
  ["after-new-session", ["session"]],
  ["after-new-window", ["session"]],
  ["after-paste-buffer", ["session"]],
  ["after-pipe-pane", ["session"]],
  ["after-queue", ["session"]],
  ["after-refresh-client", ["session"]],
  ["after-rename-session", ["session"]],
  ["after-rename-window", ["session"]],
  ["after-resize-pane", ["session"]],
  ["after-resize-window", ["session"]],
  ["after-save-buffer", ["session"]],
  ["after-select-layout", ["session"]],
  ["after-select-pane", ["session"]],
  ["after-select-window", ["session"]],
  ["after-send-keys", ["session"]],
  ["after-set-buffer", ["session"]],
  ["after-set-environment", ["session"]],
  ["after-set-hook", ["session"]],
  ["after-set-option", ["session"]],
  ["after-show-environment", ["session"]],
  ["after-show-messages", ["session"]],
  ["after-show-options", ["session"]],
  ["after-split-window", ["session"]],
  ["after-unbind-key", ["session"]],
  ["alert-activity", ["session"]],
  ["alert-bell", ["session"]],
  ["alert-silence", ["session"]],
  ["client-active", ["session"]],
  ["client-attached", ["session"]],
  ["client-detached", ["session"]],
  ["client-focus-in", ["session"]],
  ["client-focus-out", ["session"]],
  ["client-resized", ["session"]],
  ["client-session-changed", ["session"]],
  ["pane-died", ["window", "pane"]],
  ["pane-exited", ["window", "pane"]],
  ["pane-focus-in", ["window", "pane"]],
  ["pane-focus-out", ["window", "pane"]],
  ["pane-mode-changed", ["window", "pane"]],
  ["pane-set-clipboard", ["window", "pane"]],
  ["pane-title-changed", ["window", "pane"]],
  ["session-closed", ["session"]],
  ["session-created", ["session"]],
  ["session-renamed", ["session"]],
  ["session-window-changed", ["session"]],
  ["window-layout-changed", ["window"]],
  ["window-linked", ["session"]],
  ["window-pane-changed", ["window"]],
  ["window-renamed", ["window"]],
  ["window-resized", ["window"]],
  ["window-unlinked", ["session"]],
];

function hookEntry([name, scope]: readonly [string, readonly OptionScope[]]): OptionTableEntry {
  return { name, type: "command", scope, array: true, hook: true, separator: "", default: [] };
}

/** tmux's table order: options, then hooks. */
export const OPTIONS_TABLE: readonly OptionTableEntry[] = [...OPTIONS, ...HOOKS.map(hookEntry)];

export const HOOK_NAMES: readonly string[] = HOOKS.map(([name]) => name);

/** American spellings tmux accepts for some names (options_other_names). */
export const OPTION_OTHER_NAMES: ReadonlyMap<string, string> = new Map([
  ["display-panes-color", "display-panes-colour"],
  ["display-panes-active-color", "display-panes-active-colour"],
  ["clock-mode-color", "clock-mode-colour"],
  ["cursor-color", "cursor-colour"],
  ["pane-colors", "pane-colours"],
]);

const byName: ReadonlyMap<string, OptionTableEntry> = new Map(OPTIONS_TABLE.map((e) => [e.name, e]));

/** The entry named exactly `name` (or its other spelling). */
export function findOptionEntry(name: string): OptionTableEntry | undefined {
  return byName.get(OPTION_OTHER_NAMES.get(name) ?? name);
}

export function hasScope(e: OptionTableEntry, scope: OptionScope): boolean {
  return e.scope.includes(scope);
}
