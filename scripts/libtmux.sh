#!/bin/sh
# Runs libtmux's test suite against a tmux-compatible binary: `tmux` on PATH is a symlink to it.
# It is the second yardstick (after scripts/regress.sh) of how close weft is to tmux.
#
# Usage:  scripts/libtmux.sh LIBTMUX_CHECKOUT BINARY [OUTDIR] [-- PYTEST_ARGS...]
#         LIBTMUX=LIBTMUX_CHECKOUT scripts/libtmux.sh TMUXP_CHECKOUT BINARY [OUTDIR] [-- PYTEST_ARGS...]
#   LIBTMUX_CHECKOUT  a clone of github.com/tmux-python/libtmux (its tests run from src/, not an install)
#   TMUXP_CHECKOUT    a clone of github.com/tmux-python/tmuxp, libtmux's session-file loader: its
#                     tests (tests/, with PyYAML) run on the libtmux checkout named by $LIBTMUX
#   BINARY            e.g. /usr/bin/tmux or dist/weft
#   OUTDIR            where pytest.log and failing.txt go (default: a new directory under /tmp)
#   PYTEST_ARGS       replace the default selection, e.g. -- tests/test_window.py -k resize
# Prints the counts (passed/failed/errors/skipped) and writes OUTDIR/failing.txt, one test id a line.
#
# Needs: a python3 with pytest. Uses, when installed, pytest-xdist (-n 2), pytest-timeout (120 s a
# test), pytest-rerunfailures (--reruns 2, as libtmux's own pytest config has), pytest-mock. On
# Debian 12, all offline-installable: apt-get install python3-pytest python3-pytest-xdist
# python3-pytest-timeout python3-pytest-rerunfailures python3-pytest-mock python3-myst-parser.
# Environment: PYTHON (interpreter), JOBS (xdist workers, default 2), TEST_TIMEOUT (seconds,
# default 120), RERUNS (default 2), GP_LIBS (below), FAKE_V: when set (e.g. to "tmux 3.3a"),
# `tmux` is a wrapper that prints it for `tmux -V` and runs BINARY for everything else, to measure
# past a -V that libtmux cannot parse (libtmux needs it before any test).
#
# libtmux reads its doctests with gp-libs' doctest_docutils plugin (github.com/git-pull/gp-libs,
# pure Python, in no Debian package): with GP_LIBS pointing at a checkout of it (or its src/) and
# myst-parser installed, the doctests of docstrings, README.md and docs/ run as upstream runs them.
# Without it only what pytest's own --doctest-modules reads runs (several modules then fail to
# collect). Servers live in a private TMUX_TMPDIR; a binary that ignores TMUX_TMPDIR (weft reads
# WEFT_TMPDIR) puts them in its default directory. Every process of the run carries a marker in
# its environment (LIBTMUX_HARNESS_RUN: libtmux's clear_env fixture keeps names containing "tmux"),
# and the cleanup at the end kills the marked ones left over: this run's servers and no others.
set -u

usage() { sed -n '5,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 2 ] || usage
checkout=$(cd "$1" && pwd) || usage
binary=$2
shift 2
case $binary in /*) ;; *) binary=$(pwd)/$binary ;; esac
[ -x "$binary" ] || { echo "not executable: $binary" >&2; exit 2; }
outdir=
if [ $# -gt 0 ] && [ "$1" != "--" ]; then outdir=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
[ -n "$outdir" ] || outdir=$(mktemp -d /tmp/libtmux-run.XXXXXX)
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)

# A python3 that has pytest: $PYTHON, else Debian's, else whatever python3 is first on PATH.
python=${PYTHON:-}
if [ -z "$python" ]; then
	for p in /usr/bin/python3 python3; do
		if "$p" -c 'import pytest' 2>/dev/null; then python=$p; break; fi
	done
fi
[ -n "$python" ] || { echo "no python3 with pytest found (apt-get install python3-pytest)" >&2; exit 2; }
has() { "$python" -c "import $1" 2>/dev/null; }

work=$(mktemp -d /tmp/libtmux-env.XXXXXX)
marker=${work##*/}
mkdir -p "$work/bin" "$work/sock"
chmod 700 "$work/sock"
if [ -n "${FAKE_V:-}" ]; then
	# A wrapper that answers -V itself, to measure the rest of a binary whose -V libtmux cannot read.
	printf '#!/bin/bash\n[ "$*" = -V ] && { echo "%s"; exit 0; }\nexec -a "$0" "%s" "$@"\n' \
		"$FAKE_V" "$binary" >"$work/bin/tmux"
	chmod +x "$work/bin/tmux"
else
	ln -s "$binary" "$work/bin/tmux"
fi

cleanup() {
	for s in "$work"/sock/*/*; do
		[ -S "$s" ] || continue
		"$binary" -S "$s" kill-server 2>/dev/null
	done
	for pid in $(grep -lzsxF "LIBTMUX_HARNESS_RUN=$marker" /proc/[0-9]*/environ | cut -d/ -f3); do
		[ "$pid" != "$$" ] && kill -9 "$pid" 2>/dev/null
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# With no selection of its own, run what libtmux's pyproject.toml names (testpaths): with
# gp-libs, its doctests in docstrings, README.md and docs/ as upstream runs them; without it,
# only the docstring doctests pytest itself can read.
pythonpath="$checkout/src"
project=libtmux
if [ -d "$checkout/src/tmuxp" ]; then
	project=tmuxp
	[ -d "${LIBTMUX:-}/src/libtmux" ] || { echo "tmuxp needs LIBTMUX=a libtmux checkout" >&2; exit 2; }
	pythonpath="$pythonpath:$LIBTMUX/src"
	# Its CLI tests run `tmuxp`, and its builder registry reads its own entry points.
	printf '#!/bin/sh\nexec "%s" -c "import sys; from tmuxp.cli import cli; sys.exit(cli())" "$@"\n' "$python" >"$work/bin/tmuxp"
	chmod +x "$work/bin/tmuxp"
fi
if [ -n "${GP_LIBS:-}" ]; then
	[ -d "$GP_LIBS/src" ] && GP_LIBS="$GP_LIBS/src"
	pythonpath="$pythonpath:$GP_LIBS"
fi
# An install registers libtmux's fixtures plugin (and gp-libs') as pytest11 entry points, which
# pytest also reads in the inner runs of libtmux's pytester tests; a .dist-info on PYTHONPATH
# declares the same entry points for the source checkout.
register_plugin() { # NAME MODULE
	mkdir -p "$work/site/$1-0.dist-info"
	printf 'Metadata-Version: 2.1\nName: %s\nVersion: 0\n' "$1" >"$work/site/$1-0.dist-info/METADATA"
	printf '[pytest11]\n%s = %s\n' "$1" "$2" >"$work/site/$1-0.dist-info/entry_points.txt"
}
register_plugin libtmux libtmux.pytest_plugin
if [ $project = tmuxp ]; then
	printf '[tmuxp.workspace_builders]\nclassic = tmuxp.workspace.builder.classic:ClassicWorkspaceBuilder\n' \
		>>"$work/site/libtmux-0.dist-info/entry_points.txt"
fi
pythonpath="$pythonpath:$work/site"
if PYTHONPATH="$pythonpath" "$python" -c 'import pytest_doctest_docutils, myst_parser' 2>/dev/null; then
	register_plugin gp-libs pytest_doctest_docutils
	doctests="--doctest-docutils-modules"
	if [ $project = tmuxp ]; then [ $# -eq 0 ] && set -- tests
	else [ $# -eq 0 ] && set -- --ignore=docs/conf.py src/libtmux tests docs README.md; fi
else
	doctests="--doctest-modules"
	if [ $project = tmuxp ]; then [ $# -eq 0 ] && set -- tests
	else [ $# -eq 0 ] && set -- src/libtmux tests; fi
fi
# shellcheck disable=SC2086 # $doctests is two or three words on purpose
set -- $doctests -p no:cacheprovider -p no:warnings -o addopts= \
	-o 'doctest_optionflags=ELLIPSIS NORMALIZE_WHITESPACE' --tb=short -q -rfE "$@"
has xdist && set -- -n "${JOBS:-2}" "$@"
has pytest_timeout && set -- --timeout "${TEST_TIMEOUT:-120}" "$@"
has pytest_rerunfailures && [ "${RERUNS:-2}" -gt 0 ] && set -- --reruns "${RERUNS:-2}" "$@"

echo "$project: $checkout  tmux -> $binary  ($("$work/bin/tmux" -V 2>&1))"
echo "log: $outdir/pytest.log"
cd "$checkout" || exit 2
LIBTMUX_HARNESS_RUN=$marker TMUX_TMPDIR="$work/sock" PYTHONPATH="$pythonpath" \
	PATH="$work/bin:/usr/local/bin:/usr/bin:/bin" \
	"$python" -m pytest "$@" >"$outdir/pytest.log" 2>&1 </dev/null
status=$?

# The short summary (-rfE) names each failure as "FAILED id - reason" / "ERROR id - reason".
grep -E '^(FAILED|ERROR) ' "$outdir/pytest.log" | sed -E 's/^(FAILED|ERROR) //; s/ - .*//' | sort -u \
	>"$outdir/failing.txt"
# The last line reads like "3 failed, 1400 passed, 5 skipped, 2 errors in 300.00s".
summary=$(grep -E '[0-9]+ (passed|failed|error)' "$outdir/pytest.log" | tail -n 1 | sed 's/=//g')
count() { echo "$summary" | grep -oE "[0-9]+ $1" | grep -oE '[0-9]+' || echo 0; }
echo "summary: $summary"
echo "passed=$(count passed) failed=$(count failed) errors=$(count 'errors?') skipped=$(count skipped) rerun=$(count rerun)"
echo "failing ids ($(wc -l <"$outdir/failing.txt")): $outdir/failing.txt"
exit $status
