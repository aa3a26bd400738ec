#!/bin/sh
# Regenerates test/mux/model/goldens/clear-home.golden: tmux 3.3a's history and screen after ED 0
# (CSI J) at the top-left corner (cleared into the history, as ED 2), away from it, and on the
# alternate screen, in a 20x5 pane; each case is "== name", capture -p -S -, then its history size.
# Run from the repository's root; it starts tmux on a private socket.
set -eu
OUT=$(pwd)/test/mux/model/goldens/clear-home.golden
sock="weft-clear-home-$$"
t() { env -i HOME=/tmp PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 tmux -L "$sock" -f /dev/null "$@"; }
trap 't kill-server 2>/dev/null || true' EXIT
# Keep in step with clear-home.test.ts (printf's \n is a newline; the pty adds the CR).
run() {
  name=$1 bytes=$2
  t new-window -d -n "$name" "printf '$bytes'; touch /tmp/$sock-$name; sleep 100"
  while [ ! -e "/tmp/$sock-$name" ]; do sleep 0.1; done
  sleep 0.3
  rm -f "/tmp/$sock-$name"
  echo "== $name"
  t capture-pane -p -S - -t ":=$name"
  t display -p -t ":=$name" 'history #{history_size}'
}
t new -d -x 20 -y 5 -s s
t set -g remain-on-exit on
{
  run home 'one\ntwo\nthree\033[H\033[J'
  run home-explicit 'one\ntwo\033[H\033[0JX'
  run away 'one\ntwo\033[2;1H\033[J'
  run alternate 'one\033[?1049htwo\033[H\033[J'
  run blank '\033[H\033[J'
} >"$OUT"
