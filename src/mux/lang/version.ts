// The tmux version whose behaviour weft implements: #{version}, and `tmux -V` under that name.
export const TMUX_VERSION = "3.3a";
