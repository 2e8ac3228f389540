# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# Throwaway MariaDB and PostgreSQL servers on loopback, for the transcript
# tests, the README demo and the perf scripts. Source it from bash:
#
#   . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
#   trap dbserver_stop_all EXIT
#   dbserver_start mysql [--tls]     # sets DB_MYSQL_PORT DB_MYSQL_SOCKET DB_MYSQL_DIR DB_MYSQL_PID
#   dbserver_start pgsql [--tls]     # sets DB_PGSQL_PORT DB_PGSQL_SOCKETDIR DB_PGSQL_DIR DB_PGSQL_PID
#   dbserver_mysql_sql "SELECT 1"    # as root, through the socket, tab-separated, no header
#   dbserver_pgsql_sql "SELECT 1"    # as postgres, likewise (--db=NAME first: other database)
#   dbserver_conn_opts mysql         # bench's options to reach it as DB_USER over TCP
#   dbserver_stop mysql ; dbserver_stop pgsql ; dbserver_stop_all
#
# Both kinds set DB_HOST=127.0.0.1 DB_USER=sbtest DB_PASSWORD=sbtest_pw
# DB_NAME=sbtest: database sbtest, owned by / fully granted to user sbtest,
# who logs in with that password over TCP (and over the socket). --tls also
# sets DB_TLS_DIR (and DB_MYSQL_TLS_DIR or DB_PGSQL_TLS_DIR) holding ca.pem,
# ca-key.pem, server-cert.pem, server-key.pem, client-cert.pem,
# client-key.pem (CN=sbtest, signed by ca.pem) and wrong-ca.pem, an
# unrelated CA for tests that must fail verification.
#
# Every server lives in its own mktemp -d directory (under $TMPDIR, or /tmp
# when the postgres user cannot reach $TMPDIR, as with cram's private temp
# dir), listens on 127.0.0.1 only, on a free port below the ephemeral range
# (never 3306/5432), with its socket in that directory; so any number of
# shells can run servers side by side without touching the system
# instances. One server of each kind per shell; dbserver_stop and
# dbserver_stop_all only stop what this shell started (a child script sees
# the exported DB_* and may use the *_sql helpers, but its EXIT trap leaves
# its parent's servers alone). A watchdog stops the server and removes its
# directory if the starting shell dies without calling dbserver_stop
# (DBSERVER_NO_WATCHDOG=1 disables it). DB_MYSQL_START_SECONDS and
# DB_PGSQL_START_SECONDS (not exported) hold how long the start took.
#
# Durability is traded for speed: MariaDB runs with
# innodb_flush_log_at_trx_commit=2 and no binlog, PostgreSQL with fsync,
# synchronous_commit and full_page_writes off. Both wait up to 600 s for a
# client's handshake (connect_timeout, authentication_timeout): under load a
# thousand starved clients took over PostgreSQL's default 60 s.
#
# Knobs: DBSERVER_MYSQL_OPTS / DBSERVER_PGSQL_OPTS add server arguments
# (word-split; for PostgreSQL use "-c name=value"), DBSERVER_TIMEOUT is the
# start-up limit in seconds (60), DBSERVER_KEEP=1 keeps a failed server's
# directory for inspection. DBSERVER_EXTRA_ADDR=ADDR (an IPv4 address of
# this machine, e.g. the bridge of tests/lib/netns.sh) makes the server
# listen there too, and PostgreSQL take passwords from ADDR's /24; unset
# (the default for every test), the servers listen on 127.0.0.1 only.
#
# Functions return 0 on success, 1 on failure after one "dbserver: ..." line
# (plus the server log tail when the server failed) on stderr. They are
# safe under set -euo pipefail.

_dbserver_err() { printf 'dbserver: %s\n' "$*" >&2; }

# Seconds since the epoch, with microseconds (bash 5), for deadlines.
_dbserver_now() { printf '%s' "${EPOCHREALTIME:-$(date +%s.%N)}"; }
_dbserver_elapsed() { # START -> prints elapsed seconds with 0.1 s precision
	awk -v s="$1" -v e="$(_dbserver_now)" 'BEGIN { printf "%.1f", e - s }'
}

# True while PID exists and is not a zombie (PID 1 here may never reap
# orphans, so kill -0 alone would call a dead server alive).
_dbserver_alive() {
	local st
	[ -n "${1-}" ] || return 1
	if [ -r "/proc/$1/stat" ]; then
		# braces: the redirection's own error (the process just went)
		# is silenced too; "2>/dev/null" after "<" comes too late
		{ read -r st <"/proc/$1/stat"; } 2>/dev/null || return 1
		st=${st##*) }
		[ "${st%% *}" != Z ]
	else
		kill -0 "$1" 2>/dev/null
	fi
}

# Set _DBS_ASPG to the command prefix that runs a program as the postgres
# user when we are root (PostgreSQL refuses to run as root). setpriv execs,
# so "$!" of a background server is the postmaster itself, a child this
# shell can wait for; runuser would stay in between.
_dbserver_pg_prefix() {
	if [ "$(id -u)" -ne 0 ]; then
		_DBS_ASPG=()
	elif command -v setpriv >/dev/null 2>&1; then
		_DBS_ASPG=(setpriv --reuid=postgres --regid=postgres --init-groups --)
	else
		_DBS_ASPG=(runuser -u postgres --)
	fi
}
_dbserver_as_pg() {
	_dbserver_pg_prefix
	"${_DBS_ASPG[@]}" "$@"
}

# Print a TCP port nobody uses on this host: random, between 10000 and the
# start of the ephemeral range, so outgoing connections cannot take it.
# A race with another starter is still possible; callers retry when the
# server reports the address in use.
_dbserver_free_port() {
	local lo=32768 p
	if [ -r /proc/sys/net/ipv4/ip_local_port_range ]; then
		read -r lo _ </proc/sys/net/ipv4/ip_local_port_range || lo=32768
	fi
	[ "$lo" -gt 11000 ] || lo=32768
	for _ in $(seq 1 100); do
		p=$((10000 + (RANDOM * 32768 + RANDOM) % (lo - 10000)))
		case $p in 3306 | 3307 | 5432 | 5433 | 33060 | 33062) continue ;; esac
		if command -v ss >/dev/null 2>&1; then
			[ -z "$(ss -Htan "( sport = :$p )" 2>/dev/null)" ] || continue
		elif (: <"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			continue
		fi
		echo "$p"
		return 0
	done
	_dbserver_err "no free TCP port found"
	return 1
}

# Locate the MariaDB programs; one line naming the package when missing.
_dbserver_find_mysql() {
	local c
	_DBS_MYSQLD=
	for c in mariadbd /usr/sbin/mariadbd mysqld /usr/sbin/mysqld; do
		if command -v "$c" >/dev/null 2>&1; then _DBS_MYSQLD=$(command -v "$c"); break; fi
	done
	[ -n "$_DBS_MYSQLD" ] || { _dbserver_err "mariadbd not found: install the package mariadb-server"; return 1; }
	_DBS_MYSQL_INSTALL=$(command -v mariadb-install-db || command -v mysql_install_db) ||
		{ _dbserver_err "mariadb-install-db not found: install the package mariadb-server"; return 1; }
	_DBS_MYSQL=$(command -v mariadb || command -v mysql) ||
		{ _dbserver_err "mariadb client not found: install the package mariadb-client"; return 1; }
	_DBS_MYSQLADMIN=$(command -v mariadb-admin || command -v mysqladmin) ||
		{ _dbserver_err "mariadb-admin not found: install the package mariadb-client"; return 1; }
}

# Locate the newest installed PostgreSQL's bin directory.
_dbserver_find_pgsql() {
	# shellcheck disable=SC2012 # version directories: plain names
	_DBS_PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1) || true
	if [ -z "$_DBS_PGBIN" ] || [ ! -x "$_DBS_PGBIN/postgres" ] || [ ! -x "$_DBS_PGBIN/initdb" ]; then
		_dbserver_err "PostgreSQL server not found in /usr/lib/postgresql/*/bin: install the package postgresql"
		return 1
	fi
	if [ -x "$_DBS_PGBIN/psql" ]; then
		_DBS_PSQL=$_DBS_PGBIN/psql
	else
		_DBS_PSQL=$(command -v psql) ||
			{ _dbserver_err "psql not found: install the package postgresql-client"; return 1; }
	fi
	if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
		_dbserver_err "user postgres missing: install the package postgresql"
		return 1
	fi
}

# Make the server's private directory (KIND) and print its path. A socket
# path must fit in sun_path (108 bytes), so a long $TMPDIR falls back to /tmp.
_dbserver_mkdir() {
	local kind=$1 base=${TMPDIR:-/tmp} d
	if [ ! -d "$base" ] || [ ! -w "$base" ] || [ ${#base} -gt 60 ]; then base=/tmp; fi
	d=$(mktemp -d "$base/bench-$kind.XXXXXX") || { _dbserver_err "mktemp -d in $base failed"; return 1; }
	if [ "$kind" = pgsql ] && [ "$(id -u)" -eq 0 ]; then
		chown postgres: "$d" || { rm -rf "$d"; return 1; }
		# cram's $TMPDIR is private to root: postgres could not reach it
		if ! _dbserver_as_pg test -x "$d" 2>/dev/null && [ "$base" != /tmp ]; then
			rm -rf "$d"
			d=$(mktemp -d /tmp/bench-pgsql.XXXXXX) || return 1
			chown postgres: "$d" || { rm -rf "$d"; return 1; }
		fi
	fi
	printf '%s\n' "$d"
}

# Generate the test PKI into DIR (see the header). EC P-256 keys: fast to make.
_dbserver_make_certs() {
	local dir=$1 o
	o=$(command -v openssl) || { _dbserver_err "openssl not found: install the package openssl"; return 1; }
	mkdir -p "$dir" && chmod 0755 "$dir" || return 1
	cat >"$dir/openssl.cnf" <<'EOF'
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca_ext]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[server_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1,DNS:localhost
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[client_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EOF
	(
		set -e
		cd "$dir"
		umask 077
		k="-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes"
		# shellcheck disable=SC2086
		{
			"$o" req -config openssl.cnf -x509 $k -extensions ca_ext -days 3650 \
				-subj "/O=bench tests/CN=bench test CA" -keyout ca-key.pem -out ca.pem
			"$o" req -config openssl.cnf -x509 $k -extensions ca_ext -days 3650 \
				-subj "/O=bench tests/CN=bench wrong CA" -keyout wrong-ca-key.pem -out wrong-ca.pem
			"$o" req -config openssl.cnf -new $k -subj "/O=bench tests/CN=127.0.0.1" \
				-keyout server-key.pem -out server.csr
			"$o" x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -set_serial 2 -days 3650 \
				-extfile openssl.cnf -extensions server_ext -out server-cert.pem
			"$o" req -config openssl.cnf -new $k -subj "/O=bench tests/CN=sbtest" \
				-keyout client-key.pem -out client.csr
			"$o" x509 -req -in client.csr -CA ca.pem -CAkey ca-key.pem -set_serial 3 -days 3650 \
				-extfile openssl.cnf -extensions client_ext -out client-cert.pem
		}
		rm -f server.csr client.csr wrong-ca-key.pem
		chmod 0644 ca.pem wrong-ca.pem server-cert.pem client-cert.pem
	) >"$dir/openssl.log" 2>&1 || {
		_dbserver_err "certificate generation failed:"
		tail -n 5 "$dir/openssl.log" | sed 's/^/dbserver: | /' >&2
		return 1
	}
}

# Print the last lines of a server log to stderr, after a failure.
_dbserver_log_tail() {
	[ -s "$1" ] && tail -n 15 "$1" | sed 's/^/dbserver: | /' >&2
	return 0
}

# Wait for the server PID until READY_CMD... succeeds. Returns 0 when ready,
# 2 when the server died, 1 after DBSERVER_TIMEOUT seconds.
_dbserver_wait_ready() {
	local pid=$1 limit=${DBSERVER_TIMEOUT:-60} start
	shift
	start=$(_dbserver_now)
	while :; do
		_dbserver_alive "$pid" || return 2
		"$@" >/dev/null 2>&1 && return 0
		[ "$(awk -v s="$start" -v e="$(_dbserver_now)" -v l="$limit" 'BEGIN { print (e - s > l) }')" = 0 ] || return 1
		sleep 0.05
	done
}

# Stop PID with signal SIG, wait up to 30 s, then SIGKILL; reap if it is
# our child. Returns 0 once it is gone.
_dbserver_kill_wait() {
	local pid=$1 sig=$2
	[ -n "$pid" ] || return 0
	kill "-$sig" "$pid" 2>/dev/null || true
	for _ in $(seq 1 600); do
		_dbserver_alive "$pid" || break
		sleep 0.05
	done
	if _dbserver_alive "$pid"; then
		_dbserver_err "server pid $pid ignored SIG$sig for 30 s: killing it"
		kill -KILL "$pid" 2>/dev/null || true
		for _ in $(seq 1 100); do
			_dbserver_alive "$pid" || break
			sleep 0.05
		done
	fi
	wait "$pid" 2>/dev/null || true
	! _dbserver_alive "$pid"
}

# Background guard: when shell OWNER goes away, stop PID with SIG and remove DIR.
_dbserver_watchdog() {
	local owner=$1 pid=$2 sig=$3 dir=$4 nap=
	set +e
	# dbserver_stop kills this guard: take its nap along (a wait on a
	# background sleep is interrupted by the trapped signal, a plain sleep
	# would outlive the guard by up to a second).
	trap '[ -n "$nap" ] && kill "$nap" 2>/dev/null; exit 0' TERM
	while _dbserver_alive "$owner"; do
		sleep 1 &
		nap=$!
		wait "$nap"
	done
	nap=
	kill "-$sig" "$pid" 2>/dev/null
	for _ in $(seq 1 600); do
		_dbserver_alive "$pid" || break
		sleep 0.05
	done
	_dbserver_alive "$pid" && kill -KILL "$pid" 2>/dev/null
	sleep 0.2
	rm -rf "$dir"
}

# Start the watchdog for shell OWNER (its $BASHPID, taken before any $(...))
# detached: not a job of this shell, holding none of its output. Prints its pid.
_dbserver_start_watchdog() {
	[ "${DBSERVER_NO_WATCHDOG:-0}" = 1 ] && return 0
	(
		_dbserver_watchdog "$@" </dev/null >/dev/null 2>&1 &
		echo $!
	)
}

# Tear down a half-started server: kill PID, remove DIR unless DBSERVER_KEEP=1.
# Returns 0 (callers return 1 themselves), so set -e callers still clean up.
_dbserver_abort() {
	local pid=$1 sig=$2 dir=$3
	if [ -n "$pid" ]; then _dbserver_kill_wait "$pid" "$sig" >/dev/null 2>&1 || true; fi
	if [ "${DBSERVER_KEEP:-0}" = 1 ]; then
		_dbserver_err "kept $dir"
	else
		rm -rf "$dir"
	fi
}

_dbserver_start_mysql() {
	local tls=$1 dir log port pid rc=1 sock t0 me=$BASHPID userarg=() tlsargs=() extra=()
	_dbserver_find_mysql || return 1
	t0=$(_dbserver_now)
	dir=$(_dbserver_mkdir mysql) || return 1
	log=$dir/server.log
	sock=$dir/mysqld.sock
	[ "$(id -u)" -eq 0 ] && userarg=(--user=root)
	if [ "$tls" = 1 ]; then
		_dbserver_make_certs "$dir/tls" || { _dbserver_abort "" TERM "$dir"; return 1; }
		tlsargs=(--ssl-ca="$dir/tls/ca.pem" --ssl-cert="$dir/tls/server-cert.pem"
			--ssl-key="$dir/tls/server-key.pem")
	fi
	# shellcheck disable=SC2206
	extra=(${DBSERVER_MYSQL_OPTS-})
	local common=(--datadir="$dir/data" --tmpdir="$dir" "${userarg[@]}"
		--innodb-buffer-pool-size=128M --innodb-log-file-size=48M
		--innodb-flush-log-at-trx-commit=2 --skip-name-resolve)
	if ! (cd "$dir" && "$_DBS_MYSQL_INSTALL" --no-defaults --auth-root-authentication-method=normal \
		--skip-test-db "${common[@]}") >"$dir/install.log" 2>&1; then
		_dbserver_err "mariadb-install-db failed in $dir:"
		_dbserver_log_tail "$dir/install.log"
		_dbserver_abort "" TERM "$dir"
		return 1
	fi
	for _ in 1 2 3 4 5; do
		port=$(_dbserver_free_port) || { _dbserver_abort "" TERM "$dir"; return 1; }
		: >"$log"
		(cd "$dir" && exec "$_DBS_MYSQLD" --no-defaults "${common[@]}" --socket="$sock" \
			--port="$port" --bind-address="127.0.0.1${DBSERVER_EXTRA_ADDR:+,$DBSERVER_EXTRA_ADDR}" --pid-file="$dir/mysqld.pid" \
			--log-error="$log" --skip-log-bin --connect-timeout=600 "${tlsargs[@]}" "${extra[@]}") \
			</dev/null >>"$log" 2>&1 &
		pid=$!
		rc=0
		_dbserver_wait_ready "$pid" "$_DBS_MYSQLADMIN" --no-defaults --connect-timeout=2 \
			--socket="$sock" -uroot ping || rc=$?
		[ $rc -eq 0 ] && break
		if [ $rc -eq 2 ] && grep -q 'Address already in use' "$log"; then
			wait "$pid" 2>/dev/null || true
			continue
		fi
		if [ $rc -eq 2 ]; then
			_dbserver_err "mariadbd exited during start-up (port $port, $dir):"
		else
			_dbserver_err "mariadbd not accepting connections after ${DBSERVER_TIMEOUT:-60} s (port $port, $dir):"
		fi
		_dbserver_log_tail "$log"
		_dbserver_abort "$pid" TERM "$dir"
		return 1
	done
	if [ "$rc" -ne 0 ]; then
		_dbserver_err "mariadbd: TCP port still in use after 5 attempts"
		_dbserver_abort "" TERM "$dir"
		return 1
	fi
	# Root without a password only through the private socket; sbtest with
	# its password from anywhere this server listens (127.0.0.1).
	if ! "$_DBS_MYSQL" --no-defaults --socket="$sock" -uroot -N -B -e "
		DELETE FROM mysql.global_priv WHERE User = 'root' AND Host <> 'localhost';
		DELETE FROM mysql.global_priv WHERE User = '';
		FLUSH PRIVILEGES;
		CREATE DATABASE sbtest;
		CREATE USER 'sbtest'@'127.0.0.1' IDENTIFIED BY 'sbtest_pw';
		CREATE USER 'sbtest'@'localhost' IDENTIFIED BY 'sbtest_pw';
		CREATE USER 'sbtest'@'%' IDENTIFIED BY 'sbtest_pw';
		GRANT ALL PRIVILEGES ON sbtest.* TO 'sbtest'@'127.0.0.1';
		GRANT ALL PRIVILEGES ON sbtest.* TO 'sbtest'@'localhost';
		GRANT ALL PRIVILEGES ON sbtest.* TO 'sbtest'@'%';" >"$dir/setup.log" 2>&1; then
		_dbserver_err "creating database/user sbtest failed:"
		_dbserver_log_tail "$dir/setup.log"
		_dbserver_abort "$pid" TERM "$dir"
		return 1
	fi
	_DBS_MYSQL_CHILD=$pid _DBS_MYSQL_OWNER=$me
	_DBS_MYSQL_WATCHDOG=$(_dbserver_start_watchdog "$me" "$pid" TERM "$dir")
	export DB_MYSQL_PORT=$port DB_MYSQL_SOCKET=$sock DB_MYSQL_DIR=$dir DB_MYSQL_PID=$pid
	if [ "$tls" = 1 ]; then
		export DB_MYSQL_TLS_DIR=$dir/tls DB_TLS_DIR=$dir/tls
	else
		unset DB_MYSQL_TLS_DIR
	fi
	export DB_HOST=127.0.0.1 DB_USER=sbtest DB_PASSWORD=sbtest_pw DB_NAME=sbtest
	DB_MYSQL_START_SECONDS=$(_dbserver_elapsed "$t0")
	[ "${DBSERVER_VERBOSE:-0}" = 1 ] &&
		_dbserver_err "mysql up in ${DB_MYSQL_START_SECONDS}s: 127.0.0.1:$port socket $sock pid $pid"
	return 0
}

_dbserver_start_pgsql() {
	local tls=$1 dir log port pid rc=1 t0 me=$BASHPID extra=()
	_dbserver_find_pgsql || return 1
	t0=$(_dbserver_now)
	dir=$(_dbserver_mkdir pgsql) || return 1
	log=$dir/server.log
	if [ "$tls" = 1 ]; then
		_dbserver_make_certs "$dir/tls" || { _dbserver_abort "" INT "$dir"; return 1; }
		# the server checks its key: owned by the server's user, mode 0600
		[ "$(id -u)" -eq 0 ] && chown postgres: "$dir/tls/server-key.pem"
		chmod 0600 "$dir/tls/server-key.pem"
	fi
	if ! (cd "$dir" && _dbserver_as_pg "$_DBS_PGBIN/initdb" -D "$dir/data" -U postgres \
		-A trust -E UTF8 --locale=C --no-sync) >"$dir/initdb.log" 2>&1; then
		_dbserver_err "initdb failed in $dir:"
		_dbserver_log_tail "$dir/initdb.log"
		_dbserver_abort "" INT "$dir"
		return 1
	fi
	cat >"$dir/data/pg_hba.conf" <<'EOF'
# dbserver.sh: superuser over the private socket, everyone else by password
local all postgres trust
local all all scram-sha-256
host all all 127.0.0.1/32 scram-sha-256
EOF
	[ -n "${DBSERVER_EXTRA_ADDR-}" ] &&
		echo "host all all ${DBSERVER_EXTRA_ADDR%.*}.0/24 scram-sha-256" >>"$dir/data/pg_hba.conf"
	{
		echo "# dbserver.sh"
		echo "listen_addresses = '127.0.0.1${DBSERVER_EXTRA_ADDR:+,$DBSERVER_EXTRA_ADDR}'"
		echo "unix_socket_directories = '$dir'"
		echo "fsync = off"
		echo "synchronous_commit = off"
		echo "full_page_writes = off"
		echo "password_encryption = 'scram-sha-256'"
		# 1000 SCRAM handshakes on a loaded 2-core machine took over
		# the default 60 s: a starved client is not what tests test
		echo "authentication_timeout = 600"
		if [ "$tls" = 1 ]; then
			echo "ssl = on"
			echo "ssl_cert_file = '$dir/tls/server-cert.pem'"
			echo "ssl_key_file = '$dir/tls/server-key.pem'"
			echo "ssl_ca_file = '$dir/tls/ca.pem'"
		fi
	} >>"$dir/data/postgresql.conf"
	# shellcheck disable=SC2206
	extra=(${DBSERVER_PGSQL_OPTS-})
	for _ in 1 2 3 4 5; do
		port=$(_dbserver_free_port) || { _dbserver_abort "" INT "$dir"; return 1; }
		: >"$log"
		[ "$(id -u)" -eq 0 ] && chown postgres: "$log"
		_dbserver_pg_prefix
		(cd "$dir" && exec "${_DBS_ASPG[@]}" "$_DBS_PGBIN/postgres" -D "$dir/data" -p "$port" \
			"${extra[@]}") </dev/null >>"$log" 2>&1 &
		pid=$!
		rc=0
		_dbserver_wait_ready "$pid" "$_DBS_PGBIN/pg_isready" -q -h "$dir" -p "$port" \
			-U postgres -d postgres || rc=$?
		[ $rc -eq 0 ] && break
		if [ $rc -eq 2 ] && grep -q 'Address already in use' "$log"; then
			wait "$pid" 2>/dev/null || true
			continue
		fi
		if [ $rc -eq 2 ]; then
			_dbserver_err "postgres exited during start-up (port $port, $dir):"
		else
			_dbserver_err "postgres not accepting connections after ${DBSERVER_TIMEOUT:-60} s (port $port, $dir):"
		fi
		_dbserver_log_tail "$log"
		_dbserver_abort "$pid" INT "$dir"
		return 1
	done
	if [ "$rc" -ne 0 ]; then
		_dbserver_err "postgres: TCP port still in use after 5 attempts"
		_dbserver_abort "" INT "$dir"
		return 1
	fi
	_DBS_PGSQL_CHILD=$pid _DBS_PGSQL_OWNER=$me
	# the postmaster's own pid (differs from $! only when runuser is used)
	if [ -r "$dir/data/postmaster.pid" ]; then
		read -r pid <"$dir/data/postmaster.pid" || pid=$_DBS_PGSQL_CHILD
	fi
	if ! printf '%s\n' "CREATE ROLE sbtest LOGIN PASSWORD 'sbtest_pw';" \
		"CREATE DATABASE sbtest OWNER sbtest;" |
		"$_DBS_PSQL" -X -q -v ON_ERROR_STOP=1 \
			"host=$dir port=$port user=postgres dbname=postgres sslmode=disable" \
			>"$dir/setup.log" 2>&1; then
		_dbserver_err "creating database/role sbtest failed:"
		_dbserver_log_tail "$dir/setup.log"
		_dbserver_abort "$pid" INT "$dir"
		wait "$_DBS_PGSQL_CHILD" 2>/dev/null || true
		return 1
	fi
	_DBS_PGSQL_WATCHDOG=$(_dbserver_start_watchdog "$me" "$pid" INT "$dir")
	export DB_PGSQL_PORT=$port DB_PGSQL_SOCKETDIR=$dir DB_PGSQL_DIR=$dir DB_PGSQL_PID=$pid
	if [ "$tls" = 1 ]; then
		export DB_PGSQL_TLS_DIR=$dir/tls DB_TLS_DIR=$dir/tls
	else
		unset DB_PGSQL_TLS_DIR
	fi
	export DB_HOST=127.0.0.1 DB_USER=sbtest DB_PASSWORD=sbtest_pw DB_NAME=sbtest
	DB_PGSQL_START_SECONDS=$(_dbserver_elapsed "$t0")
	[ "${DBSERVER_VERBOSE:-0}" = 1 ] &&
		_dbserver_err "pgsql up in ${DB_PGSQL_START_SECONDS}s: 127.0.0.1:$port socket dir $dir pid $pid"
	return 0
}

# dbserver_start mysql|pgsql [--tls]: start a throwaway server and export
# its DB_* variables (see the header). Returns 0, or 1 after an error line.
dbserver_start() {
	local kind=${1-} tls=0
	[ $# -gt 0 ] && shift
	while [ $# -gt 0 ]; do
		case $1 in
		--tls) tls=1 ;;
		*) _dbserver_err "dbserver_start: unknown option '$1'"; return 1 ;;
		esac
		shift
	done
	case $kind in
	mysql)
		if [ -n "${_DBS_MYSQL_OWNER-}" ] && _dbserver_alive "${DB_MYSQL_PID-}"; then
			_dbserver_err "a mysql server is already running in this shell (pid $DB_MYSQL_PID)"
			return 1
		fi
		_dbserver_start_mysql "$tls"
		;;
	pgsql)
		if [ -n "${_DBS_PGSQL_OWNER-}" ] && _dbserver_alive "${DB_PGSQL_PID-}"; then
			_dbserver_err "a pgsql server is already running in this shell (pid $DB_PGSQL_PID)"
			return 1
		fi
		_dbserver_start_pgsql "$tls"
		;;
	*)
		_dbserver_err "usage: dbserver_start mysql|pgsql [--tls]"
		return 1
		;;
	esac
}

# dbserver_stop mysql|pgsql: stop the server this shell started, wait for
# it to exit (bounded), remove its directory and unset its variables.
# Stopping a kind that is not running is a no-op.
dbserver_stop() {
	local kind=${1-} pid dir child wd tlsdir rc=0
	case $kind in
	mysql)
		# only what this shell started: DB_* are exported to child
		# processes, which must not stop their parent's servers
		[ -n "${_DBS_MYSQL_OWNER-}" ] || return 0
		pid=${DB_MYSQL_PID-} dir=${DB_MYSQL_DIR-} child=${_DBS_MYSQL_CHILD-}
		wd=${_DBS_MYSQL_WATCHDOG-} tlsdir=${DB_MYSQL_TLS_DIR-}
		;;
	pgsql)
		[ -n "${_DBS_PGSQL_OWNER-}" ] || return 0
		pid=${DB_PGSQL_PID-} dir=${DB_PGSQL_DIR-} child=${_DBS_PGSQL_CHILD-}
		wd=${_DBS_PGSQL_WATCHDOG-} tlsdir=${DB_PGSQL_TLS_DIR-}
		;;
	*)
		_dbserver_err "usage: dbserver_stop mysql|pgsql"
		return 1
		;;
	esac
	if [ -n "$wd" ]; then kill "$wd" 2>/dev/null || true; fi
	if [ -n "$pid" ]; then
		# SIGTERM is mariadbd's normal shutdown; SIGINT is PostgreSQL's
		# fast shutdown (pg_ctl stop -m fast)
		if [ "$kind" = mysql ]; then
			_dbserver_kill_wait "$pid" TERM || rc=1
		else
			_dbserver_kill_wait "$pid" INT || rc=1
		fi
		if [ -n "$child" ] && [ "$child" != "$pid" ]; then
			_dbserver_kill_wait "$child" TERM || true
		fi
	fi
	if [ -n "$dir" ] && [ -d "$dir" ]; then
		rm -rf "$dir" || rc=1
	fi
	[ $rc -eq 0 ] || _dbserver_err "$kind server pid $pid did not stop"
	if [ "$kind" = mysql ]; then
		unset DB_MYSQL_PORT DB_MYSQL_SOCKET DB_MYSQL_DIR DB_MYSQL_PID DB_MYSQL_TLS_DIR \
			_DBS_MYSQL_CHILD _DBS_MYSQL_WATCHDOG _DBS_MYSQL_OWNER
	else
		unset DB_PGSQL_PORT DB_PGSQL_SOCKETDIR DB_PGSQL_DIR DB_PGSQL_PID DB_PGSQL_TLS_DIR \
			_DBS_PGSQL_CHILD _DBS_PGSQL_WATCHDOG _DBS_PGSQL_OWNER
	fi
	# DB_TLS_DIR follows whichever TLS server is still running
	if [ -n "$tlsdir" ] && [ "${DB_TLS_DIR-}" = "$tlsdir" ]; then
		if [ -n "${DB_MYSQL_TLS_DIR-}" ]; then
			export DB_TLS_DIR=$DB_MYSQL_TLS_DIR
		elif [ -n "${DB_PGSQL_TLS_DIR-}" ]; then
			export DB_TLS_DIR=$DB_PGSQL_TLS_DIR
		else
			unset DB_TLS_DIR
		fi
	fi
	return $rc
}

# dbserver_stop_all: stop every server this shell started; for trap ... EXIT.
dbserver_stop_all() {
	local rc=0
	dbserver_stop mysql || rc=1
	dbserver_stop pgsql || rc=1
	return $rc
}

# dbserver_mysql_sql [--db=NAME] ["SQL"]: run SQL (or stdin) as root through
# the socket against sbtest (or NAME; --db= for none); prints rows
# tab-separated without a header. Returns the client's status.
dbserver_mysql_sql() {
	local db=sbtest
	case ${1-} in --db=*) db=${1#--db=}; shift ;; esac
	[ -n "${DB_MYSQL_SOCKET-}" ] || { _dbserver_err "no mysql server started in this shell"; return 1; }
	[ -n "${_DBS_MYSQL-}" ] || _dbserver_find_mysql || return 1
	local args=(--no-defaults --socket="$DB_MYSQL_SOCKET" -uroot -N -B)
	[ -n "$db" ] && args+=(--database="$db")
	if [ $# -gt 0 ]; then
		"$_DBS_MYSQL" "${args[@]}" -e "$*"
	else
		"$_DBS_MYSQL" "${args[@]}"
	fi
}

# dbserver_conn_opts mysql|pgsql: the bench (and sysbench) options that
# reach the started server as DB_USER over TCP, on one line; no word holds
# a space, so "$(dbserver_conn_opts mysql)" may be word-split.
dbserver_conn_opts() {
	case ${1-} in
	mysql) echo "--db-driver=mysql --mysql-host=$DB_HOST --mysql-port=$DB_MYSQL_PORT --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --mysql-db=$DB_NAME" ;;
	pgsql) echo "--db-driver=pgsql --pgsql-host=$DB_HOST --pgsql-port=$DB_PGSQL_PORT --pgsql-user=$DB_USER --pgsql-password=$DB_PASSWORD --pgsql-db=$DB_NAME" ;;
	*) _dbserver_err "usage: dbserver_conn_opts mysql|pgsql"; return 1 ;;
	esac
}

# dbserver_pgsql_sql [--db=NAME] ["SQL"]: run SQL (or stdin) as postgres
# through the socket against sbtest (or NAME); statements run one by one
# (so CREATE DATABASE works); prints rows tab-separated without a header.
# Stops at the first error and returns non-zero.
dbserver_pgsql_sql() {
	local db=sbtest
	case ${1-} in --db=*) db=${1#--db=}; shift ;; esac
	[ -n "$db" ] || db=postgres
	[ -n "${DB_PGSQL_SOCKETDIR-}" ] || { _dbserver_err "no pgsql server started in this shell"; return 1; }
	[ -n "${_DBS_PSQL-}" ] || _dbserver_find_pgsql || return 1
	local args=(-X -q -A -t -F "$(printf '\t')" -v ON_ERROR_STOP=1
		"host=$DB_PGSQL_SOCKETDIR port=$DB_PGSQL_PORT user=postgres dbname=$db sslmode=disable")
	if [ $# -gt 0 ]; then
		printf '%s\n' "$*" | "$_DBS_PSQL" "${args[@]}" -f -
	else
		"$_DBS_PSQL" "${args[@]}" -f -
	fi
}
