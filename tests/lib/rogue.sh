# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-or-later
# rogue_start MODE [FILE]: start tests/lib/rogue_mysql.py (a fake MySQL
# server on 127.0.0.1, see its header) in the background; sets ROGUE_PORT,
# ROGUE_PID and ROGUE_LOG. rogue_stop ends it.
rogue_start() {
	local i
	ROGUE_LOG=$PWD/rogue.$1.log
	rm -f "$PWD/rogue.port" "$ROGUE_LOG"
	python3 "$BENCH_SRCDIR/tests/lib/rogue_mysql.py" "$PWD/rogue.port" "$ROGUE_LOG" "$@" &
	ROGUE_PID=$!
	for i in $(seq 100); do
		[ -f "$PWD/rogue.port" ] && break
		sleep 0.1
	done
	ROGUE_PORT=$(cat "$PWD/rogue.port")
}
rogue_stop() {
	[ -n "$ROGUE_PID" ] && kill "$ROGUE_PID" 2>/dev/null && wait "$ROGUE_PID" 2>/dev/null
	ROGUE_PID=
	return 0
}
