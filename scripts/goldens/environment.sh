#!/bin/sh
# Records the environment tmux gives panes and what show-environment prints, for a fixed run of
# set-environment, update-environment and -e on new-session, new-window, split-window and
# respawn-pane: test/e2e/goldens/environment.txt. test/e2e/environment.test.ts runs it on weft.
# Usage: scripts/goldens/environment.sh [BINARY] > test/e2e/goldens/environment.txt
BIN=${1:-/usr/bin/tmux}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
# The commands' own PATH (a client not attached gives its PATH to the panes it makes).
PATH=/bin:/usr/bin
export PATH
T="$BIN -L env-golden-$$ -f /dev/null"
OUT=$(mktemp -d)
# The variables a pane sees that this looks at (TMUX/WEFT, versions and the pane id differ).
SHOWN='^(G[A-Z0-9]*|HIDDEN|SESS[A-Z0-9]*|NEWSESS|WIN|SPLIT|RESP|DISPLAY|XAUTHORITY|TERM|SHELL|PWD|PATH|HOME)='
# Wait (up to 10 s) for a pane to have written its environment.
written() {
	i=0
	while [ ! -s "$OUT/$1" ] && [ $i -lt 100 ]; do i=$((i + 1)); sleep 0.1; done
	echo "== pane $1"
	grep -E "$SHOWN" "$OUT/$1" | sort
}
$T kill-server 2>/dev/null
cd / || exit 1
# The server starts with this environment: it is the global one.
env -i PATH=/usr/bin:/bin HOME=/tmp SHELL=/bin/sh TERM=xterm G1=one G2=two DISPLAY=:9 \
	${WEFT_TMPDIR:+WEFT_TMPDIR=$WEFT_TMPDIR} \
	$T new -d -s a -x 80 -y 24 -e NEWSESS=ns "env > $OUT/p0; exec sleep 60" || exit 1
written p0
$T set-environment -g G3 three
$T set-environment -gh HIDDEN h
$T set-environment -t a SESS1 s1
$T set-environment -t a -r G1
$T set-environment -t a -F SESSF '#{session_name}-#{window_index}'
$T neww -t a -e WIN=w "env > $OUT/p1; exec sleep 60"
written p1
$T splitw -t a:1 -e SPLIT=s "env > $OUT/p2; exec sleep 60"
written p2
$T set-environment -g -u G2
$T respawnp -k -t a:1.1 -e RESP=r "env > $OUT/p3; exec sleep 60"
written p3
echo "== showenv -t a"
$T showenv -t a
echo "== showenv -s -t a"
$T showenv -s -t a
echo "== showenv -g"
$T showenv -g | grep -E '^-?(G[0-9]|HIDDEN|DISPLAY|HOME|SHELL|TERM|PWD)='
echo "== showenv -gh"
$T showenv -gh
echo "== errors"
$T showenv -t a NOPE 2>&1
$T setenv -t nosuch X y 2>&1
$T setenv -u X y 2>&1
$T setenv '' y 2>&1
$T setenv 'A=B' y 2>&1
$T setenv NOVAL 2>&1
$T kill-server
rm -rf "$OUT"
