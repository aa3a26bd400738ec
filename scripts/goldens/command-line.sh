#!/usr/bin/env bash
# Records tmux 3.3a's answers to the command lines in test/e2e/fixtures/command-line.cases, each
# run by a command-line client against a server with one session (main): its stdout, its
# stderr ("! " lines) and its exit status. Output: test/e2e/goldens/command-line.txt.
# Usage: scripts/goldens/command-line.sh   (needs tmux 3.3a; the tests themselves do not)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
sock="goldens-cmdline-$$"
work="$(mktemp -d)"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
tmux -V | grep -qx 'tmux 3.3a' || { echo "need tmux 3.3a, have $(tmux -V)" >&2; exit 1; }

t() { (cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" SHELL=/bin/sh TERM=xterm LANG=C.UTF-8 tmux -L "$sock" -f /dev/null "$@"); }

t new -d -s main -x 80 -y 24 cat
while IFS= read -r line; do
  rc=0
  eval "t $line" >"$work/out" 2>"$work/err" || rc=$?
  echo "\$ $line"
  cat "$work/out"
  sed 's/^/! /' "$work/err"
  echo "[exit $rc]"
  # A case may split the window: back to one pane for the next.
  t kill-pane -a -t main:0.0 2>/dev/null || true
done <"$root/test/e2e/fixtures/command-line.cases" >"$root/test/e2e/goldens/command-line.txt"
