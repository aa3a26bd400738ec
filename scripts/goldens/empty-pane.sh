#!/usr/bin/env bash
# Records tmux 3.3a's transcript of test/e2e/fixtures/empty-pane.sh (empty panes and
# display-message -I) into test/e2e/goldens/empty-pane.txt.
# Usage: scripts/goldens/empty-pane.sh   (needs tmux 3.3a; the tests do not)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
sock="goldens-empty-$$"
work="$(mktemp -d)"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
tmux -V | grep -qx 'tmux 3.3a' || { echo "need tmux 3.3a, have $(tmux -V)" >&2; exit 1; }

env -i PATH=/usr/bin:/bin HOME="$work" SHELL=/bin/sh TERM=xterm LANG=C.UTF-8 T="tmux -L $sock -f /dev/null" \
  sh "$root/test/e2e/fixtures/empty-pane.sh" >"$root/test/e2e/goldens/empty-pane.txt"
echo "wrote $root/test/e2e/goldens/empty-pane.txt"
