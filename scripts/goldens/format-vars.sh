#!/usr/bin/env bash
# Records tmux 3.3a's value of every format variable (and a few options) for
# test/e2e/goldens/format-vars.golden: `display -p` of each name in format-vars.names on one
# fixed session (80x24, /tmp, sh), as "name=value" lines.
# Usage: scripts/goldens/format-vars.sh   (needs tmux 3.3a; the tests themselves do not)
set -euo pipefail

dir="$(cd "$(dirname "$0")/../.." && pwd)/test/e2e/goldens"
sock="goldens-format-vars-$$"
work="$(mktemp -d)"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
t() { env -i PATH=/usr/bin:/bin HOME="$work" SHELL=/bin/sh TERM=xterm tmux -L "$sock" -f /dev/null "$@"; }

tmux -V | grep -qx 'tmux 3.3a' || { echo "need tmux 3.3a, have $(tmux -V)" >&2; exit 1; }

t new -d -s fixed -x 80 -y 24 -c /tmp
t set -g @fixed 'a user option'
# The shell's prompt is on the screen (the cursor has moved) before anything is read.
for _ in $(seq 100); do [ "$(t display -p -t fixed '#{cursor_x}')" != 0 ] && break; sleep 0.05; done
while IFS= read -r name; do
  printf '%s=%s\n' "$name" "$(t display -p -t fixed "#{$name}")"
done <"$dir/format-vars.names" >"$dir/format-vars.golden"
echo "wrote $dir/format-vars.golden"

# The loops: a second session of two windows, the first split, a window option, text to find.
t new -d -s second -x 80 -y 24 -c /tmp
t new-window -d -t second:1 -c /tmp
t split-window -d -t second:0 -c /tmp
t set -w -t second:1 @wo one
t send-keys -t fixed 'echo fixed-marker' Enter
for _ in $(seq 100); do t capture-pane -p -t fixed | grep -q '^fixed-marker' && break; sleep 0.05; done
t select-window -t second:1
t select-window -t second:0
while IFS= read -r fmt; do
  printf '%s\n' "$(t display -p -t fixed "$fmt")" "$(t display -p -t second "$fmt")"
done <"$dir/format-loops.formats" >"$dir/format-loops.golden"
echo "wrote $dir/format-loops.golden"
