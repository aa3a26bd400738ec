#!/bin/sh
# Regenerates test/e2e/goldens/prompt-history.txt from tmux 3.3a: a history-file read after the
# config (prompt-history-limit 3), show-prompt-history of every type and of one, then the file
# as the server writes it at exit after clear-prompt-history -T search. Run from the repository's root.
set -eu
out=$(pwd)/test/e2e/goldens/prompt-history.txt
work=$(mktemp -d)
printf 'command:display -p hi\nsearch:foo\nold-line\ntarget:%%1\ncommand:display -p hi\nwindow-target:=:1\n' >"$work/hist"
printf 'set -g history-file %s/hist\nset -g prompt-history-limit 3\n' "$work" >"$work/conf"
T="env -i HOME=$work PATH=/usr/bin:/bin TERM=xterm LANG=C.UTF-8 tmux -L prompt-history-$$"
$T -f "$work/conf" new -d sh
{
  echo '$ showphist'; $T showphist
  echo '$ showphist -T target'; $T showphist -T target
  echo '$ clearphist -T search'; $T clearphist -T search
  echo '$ showphist -T search'; $T showphist -T search
  cp "$work/hist" "$work/before"
  $T kill-server
  # The server writes the file as it exits, after kill-server has answered.
  i=0; while cmp -s "$work/hist" "$work/before" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  echo '$ cat history-file'; cat "$work/hist"
} >"$out"
rm -rf "$work"
echo "wrote $out"
