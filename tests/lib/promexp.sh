# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# Throwaway Prometheus exporters on loopback, for the --prom-scrape tests.
# Source it from bash (it sources dbserver.sh for its free-port picker):
#
#   . "$BENCH_SRCDIR/tests/lib/promexp.sh"
#   trap promexp_stop_all EXIT
#   promexp_start node [ARGS...]   # prometheus-node-exporter: sets PROM_NODE_URL
#   promexp_start fake FILE        # fake_exporter.py serving FILE's bodies: PROM_FAKE_URL
#   promexp_start mysqld           # prometheus-mysqld-exporter: PROM_MYSQLD_URL
#   promexp_start postgres         # prometheus-postgres-exporter: PROM_POSTGRES_URL
#   promexp_stop_all               # stops what this shell started, nothing else
#
# node: Debian's prometheus-node-exporter, on 127.0.0.1 and a free port,
# with only the collectors the tests read (cpu, diskstats with partitions
# included, meminfo, stat, loadavg) unless ARGS name others. fake: a
# Python server answering GET /metrics with the bodies of a JSON file in
# turn (see tests/lib/fake_exporter.py). Each waits until /metrics
# answers (20 s at most) and retries another port when the first was
# taken. Returns 0, or 1 after one "promexp: ..." line on stderr (2 when
# the exporter program is not installed: a test may skip). mysqld and
# postgres read the server dbserver_start started in this shell, as DB_USER
# (its DSN in the exporter's environment only).

. "${BENCH_SRCDIR:?}/tests/lib/dbserver.sh"

_PROMEXP_PIDS=()

_promexp_err() { printf 'promexp: %s\n' "$*" >&2; }

# Wait until URL answers 200 while PID lives.
_promexp_wait() {
	local url=$1 pid=$2
	for _ in $(seq 1 200); do
		curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null && return 0
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

promexp_start() {
	local kind=$1 port pid url log
	shift
	case $kind in
	node) command -v prometheus-node-exporter >/dev/null 2>&1 ||
		{ _promexp_err "prometheus-node-exporter not found: install the package prometheus-node-exporter"; return 2; } ;;
	fake) [ -r "${1:-}" ] || { _promexp_err "fake: no bodies file '${1:-}'"; return 1; } ;;
	mysqld | postgres)
		command -v "prometheus-$kind-exporter" >/dev/null 2>&1 ||
			{ _promexp_err "prometheus-$kind-exporter not found: install the package prometheus-$kind-exporter"; return 2; } ;;
	*) _promexp_err "unknown exporter kind '$kind'"; return 1 ;;
	esac
	log=$(mktemp "${TMPDIR:-/tmp}/promexp.XXXXXX")
	for _ in 1 2 3; do
		port=$(_dbserver_free_port) || return 1
		url="http://127.0.0.1:$port/metrics"
		if [ "$kind" = node ]; then
			if [ $# -eq 0 ]; then
				set -- --collector.disable-defaults --collector.cpu --collector.diskstats \
					--collector.diskstats.device-exclude='^(ram|loop|zram|fd|sr)[0-9]*$' \
					--collector.meminfo --collector.stat --collector.loadavg
			fi
			prometheus-node-exporter --web.listen-address="127.0.0.1:$port" "$@" >"$log" 2>&1 &
		elif [ "$kind" = mysqld ]; then
			DATA_SOURCE_NAME="$DB_USER:$DB_PASSWORD@(127.0.0.1:${DB_MYSQL_PORT:?})/" \
				prometheus-mysqld-exporter --web.listen-address="127.0.0.1:$port" "$@" >"$log" 2>&1 &
		elif [ "$kind" = postgres ]; then
			DATA_SOURCE_NAME="postgresql://$DB_USER:$DB_PASSWORD@127.0.0.1:${DB_PGSQL_PORT:?}/$DB_NAME?sslmode=disable" \
				prometheus-postgres-exporter --web.listen-address="127.0.0.1:$port" "$@" >"$log" 2>&1 &
		else
			python3 "$BENCH_SRCDIR/tests/lib/fake_exporter.py" "$port" "$1" >"$log" 2>&1 &
		fi
		pid=$!
		_PROMEXP_PIDS+=("$pid")
		# the fake's /metrics answers are counted: probe another path
		if _promexp_wait "$([ "$kind" = fake ] && echo "${url%/metrics}/ready" || echo "$url")" "$pid"; then
			case $kind in
			node) PROM_NODE_URL=$url ;;
			fake) PROM_FAKE_URL=$url ;;
			mysqld) PROM_MYSQLD_URL=$url ;;
			postgres) PROM_POSTGRES_URL=$url ;;
			esac
			rm -f "$log"
			return 0
		fi
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		grep -qi 'address already in use' "$log" || break
	done
	_promexp_err "$kind exporter did not answer at $url:"
	tail -3 "$log" >&2
	rm -f "$log"
	return 1
}

promexp_stop_all() {
	local pid
	for pid in "${_PROMEXP_PIDS[@]}"; do
		kill "$pid" 2>/dev/null
	done
	for pid in "${_PROMEXP_PIDS[@]}"; do
		wait "$pid" 2>/dev/null
	done
	_PROMEXP_PIDS=()
	dbserver_stop_all 2>/dev/null
	return 0
}
