#!/bin/sh
# Regenerates test/mux/lang/goldens/cmd-find/cmd-find.out from tmux 3.3a: a fixed
# layout (sessions, windows, panes, rectangles, last/marked) and what tmux's
# cmd-find answers for every target in targets.txt, per target kind and per
# "current" context. Run from the repository's root.
set -eu

DIR=$(pwd)/test/mux/lang/goldens/cmd-find
OUT=$DIR/cmd-find.out
SOCK=weft-cmdfind-$$
EMPTY=weft-cmdfind-empty-$$
trap 'for s in $SOCK $EMPTY; do tmux -L $s kill-server 2>/dev/null || true; rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$s"; done' EXIT

# A fixed environment; TMUX_PANE only where a context asks for it.
SOCKET=$SOCK
t() { env -i HOME=/home/golden PATH=/usr/bin:/bin TERM=xterm LANG=C.UTF-8 SHELL=/bin/sh tmux -L "$SOCKET" "$@"; }
tp() { pane=$1; shift; env -i HOME=/home/golden PATH=/usr/bin:/bin TERM=xterm LANG=C.UTF-8 SHELL=/bin/sh TMUX_PANE="$pane" tmux -L "$SOCKET" "$@"; }

# Sessions are created in this order, so the last one is the most recently
# active: tmux's "best session" when there is no current client.
build() {
  t -f /dev/null new -d -s alpine -n x -x 80 -y 24
  t split-window -d -t alpine:x
  t resize-pane -Z -t alpine:0.1
  t new-window -d -t alpine:1 -n y

  t new -d -s 10 -n ten -x 80 -y 24
  t set -w -t 10:0 pane-base-index 1
  t split-window -d -h -t 10:0
  t new-window -d -t 10:1 -n main

  # beta:0 has two panes on top and one across the bottom, so {down-of} from
  # the bottom pane wraps to two candidates and picks the most recently active.
  t new -d -s beta -n zed -x 80 -y 24
  t split-window -v -t beta:0
  t split-window -h -t beta:0.0
  t select-pane -t beta:0.0
  t new-window -d -t beta:1 -n main
  t split-window -d -v -t beta:1
  t set -w -t beta:1 pane-border-status top

  t new -d -s alpha -n main -x 80 -y 24
  t split-window -h -t alpha:0.0
  t split-window -v -t alpha:0.0
  t split-window -v -t alpha:0.2
  t new-window -d -t alpha:1 -n 'ma*'
  t new-window -d -t alpha:2 -n 1
  t new-window -d -t alpha:3 -n mail
  t new-window -d -t alpha:5 -n editor
  t split-window -d -h -t alpha:5
  t new-window -d -t alpha:6 -n x.y
  t link-window -d -s alpha:5 -t alpha:8
  t link-window -d -s alpha:5 -t beta:7
  # Last window 3, current 0; last pane 3, active 2.
  t select-window -t alpha:3
  t select-window -t alpha:0
  t select-pane -t alpha:0.3
  t select-pane -t alpha:0.2
  t select-pane -m -t beta:0.1
}

# The order beta:0's panes were made active above ({down-of}'s tie-break):
# each split without -d activates its new pane.
activations() {
  echo "activate beta:0.2"
  echo "activate beta:0.1"
  echo "activate beta:0.0"
}

layout() {
  t list-sessions -F 'session #{session_id} #{session_name}' | sort -k3
  for s in alpine 10 beta alpha; do echo "created $s"; done
  t list-windows -a -F 'winlink #{session_name} #{window_index} #{window_id} #{?window_active,current,-} #{?window_last_flag,last,-}'
  t list-windows -a -F 'window #{window_id} #{window_width} #{window_height} #{?window_zoomed_flag,zoomed,-} #{pane-base-index} #{pane-border-status} #{window_name}' | sort -u
  # Panes in each window's order; a linked window's are listed once.
  t list-panes -a -F 'pane #{pane_id} #{window_id} #{pane_left} #{pane_top} #{pane_width} #{pane_height} #{?pane_active,active,-} #{?pane_last,last,-} #{?pane_marked,marked,-}' | awk '!seen[$0]++'
  t list-panes -a -F '#{?pane_marked,marked #{session_name} #{window_index} #{pane_id},}' | grep . | sort -u
  activations | while read -r _ p; do echo "activate $(t display -p -t "$p" '#{pane_id}')"; done
}

PANE_FMT='#{session_name}:#{window_index} #{pane_id}'

# One answer: "ok RESULT" from stdout, else "err MESSAGE" from stderr.
answer() {
  if "$@" >/tmp/cf-out.$$ 2>/tmp/cf-err.$$; then
    printf 'ok %s\n' "$(cat /tmp/cf-out.$$)"
  else
    printf 'err %s\n' "$(cat /tmp/cf-err.$$)"
  fi
}

# Each kind from a client with no current pane (ctx "-" or "empty") or in pane $ctx (TMUX_PANE).
run() {
  ctx=$1; shift
  case $ctx in -|empty) t "$@" ;; *) tp "$ctx" "$@" ;; esac
}
pane_kind() { run "$1" copy-mode -q -t "$2" && run "$1" display -p -t "$2" "$PANE_FMT"; }
# Only the active pane's line: a window target's pane is the window's active one.
active_line() { printf '%s\n' "$1" | sed -n 's/^1 //p'; }
window_kind() { out=$(run "$1" list-panes -t "$2" -F "#{pane_active} $PANE_FMT") && active_line "$out"; }
session_kind() { out=$(run "$1" list-windows -t "$2" -F '#{session_name}') && printf '%s\n' "$out" | head -1; }
index_kind() {
  made=$(run "$1" new-window -d -t "$2" -P -F '#{session_name}:#{window_index} #{window_id}') || return 1
  t kill-window -t "${made#* }"
  echo "${made% *}"
}

# From a hook: after-pipe-pane runs with the pipe-pane's target as the queue's current.
hook() {
  t set-hook -g after-pipe-pane "$2"
  t pipe-pane -t "$1"
}
hook_pane() { hook "$1" "copy-mode -q -t '$2' ; display -p -t '$2' '$PANE_FMT'"; }
hook_window() { out=$(hook "$1" "list-panes -t '$2' -F '#{pane_active} $PANE_FMT'") && active_line "$out"; }
hook_session() { out=$(hook "$1" "list-windows -t '$2' -F '#{session_name}'") && printf '%s\n' "$out" | head -1; }

cases() {
  ctx=$1 how=$2
  while IFS= read -r target; do
    for kind in pane window session index; do
      if [ "$how" = hook ]; then
        [ $kind = index ] && continue
        printf 'case hook:%s %s\t%s\t' "$ctx" $kind "$target"
        answer hook_$kind "$ctx" "$target"
      else
        printf 'case %s %s\t%s\t' "$ctx" $kind "$target"
        answer ${kind}_kind "$ctx" "$target"
      fi
    done
  done
}

# With no sessions at all (a server of its own, kept alive by exit-empty off) nothing is current.
empty() {
  SOCKET=$EMPTY
  t -f /dev/null start-server \; set -s exit-empty off
  printf '%s\n' '' 1 alpha :1 .1 '%0' '@0' '$0' '{mouse}' '{marked}' | cases empty plain
  t kill-server
  SOCKET=$SOCK
}

{
  echo "# tmux $(tmux -V | cut -d' ' -f2) cmd-find goldens: layout, then case CONTEXT KIND<tab>TARGET<tab>ok|err ANSWER"
  empty
  build
  layout
  T=$DIR/targets.txt
  cases - plain <"$T"
  # A pane of beta:1, which is not beta's current window.
  cases "$(t display -p -t beta:1.1 '#{pane_id}')" plain <"$T"
  cases "%999" plain <"$T"
  cases alpha:0.1 hook <"$T"
  cases beta:7.1 hook <"$T"
} >"$OUT"
rm -f /tmp/cf-out.$$ /tmp/cf-err.$$
