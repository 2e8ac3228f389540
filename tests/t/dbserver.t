tests/lib/dbserver.sh: throwaway MariaDB and PostgreSQL servers on loopback,
with real users and passwords, optional TLS, and clean shutdown.

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT

Bad calls fail with one line:

  $ dbserver_start oracle
  dbserver: usage: dbserver_start mysql|pgsql [--tls]
  [1]
  $ dbserver_start mysql --ssl
  dbserver: dbserver_start: unknown option '--ssl'
  [1]
  $ (PATH=/nonexistent dbserver_start mysql)
  dbserver: mariadb-install-db not found: install the package mariadb-server
  [1]
  $ dbserver_mysql_sql "SELECT 1"
  dbserver: no mysql server started in this shell
  [1]

Start one server of each kind, both with TLS; the variables callers use:

  $ dbserver_start mysql --tls
  $ dbserver_start pgsql --tls
  $ echo "$DB_HOST $DB_USER $DB_PASSWORD $DB_NAME"
  127.0.0.1 sbtest sbtest_pw sbtest
  $ for v in DB_MYSQL_PORT DB_MYSQL_PID DB_PGSQL_PORT DB_PGSQL_PID; do
  >   eval "x=\$$v"; case $x in ''|*[!0-9]*) echo "$v=$x not a number";; esac; done
  $ case " $DB_MYSQL_PORT $DB_PGSQL_PORT " in *" 3306 "*|*" 5432 "*) echo default port;; esac
  $ test -S "$DB_MYSQL_SOCKET" && test -S "$DB_PGSQL_SOCKETDIR/.s.PGSQL.$DB_PGSQL_PORT" && echo sockets
  sockets
  $ test "$DB_PGSQL_DIR" = "$DB_PGSQL_SOCKETDIR" && test -d "$DB_MYSQL_DIR/data" && echo dirs
  dirs
  $ test "$DB_TLS_DIR" = "$DB_PGSQL_TLS_DIR" && cd "$DB_MYSQL_TLS_DIR" && ls *.pem && cd - >/dev/null
  ca-key.pem
  ca.pem
  client-cert.pem
  client-key.pem
  server-cert.pem
  server-key.pem
  wrong-ca.pem

Only loopback listens, on the announced ports:

  $ dbserver_mysql_sql "SELECT @@bind_address, @@port = $DB_MYSQL_PORT, @@have_ssl, DATABASE()"
  127.0.0.1\t1\tYES\tsbtest (esc)
  $ dbserver_pgsql_sql "SHOW listen_addresses; SHOW ssl; SELECT current_setting('port') = '$DB_PGSQL_PORT', current_database()"
  127.0.0.1
  on
  t\tsbtest (esc)
  $ ss -Htln | awk -v a=":$DB_MYSQL_PORT" -v b=":$DB_PGSQL_PORT" \
  >   'substr($4, length($4) - length(a) + 1) == a || substr($4, length($4) - length(b) + 1) == b { print $4 }' |
  >   sed -e "s/:$DB_MYSQL_PORT\$/:MYSQL/" -e "s/:$DB_PGSQL_PORT\$/:PGSQL/" | sort
  127.0.0.1:MYSQL
  127.0.0.1:PGSQL

dbserver_conn_opts: bench's options to reach each server as sbtest over
TCP (the perf scripts use it):

  $ echo 'function event() print(sysbench.sql.driver():connect():query_row("SELECT 1 + 1")) end' > two.lua
  $ for db in mysql pgsql; do $BENCH two.lua $(dbserver_conn_opts $db) --events=1 --time=0 run | grep -x 2; done
  2
  2
  $ dbserver_conn_opts oracle; echo "rc=$?"
  dbserver: usage: dbserver_conn_opts mysql|pgsql
  rc=1

MariaDB: user sbtest over TCP with its password; root only through the socket;
sbtest's grants are on sbtest.* alone:

  $ my() { mariadb --no-defaults -h127.0.0.1 -P"$DB_MYSQL_PORT" -N -B "$@"; }
  $ my -usbtest -psbtest_pw sbtest -e "SELECT 1, CURRENT_USER()"
  1\tsbtest@127.0.0.1 (esc)
  $ my -usbtest -pwrong sbtest -e "SELECT 1"
  ERROR 1045 (28000): Access denied for user 'sbtest'@'127.0.0.1' (using password: YES)
  [1]
  $ my -uroot -e "SELECT 1"
  ERROR 1045 (28000): Access denied for user 'root'@'127.0.0.1' (using password: NO)
  [1]
  $ my -usbtest -psbtest_pw sbtest -e "CREATE TABLE t (id INT PRIMARY KEY); INSERT INTO t VALUES (7); SELECT * FROM t"
  7
  $ dbserver_mysql_sql "SELECT COUNT(*) FROM t; SELECT user, host FROM mysql.user WHERE user IN ('root', 'sbtest', '') ORDER BY 1, 2"
  1
  root\tlocalhost (esc)
  sbtest\t% (esc)
  sbtest\t127.0.0.1 (esc)
  sbtest\tlocalhost (esc)
  $ mariadb --no-defaults -S "$DB_MYSQL_SOCKET" -usbtest -psbtest_pw -N -B -e "SELECT CURRENT_USER()"
  sbtest@localhost

MariaDB TLS: verified against ca.pem, refused with the unrelated CA:

  $ my -usbtest -psbtest_pw --ssl-ca="$DB_MYSQL_TLS_DIR/ca.pem" --ssl-verify-server-cert \
  >   -e "SHOW STATUS LIKE 'Ssl_cipher'" | awk -F'\t' '$2 != "" { print $1, "set" }'
  Ssl_cipher set
  $ my -usbtest -psbtest_pw --ssl-ca="$DB_MYSQL_TLS_DIR/ca.pem" --ssl-verify-server-cert \
  >   --ssl-cert="$DB_MYSQL_TLS_DIR/client-cert.pem" --ssl-key="$DB_MYSQL_TLS_DIR/client-key.pem" \
  >   -e "SHOW STATUS LIKE 'Ssl_version'" | awk -F'\t' '$2 ~ /^TLSv1\.[23]$/ { print $1, "ok" }'
  Ssl_version ok
  $ my -usbtest -psbtest_pw --ssl-ca="$DB_MYSQL_TLS_DIR/wrong-ca.pem" --ssl-verify-server-cert \
  >   -e "SELECT 1" 2>&1 | grep -c 'ERROR 2026'
  1

PostgreSQL: role sbtest with its password over TCP, owner of database sbtest:

  $ pg() { psql -X -q -A -t -F ' ' "host=127.0.0.1 port=$DB_PGSQL_PORT user=sbtest dbname=sbtest $1" -c "$2" 2>&1 |
  >   sed "s/port $DB_PGSQL_PORT/port PORT/"; }
  $ PGPASSWORD=sbtest_pw psql -X -A -t -h 127.0.0.1 -p "$DB_PGSQL_PORT" -U sbtest sbtest -c "SELECT 1, current_user"
  1|sbtest
  $ pg "password=wrong sslmode=disable" "SELECT 1"
  psql: error: connection to server at "127.0.0.1", port PORT failed: FATAL:  password authentication failed for user "sbtest"
  $ pg "password=sbtest_pw" "CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (7); SELECT id FROM t"
  7
  $ dbserver_pgsql_sql "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'sbtest'; SELECT rolsuper FROM pg_roles WHERE rolname = 'sbtest'"
  sbtest
  f

PostgreSQL TLS: verify-full with ca.pem works, a client certificate is
accepted, and the unrelated CA is refused:

  $ pg "password=sbtest_pw sslmode=verify-full sslrootcert=$DB_TLS_DIR/ca.pem" \
  >   "SELECT ssl, version ~ '^TLSv1\.[23]$' FROM pg_stat_ssl WHERE pid = pg_backend_pid()"
  t t
  $ pg "password=sbtest_pw sslmode=verify-ca sslrootcert=$DB_TLS_DIR/ca.pem sslcert=$DB_TLS_DIR/client-cert.pem sslkey=$DB_TLS_DIR/client-key.pem" \
  >   "SELECT client_dn FROM pg_stat_ssl WHERE pid = pg_backend_pid()"
  /O=bench tests/CN=sbtest
  $ pg "password=sbtest_pw sslmode=verify-ca sslrootcert=$DB_TLS_DIR/wrong-ca.pem" "SELECT 1"
  psql: error: connection to server at "127.0.0.1", port PORT failed: SSL error: certificate verify failed

A child script sees the exported variables and can use the helpers, but its
dbserver_stop_all leaves the servers of its parent alone:

  $ bash -c '. "$BENCH_SRCDIR/tests/lib/dbserver.sh"; trap dbserver_stop_all EXIT
  >   dbserver_mysql_sql "SELECT 1"; dbserver_pgsql_sql "SELECT 2"; dbserver_stop_all'
  1
  2
  $ dbserver_mysql_sql "SELECT 3"; dbserver_pgsql_sql "SELECT 4"
  3
  4

One server of each kind per shell:

  $ dbserver_start pgsql
  dbserver: a pgsql server is already running in this shell (pid *) (glob)
  [1]

Stop: the processes are gone and the directories removed; stopping again is
a no-op.

  $ gone() { if kill -0 "$1" 2>/dev/null && ! grep -q '^[^)]*) Z' "/proc/$1/stat" 2>/dev/null; then echo "pid $1 alive"; fi
  >   if [ -e "$2" ]; then echo "$2 exists"; fi; }
  $ mp=$DB_MYSQL_PID md=$DB_MYSQL_DIR pp=$DB_PGSQL_PID pd=$DB_PGSQL_DIR
  $ mw=$_DBS_MYSQL_WATCHDOG; for i in $(seq 100); do mnap=$(pgrep -P "$mw") && break; sleep 0.02; done; [ -n "$mnap" ] || echo "watchdog $mw has no child"
  $ dbserver_stop mysql
  $ gone "$mp" "$md"

The server's watchdog goes with it, and so does the sleep it was in:

  $ sleep 0.2; gone "$mw" /nonexistent; for p in $mnap; do gone "$p" /nonexistent; done
  $ echo "${DB_MYSQL_PORT-unset} ${DB_MYSQL_DIR-unset} $DB_TLS_DIR" | sed "s#$pd#PGDIR#"
  unset unset PGDIR/tls
  $ dbserver_stop pgsql
  $ gone "$pp" "$pd"
  $ echo "${DB_PGSQL_PID-unset} ${DB_TLS_DIR-unset}"
  unset unset
  $ dbserver_stop mysql; dbserver_stop_all

A shell that dies without stopping its server: the watchdog stops it and
removes its directory.

  $ (bash -c '. "$BENCH_SRCDIR/tests/lib/dbserver.sh" && dbserver_start pgsql &&
  >   echo "$DB_PGSQL_PID $DB_PGSQL_DIR" > orphan && kill -KILL $$' 2>&1; echo "exit $?") 2>/dev/null
  exit 137
  $ read -r op od < orphan
  $ for i in $(seq 1 100); do [ -z "$(gone "$op" "$od")" ] && break; sleep 0.1; done; gone "$op" "$od"
