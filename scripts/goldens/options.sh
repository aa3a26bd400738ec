#!/usr/bin/env bash
# Records tmux 3.3a's answers for test/mux/model/goldens/: set-show.cases (each case in a fresh
# server: every command's output, errors and exit status), and the style lists (what set-option
# says about each style, and how tmux prints the parsed style, read from the server's -v log).
# Usage: scripts/goldens/options.sh   (needs tmux 3.3a; the tests themselves do not)
set -euo pipefail

dir="$(cd "$(dirname "$0")/../.." && pwd)/test/mux/model/goldens"
base="goldens-options-$$"
sock="$base"
work="$(mktemp -d)"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

# A fixed environment: options such as default-shell, editor and mode-keys come from it.
t() { env -i PATH=/usr/bin:/bin HOME="$work" SHELL=/bin/sh TERM=xterm tmux -L "$sock" -f /dev/null "$@"; }

tmux -V | grep -qx 'tmux 3.3a' || { echo "need tmux 3.3a, have $(tmux -V)" >&2; exit 1; }

# Runs one command line (shell quoting) and prints it, its output, "! error" lines and its status.
run_line() {
  local line="$1" out err rc=0
  echo "\$ $line"
  eval "t $line" >"$work/out" 2>"$work/err" || rc=$?
  cat "$work/out"
  sed 's/^/! /' "$work/err"
  if [ "$rc" -ne 0 ]; then echo "[exit $rc]"; fi
}

record_cases() {
  local started=0 line n=0
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in \#*) continue ;; esac
    if [ -z "$line" ]; then
      if [ "$started" -eq 1 ]; then t kill-server; started=0; fi
      continue
    fi
    # A new socket per case: a server being killed may still answer on the old one.
    if [ "$started" -eq 0 ]; then n=$((n + 1)); sock="$base-$n"; t new -d; started=1; echo "=== case $n"; fi
    run_line "$line"
  done <"$dir/set-show.cases"
  if [ "$started" -eq 1 ]; then t kill-server; fi
}
record_cases >"$dir/set-show.golden"

# VISUAL or EDITOR set the editor option and, when the program's name holds "vi", vi keys.
record_env() {
  local spec
  for spec in "EDITOR=vim" "EDITOR=/usr/bin/nvim" "VISUAL=emacs EDITOR=vi" "EDITOR=nano" "VISUAL=/opt/vi/bin/ed"; do
    sock="$base-env"
    echo "=== $spec"
    # shellcheck disable=SC2086 # $spec is one or two VAR=value words
    env -i PATH=/usr/bin:/bin HOME="$work" SHELL=/bin/sh TERM=xterm $spec tmux -L "$sock" -f /dev/null new -d
    t show -s editor
    t show -g status-keys
    t show -gw mode-keys
    t kill-server
    while t has-session 2>/dev/null; do sleep 0.02; done
  done
}
record_env >"$dir/env.golden"

# Styles: "style<TAB>ok<TAB>printed" or "style<TAB>error<TAB>message". The printed form is
# style_tostring's, which tmux only writes to its debug log when it draws a #[style] in the status
# line, so a client is attached on a pty (script) and the status line is redrawn per style.
record_styles() {
  local file="$1" s err log size printed deadline
  sock="$base-styles-$(basename "$file" .cases)"
  (cd "$work" && t -v new -d -x 80 -y 5)
  t set -g status-style default
  mkfifo "$work/in"
  script -qfc "env TERM=xterm tmux -L $sock attach" /dev/null <"$work/in" >/dev/null &
  exec 3>"$work/in"
  log="$(ls "$work"/tmux-server-*.log)"
  while IFS= read -r s || [ -n "$s" ]; do
    if ! err="$(t set -g status-style "$s" 2>&1)"; then
      printf '%s\terror\t%s\n' "$s" "$err"
      continue
    fi
    size="$(stat -c %s "$log")"
    t set -g status-format[0] "#[$s]x"
    deadline=$((SECONDS + 5))
    printed=""
    while [ -z "$printed" ] && [ "$SECONDS" -lt "$deadline" ]; do
      printed="$(tail -c +"$((size + 1))" "$log" | grep -F "format_draw: style '$s' -> '" | tail -n 1 | sed "s/.* -> '\(.*\)'\$/\1/")" || true
      [ -n "$printed" ] || sleep 0.02
    done
    [ -n "$printed" ] || { echo "no log line for style: $s" >&2; exit 1; }
    printf '%s\tok\t%s\n' "$s" "$printed"
  done <"$file"
  exec 3>&-
  t kill-server
  wait
  rm -f "$work"/tmux-*.log "$work/in"
}
record_styles "$dir/styles.cases" >"$dir/styles.golden"
record_styles "$dir/styles-rejected.cases" >"$dir/styles-rejected.golden"
python3 "$(dirname "$0")/colours.py"
echo "recorded into $dir"
