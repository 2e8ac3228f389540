/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the option registry (src/opt/opt.c): sysbench's parsing
 * rules, the config file, pending values and the exact help layout of
 * sysbench 1.0.20 (expected texts copied from reference/help.txt and
 * reference/oltp-help.txt).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opt/opt.h"
#include "util/log.h"
#include "tap.h"

#define N_(a) (sizeof(a) / sizeof((a)[0]))

/* ---- fixtures --------------------------------------------------------- */

/* The General options of sysbench 1.0.20, with ranges added to exercise
 * range checks (help does not show ranges, so the layout is unaffected). */
static const struct opt_def general_defs[] = {
	{ "threads", OPT_INT, "number of threads to use", "1", 1, 1e6, 0, NULL },
	{ "events", OPT_INT, "limit for total number of events", "0", 0, 0, 0, NULL },
	{ "time", OPT_INT, "limit for total execution time in seconds", "10",
	  0, 2147483647, 0, NULL },
	{ "forced-shutdown", OPT_STRING, "number of seconds to wait after the --time limit before forcing shutdown, or 'off' to disable",
	  "off", 0, 0, 0, NULL },
	{ "thread-stack-size", OPT_SIZE, "size of stack per thread", "64K", 0, 0, 0, NULL },
	{ "rate", OPT_INT, "average transactions rate. 0 for unlimited rate", "0", 0, 0, 0, NULL },
	{ "report-interval", OPT_INT, "periodically report intermediate statistics with a specified interval in seconds. 0 disables intermediate reports",
	  "0", 0, 0, 0, NULL },
	{ "report-checkpoints", OPT_LIST, "dump full statistics and reset all counters at specified points in time. The argument is a list of comma-separated values representing the amount of time in seconds elapsed from start of test when report checkpoint(s) must be performed. Report checkpoints are off by default.",
	  "", 0, 0, 0, NULL },
	{ "debug", OPT_BOOL, "print more debugging info", "off", 0, 0, 0, NULL },
	{ "validate", OPT_BOOL, "perform validation checks where possible", "off", 0, 0, 0, NULL },
	{ "help", OPT_BOOL, "print help and exit", "off", 0, 0, 0, NULL },
	{ "version", OPT_BOOL, "print version and exit", "off", 0, 0, 0, NULL },
	{ "config-file", OPT_FILE, "File containing command line options", NULL, 0, 0, 0, NULL },
	{ "tx-rate", OPT_INT, "deprecated alias for --rate", "0", 0, 0, OPT_F_DEPRECATED, "rate" },
	{ "max-requests", OPT_INT, "deprecated alias for --events", "0", 0, 0, OPT_F_DEPRECATED, "events" },
	{ "max-time", OPT_INT, "deprecated alias for --time", "0", 0, 0, OPT_F_DEPRECATED, "time" },
	{ "num-threads", OPT_INT, "deprecated alias for --threads", "1", 0, 0, OPT_F_DEPRECATED, "threads" },
	/* not in sysbench's help; must not widen the column either */
	{ "a-very-long-hidden-option-name", OPT_STRING, "secret", "x", 0, 0, OPT_F_HIDDEN, NULL },
};

static const char general_help[] =
	"  --threads=N                     number of threads to use [1]\n"
	"  --events=N                      limit for total number of events [0]\n"
	"  --time=N                        limit for total execution time in seconds [10]\n"
	"  --forced-shutdown=STRING        number of seconds to wait after the --time limit before forcing shutdown, or 'off' to disable [off]\n"
	"  --thread-stack-size=SIZE        size of stack per thread [64K]\n"
	"  --rate=N                        average transactions rate. 0 for unlimited rate [0]\n"
	"  --report-interval=N             periodically report intermediate statistics with a specified interval in seconds. 0 disables intermediate reports [0]\n"
	"  --report-checkpoints=[LIST,...] dump full statistics and reset all counters at specified points in time. The argument is a list of comma-separated values representing the amount of time in seconds elapsed from start of test when report checkpoint(s) must be performed. Report checkpoints are off by default. []\n"
	"  --debug[=on|off]                print more debugging info [off]\n"
	"  --validate[=on|off]             perform validation checks where possible [off]\n"
	"  --help[=on|off]                 print help and exit [off]\n"
	"  --version[=on|off]              print version and exit [off]\n"
	"  --config-file=FILENAME          File containing command line options\n"
	"  --tx-rate=N                     deprecated alias for --rate [0]\n"
	"  --max-requests=N                deprecated alias for --events [0]\n"
	"  --max-time=N                    deprecated alias for --time [0]\n"
	"  --num-threads=N                 deprecated alias for --threads [1]\n";

static const struct opt_def rand_defs[] = {
	{ "rand-type", OPT_STRING, "random numbers distribution {uniform,gaussian,special,pareto}", "special", 0, 0, 0, NULL },
	{ "rand-spec-iter", OPT_INT, "number of iterations used for numbers generation", "12", 0, 0, 0, NULL },
	{ "rand-spec-pct", OPT_INT, "percentage of values to be treated as 'special' (for special distribution)", "1", 0, 0, 0, NULL },
	{ "rand-spec-res", OPT_INT, "percentage of 'special' values to use (for special distribution)", "75", 0, 0, 0, NULL },
	{ "rand-seed", OPT_INT, "seed for random number generator. When 0, the current time is used as a RNG seed.", "0", 0, 0, 0, NULL },
	{ "rand-pareto-h", OPT_DOUBLE, "parameter h for pareto distribution", "0.2", 0, 1, 0, NULL },
};

static const char rand_help[] =
	"  --rand-type=STRING random numbers distribution {uniform,gaussian,special,pareto} [special]\n"
	"  --rand-spec-iter=N number of iterations used for numbers generation [12]\n"
	"  --rand-spec-pct=N  percentage of values to be treated as 'special' (for special distribution) [1]\n"
	"  --rand-spec-res=N  percentage of 'special' values to use (for special distribution) [75]\n"
	"  --rand-seed=N      seed for random number generator. When 0, the current time is used as a RNG seed. [0]\n"
	"  --rand-pareto-h=N  parameter h for pareto distribution [0.2]\n";

static const struct opt_def log_defs[] = {
	{ "verbosity", OPT_INT, "verbosity level {5 - debug, 0 - only critical messages}", "3", 0, 5, 0, NULL },
};

static const char log_help[] =
	"  --verbosity=N verbosity level {5 - debug, 0 - only critical messages} [3]\n";

/* sysbench's heading-less group right after "Log options" */
static const struct opt_def stat_defs[] = {
	{ "percentile", OPT_INT, "percentile to calculate in latency statistics (1-100). Use the special value of 0 to disable percentile calculations", "95", 0, 100, 0, NULL },
	{ "histogram", OPT_BOOL, "print latency histogram in report", "off", 0, 0, 0, NULL },
};

static const char stat_help[] =
	"  --percentile=N       percentile to calculate in latency statistics (1-100). Use the special value of 0 to disable percentile calculations [95]\n"
	"  --histogram[=on|off] print latency histogram in report [off]\n";

static const struct opt_def mysql_defs[] = {
	{ "mysql-host", OPT_LIST, "MySQL server host", "localhost", 0, 0, 0, NULL },
	{ "mysql-port", OPT_LIST, "MySQL server port", "3306", 0, 0, 0, NULL },
	{ "mysql-socket", OPT_LIST, "MySQL socket", NULL, 0, 0, 0, NULL },
	{ "mysql-user", OPT_STRING, "MySQL user", "sbtest", 0, 0, 0, NULL },
	{ "mysql-password", OPT_STRING, "MySQL password", "", 0, 0, 0, NULL },
	{ "mysql-db", OPT_STRING, "MySQL database name", "sbtest", 0, 0, 0, NULL },
	{ "mysql-ssl", OPT_BOOL, "use SSL connections, if available in the client library", "off", 0, 0, 0, NULL },
	{ "mysql-ssl-cipher", OPT_STRING, "use specific cipher for SSL connections", "", 0, 0, 0, NULL },
	{ "mysql-compression", OPT_BOOL, "use compression, if available in the client library", "off", 0, 0, 0, NULL },
	{ "mysql-debug", OPT_BOOL, "trace all client library calls", "off", 0, 0, 0, NULL },
	{ "mysql-ignore-errors", OPT_LIST, "list of errors to ignore, or \"all\"", "1213,1020,1205", 0, 0, 0, NULL },
	{ "mysql-dry-run", OPT_BOOL, "Dry run, pretend that all MySQL client API calls are successful without executing them", "off", 0, 0, 0, NULL },
};

static const char mysql_help[] =
	"  --mysql-host=[LIST,...]          MySQL server host [localhost]\n"
	"  --mysql-port=[LIST,...]          MySQL server port [3306]\n"
	"  --mysql-socket=[LIST,...]        MySQL socket\n"
	"  --mysql-user=STRING              MySQL user [sbtest]\n"
	"  --mysql-password=STRING          MySQL password []\n"
	"  --mysql-db=STRING                MySQL database name [sbtest]\n"
	"  --mysql-ssl[=on|off]             use SSL connections, if available in the client library [off]\n"
	"  --mysql-ssl-cipher=STRING        use specific cipher for SSL connections []\n"
	"  --mysql-compression[=on|off]     use compression, if available in the client library [off]\n"
	"  --mysql-debug[=on|off]           trace all client library calls [off]\n"
	"  --mysql-ignore-errors=[LIST,...] list of errors to ignore, or \"all\" [1213,1020,1205]\n"
	"  --mysql-dry-run[=on|off]         Dry run, pretend that all MySQL client API calls are successful without executing them [off]\n";

/* oltp_common's declaration order; help sorts them by name. */
static const struct opt_def oltp_defs[] = {
	{ "tables", OPT_INT, "Number of tables", "1", 0, 0, 0, NULL },
	{ "table_size", OPT_INT, "Number of rows per table", "10000", 0, 0, 0, NULL },
	{ "range_size", OPT_INT, "Range size for range SELECT queries", "100", 0, 0, 0, NULL },
	{ "point_selects", OPT_INT, "Number of point SELECT queries per transaction", "10", 0, 0, 0, NULL },
	{ "simple_ranges", OPT_INT, "Number of simple range SELECT queries per transaction", "1", 0, 0, 0, NULL },
	{ "sum_ranges", OPT_INT, "Number of SELECT SUM() queries per transaction", "1", 0, 0, 0, NULL },
	{ "order_ranges", OPT_INT, "Number of SELECT ORDER BY queries per transaction", "1", 0, 0, 0, NULL },
	{ "distinct_ranges", OPT_INT, "Number of SELECT DISTINCT queries per transaction", "1", 0, 0, 0, NULL },
	{ "index_updates", OPT_INT, "Number of UPDATE index queries per transaction", "1", 0, 0, 0, NULL },
	{ "non_index_updates", OPT_INT, "Number of UPDATE non-index queries per transaction", "1", 0, 0, 0, NULL },
	{ "delete_inserts", OPT_INT, "Number of DELETE/INSERT combinations per transaction", "1", 0, 0, 0, NULL },
	{ "range_selects", OPT_BOOL, "Enable/disable all range SELECT queries", "true", 0, 0, 0, NULL },
	{ "auto_inc", OPT_BOOL, "Use AUTO_INCREMENT column as Primary Key (for MySQL), or its alternatives in other DBMS. When disabled, use client-generated IDs", "on", 0, 0, 0, NULL },
	{ "skip_trx", OPT_BOOL, "Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode", "false", 0, 0, 0, NULL },
	{ "secondary", OPT_BOOL, "Use a secondary index in place of the PRIMARY KEY", "0", 0, 0, 0, NULL },
	{ "create_secondary", OPT_BOOL, "Create a secondary index in addition to the PRIMARY KEY", "1", 0, 0, 0, NULL },
	{ "mysql_storage_engine", OPT_STRING, "Storage engine, if MySQL is used", "innodb", 0, 0, 0, NULL },
	{ "pgsql_variant", OPT_STRING, "Use this PostgreSQL variant when running with the PostgreSQL driver. The only currently supported variant is 'redshift'. When enabled, create_secondary is automatically disabled, and delete_inserts is set to 0", NULL, 0, 0, 0, NULL },
};

static const char oltp_help[] =
	"  --auto_inc[=on|off]           Use AUTO_INCREMENT column as Primary Key (for MySQL), or its alternatives in other DBMS. When disabled, use client-generated IDs [on]\n"
	"  --create_secondary[=on|off]   Create a secondary index in addition to the PRIMARY KEY [on]\n"
	"  --delete_inserts=N            Number of DELETE/INSERT combinations per transaction [1]\n"
	"  --distinct_ranges=N           Number of SELECT DISTINCT queries per transaction [1]\n"
	"  --index_updates=N             Number of UPDATE index queries per transaction [1]\n"
	"  --mysql_storage_engine=STRING Storage engine, if MySQL is used [innodb]\n"
	"  --non_index_updates=N         Number of UPDATE non-index queries per transaction [1]\n"
	"  --order_ranges=N              Number of SELECT ORDER BY queries per transaction [1]\n"
	"  --pgsql_variant=STRING        Use this PostgreSQL variant when running with the PostgreSQL driver. The only currently supported variant is 'redshift'. When enabled, create_secondary is automatically disabled, and delete_inserts is set to 0\n"
	"  --point_selects=N             Number of point SELECT queries per transaction [10]\n"
	"  --range_selects[=on|off]      Enable/disable all range SELECT queries [on]\n"
	"  --range_size=N                Range size for range SELECT queries [100]\n"
	"  --secondary[=on|off]          Use a secondary index in place of the PRIMARY KEY [off]\n"
	"  --simple_ranges=N             Number of simple range SELECT queries per transaction [1]\n"
	"  --skip_trx[=on|off]           Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode [off]\n"
	"  --sum_ranges=N                Number of SELECT SUM() queries per transaction [1]\n"
	"  --table_size=N                Number of rows per table [10000]\n"
	"  --tables=N                    Number of tables [1]\n";

/* ---- helpers ---------------------------------------------------------- */

static char *print_group(const char *group, int sorted)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	opt_print_group(f, group, sorted);
	fclose(f);
	return buf;
}

/* Compares and, on mismatch, shows both texts so a layout bug is visible. */
static void check_text(const char *got, const char *want, const char *what)
{
	if (!ok(got != NULL && strcmp(got, want) == 0, "%s", what)) {
		diag("expected:\n%s", want);
		diag("got:\n%s", got ? got : "(null)");
	}
}

static void check_err(int rc, int want_rc, const char *want_msg, const char *what)
{
	ok(rc == want_rc, "%s: rc %d (want %d)", what, rc, want_rc);
	if (!ok(strcmp(opt_error(), want_msg) == 0, "%s: message", what))
		diag("got '%s', want '%s'", opt_error(), want_msg);
}

/* stdout capture, to see the deprecation warnings log_msg prints (to
 * stdout, as sysbench) */
static int saved_stderr = -1;
static FILE *cap_file;

static void capture_begin(void)
{
	fflush(stdout);
	saved_stderr = dup(1);
	cap_file = tmpfile();
	dup2(fileno(cap_file), 1);
}

static char *capture_end(void)
{
	long n;
	char *buf;

	fflush(stdout);
	dup2(saved_stderr, 1);
	close(saved_stderr);
	n = ftell(cap_file);
	if (n < 0)
		n = 0;
	buf = calloc(1, (size_t)n + 1);
	rewind(cap_file);
	if (fread(buf, 1, (size_t)n, cap_file) != (size_t)n)
		buf[0] = '\0';
	fclose(cap_file);
	/* the TAP lines printed meanwhile go back out; the rest is the log */
	{
		char *src = buf, *dst = buf, *nl;
		while (*src) {
			size_t len;
			nl = strchr(src, '\n');
			len = nl ? (size_t)(nl - src + 1) : strlen(src);
			if (strncmp(src, "ok ", 3) == 0 || strncmp(src, "not ok ", 7) == 0 ||
			    src[0] == '#') {
				fwrite(src, 1, len, stdout);
			} else {
				memmove(dst, src, len);
				dst += len;
			}
			src += len;
		}
		*dst = '\0';
	}
	return buf;
}

static int argv_parse(int n, const char **words)
{
	/* argv[0] is the program name and must be skipped by the parser */
	char *argv[32];
	int i;
	argv[0] = (char *)"bench";
	for (i = 0; i < n; i++)
		argv[i + 1] = (char *)words[i];
	return opt_parse_argv(n + 1, argv);
}

static int define_all_core(void)
{
	int rc = 0;
	rc |= opt_define("General options", general_defs, N_(general_defs));
	rc |= opt_define("Pseudo-Random Numbers Generator options", rand_defs, N_(rand_defs));
	rc |= opt_define("Log options", log_defs, N_(log_defs));
	rc |= opt_define("", stat_defs, N_(stat_defs));
	return rc;
}

static int set_rc(const char *name, const char *value)
{
	return opt_set(name, value);
}

/* ---- tests ------------------------------------------------------------ */

static void test_help_layout(void)
{
	char *s;

	opt_init();
	ok(define_all_core() == 0, "core groups defined");
	ok(opt_define("mysql options", mysql_defs, N_(mysql_defs)) == 0, "mysql group defined");
	ok(opt_define("oltp_read_write options", oltp_defs, N_(oltp_defs)) == 0, "oltp group defined");

	s = print_group("General options", 0);
	check_text(s, general_help, "help: General options match help.txt (hidden option left out)");
	free(s);
	s = print_group("Pseudo-Random Numbers Generator options", 0);
	check_text(s, rand_help, "help: random options");
	free(s);
	s = print_group("Log options", 0);
	check_text(s, log_help, "help: log options");
	free(s);
	s = print_group("", 0);
	check_text(s, stat_help, "help: heading-less group");
	free(s);
	s = print_group("mysql options", 0);
	check_text(s, mysql_help, "help: mysql LIST/STRING/BOOL, no default for --mysql-socket");
	free(s);
	s = print_group("oltp_read_write options", 1);
	check_text(s, oltp_help, "help: sorted workload options, BOOL defaults shown as on/off");
	free(s);
	s = print_group("no such group", 0);
	check_text(s, "", "help: unknown group prints nothing");
	free(s);

	/* setting a value does not change the help's default, as in sysbench */
	ok(set_rc("threads", "8") == 0, "threads=8");
	s = print_group("Log options", 0);
	check_text(s, log_help, "help unchanged by unrelated values");
	free(s);
	ok(set_rc("verbosity", "5") == 0, "verbosity=5");
	s = print_group("Log options", 0);
	check_text(s, log_help, "help shows the declared default, not the current value");
	free(s);
	opt_free();

	opt_init();
	{
		static const struct opt_def d[] = {
			{ "x", OPT_INT, "no default shown", "5", 0, 0, OPT_F_NODEFAULT, NULL },
			{ "size", OPT_SIZE, "a size", "1M", 0, 0, 0, NULL },
			{ "file", OPT_FILE, "a file", "f.txt", 0, 0, 0, NULL },
			{ "d", OPT_DOUBLE, NULL, "1.5", 0, 0, 0, NULL },
		};
		ok(opt_define("g", d, N_(d)) == 0, "define misc group");
		s = print_group("g", 0);
		check_text(s,
			   "  --x=N           no default shown\n"
			   "  --size=SIZE     a size [1M]\n"
			   "  --file=FILENAME a file [f.txt]\n"
			   "  --d=N            [1.5]\n",
			   "help: NODEFAULT, SIZE, FILE, DOUBLE, NULL desc");
		free(s);
		ok(opt_get_int("x") == 5, "NODEFAULT only hides the default in help");
	}
	opt_free();
}

static void test_int(void)
{
	opt_init();
	define_all_core();

	ok(opt_get_int("threads") == 1, "threads default 1");
	ok(!opt_is_set("threads"), "threads not set by default");
	ok(set_rc("threads", "16") == 0 && opt_get_int("threads") == 16, "threads=16");
	ok(opt_is_set("threads"), "threads now set");
	ok(set_rc("threads", "+3") == 0 && opt_get_int("threads") == 3, "threads=+3");

	check_err(set_rc("threads", "abc"), -EINVAL,
		  "Invalid value for the 'threads' option: 'abc'", "threads=abc");
	ok(opt_get_int("threads") == 3, "bad value keeps the previous one");
	check_err(set_rc("threads", "1.5"), -EINVAL,
		  "Invalid value for the 'threads' option: '1.5'", "threads=1.5");
	check_err(set_rc("threads", "5x"), -EINVAL,
		  "Invalid value for the 'threads' option: '5x'", "threads=5x");
	check_err(set_rc("threads", ""), -EINVAL,
		  "Invalid value for the 'threads' option: ''", "threads= (empty)");
	check_err(set_rc("threads", "0x10"), -EINVAL,
		  "Invalid value for the 'threads' option: '0x10'", "INT is decimal only");
	check_err(set_rc("events", "99999999999999999999"), -EINVAL,
		  "Invalid value for the 'events' option: '99999999999999999999'", "INT overflow");
	ok(set_rc("events", "-9223372036854775808") == 0 &&
	   opt_get_int("events") == INT64_MIN, "INT64_MIN accepted when no range");
	ok(set_rc("events", "-5") == 0 && opt_get_int("events") == -5,
	   "negative INT accepted when min == max (no range)");

	check_err(set_rc("time", "-1"), -EINVAL,
		  "Invalid value for the 'time' option: '-1' (expected 0..2147483647)", "time=-1");
	ok(set_rc("time", "0") == 0 && opt_get_int("time") == 0, "time=0 at range bottom");
	check_err(set_rc("threads", "0"), -EINVAL,
		  "Invalid value for the 'threads' option: '0' (expected 1..1000000)", "threads=0 below range");
	check_err(set_rc("percentile", "101"), -EINVAL,
		  "Invalid value for the 'percentile' option: '101' (expected 0..100)", "percentile=101");
	ok(set_rc("percentile", "100") == 0 && opt_get_int("percentile") == 100, "percentile=100 at range top");

	check_err(set_rc("threads", NULL), -EINVAL,
		  "option --threads requires a value", "bare --threads");
	ok(opt_get_int("threads") == 3, "bare numeric leaves value alone");
	opt_free();
}

static void test_size(void)
{
	static const struct { const char *text; uint64_t want; } good[] = {
		{ "0", 0 }, { "512", 512 }, { "1K", 1024 }, { "1k", 1024 },
		{ "64K", 65536 }, { "16M", 16777216 }, { "2G", 2147483648ULL },
		{ "2g", 2147483648ULL }, { "3t", 3298534883328ULL },
		{ "3T", 3298534883328ULL }, { "1KB", 1024 }, { "1mb", 1048576 },
		{ "16777215T", 16777215ULL << 40 },
		{ "18446744073709551615", UINT64_MAX },
	};
	static const char *const bad[] = {
		"1.5K", "-1", "+1", "abc", "", "1P", "K", "1 K", "1KK", "1KiB",
		"16777216T", "18446744073709551616", "0x10",
	};
	unsigned i;
	uint64_t v;

	for (i = 0; i < N_(good); i++) {
		v = 12345;
		ok(opt_parse_size(good[i].text, &v) == 0 && v == good[i].want,
		   "size '%s' = %llu", good[i].text, (unsigned long long)good[i].want);
	}
	for (i = 0; i < N_(bad); i++) {
		v = 12345;
		ok(opt_parse_size(bad[i], &v) == -EINVAL && v == 12345,
		   "size '%s' rejected", bad[i]);
	}
	ok(opt_parse_size(NULL, &v) == -EINVAL, "size NULL rejected");

	opt_init();
	define_all_core();
	ok(opt_get_size("thread-stack-size") == 65536, "thread-stack-size default 64K");
	ok(set_rc("thread-stack-size", "1M") == 0 && opt_get_size("thread-stack-size") == 1048576,
	   "thread-stack-size=1M");
	ok(strcmp(opt_value_text(opt_find("thread-stack-size")), "1M") == 0,
	   "SIZE text kept as given");
	check_err(set_rc("thread-stack-size", "1.5K"), -EINVAL,
		  "Invalid value for the 'thread-stack-size' option: '1.5K'", "thread-stack-size=1.5K");
	check_err(set_rc("thread-stack-size", "-1"), -EINVAL,
		  "Invalid value for the 'thread-stack-size' option: '-1'", "negative size");
	{
		static const struct opt_def d[] = {
			{ "blk", OPT_SIZE, "block", "4K", 512, 1048576, 0, NULL },
		};
		ok(opt_define("s", d, 1) == 0, "SIZE with range defined");
		check_err(set_rc("blk", "2M"), -EINVAL,
			  "Invalid value for the 'blk' option: '2M' (expected 512..1048576)", "SIZE above range");
		ok(set_rc("blk", "1M") == 0 && opt_get_size("blk") == 1048576, "SIZE at range top");
	}
	opt_free();
}

static void test_double(void)
{
	opt_init();
	define_all_core();
	ok(opt_get_double("rand-pareto-h") == 0.2, "rand-pareto-h default 0.2");
	ok(set_rc("rand-pareto-h", "0.5") == 0 && opt_get_double("rand-pareto-h") == 0.5,
	   "rand-pareto-h=0.5");
	ok(set_rc("rand-pareto-h", "1e-1") == 0 && opt_get_double("rand-pareto-h") == 0.1,
	   "exponent form");
	check_err(set_rc("rand-pareto-h", "abc"), -EINVAL,
		  "Invalid value for the 'rand-pareto-h' option: 'abc'", "DOUBLE abc");
	check_err(set_rc("rand-pareto-h", "0.5x"), -EINVAL,
		  "Invalid value for the 'rand-pareto-h' option: '0.5x'", "DOUBLE trailing junk");
	check_err(set_rc("rand-pareto-h", "nan"), -EINVAL,
		  "Invalid value for the 'rand-pareto-h' option: 'nan'", "DOUBLE nan");
	check_err(set_rc("rand-pareto-h", "1.5"), -EINVAL,
		  "Invalid value for the 'rand-pareto-h' option: '1.5' (expected 0..1)", "DOUBLE range");
	check_err(set_rc("rand-pareto-h", NULL), -EINVAL,
		  "option --rand-pareto-h requires a value", "bare DOUBLE");
	ok(opt_get_double("rand-pareto-h") == 0.1, "failed sets keep 0.1");
	opt_free();
}

static void test_bool(void)
{
	static const char *const on[] = { "on", "true", "yes", "1", "ON", "True", "YES" };
	static const char *const off[] = { "off", "false", "no", "0", "OFF", "False", "No" };
	unsigned i;
	int b;

	for (i = 0; i < N_(on); i++) {
		b = -1;
		ok(opt_parse_bool(on[i], &b) == 0 && b == 1, "bool '%s' is on", on[i]);
	}
	for (i = 0; i < N_(off); i++) {
		b = -1;
		ok(opt_parse_bool(off[i], &b) == 0 && b == 0, "bool '%s' is off", off[i]);
	}
	b = -1;
	ok(opt_parse_bool("maybe", &b) == -EINVAL && b == -1, "bool 'maybe' rejected");
	ok(opt_parse_bool("", &b) == -EINVAL, "bool '' rejected");
	ok(opt_parse_bool("2", &b) == -EINVAL, "bool '2' rejected");

	opt_init();
	define_all_core();
	ok(opt_get_bool("debug") == 0, "debug default off");
	ok(set_rc("debug", NULL) == 0 && opt_get_bool("debug") == 1, "bare --debug is on");
	ok(strcmp(opt_value_text(opt_find("debug")), "on") == 0, "bare bool text is 'on'");
	ok(set_rc("debug", "false") == 0 && opt_get_bool("debug") == 0, "--debug=false");
	ok(set_rc("debug", "Yes") == 0 && opt_get_bool("debug") == 1, "--debug=Yes");
	ok(strcmp(opt_value_text(opt_find("debug")), "on") == 0, "bool text normalised to on");
	check_err(set_rc("debug", "maybe"), -EINVAL,
		  "invalid option: --debug=maybe", "--debug=maybe");
	ok(opt_get_bool("debug") == 1, "debug still on after bad value");
	opt_free();
}

static void test_string_list(void)
{
	const char *const *items;
	unsigned n;

	opt_init();
	define_all_core();
	ok(opt_define("mysql options", mysql_defs, N_(mysql_defs)) == 0, "mysql defined");

	ok(strcmp(opt_get_string("forced-shutdown"), "off") == 0, "STRING default");
	ok(set_rc("forced-shutdown", "a=b c") == 0 &&
	   strcmp(opt_get_string("forced-shutdown"), "a=b c") == 0, "STRING keeps '=' and spaces");
	ok(set_rc("forced-shutdown", NULL) == 0 &&
	   strcmp(opt_get_string("forced-shutdown"), "") == 0, "bare STRING is empty, as in sysbench");
	ok(opt_get_string("config-file") == NULL, "FILE without default is NULL");
	ok(opt_value_text(opt_find("config-file")) == NULL, "value text NULL when unset");
	ok(set_rc("config-file", "/x/y.cfg") == 0 &&
	   strcmp(opt_get_string("config-file"), "/x/y.cfg") == 0, "FILE via opt_get_string");
	ok(strcmp(opt_get_string("mysql-password"), "") == 0, "empty STRING default is \"\"");

	n = opt_get_list("report-checkpoints", &items);
	ok(n == 0 && items != NULL && items[0] == NULL, "LIST default \"\" is an empty list");
	n = opt_get_list("mysql-ignore-errors", &items);
	ok(n == 3 && strcmp(items[0], "1213") == 0 && strcmp(items[1], "1020") == 0 &&
	   strcmp(items[2], "1205") == 0 && items[3] == NULL, "LIST default split on commas");
	n = opt_get_list("mysql-socket", &items);
	ok(n == 0 && items != NULL && items[0] == NULL, "LIST without default: empty, non-NULL");

	ok(set_rc("report-checkpoints", "10,20,30") == 0, "report-checkpoints=10,20,30");
	n = opt_get_list("report-checkpoints", &items);
	ok(n == 3 && strcmp(items[0], "10") == 0 && strcmp(items[2], "30") == 0, "three items");
	ok(set_rc("report-checkpoints", "5") == 0, "given again");
	n = opt_get_list("report-checkpoints", &items);
	ok(n == 1 && strcmp(items[0], "5") == 0, "LIST given twice: last wins");
	ok(set_rc("report-checkpoints", "1,,2,") == 0, "1,,2,");
	n = opt_get_list("report-checkpoints", &items);
	ok(n == 2 && strcmp(items[0], "1") == 0 && strcmp(items[1], "2") == 0,
	   "empty items dropped, as in sysbench");
	ok(set_rc("mysql-host", "a, b") == 0, "mysql-host=a, b");
	n = opt_get_list("mysql-host", &items);
	ok(n == 2 && strcmp(items[1], " b") == 0, "item spaces kept, as in sysbench");
	ok(set_rc("report-checkpoints", "") == 0, "LIST=''");
	n = opt_get_list("report-checkpoints", &items);
	ok(n == 0 && items != NULL, "LIST='' is empty");
	ok(strcmp(opt_value_text(opt_find("report-checkpoints")), "") == 0, "LIST text ''");
	ok(set_rc("mysql-host", NULL) == 0 && opt_get_list("mysql-host", NULL) == 0,
	   "bare LIST is empty, as in sysbench");
	ok(opt_list(opt_find("mysql-ignore-errors"), &items) == 3, "opt_list on handle");
	opt_free();
}

static void test_names(void)
{
	opt_init();
	define_all_core();
	ok(opt_define("oltp", oltp_defs, N_(oltp_defs)) == 0, "oltp defined");

	ok(set_rc("table-size", "7") == 0 && opt_get_int("table_size") == 7, "--table-size sets table_size");
	ok(set_rc("table_size", "8") == 0 && opt_get_int("table-size") == 8, "--table_size works too");
	ok(set_rc("thread_stack_size", "1K") == 0 && opt_get_size("thread-stack-size") == 1024,
	   "--thread_stack_size sets thread-stack-size");
	ok(opt_find("report_checkpoints") == opt_find("report-checkpoints") &&
	   opt_find("report-checkpoints") != NULL, "opt_find ignores -/_");
	ok(strcmp(opt_name(opt_find("mysql-storage-engine")), "mysql_storage_engine") == 0,
	   "opt_name gives the canonical spelling");
	ok(opt_find("THREADS") == NULL, "names are case-sensitive");
	ok(opt_find("thread") == NULL && opt_find("threadsx") == NULL, "no prefix matching");
	ok(opt_find(NULL) == NULL, "opt_find(NULL)");
	opt_free();
}

static void test_argv(void)
{
	const char *words[] = { "oltp_read_write", "--threads=4", "--table-size=100",
				"-", "--debug", "run", "-x", "--THREADS=2", "--foo" };
	int rc;

	opt_init();
	ok(opt_define("General options", general_defs, N_(general_defs)) == 0, "general defined");
	rc = argv_parse(N_(words), words);
	ok(rc == 0, "argv parsed (unknown names are pending, not errors)");
	ok(opt_npositional() == 4, "4 positional words");
	ok(opt_npositional() == 4 &&
	   strcmp(opt_positional(0), "oltp_read_write") == 0 &&
	   strcmp(opt_positional(1), "-") == 0 &&
	   strcmp(opt_positional(2), "run") == 0 &&
	   strcmp(opt_positional(3), "-x") == 0, "positional words in order, '-' and '-x' included");
	ok(opt_positional(4) == NULL, "opt_positional past the end is NULL");
	ok(opt_get_int("threads") == 4 && opt_get_bool("debug") == 1, "declared options set");

	check_err(opt_check_unknown(), -ENOENT, "invalid option: --table-size=100",
		  "first undeclared value reported, as spelled");
	ok(opt_define("oltp", oltp_defs, N_(oltp_defs)) == 0, "oltp defined: pending applied");
	ok(opt_get_int("table_size") == 100 && opt_is_set("table_size"), "pending table-size=100 applied");
	check_err(opt_check_unknown(), -ENOENT, "invalid option: --THREADS=2",
		  "case-different name stays unknown");
	{
		static const struct opt_def d[] = {
			{ "THREADS", OPT_INT, "upper", "0", 0, 0, 0, NULL },
		};
		opt_define("x", d, 1);
	}
	check_err(opt_check_unknown(), -ENOENT, "invalid option: --foo", "bare unknown option");
	{
		static const struct opt_def d[] = {
			{ "foo", OPT_BOOL, "foo", "off", 0, 0, 0, NULL },
		};
		ok(opt_define("y", d, 1) == 0 && opt_get_bool("foo") == 1, "pending bare --foo is on");
	}
	ok(opt_check_unknown() == 0, "nothing unknown left");

	{
		const char *w2[] = { "--threads=abc", "more" };
		check_err(argv_parse(2, w2), -EINVAL,
			  "Invalid value for the 'threads' option: 'abc'", "argv error for declared option");
	}
	{
		const char *w3[] = { "--=2" };
		ok(argv_parse(1, w3) == 0, "'--=2' parsed as pending");
		check_err(opt_check_unknown(), -ENOENT, "invalid option: --=2", "empty name reported as sysbench does");
	}
	opt_free();
	ok(opt_npositional() == 0, "opt_free clears positional words");
}

static void test_pending(void)
{
	const char *words[] = { "--tables=abc", "--secondary", "--range_size=50" };

	opt_init();
	ok(argv_parse(N_(words), words) == 0, "values for undeclared names kept");
	ok(opt_find("tables") == NULL, "still undeclared");
	check_err(opt_define("oltp", oltp_defs, N_(oltp_defs)), -EINVAL,
		  "Invalid value for the 'tables' option: 'abc'", "bad pending value fails at define");
	ok(opt_find("tables") != NULL && opt_get_int("tables") == 1,
	   "options still declared, bad one keeps its default");
	ok(opt_get_bool("secondary") == 1 && opt_get_int("range_size") == 50,
	   "other pending values applied");
	ok(opt_check_unknown() == 0, "all pending values claimed");

	check_err(opt_define("again", oltp_defs, 1), -EEXIST,
		  "option --tables is already defined", "redefinition");
	{
		static const struct opt_def d[] = {
			{ "new-one", OPT_INT, "", "1", 0, 0, 0, NULL },
			{ "table-size", OPT_INT, "", "1", 0, 0, 0, NULL },
		};
		ok(opt_define("z", d, 2) == -EEXIST, "'table-size' clashes with 'table_size'");
		ok(opt_find("new-one") == NULL, "failed define adds nothing");
	}
	{
		static const struct opt_def d[] = {
			{ "dup", OPT_INT, "", "1", 0, 0, 0, NULL },
			{ "dup", OPT_INT, "", "1", 0, 0, 0, NULL },
		};
		ok(opt_define("z", d, 2) == -EEXIST && opt_find("dup") == NULL,
		   "duplicate inside one call");
	}
	{
		static const struct opt_def d[] = {
			{ "ok1", OPT_INT, "", "1", 0, 0, 0, NULL },
			{ "bad-default", OPT_INT, "", "x", 0, 0, 0, NULL },
		};
		check_err(opt_define("z", d, 2), -EINVAL,
			  "Invalid default value for the 'bad-default' option: 'x'", "bad default");
		ok(opt_find("ok1") == NULL, "bad default adds nothing");
	}
	{
		static const struct opt_def d[] = {
			{ "pct", OPT_INT, "", "200", 0, 100, 0, NULL },
		};
		check_err(opt_define("z", d, 1), -EINVAL,
			  "Invalid default value for the 'pct' option: '200' (expected 0..100)",
			  "default out of range");
	}
	opt_free();
}

static void test_alias(void)
{
	char *err;

	opt_init();
	define_all_core();
	capture_begin();
	ok(set_rc("max-time", "5") == 0, "--max-time=5");
	ok(set_rc("max_time", "6") == 0, "--max_time=6");
	opt_warn_deprecated(NULL);
	opt_warn_deprecated(NULL);
	err = capture_end();
	ok(opt_get_int("time") == 6 && opt_is_set("time"), "alias sets the target (last wins)");
	ok(opt_get_int("max-time") == 6, "alias holds the value too");
	check_text(err, "WARNING: --max-time is deprecated, use --time instead\n",
		   "deprecation warning printed once");
	free(err);

	capture_begin();
	check_err(set_rc("num-threads", "0"), -EINVAL,
		  "Invalid value for the 'threads' option: '0' (expected 1..1000000)",
		  "target's range applies to the alias value");
	err = capture_end();
	free(err);
	ok(opt_get_int("threads") == 1, "threads unchanged");
	ok(opt_get_int("num-threads") == 1 && !opt_is_set("num-threads"),
	   "alias keeps nothing its target refused");
	ok(set_rc("max-requests", "0") == 0 && opt_get_int("events") == 0, "--max-requests=0");
	ok(set_rc("events", "7") == 0 && set_rc("max-requests", "0") == 0 &&
	   opt_get_int("events") == 7, "an alias at its default does not undo the target");
	capture_begin();
	opt_warn_deprecated(NULL);
	err = capture_end();
	check_text(err, "", "no warning for an alias at its default");
	free(err);
	opt_free();

	/* alias declared before its target: the value waits for the target */
	opt_init();
	{
		static const struct opt_def a[] = {
			{ "old", OPT_INT, "deprecated alias for --new", "0", 0, 0, OPT_F_DEPRECATED, "new" },
		};
		static const struct opt_def t[] = {
			{ "new", OPT_INT, "new", "1", 0, 0, 0, NULL },
		};
		const char *w[] = { "--old=9" };
		ok(argv_parse(1, w) == 0, "--old=9 pending");
		capture_begin();
		ok(opt_define("a", a, 1) == 0, "alias declared");
		opt_warn_deprecated(NULL);
		err = capture_end();
		check_text(err, "WARNING: --old is deprecated, use --new instead\n",
			   "warning when a pending alias value is applied");
		free(err);
		ok(opt_check_unknown() == -ENOENT, "target value pending until declared");
		ok(opt_define("t", t, 1) == 0 && opt_get_int("new") == 9 && opt_is_set("new"),
		   "target gets the value when declared");
		ok(opt_check_unknown() == 0, "nothing pending");
	}
	opt_free();
}

static char *write_temp(const char *text)
{
	char *path = strdup("/tmp/test_opt_XXXXXX");
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	return path;
}

static void test_config_file(void)
{
	const char *const *items;
	char *path, *bad, want[512];
	const char *words[] = { "--threads=2", "cpu" };

	path = write_temp(
		"# a config file\n"
		"\n"
		"threads = 8\n"
		"   time=30   # trailing comment\n"
		"rand_type=uniform\n"
		"debug\n"
		"--validate=on\n"
		"report-checkpoints=10,20\n"
		"tables=4\n"
		"\t\n"
		"max-requests = 100\n"
		"verbosity=5\n");

	opt_init();
	define_all_core();
	/* the command line first, then the file: the file must not win */
	ok(argv_parse(N_(words), words) == 0, "argv parsed");
	capture_begin();
	ok(opt_load_file(path) == 0, "config file loaded");
	free(capture_end());
	ok(opt_get_int("threads") == 2, "command line beats the file (cmdline parsed first)");
	ok(opt_get_int("time") == 30, "trailing comment and spaces stripped");
	ok(strcmp(opt_get_string("rand-type"), "uniform") == 0, "'_' spelling in file");
	ok(opt_get_bool("debug") == 1, "bare name in file is BOOL on");
	ok(opt_get_bool("validate") == 1, "leading -- tolerated in file");
	ok(opt_get_list("report-checkpoints", &items) == 2 && strcmp(items[1], "20") == 0,
	   "LIST from file");
	ok(opt_get_int("events") == 100, "alias from file sets its target");
	ok(opt_is_set("time") && opt_is_set("events"), "file values count as set");
	ok(opt_get_int("verbosity") == 5, "verbosity from file");
	ok(opt_define("oltp", oltp_defs, N_(oltp_defs)) == 0 && opt_get_int("tables") == 4,
	   "file value for an undeclared name applied at define");
	ok(opt_npositional() == 1, "file adds no positional words");
	opt_free();

	/* the file first, then the command line */
	opt_init();
	define_all_core();
	capture_begin();
	ok(opt_load_file(path) == 0, "file loaded first");
	free(capture_end());
	ok(opt_get_int("threads") == 8, "file value applied");
	ok(argv_parse(N_(words), words) == 0 && opt_get_int("threads") == 2,
	   "command line overrides file (file loaded first)");
	ok(opt_set("verbosity", "1") == 0 && opt_get_int("verbosity") == 1, "opt_set overrides the file");
	capture_begin();
	ok(opt_load_file(path) == 0, "file loaded again");
	free(capture_end());
	ok(opt_get_int("threads") == 2 && opt_get_int("verbosity") == 1,
	   "reloading the file does not undo command-line values");
	check_err(opt_check_unknown(), -ENOENT, "invalid option: --tables=4",
		  "unknown name from the file reported like a command-line one");
	opt_free();

	/* a command-line value for an undeclared name beats the file's */
	opt_init();
	{
		const char *w[] = { "--tables=3" };
		ok(argv_parse(1, w) == 0, "--tables=3 pending");
		capture_begin();
		ok(opt_load_file(path) == 0, "file loaded with tables=4");
		free(capture_end());
		ok(opt_define("oltp", oltp_defs, N_(oltp_defs)) == 0 && opt_get_int("tables") == 3,
		   "pending: command line beats file");
	}
	opt_free();

	/* errors */
	opt_init();
	define_all_core();
	bad = write_temp("threads=4\n# fine\nbogus line here\n");
	snprintf(want, sizeof(want), "%s:3: invalid line: 'bogus line here'", bad);
	check_err(opt_load_file(bad), -EINVAL, want, "line with spaces in the name");
	ok(opt_get_int("threads") == 4, "lines before the bad one applied");
	unlink(bad);
	free(bad);

	bad = write_temp("\n=5\n");
	snprintf(want, sizeof(want), "%s:2: invalid line: '=5'", bad);
	check_err(opt_load_file(bad), -EINVAL, want, "empty name");
	unlink(bad);
	free(bad);

	bad = write_temp("percentile=101\n");
	snprintf(want, sizeof(want),
		 "%s:1: Invalid value for the 'percentile' option: '101' (expected 0..100)", bad);
	check_err(opt_load_file(bad), -EINVAL, want, "bad value in file names file and line");
	unlink(bad);
	free(bad);

	check_err(opt_load_file("/nonexistent/bench.cfg"), -ENOENT,
		  "/nonexistent/bench.cfg: No such file or directory", "missing file");
	opt_free();

	unlink(path);
	free(path);
}

static void test_getters_iteration(void)
{
	struct opt *o;
	const char *const *items;
	unsigned i, n;
	int in_order = 1;

	opt_init();
	define_all_core();

	ok(opt_get_int("debug") == 0 && opt_get_bool("threads") == 0 &&
	   opt_get_string("threads") == NULL && opt_get_size("threads") == 0 &&
	   opt_get_double("threads") == 0.0, "wrong-type getters return 0/NULL");
	ok(opt_get_int("nope") == 0 && opt_get_string("nope") == NULL &&
	   opt_get_list("nope", &items) == 0 && items == NULL && !opt_is_set("nope"),
	   "undeclared getters return 0/NULL");

	o = opt_first();
	ok(o != NULL && strcmp(opt_name(o), "threads") == 0, "first is threads");
	for (i = 0; i < N_(general_defs) && o; i++, o = opt_next(o))
		if (strcmp(opt_name(o), general_defs[i].name) != 0 ||
		    strcmp(opt_group(o), "General options") != 0 ||
		    opt_type_of(o) != general_defs[i].type)
			in_order = 0;
	ok(in_order && i == N_(general_defs), "general options in declaration order, hidden included");
	ok(o != NULL && strcmp(opt_name(o), "rand-type") == 0 &&
	   strcmp(opt_group(o), "Pseudo-Random Numbers Generator options") == 0,
	   "next group follows");
	for (n = 0, o = opt_first(); o; o = opt_next(o))
		n++;
	ok(n == N_(general_defs) + N_(rand_defs) + N_(log_defs) + N_(stat_defs),
	   "iteration visits every option once (%u)", n);
	ok(opt_next(NULL) == NULL, "opt_next(NULL)");

	o = opt_find("percentile");
	ok(strcmp(opt_group(o), "") == 0, "heading-less group is \"\"");
	ok(opt_int(o) == 95 && strcmp(opt_value_text(o), "95") == 0, "handle accessors");
	ok(opt_bool(opt_find("histogram")) == 0 && opt_size(opt_find("thread-stack-size")) == 65536 &&
	   opt_double(opt_find("rand-pareto-h")) == 0.2, "typed handle accessors");
	ok(opt_int(NULL) == 0 && opt_value_text(NULL) == NULL, "NULL handles");
	opt_free();
	ok(opt_first() == NULL, "registry empty after opt_free");

	/* opt_init on a used registry starts over */
	define_all_core();
	opt_set("threads", "3");
	opt_init();
	ok(opt_first() == NULL && opt_find("threads") == NULL, "opt_init clears the registry");
	ok(opt_check_unknown() == 0, "opt_init clears pending values");
	opt_free();
}

/* opt_emit_value: each type reaches its one receiver, with the value. */
static char emitted[128];

static void emit_bool(void *ud, int v) { (void)ud; snprintf(emitted, sizeof(emitted), "bool %d", v); }
static void emit_int(void *ud, int64_t v) { (void)ud; snprintf(emitted, sizeof(emitted), "int %lld", (long long)v); }
static void emit_size(void *ud, uint64_t v) { (void)ud; snprintf(emitted, sizeof(emitted), "size %llu", (unsigned long long)v); }
static void emit_number(void *ud, double v) { (void)ud; snprintf(emitted, sizeof(emitted), "number %g", v); }
static void emit_text(void *ud, const char *t) { (void)ud; snprintf(emitted, sizeof(emitted), "text %s", t ? t : "(null)"); }

static void emit_list(void *ud, const char *const *items, unsigned n)
{
	(void)ud;
	snprintf(emitted, sizeof(emitted), "list %u %s %s", n, n > 0 ? items[0] : "-",
	         n > 1 ? items[n - 1] : "-");
}

static void test_emit_value(void)
{
	static const struct opt_def defs[] = {
		{ "e-bool", OPT_BOOL, "b", "on", 0, 0, 0, NULL },
		{ "e-int", OPT_INT, "i", "-7", -100, 100, 0, NULL },
		{ "e-size", OPT_SIZE, "s", "2K", 0, 0, 0, NULL },
		{ "e-double", OPT_DOUBLE, "d", "0.5", 0, 1, 0, NULL },
		{ "e-string", OPT_STRING, "t", "abc", 0, 0, 0, NULL },
		{ "e-unset", OPT_STRING, "u", NULL, 0, 0, 0, NULL },
		{ "e-list", OPT_LIST, "l", "x,y,z", 0, 0, 0, NULL },
		{ "e-file", OPT_FILE, "f", "/tmp/f", 0, 0, 0, NULL },
	};
	static const char *const want[] = {
		"bool 1", "int -7", "size 2048", "number 0.5", "text abc", "text (null)",
		"list 3 x z", "text /tmp/f",
	};
	static const struct opt_value_ops ops = {
		.boolean = emit_bool, .integer = emit_int, .size = emit_size,
		.number = emit_number, .list = emit_list, .text = emit_text,
	};
	unsigned i;

	opt_init();
	ok(opt_define("Emit", defs, N_(defs)) == 0, "one option of each type");
	for (i = 0; i < N_(defs); i++) {
		emitted[0] = 0;
		opt_emit_value(opt_find(defs[i].name), &ops, NULL);
		ok(strcmp(emitted, want[i]) == 0, "opt_emit_value(%s): %s", defs[i].name, emitted);
	}
	opt_free();
}

int main(void)
{
	log_set_verbosity(LOG_NOTICE);
	test_help_layout();
	test_int();
	test_size();
	test_double();
	test_bool();
	test_string_list();
	test_names();
	test_argv();
	test_pending();
	test_alias();
	test_config_file();
	test_getters_iteration();
	test_emit_value();
	return tap_done();
}
