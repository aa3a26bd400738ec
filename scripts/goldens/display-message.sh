#!/usr/bin/env bash
# Records tmux 3.3a's display-message -a (every variable) and -v (each step of an expansion) for
# test/e2e/goldens/display-message/: all.golden is `display -p -a` on one fixed session (80x24,
# /tmp, sh); verbose.golden is `display -p -v` of each line of verbose.formats, each followed by
# a line "----". Usage: scripts/goldens/display-message.sh   (needs tmux 3.3a; the tests do not)
set -euo pipefail

dir="$(cd "$(dirname "$0")/../.." && pwd)/test/e2e/goldens/display-message"
sock="goldens-display-$$"
work="$(mktemp -d)"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
t() { env -i PATH=/usr/bin:/bin HOME="$work" SHELL=/bin/sh TERM=xterm tmux -L "$sock" -f /dev/null "$@"; }

tmux -V | grep -qx 'tmux 3.3a' || { echo "need tmux 3.3a, have $(tmux -V)" >&2; exit 1; }

t new -d -s fixed -x 80 -y 24 -c /tmp
# The shell's prompt is on the screen (the cursor has moved) before anything is read.
for _ in $(seq 100); do [ "$(t display -p -t fixed '#{cursor_x}')" != 0 ] && break; sleep 0.05; done
t display -p -a -t fixed >"$dir/all.golden"
echo "wrote $dir/all.golden"

t set -g @path '/a b/Cx.d'
t set -g @fmt '#{session_name}'
t new-window -d -t fixed:1 -c /tmp
t split-window -d -t fixed:0 -c /tmp
t send-keys -t fixed:0.0 'echo prompt-marker' Enter
for _ in $(seq 100); do t capture-pane -p -t fixed:0.0 | grep -q '^prompt-marker' && break; sleep 0.05; done
while IFS= read -r fmt; do
  t display -p -v -t fixed:0.0 "$fmt"
  echo ----
done <"$dir/verbose.formats" >"$dir/verbose.golden"
echo "wrote $dir/verbose.golden"
