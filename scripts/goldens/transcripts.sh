#!/bin/sh
# Regenerates test/e2e/goldens/transcripts/*.out from tmux 3.3a: each NAME.cmds holds one
# command a line (sh words; "#" lines are comments), run in order against one fresh server;
# NAME.out records each command, its output, its errors ("! ") and a non-zero exit ("[rc N]").
# test/e2e/transcripts.test.ts runs the same lines against weft. Run from the repository's root.
set -eu

DIR=$(pwd)/test/e2e/goldens/transcripts
for cmds in "$DIR"/*.cmds; do
  [ $# -gt 0 ] && case " $* " in *" $(basename "$cmds" .cmds) "*) ;; *) continue ;; esac
  out=${cmds%.cmds}.out
  sock=weft-transcript-$$-$(basename "$cmds" .cmds) # one socket a file: the last server may still be exiting
  work=$(mktemp -d)
  : >"$out"
  while IFS= read -r line; do
    case $line in ''|'#'*) continue ;; esac
    rc=0
    (cd "$work" && eval "env -i HOME=$work PATH=/usr/bin:/bin TERM=xterm LANG=C.UTF-8 SHELL=/bin/sh tmux -L $sock -f /dev/null $line") >"$work/.o" 2>"$work/.e" </dev/null || rc=$?
    { printf '$ %s\n' "$line"; cat "$work/.o"; sed 's/^/! /' "$work/.e"; [ $rc -ne 0 ] && printf '[rc %s]\n' $rc; true; } >>"$out"
  done <"$cmds"
  tmux -L $sock kill-server 2>/dev/null || true
  rm -rf "$work"
  echo "wrote $out"
done
