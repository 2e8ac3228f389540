/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of src/merge/merge.c (`bench merge`) from fixed inputs: json
 * result lines written here and hdr logs of known histograms; the text and
 * json outputs are compared exactly, as are the FATAL lines for bad input.
 * tests/t/merge.t merges the results of real runs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "merge/merge.h"
#include "opt/core_opts.h"
#include "opt/opt.h"
#include "stats/hdr.h"
#include "stats/hdrlog.h"
#include "util/log.h"
#include "tap.h"
#include "capture.h"

#define MS 1000000LL

static char dir[] = "/tmp/bench-test-merge.XXXXXX";
static char paths[32][128];
static unsigned npaths;

/* A file named `name` in the test's directory holding text. */
static const char *file(const char *name, const char *text)
{
	char *p = paths[npaths++];
	FILE *f;

	snprintf(p, sizeof(paths[0]), "%s/%s", dir, name);
	f = fopen(p, "w");
	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0) {
		printf("Bail out! cannot write %s\n", p);
		exit(1);
	}
	return p;
}

/* An hdr log of `n` intervals of 1 s from `start` (seconds since the
 * epoch): interval i records count[i] values of ms[i] milliseconds;
 * tagged lines (label login, statement kind point_select) too when
 * `tags`. */
static const char *hdr_file(const char *name, double start, unsigned n, const int64_t *ms,
                            const int64_t *count, int sig_figs, int tags)
{
	char *p = paths[npaths++];
	struct hdrlog *l;
	struct hdr_hist *h;

	snprintf(p, sizeof(paths[0]), "%s/%s", dir, name);
	if (hdrlog_open(p, start, &l) || hdr_create(1, 3600LL * 1000 * MS, sig_figs, &h)) {
		printf("Bail out! cannot write %s\n", p);
		exit(1);
	}
	for (unsigned i = 0; i < n; i++) {
		hdr_reset(h);
		hdr_record_n(h, ms[i] * MS, count[i]);
		hdrlog_write(l, NULL, start + i, 1, h);
		if (tags) {
			hdrlog_write(l, "login", start + i, 1, h);
			hdrlog_write(l, "stmt.point_select", start + i, 1, h);
		}
	}
	hdr_destroy(h);
	hdrlog_close(l);
	return p;
}

static char *merge(unsigned n, const char *a, const char *b, const char *c, const char *d)
{
	const char *files[4] = { a, b, c, d };
	int rc;
	char *out;

	capture_begin();
	rc = merge_main(files, n);
	out = capture_end();
	if (rc != 0) {
		/* the exit status goes with the output: "exit 1" appended */
		size_t len = strlen(out);
		out = realloc(out, len + 16);
		sprintf(out + len, "exit %d\n", rc);
	}
	return out;
}

/* The merged interval series of a.hlog and b.hlog (ticks of 1 s; b has 2): json
 * mode prints it before the merged line. */
static const char ticks_pct3[] =
	"{\"type\":\"interval\",\"time\":1.0,\"threads\":0,\"events\":2500,\"eps\":2500.0,\"tps\":2500.0,\"reads\":0,\"reads_per_sec\":0.0,\"writes\":0,\"writes_per_sec\":0.0,\"other\":0,\"other_per_sec\":0.0,\"errors\":0,\"errors_per_sec\":0.0,\"reconnects\":0,\"reconnects_per_sec\":0.0,\"queries\":0,\"qps\":0.0,\"bytes_read\":0,\"bytes_written\":0,\"latency_ms\":{\"min\":1.000447,\"avg\":2.8005376,\"max\":4.001791,\"percentiles\":{\"50\":4.001791,\"95\":4.001791,\"99\":4.001791},\"percentiles_exact\":true},\"inputs\":2}\n"
	"{\"type\":\"interval\",\"time\":2.0,\"threads\":0,\"events\":1500,\"eps\":1500.0,\"tps\":1500.0,\"reads\":0,\"reads_per_sec\":0.0,\"writes\":0,\"writes_per_sec\":0.0,\"other\":0,\"other_per_sec\":0.0,\"errors\":0,\"errors_per_sec\":0.0,\"reconnects\":0,\"reconnects_per_sec\":0.0,\"queries\":0,\"qps\":0.0,\"bytes_read\":0,\"bytes_written\":0,\"latency_ms\":{\"min\":2.000895,\"avg\":2.667178667,\"max\":4.001791,\"percentiles\":{\"50\":2.000895,\"95\":4.001791,\"99\":4.001791},\"percentiles_exact\":true},\"inputs\":2}\n"
	"{\"type\":\"interval\",\"time\":3.0,\"threads\":0,\"events\":1000,\"eps\":1000.0,\"tps\":1000.0,\"reads\":0,\"reads_per_sec\":0.0,\"writes\":0,\"writes_per_sec\":0.0,\"other\":0,\"other_per_sec\":0.0,\"errors\":0,\"errors_per_sec\":0.0,\"reconnects\":0,\"reconnects_per_sec\":0.0,\"queries\":0,\"qps\":0.0,\"bytes_read\":0,\"bytes_written\":0,\"latency_ms\":{\"min\":10.002431,\"avg\":9.998336,\"max\":10.002431,\"percentiles\":{\"50\":10.002431,\"95\":10.002431,\"99\":10.002431},\"percentiles_exact\":true},\"inputs\":1}\n";
static const char ticks_pct95[] =
	"{\"type\":\"interval\",\"time\":1.0,\"threads\":0,\"events\":2500,\"eps\":2500.0,\"tps\":2500.0,\"reads\":0,\"reads_per_sec\":0.0,\"writes\":0,\"writes_per_sec\":0.0,\"other\":0,\"other_per_sec\":0.0,\"errors\":0,\"errors_per_sec\":0.0,\"reconnects\":0,\"reconnects_per_sec\":0.0,\"queries\":0,\"qps\":0.0,\"bytes_read\":0,\"bytes_written\":0,\"latency_ms\":{\"min\":1.000447,\"avg\":2.8005376,\"max\":4.001791,\"percentiles\":{\"95\":4.001791},\"percentiles_exact\":true},\"inputs\":2}\n"
	"{\"type\":\"interval\",\"time\":2.0,\"threads\":0,\"events\":1500,\"eps\":1500.0,\"tps\":1500.0,\"reads\":0,\"reads_per_sec\":0.0,\"writes\":0,\"writes_per_sec\":0.0,\"other\":0,\"other_per_sec\":0.0,\"errors\":0,\"errors_per_sec\":0.0,\"reconnects\":0,\"reconnects_per_sec\":0.0,\"queries\":0,\"qps\":0.0,\"bytes_read\":0,\"bytes_written\":0,\"latency_ms\":{\"min\":2.000895,\"avg\":2.667178667,\"max\":4.001791,\"percentiles\":{\"95\":4.001791},\"percentiles_exact\":true},\"inputs\":2}\n"
	"{\"type\":\"interval\",\"time\":3.0,\"threads\":0,\"events\":1000,\"eps\":1000.0,\"tps\":1000.0,\"reads\":0,\"reads_per_sec\":0.0,\"writes\":0,\"writes_per_sec\":0.0,\"other\":0,\"other_per_sec\":0.0,\"errors\":0,\"errors_per_sec\":0.0,\"reconnects\":0,\"reconnects_per_sec\":0.0,\"queries\":0,\"qps\":0.0,\"bytes_read\":0,\"bytes_written\":0,\"latency_ms\":{\"min\":10.002431,\"avg\":9.998336,\"max\":10.002431,\"percentiles\":{\"95\":10.002431},\"percentiles_exact\":true},\"inputs\":1}\n";

/* Client a: 3000 events in 10 s on 1 thread, SQL counters, a label and a
 * statement kind; interval lines before the final one are skipped. */
static const char json_a[] =
	"{\"type\":\"interval\",\"time\":1,\"threads\":1,\"events\":300,\"eps\":300}\n"
	"\n"
	"{\"type\":\"final\",\"time\":10,\"total_time\":10,\"threads\":1,\"events\":3000,"
	"\"eps\":300,\"tps\":300,\"reads\":30000,\"reads_per_sec\":3000,\"writes\":12000,"
	"\"writes_per_sec\":1200,\"other\":6000,\"other_per_sec\":600,\"errors\":3,"
	"\"errors_per_sec\":0.3,\"reconnects\":1,\"reconnects_per_sec\":0.1,\"queries\":48000,"
	"\"qps\":4800,\"latency_ms\":{\"min\":1,\"avg\":2,\"max\":40,\"sum\":6000,"
	"\"percentiles\":{\"99\":9,\"50\":1.5}},\"labels\":{\"login\":{\"events\":100,\"errors\":2}},"
	"\"statements\":{\"point_select\":{\"count\":30000,\"errors\":0}},\"hostname\":\"client-a\"}\n";
/* Client b: 2000 events in 12 s on 2 threads, no "sum" (avg * events). */
static const char json_b[] =
	"{\"type\":\"final\",\"time\":12,\"total_time\":12,\"threads\":2,\"events\":2000,"
	"\"eps\":166.666666666667,\"reads\":20000,\"reads_per_sec\":1666.66666666667,"
	"\"writes\":8000,\"writes_per_sec\":666.666666666667,\"other\":4000,"
	"\"other_per_sec\":333.333333333333,\"errors\":0,\"reconnects\":0,"
	"\"latency_ms\":{\"min\":0.5,\"avg\":3,\"max\":30,\"percentiles\":{\"95\":8}},"
	"\"labels\":{\"login\":{\"events\":50}},\"hostname\":\"client-b\"}\n";

/* The text report of a and b, between the first line and the
 * percentiles. */
static const char merged_ab[] =
	"\n"
	"SQL statistics:\n"
	"    queries performed:\n"
	"        read:                            50000\n"
	"        write:                           20000\n"
	"        other:                           10000\n"
	"        total:                           80000\n"
	"    transactions:                        5000   (466.67 per sec.)\n"
	"    queries:                             80000  (7466.67 per sec.)\n"
	"    ignored errors:                      3      (0.30 per sec.)\n"
	"    reconnects:                          1      (0.10 per sec.)\n"
	"\n"
	"General statistics:\n"
	"    total time:                          12.0000s\n"
	"    total number of events:              5000\n"
	"    events per second:                   466.67\n"
	"    threads:                             3\n"
	"\n"
	"Latency (ms):\n"
	"         min:                                    0.50\n"
	"         avg:                                    2.40\n"
	"         max:                                   40.00\n";
static const char fairness[] =
	"\n"
	"Threads fairness:\n"
	"    not available for merged results\n";

static void test_json_only(const char *a, const char *b)
{
	char want[4096];

	snprintf(want, sizeof(want), "%s%s%s%s", "Merged 2 json result file(s) and 0 hdr log(s) "
	         "from client host(s): client-a, client-b\n", merged_ab,
	         "         percentiles: not available: exact merged percentiles need the runs' --hdr-log files\n"
	         "         sum:                                12000.00\n"
	         "\n"
	         "Latency by label (ms; count, errors, then 50%/95%/99%/max):\n"
	         "    login                           150        2  -\n"
	         "\n"
	         "Statement statistics (ms; count, errors, then 50%/95%/99%/max):\n"
	         "    point_select                  30000        0  -\n", fairness);
	ok_str(merge(2, a, b, NULL, NULL), want,
	       "two json results: counts, rates and threads add up, time is the maximum, "
	       "min/max/avg exact, no percentiles");
}

/* hdr logs: a's 3000 events, 1 ms in the first second, 2 ms in the
 * second, 1000 each, then 1000 of 10 ms; b's 2000 events of 4 ms over
 * two seconds, starting 0.5 s later. */
static const int64_t a_ms[] = { 1, 2, 10 }, a_n[] = { 1000, 1000, 1000 };
static const int64_t b_ms[] = { 4, 4 }, b_n[] = { 1500, 500 };

static void test_with_hdr(const char *a, const char *b, const char *ha, const char *hb)
{
	char want[4096];

	snprintf(want, sizeof(want), "%s%s%s%s", "Merged 2 json result file(s) and 2 hdr log(s) "
	         "from client host(s): client-a, client-b\n", merged_ab,
	         "         50th percentile:                        4.00\n"
	         "         95th percentile:                       10.00\n"
	         "         99th percentile:                       10.00\n"
	         "         sum:                                12000.00\n"
	         "\n"
	         "Latency by label (ms; count, errors, then 50%/95%/99%/max):\n"
	         "    login                          3000        2  2.00/10.00/10.00/10.00\n"
	         "\n"
	         "Statement statistics (ms; count, errors, then 50%/95%/99%/max):\n"
	         "    point_select                   3000        0  2.00/10.00/10.00/10.00\n", fairness);
	ok_str(merge(4, a, b, ha, hb), want,
	       "json results and hdr logs: percentiles over the union of the logs (1 ms x1000, "
	       "2 ms x1000, 4 ms x2000, 10 ms x1000), the json files' percentile keys; per label "
	       "and statement kind from the tagged lines");

	opt_set("report-format", "json");
	snprintf(want, sizeof(want),
	         "%s{\"type\":\"merged\",\"files\":[\"%s/a.json\",\"%s/b.json\",\"%s/a.hlog\",\"%s/b.hlog\"],"
	         "\"json_files\":2,\"hdr_logs\":2,\"hosts\":[\"client-a\",\"client-b\"],\"total_time\":12.0,"
	         "\"threads\":3,\"events\":5000,\"reads\":50000,\"writes\":20000,\"other\":10000,"
	         "\"errors\":3,\"reconnects\":1,\"queries\":80000,\"bytes_read\":0,\"bytes_written\":0,"
	         "\"eps\":466.6666667,\"reads_per_sec\":4666.666667,\"writes_per_sec\":1866.666667,"
	         "\"other_per_sec\":933.3333333,\"errors_per_sec\":0.3,\"reconnects_per_sec\":0.1,"
	         "\"qps\":7466.666667,\"tps\":466.6666667,\"latency_ms\":{\"min\":0.5,\"avg\":2.4,"
	         "\"max\":40.0,\"sum\":12000.0,\"percentiles\":{\"50\":4.001791,\"95\":10.002431,"
	         "\"99\":10.002431},\"percentiles_exact\":true,\"hdr_count\":5000},\"hdr_intervals\":5,"
	         "\"interval_s\":1.0,\"interval_lines\":3,\"interval_inputs\":2,"
	         "\"labels\":{\"login\":{\"events\":3000,\"count\":3000,\"errors\":2,\"min\":1.000447,"
	         "\"avg\":4.332970667,\"max\":10.002431,\"percentiles\":{\"50\":2.000895,\"95\":10.002431,"
	         "\"99\":10.002431}}},\"statements\":{\"point_select\":{\"count\":3000,\"errors\":0,"
	         "\"min\":1.000447,\"avg\":4.332970667,\"max\":10.002431,\"percentiles\":{\"50\":2.000895,"
	         "\"95\":10.002431,\"99\":10.002431}}}}\n", ticks_pct3, dir, dir, dir, dir);
	ok_str(merge(4, a, b, ha, hb), want, "the same as one json line; qps of a file without "
	       "one is its reads+writes+other per second");
	snprintf(want, sizeof(want),
	         "%s{\"type\":\"merged\",\"files\":[\"%s/a.hlog\",\"%s/b.hlog\"],\"json_files\":0,"
	         "\"hdr_logs\":2,\"hosts\":[],\"total_time\":3.0,\"threads\":0,\"events\":5000,\"reads\":0,"
	         "\"writes\":0,\"other\":0,\"errors\":0,\"reconnects\":0,\"queries\":0,\"bytes_read\":0,"
	         "\"bytes_written\":0,\"eps\":1666.666667,\"reads_per_sec\":0.0,\"writes_per_sec\":0.0,"
	         "\"other_per_sec\":0.0,\"errors_per_sec\":0.0,\"reconnects_per_sec\":0.0,\"qps\":0.0,"
	         "\"tps\":1666.666667,\"latency_ms\":{\"min\":1.000447,\"avg\":4.2000896,"
	         "\"max\":10.002431,\"sum\":21000.448,\"percentiles\":{\"95\":10.002431},"
	         "\"percentiles_exact\":true,\"hdr_count\":5000},\"hdr_intervals\":5,"
	         "\"interval_s\":1.0,\"interval_lines\":3,\"interval_inputs\":2,"
	         "\"labels\":{\"login\":{\"events\":3000,\"count\":3000,\"errors\":null,\"min\":1.000447,"
	         "\"avg\":4.332970667,\"max\":10.002431,\"percentiles\":{\"95\":10.002431}}},"
	         "\"statements\":{\"point_select\":{\"count\":3000,\"errors\":null,\"min\":1.000447,"
	         "\"avg\":4.332970667,\"max\":10.002431,\"percentiles\":{\"50\":2.000895,\"95\":10.002431,"
	         "\"99\":10.002431}}}}\n", ticks_pct95, dir, dir);
	ok_str(merge(2, ha, hb, NULL, NULL), want, "hdr logs only, json: events and time from the "
	       "logs (3 s from the first start to the last end)");

	opt_set("report-format", "text");
	ok_str(merge(2, ha, hb, NULL, NULL),
	       "Merged 0 json result file(s) and 2 hdr log(s)\n"
	       "\n"
	       "General statistics:\n"
	       "    total time:                          3.0000s\n"
	       "    total number of events:              5000\n"
	       "\n"
	       "Latency (ms):\n"
	       "         min:                                    1.00\n"
	       "         avg:                                    4.20\n"
	       "         max:                                   10.00\n"
	       "         95th percentile:                       10.00\n"
	       "         sum:                                21000.45\n"
	       "\n"
	       "Latency by label (ms; count, errors, then 95%/max):\n"
	       "    login                          3000        -  10.00/10.00\n"
	       "\n"
	       "Statement statistics (ms; count, errors, then 50%/95%/99%/max):\n"
	       "    point_select                   3000        -  2.00/10.00/10.00/10.00\n"
	       "\n"
	       "Threads fairness:\n"
	       "    not available for merged results\n",
	       "hdr logs only, text: no SQL block, no events per second line, 95th percentile");
}

/* Bad input: one FATAL line naming the file, exit status 1. */
static void test_errors(const char *a, const char *ha)
{
	static const int64_t ms[] = { 1 }, n[] = { 10 };
	const char *p;
	char want[1024];
	static const struct {
		const char *name, *text, *fatal, *what;   /* fatal: %s is the path */
	} bad[] = {
		{ "nofinal.json", "{\"type\":\"interval\",\"events\":1}\n",
		  "FATAL: merge: '%s' has no \"type\":\"final\" line (an interrupted run, or not "
		  "--report-format=json output)", "a json file without a final line" },
		{ "broken.json", "{\"type\":\"final\",\n",
		  "FATAL: merge: '%s' line 1: not a JSON object: string or '}' expected near end of file",
		  "a line that is not JSON" },
		{ "badtype.json", "{\"type\":\"final\",\"events\":\"many\",\"threads\":1,\"eps\":1,\"time\":1}\n",
		  "FATAL: merge: '%s': \"events\" must be a non-negative integer, not \"many\"",
		  "a count that is a string" },
		{ "negative.json", "{\"type\":\"final\",\"events\":1,\"threads\":1,\"eps\":-2,\"time\":1}\n",
		  "FATAL: merge: '%s': \"eps\" must be a number from 0 to 1e+15, not -2",
		  "a negative rate" },
		{ "minmax.json", "{\"type\":\"final\",\"events\":1,\"threads\":1,\"eps\":1,\"time\":1,"
		  "\"latency_ms\":{\"min\":5,\"max\":1}}\n",
		  "FATAL: merge: '%s': latency_ms.min is above latency_ms.max", "min above max" },
		{ "label.json", "{\"type\":\"final\",\"events\":1,\"threads\":1,\"eps\":1,\"time\":1,"
		  "\"labels\":{\"x\":{\"events\":1.5}}}\n",
		  "FATAL: merge: '%s': \"labels.x.events\" must be a non-negative integer, not 1.5",
		  "a label's count that is not an integer" },
		{ "corrupt.hlog", "#[Histogram log format version 1.3]\n1.000,1.000,1.0,HISTFAAAAB\n",
		  "FATAL: merge: '%s' line 2: cannot decode the histogram: corrupt base64/zlib/V2 payload",
		  "a corrupt histogram" },
		{ "text.txt", "hello\n",
		  "FATAL: merge: '%s' is neither a json result nor an hdr log: expected "
		  "--report-format=json output or an --hdr-log file", "a file of another kind" },
		{ "empty.json", "\n\n",
		  "FATAL: merge: '%s' is empty: expected --report-format=json output or an --hdr-log file",
		  "an empty file" },
		{ NULL, NULL, "FATAL: merge: cannot open '%s': No such file or directory",
		  "a missing file" },
	};
	static const char warning[] = "WARNING: merge: the hdr logs hold 10 events, the json "
		"results 3000: were they written by the same runs?\n";
	char path[160];

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (bad[i].name) {
			p = file(bad[i].name, bad[i].text);
		} else {
			snprintf(path, sizeof(path), "%s/missing", dir);
			p = path;
		}
		snprintf(want, sizeof(want), bad[i].fatal, p);
		strcat(want, "\nexit 1\n");
		ok_str(merge(1, p, NULL, NULL, NULL), want, bad[i].what);
	}
	p = hdr_file("sig2.hlog", 1764000000, 1, ms, n, 2, 0);
	snprintf(want, sizeof(want), "FATAL: merge: '%s' line 4: histogram with 2 significant "
	         "digits, but '%s' has 3: logs with different --hdr-sig-figs cannot be merged "
	         "exactly\nexit 1\n", p, ha);
	ok_str(merge(2, ha, p, NULL, NULL), want, "hdr logs of different precision");

	p = file("corrupt.hlog", "#[Histogram log format version 1.3]\n1.000,1.000,1.0,HISTFAAAAB\n");
	snprintf(want, sizeof(want), "FATAL: merge: '%s' line 2: cannot decode the histogram: "
	         "corrupt base64/zlib/V2 payload\nexit 1\n", p);
	ok_str(merge(1, p, NULL, NULL, NULL), want, "a corrupt histogram");


	/* the json results and the hdr logs disagree: a warning */
	p = hdr_file("other.hlog", 1764000000, 1, ms, n, 3, 0);
	{
		char *out = merge(2, a, p, NULL, NULL);
		ok(strncmp(out, warning, strlen(warning)) == 0,
		   "logs of other runs: a warning first");
		free(out);
	}

	opt_set("report-format", "csv");
	ok_str(merge(1, a, NULL, NULL, NULL), "FATAL: merge: invalid value for the 'report-format' "
	       "option: 'csv' (expected text or json)\nexit 1\n", "--report-format=csv: refused");
	opt_set("report-format", "text");
}

/* --percentile decides the percentiles over the json files' keys. */
static void test_percentile_option(const char *a, const char *ha)
{
	char *out;

	opt_set("percentile", "99.9,50");
	out = merge(2, a, ha, NULL, NULL);
	ok(strstr(out, "         99.9th percentile:                     10.00\n"
	               "         50th percentile:                        2.00\n"
	               "         sum:") &&
	   strstr(out, "Latency by label (ms; count, errors, then 99.9%/50%/max):\n"
	               "    login                          3000        2  10.00/2.00/10.00\n"),
	   "--percentile=99.9,50: those, in that order, for the latency and the labels");
	free(out);
}

/* A histogram value is its bucket's highest equivalent (10 ms reads
 * 10.002431): a merged percentile is capped at the runs' exact max. */
static void test_pct_cap(void)
{
	static const int64_t ms[] = { 10 }, n[] = { 1000 };
	const char *c = file("c.json", "{\"type\":\"final\",\"time\":1,\"threads\":1,\"events\":1000,"
	                     "\"eps\":1000,\"latency_ms\":{\"min\":10,\"max\":10,\"sum\":10000,"
	                     "\"percentiles\":{\"95\":10}}}\n");
	const char *hc = hdr_file("c.hlog", 1764000000, 1, ms, n, 3, 0);
	char *out;

	opt_set("report-format", "json");
	out = merge(2, c, hc, NULL, NULL);
	opt_set("report-format", "text");
	if (!ok(strstr(out, "\"latency_ms\":{\"min\":10.0,\"avg\":10.0,\"max\":10.0,\"sum\":10000.0,"
	                "\"percentiles\":{\"95\":10.0},\"percentiles_exact\":true,\"hdr_count\":1000}") != NULL,
	        "percentiles capped at the json lines' max"))
		diag_text("got:", out);
	free(out);
}

int main(void)
{
	const char *a, *b, *ha;

	opt_init();
	if (core_opts_define() || mkdtemp(dir) == NULL) {
		printf("Bail out! setup\n");
		return 1;
	}
	a = file("a.json", json_a);
	b = file("b.json", json_b);
	test_json_only(a, b);
	ha = hdr_file("a.hlog", 1764000000, 3, a_ms, a_n, 3, 1);
	test_with_hdr(a, b, ha, hdr_file("b.hlog", 1764000000.5, 2, b_ms, b_n, 3, 0));
	test_errors(a, ha);
	test_pct_cap();
	test_percentile_option(a, ha);

	for (unsigned i = 0; i < npaths; i++)
		unlink(paths[i]);
	rmdir(dir);
	opt_free();
	return tap_done();
}
