#!/bin/sh
# Regenerates test/mux/model/goldens/graphemes.golden: for each case in graphemes.cases, the
# column tmux 3.3a leaves the cursor at after printing it in a fresh pane (the cells it gave).
# Run from the repository's root; it starts tmux on a private socket.
set -eu

DIR=$(pwd)/test/mux/model/goldens
SOCK=weft-graphemes-$$
t() { env -i HOME=/tmp PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 tmux -L "$SOCK" -f /dev/null "$@"; }
trap 't kill-server 2>/dev/null || true' EXIT

# printf's \UXXXXXXXX is not in every sh: python writes the UTF-8.
utf8() { python3 -c 'import sys; sys.stdout.write("".join(chr(int(c, 16)) for c in sys.argv[1:]))' "$@"; }

t new -d -x 80 -y 5 -s g -n idle "sleep 600"
grep -v '^#' "$DIR/graphemes.cases" | while read -r name cps; do
  # shellcheck disable=SC2086
  utf8 $cps >"/tmp/$SOCK.$name"
  t new-window -d -t g: -n "$name" "cat /tmp/$SOCK.$name; rm /tmp/$SOCK.$name; sleep 600"
done
# Each window's program has printed once its file is gone.
while ls /tmp/"$SOCK".* >/dev/null 2>&1; do sleep 0.1; done
# ...and tmux has read what they wrote.
sleep 1
{
  echo "# name cursor_x (tmux 3.3a, glibc wcwidth; from scripts/goldens/graphemes.sh)"
  grep -v '^#' "$DIR/graphemes.cases" | while read -r name cps; do
    echo "$name $(t display -p -t "g:=$name" '#{cursor_x}')"
  done
} >"$DIR/graphemes.golden"
