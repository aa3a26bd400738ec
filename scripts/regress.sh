#!/bin/bash
# Runs tmux's own regress scripts (tmux's regress/*.sh) against a tmux-compatible binary and
# prints a table of script, result and seconds: the first yardstick of how close weft is to tmux.
#
# Usage:  scripts/regress.sh REGRESS_DIR BINARY [NAME...]
#   REGRESS_DIR  a tmux source tree's regress/ folder (kept outside this repo; never commit it)
#   BINARY       e.g. /usr/bin/tmux, dist/weft, or a symlink named tmux that points at dist/weft
#   NAME...      scripts to run (alerts or alerts.sh); default: every *.sh in REGRESS_DIR
# Environment: TIMEOUT seconds a script (default 60), JOBS scripts at once (default 1; the scripts
# sleep a lot, but some are timing-sensitive, so more than 2 can turn passes into failures),
# LOGDIR (default: a new directory under /tmp) where each script's `sh -x` trace goes.
# Ends with "N passed, N failed" (timeouts count as failed); exits 0 only if none failed.
#
# Each script runs from inside REGRESS_DIR as
#   env -i PATH=/bin:/usr/bin HOME=/tmp LC_CTYPE=C.UTF-8 TEST_TMUX=BINARY sh -x X.sh
# (tmux's regress/Makefile also sets LC_CTYPE), plus a private TMUX_TMPDIR and WEFT_TMPDIR so
# that its servers are found and killed afterwards without touching anyone else's.
# Needs: bash, coreutils' timeout.
set -u

usage() { sed -n '5,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 2 ] || usage
dir=$(cd "$1" && pwd) || usage
binary=$2
shift 2
case $binary in /*) ;; *) binary=$(pwd)/$binary ;; esac
[ -x "$binary" ] || { echo "not executable: $binary" >&2; exit 2; }
timeout=${TIMEOUT:-60}
jobs=${JOBS:-1}
logdir=${LOGDIR:-$(mktemp -d /tmp/regress-logs.XXXXXX)}
mkdir -p "$logdir"
logdir=$(cd "$logdir" && pwd)
run_id="regress-$$-$(date +%s)"
sockroot=$(mktemp -d /tmp/regress-sock.XXXXXX)

names=()
if [ $# -gt 0 ]; then
	for n in "$@"; do names+=("${n%.sh}"); done
else
	for f in "$dir"/*.sh; do n=${f##*/}; names+=("${n%.sh}"); done
fi

# Kill what one script left: servers with a socket in its private directory, then any process
# that still carries this script's marker in its environment (a server that ignores kill-server).
cleanup_one() {
	local priv=$1 s pid
	for s in "$priv"/*/*; do
		[ -S "$s" ] || continue
		timeout 5 "$binary" -S "$s" kill-server >/dev/null 2>&1
	done
	for pid in $(grep -lzsxF "REGRESS_RUN=$2" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3); do
		[ "$pid" != "$$" ] && kill -9 "$pid" 2>/dev/null
	done
	rm -rf "$priv"
}

# One script: writes "name result seconds" to $logdir/name.result and its trace to name.log.
run_one() {
	local name=$1 priv="$sockroot/$1" start end rc result
	mkdir -p "$priv"
	chmod 700 "$priv"
	start=$(date +%s.%N)
	(cd "$dir" && env -i PATH=/bin:/usr/bin HOME=/tmp LC_CTYPE=C.UTF-8 TEST_TMUX="$binary" \
		TMUX_TMPDIR="$priv" WEFT_TMPDIR="$priv" REGRESS_RUN="$run_id-$name" \
		timeout -k 5 "$timeout" sh -x "$name.sh" >"$logdir/$name.log" 2>&1 </dev/null)
	rc=$?
	end=$(date +%s.%N)
	case $rc in
		0) result=pass ;;
		124 | 137) result=timeout ;;
		*) result=fail ;;
	esac
	cleanup_one "$priv" "$run_id-$name"
	printf '%s %s %.1f\n' "$name" "$result" "$(awk "BEGIN { print $end - $start }")" >"$logdir/$name.result"
}

trap 'rm -rf "$sockroot"; exit 130' INT TERM
for name in "${names[@]}"; do
	if [ ! -f "$dir/$name.sh" ]; then
		echo "$name missing 0.0" >"$logdir/$name.result"
		continue
	fi
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	# run_one's own stderr (bash's "Killed" notice for a script ended by the timeout) is not
	# the table's business; the script's trace is in $logdir/$name.log.
	run_one "$name" 2>>"$logdir/$name.log" &
done
wait
rm -rf "$sockroot"

passed=0 failed=0
printf '%-36s %-8s %s\n' script result seconds
for name in "${names[@]}"; do
	read -r n result secs <"$logdir/$name.result"
	printf '%-36s %-8s %s\n' "$n" "$result" "$secs"
	if [ "$result" = pass ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "logs: $logdir"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
