The SQLite driver when things go wrong: a database file that cannot be
opened or is not a database, options with bad values, and writers that
find the file locked (SQLITE_BUSY: an ignorable error that restarts the
event, counted in the report, not fatal).

  $ set -o pipefail
  $ B="timeout 120 $BENCH"
  $ S="--db-driver=sqlite"
  $ cnt() { awk '$1 == "read:" { r = $2 } $1 == "write:" { w = $2 } $1 == "other:" { o = $2 }
  >   $1 == "transactions:" { x = $2 } $1 == "total" && $4 == "events:" { n = $5 }
  >   END { printf "read %s write %s other %s transactions %s events %s\n", r, w, o, x, n }'; }
  $ ignored() { awk '$1 == "ignored" { print "ignored errors:", ($3 > 0 ? "some" : "none") }'; }

A missing folder: one FATAL line that names it (checked once, when the
driver starts, however many threads there are), and exit 1, in prepare and
in run (where the worker threads connect):

  $ $B oltp_read_write $S --sqlite-db=no/such/dir/x.db prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: cannot open the SQLite database 'no/such/dir/x.db': the folder 'no/such/dir' does not exist
  FATAL: `prepare' function failed: */lua/oltp_common.lua:*: failed to initialize the DB driver (glob)
  [1]
  $ $B oltp_read_write $S --sqlite-db=no/such/dir/x.db --threads=4 run 2>&1 | grep -c 'cannot open the SQLite database'
  1
  [1]
  $ $B oltp_read_write $S --sqlite-db=no/such/dir/x.db run > /dev/null
  [1]
  $ ls no
  ls: cannot access 'no': No such file or directory
  [2]

A read-only folder, with and without a database in it. Root may write
anywhere, so as root the commands run as nobody (in a folder nobody can
reach, with a copy of bench and a script that connects and reads; the
database then belongs to nobody, as it belongs to the user who made it
when not root: the file is writable, only its folder is not):

  $ d=$(mktemp -d /tmp/bench-sqlite-XXXXXX) && chmod 755 "$d" && cp "$BENCH" "$d/bench"
  $ cat > "$d/connect.lua" <<'EOF'
  > function event()
  >   local con = sysbench.sql.driver():connect()
  >   print("tables:", con:query_row("SELECT COUNT(*) FROM sqlite_master"))
  > end
  > EOF
  $ mkdir "$d/ro" "$d/ro2"
  $ "$d/bench" "$d/connect.lua" $S --sqlite-db="$d/ro2/x.db" --events=1 --time=0 run | grep tables
  tables:\t0 (esc)
  $ chmod 555 "$d/ro" "$d/ro2"
  $ as_user() { if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi; }
  $ [ "$(id -u)" != 0 ] || chown nobody "$d/ro2/x.db"
  $ (cd "$d" && as_user ./bench connect.lua $S --sqlite-db=ro/x.db --events=1 --time=0 --verbosity=0 run)
  FATAL: cannot open the SQLite database 'ro/x.db': the folder 'ro' is not writable (SQLite creates the database and its journal files there)
  FATAL: `thread_run' function failed: connect.lua:2: failed to initialize the DB driver
  [1]
  $ (cd "$d" && as_user ./bench connect.lua $S --sqlite-db=ro2/x.db --events=1 --time=0 --verbosity=0 run)
  FATAL: cannot use the SQLite database 'ro2/x.db': the folder 'ro2' is not writable (SQLite creates the database and its journal files there)
  FATAL: `thread_run' function failed: connect.lua:2: failed to initialize the DB driver
  [1]
  $ ls "$d/ro"
  $ chmod 755 "$d/ro" "$d/ro2"; rm -rf "$d"

A file that is not a database, and a database whose pages are damaged:
one FATAL line saying so, exit 1, and the file left as it was:

  $ head -c 8192 /dev/zero | tr '\0' 'x' > junk.db
  $ $B oltp_read_write $S --sqlite-db=junk.db prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: cannot use the SQLite database 'junk.db': file is not a database
  FATAL: `prepare' function failed: */lua/oltp_common.lua:*: failed to initialize the DB driver (glob)
  [1]
  $ $B oltp_read_write $S --sqlite-db=junk.db run 2>&1 | grep FATAL
  FATAL: cannot use the SQLite database 'junk.db': file is not a database
  FATAL: `thread_init' function failed: */lua/oltp_common.lua:*: failed to initialize the DB driver (glob)
  FATAL: Thread initialization failed!
  [1]
  $ $B oltp_read_write $S --sqlite-db=junk.db run > /dev/null
  [1]
  $ ls junk.db*; wc -c < junk.db
  junk.db
  8192
  $ $B oltp_point_select $S --sqlite-db=bad.db --table-size=1000 --sqlite-journal-mode=delete prepare > /dev/null
  $ sqlite3 bad.db "PRAGMA page_size; SELECT rootpage FROM sqlite_master WHERE name = 'sbtest1'"
  4096
  2
  $ dd if=/dev/zero of=bad.db bs=4096 seek=1 count=1 conv=notrunc status=none
  $ $B oltp_point_select $S --sqlite-db=bad.db --table-size=1000 --events=10 --time=0 run 2>&1 | grep FATAL
  FATAL: sqlite_drv_execute() returned error 11 (database disk image is malformed (SQLITE_CORRUPT)) for query 'SELECT c FROM sbtest1 WHERE id=?'
  FATAL: `thread_run' function failed: */lua/oltp_common.lua:*: SQL error, errno = 11, state = 'HY000': database disk image is malformed (SQLITE_CORRUPT) (glob)
  [1]
  $ $B oltp_point_select $S --sqlite-db=bad.db --table-size=1000 --events=10 --time=0 run > /dev/null
  [1]

A database in memory is refused (each connection would see its own), and
so is an empty name (a private temporary database per connection):

  $ $B oltp_read_write $S --sqlite-db=:memory: prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: --sqlite-db=:memory: is not supported: each connection (thread) would see its own database. For a database in memory use a file on tmpfs, e.g. --sqlite-db=/dev/shm/sbtest.db
  FATAL: `prepare' function failed: */lua/oltp_common.lua:*: failed to initialize the DB driver (glob)
  [1]
  $ $B oltp_read_write $S --sqlite-db= run 2>&1 | grep -c 'sqlite-db is empty'
  1
  [1]
  $ ls *.db
  bad.db
  junk.db

Bad option values: one line naming the option, the value and what would
do:

  $ for o in --sqlite-journal-mode=fast --sqlite-synchronous=extra --sqlite-ignore-errors=5,BUSY \
  >          --sqlite-cache-size=100 --sqlite-busy-timeout=-1; do
  >   $B oltp_read_write $S $o prepare 2>&1 | grep -m1 -E 'FATAL|Invalid'
  > done
  FATAL: Invalid value for --sqlite-journal-mode: 'fast' (expected wal, delete, truncate, persist, memory or off)
  FATAL: Invalid value for --sqlite-synchronous: 'extra' (expected off, normal or full)
  FATAL: Invalid value for --sqlite-ignore-errors: 'BUSY' (expected SQLite result codes by name or number, e.g. SQLITE_BUSY,SQLITE_LOCKED or 5,6, or "all")
  FATAL: Invalid value for --sqlite-cache-size: 100 bytes (expected at least 1K)
  Invalid value for the 'sqlite-busy-timeout' option: '-1' (expected 0..86400000)
  [1]

The options reach the database (journal mode, synchronous, cache and mmap
sizes, as the connection sees them):

  $ cat > pragmas.lua <<'EOF'
  > function event()
  >   local con = sysbench.sql.driver():connect()
  >   for _, p in ipairs({ "journal_mode", "synchronous", "cache_size", "mmap_size" }) do
  >     print(p, con:query_row("PRAGMA " .. p))
  >   end
  > end
  > EOF
  $ $B pragmas.lua $S --events=1 --time=0 run | grep -P '^[a-z_]+\t'
  journal_mode\twal (esc)
  synchronous\t1 (esc)
  cache_size\t-2000 (esc)
  mmap_size\t0 (esc)
  $ $B pragmas.lua $S --events=1 --time=0 --sqlite-journal-mode=truncate --sqlite-synchronous=full \
  >   --sqlite-cache-size=64M --sqlite-mmap-size=1M run | grep -P '^[a-z_]+\t'
  journal_mode\ttruncate (esc)
  synchronous\t2 (esc)
  cache_size\t-65536 (esc)
  mmap_size\t1048576 (esc)

Busy: a second connection holds the write lock (BEGIN IMMEDIATE) for the
first three attempts of the event, with no wait (--sqlite-busy-timeout=0).
Each attempt fails with SQLITE_BUSY, which is ignorable: the script's
sql_error_ignorable hook sees SQLite's code and message, the event
restarts, the report counts 3 ignored errors, and the run goes on (the 2
others are the holder's BEGIN IMMEDIATE and COMMIT):

  $ $B oltp_read_write $S --table-size=10 prepare > /dev/null
  $ cat > busy.lua <<'EOF'
  > local con, holder, attempts
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   holder = sysbench.sql.driver():connect()
  >   holder:query("BEGIN IMMEDIATE")
  >   attempts = 0
  > end
  > sysbench.hooks.sql_error_ignorable = function(err)
  >   print(string.format("attempt %d: errno %d, state %s: %s (%s)", attempts, err.sql_errno,
  >                       err.sql_state, err.sql_errmsg, err.query))
  > end
  > function event()
  >   attempts = attempts + 1
  >   if attempts == 4 then holder:query("COMMIT") end
  >   con:query("UPDATE sbtest1 SET k = k + 1 WHERE id = 1")
  > end
  > EOF
  $ $B busy.lua $S --sqlite-busy-timeout=0 --events=5 --time=0 run > out; echo "exit $?"
  exit 0
  $ grep -E '^attempt|ignored errors' out
  attempt 1: errno 5, state 40001: database is locked (SQLITE_BUSY) (UPDATE sbtest1 SET k = k + 1 WHERE id = 1)
  attempt 2: errno 5, state 40001: database is locked (SQLITE_BUSY) (UPDATE sbtest1 SET k = k + 1 WHERE id = 1)
  attempt 3: errno 5, state 40001: database is locked (SQLITE_BUSY) (UPDATE sbtest1 SET k = k + 1 WHERE id = 1)
      ignored errors:                      3      (* per sec.) (glob)
  $ cnt < out
  read 0 write 5 other 2 transactions 5 events 5
  $ sqlite3 sbtest.db "SELECT k - (SELECT k FROM sbtest1 WHERE id = 2) FROM sbtest1 WHERE id = 1" | grep -cE '^-?[0-9]+$'
  1

The list takes numbers too (5 is SQLITE_BUSY), and "all"; with the busy
timeout (not 0) the writer waits for the lock instead; an empty list makes
the error fatal:

  $ $B busy.lua $S --sqlite-busy-timeout=0 --sqlite-ignore-errors=1,5 --events=5 --time=0 run | grep ignored
      ignored errors:                      3      (* per sec.) (glob)
  $ $B busy.lua $S --sqlite-busy-timeout=0 --sqlite-ignore-errors=all --events=5 --time=0 run | grep ignored
      ignored errors:                      3      (* per sec.) (glob)
  $ $B busy.lua $S --sqlite-busy-timeout=0 --sqlite-ignore-errors= --events=5 --time=0 run 2>&1 | grep FATAL
  FATAL: sqlite_drv_query() returned error 5 (database is locked (SQLITE_BUSY)) for query 'UPDATE sbtest1 SET k = k + 1 WHERE id = 1'
  FATAL: `thread_run' function failed: busy.lua:15: SQL error, errno = 5, state = '40001': database is locked (SQLITE_BUSY)
  [1]
  $ $B busy.lua $S --sqlite-busy-timeout=0 --sqlite-ignore-errors= --events=5 --time=0 run > /dev/null
  [1]

Concurrent writers. Without any wait for the lock, two threads of
oltp_write_only keep failing each other's BEGIN IMMEDIATE: ignorable,
counted, not fatal, and every transaction is done in full once (the counts
are exact):

  $ $B oltp_write_only $S --table-size=10 --threads=2 --events=400 --time=0 --sqlite-busy-timeout=0 \
  >   --event-retries=0 run > out; echo "exit $?"
  exit 0
  $ cnt < out; ignored < out; grep -c FATAL out
  read 0 write 1600 other 800 transactions 400 events 400
  ignored errors: some
  0
  [1]

Threads that open the file while others already write (or while the
first opener rebuilds the WAL index) wait for it even with no wait for
statements: --sqlite-busy-timeout is about the measured statements, a
connection that could not open would end the run (it did, now and then):

  $ for i in 1 2 3 4 5 6; do
  >   $B oltp_write_only $S --table-size=10 --threads=8 --events=40 --time=0 --sqlite-busy-timeout=0 \
  >     --event-retries=0 run > out 2>&1 || grep -m2 FATAL out
  > done; cnt < out
  read 0 write 160 other 80 transactions 40 events 40

With deferred transactions (a script's own BEGIN), a transaction that has
read while another one committed cannot write any more
(SQLITE_BUSY_SNAPSHOT, extended code 517, with no wait): the driver rolls
it back, the event restarts, and the run goes on. A primary code in the
list (SQLITE_BUSY) covers its extended codes:

  $ cat > deferred.lua <<'EOF'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   con:query("BEGIN")
  >   con:query("SELECT k FROM sbtest1 WHERE id = 1")
  >   con:query("UPDATE sbtest1 SET k = k + 1 WHERE id = 1")
  >   con:query("COMMIT")
  > end
  > EOF
  $ $B deferred.lua $S --threads=2 --events=400 --time=0 --event-retries=0 run > out; echo "exit $?"
  exit 0
  $ cnt < out | cut -d' ' -f3-4,7-; grep -c FATAL out
  write 400 transactions 400 events 400
  0
  [1]
  $ $B deferred.lua $S --threads=2 --events=400 --time=0 --event-retries=0 \
  >   --sqlite-ignore-errors=SQLITE_BUSY run | cnt | cut -d' ' -f3-4,7-
  write 400 transactions 400 events 400
  $ $B oltp_read_write $S cleanup > /dev/null; sqlite3 sbtest.db "SELECT COUNT(*) FROM sqlite_master"
  0

A URI name is refused with its own message (not the :memory: one):

  $ $B oltp_read_write $S --sqlite-db='file:x.db?mode=ro' prepare 2>&1 | grep FATAL | head -1
  FATAL: --sqlite-db=file:x.db?mode=ro: URI file names are not supported; give the database file's path (bench opens it read-write)
  [1]
