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
# Prints both summaries of every round and, per engine, the ratio of the
# median "Average number of seconds to run all queries" (bench / mariadb-slap;
# goal <= 1.0 within noise), and the client processes' CPU seconds (user +
# sys, /usr/bin/time), which a loaded machine disturbs less. Asserts nothing.
#
# usage: perf/slap.sh [BENCH_BINARY]
# env: ROUNDS (3), CONCURRENCY (10), QUERIES (1000), ENGINES (myisam,innodb),
#      SLAP (mariadb-slap)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SLAP=${SLAP:-mariadb-slap}
ROUNDS=${ROUNDS:-3}
CONCURRENCY=${CONCURRENCY:-10}
QUERIES=${QUERIES:-1000}
ENGINES=${ENGINES:-myisam,innodb}
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

# "engine seconds" lines of a summary
averages() {
	awk '/Running for engine/ { e = $4 }
	     /Average number of seconds/ { print (e == "" ? "-" : e), $(NF - 1) }' "$1"
}

for i in $(seq "$ROUNDS"); do
	/usr/bin/time -f '%U %S' -o slap.cpu "$SLAP" --skip-ssl -h "$DB_HOST" -P "$DB_MYSQL_PORT" -u "$DB_USER" -p"$DB_PASSWORD" \
		"${load[@]}" > slap.txt 2>&1 || { cat slap.txt; exit 1; }
	/usr/bin/time -f '%U %S' -o bench.cpu "$BENCH" slap "${load[@]}" --mysql-host="$DB_HOST" --mysql-port="$DB_MYSQL_PORT" \
		--mysql-user="$DB_USER" --mysql-password="$DB_PASSWORD" > bench.txt 2>&1 ||
		{ cat bench.txt; exit 1; }
	echo "== round $i: $SLAP"
	cat slap.txt
	echo "== round $i: bench slap (summaries only)"
	grep -E '^Benchmark|^	' bench.txt
	echo
	averages slap.txt | sed 's/^/slap /' >> all.txt
	averages bench.txt | sed 's/^/bench /' >> all.txt
	awk '{ print $1 + $2 }' slap.cpu >> slap-cpu.txt
	awk '{ print $1 + $2 }' bench.cpu >> bench-cpu.txt
done
echo "Median 'Average number of seconds to run all queries' over $ROUNDS rounds" \
	"(concurrency $CONCURRENCY, $QUERIES queries):"
for e in $(awk '{ print $2 }' all.txt | sort -u); do
	s=$(awk -v e="$e" '$1 == "slap" && $2 == e { print $3 }' all.txt | median)
	b=$(awk -v e="$e" '$1 == "bench" && $2 == e { print $3 }' all.txt | median)
	awk -v e="$e" -v s="$s" -v b="$b" 'BEGIN {
		r = "n/a (below 1 ms)"
		if (s > 0) r = sprintf("%.2f", b / s)
		printf "  engine %-8s mariadb-slap %.3f s   bench %.3f s   ratio %s (goal <= 1.0)\n", e, s, b, r }'
done
sc=$(median < slap-cpu.txt); bc=$(median < bench-cpu.txt)
awk -v s="$sc" -v b="$bc" 'BEGIN {
	r = "n/a"
	if (s > 0) r = sprintf("%.2f", b / s)
	printf "  client CPU (user+sys) mariadb-slap %.2f s   bench %.2f s   ratio %s\n", s, b, r }'
