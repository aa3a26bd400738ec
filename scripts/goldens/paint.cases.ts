// The themed configs the painting goldens compare: status lines, window lists, borders, titles and
// messages, each attached in the same host (test/helpers/paint-host.ts) under tmux and weft.
import type { PaintCase } from "../../test/helpers/paint-host.ts";

const THEME = [
  "set -g status-style bg=colour235,fg=colour250",
  "set -g status-left '#[fg=colour16,bg=colour39,bold] #S #[fg=colour39,bg=colour235,nobold]>'",
  "set -g status-left-length 20",
  "set -g status-right '#[fg=colour244]#{window_panes} panes #[fg=colour16,bg=colour252] R '",
  "set -g window-status-format '#[fg=colour244] #I:#W#F '",
  "set -g window-status-current-format '#[fg=colour231,bg=colour31,bold] #I:#W#F '",
  "set -g window-status-separator '|'",
  "set -g window-status-last-style fg=red",
  "set -g window-status-activity-style bg=magenta,fg=black",
  "set -g monitor-activity on",
  "set -g pane-border-style fg=colour238",
  "set -g pane-active-border-style fg=colour39,bg=colour236",
  "set -g message-style fg=colour16,bg=colour214",
];

const windows = (n: number): string[][] => Array.from({ length: n }, (_, i) => ["new-window", "-d", "-t", `s:${i + 1}`, "-n", `w${i + 1}`, "cat"]);

export const PAINT_CASES: PaintCase[] = [
  {
    name: "theme",
    config: THEME,
    commands: [...windows(3), ["select-window", "-t", "s:2"], ["select-window", "-t", "s:1"], ["split-window", "-h", "-t", "s:1", "cat"], ["split-window", "-v", "-t", "s:1", "cat"]],
  },
  {
    name: "activity",
    config: THEME,
    commands: [...windows(2), ["send-keys", "-t", "s:2", "x", "Enter"]],
  },
  {
    name: "two-panes-left-active",
    config: ["set -g pane-active-border-style fg=red", "set -g status-justify centre"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"], ["select-pane", "-t", "s:0.0"]],
  },
  {
    name: "two-panes-bottom-active",
    config: ["set -g pane-active-border-style fg=red,bold", "set -g status-justify right"],
    commands: [["split-window", "-v", "-t", "s:0", "cat"]],
  },
  {
    name: "pane-status-top",
    config: [...THEME, "set -g pane-border-status top", "set -g pane-border-format '#[fg=colour16,bg=colour39] #P #[default] #{pane_title} '"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"], ["split-window", "-v", "-t", "s:0", "cat"], ["select-pane", "-t", "s:0.0", "-T", "left"], ["select-pane", "-t", "s:0.1", "-T", "top right"], ["select-pane", "-t", "s:0.2", "-T", "bottom"]],
  },
  {
    name: "pane-status-bottom-double",
    config: ["set -g pane-border-status bottom", "set -g pane-border-lines double", "set -g pane-border-format '#{pane_index}:#{pane_title}'"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"], ["select-pane", "-t", "s:0.0", "-T", "a"], ["select-pane", "-t", "s:0.1", "-T", "b"]],
  },
  {
    name: "lines-heavy-arrows",
    config: ["set -g pane-border-lines heavy", "set -g pane-border-indicators both", "set -g pane-active-border-style fg=yellow"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"], ["split-window", "-v", "-t", "s:0", "cat"], ["select-pane", "-t", "s:0.0"]],
  },
  {
    name: "lines-simple",
    config: ["set -g pane-border-lines simple", "set -g pane-border-indicators off"],
    commands: [["split-window", "-v", "-t", "s:0", "cat"], ["split-window", "-h", "-t", "s:0", "cat"]],
  },
  {
    name: "lines-number",
    config: ["set -g pane-border-lines number"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"], ["split-window", "-v", "-t", "s:0", "cat"]],
  },
  {
    name: "status-top-two-lines",
    config: ["set -g status 2", "set -g status-position top", "set -g status-style bg=blue,fg=white", "set -g 'status-format[1]' '#[align=right]line two #[fg=yellow]#{session_name}'"],
    commands: [...windows(1), ["split-window", "-h", "-t", "s:0", "cat"]],
  },
  {
    name: "status-three-lines",
    config: ["set -g status 3", "set -g status-style bg=colour22"],
    commands: [["split-window", "-v", "-t", "s:0", "cat"]],
  },
  {
    name: "rgb-to-256",
    config: ["set -g status-style 'bg=#ff8700,fg=#1c1c1c'", "set -g pane-active-border-style 'fg=#00d7ff'", "set -g status-left '#[bg=#5f00af,fg=#eeeeee] rgb '"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"]],
  },
  {
    name: "message",
    config: THEME,
    commands: [...windows(1), ["display-message", "-d", "0", "#[fg=red,bold]alert#[default] plain #[bg=blue]blue"]],
  },
  {
    name: "status-off-message",
    config: ["set -g status off", "set -g message-style fg=white,bg=red"],
    commands: [["display-message", "-d", "0", "a message"]],
  },
  {
    name: "window-style",
    config: ["set -g window-style bg=colour17", "set -g window-active-style bg=colour52,fg=colour226"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"], ["send-keys", "-t", "s:0.0", "left", "Enter"], ["send-keys", "-t", "s:0.1", "right", "Enter"]],
  },
  {
    name: "copy-mode-selection",
    config: ["set -g mode-style bg=colour34,fg=colour231,bold"],
    commands: [
      ["send-keys", "-t", "s:0", "hello world", "Enter"],
      ["@wait", "hello world", "2"],
      ["copy-mode", "-t", "s:0"],
      ["send-keys", "-t", "s:0", "-X", "cursor-up"],
      ["send-keys", "-t", "s:0", "-X", "start-of-line"],
      ["send-keys", "-t", "s:0", "-X", "begin-selection"],
      ["send-keys", "-t", "s:0", "-N", "4", "-X", "cursor-right"],
    ],
  },
  {
    name: "marked-pane",
    config: ["set -g pane-border-style fg=colour45"],
    commands: [["split-window", "-h", "-t", "s:0", "cat"], ["split-window", "-v", "-t", "s:0", "cat"], ["select-pane", "-m", "-t", "s:0.2"], ["select-pane", "-t", "s:0.0"]],
  },
];
