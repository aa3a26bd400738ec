#!/bin/sh
# Regenerates test/e2e/goldens/control/transcript.out: tmux 3.3a's control-mode transcript of
# test/helpers/control-transcript.ts's script (times and command numbers normalised).
# Run from the repository's root; it starts tmux on a private socket and kills it after.
set -eu
./node_modules/.bin/bun test/helpers/control-transcript.ts /usr/bin/tmux >test/e2e/goldens/control/transcript.out
./node_modules/.bin/bun test/helpers/control-linked-steps.ts /usr/bin/tmux >test/e2e/goldens/control/linked.out
