/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "opt/core_opts.h"
#include "opt/opt.h"

#define G_GENERAL "General options"
#define G_RAND "Pseudo-Random Numbers Generator options"
#define G_LOG "Log options"
#define G_STATS ""
#ifdef HAVE_MICROHTTPD
#define METRICS_LISTEN_DESC "serve this run's live figures (events, queries by kind, errors, latency histogram, threads, sweep step; no secrets) at http://[HOST:]PORT/metrics in the Prometheus text format; HOST: 127.0.0.1 unless given"
#else
#define METRICS_LISTEN_DESC "serve this run's live figures at http://[HOST:]PORT/metrics for Prometheus (not in this build: configured --without-microhttpd)"
#endif
#define PCT_DESC "percentile to calculate in latency statistics (1-100). Use the special value of 0 to disable percentile calculations"

/* Names, defaults and descriptions are sysbench 1.0.20's (reference/help.txt)
 * so help text and scripts carry over; bench's additions follow each group. */
static const struct opt_def core_general[] = {
	/* a list (1,8,32) runs a thread sweep; the help line stays sysbench's */
	{ "threads", OPT_INT, "number of threads to use", "1", 1, 100000, OPT_F_INT_LIST, NULL },
	{ "connections", OPT_INT, "number of database connections, each one sysbench thread (thread_init/event/thread_done, sysbench.tid 0..N-1) run as a coroutine; the --threads worker threads share them and wait on their sockets with one epoll each. 0: one connection per thread", "0", 0, 1000000, OPT_F_EXTRA, NULL },
	{ "events", OPT_INT, "limit for total number of events", "0", 0, 9e18, 0, NULL },
	{ "time", OPT_INT, "limit for total execution time in seconds", "10", 0, 1e9, 0, NULL },
	{ "forced-shutdown", OPT_STRING, "number of seconds to wait after the --time limit before forcing shutdown, or 'off' to disable", "off", 0, 0, 0, NULL },
	{ "thread-stack-size", OPT_SIZE, "size of stack per thread", "64K", 0, 0, 0, NULL },
	{ "rate", OPT_DOUBLE, "average transactions rate. 0 for unlimited rate", "0", 0, 4294967295.0, 0, NULL },
	{ "rate-overload", OPT_STRING, "under --rate, when more than 131072 scheduled events wait for a thread: 'fatal' ends the run with exit 1 (sysbench's full event queue), 'continue' keeps the open-loop run going and reports the lag", "fatal", 0, 0, OPT_F_EXTRA, NULL },
	{ "report-lag", OPT_BOOL, "under --rate, add the 'Schedule lag' (scheduled to actual start) and 'Service time' (actual start to end) blocks to the final report", "off", 0, 0, OPT_F_EXTRA, NULL },
	{ "latency-limit", OPT_DOUBLE, "latency limit in milliseconds: count events whose latency exceeds it and, with --rate, skip events that would start later than it after their scheduled time. 0 disables", "0", 0, 3.6e6, OPT_F_EXTRA, NULL },
	{ "report-interval", OPT_DOUBLE, "periodically report intermediate statistics with a specified interval in seconds. 0 disables intermediate reports", "0", 0, 1e6, 0, NULL },
	{ "report-format", OPT_STRING, "format of intermediate and final reports {text,json,csv}; with json or csv only report lines go to stdout, everything else to stderr", "text", 0, 0, OPT_F_EXTRA, NULL },
	{ "report-statements", OPT_BOOL, "add per statement kind statistics (count, errors, latency percentiles of point selects, ranges, updates, deletes, inserts, begin, commit...) to the final report", "off", 0, 0, OPT_F_EXTRA, NULL },
	{ "host-stats", OPT_BOOL, "sample this machine's CPU time by kind and context switches (/proc/stat), and the --host-stats-devices' iostat -x figures (/proc/diskstats), at the start, at each report interval and at the end, and report them per interval (json; text with --host-stats-line)", "off", 0, 0, OPT_F_EXTRA, NULL },
	{ "host-stats-devices", OPT_LIST, "block devices for --host-stats, named as in /proc/diskstats (vda,nvme0n1)", "", 0, 0, OPT_F_EXTRA, NULL },
	{ "host-stats-line", OPT_BOOL, "with --host-stats and text reports, print a line 'host: ...' (CPU %, context switches, each device's r/s, w/s, kB/s, await, aqu-sz, %util) after each interval line", "off", 0, 0, OPT_F_EXTRA, NULL },
	{ "prom-scrape", OPT_LIST, "Prometheus exporters to scrape at the start, at each report interval and at the end, as URL or NAME=URL (http://db1:9100/metrics); their counters are reported per interval as deltas and rates per second, their gauges as read (json; text with --prom-stats-line)", "", 0, 0, OPT_F_EXTRA, NULL },
	{ "prom-metrics", OPT_STRING, "series to take from the --prom-scrape exporters, a comma-separated list of selectors name{label=\"v\",label=~\"re\",...}, sum by (label) (selector) or rate(selector) (a counter); default: node_exporter's CPU modes, disks, memory, network, mysqld_exporter's and postgres_exporter's main counters", "", 0, 0, OPT_F_EXTRA, NULL },
	{ "prom-devices", OPT_LIST, "with --prom-scrape's default metrics, the disks (the device label: vda,nvme0n1) whose node_disk_* series are taken; default: all the exporter reports", "", 0, 0, OPT_F_EXTRA, NULL },
	{ "prom-stats-line", OPT_BOOL, "with --prom-scrape and text reports, print a line 'prom NAME: ...' (counters per second, gauges, bytes as MB) per exporter after each interval line", "off", 0, 0, OPT_F_EXTRA, NULL },
	{ "report-checkpoints", OPT_LIST, "dump full statistics and reset all counters at specified points in time. The argument is a list of comma-separated values representing the amount of time in seconds elapsed from start of test when report checkpoint(s) must be performed. Report checkpoints are off by default.", "", 0, 0, 0, NULL },
	{ "debug", OPT_BOOL, "print more debugging info", "off", 0, 0, 0, NULL },
	{ "validate", OPT_BOOL, "perform validation checks where possible", "off", 0, 0, 0, NULL },
	{ "help", OPT_BOOL, "print help and exit", "off", 0, 0, 0, NULL },
	{ "version", OPT_BOOL, "print version and exit", "off", 0, 0, 0, NULL },
	{ "as-sysbench", OPT_BOOL, "print the banner and --version as sysbench 1.0.20 does, for output parsers (also when run under the name 'sysbench' or with BENCH_AS_SYSBENCH=1)", "off", 0, 0, OPT_F_EXTRA, NULL },
	{ "config-file", OPT_FILE, "File containing command line options", NULL, 0, 0, OPT_F_NODEFAULT, NULL },
	{ "warmup-time", OPT_INT, "execute events for this many seconds with statistics disabled before the actual benchmark run with statistics enabled", "0", 0, 1e9, OPT_F_EXTRA, NULL },
	{ "event-retries", OPT_INT, "how many times one event may be restarted after ignorable errors before the run fails (0: no limit)", "1000", 0, 1e9, OPT_F_EXTRA, NULL },
	{ "sweep-pause", OPT_DOUBLE, "seconds to wait between the steps of a thread sweep (a list of thread counts such as --threads 1,8,32 runs one step per count)", "0", 0, 1e6, OPT_F_EXTRA, NULL },
	{ "progress", OPT_BOOL, "show a progress line (done of total, rate, ETA) on a terminal's stderr during long prepare commands", "on", 0, 0, OPT_F_EXTRA, NULL },
	{ "thread-init-timeout", OPT_INT, "wait time in seconds for worker threads to initialize", "30", 1, 1e6, OPT_F_EXTRA, NULL },
	/* N instances as one benchmark (src/scale, docs/scale-out.md) */
	{ "instance", OPT_STRING, "run as instance I of N of one benchmark (I/N, 0-based): --events and --rate are split among the instances, the random seed differs, prepare and cleanup take every Nth table", NULL, 0, 0, OPT_F_NODEFAULT | OPT_F_EXTRA, NULL },
	{ "instances", OPT_INT, "the number of instances, this one's number I taken from the environment variable JOB_COMPLETION_INDEX (a Kubernetes Indexed Job); 0: not one of several", "0", 0, 1000000, OPT_F_EXTRA, NULL },
	{ "run-id", OPT_STRING, "the run's identity in result files and hdr logs, the same for all instances of one benchmark (16 hex digits, or any text: then its SHA-256's first 16); default: drawn at random, or derived from the command line with N > 1 instances", NULL, 0, 0, OPT_F_NODEFAULT | OPT_F_EXTRA, NULL },
	{ "start-at", OPT_STRING, "begin the run phase (warm-up included) at this wall-clock time: RFC 3339 (2026-12-03T14:00:00Z) or epoch seconds, at most one day ahead; a late instance warns and starts at once", NULL, 0, 0, OPT_F_NODEFAULT | OPT_F_EXTRA, NULL },
	{ "barrier", OPT_STRING, "how the instances start together {off,db}: db waits in the table bench_barrier of the database under test until all N instances are there and starts them at one moment of the server's clock", "off", 0, 0, OPT_F_EXTRA, NULL },
	{ "barrier-timeout", OPT_INT, "seconds --barrier=db waits for the other instances before it gives up, naming the missing ones", "300", 1, 86400, OPT_F_EXTRA, NULL },
	/* observe/metrics.c's endpoint (a build without libmicrohttpd keeps
	 * the option, to say so when it is given) */
	{ "metrics-listen", OPT_STRING, METRICS_LISTEN_DESC, NULL, 0, 0, OPT_F_NODEFAULT | OPT_F_EXTRA, NULL },
	{ "metrics-linger", OPT_DOUBLE, "with --metrics-listen, seconds to keep serving the final figures after the run (or the sweep) ended, for the last scrape", "0", 0, 86400, OPT_F_EXTRA, NULL },
	{ "test", OPT_STRING, "deprecated: name of the workload (give it as the first argument instead)", NULL, 0, 0, OPT_F_HIDDEN, NULL },
	{ "tx-rate", OPT_DOUBLE, "deprecated alias for --rate", "0", 0, 4294967295.0, OPT_F_DEPRECATED, "rate" },
	{ "max-requests", OPT_INT, "deprecated alias for --events", "0", 0, 9e18, OPT_F_DEPRECATED, "events" },
	{ "max-time", OPT_INT, "deprecated alias for --time", "0", 0, 1e9, OPT_F_DEPRECATED, "time" },
	{ "num-threads", OPT_INT, "deprecated alias for --threads", "1", 1, 100000, OPT_F_DEPRECATED, "threads" },
};

static const struct opt_def core_rand[] = {
	{ "rand-type", OPT_STRING, "random numbers distribution {uniform,gaussian,special,pareto}", "special", 0, 0, 0, NULL },
	{ "rand-spec-iter", OPT_INT, "number of iterations used for numbers generation", "12", 1, 1e6, 0, NULL },
	{ "rand-spec-pct", OPT_DOUBLE, "percentage of values to be treated as 'special' (for special distribution)", "1", 0, 100, 0, NULL },
	{ "rand-spec-res", OPT_DOUBLE, "percentage of 'special' values to use (for special distribution)", "75", 0, 100, 0, NULL },
	{ "rand-seed", OPT_INT, "seed for random number generator. When 0, the current time is used as a RNG seed.", "0", 0, 9e18, 0, NULL },
	{ "rand-pareto-h", OPT_DOUBLE, "parameter h for pareto distribution", "0.2", 0.000001, 0.999999, 0, NULL },
	{ "rand-zipfian-exp", OPT_DOUBLE, "shape parameter (exponent, theta) of --rand-type=zipfian, a distribution bench adds", "0.8", 0, 100, OPT_F_EXTRA, NULL },
};

static const struct opt_def core_log[] = {
	{ "verbosity", OPT_INT, "verbosity level {5 - debug, 0 - only critical messages}", "3", 0, 5, 0, NULL },
};

static const struct opt_def core_stats[] = {
	/* A list since bench (50,95,99.9): declared as a hidden STRING and
	 * printed by core_opts_print_help with sysbench's "=N" line. */
	{ "percentile", OPT_STRING, PCT_DESC, "95", 0, 0, OPT_F_HIDDEN | OPT_F_OWN_HELP, NULL },
	{ "histogram", OPT_BOOL, "print latency histogram in report", "off", 0, 0, 0, NULL },
	{ "hdr-log", OPT_STRING, "write an HdrHistogram interval log (format 1.3, V2 compressed histograms) to this file (-: to stdout, lines prefixed \"hdr: \")", NULL, 0, 0, OPT_F_NODEFAULT | OPT_F_EXTRA, NULL },
	{ "hdr-sig-figs", OPT_INT, "significant decimal digits kept by the latency histograms (HdrHistogram precision)", "3", 1, 5, OPT_F_EXTRA, NULL },
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

int core_opts_define(void)
{
	int rc;
	if ((rc = opt_define(G_GENERAL, core_general, NELEM(core_general))) ||
	    (rc = opt_define(G_RAND, core_rand, NELEM(core_rand))) ||
	    (rc = opt_define(G_LOG, core_log, NELEM(core_log))) ||
	    (rc = opt_define(G_STATS, core_stats, NELEM(core_stats))))
		return rc;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* --forced-shutdown: off, N seconds, or N% of --time. */
static int parse_forced(const char *s, double time, double *out)
{
	char *end;
	double v;
	if (s == NULL || strcmp(s, "off") == 0) {
		*out = -1;
		return 0;
	}
	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno || v < 0)
		return -EINVAL;
	if (*end == '%') {
		end++;
		v = time * v / 100.0;
	}
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}

double core_opts_forced_shutdown(double time)
{
	double v;
	if (parse_forced(opt_get_string("forced-shutdown"), time, &v))
		return -1;
	return v;
}

static double first_pct;

double core_opts_first_percentile(void)
{
	return first_pct;
}

int core_parse_percentiles(const char *text, double *out, unsigned max,
                           char *err, size_t errlen)
{
	const char *p = text ? text : "";
	unsigned n = 0;
	int zero = 0;

	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char item[64], *end;
		double v;

		if (len >= sizeof(item))
			len = sizeof(item) - 1;
		memcpy(item, p, len);
		item[len] = 0;
		errno = 0;
		v = strtod(item, &end);
		if (len == 0 || end == item || *end || errno || !isfinite(v) ||
		    v < 0 || v > 100) {
			snprintf(err, errlen, "Invalid value for the 'percentile' option: '%s' (expected 0..100)", item);
			return -EINVAL;
		}
		if (n == max) {
			snprintf(err, errlen, "Invalid value for the 'percentile' option: too many percentiles (at most %u)", max);
			return -EINVAL;
		}
		if (v == 0)
			zero = 1;
		out[n++] = v;
		if (!comma)
			break;
		p = comma + 1;
	}
	if (zero && n > 1) {
		snprintf(err, errlen, "Invalid value for the 'percentile' option: '%s' (0 disables percentiles and cannot be combined with others)", text);
		return -EINVAL;
	}
	return zero ? 0 : (int)n;
}

int core_opts_load(struct core_cfg *c, char *err, size_t errlen)
{
	const char *fmt;
	int np;
	const char *const *items;
	unsigned n, i;

	memset(c, 0, sizeof(*c));
	c->threads = (unsigned)opt_get_int("threads");
	c->connections = (unsigned)opt_get_int("connections");
	c->events = (uint64_t)opt_get_int("events");
	c->time = (double)opt_get_int("time");
	c->thread_stack_size = opt_get_size("thread-stack-size");
	c->rate = opt_get_double("rate");
	c->latency_limit = opt_get_double("latency-limit");
	c->report_interval = opt_get_double("report-interval");
	c->debug = opt_get_bool("debug");
	c->validate = opt_get_bool("validate");
	c->warmup_time = (double)opt_get_int("warmup-time");
	c->thread_init_timeout = (double)opt_get_int("thread-init-timeout");
	c->sweep_pause = opt_get_double("sweep-pause");
	c->progress = opt_get_bool("progress");
	np = core_parse_percentiles(opt_get_string("percentile"), c->percentiles,
	                            CORE_MAX_PCT, err, errlen);
	if (np < 0)
		return np;
	c->npercentiles = (unsigned)np;
	c->percentile = np ? c->percentiles[0] : 0;
	first_pct = c->percentile;
	fmt = opt_get_string("report-format");
	if (fmt == NULL || strcmp(fmt, "text") == 0)
		c->report_format = CORE_REPORT_TEXT;
	else if (strcmp(fmt, "json") == 0)
		c->report_format = CORE_REPORT_JSON;
	else if (strcmp(fmt, "csv") == 0)
		c->report_format = CORE_REPORT_CSV;
	else {
		snprintf(err, errlen, "Invalid value for the 'report-format' option: '%s' (expected text, json or csv)", fmt);
		return -EINVAL;
	}
	c->histogram = opt_get_bool("histogram");
	c->report_statements = opt_get_bool("report-statements");
	c->report_lag = opt_get_bool("report-lag");
	{
		const char *ov = opt_get_string("rate-overload");
		if (ov && strcmp(ov, "continue") == 0) {
			c->rate_continue = 1;
		} else if (ov && strcmp(ov, "fatal") != 0) {
			snprintf(err, errlen, "Invalid value for the 'rate-overload' option: '%s' (expected fatal or continue)", ov);
			return -EINVAL;
		}
	}
	c->verbosity = (int)opt_get_int("verbosity");
	c->sig_figs = (int)opt_get_int("hdr-sig-figs");
	c->hdr_log = opt_get_string("hdr-log");
	if (c->hdr_log && *c->hdr_log == '\0')
		c->hdr_log = NULL;

	if (parse_forced(opt_get_string("forced-shutdown"), c->time,
	                 &c->forced_shutdown)) {
		snprintf(err, errlen, "Invalid value for the 'forced-shutdown' option: '%s' (expected off, N or N%%)",
		         opt_get_string("forced-shutdown"));
		return -EINVAL;
	}
	if (!core_conns_fit(c->connections, c->threads)) {
		snprintf(err, errlen, "Invalid value for the 'connections' option: %u (at least --threads=%u: " CORE_CONNS_RULE ")",
		         c->connections, c->threads);
		return -EINVAL;
	}
	if (c->report_interval > 0 && c->report_interval < 0.001) {
		snprintf(err, errlen, "Invalid value for the 'report-interval' option: '%g' (at least 0.001 s)",
		         c->report_interval);
		return -EINVAL;
	}
	n = opt_get_list("report-checkpoints", &items);
	if (n > NELEM(c->checkpoints)) {
		snprintf(err, errlen, "Too many report checkpoints: %u (at most %zu)", n, NELEM(c->checkpoints));
		return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		char *end;
		double v = strtod(items[i], &end);
		if (end == items[i] || *end || !(v > 0) || !isfinite(v)) {
			snprintf(err, errlen, "Invalid value for the 'report-checkpoints' option: '%s'", items[i]);
			return -EINVAL;
		}
		c->checkpoints[c->ncheckpoints++] = v;
	}
	qsort(c->checkpoints, c->ncheckpoints, sizeof(double), cmp_double);
	if (c->thread_stack_size < 16384) {
		snprintf(err, errlen, "Invalid value for the 'thread-stack-size' option: %zu bytes (at least 16K)",
		         c->thread_stack_size);
		return -EINVAL;
	}

	if (rand_dist_parse(opt_get_string("rand-type"), &c->rand.type)) {
		snprintf(err, errlen, "Invalid value for the 'rand-type' option: '%s' (expected uniform, gaussian, special, pareto or zipfian)",
		         opt_get_string("rand-type"));
		return -EINVAL;
	}
	c->rand.spec_iter = (int)opt_get_int("rand-spec-iter");
	c->rand.spec_pct = opt_get_double("rand-spec-pct");
	c->rand.spec_res = opt_get_double("rand-spec-res");
	c->rand.pareto_h = opt_get_double("rand-pareto-h");
	c->rand.zipf_exp = opt_get_double("rand-zipfian-exp");
	c->rand.seed = (uint64_t)opt_get_int("rand-seed");
	return 0;
}

void core_opts_print_help(void)
{
	printf("General options:\n");
	opt_print_group(stdout, G_GENERAL, 0);
	printf("\nPseudo-Random Numbers Generator options:\n");
	opt_print_group(stdout, G_RAND, 0);
	printf("\nLog options:\n");
	opt_print_group(stdout, G_LOG, 0);
	printf("\n");
	/* padded to the width of the group's widest, --histogram[=on|off] */
	printf("  %-20s %s [95]\n", "--percentile=N", PCT_DESC);
	opt_print_group(stdout, G_STATS, 0);
}
