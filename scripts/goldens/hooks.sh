#!/bin/sh
# Records which hooks tmux runs, in which order and with which #{hook_*} formats, for a fixed
# run of commands: test/e2e/goldens/hooks-order.txt. test/e2e/hooks.test.ts runs the same
# script against weft and compares.
# Usage: scripts/goldens/hooks.sh [BINARY] > test/e2e/goldens/hooks-order.txt
BIN=${1:-/usr/bin/tmux}
T="$BIN -L hooks-golden-$$ -f /dev/null"
$T kill-server 2>/dev/null
$T new -d -s keep -x 80 -y 24 || exit 1
$T set -g @log ''
for h in session-created session-closed session-renamed session-window-changed \
	window-linked window-unlinked window-renamed window-layout-changed window-pane-changed \
	pane-exited pane-mode-changed after-new-window after-split-window after-select-pane \
	after-select-window after-rename-window after-kill-pane; do
	$T set-hook -g "$h" "set -gF @log '#{@log}|#{hook}:#{hook_session_name}:#{hook_window_name}:#{hook_pane}:#{hook_argument_0}'"
done
$T new -d -s a -n w0 -x 80 -y 24
$T neww -d -t a -n w1
$T splitw -t a:w1
$T selectp -t a:w1.0
$T selectw -t a:w1
$T renamew -t a:w0 r0
$T rename-session -t a b
$T copy-mode -t b:w1
$T send -X -t b:w1 cancel
$T killp -t b:w1.1
$T kill-session -t b
# The notifications are queued: wait until the last one (session-closed) has run.
i=0
while ! $T show -gv @log | grep -q 'session-closed'; do
	i=$((i + 1)); [ $i -gt 100 ] && break; sleep 0.1
done
$T show -gv @log | tr '|' '\n' | sed '/^$/d'
echo "== after-hook arguments"
$T set-hook -g after-send-keys "set -gF @args '#{hook}/#{hook_arguments}/#{hook_flag_t}/#{hook_flag_l}/#{hook_flag_N}/#{hook_argument_1}'"
$T send -l -N 2 -t keep:0 'a b' 'c"d$'
i=0
while [ -z "$($T show -gv @args 2>/dev/null)" ] && [ $i -lt 100 ]; do i=$((i + 1)); sleep 0.1; done
$T show -gv @args
echo "== set-hook and show-hooks"
$T set-hook -g 'window-renamed[5]' 'display -p five'
$T set-hook -ga window-renamed 'display -p six'
$T set-hook -gu window-linked
$T set-hook -g after-copy-mode 'display -p one; display -p two'
$T show-hooks -g | grep -E '^(window-renamed|window-linked|session-created|after-copy-mode)'
$T set-hook -w -t keep:0 pane-died 'display -p wdied'
$T show-hooks -w -t keep:0
$T set-hook -p -t keep:0.0 pane-exited 'display -p pexit'
$T show-hooks -p -t keep:0.0
$T set-hook -t keep session-renamed 'display -p sren'
$T show-hooks -t keep
echo "== errors"
$T set-hook -g nosuch x 2>&1
$T set-hook -g window-renamed 'nosuchcmd' 2>&1
$T set-hook -g window-renamed 'display -p "' 2>&1
$T show-hooks -t nosuch 2>&1
$T kill-server
