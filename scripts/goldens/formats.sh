#!/bin/sh
# Regenerates test/mux/lang/goldens/format-modifiers.txt and format-loops.txt from the real tmux
# (3.3a) on private sockets; the recorder is TypeScript so that the goldens can be JSON lines.
cd "$(dirname "$0")/../.." && exec ./node_modules/.bin/bun scripts/goldens/formats.ts "$@"
