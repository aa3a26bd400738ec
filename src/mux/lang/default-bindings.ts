// tmux 3.3a's default key tables (key-bindings.c key_bindings_init) as the
// bind-key commands tmux parses and runs at start-up, tmux's key codes (the
// order list-keys sorts keys in) and list-keys' layout of a table.
// Longer than most files: half is the table, kept whole and in tmux's order
// so it can be read against key-bindings.c line by line; the key codes and
// the list-keys layout could move to files of their own (key-codes.ts,
// list-keys.ts) once the lang/ folder settles.

import { charWidth } from "./format.ts";
import { escapeArg } from "./cmd-print.ts";
import { once } from "./once.ts";

// ---- the default bindings ----

// The menus that `<`, `>` and the right-click bindings open (DEFAULT_*_MENU).
const SESSION_MENU = [
  " 'Next' 'n' {switch-client -n}",
  " 'Previous' 'p' {switch-client -p}",
  " ''",
  " 'Renumber' 'N' {move-window -r}",
  " 'Rename' 'n' {command-prompt -I \"#S\" {rename-session -- '%%'}}",
  " ''",
  " 'New Session' 's' {new-session}",
  " 'New Window' 'w' {new-window}",
].join("");

const WINDOW_MENU = [
  " '#{?#{>:#{session_windows},1},,-}Swap Left' 'l' {swap-window -t:-1}",
  " '#{?#{>:#{session_windows},1},,-}Swap Right' 'r' {swap-window -t:+1}",
  " '#{?pane_marked_set,,-}Swap Marked' 's' {swap-window}",
  " ''",
  " 'Kill' 'X' {kill-window}",
  " 'Respawn' 'R' {respawn-window -k}",
  " '#{?pane_marked,Unmark,Mark}' 'm' {select-pane -m}",
  " 'Rename' 'n' {command-prompt -FI \"#W\" {rename-window -t '#{window_id}' -- '%%'}}",
  " ''",
  " 'New After' 'w' {new-window -a}",
  " 'New At End' 'W' {new-window}",
].join("");

const PANE_MENU = [
  " '#{?#{m/r:(copy|view)-mode,#{pane_mode}},Go To Top,}' '<' {send -X history-top}",
  " '#{?#{m/r:(copy|view)-mode,#{pane_mode}},Go To Bottom,}' '>' {send -X history-bottom}",
  " ''",
  " '#{?mouse_word,Search For #[underscore]#{=/9/...:mouse_word},}' 'C-r' {if -F '#{?#{m/r:(copy|view)-mode,#{pane_mode}},0,1}' 'copy-mode -t='; send -Xt= search-backward \"#{q:mouse_word}\"}",
  " '#{?mouse_word,Type #[underscore]#{=/9/...:mouse_word},}' 'C-y' {copy-mode -q; send-keys -l -- \"#{q:mouse_word}\"}",
  " '#{?mouse_word,Copy #[underscore]#{=/9/...:mouse_word},}' 'c' {copy-mode -q; set-buffer -- \"#{q:mouse_word}\"}",
  " '#{?mouse_line,Copy Line,}' 'l' {copy-mode -q; set-buffer -- \"#{q:mouse_line}\"}",
  " ''",
  " 'Horizontal Split' 'h' {split-window -h}",
  " 'Vertical Split' 'v' {split-window -v}",
  " ''",
  " '#{?#{>:#{window_panes},1},,-}Swap Up' 'u' {swap-pane -U}",
  " '#{?#{>:#{window_panes},1},,-}Swap Down' 'd' {swap-pane -D}",
  " '#{?pane_marked_set,,-}Swap Marked' 's' {swap-pane}",
  " ''",
  " 'Kill' 'X' {kill-pane}",
  " 'Respawn' 'R' {respawn-pane -k}",
  " '#{?pane_marked,Unmark,Mark}' 'm' {select-pane -m}",
  " '#{?#{>:#{window_panes},1},,-}#{?window_zoomed_flag,Unzoom,Zoom}' 'z' {resize-pane -Z}",
].join("");

/**
 * Every default binding, one bind-key command each, in key_bindings_init's
 * order. Each string parsed on its own (as tmux's cmd_parse_from_string
 * does) and run makes the default tables; that is done once, by
 * scripts/gen-default-keys.ts, and a server loads the tables it saved.
 */
export const DEFAULT_BINDINGS: readonly string[] = [
  "bind -N 'Send the prefix key' C-b { send-prefix }",
  "bind -N 'Rotate through the panes' C-o { rotate-window }",
  "bind -N 'Suspend the current client' C-z { suspend-client }",
  "bind -N 'Select next layout' Space { next-layout }",
  "bind -N 'Break pane to a new window' ! { break-pane }",
  "bind -N 'Split window vertically' '\"' { split-window }",
  "bind -N 'List all paste buffers' '#' { list-buffers }",
  "bind -N 'Rename current session' '$' { command-prompt -I'#S' { rename-session -- '%%' } }",
  "bind -N 'Split window horizontally' % { split-window -h }",
  "bind -N 'Kill current window' & { confirm-before -p\"kill-window #W? (y/n)\" kill-window }",
  "bind -N 'Prompt for window index to select' \"'\" { command-prompt -T window-target -pindex { select-window -t ':%%' } }",
  "bind -N 'Switch to previous client' ( { switch-client -p }",
  "bind -N 'Switch to next client' ) { switch-client -n }",
  "bind -N 'Rename current window' , { command-prompt -I'#W' { rename-window -- '%%' } }",
  "bind -N 'Delete the most recent paste buffer' - { delete-buffer }",
  "bind -N 'Move the current window' . { command-prompt -T target { move-window -t '%%' } }",
  "bind -N 'Describe key binding' '/' { command-prompt -kpkey  { list-keys -1N '%%' } }",
  "bind -N 'Select window 0' 0 { select-window -t:=0 }",
  "bind -N 'Select window 1' 1 { select-window -t:=1 }",
  "bind -N 'Select window 2' 2 { select-window -t:=2 }",
  "bind -N 'Select window 3' 3 { select-window -t:=3 }",
  "bind -N 'Select window 4' 4 { select-window -t:=4 }",
  "bind -N 'Select window 5' 5 { select-window -t:=5 }",
  "bind -N 'Select window 6' 6 { select-window -t:=6 }",
  "bind -N 'Select window 7' 7 { select-window -t:=7 }",
  "bind -N 'Select window 8' 8 { select-window -t:=8 }",
  "bind -N 'Select window 9' 9 { select-window -t:=9 }",
  "bind -N 'Prompt for a command' : { command-prompt }",
  "bind -N 'Move to the previously active pane' \\; { last-pane }",
  "bind -N 'Choose a paste buffer from a list' = { choose-buffer -Z }",
  "bind -N 'List key bindings' ? { list-keys -N }",
  "bind -N 'Choose a client from a list' D { choose-client -Z }",
  "bind -N 'Spread panes out evenly' E { select-layout -E }",
  "bind -N 'Switch to the last client' L { switch-client -l }",
  "bind -N 'Clear the marked pane' M { select-pane -M }",
  "bind -N 'Enter copy mode' [ { copy-mode }",
  "bind -N 'Paste the most recent paste buffer' ] { paste-buffer -p }",
  "bind -N 'Create a new window' c { new-window }",
  "bind -N 'Detach the current client' d { detach-client }",
  "bind -N 'Search for a pane' f { command-prompt { find-window -Z -- '%%' } }",
  "bind -N 'Display window information' i { display-message }",
  "bind -N 'Select the previously current window' l { last-window }",
  "bind -N 'Toggle the marked pane' m { select-pane -m }",
  "bind -N 'Select the next window' n { next-window }",
  "bind -N 'Select the next pane' o { select-pane -t:.+ }",
  "bind -N 'Customize options' C { customize-mode -Z }",
  "bind -N 'Select the previous window' p { previous-window }",
  "bind -N 'Display pane numbers' q { display-panes }",
  "bind -N 'Redraw the current client' r { refresh-client }",
  "bind -N 'Choose a session from a list' s { choose-tree -Zs }",
  "bind -N 'Show a clock' t { clock-mode }",
  "bind -N 'Choose a window from a list' w { choose-tree -Zw }",
  "bind -N 'Kill the active pane' x { confirm-before -p\"kill-pane #P? (y/n)\" kill-pane }",
  "bind -N 'Zoom the active pane' z { resize-pane -Z }",
  "bind -N 'Swap the active pane with the pane above' '{' { swap-pane -U }",
  "bind -N 'Swap the active pane with the pane below' '}' { swap-pane -D }",
  "bind -N 'Show messages' '~' { show-messages }",
  "bind -N 'Enter copy mode and scroll up' PPage { copy-mode -u }",
  "bind -N 'Select the pane above the active pane' -r Up { select-pane -U }",
  "bind -N 'Select the pane below the active pane' -r Down { select-pane -D }",
  "bind -N 'Select the pane to the left of the active pane' -r Left { select-pane -L }",
  "bind -N 'Select the pane to the right of the active pane' -r Right { select-pane -R }",
  "bind -N 'Set the even-horizontal layout' M-1 { select-layout even-horizontal }",
  "bind -N 'Set the even-vertical layout' M-2 { select-layout even-vertical }",
  "bind -N 'Set the main-horizontal layout' M-3 { select-layout main-horizontal }",
  "bind -N 'Set the main-vertical layout' M-4 { select-layout main-vertical }",
  "bind -N 'Select the tiled layout' M-5 { select-layout tiled }",
  "bind -N 'Select the next window with an alert' M-n { next-window -a }",
  "bind -N 'Rotate through the panes in reverse' M-o { rotate-window -D }",
  "bind -N 'Select the previous window with an alert' M-p { previous-window -a }",
  "bind -N 'Move the visible part of the window up' -r S-Up { refresh-client -U 10 }",
  "bind -N 'Move the visible part of the window down' -r S-Down { refresh-client -D 10 }",
  "bind -N 'Move the visible part of the window left' -r S-Left { refresh-client -L 10 }",
  "bind -N 'Move the visible part of the window right' -r S-Right { refresh-client -R 10 }",
  "bind -N 'Reset so the visible part of the window follows the cursor' -r DC { refresh-client -c }",
  "bind -N 'Resize the pane up by 5' -r M-Up { resize-pane -U 5 }",
  "bind -N 'Resize the pane down by 5' -r M-Down { resize-pane -D 5 }",
  "bind -N 'Resize the pane left by 5' -r M-Left { resize-pane -L 5 }",
  "bind -N 'Resize the pane right by 5' -r M-Right { resize-pane -R 5 }",
  "bind -N 'Resize the pane up' -r C-Up { resize-pane -U }",
  "bind -N 'Resize the pane down' -r C-Down { resize-pane -D }",
  "bind -N 'Resize the pane left' -r C-Left { resize-pane -L }",
  "bind -N 'Resize the pane right' -r C-Right { resize-pane -R }",
  "bind < { display-menu -xW -yW -T '#[align=centre]#{window_index}:#{window_name}' " + WINDOW_MENU + " }",
  "bind > { display-menu -xP -yP -T '#[align=centre]#{pane_index} (#{pane_id})' " + PANE_MENU + " }",
  "bind -n MouseDown1Pane { select-pane -t=; send -M }",
  "bind -n MouseDrag1Pane { if -F '#{||:#{pane_in_mode},#{mouse_any_flag}}' { send -M } { copy-mode -M } }",
  "bind -n WheelUpPane { if -F '#{||:#{pane_in_mode},#{mouse_any_flag}}' { send -M } { copy-mode -e } }",
  "bind -n MouseDown2Pane { select-pane -t=; if -F '#{||:#{pane_in_mode},#{mouse_any_flag}}' { send -M } { paste -p } }",
  "bind -n DoubleClick1Pane { select-pane -t=; if -F '#{||:#{pane_in_mode},#{mouse_any_flag}}' { send -M } { copy-mode -H; send -X select-word; run -d0.3; send -X copy-pipe-and-cancel } }",
  "bind -n TripleClick1Pane { select-pane -t=; if -F '#{||:#{pane_in_mode},#{mouse_any_flag}}' { send -M } { copy-mode -H; send -X select-line; run -d0.3; send -X copy-pipe-and-cancel } }",
  "bind -n MouseDrag1Border { resize-pane -M }",
  "bind -n MouseDown1Status { select-window -t= }",
  "bind -n WheelDownStatus { next-window }",
  "bind -n WheelUpStatus { previous-window }",
  "bind -n MouseDown3StatusLeft { display-menu -t= -xM -yW -T '#[align=centre]#{session_name}' " + SESSION_MENU + " }",
  "bind -n MouseDown3Status { display-menu -t= -xW -yW -T '#[align=centre]#{window_index}:#{window_name}' " + WINDOW_MENU + "}",
  "bind -n MouseDown3Pane { if -Ft= '#{||:#{mouse_any_flag},#{&&:#{pane_in_mode},#{?#{m/r:(copy|view)-mode,#{pane_mode}},0,1}}}' { select-pane -t=; send -M } { display-menu -t= -xM -yM -T '#[align=centre]#{pane_index} (#{pane_id})' " + PANE_MENU + " } }",
  "bind -n M-MouseDown3Pane { display-menu -t= -xM -yM -T '#[align=centre]#{pane_index} (#{pane_id})' " + PANE_MENU + " }",
  "bind -Tcopy-mode C-Space { send -X begin-selection }",
  "bind -Tcopy-mode C-a { send -X start-of-line }",
  "bind -Tcopy-mode C-c { send -X cancel }",
  "bind -Tcopy-mode C-e { send -X end-of-line }",
  "bind -Tcopy-mode C-f { send -X cursor-right }",
  "bind -Tcopy-mode C-b { send -X cursor-left }",
  "bind -Tcopy-mode C-g { send -X clear-selection }",
  "bind -Tcopy-mode C-k { send -X copy-pipe-end-of-line-and-cancel }",
  "bind -Tcopy-mode C-n { send -X cursor-down }",
  "bind -Tcopy-mode C-p { send -X cursor-up }",
  "bind -Tcopy-mode C-r { command-prompt -T search -ip'(search up)' -I'#{pane_search_string}' { send -X search-backward-incremental '%%' } }",
  "bind -Tcopy-mode C-s { command-prompt -T search -ip'(search down)' -I'#{pane_search_string}' { send -X search-forward-incremental '%%' } }",
  "bind -Tcopy-mode C-v { send -X page-down }",
  "bind -Tcopy-mode C-w { send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode Escape { send -X cancel }",
  "bind -Tcopy-mode Space { send -X page-down }",
  "bind -Tcopy-mode , { send -X jump-reverse }",
  "bind -Tcopy-mode \\; { send -X jump-again }",
  "bind -Tcopy-mode F { command-prompt -1p'(jump backward)' { send -X jump-backward '%%' } }",
  "bind -Tcopy-mode N { send -X search-reverse }",
  "bind -Tcopy-mode P { send -X toggle-position }",
  "bind -Tcopy-mode R { send -X rectangle-toggle }",
  "bind -Tcopy-mode T { command-prompt -1p'(jump to backward)' { send -X jump-to-backward '%%' } }",
  "bind -Tcopy-mode X { send -X set-mark }",
  "bind -Tcopy-mode f { command-prompt -1p'(jump forward)' { send -X jump-forward '%%' } }",
  "bind -Tcopy-mode g { command-prompt -p'(goto line)' { send -X goto-line '%%' } }",
  "bind -Tcopy-mode n { send -X search-again }",
  "bind -Tcopy-mode q { send -X cancel }",
  "bind -Tcopy-mode r { send -X refresh-from-pane }",
  "bind -Tcopy-mode t { command-prompt -1p'(jump to forward)' { send -X jump-to-forward '%%' } }",
  "bind -Tcopy-mode Home { send -X start-of-line }",
  "bind -Tcopy-mode End { send -X end-of-line }",
  "bind -Tcopy-mode MouseDown1Pane select-pane",
  "bind -Tcopy-mode MouseDrag1Pane { select-pane; send -X begin-selection }",
  "bind -Tcopy-mode MouseDragEnd1Pane { send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode WheelUpPane { select-pane; send -N5 -X scroll-up }",
  "bind -Tcopy-mode WheelDownPane { select-pane; send -N5 -X scroll-down }",
  "bind -Tcopy-mode DoubleClick1Pane { select-pane; send -X select-word; run -d0.3; send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode TripleClick1Pane { select-pane; send -X select-line; run -d0.3; send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode NPage { send -X page-down }",
  "bind -Tcopy-mode PPage { send -X page-up }",
  "bind -Tcopy-mode Up { send -X cursor-up }",
  "bind -Tcopy-mode Down { send -X cursor-down }",
  "bind -Tcopy-mode Left { send -X cursor-left }",
  "bind -Tcopy-mode Right { send -X cursor-right }",
  "bind -Tcopy-mode M-1 { command-prompt -Np'(repeat)' -I1 { send -N '%%' } }",
  "bind -Tcopy-mode M-2 { command-prompt -Np'(repeat)' -I2 { send -N '%%' } }",
  "bind -Tcopy-mode M-3 { command-prompt -Np'(repeat)' -I3 { send -N '%%' } }",
  "bind -Tcopy-mode M-4 { command-prompt -Np'(repeat)' -I4 { send -N '%%' } }",
  "bind -Tcopy-mode M-5 { command-prompt -Np'(repeat)' -I5 { send -N '%%' } }",
  "bind -Tcopy-mode M-6 { command-prompt -Np'(repeat)' -I6 { send -N '%%' } }",
  "bind -Tcopy-mode M-7 { command-prompt -Np'(repeat)' -I7 { send -N '%%' } }",
  "bind -Tcopy-mode M-8 { command-prompt -Np'(repeat)' -I8 { send -N '%%' } }",
  "bind -Tcopy-mode M-9 { command-prompt -Np'(repeat)' -I9 { send -N '%%' } }",
  "bind -Tcopy-mode M-< { send -X history-top }",
  "bind -Tcopy-mode M-> { send -X history-bottom }",
  "bind -Tcopy-mode M-R { send -X top-line }",
  "bind -Tcopy-mode M-b { send -X previous-word }",
  "bind -Tcopy-mode C-M-b { send -X previous-matching-bracket }",
  "bind -Tcopy-mode M-f { send -X next-word-end }",
  "bind -Tcopy-mode C-M-f { send -X next-matching-bracket }",
  "bind -Tcopy-mode M-m { send -X back-to-indentation }",
  "bind -Tcopy-mode M-r { send -X middle-line }",
  "bind -Tcopy-mode M-v { send -X page-up }",
  "bind -Tcopy-mode M-w { send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode M-x { send -X jump-to-mark }",
  "bind -Tcopy-mode 'M-{' { send -X previous-paragraph }",
  "bind -Tcopy-mode 'M-}' { send -X next-paragraph }",
  "bind -Tcopy-mode M-Up { send -X halfpage-up }",
  "bind -Tcopy-mode M-Down { send -X halfpage-down }",
  "bind -Tcopy-mode C-Up { send -X scroll-up }",
  "bind -Tcopy-mode C-Down { send -X scroll-down }",
  "bind -Tcopy-mode-vi '#' { send -FX search-backward '#{copy_cursor_word}' }",
  "bind -Tcopy-mode-vi * { send -FX search-forward '#{copy_cursor_word}' }",
  "bind -Tcopy-mode-vi C-c { send -X cancel }",
  "bind -Tcopy-mode-vi C-d { send -X halfpage-down }",
  "bind -Tcopy-mode-vi C-e { send -X scroll-down }",
  "bind -Tcopy-mode-vi C-b { send -X page-up }",
  "bind -Tcopy-mode-vi C-f { send -X page-down }",
  "bind -Tcopy-mode-vi C-h { send -X cursor-left }",
  "bind -Tcopy-mode-vi C-j { send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode-vi Enter { send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode-vi C-u { send -X halfpage-up }",
  "bind -Tcopy-mode-vi C-v { send -X rectangle-toggle }",
  "bind -Tcopy-mode-vi C-y { send -X scroll-up }",
  "bind -Tcopy-mode-vi Escape { send -X clear-selection }",
  "bind -Tcopy-mode-vi Space { send -X begin-selection }",
  "bind -Tcopy-mode-vi '$' { send -X end-of-line }",
  "bind -Tcopy-mode-vi , { send -X jump-reverse }",
  "bind -Tcopy-mode-vi / { command-prompt -T search -p'(search down)' { send -X search-forward '%%' } }",
  "bind -Tcopy-mode-vi 0 { send -X start-of-line }",
  "bind -Tcopy-mode-vi 1 { command-prompt -Np'(repeat)' -I1 { send -N '%%' } }",
  "bind -Tcopy-mode-vi 2 { command-prompt -Np'(repeat)' -I2 { send -N '%%' } }",
  "bind -Tcopy-mode-vi 3 { command-prompt -Np'(repeat)' -I3 { send -N '%%' } }",
  "bind -Tcopy-mode-vi 4 { command-prompt -Np'(repeat)' -I4 { send -N '%%' } }",
  "bind -Tcopy-mode-vi 5 { command-prompt -Np'(repeat)' -I5 { send -N '%%' } }",
  "bind -Tcopy-mode-vi 6 { command-prompt -Np'(repeat)' -I6 { send -N '%%' } }",
  "bind -Tcopy-mode-vi 7 { command-prompt -Np'(repeat)' -I7 { send -N '%%' } }",
  "bind -Tcopy-mode-vi 8 { command-prompt -Np'(repeat)' -I8 { send -N '%%' } }",
  "bind -Tcopy-mode-vi 9 { command-prompt -Np'(repeat)' -I9 { send -N '%%' } }",
  "bind -Tcopy-mode-vi : { command-prompt -p'(goto line)' { send -X goto-line '%%' } }",
  "bind -Tcopy-mode-vi \\; { send -X jump-again }",
  "bind -Tcopy-mode-vi ? { command-prompt -T search -p'(search up)' { send -X search-backward '%%' } }",
  "bind -Tcopy-mode-vi A { send -X append-selection-and-cancel }",
  "bind -Tcopy-mode-vi B { send -X previous-space }",
  "bind -Tcopy-mode-vi D { send -X copy-pipe-end-of-line-and-cancel }",
  "bind -Tcopy-mode-vi E { send -X next-space-end }",
  "bind -Tcopy-mode-vi F { command-prompt -1p'(jump backward)' { send -X jump-backward '%%' } }",
  "bind -Tcopy-mode-vi G { send -X history-bottom }",
  "bind -Tcopy-mode-vi H { send -X top-line }",
  "bind -Tcopy-mode-vi J { send -X scroll-down }",
  "bind -Tcopy-mode-vi K { send -X scroll-up }",
  "bind -Tcopy-mode-vi L { send -X bottom-line }",
  "bind -Tcopy-mode-vi M { send -X middle-line }",
  "bind -Tcopy-mode-vi N { send -X search-reverse }",
  "bind -Tcopy-mode-vi P { send -X toggle-position }",
  "bind -Tcopy-mode-vi T { command-prompt -1p'(jump to backward)' { send -X jump-to-backward '%%' } }",
  "bind -Tcopy-mode-vi V { send -X select-line }",
  "bind -Tcopy-mode-vi W { send -X next-space }",
  "bind -Tcopy-mode-vi X { send -X set-mark }",
  "bind -Tcopy-mode-vi ^ { send -X back-to-indentation }",
  "bind -Tcopy-mode-vi b { send -X previous-word }",
  "bind -Tcopy-mode-vi e { send -X next-word-end }",
  "bind -Tcopy-mode-vi f { command-prompt -1p'(jump forward)' { send -X jump-forward '%%' } }",
  "bind -Tcopy-mode-vi g { send -X history-top }",
  "bind -Tcopy-mode-vi h { send -X cursor-left }",
  "bind -Tcopy-mode-vi j { send -X cursor-down }",
  "bind -Tcopy-mode-vi k { send -X cursor-up }",
  "bind -Tcopy-mode-vi l { send -X cursor-right }",
  "bind -Tcopy-mode-vi n { send -X search-again }",
  "bind -Tcopy-mode-vi o { send -X other-end }",
  "bind -Tcopy-mode-vi q { send -X cancel }",
  "bind -Tcopy-mode-vi r { send -X refresh-from-pane }",
  "bind -Tcopy-mode-vi t { command-prompt -1p'(jump to forward)' { send -X jump-to-forward '%%' } }",
  "bind -Tcopy-mode-vi v { send -X rectangle-toggle }",
  "bind -Tcopy-mode-vi w { send -X next-word }",
  "bind -Tcopy-mode-vi '{' { send -X previous-paragraph }",
  "bind -Tcopy-mode-vi '}' { send -X next-paragraph }",
  "bind -Tcopy-mode-vi % { send -X next-matching-bracket }",
  "bind -Tcopy-mode-vi MouseDown1Pane { select-pane }",
  "bind -Tcopy-mode-vi MouseDrag1Pane { select-pane; send -X begin-selection }",
  "bind -Tcopy-mode-vi MouseDragEnd1Pane { send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode-vi WheelUpPane { select-pane; send -N5 -X scroll-up }",
  "bind -Tcopy-mode-vi WheelDownPane { select-pane; send -N5 -X scroll-down }",
  "bind -Tcopy-mode-vi DoubleClick1Pane { select-pane; send -X select-word; run -d0.3; send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode-vi TripleClick1Pane { select-pane; send -X select-line; run -d0.3; send -X copy-pipe-and-cancel }",
  "bind -Tcopy-mode-vi BSpace { send -X cursor-left }",
  "bind -Tcopy-mode-vi NPage { send -X page-down }",
  "bind -Tcopy-mode-vi PPage { send -X page-up }",
  "bind -Tcopy-mode-vi Up { send -X cursor-up }",
  "bind -Tcopy-mode-vi Down { send -X cursor-down }",
  "bind -Tcopy-mode-vi Left { send -X cursor-left }",
  "bind -Tcopy-mode-vi Right { send -X cursor-right }",
  "bind -Tcopy-mode-vi M-x { send -X jump-to-mark }",
  "bind -Tcopy-mode-vi C-Up { send -X scroll-up }",
  "bind -Tcopy-mode-vi C-Down { send -X scroll-down }",
];

// ---- key codes (tmux.h key_code, key-string.c) ----
//
// A code is the key in the low 44 bits and the modifiers above it, so keys
// sort by modifiers first (none, M-, C-, C-M-, S-, ...), then plain
// characters, then the special keys, then User keys, then non-ASCII
// characters (kept as tmux's packed utf8_char, whose high bits are its width
// and length). Every code fits a double exactly (below 2^47).

const KEY_BITS = 2 ** 44;
const MOD_META = 1;
const MOD_CTRL = 2;
const MOD_SHIFT = 4;

const KEY_NONE = 0xff000000000;
const KEY_UNKNOWN = 0xfe000000000;
const KEY_BASE = 0x10e000;
const KEY_USER = 0x10f000;
const USER_KEYS = 1000;

// Mouse keys come in groups of six, one per place the mouse can be.
const MOUSE_PLACES = ["Pane", "Status", "StatusLeft", "StatusRight", "StatusDefault", "Border"];
const BUTTONS = ["1", "2", "3", "6", "7", "8", "9", "10", "11"];
const mouseGroup = (event: string) => MOUSE_PLACES.map((p) => `${event}${p}`);
const mouseGroups = (event: string) => BUTTONS.flatMap((b) => mouseGroup(event + b));

/**
 * The special keys from KEY_BASE on, in tmux's enum order; null where tmux
 * has a code but no name (a double click in progress, a move in the default
 * status range). Made at first use with their codes: ~400 names built at load
 * were ~0.4 ms of every server's start (interpreted).
 */
const specialKeys = once(() => {
  const keys: readonly (string | null)[] = [
    "FocusIn", "FocusOut", "Any", "PasteStart", "PasteEnd", "Mouse", "Dragging", null,
    ...mouseGroup("MouseMove").map((n) => (n === "MouseMoveStatusDefault" ? null : n)),
    ...mouseGroups("MouseDown"), ...mouseGroups("MouseUp"), ...mouseGroups("MouseDrag"), ...mouseGroups("MouseDragEnd"),
    ...mouseGroup("WheelUp"), ...mouseGroup("WheelDown"),
    ...mouseGroups("SecondClick"), ...mouseGroups("DoubleClick"), ...mouseGroups("TripleClick"),
    "BSpace",
    "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
    "IC", "DC", "Home", "End", "NPage", "PPage", "BTab", "Up", "Down", "Left", "Right",
    "KP/", "KP*", "KP-", "KP7", "KP8", "KP9", "KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3", "KPEnter", "KP0", "KP.",
  ];
  const codes = new Map(keys.map((n, i) => [n, KEY_BASE + i]));
  const code = (name: string): number => codes.get(name) ?? KEY_BASE - 1;
  return { keys, end: KEY_BASE + keys.length, code, firstMouse: code("Mouse"), bspace: code("BSpace") };
});
const special = (name: string): number => specialKeys().code(name);

/** Names bind-key accepts for the keys of key_string_table (any case); the first for a key is how it prints. */
function keyTable(): (readonly [string, number])[] {
  const { keys } = specialKeys();
  const named = (n: string | null) => [n as string, special(n as string)] as const;
  return [
    ...["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12"].map(named),
    ["IC", special("IC")], ["Insert", special("IC")], ["DC", special("DC")], ["Delete", special("DC")],
    ["Home", special("Home")], ["End", special("End")],
    ["NPage", special("NPage")], ["PageDown", special("NPage")], ["PgDn", special("NPage")],
    ["PPage", special("PPage")], ["PageUp", special("PPage")], ["PgUp", special("PPage")],
    ["Tab", 9], ["BTab", special("BTab")], ["Space", 32], ["BSpace", special("BSpace")], ["Enter", 13], ["Escape", 27],
    ...keys.slice(keys.indexOf("Up")).map(named),
    ...keys.slice(keys.indexOf("MouseDown1Pane"), keys.indexOf("BSpace")).map(named),
  ];
}

/**
 * The name tables, made at first use: ~450 keys, which took ~1.5 ms of every server's start
 * (interpreted) though a server that only runs commands from scripts may never name a key.
 */
const names = once(() => {
  const table = keyTable();
  const nameOf = new Map<number, string>();
  for (const [n, k] of [...table].reverse()) nameOf.set(k, n);
  return { byName: new Map(table.map(([n, k]) => [n.toLowerCase(), k])), nameOf };
});

// Keys C- leaves as they are instead of making a control character of them.
const CTRL_KEEPS = "!#()+,-.0123456789:;<=>'\r\t\x7f`/";

const split = (code: number) => ({ key: code % KEY_BITS, mods: Math.floor(code / KEY_BITS) });
const join = (key: number, mods: number) => mods * KEY_BITS + key;

/**
 * tmux's utf8_char for one character: width + 1, length and the bytes packed
 * in one number. Characters of four bytes are numbered in the order tmux
 * first sees them; here their code point stands in for that number.
 * null for a character tmux will not make a key of (no width: controls).
 */
function utf8Char(ch: string): number | null {
  const cp = ch.codePointAt(0) ?? 0;
  const bytes = new TextEncoder().encode(ch);
  let width = 1;
  if (bytes.length > 1) {
    if (cp < 0xa0) return null;
    width = charWidth(cp);
  }
  const index = bytes.length <= 3 ? (bytes[0] ?? 0) + (bytes[1] ?? 0) * 256 + (bytes[2] ?? 0) * 65536 : cp;
  return (width + 1) * 2 ** 29 + bytes.length * 2 ** 24 + index;
}

function utf8CharText(key: number): string {
  const size = Math.floor(key / 2 ** 24) % 32;
  const index = key % 2 ** 24;
  if (size > 3) return String.fromCodePoint(index);
  const bytes = [index % 256, Math.floor(index / 256) % 256, Math.floor(index / 65536)].slice(0, size);
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** A 0x... name (sscanf "%x": spaces, a sign and another 0x may follow). */
function hexKey(digits: string): number | null {
  const m = /^\s*([+-]?)(?:0[xX])?([0-9a-fA-F]+)/.exec(digits);
  if (m === null) return null;
  let u = Number.parseInt(m[2] ?? "", 16);
  if (m[1] === "-") u = u === 0 ? 0 : 2 ** 32 - (u % 2 ** 32);
  if (u < 32) return u;
  if (u > 0x10ffff || (u >= 0xd800 && u <= 0xdfff)) return null;
  return utf8Char(String.fromCodePoint(u));
}

/** User0 to User999 (sscanf "User%u"). */
function userKey(name: string): number | null {
  const m = /^User\s*([+-]?)(\d+)/.exec(name);
  if (m === null) return null;
  const n = Number(m[2]);
  if (m[1] === "-" && n !== 0) return null;
  return n < USER_KEYS ? KEY_USER + n : null;
}

/** C- on a character: its control code, the same key (C-1), or null if there is none (C-~). */
function applyCtrl(key: number, mods: number): { key: number; mods: number } | null {
  if (key > 127 || !(mods & MOD_CTRL) || CTRL_KEEPS.includes(String.fromCharCode(key)) || key === 27) return { key, mods };
  let ctrl: number;
  if (key >= 97 && key <= 122) ctrl = key - 96;
  else if (key >= 64 && key <= 95) ctrl = key - 64;
  else if (key === 32) ctrl = 0;
  else if (key === 63) ctrl = 127;
  else return null;
  return { key: ctrl, mods: mods & ~MOD_CTRL };
}

/**
 * A key name to tmux's key code as bind-key stores it (key_string_lookup_string
 * without the flags key_bindings_add drops). null if tmux has no such key:
 * bind-key then says `unknown key: NAME`. "None" is null too (bind-key refuses it).
 */
export function keyCode(name: string): number | null {
  if (name.toLowerCase() === "none") return null;
  if (name.toLowerCase() === "any") return special("Any");
  if (name.startsWith("0x")) return hexKey(name.slice(2));
  let mods = 0;
  let s = name;
  if (s.startsWith("^") && s.length > 1) {
    mods |= MOD_CTRL;
    s = s.slice(1);
  }
  for (; s.length >= 2 && s[1] === "-"; s = s.slice(2)) {
    const m = (s[0] ?? "").toUpperCase();
    if (m === "C") mods |= MOD_CTRL;
    else if (m === "M") mods |= MOD_META;
    else if (m === "S") mods |= MOD_SHIFT;
    else return null;
  }
  if (s === "") return null;
  let key: number;
  const first = s.codePointAt(0) ?? 0;
  if (s.length === 1 && first <= 127) {
    if (first < 32) return null;
    key = first;
  } else if (first > 127) {
    // One character, its modifiers kept as they are (C-é stays C-é).
    if ([...s].length !== 1) return null;
    const uc = utf8Char(s);
    return uc === null ? null : join(uc, mods);
  } else {
    const found = names().byName.get(s.toLowerCase()) ?? userKey(s);
    if (found === undefined || found === null) return null;
    key = found;
  }
  const k = applyCtrl(key, mods);
  return k === null ? null : join(k.key, k.mods);
}

/** A key code's name as list-keys shows it, before quoting (key_string_lookup_key). */
export function keyCodeName(code: number): string {
  let { key, mods } = split(code);
  if (key === 0 && mods === 0) [key, mods] = [32, MOD_CTRL]; // C-@ shows as C-Space
  const prefix = (mods & MOD_CTRL ? "C-" : "") + (mods & MOD_META ? "M-" : "") + (mods & MOD_SHIFT ? "S-" : "");
  return prefix + baseName(key, code);
}

function baseName(key: number, code: number): string {
  if (key === KEY_NONE) return "None";
  if (key === KEY_UNKNOWN) return "Unknown";
  if (key >= KEY_USER && key < KEY_USER + USER_KEYS) return `User${key - KEY_USER}`;
  const { keys, end } = specialKeys();
  const named = key >= KEY_BASE && key < end ? keys[key - KEY_BASE] : names().nameOf.get(key);
  if (named !== undefined && named !== null) return named;
  if (key > 127 && (key < KEY_BASE || key >= end)) return utf8CharText(key);
  if (key > 255) return `Invalid#${code.toString(16)}`;
  if (key <= 32) return `C-${String.fromCharCode(key === 0 || key > 26 ? 64 + key : 96 + key)}`;
  if (key === 127) return "C-?";
  if (key > 127) return `\\${key.toString(8)}`;
  return String.fromCharCode(key);
}

/** A name in tmux's canonical spelling ("C-M-a" -> "M-C-a", "PageUp" -> "PPage"), or null if it is not a key. */
export function canonicalKeyName(name: string): string | null {
  const code = keyCode(name);
  return code === null ? null : keyCodeName(code);
}

/** Whether a key is a mouse key (list-keys -N leaves them out). */
export function isMouseKeyCode(code: number): boolean {
  const key = split(code).key;
  const { firstMouse, bspace } = specialKeys();
  return key >= firstMouse && key < bspace;
}

/** The number list-keys sorts a key by; names that are not keys sort last. */
export function keySortCode(name: string): number {
  return keyCode(name) ?? Number.MAX_SAFE_INTEGER;
}

/** key_bindings_cmp on names: by key code, then (for names that are not keys) by name. */
export function compareKeys(a: string, b: string): number {
  return keySortCode(a) - keySortCode(b) || compareBytes(a, b);
}

/** strcmp on the UTF-8 bytes, as key_table_cmp orders table names. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

// ---- list-keys (cmd-list-keys.c) ----

export interface ListedBinding {
  key: string;
  repeat: boolean;
  note?: string;
  /** The commands as list-keys prints them (cmd-print's printCommandList, escaped). */
  command: string;
}

export interface ListedTable {
  name: string;
  bindings: readonly ListedBinding[];
}

export interface ListKeysOptions {
  /** -T: only this table. */
  table?: string;
  /** The key argument: only bindings of this key (a name keyCode accepts). */
  only?: string;
}

const width = (s: string) => [...s].reduce((w, c) => w + charWidth(c.codePointAt(0) ?? 0), 0);
const pad = (s: string, to: number) => s + " ".repeat(Math.max(0, to - width(s)));

/** Tables by name, each one's bindings by key, with the key filter applied. */
function sorted(tables: readonly ListedTable[], opts: ListKeysOptions): { name: string; bindings: ListedBinding[] }[] {
  const only = opts.only === undefined ? null : keyCode(opts.only);
  return [...tables]
    .filter((t) => opts.table === undefined || t.name === opts.table)
    .sort((a, b) => compareBytes(a.name, b.name))
    .map((t) => ({
      name: t.name,
      bindings: t.bindings.filter((b) => only === null || keyCode(b.key) === only).sort((a, b) => compareKeys(a.key, b.key)),
    }));
}

/**
 * list-keys without -N: a bind-key line per binding, the table and key
 * columns padded to the widest shown, and a -r column only if one shown
 * binding repeats.
 */
export function listKeys(tables: readonly ListedTable[], opts: ListKeysOptions = {}): string[] {
  const shown = sorted(tables, opts);
  const all = shown.flatMap((t) => t.bindings.map((b) => ({ table: t.name, b, key: escapeArg(canonicalKeyName(b.key) ?? b.key) })));
  const repeat = all.some((x) => x.b.repeat);
  const tableWidth = Math.max(0, ...all.map((x) => width(x.table)));
  const keyWidth = Math.max(0, ...all.map((x) => width(x.key)));
  return all.map(({ table, b, key }) => {
    const r = !repeat ? "" : b.repeat ? "-r " : "   ";
    return `bind-key ${r}-T ${pad(table, tableWidth)} ${pad(key, keyWidth)} ${b.command}`;
  });
}

export interface ListNotesOptions extends ListKeysOptions {
  /** -a: bindings without a note too, showing their commands. */
  all?: boolean;
  /** -1: the first binding of each table only. */
  first?: boolean;
  /** The prefix option's key, or null if it is None. */
  prefix: string | null;
  /** -P: what starts each prefix-table line instead of the prefix key. */
  prefixString?: string;
}

const hasNote = (b: ListedBinding) => b.note !== undefined && b.note !== "";
const notable = (b: ListedBinding) => !isMouseKeyCode(keyCode(b.key) ?? 0);

/** The widest unquoted key with a note (cmd_list_keys_get_width). */
function noteKeyWidth(table: { bindings: ListedBinding[] } | undefined): number {
  const keys = (table?.bindings ?? []).filter((b) => notable(b) && hasNote(b));
  return Math.max(0, ...keys.map((b) => width(canonicalKeyName(b.key) ?? b.key)));
}

function noteLines(table: { bindings: ListedBinding[] } | undefined, keyWidth: number, start: string, o: ListNotesOptions): string[] {
  const out: string[] = [];
  for (const b of table?.bindings ?? []) {
    if (!notable(b) || (!hasNote(b) && !o.all)) continue;
    out.push(`${start}${pad(canonicalKeyName(b.key) ?? b.key, keyWidth + 1)}${hasNote(b) ? b.note : b.command}`);
    if (o.first) break;
  }
  return out;
}

/**
 * list-keys -N: each binding's note after its key. Without -T, the root
 * table's then the prefix table's, the latter led by the prefix key; the key
 * column is as wide as the widest key with a note.
 */
export function listKeyNotes(tables: readonly ListedTable[], o: ListNotesOptions): string[] {
  const shown = sorted(tables, { only: o.only });
  const find = (name: string) => shown.find((t) => t.name === name);
  if (o.table !== undefined) return noteLines(find(o.table), noteKeyWidth(find(o.table)), o.prefixString ?? "", o);
  const start = o.prefixString ?? (o.prefix === null ? "" : `${canonicalKeyName(o.prefix) ?? o.prefix} `);
  const prefixWidth = o.prefix === null ? 0 : noteKeyWidth(find("prefix"));
  const keyWidth = Math.max(noteKeyWidth(find("root")), prefixWidth);
  const out = noteLines(find("root"), keyWidth, " ".repeat(width(start)), o);
  if (prefixWidth > 0) out.push(...noteLines(find("prefix"), keyWidth, start, o));
  return out;
}
