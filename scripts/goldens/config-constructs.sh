#!/usr/bin/env bash
# Records what tmux 3.3a makes of test/e2e/fixtures/all-constructs.conf (every construct of the
# config grammar) into test/e2e/goldens/config-constructs.*: the keys it binds, the options it
# sets (show -gv), a format that reads its variables, and the errors of the startup config with
# their lines. {HOME} and {FILE} stand for the home directory and the file's path.
# Usage: scripts/goldens/config-constructs.sh   (needs tmux 3.3a; the tests themselves do not)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
conf="$root/test/e2e/fixtures/all-constructs.conf"
out="$root/test/e2e/goldens"
sock="goldens-config-$$"
home="$(mktemp -d)"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$home"' EXIT
tmux -V | grep -qx 'tmux 3.3a' || { echo "need tmux 3.3a, have $(tmux -V)" >&2; exit 1; }

t() { env -i PATH=/usr/bin:/bin HOME="$home" SHELL=/bin/sh TERM=xterm LANG=C.UTF-8 tmux -L "$sock" "$@"; }
placeholders() { sed -e "s|$conf|{FILE}|g" -e "s|$home|{HOME}|g"; }

# shellcheck source=/dev/null
. "$root/test/e2e/fixtures/config-queries.sh"

t -f "$conf" new -d -x 80 -y 24
keys_queries | while read -r q; do eval "t $q"; done | placeholders >"$out/config-constructs.keys.txt"
option_names | while read -r o; do printf '%s=' "$o"; t show -gv "$o"; done | placeholders >"$out/config-constructs.options.txt"
t display -p "$FORMAT_QUERY" | placeholders >"$out/config-constructs.format.txt"
t kill-server
# The startup config's errors, printed by the next source-file (no session to show them over).
t -f "$conf" start \; source /dev/null | placeholders >"$out/config-constructs.causes.txt"
