#!/bin/sh
# Regenerates test/mux/model/goldens/resize.golden from tmux 3.3a: each case of resize.cases
# (the same file resize.test.ts replays) printed into a pane, then the pane resized step by step,
# with the cursor, history_size and capture-pane -S - (plain and -J) after each; in copy mode
# (a case's `copy` commands), its scroll_position and cursor too; then what a case prints after
# its resizes (`after`), and all that once more.
# Run from the repository's root; it starts tmux on private sockets, one server a case.
set -eu
DIR=$(pwd)/test/mux/model/goldens
CASES=$DIR/resize.cases
OUT=$DIR/resize.golden
BASE=weft-resize-$$
SOCK=$BASE
TEXT=$(mktemp)
AFTER=$(mktemp)
t() { env -i HOME=/tmp PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 tmux -L "$SOCK" -f /dev/null "$@" </dev/null; }
trap 't kill-server 2>/dev/null || true; rm -f "$TEXT" "$AFTER"' EXIT

record() {
  echo "-- $1"
  t display -p 'cursor #{cursor_x} #{cursor_y} [#{cursor_character}] history #{history_size}'
  [ "$(t display -p '#{pane_in_mode}')" = 1 ] && t display -p 'copy #{scroll_position} #{copy_cursor_x},#{copy_cursor_y}'
  t capture-pane -p -S -
  echo "-- joined"
  t capture-pane -pJ -S -
}

# The pane has printed everything once two looks a tenth of a second apart agree.
settle() {
  last=""
  while :; do
    now=$(t capture-pane -p -S -; t display -p '#{cursor_x},#{cursor_y}')
    [ "$now" = "$last" ] && return
    last=$now
    sleep 0.1
  done
}

run() {
  name=$1 size=$2
  shift 2
  SOCK=$BASE-$name # a server a case: the last one may still be going away
  t new -d -x "${size%x*}" -y "${size#*x}" "cat $TEXT; tmux -L $SOCK wait-for -S ready; tmux -L $SOCK wait-for go; cat $AFTER; tmux -L $SOCK wait-for -S ready; cat"
  t wait-for ready
  settle
  t set -g window-size manual
  if [ -n "$copy" ]; then
    t copy-mode
    for c in $copy; do t send-keys -X -N "$( [ "${c#*\*}" = "$c" ] && echo 1 || echo "${c#*\*}")" "${c%\**}"; done
  fi
  echo "== $name"
  record "$size"
  for s in "$@"; do
    t resize-window -x "${s%x*}" -y "${s#*x}"
    record "$s"
  done
  if [ -s "$AFTER" ]; then
    t wait-for -S go
    t wait-for ready
    settle
    record after
  fi
  t kill-server
}

: >"$OUT"
while IFS= read -r line; do
  set -f
  # shellcheck disable=SC2086
  set -- $line
  set +f
  case ${1-} in
  case) name=$2 size=$3 copy=""; : >"$TEXT"; : >"$AFTER" ;;
  after) printf "${line#after }" >>"$AFTER" ;;
  copy) copy=${line#copy } ;;
  text) printf "${line#text }" >>"$TEXT" ;;
  lines) i=1; fmt=${line#lines $2 }; while [ "$i" -le "$2" ]; do printf "$fmt" "$i" >>"$TEXT"; i=$((i + 1)); done ;;
  steps) shift; run "$name" "$size" "$@" >>"$OUT" ;;
  esac
done <"$CASES"
