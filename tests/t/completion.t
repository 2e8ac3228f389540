bash completion (completion/bench): every word comes from the binary's
listing, `bench --complete-options[=WORKLOAD]` (src/complete/complete.h),
so it cannot drift from the options help shows. Completed here as bash
does at a TAB: the line split into COMP_WORDS at '=' (COMP_WORDBREAKS),
the function run, COMPREPLY printed. Needs bash-completion (skipped
without it).

  $ BC=${BENCH_BASH_COMPLETION:-/usr/share/bash-completion/bash_completion}
  $ [ -f "$BC" ] || { echo "no bash-completion ($BC)" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ mkdir bin && ln -s "$BENCH" bin/bench && PATH=$PWD/bin:$PATH
  $ . "$BC"
  $ . "${BENCH_COMPLETION:-$BENCH_SRCDIR/completion/bench}"
  $ . "$BENCH_SRCDIR/tests/lib/bashcomp.sh"
  $ comp() { bashcomp_line "$@"; }
  $ compopt() { echo "compopt $*" >&2; }   # outside a real TAB: on stderr
  $ complete -p bench
  complete -F _bench bench

The real sysbench (installed here as the suite's reference) keeps its own
completion; sysbench is bench's only where it is bench (package.t):

  $ command -v sysbench >/dev/null && complete -p sysbench 2>/dev/null
  [1]

The driver options of an OLTP workload:

  $ comp 'bench oltp_read_write --mysql-'
  --mysql-compression
  --mysql-connect-timeout=
  --mysql-db=
  --mysql-debug
  --mysql-dry-run
  --mysql-host=
  --mysql-ignore-errors=
  --mysql-password=
  --mysql-port=
  --mysql-socket=
  --mysql-ssl
  --mysql-ssl-ca=
  --mysql-ssl-cert=
  --mysql-ssl-cipher=
  --mysql-ssl-key=
  --mysql-user=

They are the ones help shows (read from the same registry):

  $ diff <(comp 'bench oltp_read_write --mysql-' | sed 's/=$//' | sort) \
  >   <( (bench oltp_read_write help; bench --help) | grep -oE '^  --mysql-[a-z-]+' | sed 's/^  //' | sort -u) && echo same
  same

Every option of the core, the drivers and the workload, for each kind of
workload (C-named tests, OLTP scripts, slap), against help:

  $ for w in cpu fileio memory oltp_read_write select_random_ranges; do
  >   diff <(comp "bench $w --" | sed 's/=$//' | sort) \
  >     <( (bench --help; bench $w help) | grep -oE '^  --[A-Za-z0-9_-]+' | sed 's/^  //' | sort -u) >/dev/null &&
  >   n=$(comp "bench $w --" | wc -l) && [ "$n" -gt 70 ] && echo "$w: as help"
  > done
  cpu: as help
  fileio: as help
  memory: as help
  oltp_read_write: as help
  select_random_ranges: as help

A workload's own options are not offered without it:

  $ comp 'bench --table' ; comp 'bench cpu --table'
  $ comp 'bench oltp_point_select --table'
  --table_size=
  --tables=

Workloads and subcommands first; then the commands (a script's own too):

  $ comp 'bench ' | grep -vc '\.lua$'   # and the directory bin
  23
  $ comp 'bench o' | head -3
  oltp_common
  oltp_delete
  oltp_insert
  $ comp 'bench ' | grep -xE 'cpu|fileio|memory|mutex|threads|merge|compare|plot|slap|oltp_read_write' | tr '\n' ' '
  compare cpu fileio memory merge mutex oltp_read_write plot slap threads  (no-eol)
  $ comp 'bench cpu '
  cleanup
  help
  prepare
  prewarm
  run
  $ cat > own.lua <<'EOF'
  > sysbench.cmdline.options = { depth = {"how deep", 3} }
  > sysbench.cmdline.commands = { grow = {function() end} }
  > print("loading prints nothing into the completion")
  > EOF
  $ comp 'bench ./own.lua g' ; comp 'bench ./own.lua --de'
  grow
  --debug
  --depth=
  $ comp 'bench ow'
  own.lua

Values of enumerated options (from the registries: drivers,
distributions; else the {a,b,c} list of the description):

  $ comp 'bench oltp_read_write --db-driver=' | tr '\n' ' '
  mysql pgsql sqlite  (no-eol)
  $ comp 'bench cpu --rand-type=' | tr '\n' ' '
  gaussian pareto special uniform zipfian  (no-eol)
  $ comp 'bench cpu --report-format=' | tr '\n' ' '
  csv json text  (no-eol)
  $ comp 'bench fileio --file-test-mode=rnd' | tr '\n' ' '
  rndrd rndrw rndwr  (no-eol)
  $ comp 'bench cpu --mysql-ssl=VER' | tr '\n' ' '
  VERIFY_CA VERIFY_IDENTITY  (no-eol)
  $ comp 'bench cpu --histogram=' | tr '\n' ' '
  off on  (no-eol)
  $ comp 'bench cpu --verbosity='
  $ comp 'bench cpu --config-file=ow'
  own.lua

The subcommands: compare and plot have their options (and the core's); their arguments
and merge's are files:

  $ comp 'bench plot --tit' 2>&1; comp 'bench compare --lab' 2>&1
  compopt -o nospace
  --title=
  compopt -o nospace
  --label=
  $ comp 'bench merge o'
  own.lua

The listing itself, and a workload that cannot be loaded (the core's
words only, nothing printed but the listing):

  $ core=$(bench --help | grep -oE '^  --[A-Za-z0-9_-]+' | sort -u | wc -l)
  $ [ "$(bench --complete-options | grep -c '^option ')" = "$core" ] && echo "$core options"
  [0-9]+ options (re)
  $ [ "$(bench --complete-options=no_such_workload 2>&1 | grep -c '^option ')" = "$core" ] && echo same
  same
  $ bench --complete-options=oltp_read_write | grep -E '^(command|subcommand) ' | tr '\n' ' '
  command prepare command prewarm command run command cleanup command help subcommand merge subcommand compare subcommand plot subcommand slap  (no-eol)
