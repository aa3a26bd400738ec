#!/bin/sh
# Regenerates test/mux/lang/goldens/*/*.out from tmux 3.3a: what tmux parsed
# from each fixture (option values, environment, errors, list-keys, the
# file:line of runtime errors). Run from the repository's root.
set -eu

GOLDENS=$(pwd)/test/mux/lang/goldens
WORK=$(mktemp -d /tmp/weft-goldens.XXXXXX)
SOCK=weft-goldens-$$
# A crashed server leaves its socket behind, so remove it too.
trap 'tmux -L $SOCK kill-server 2>/dev/null || true; rm -rf "$WORK" "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"' EXIT

# A fixed environment so $HOME, ~ and the global environment do not depend on who runs this.
t() { env -i HOME=/home/golden PATH=/usr/bin:/bin TERM=xterm LANG=C.UTF-8 tmux -L "$SOCK" "$@"; }
hex() { od -An -v -tx1 | tr -d ' \n'; }
# show -gv ends its output with a newline that is not part of the value.
value_hex() { h=$(t show -gv "$1" | hex); printf '%s' "${h%0a}"; }

start() { t -f /dev/null new -d -x 80 -y 24; }
stop() { t kill-server 2>/dev/null || true; }

# parse/ and errors/: source-file, then every @option and T_* variable as hex bytes.
record_parse() {
  cp "$1" "$WORK/$2"
  start
  rc=0
  (cd "$WORK" && t source-file "$WORK/$2") >"$WORK/err" 2>&1 || rc=$?
  echo "rc $rc"
  sed "s|$WORK/||; s/^/error /" "$WORK/err"
  for o in $(t show -g | grep '^@' | cut -d' ' -f1); do
    printf 'opt %s %s %s\n' "$o" "$(value_hex "$o")" "$(t show -g "$o" | cut -d' ' -f2-)"
  done
  t show-environment -g | grep '^T_' | while IFS= read -r kv; do
    printf 'env %s %s\n' "${kv%%=*}" "$(printf '%s' "${kv#*=}" | hex)"
  done
  t show-environment -gh | grep '^T_' | while IFS= read -r kv; do
    printf 'hidden %s %s\n' "${kv%%=*}" "$(printf '%s' "${kv#*=}" | hex)"
  done
  stop
}

# argv/: the command line, one argument per line of the .args file (tmux's
# cmd_parse_from_arguments splits it at ";"), then every @option.
record_argv() {
  file=$1
  set --
  while IFS= read -r arg; do set -- "$@" "$arg"; done <"$file"
  start
  rc=0
  t "$@" >"$WORK/err" 2>&1 || rc=$?
  echo "rc $rc"
  sed 's/^/error /' "$WORK/err"
  for o in $(t show -g | grep '^@' | cut -d' ' -f1); do
    printf 'opt %s %s %s\n' "$o" "$(value_hex "$o")" "$(t show -g "$o" | cut -d' ' -f2-)"
  done
  stop
}

# keys/: list-keys -T t.
record_keys() {
  start
  t source-file "$1" >/dev/null
  t list-keys -T t
  stop
}

# lines/: the config causes tmux shows in view mode after loading the file with -f.
record_lines() {
  cp "$1" "$WORK/$2"
  (cd "$WORK" && t -f "$2" new -d -x 200 -y 50)
  t send -X history-top \; send -X start-of-line \; send -X begin-selection \
    \; send -X history-bottom \; send -X end-of-line \; send -X copy-selection
  t show-buffer | sed '/^$/d'
  stop
}

# tmux 3.3a's server sometimes crashes after a syntax error (%endif without
# %if, for one); a run where the server died is retried.
retry() {
  out=$1
  shift
  for try in 1 2 3 4 5; do
    "$@" >"$WORK/out" 2>&1 || true
    grep -q 'server exited unexpectedly\|no server running' "$WORK/out" || break
    echo "retrying $* ($try)" >&2
  done
  mv "$WORK/out" "$out"
}
for f in "$GOLDENS"/parse/*.conf "$GOLDENS"/errors/*.conf; do
  retry "${f%.conf}.out" record_parse "$f" "$(basename "$f")"
done
for f in "$GOLDENS"/argv/*.args; do
  retry "${f%.args}.out" record_argv "$f"
done
for f in "$GOLDENS"/keys/*.conf; do
  record_keys "$f" >"${f%.conf}.out"
done
for f in "$GOLDENS"/lines/*.conf; do
  record_lines "$f" "$(basename "$f")" >"${f%.conf}.out"
done

# %if conditions: what tmux expands each format in parse/formats.txt to.
record_formats() {
  start
  while IFS= read -r fmt; do
    printf '%s\t%s\n' "$(printf '%s' "$fmt" | hex)" "$(t display -p "$fmt")"
  done <"$GOLDENS/parse/formats.txt"
  stop
}
retry "$GOLDENS/parse/formats.out" record_formats
