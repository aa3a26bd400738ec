#!/bin/sh
# Regenerates test/e2e/goldens/customize-mode/*.txt from tmux 3.3a: customize-mode -N (no
# preview) entered from a shell on an 80x24 session, then a client attached inside an outer
# tmux whose pane shows it; each step's keys are sent to that client and the inner screen's
# list rows (0-22) captured. test/e2e/customize-mode.test.ts types the same keys into weft.
# Run from the repository's root.
set -euf
DIR=$(pwd)/test/e2e/goldens/customize-mode
mkdir -p "$DIR"
work=$(mktemp -d)
I="env -i HOME=$work PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 SHELL=/bin/sh tmux -L cm-in-$$ -f /dev/null"
O="tmux -L cm-out-$$ -f /dev/null"
$I new -d -s s -x 80 -y 24 sh
$I set -g @mine hello
$I set -w -t s monitor-bell off
$I set -t s status-keys emacs
# Each step: a name, the customize-mode flags, the keys typed. A filter must pass every key:
# tmux 3.3a's window_customize_build_keys loops forever on a key it filters out.
steps='
top|-N|
session|-N|Down Right
session-local|-N|Down Right Down Down Down Down
window|-N|Down Down Right
set-flag|-N|Down Down Right Down Enter
format|-N -F #{option_name}=#{option_value}|Right
preview-top||
preview-number||Right Down Down Down Down Down Down
preview-choice||Down Right Down
preview-local||Down Right Down Down Down Down
preview-array||Right Down Down Down Right Down
preview-style||Down Down Right Down Down Down Down Down Down Down Down Down Down Down Down
preview-key||Down Down Down Down Down Right Down
preview-key-part||Down Down Down Down Down Right Down Right Down
tags|-N|Down Right Down t t Down t
tags-all|-N|Down Down Right C-t
'
first=1
echo "$steps" | while IFS='|' read -r name flags keys; do
  [ -n "$name" ] || continue
  $I customize-mode -t s $flags
  if [ $first = 1 ]; then
    $O new -d -s out -x 80 -y 24 "$I attach -t s"
    first=0
  fi
  sleep 0.5
  [ -n "$keys" ] && $O send-keys -t out $keys
  sleep 0.5
  $O capture-pane -p -t out | head -23 | sed 's/ *$//' >"$DIR/$name.txt"
  $O send-keys -t out q
  sleep 0.3
  echo "wrote $DIR/$name.txt"
done
$O kill-server 2>/dev/null || true
$I kill-server 2>/dev/null || true
rm -rf "$work"
