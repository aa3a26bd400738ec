#!/bin/sh
# Regenerates test/e2e/goldens/client-flags.txt: tmux 3.3a's #{client_flags} and
# #{client_readonly} of attached clients as attach -r / -f, refresh-client -f and switch-client -r
# change them. Clients A, B and C attach (in that order) in PTYs of an outer tmux; each step is
# "== what" and then list-clients' lines. Keep in step with client-flags.test.ts.
# Run from the repository's root; it starts two tmux servers on private sockets.
set -eu
OUT=$(pwd)/test/e2e/goldens/client-flags.txt
in="weft-cf-in-$$" out="weft-cf-out-$$"
t() { env -i HOME=/tmp PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 tmux -L "$in" -f /dev/null "$@"; }
o() { env -i HOME=/tmp PATH=/usr/bin:/bin TERM=xterm-256color tmux -L "$out" -f /dev/null "$@"; }
trap 't kill-server 2>/dev/null || true; o kill-server 2>/dev/null || true' EXIT
client() { # NAME ATTACH-ARGS...: a client in a PTY of the outer server; waits until it is listed
  name=$1; shift
  n=$(t list-clients | wc -l)
  o new -d -s "$name" -x 80 -y 24 "env -i HOME=/tmp PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 tmux -L $in $*"
  while [ "$(t list-clients | wc -l)" -le "$n" ]; do sleep 0.1; done
}
tty() { t list-clients -F '#{client_tty}' | sed -n "$1p"; }
show() { echo "== $1"; t list-clients -F '#{client_flags}|#{client_readonly}'; }
t new -d -s s -x 80 -y 24
{
  client A attach -t s
  client B attach -r -t s
  A=$(tty 1) B=$(tty 2)
  show "A attach, B attach -r"
  t refresh-client -t "$B" -f '!read-only'
  show "B refresh-client -f !read-only"
  t switch-client -c "$B" -r
  show "B switch-client -r"
  t switch-client -c "$B" -r
  show "B switch-client -r again"
  t refresh-client -t "$A" -f 'active-pane,ignore-size'
  show "A refresh-client -f active-pane,ignore-size"
  t refresh-client -t "$A" -f '!active-pane,!ignore-size,read-only'
  show "A refresh-client -f !active-pane,!ignore-size,read-only"
  t refresh-client -t "$A" -f 'no-output,wait-exit,pause-after=2,bogus'
  show "A refresh-client -f control-mode flags"
  client C attach -f active-pane,ignore-size -t s
  show "C attach -f active-pane,ignore-size"
} >"$OUT"
