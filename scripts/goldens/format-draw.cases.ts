// The status line configurations (and messages, drawn by the same code) format-draw.ts records from tmux 3.3a: markup, styles, justify,
// lengths, a window list wider than the line, fill, push/pop-default, wide characters, ##[.
export interface DrawCase {
  name: string;
  /** Lines of the config file (after automatic-rename off and status-interval 0). */
  config: string[];
  /** Window names; the first is the session's first window (index 0), the rest follow. */
  windows: string[];
  /** Windows selected in this order after creation: the last is current, the one before is last. */
  select?: number[];
  /** tmux commands run after the windows exist. */
  commands?: string[][];
  /** Click every column and record which range tmux finds there (needs a current and last window). */
  clicks?: boolean;
  /** Record this display-message (drawn on message-style) instead of the status line. */
  message?: string;
}

const FIXED_RIGHT = 'set -g status-right "#[fg=yellow]right"';
const MANY = Array.from({ length: 14 }, (_, i) => `window${i}`);

export const CASES: DrawCase[] = [
  { name: "defaults", clicks: true, config: [FIXED_RIGHT], windows: ["zsh", "vim", "logs"], select: [2, 1] },
  {
    name: "styles",
    clicks: true,
    config: [
      'set -g status-left "#[fg=red,bold]L#[default] #[bg=blue,fg=white,italics]x#[none] "',
      'set -g status-right "#[fg=colour100]R#[fg=#ff8000,underscore]GB#[nounderscore,reverse] rev"',
      "set -g window-status-current-style fg=white,bg=red,bold",
      "set -g window-status-style underscore",
      "set -g window-status-last-style fg=magenta",
      "set -g status-style fg=colour250,bg=colour235",
    ],
    windows: ["one", "two", "three"],
    select: [0, 2],
  },
  {
    name: "justify-right",
    config: [FIXED_RIGHT, "set -g status-justify right", 'set -g window-status-separator "|"'],
    windows: ["a", "bb", "ccc"],
  },
  {
    name: "justify-centre",
    clicks: true,
    config: [FIXED_RIGHT, "set -g status-justify centre", 'set -g status-left "#[bg=red]left side "'],
    windows: ["a", "bb", "ccc"],
    select: [1],
  },
  {
    name: "justify-absolute-centre",
    config: [
      "set -g status-justify absolute-centre",
      'set -g status-left "a much longer left side that pushes "',
      "set -g status-left-length 40",
      'set -g status-right "R"',
    ],
    windows: ["a", "bb"],
  },
  {
    name: "list-overflow-middle",
    clicks: true,
    config: [FIXED_RIGHT, "set -g window-status-current-style bg=red"],
    windows: MANY,
    select: [7],
  },
  {
    name: "list-overflow-end",
    clicks: true,
    config: [FIXED_RIGHT, "set -g status-justify right", "set -g window-status-current-style bg=blue"],
    windows: MANY,
    select: [12, 13],
  },
  {
    name: "list-overflow-centre-first",
    config: [FIXED_RIGHT, "set -g status-justify centre"],
    windows: MANY,
    select: [0],
  },
  {
    name: "fill-push-pop",
    config: [
      'set -g status-left "#[fill=blue]#[fg=red]a#[push-default]b#[default]c#[pop-default]d#[default]e "',
      'set -g status-right "#[bg=yellow]x#[push-default]#[fg=blue]y#[default]z#[pop-default]#[default]w"',
    ],
    windows: ["one", "two"],
  },
  {
    name: "wide-chars",
    config: [
      'set -g status-left "漢字漢字漢字 "',
      "set -g status-left-length 5",
      'set -g status-right "#[fg=cyan]右側の文字"',
      "set -g status-right-length 7",
    ],
    windows: ["日本語", "中文", "x"],
    select: [1],
  },
  {
    name: "wide-list-overflow",
    clicks: true,
    config: [FIXED_RIGHT, "set -g window-status-current-style bg=red"],
    windows: Array.from({ length: 12 }, (_, i) => `窓${i}ですね`),
    select: [6],
  },
  {
    name: "escapes-and-align",
    config: [
      'set -g status-left "a##[b] ###[fg=red]c####[d] #[align=right]AR#[align=left]AL "',
      "set -g status-left-length 60",
      'set -g status-right "#[align=centre]mid#[align=absolute-centre,fg=blue]ABS#[align=right]end"',
    ],
    windows: ["w"],
  },
  {
    name: "custom-format-markers",
    clicks: true,
    config: [
      "set -g status-format[0] \"#[align=left]L:#S #[list=on align=right]#[list=left-marker fg=red]<<#[list=right-marker fg=red]>>#[list=on]#{W:#[range=window|#{window_index}]#I-#W#[norange] ,#[range=window|#{window_index} list=focus bg=green]#I-#W#[norange list=on default] }#[nolist align=right] end\"",
    ],
    windows: MANY,
    select: [10],
  },
  {
    name: "narrow-trim",
    config: [
      'set -g status-left "#[bg=red]LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL"',
      "set -g status-left-length 60",
      'set -g status-right "#[bg=blue]RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR"',
      "set -g status-right-length 60",
    ],
    windows: ["one", "two"],
  },
  {
    name: "bell-activity-styles",
    config: [
      FIXED_RIGHT,
      "set -g window-status-activity-style fg=red,bold",
      "set -g window-status-bell-style bg=yellow",
      'set -g window-status-format "#I #{window_name}#F"',
      'set -g window-status-current-format "[#I #W]"',
      'set -g window-status-separator " | "',
    ],
    windows: ["alpha", "beta", "gamma", "delta"],
    select: [1, 0],
    commands: [["set", "-g", "monitor-activity", "on"], ["send-keys", "-t", "s:2", "hello", "Enter"], ["send-keys", "-t", "s:3", "C-g", "Enter"]],
  },
  {
    name: "abs-centre-list-overflow",
    clicks: true,
    config: [FIXED_RIGHT, "set -g status-justify absolute-centre", 'set -g status-left "#[align=absolute-centre]AB "'],
    windows: MANY,
    select: [3, 9],
  },
  {
    name: "right-list-overflow-first",
    clicks: true,
    config: ['set -g status-right "#[bg=red] R "', "set -g status-justify right", 'set -g status-left "#[align=centre]mid "'],
    windows: MANY,
    select: [5, 0],
  },
  {
    name: "centre-list-long-left",
    clicks: true,
    config: [
      FIXED_RIGHT,
      "set -g status-justify centre",
      'set -g status-left "#[fg=red]a fairly long status left for the centre "',
      "set -g status-left-length 50",
    ],
    windows: MANY,
    select: [2, 6],
  },
  {
    name: "invalid-style",
    config: ['set -g status-left "#[fg=nosuch]bad#[bg=red]ok#[noattr]#[bold] x "', 'set -g status-right "#[fg=colour300]r#[align=sideways]s"'],
    windows: ["one"],
  },
  {
    name: "unterminated",
    config: ['set -g status-right "good#[fg=red"', 'set -g status-left "#[fill=red]left "'],
    windows: ["one"],
  },
  {
    name: "custom-ranges",
    clicks: true,
    config: [
      "set -g status-format[0] \"#[range=right]RR#[norange]..#[range=window|99]gone#[range=window|1]one#[norange] #[range=left]left#[range=window|0]zero#[norange]#[align=right range=left]end#[norange]#[range=right]open\"",
    ],
    windows: ["a", "b"],
    select: [1, 0],
  },
  {
    name: "wide-cut-edges",
    clicks: true,
    config: [
      'set -g status-left "全角の文字が並ぶ長い左側の表示です全角の文字 "',
      "set -g status-left-length 60",
      'set -g status-right "#[align=absolute-centre,bg=red]ABC#[align=right,bg=default]右"',
      "set -g window-status-current-style bg=blue",
    ],
    windows: ["日本語の窓", "二番目の窓", "三番目の窓", "四番目の窓", "五番目の窓"],
    select: [1, 3],
  },
  {
    name: "status-style-rgb",
    config: [
      "set -g status-style fg=white,bg=#303030,bold",
      "set -g status-left-style fg=#ff0000,italics",
      "set -g status-right-style bg=brightblue,nobold",
      'set -g status-right "right "',
      "set -g window-status-current-style reverse,dim",
      "set -g window-status-style fg=brightgreen,strikethrough",
    ],
    windows: ["one", "two"],
  },
  {
    name: "list-without-align",
    config: [
      "set -g status-format[0] \"#[align=left]L #[list=on]#{W:#I:#W ,#[list=focus]<#I:#W>#[list=on] }#[nolist]after#[align=right]R\"",
    ],
    windows: ["a", "b"],
  },
  {
    name: "wide-orphan-head",
    config: [
      'set -g status-left "全角の文字が並ぶ長い左側の表示です全角の文字 "',
      "set -g status-left-length 60",
      'set -g status-right "#[align=absolute-centre,bg=red]A"',
    ],
    windows: ["w"],
  },
  { name: "message-unterminated", config: [], windows: ["one"], message: "#[fg=red]unterminated #[bold" },
  { name: "message-hashes", config: [], windows: ["one"], message: "a##[b ###[fg=red]c ####[d] #####[bg=blue]e ##x ###y" },
  { name: "message-ignore", config: [], windows: ["one"], message: "#[fg=red]red #[ignore]#[fg=blue]literal ##[x] #[noignore]end" },
  { name: "message-combining", config: ["set -g message-style fg=white,bg=magenta"], windows: ["one"], message: "e\u0301 cafe\u0301 x\u0308y \u65e5\u0301z" },
  { name: "message-controls", config: [], windows: ["one"], message: "a\tb\u007fc\u0085d" },
  { name: "message-align-fill", config: [], windows: ["one"], message: "#[fill=colour22]#[range=left]left#[norange] #[align=right]right #[align=centre]centre #[align=absolute-centre]ABS" },
  {
    name: "message-push-default",
    config: ["set -g message-style fg=black,bg=cyan,underscore"],
    windows: ["one"],
    message: "#[push-default fg=red]a#[default]b#[fg=blue,bold push-default]c#[default]d#[pop-default]e#[default]f#[fg=default]g#[bg=default,none]h",
  },
  { name: "message-invalid-words", config: [], windows: ["one"], message: "#[fg=red,nosuchattr]a#[bg=colour256]b#[fg=#12345]c#[bold,,dim]d#[range=window|x]e#[range=bogus]f#[]g" },
];
