#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# fileio IOPS of bench against fio and sysbench 1.0.20 on the same files:
# rndrd and rndwr, 16 KiB blocks, O_DIRECT (buffered, said so, where the
# file system refuses O_DIRECT), 1 and 2 threads, no fsync.
#   sync mode:     bench --file-io-mode=sync      vs fio psync     (goal >= 0.95)
#                                                 vs sysbench      (goal >= 1.00)
#   io_uring mode: bench --file-io-mode=io_uring  vs fio io_uring  (goal >= 0.95)
#                  --file-iodepth=16 per thread,     iodepth=16 per job
# Runs alternate between the tools, ROUNDS times; medians are compared, and
# so are the medians of the per-round ratios ("paired": runs next to each
# other in time, which cancels the drift of a virtual disk).
# In io_uring mode a third program runs in the same alternation when a C
# compiler and liburing's headers are there: perf/uring_floor.c, a plain
# liburing loop doing the same I/O with nothing else, so that bench's own
# overhead (bench / floor) shows apart from what this machine gives any
# io_uring program against fio (floor / fio).
# bench takes its I/O buffers from transparent huge pages (one DMA segment
# per request; --file-huge-buffers, on by default), fio and sysbench from
# ordinary pages; HUGE=off runs bench and the floor with ordinary pages too.
# Prints ratios; asserts nothing (speed is not a test).
#
# usage: perf/fileio.sh [BENCH_BINARY]
# env: ROUNDS (3), SECS (5), DIR (a directory on the disk to measure;
#      default: a new one under the current directory), FILES (4),
#      SIZE (total, 2G), FIO (fio), SYSBENCH (sysbench),
#      MODES ("rndrd rndwr"), THREADS ("1 2"), IO ("sync io_uring"),
#      VERBOSE (1: print every round's IOPS too), HUGE (on)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
BENCH=$(cd "$(dirname "$BENCH")" && pwd)/$(basename "$BENCH")
SYSBENCH=${SYSBENCH:-sysbench}
FIO=${FIO:-fio}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-5}
FILES=${FILES:-4}
SIZE=${SIZE:-2G}
MODES=${MODES:-rndrd rndwr}
THREADS=${THREADS:-1 2}
IO=${IO:-sync io_uring}
HUGE=${HUGE:-on}
case $HUGE in on|off) ;; *) echo "HUGE must be on or off, not $HUGE"; exit 1 ;; esac
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }
command -v "$FIO" >/dev/null || { echo "fio not found (apt-get install fio)"; exit 1; }
command -v python3 >/dev/null || { echo "python3 not found (to read fio's JSON)"; exit 1; }
[ -x "$BENCH" ] || { echo "bench binary not found: $BENCH"; exit 1; }

if [ -n "${DIR:-}" ]; then
	work=$DIR
	mkdir -p "$work"
	cleanup_dir=
else
	work=$(mktemp -d "$PWD/bench-fileio-perf.XXXXXX")
	cleanup_dir=$work
fi
cd "$work"
trap '"$BENCH" fileio $layout cleanup >/dev/null 2>&1 || true; rm -f "$work/uring_floor"; [ -n "$cleanup_dir" ] && rm -rf "$cleanup_dir"' EXIT

layout="--file-num=$FILES --file-total-size=$SIZE --file-block-size=16384"
"$BENCH" fileio $layout prepare >/dev/null
per_file=$(stat -c %s test_file.0)
fio_files=$(seq -s: -f 'test_file.%g' 0 $((FILES - 1)))

# The three tools open the files the same way: all O_DIRECT, or all not.
if "$BENCH" fileio $layout --file-test-mode=rndrd --file-extra-flags=direct --events=1 run >/dev/null 2>&1; then
	bflags=--file-extra-flags=direct; fdirect=1; how="O_DIRECT"
else
	bflags=; fdirect=0
	how="buffered: the file system of $work refuses O_DIRECT, so the page cache is measured too"
fi
floor=
if cc -O2 -o uring_floor "$here/perf/uring_floor.c" -luring -lpthread 2>/dev/null; then
	floor=$work/uring_floor
fi
floor_iops() {  # mode threads
	local op=read
	[ "$1" = rndwr ] && op=write
	SMALL_PAGES=$([ "$HUGE" = off ] && echo 1 || echo 0) \
		"$floor" $op "$2" 16 "$SECS" 16384 "$fdirect" $(echo "$fio_files" | tr : ' ')
}

common="$layout --file-fsync-freq=0 --file-fsync-end=off --time=$SECS $bflags"

# IOPS of one run of bench or sysbench (read or write ops per second)
sb_iops() {  # tool mode threads [extra...]
	local tool=$1 mode=$2 thr=$3; shift 3
	"$tool" fileio $common --file-test-mode="$mode" --threads="$thr" "$@" run |
		awk '/reads\/s:/ { r = $2 } /writes\/s:/ { w = $2 } END { printf "%.0f\n", r + w }'
}

fio_iops() {  # mode threads engine iodepth
	local rw=randread
	[ "$1" = rndwr ] && rw=randwrite
	"$FIO" --name=perf --filename="$fio_files" --filesize="$per_file" --rw="$rw" \
		--bs=16k --direct="$fdirect" --ioengine="$3" --iodepth="$4" --numjobs="$2" \
		--file_service_type=random --time_based --runtime="$SECS" \
		--group_reporting --output-format=json 2>/dev/null |
		python3 -c 'import json, sys
j = json.load(sys.stdin)["jobs"][0]
print("%.0f" % (j["read"]["iops"] + j["write"]["iops"]))'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
# median of the per-round ratios of two files of results
paired() { paste "$1" "$2" | awk '$2 > 0 { printf "%.4f\n", $1 / $2 }' | median | awk '{ printf "%.2f", $1 }'; }
# goal bookkeeping: meet RATIO GOAL -> counts cells at or above the goal
met=0 cells=0 pmet=0
meet() { awk -v r="$1" -v g="$2" 'BEGIN { exit !(r + 0 >= g + 0) }'; }
tally() {  # median-ratio paired-ratio goal
	cells=$((cells + 1))
	if meet "$1" "$3"; then met=$((met + 1)); fi
	if meet "$2" "$3"; then pmet=$((pmet + 1)); fi
}
has() { case " $1 " in *" $2 "*) return 0 ;; esac; return 1; }

echo "bench: $("$BENCH" --version)   sysbench: $("$SYSBENCH" --version)   $("$FIO" --version)"
[ -n "$floor" ] || echo "uring_floor not built (needs cc and liburing-dev): no floor column"
echo "files: $FILES x $per_file bytes in $work, 16 KiB blocks, $how; rounds: $ROUNDS x ${SECS}s; bench's buffers in huge pages: $HUGE"
for mode in $MODES; do
	for thr in $THREADS; do
		: > b.txt; : > f.txt; : > s.txt; : > bu.txt; : > fu.txt; : > uf.txt
		# One round runs these steps in this order, the next round in the
		# reverse order, so that no tool always follows the same one.
		steps=
		has "$IO" sync && steps="b f s"
		has "$IO" io_uring && steps="$steps bu fu"
		has "$IO" io_uring && [ -n "$floor" ] && steps="$steps uf"
		for i in $(seq "$ROUNDS"); do
			order=$steps
			[ $((i % 2)) = 0 ] && order=$(echo $steps | tr ' ' '\n' | tac)
			for step in $order; do
				case $step in
				b) sb_iops "$BENCH" $mode $thr --file-huge-buffers=$HUGE ;;
				f) fio_iops $mode $thr psync 1 ;;
				s) sb_iops "$SYSBENCH" $mode $thr ;;
				bu) sb_iops "$BENCH" $mode $thr --file-io-mode=io_uring --file-iodepth=16 --file-huge-buffers=$HUGE ;;
				fu) fio_iops $mode $thr io_uring 16 ;;
				uf) floor_iops $mode $thr ;;
				esac >> $step.txt
			done
		done
		if [ "${VERBOSE:-0}" = 1 ]; then
			echo "$mode $thr thr, IOPS per round (bench sync, fio psync, sysbench, bench io_uring, fio io_uring, floor):"
			paste b.txt f.txt s.txt bu.txt fu.txt uf.txt | sed 's/^/  /'
		fi
		if has "$IO" sync; then
			b=$(median < b.txt); f=$(median < f.txt); s=$(median < s.txt)
			rf=$(ratio "$b" "$f"); pf=$(paired b.txt f.txt)
			rs=$(ratio "$b" "$s"); ps=$(paired b.txt s.txt)
			tally "$rf" "$pf" 0.95
			tally "$rs" "$ps" 1.00
			printf '%s %d thr sync:     bench %8s  fio psync    %8s  ratio %s (paired %s; goal >= 0.95)  sysbench %8s  ratio %s (paired %s; goal >= 1.00)\n' \
				$mode $thr "$b" "$f" "$rf" "$pf" "$s" "$rs" "$ps"
		fi
		if has "$IO" io_uring; then
			bu=$(median < bu.txt); fu=$(median < fu.txt)
			ru=$(ratio "$bu" "$fu"); pu=$(paired bu.txt fu.txt)
			tally "$ru" "$pu" 0.95
			printf '%s %d thr io_uring: bench %8s  fio io_uring %8s  ratio %s (paired %s; goal >= 0.95)   iodepth 16\n' \
				$mode $thr "$bu" "$fu" "$ru" "$pu"
			if [ -n "$floor" ]; then
				uf=$(median < uf.txt)
				printf '%s %d thr io_uring: floor %8s  bench/floor  %s (paired %s)  floor/fio %s (paired %s)\n' \
					$mode $thr "$uf" "$(ratio "$bu" "$uf")" "$(paired bu.txt uf.txt)" \
					"$(ratio "$uf" "$fu")" "$(paired uf.txt fu.txt)"
			fi
		fi
	done
done
echo "goals met: $met of $cells comparisons by median ratio, $pmet of $cells by paired ratio"
