/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of src/stats/report.c from fixed inputs: a snapshot of 100
 * events with known latencies and counters is formatted as sysbench's
 * interval line and final report (SQL and non-SQL layouts, labels,
 * statements, --rate, --latency-limit, --histogram), as json and csv
 * lines, and through report hooks. The expected texts are exact.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "config.h"
#include "opt/core_opts.h"
#include "opt/opt.h"
#include "stats/report.h"
#include "stats/runinfo.h"
#include "stats/stats.h"
#include <stdbool.h>
#include "ffi/core.h"
#include "util/log.h"
#include "tap.h"
#include "capture.h"

#define MS 1000000LL

static struct stats *S;

/* report_ctx.sql: the SQL layout (main.c passes db_used) */
static int sql_yes(void)
{
	return 1;
}

/* 100 events: 50 of 1 ms, 30 of 2 ms, 15 of 5 ms, 5 of 10 ms (235 ms in
 * all), on 2 threads (60 and 40 events); 1000 reads, 400 writes, 200
 * other, 3 ignored errors, 1 reconnect. With wait: lag 0.5 ms each. */
static struct stats_snap *fixed_snap(int wait)
{
	static const struct { int64_t ms, n; } lat[] = { { 1, 50 }, { 2, 30 }, { 5, 15 }, { 10, 5 } };
	struct stats_snap *s;

	if (stats_snap_create(S, &s)) {
		printf("Bail out! stats_snap_create\n");
		exit(1);
	}
	for (unsigned i = 0; i < 4; i++) {
		hdr_record_n(s->lat, lat[i].ms * MS, lat[i].n);
		if (wait) {
			hdr_record_n(s->wait, MS / 2, lat[i].n);
			hdr_record_n(s->svc, lat[i].ms * MS - MS / 2, lat[i].n);
		}
	}
	s->events = 100;
	s->lat_sum_ns = 235 * MS;
	if (wait) {
		s->wait_sum_ns = 50 * MS;
		s->svc_sum_ns = 185 * MS;
	}
	s->ctr[STATS_READS] = 1000;
	s->ctr[STATS_WRITES] = 400;
	s->ctr[STATS_OTHER] = 200;
	s->ctr[STATS_ERRORS] = 3;
	s->ctr[STATS_RECONNECTS] = 1;
	s->thread_events[0] = 60;
	s->thread_events[1] = 40;
	s->thread_lat_sum_ns[0] = 141 * MS;
	s->thread_lat_sum_ns[1] = 94 * MS;
	return s;
}

static struct core_cfg base_cfg(void)
{
	struct core_cfg c;

	memset(&c, 0, sizeof(c));
	c.threads = 2;
	c.percentile = 95;
	c.percentiles[0] = 95;
	c.npercentiles = 1;
	c.report_interval = 1;
	c.report_format = CORE_REPORT_TEXT;
	return c;
}

static char *interval(const struct report_ctx *ctx, const struct stats_snap *s, double t,
                      double period)
{
	capture_begin();
	report_interval(ctx, s, t, period, 2, 3, 2);
	return capture_end();
}

static char *full(const struct report_ctx *ctx, const struct stats_snap *s, int checkpoint)
{
	capture_begin();
	/* a checkpoint asked for at 10 s, reported at 10 s */
	report_full(ctx, s, 10, 10, checkpoint ? 10 : 0);
	return capture_end();
}

static const char sql_final[] =
	"SQL statistics:\n"
	"    queries performed:\n"
	"        read:                            1000\n"
	"        write:                           400\n"
	"        other:                           200\n"
	"        total:                           1600\n"
	"    transactions:                        100    (10.00 per sec.)\n"
	"    queries:                             1600   (160.00 per sec.)\n"
	"    ignored errors:                      3      (0.30 per sec.)\n"
	"    reconnects:                          1      (0.10 per sec.)\n";
static const char general[] =
	"\n"
	"General statistics:\n"
	"    total time:                          10.0000s\n"
	"    total number of events:              100\n"
	"\n"
	"Latency (ms):\n"
	"         min:                                    1.00\n"
	"         avg:                                    2.35\n"
	"         max:                                   10.00\n";
static const char fairness[] =
	"\n"
	"Threads fairness:\n"
	"    events (avg/stddev):           50.0000/10.00\n"
	"    execution time (avg/stddev):   0.1175/0.02\n"
	"\n";

/* a, b and c one after the other (in a static buffer). */
static const char *cat3(const char *a, const char *b, const char *c)
{
	static char buf[16384];

	if (strlen(a) + strlen(b) + strlen(c) >= sizeof(buf))
		return "(too long)";
	strcpy(buf, a);
	strcat(buf, b);
	return strcat(buf, c);
}

static void test_text(void)
{
	struct core_cfg cfg = base_cfg();
	struct report_ctx ctx = { .cfg = &cfg, .sql = sql_yes };
	struct stats_snap *s = fixed_snap(0);
	char want[8192];

	ok_str(interval(&ctx, s, 10, 2),
	       "[ 10s ] thds: 2 tps: 50.00 qps: 800.00 (r/w/o: 500.00/200.00/100.00) "
	       "lat (ms,95%): 5.00 err/s: 1.50 reconn/s: 0.50\n",
	       "interval line, SQL layout: rates over the 2 s period, the 95th percentile");
	ctx.sql = NULL;
	ok_str(interval(&ctx, s, 10, 2), "[ 10s ] thds: 2 eps: 50.00 lat (ms,95%): 5.00\n",
	       "interval line, non-SQL layout");
	cfg.report_interval = 0.5;
	ok_str(interval(&ctx, s, 2.5, 0.5), "[ 2.5s ] thds: 2 eps: 200.00 lat (ms,95%): 5.00\n",
	       "--report-interval=0.5: the time with one decimal");
	cfg.report_interval = 1;
	cfg.percentiles[0] = 50;
	cfg.percentiles[1] = 95;
	cfg.percentiles[2] = 99.9;
	cfg.npercentiles = 3;
	cfg.percentile = 50;
	ok_str(interval(&ctx, s, 10, 2),
	       "[ 10s ] thds: 2 eps: 50.00 lat (ms,50%/95%/99.9%): 1.00/5.00/10.00\n",
	       "--percentile=50,95,99.9: three values");
	cfg = base_cfg();
	cfg.rate = 100;
	cfg.latency_limit = 4;
	ok_str(interval(&ctx, s, 10, 2),
	       "[ 10s ] thds: 2 eps: 50.00 lat (ms,95%): 5.00\n"
	       "[ 10s ] queue length: 3 concurrency: 2\n"
	       "[ 10s ] late: 0 skipped: 0\n",
	       "--rate: the queue line; --latency-limit: late and skipped");
	cfg = base_cfg();
	cfg.percentile = 0;
	cfg.npercentiles = 0;
	ok_str(interval(&ctx, s, 10, 2), "[ 10s ] thds: 2 eps: 50.00 lat (ms,0%): 0.00\n",
	       "--percentile=0: as sysbench, 0% and 0.00");

	cfg = base_cfg();
	ctx.sql = sql_yes;
	snprintf(want, sizeof(want), "%s%s%s", sql_final, general,
	         "         95th percentile:                        5.00\n"
	         "         sum:                                  235.00\n");
	ok_str(full(&ctx, s, 0), cat3(want, fairness, ""), "final report, SQL layout: sysbench's");
	ctx.sql = NULL;
	snprintf(want, sizeof(want), "%s%s", general,
	         "         95th percentile:                        5.00\n"
	         "         sum:                                  235.00\n");
	ok_str(full(&ctx, s, 0), cat3(want, fairness, ""), "final report, non-SQL layout");
	ok_str(full(&ctx, s, 1), cat3("[ 10s ] Checkpoint report:\n", want, fairness),
	       "a checkpoint report: its header line first");
	capture_begin();
	report_full(&ctx, s, 10, 10, 1.5);
	ok_str(capture_end(), cat3("[ 2s ] Checkpoint report:\n", want, fairness),
	       "a checkpoint reported late: labelled with the time asked for (1.5 s: "
	       "\"[ 2s ]\", halves up)");
	cfg.percentile = 0;
	cfg.npercentiles = 0;
	snprintf(want, sizeof(want), "%s%s", general,
	         "         percentile stats:               disabled\n"
	         "         sum:                                  235.00\n");
	ok_str(full(&ctx, s, 0), cat3(want, fairness, ""), "--percentile=0: percentile stats disabled");
	log_set_verbosity(LOG_WARNING);
	ok_str(full(&ctx, s, 0), "", "--verbosity=2: no report");
	ok_str(interval(&ctx, s, 10, 2), "", "... and no interval line");
	log_set_verbosity(LOG_NOTICE);
	stats_snap_destroy(s);
}

static const char extras[] =
	"\n"
	"Schedule lag (ms):\n"
	"         avg:                                    0.50\n"
	"         max:                                    0.50\n"
	"         95th percentile:                        0.50\n"
	"\n"
	"Service time (ms):\n"
	"         avg:                                    1.85\n"
	"         max:                                    9.50\n"
	"         95th percentile:                        4.50\n"
	"\n"
	"Latency limit (4.00 ms):\n"
	"    late events:                         20     (20.00%)\n"
	"    skipped events:                      25     (20.00%)\n";
static const char labels[] =
	"Latency by label (ms):\n"
	"    label                    events   errors   per sec.       min       avg       95%       max\n"
	"    login                         4        1       0.40      2.00      2.00      2.00      2.00\n"
	"\n";
static const char statements[] =
	"Statement statistics (ms):\n"
	"    statement                 count   errors       50%       95%       99%       max\n"
	"    point select                 10        0      0.25      0.25      0.25      0.25\n"
	"    commit                        0        2      0.00      0.00      0.00      0.00\n"
	"    total                        10        2\n"
	"\n";
static const char histogram[] =
	"Latency histogram (values are in milliseconds)\n"
	"       value  ------------- distribution ------------- count\n"
	"       1.000 |**************************************** 50\n"
	"       2.001 |************************                 30\n"
	"       5.001 |************                             15\n"
	"      10.002 |****                                     5\n"
	" \n";

/* --rate with --report-lag, --latency-limit, --histogram, labels and
 * --report-statements: bench's blocks after sysbench's. */
static void test_text_extras(void)
{
	struct core_cfg cfg = base_cfg();
	struct report_ctx ctx = { .cfg = &cfg, .sql = NULL };
	struct stats_snap *s = fixed_snap(1);
	int id = stats_label_id("login");
	char want[16384];

	cfg.rate = 50;
	cfg.report_lag = 1;
	cfg.latency_limit = 4;
	s->ctr[STATS_LATE] = 20;
	s->ctr[STATS_SKIPPED] = 25;
	ok(id == 0, "label 'login' is id 0");
	hdr_create(1, STATS_HDR_HIGHEST, 3, &s->lbl[0].lat);
	hdr_record_n(s->lbl[0].lat, 2 * MS, 4);
	s->lbl[0].events = 4;
	s->lbl[0].errors = 1;
	s->lbl[0].lat_sum_ns = 8 * MS;
	s->have_stmt = 1;
	hdr_create(1, STATS_HDR_HIGHEST, 3, &s->stmt[STATS_STMT_POINT_SELECT].lat);
	hdr_record_n(s->stmt[STATS_STMT_POINT_SELECT].lat, MS / 4, 10);
	s->stmt[STATS_STMT_POINT_SELECT].events = 10;
	s->stmt[STATS_STMT_POINT_SELECT].lat_sum_ns = 10 * MS / 4;
	s->stmt[STATS_STMT_COMMIT].errors = 2;
	snprintf(want, sizeof(want), "%s%s%s%s%s%s", general,
	         "         95th percentile:                        5.00\n"
	         "         sum:                                  235.00\n", extras, fairness,
	         labels, statements);
	ok_str(full(&ctx, s, 0), want, "final report: lag, service time, latency limit; "
	       "after fairness the labels and statement kinds");
	cfg.histogram = 1;
	snprintf(want, sizeof(want), "%s%s%s%s%s%s%s", "[ 10s ] Checkpoint report:\n", histogram,
	         general, "         95th percentile:                        5.00\n"
	         "         sum:                                  235.00\n", extras, fairness, labels);
	ok_str(full(&ctx, s, 1), want, "a checkpoint: --histogram first, no statement kinds "
	       "(they are counted once, at the end)");
	stats_snap_destroy(s);
}

static const char json_counters[] =
	"\"threads\":2,\"events\":100,\"eps\":50,\"tps\":50,\"reads\":1000,\"reads_per_sec\":500,"
	"\"writes\":400,\"writes_per_sec\":200,\"other\":200,\"other_per_sec\":100,\"errors\":3,"
	"\"errors_per_sec\":1.5,\"reconnects\":1,\"reconnects_per_sec\":0.5,\"queries\":1600,"
	"\"qps\":800,\"bytes_read\":0,\"bytes_written\":0,";
/* the final line's rates are over its 10 s */
static const char json_counters_final[] =
	"\"threads\":2,\"events\":100,\"eps\":10,\"tps\":10,\"reads\":1000,\"reads_per_sec\":100,"
	"\"writes\":400,\"writes_per_sec\":40,\"other\":200,\"other_per_sec\":20,\"errors\":3,"
	"\"errors_per_sec\":0.3,\"reconnects\":1,\"reconnects_per_sec\":0.1,\"queries\":1600,"
	"\"qps\":160,\"bytes_read\":0,\"bytes_written\":0,";
static const char json_labels[] =
	"\"labels\":{\"login\":{\"events\":0,\"errors\":0,\"eps\":0,\"latency_ms\":{\"min\":0,"
	"\"avg\":0,\"max\":0,\"percentiles\":{\"95\":0}}}}";

static void test_json_csv(void)
{
	struct core_cfg cfg = base_cfg();
	struct report_ctx ctx = { .cfg = &cfg, .sql = sql_yes };
	struct stats_snap *s = fixed_snap(0);
	char want[4096], host[256];
	const char *tail;
	json_t *o, *opts;
	json_error_t err;
	regex_t re;
	char *out;

	cfg.report_format = CORE_REPORT_JSON;
	snprintf(want, sizeof(want), "{\"type\":\"interval\",\"time\":10,%s\"latency_ms\":{\"min\":1,"
	         "\"avg\":2.35,\"max\":10,\"stddev\":2.21928503463096,\"percentiles\":{\"95\":5.001215}},"
	         "%s}\n", json_counters, json_labels);
	ok_str(interval(&ctx, s, 10, 2), want, "json interval line");

	out = full(&ctx, s, 0);
	snprintf(want, sizeof(want), "{\"type\":\"final\",\"status\":\"completed\",\"time\":10,\"total_time\":10,%s"
	         "\"latency_ms\":{\"min\":1,\"avg\":2.35,\"max\":10,\"stddev\":2.21928503463096,"
	         "\"sum\":235,\"percentiles\":{\"95\":5.001215}},\"fairness\":{\"events_avg\":50,"
	         "\"events_stddev\":10,\"time_avg\":0.1175,\"time_stddev\":0.0235},%s,"
	         "\"bench_version\":", json_counters_final, json_labels);
	ok(strncmp(out, want, strlen(want)) == 0, "json final line up to bench_version");
	if (strncmp(out, want, strlen(want)) != 0) {
		diag_text("expected (prefix):", want);
		diag_text("got:", out);
	}
	o = json_loads(out, 0, &err);
	ok(o != NULL && strlen(out) > 0 && out[strlen(out) - 1] == '\n' && !strchr(out, '\n')[1],
	   "one line of valid JSON");
	if (gethostname(host, sizeof(host)))
		host[0] = 0;
	host[sizeof(host) - 1] = 0;
	ok(strcmp(json_string_value(json_object_get(o, "bench_version")), PACKAGE_VERSION) == 0 &&
	   strcmp(json_string_value(json_object_get(o, "hostname")), host) == 0,
	   "bench_version and hostname");
	tail = json_string_value(json_object_get(o, "start_time"));
	regcomp(&re, "^20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]Z$",
	        REG_EXTENDED | REG_NOSUB);
	ok(tail && regexec(&re, tail, 0, NULL, 0) == 0, "start_time in UTC: %s", tail ? tail : "-");
	regfree(&re);
	opts = json_object_get(o, "options");
	ok(json_integer_value(json_object_get(opts, "threads")) == 1 &&
	   strcmp(json_string_value(json_object_get(opts, "percentile")), "95") == 0 &&
	   json_is_false(json_object_get(opts, "report-statements")) &&
	   json_is_array(json_object_get(opts, "report-checkpoints")) &&
	   json_is_null(json_object_get(opts, "hdr-log")),
	   "options: int, string, bool, list and unset values");
	ok(json_object_get(opts, "test-password") == NULL && !strstr(out, "s3cret") &&
	   json_integer_value(json_object_get(opts, "test-tables")) == 4,
	   "every option but passwords");
	json_decref(o);
	free(out);

	cfg.report_format = CORE_REPORT_CSV;
	ok_str(interval(&ctx, s, 10, 2),
	       "type,time,threads,events,eps,reads,writes,other,errors,reconnects,lat_min_ms,"
	       "lat_avg_ms,lat_max_ms,p95_ms,status\n"
	       "interval,10,2,100,50.0000,1000,400,200,3,1,1.0000,2.3500,10.0000,5.0012,running\n",
	       "csv: the header, then an interval row");
	ok_str(full(&ctx, s, 0), "final,10,2,100,10.0000,1000,400,200,3,1,1.0000,2.3500,10.0000,5.0012,completed\n",
	       "csv final row, no second header");
	/* a run that did not complete says so in every format */
	ctx.status = REPORT_INTERRUPTED;
	out = full(&ctx, s, 0);
	ok(strstr(out, ",interrupted\n") != NULL, "csv final row of an interrupted run");
	free(out);
	cfg.report_format = CORE_REPORT_JSON;
	ctx.status = REPORT_OVERLOADED;
	out = full(&ctx, s, 0);
	ok(strncmp(out, "{\"type\":\"final\",\"status\":\"overloaded\",",
	           strlen("{\"type\":\"final\",\"status\":\"overloaded\",")) == 0,
	   "json final line of an overloaded run");
	free(out);
	cfg.report_format = CORE_REPORT_TEXT;
	ctx.status = REPORT_INTERRUPTED;
	out = full(&ctx, s, 0);
	ok(strstr(out, "\nRun status: interrupted after 10.00 s: the figures cover only the part that ran\n") != NULL,
	   "text: one line after the report of an interrupted run");
	free(out);
	ctx.status = REPORT_COMPLETED;
	stats_snap_destroy(s);
}

static int near(double x, double want, double tol)
{
	return x >= want - tol && x <= want + tol;
}

/* Report hooks (a script's report_intermediate / report_cumulative). */
static int hook_rc;
static sb_stat_t hook_st;
static int hook_calls;

static int hook(const sb_stat_t *st, void *ud)
{
	hook_st = *st;
	hook_calls++;
	if (hook_rc > 0)
		printf("hook\n");
	return hook_rc;
}

static void test_hooks(void)
{
	struct core_cfg cfg = base_cfg();
	struct report_result res;
	struct report_ctx ctx = { .cfg = &cfg, .sql = 0, .result = &res };
	struct stats_snap *s = fixed_snap(0);
	char *out;

	ctx.hooks.intermediate = hook;
	ctx.hooks.cumulative = hook;
	hook_rc = 1;
	ok_str(interval(&ctx, s, 10, 2), "hook\n", "an intermediate hook returning 1 replaces the line");
	ok(hook_calls == 1 && hook_st.threads_running == 2 && hook_st.time_interval == 2 &&
	   hook_st.time_total == 10 && hook_st.events == 100 && hook_st.reads == 1000 &&
	   hook_st.writes == 400 && hook_st.other == 200 && hook_st.errors == 3 &&
	   hook_st.reconnects == 1 && hook_st.queue_length == 3 && hook_st.concurrency == 2,
	   "the hook's stat: threads, times, counters, queue");
	ok(near(hook_st.latency_min, 0.001, 1e-12) && near(hook_st.latency_sum, 0.235, 1e-12) &&
	   near(hook_st.latency_avg, 0.00235, 1e-12) && near(hook_st.latency_max, 0.01, 1e-5) &&
	   near(hook_st.latency_pct, 0.005, 1e-5),
	   "... latencies in seconds (min %g avg %g max %g pct %g sum %g)", hook_st.latency_min,
	   hook_st.latency_avg, hook_st.latency_max, hook_st.latency_pct, hook_st.latency_sum);
	ok_str(full(&ctx, s, 0), "hook\n", "a cumulative hook returning 1 replaces the report");
	ok(res.valid && res.time == 10 && res.events == 100 && res.queries == 1600 &&
	   res.reads == 1000 && res.errors == 3 && res.reconnects == 1 && res.tps == 10 &&
	   res.qps == 160 && near(res.lat_min, 1, 1e-9) && near(res.lat_avg, 2.35, 1e-9) &&
	   near(res.lat_p95, 5, 0.01) && near(res.lat_p99, 10, 0.01),
	   "the final report fills the sweep's result (p95 %g, p99 %g)", res.lat_p95, res.lat_p99);
	ok(report_hook_failed() == 0, "no hook failed");
	hook_rc = -1;
	ok_str(interval(&ctx, s, 10, 2), "[ 10s ] thds: 2 eps: 50.00 lat (ms,95%): 5.00\n",
	       "a failing hook: the default line");
	ok(report_hook_failed() == 1, "... and the run must fail");
	hook_rc = 0;
	out = full(&ctx, s, 1);
	ok(strncmp(out, "[ 10s ] Checkpoint report:\n\nGeneral statistics:\n", 48) == 0,
	   "a hook returning 0: the default report");
	free(out);
	stats_snap_destroy(s);
}

static char *json_text(const char *in)
{
	capture_begin();
	report_json_string(stdout, in);
	return capture_end();
}

static void test_helpers(void)
{
	char t[32];

	ok_str(json_text("a\"b\\c\n\r\t\b\f\x01\x7f" "é/"),
	       "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u007fé/\"", "report_json_string: escapes");
	ok_str(json_text(NULL), "null", "report_json_string(NULL): null");
	report_format_time(t, sizeof(t), 10, 1);
	ok(strcmp(t, "10") == 0, "time 10 at steps of 1 s: %s", t);
	report_format_time(t, sizeof(t), 2.5, 0.5);
	ok(strcmp(t, "2.5") == 0, "2.5 at 0.5 s: %s", t);
	report_format_time(t, sizeof(t), 0.25, 0.25);
	ok(strcmp(t, "0.25") == 0, "0.25 at 0.25 s: %s", t);
	report_format_time(t, sizeof(t), 1, 0.001);
	ok(strcmp(t, "1.000") == 0, "1 at 1 ms: %s", t);
	report_format_time(t, sizeof(t), 1, 0.0001);
	ok(strcmp(t, "1.000") == 0, "at most 3 decimals: %s", t);
	ok(report_pct_ms(NULL, 95) == 0, "report_pct_ms of no histogram: 0");
}

static const struct opt_def test_opts[] = {
	{ "test-password", OPT_STRING, "a password", "", 0, 0, 0, NULL },
	{ "test-tables", OPT_INT, "a number", "4", 0, 0, 0, NULL },
};

/* The command line of a result file: every password option's value
 * scrubbed, whatever its spelling; words quoted for a shell. */
static void test_scrub(void)
{
	static const struct {
		const char *argv[6];
		const char *want;
	} cases[] = {
		{ { "bench", "x", "--mysql-password=s3cret", "run" }, "bench x --mysql-password=*** run" },
		{ { "bench", "--pgsql-password=s3cret", "--pgsql-user=u" }, "bench --pgsql-password=*** --pgsql-user=u" },
		{ { "bench", "slap", "--password=s3cret" }, "bench slap --password=***" },
		{ { "bench", "slap", "--Password", "s3cret", "-c", "2" }, "bench slap --Password *** -c 2" },
		{ { "bench", "slap", "-ps3cret", "-p" }, "bench slap -p*** -p" },
		{ { "bench", "--mysql-password=" }, "bench --mysql-password=***" },
		{ { "bench", "--query=SELECT 'a' FROM t", "--user=x" }, "bench '--query=SELECT '\\''a'\\'' FROM t' --user=x" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int argc = 0;
		char *got;

		while (argc < 6 && cases[i].argv[argc])
			argc++;
		got = runinfo_scrub_cmdline(argc, (char *const *)cases[i].argv);
		ok(got && strcmp(got, cases[i].want) == 0 && !strstr(got, "s3cret"),
		   "scrubbed command line %zu: %s", i, got ? got : "(null)");
		free(got);
	}
}

int main(void)
{
	opt_init();
	if (core_opts_define() || opt_define("test options", test_opts, 2) ||
	    opt_set("test-password", "s3cret") || stats_create(2, STATS_F_WAIT, 3, &S)) {
		printf("Bail out! setup\n");
		return 1;
	}
	test_text();
	test_text_extras();
	test_json_csv();
	test_hooks();
	test_helpers();
	test_scrub();
	stats_destroy(S);
	opt_free();
	return tap_done();
}
