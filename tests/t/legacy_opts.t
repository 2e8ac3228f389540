The sysbench 0.5 API's globals and the era's options, without a server.

  $ B="timeout 60 $BENCH"
  $ nowarn() { grep -v '^WARNING: '; }
  $ out() { grep -v '^bench [0-9]' | sed '/./,$!d'; }   # no banner
  $ cat > dump.lua <<'LUA'
  > function dump()
  >   local keys = {}
  >   for k in pairs(_G) do keys[#keys + 1] = k end
  >   table.sort(keys)
  >   for _, k in ipairs(keys) do
  >     local v = _G[k]
  >     if type(v) == "table" or type(v) == "function" then print(k, type(v))
  >     else print(k, type(v), tostring(v)) end
  >   end
  > end
  > function prepare() dump() end
  > function event() end
  > LUA

A script that declares no options (a legacy one) sees sysbench 1.0.20's
globals: the script's path as given in `test`, `thread_id` (0 in the main
state), the 0.5 constants, the legacy functions, and every option of
sysbench 1.0.20 under its own name. Not `debug`: sysbench replaced Lua's
debug library with the --debug flag there; bench keeps the library.

  $ $B --verbosity=0 dump.lua prepare 2>&1 | nowarn | out
  DB_ERROR_FAILED\tnumber\t2 (esc)
  DB_ERROR_NONE\tnumber\t0 (esc)
  DB_ERROR_RESTART_TRANSACTION\tnumber\t1 (esc)
  _G\ttable (esc)
  _VERSION\tstring\tLua 5.1 (esc)
  assert\tfunction (esc)
  bit\ttable (esc)
  collectgarbage\tfunction (esc)
  coroutine\ttable (esc)
  db_bind_param\tfunction (esc)
  db_bind_result\tfunction (esc)
  db_bulk_insert_done\tfunction (esc)
  db_bulk_insert_init\tfunction (esc)
  db_bulk_insert_next\tfunction (esc)
  db_close\tfunction (esc)
  db_connect\tfunction (esc)
  db_debug\tboolean\tfalse (esc)
  db_disconnect\tfunction (esc)
  db_driver\tstring\tmysql (esc)
  db_execute\tfunction (esc)
  db_free_results\tfunction (esc)
  db_prepare\tfunction (esc)
  db_ps_mode\tstring\tauto (esc)
  db_query\tfunction (esc)
  db_store_results\tfunction (esc)
  debug\ttable (esc)
  dofile\tfunction (esc)
  dump\tfunction (esc)
  error\tfunction (esc)
  event\tfunction (esc)
  events\tnumber\t0 (esc)
  ffi\ttable (esc)
  forced_shutdown\tstring\toff (esc)
  gcinfo\tfunction (esc)
  getfenv\tfunction (esc)
  getmetatable\tfunction (esc)
  help\tboolean\tfalse (esc)
  histogram\tboolean\tfalse (esc)
  io\ttable (esc)
  ipairs\tfunction (esc)
  jit\ttable (esc)
  load\tfunction (esc)
  loadfile\tfunction (esc)
  loadstring\tfunction (esc)
  math\ttable (esc)
  max_requests\tnumber\t0 (esc)
  max_time\tnumber\t0 (esc)
  module\tfunction (esc)
  myisam_max_rows\tnumber\t1000000 (esc)
  mysql_compression\tboolean\tfalse (esc)
  mysql_db\tstring\tsbtest (esc)
  mysql_debug\tboolean\tfalse (esc)
  mysql_dry_run\tboolean\tfalse (esc)
  mysql_host\ttable (esc)
  mysql_ignore_errors\ttable (esc)
  mysql_password\tstring\t (esc)
  mysql_port\ttable (esc)
  mysql_socket\ttable (esc)
  mysql_ssl\tboolean\tfalse (esc)
  mysql_ssl_cipher\tstring\t (esc)
  mysql_table_engine\tstring\tinnodb (esc)
  mysql_user\tstring\tsbtest (esc)
  newproxy\tfunction (esc)
  next\tfunction (esc)
  num_threads\tnumber\t1 (esc)
  os\ttable (esc)
  package\ttable (esc)
  pairs\tfunction (esc)
  pcall\tfunction (esc)
  percentile\tnumber\t95 (esc)
  pgsql_db\tstring\tsbtest (esc)
  pgsql_host\tstring\tlocalhost (esc)
  pgsql_password\tstring\t (esc)
  pgsql_port\tnumber\t5432 (esc)
  pgsql_user\tstring\tsbtest (esc)
  prepare\tfunction (esc)
  print\tfunction (esc)
  rand_pareto_h\tnumber\t0.2 (esc)
  rand_seed\tnumber\t0 (esc)
  rand_spec_iter\tnumber\t12 (esc)
  rand_spec_pct\tnumber\t1 (esc)
  rand_spec_res\tnumber\t75 (esc)
  rand_type\tstring\tspecial (esc)
  rate\tnumber\t0 (esc)
  rawequal\tfunction (esc)
  rawget\tfunction (esc)
  rawset\tfunction (esc)
  report_checkpoints\ttable (esc)
  report_interval\tnumber\t0 (esc)
  require\tfunction (esc)
  sb_rand\tfunction (esc)
  sb_rand_gaussian\tfunction (esc)
  sb_rand_pareto\tfunction (esc)
  sb_rand_special\tfunction (esc)
  sb_rand_str\tfunction (esc)
  sb_rand_uniform\tfunction (esc)
  sb_rand_uniq\tfunction (esc)
  sb_rnd\tfunction (esc)
  select\tfunction (esc)
  setfenv\tfunction (esc)
  setmetatable\tfunction (esc)
  string\ttable (esc)
  sysbench\ttable (esc)
  table\ttable (esc)
  test\tstring\tdump.lua (esc)
  thread_id\tnumber\t0 (esc)
  thread_run\tfunction (esc)
  thread_stack_size\tnumber\t65536 (esc)
  threads\tnumber\t1 (esc)
  time\tnumber\t10 (esc)
  tonumber\tfunction (esc)
  tostring\tfunction (esc)
  tx_rate\tnumber\t0 (esc)
  type\tfunction (esc)
  unpack\tfunction (esc)
  validate\tboolean\tfalse (esc)
  verbosity\tnumber\t0 (esc)
  version\tboolean\tfalse (esc)
  xpcall\tfunction (esc)
  $ $B --test=dump.lua prepare 2>&1 | nowarn | grep -E '^(test|thread_id)\b'
  test\tstring\tdump.lua (esc)
  thread_id\tnumber\t0 (esc)

The same list as the real sysbench's but for `debug` and sb_rand_pareto
(bench's):

  $ if command -v sysbench > /dev/null; then
  >   sysbench --verbosity=0 dump.lua prepare > sysbench.out 2>&1
  >   $B --verbosity=0 dump.lua prepare 2>&1 | nowarn | out > bench.out
  >   diff sysbench.out bench.out | sed -n 's/^</sysbench:/p; s/^>/bench:/p'
  > fi
  sysbench: debug\tboolean\tfalse (esc)
  bench: debug\ttable (esc)
  bench: sb_rand_pareto\tfunction (esc)

Undeclared --name=value options become globals too. A value written as Lua
prints a number becomes a number (0.5 scripts loop "for i = 1,
oltp_table_size"; sysbench 1.0.20 gives them strings, and they fail); any
other text stays a string, on/off included (the scripts compare them with
'on'):

  $ $B dump.lua --oltp-table-size=1000 --oltp_tables_count=3 --ratio=0.5 --oltp-read-only=on --padded=007 --sci=1e3 --size=10K --neg=-5 --bare prepare 2>&1 |
  >   grep -E '^(oltp_|ratio|padded|sci|size|neg|bare)'
  bare\tstring\t (esc)
  neg\tnumber\t-5 (esc)
  oltp_read_only\tstring\ton (esc)
  oltp_table_size\tnumber\t1000 (esc)
  oltp_tables_count\tnumber\t3 (esc)
  padded\tstring\t007 (esc)
  ratio\tnumber\t0.5 (esc)
  sci\tstring\t1e3 (esc)
  size\tstring\t10K (esc)

Option values replace the script's own globals of the same name (as in
sysbench), but never a function; worker threads see them as well:

  $ cat > over.lua <<'LUA'
  > oltp_table_size = 7
  > time = "mine"
  > function help() print("my help") end
  > function prepare() print(oltp_table_size, time, type(help)) end
  > function thread_init() print("thread", thread_id, oltp_table_size, num_threads, max_requests, mysql_table_engine) end
  > function event() end
  > LUA
  $ $B over.lua --oltp-table-size=9 prepare 2>&1 | nowarn | out
  9\t10\tfunction (esc)
  $ $B over.lua help 2>&1 | nowarn | out
  my help
  $ $B over.lua --oltp-table-size=9 --num-threads=2 --max-requests=2 --mysql-table-engine=myisam run 2>&1 | grep '^thread' | sort
  thread\t0\t9\t2\t2\tmyisam (esc)
  thread\t1\t9\t2\t2\tmyisam (esc)

A script that declares its options gets none of the option globals (as in
sysbench), only the constants:

  $ cat > decl.lua <<'LUA'
  > sysbench.cmdline.options = { table_size = { "rows", 10 }, mysql_storage_engine = { "engine", "innodb" } }
  > function prepare()
  >   print(num_threads, oltp_table_size, test, thread_id, mysql_table_engine, myisam_max_rows, DB_ERROR_FAILED)
  >   print(sysbench.opt.table_size, sysbench.opt.mysql_storage_engine)
  > end
  > LUA
  $ $B decl.lua prepare 2>&1 | out
  nil\tnil\tdecl.lua\t0\tinnodb\t1000000\t2 (esc)
  10\tinnodb (esc)

The era's options sysbench 1.0.20 rejects are accepted with one warning
each, saying they are ignored and why (at any --verbosity, as the warnings
of the deprecated aliases); a legacy script still sees them as strings:

  $ $B decl.lua --init-rng=on --rand-init=on --mysql-engine-trx=yes prepare 2>&1 | out
  WARNING: --init-rng is deprecated and ignored: the random number generator is always initialized, from --rand-seed or, when that is 0 (the default), from the current time
  WARNING: --rand-init is deprecated and ignored: the random number generator is always initialized, from --rand-seed or, when that is 0 (the default), from the current time
  WARNING: --mysql-engine-trx is deprecated and ignored: whether to use transactions is up to the script (--oltp-skip-trx for the legacy OLTP scripts, --skip-trx for oltp_*)
  nil\tnil\tdecl.lua\t0\tinnodb\t1000000\t2 (esc)
  10\tinnodb (esc)
  $ $B dump.lua --init-rng=on prepare 2>&1 | grep -E '^(WARNING|init_rng)'
  WARNING: --init-rng is deprecated and ignored: the random number generator is always initialized, from --rand-seed or, when that is 0 (the default), from the current time
  init_rng\tstring\ton (esc)
  $ $B --verbosity=0 decl.lua --rand-init=on --max-requests=1 prepare 2>&1 | grep '^WARNING'
  WARNING: --max-requests is deprecated, use --events instead
  WARNING: --rand-init is deprecated and ignored: the random number generator is always initialized, from --rand-seed or, when that is 0 (the default), from the current time

An --oltp-* name and --mysql-table-engine reach the script's option of
today's name, when it declares one; that one wins when both are given:

  $ $B decl.lua --oltp-table-size=5 --mysql-table-engine=myisam prepare 2>&1 | out
  WARNING: --mysql-table-engine is deprecated, use --mysql-storage-engine instead
  WARNING: --oltp-table-size is deprecated, use --table-size instead
  nil\tnil\tdecl.lua\t0\tinnodb\t1000000\t2 (esc)
  5\tmyisam (esc)
  $ $B decl.lua --oltp-table-size=5 --table-size=6 prepare 2>&1 | out
  WARNING: --oltp-table-size is deprecated and ignored: --table-size is given
  nil\tnil\tdecl.lua\t0\tinnodb\t1000000\t2 (esc)
  6\tinnodb (esc)
  $ $B decl.lua --oltp-table-size=x prepare 2>&1 | out; echo "exit ${PIPESTATUS[0]}"
  WARNING: --oltp-table-size is deprecated, use --table-size instead
  FATAL: Invalid value for the 'table_size' option: 'x'
  exit 1

A script without that option rejects the old name, as sysbench does:

  $ $B decl.lua --oltp-range-size=5 prepare 2>&1 | out; echo "exit ${PIPESTATUS[0]}"
  invalid option: --oltp-range-size=5
  exit 1
