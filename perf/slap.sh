#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# mariadb-slap vs bench slap: the field command of issue 17, scaled to this
# machine, against the same throwaway MariaDB server (tests/lib/dbserver.sh),
# alternating runs:
#
#   mysqlslap -a --concurrency=C --number-of-queries=Q --iterations=1
#     --auto-generate-sql-add-autoincrement --auto-generate-sql-load-type=mixed
#     --engine=myisam,innodb
#
# Prints both summaries of every round, with what the server counted from
# each tool (statements, changes of database, connections: the same load
# must show the same counts); then, per engine and concurrency, the ratio
# of the median "Average number of seconds to run all queries" (bench /
# mariadb-slap; goal <= 1.0 within noise) and the median of the rounds' own
# ratios, and the client processes' CPU seconds (user + sys,
# /usr/bin/time), which a loaded machine disturbs less. Asserts nothing.
#
# Noise: at 100 clients on InnoDB the server's own CPU time for the same
# statements varies several-fold from run to run, most of the difference
# spent in InnoDB's spin loops (perf record -p of mariadbd, issue 17); on a
# loaded machine run many rounds (ROUNDS=15) and read the per-round ratio.
#
# bench runs a step's clients as connections on at most --threads worker
# threads, by default the online CPUs (lua/slap.lua); BENCH_OPTS adds bench
# options, e.g. BENCH_OPTS=--threads=100 for a thread per client, as
# mariadb-slap.
#
# usage: perf/slap.sh [BENCH_BINARY]
# env: ROUNDS (3), CONCURRENCY (10,100), QUERIES (1000), ENGINES (myisam,innodb),
#      SLAP (mariadb-slap), BENCH_OPTS (none)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SLAP=${SLAP:-mariadb-slap}
ROUNDS=${ROUNDS:-3}
CONCURRENCY=${CONCURRENCY:-10,100}
QUERIES=${QUERIES:-1000}
ENGINES=${ENGINES:-myisam,innodb}
read -r -a bench_opts <<< "${BENCH_OPTS:-}"
command -v "$SLAP" >/dev/null || { echo "$SLAP not found (apt-get install mariadb-client)"; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }

. "$here/perf/server.sh"
# every client a connection, plus bench's own (MariaDB's default is 151),
# and a listen queue for all of them at once (else the SYNs beyond its
# default of 50 + max_connections / 5 wait for a TCP retransmission, 1 s)
maxc=$(tr ',' '\n' <<< "$CONCURRENCY" | sort -n | tail -1)
DBSERVER_MYSQL_OPTS="--max-connections=$((maxc + 50)) --back-log=$((maxc + 50))" dbserver_start mysql >/dev/null
# both tools create and drop the schema mysqlslap as user sbtest
dbserver_mysql_sql "GRANT ALL PRIVILEGES ON mysqlslap.* TO 'sbtest'@'127.0.0.1'"

load=(-a --concurrency="$CONCURRENCY" --number-of-queries="$QUERIES" --iterations=1
      --auto-generate-sql-add-autoincrement --auto-generate-sql-load-type=mixed
      --engine="$ENGINES")

# "engine/clients seconds" lines of a summary, one per block
averages() {
	awk '/Running for engine/ { e = $4 }
	     /Average number of seconds/ { a = $(NF - 1) }
	     /Number of clients running queries/ { print (e == "" ? "-" : e) "/c" $NF, a }' "$1"
}

# the server's counters of what a client sent (deltas around each run):
# statements, changes of database, connections
counters() {
	dbserver_mysql_sql "SHOW GLOBAL STATUS WHERE Variable_name IN
		('Questions', 'Com_change_db', 'Connections')" | sort | awk '{ printf "%s ", $2 }'
}
delta() { # BEFORE AFTER (the second reading's own connection and SHOW don't count)
	awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " ")
		printf "statements %d, changes of database %d, connections %d",
			y[3] - x[3] - 1, y[1] - x[1], y[2] - x[2] - 1 }'
}

for i in $(seq "$ROUNDS"); do
	c0=$(counters)
	/usr/bin/time -f '%U %S' -o slap.cpu "$SLAP" --skip-ssl -h "$DB_HOST" -P "$DB_MYSQL_PORT" -u "$DB_USER" -p"$DB_PASSWORD" \
		"${load[@]}" > slap.txt 2>&1 || { cat slap.txt; exit 1; }
	c1=$(counters)
	/usr/bin/time -f '%U %S' -o bench.cpu "$BENCH" slap "${load[@]}" --mysql-host="$DB_HOST" --mysql-port="$DB_MYSQL_PORT" \
		--mysql-user="$DB_USER" --mysql-password="$DB_PASSWORD" ${bench_opts[@]+"${bench_opts[@]}"} > bench.txt 2>&1 ||
		{ cat bench.txt; exit 1; }
	c2=$(counters)
	echo "== round $i: $SLAP (server: $(delta "$c0" "$c1"))"
	cat slap.txt
	echo "== round $i: bench slap, summaries only (server: $(delta "$c1" "$c2"))"
	grep -E '^Benchmark|^	' bench.txt
	echo
	averages slap.txt | sed 's/^/slap /' >> all.txt
	averages bench.txt | sed 's/^/bench /' >> all.txt
	awk '{ print $1 + $2 }' slap.cpu >> slap-cpu.txt
	awk '{ print $1 + $2 }' bench.cpu >> bench-cpu.txt
done
echo "Median 'Average number of seconds to run all queries' over $ROUNDS rounds" \
	"(concurrency $CONCURRENCY, $QUERIES queries):"
for e in $(awk '{ print $2 }' all.txt | sort -t/ -k2.2n -k1,1 -u); do
	s=$(awk -v e="$e" '$1 == "slap" && $2 == e { print $3 }' all.txt | median)
	b=$(awk -v e="$e" '$1 == "bench" && $2 == e { print $3 }' all.txt | median)
	# the ratio of each round's pair, then their median: steadier than
	# the ratio of the medians while the machine's load drifts
	p=$(awk -v e="$e" '$2 == e && $1 == "slap" { s[++n] = $3 }
		$2 == e && $1 == "bench" { b[++m] = $3 }
		END { for (i = 1; i <= m; i++) if (s[i] > 0) print b[i] / s[i] }' all.txt | median)
	awk -v e="$e" -v s="$s" -v b="$b" -v p="$p" 'BEGIN {
		r = "n/a (below 1 ms)"
		if (s > 0) r = sprintf("%.2f", b / s)
		split(e, k, "/")
		printf "  engine %-8s clients %-5s mariadb-slap %.3f s   bench %.3f s   ratio %s, per round %s (goal <= 1.0)\n",
			k[1], substr(k[2], 2), s, b, r, p == "" ? "n/a" : sprintf("%.2f", p) }'
done
sc=$(median < slap-cpu.txt); bc=$(median < bench-cpu.txt)
awk -v s="$sc" -v b="$bc" 'BEGIN {
	r = "n/a"
	if (s > 0) r = sprintf("%.2f", b / s)
	printf "  client CPU (user+sys) mariadb-slap %.2f s   bench %.2f s   ratio %s\n", s, b, r }'
