#!/bin/sh
# Regenerates test/mux/lang/goldens/default-keys/*.out (tmux 3.3a's default
# key tables as list-keys prints them) and key-names/*.out (how bind-key
# reads each name in key-names/names.txt and list-keys prints it back).
# Run from the repository's root; it starts tmux on a private socket.
set -eu

GOLDENS=$(pwd)/test/mux/lang/goldens
SOCKETS=${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)
# Each run gets a server of its own: a server that has no session exits once
# its commands are done, and a client that reaches it while it is exiting
# gets "server exited unexpectedly", so sockets are never reused.
RUN=0
trap 'rm -f "$SOCKETS"/weft-keys-$$-*' EXIT

t() {
  env -i HOME=/home/golden PATH=/usr/bin:/bin TERM=xterm LANG=C.UTF-8 tmux -L "weft-keys-$$-$RUN" -f /dev/null "$@"
}

# Should a client still see "server exited unexpectedly", the run is retried
# on a new socket rather than recorded.
run() {
  for try in 1 2 3 4 5 6 7 8; do
    RUN=$((RUN + 1))
    out=$("$@" 2>&1) || true
    case $out in *'server exited unexpectedly'*) echo "retrying: $*" >&2 ;; *) printf '%s\n' "$out"; return ;; esac
  done
  echo "tmux keeps dying: $*" >&2
  exit 1
}

# The defaults: start-server runs key_bindings_init, then list-keys; with no
# session the server exits by itself afterwards.
defaults() {
  out=$1
  shift
  run t start \; list-keys "$@" >"$GOLDENS/default-keys/$out.out"
}
defaults list-keys
defaults list-keys-N -N
defaults list-keys-aN-T-copy-mode -aN -T copy-mode
defaults list-keys-N-T-prefix -N -T prefix
# A key argument: only that key's bindings; an error if it has none, or is no key.
defaults list-keys-PageUp PageUp
defaults list-keys-N-slash -N /
defaults list-keys-T-copy-mode-vi-M-x -T copy-mode-vi M-x
defaults list-keys-F5 F5
defaults list-keys-F13 F13
for table in prefix root copy-mode copy-mode-vi; do
  defaults "list-keys-T-$table" -T "$table"
done

# A word that ends in ";" ends the command on tmux's command line; "\;" keeps it.
argv_word() { case $1 in *\;) printf '%s\\;' "${1%;}" ;; *) printf '%s' "$1" ;; esac; }

# names.out: for each name, list-keys of a table holding just it, or bind-key's error.
while IFS= read -r name; do
  run t start \; bind -T t "$(argv_word "$name")" display x \; list-keys -T t
done <"$GOLDENS/key-names/names.txt" >"$GOLDENS/key-names/names.out"

# order.out: every name tmux accepts bound in one table, in the order
# list-keys sorts them (key_bindings_cmp: by key code). Of names for one key
# the last binding stays, so each binding's command says which line made it.
set -- start
i=0
exec 3<"$GOLDENS/key-names/names.out"
while IFS= read -r name; do
  i=$((i + 1))
  IFS= read -r result <&3
  case $result in 'unknown key: '*) continue ;; esac
  set -- "$@" \; bind -T order "$(argv_word "$name")" display "$i"
done <"$GOLDENS/key-names/names.txt"
exec 3<&-
run t "$@" \; list-keys -T order >"$GOLDENS/key-names/order.out"
