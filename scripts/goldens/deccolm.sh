#!/bin/sh
# Regenerates test/mux/model/goldens/deccolm.golden: tmux 3.3a's screen and cursor after DECCOLM
# (CSI ? 3 l, then ? 3 h in origin mode within a scroll region), in a 20x5 pane.
# Run from the repository's root; it starts tmux on a private socket.
set -eu
OUT=$(pwd)/test/mux/model/goldens/deccolm.golden
t() { env -i HOME=/tmp PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 tmux -L "weft-deccolm-$$" -f /dev/null "$@"; }
trap 't kill-server 2>/dev/null || true' EXIT
# Keep in step with deccolm.test.ts.
t new -d -x 20 -y 5 "printf 'abc\\n\\ndef\\033[?3lX\\033[2;4r\\033[?6h\\033[3;1Hq\\033[?3hY'; touch /tmp/weft-deccolm-$$; sleep 100"
while [ ! -e /tmp/weft-deccolm-$$ ]; do sleep 0.1; done
sleep 0.5
rm -f /tmp/weft-deccolm-$$
{ t capture-pane -p; t display -p 'cursor #{cursor_x},#{cursor_y}'; } >"$OUT"
