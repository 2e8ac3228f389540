/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The Prometheus text format parser and selectors (src/observe/promtext.c):
 * what each line gives (names, labels with escapes, values with NaN and
 * infinities, timestamps, kinds from TYPE lines), the lines it refuses,
 * and the series keys and matching of --prom-metrics selectors. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "observe/promtext.h"
#include "tap.h"

/* What a parse saw: one text line per sample, "kind name|l=v|... value [ts]". */
struct seen {
	char out[4096];
	size_t at;
	int stop_after;                 /* > 0: stop the parse after that many */
	int n;
};

static int collect(void *ud, const struct prom_sample *s)
{
	struct seen *w = ud;
	w->at += (size_t)snprintf(w->out + w->at, sizeof(w->out) - w->at, "%s %s",
	                          s->kind == PROM_COUNTER ? "C" : "G", s->name);
	for (unsigned i = 0; i < s->nlabel; i++)
		w->at += (size_t)snprintf(w->out + w->at, sizeof(w->out) - w->at, "|%s=%s",
		                          s->label[i].name, s->label[i].value);
	w->at += (size_t)snprintf(w->out + w->at, sizeof(w->out) - w->at, " %g", s->value);
	if (s->has_ts)
		w->at += (size_t)snprintf(w->out + w->at, sizeof(w->out) - w->at, " @%lld",
		                          (long long)s->ts_ms);
	w->at += (size_t)snprintf(w->out + w->at, sizeof(w->out) - w->at, ";");
	return ++w->n == w->stop_after ? 7 : 0;
}

/* Parse text (a copy of it); the samples in w, the bad lines' count. */
static unsigned parse(const char *text, struct seen *w, char *err, size_t errlen, int *rc)
{
	char *t = strdup(text);
	unsigned bad = 99;
	w->at = 0;
	w->out[0] = 0;
	w->n = 0;
	*rc = prom_parse(t, strlen(t), collect, w, &bad, err, errlen);
	free(t);
	return bad;
}

static int is(const char *got, const char *want, const char *what)
{
	int r = ok(strcmp(got, want) == 0, "%s", what);
	if (!r)
		diag("got  '%s'\n# want '%s'", got, want);
	return r;
}

static void test_parse(void)
{
	struct seen w = { .stop_after = 0 };
	char err[128];
	int rc;
	unsigned bad;

	bad = parse("# HELP node_cpu_seconds_total Seconds \\\\ the CPUs\n"
	            "# TYPE node_cpu_seconds_total counter\n"
	            "node_cpu_seconds_total{cpu=\"0\",mode=\"idle\"} 3263.21\n"
	            "node_cpu_seconds_total{cpu=\"0\",mode=\"user\",} 2.38517184e+08\n"
	            "# TYPE node_load1 gauge\n"
	            "node_load1 0.5\n", &w, err, sizeof(err), &rc);
	is(w.out, "C node_cpu_seconds_total|cpu=0|mode=idle 3263.21;"
	          "C node_cpu_seconds_total|cpu=0|mode=user 2.38517e+08;G node_load1 0.5;",
	   "counters and gauges from TYPE lines; a trailing comma in labels");
	ok(bad == 0 && rc == 0 && err[0] == 0, "no bad line");

	parse("a{x=\"q\\\"uote\",y=\"back\\\\slash\",z=\"new\\nline\"} 1\n", &w, err, sizeof(err), &rc);
	is(w.out, "G a|x=q\"uote|y=back\\slash|z=new\nline 1;", "label escapes undone");

	parse("m NaN\nm +Inf\nm -Inf\nm Inf\nm -0\nm 1e-3\nm 0x10\n", &w, err, sizeof(err), &rc);
	is(w.out, "G m nan;G m inf;G m -inf;G m inf;G m -0;G m 0.001;G m 16;",
	   "NaN, +Inf, -Inf, exponents");

	parse("m 5 1700000000000\nm{a=\"b\"} 6 -12\n  m\t7\t\n", &w, err, sizeof(err), &rc);
	is(w.out, "G m 5 @1700000000000;G m|a=b 6 @-12;G m 7;",
	   "timestamps, tabs and blanks around");

	parse("m{ a = \"1\" , b=\"2\" } 3\r\nn {c=\"}{,\"} 4\r\n", &w, err, sizeof(err), &rc);
	is(w.out, "G m|a=1|b=2 3;G n|c=}{, 4;", "blanks inside braces, CRLF, braces inside a value");

	/* histograms and summaries: the series of counts are counters */
	parse("# TYPE h histogram\nh_bucket{le=\"+Inf\"} 3\nh_sum 1.5\nh_count 3\n"
	      "# TYPE s summary\ns{quantile=\"0.99\"} 0.2\ns_sum 9\ns_count 4\n"
	      "# TYPE u untyped\nu 1\nx_total 2\ny 3\n"
	      "# TYPE g gauge\ng_total 4\n",
	      &w, err, sizeof(err), &rc);
	is(w.out, "C h_bucket|le=+Inf 3;C h_sum 1.5;C h_count 3;"
	          "G s|quantile=0.99 0.2;C s_sum 9;C s_count 4;"
	          "G u 1;C x_total 2;G y 3;C g_total 4;",
	   "histogram/summary parts are counters; untyped _total is a counter");

	bad = parse("good 1\n"
	            "9bad 1\n"
	            "nolabelend{a=\"1\" 2\n"
	            "noquote{a=1} 2\n"
	            "badesc{a=\"\\t\"} 2\n"
	            "novalue\n"
	            "novalue2{a=\"b\"}\n"
	            "notnum abc\n"
	            "extra 1 2 3\n"
	            "badts 1 1.5\n"
	            "open{a=\"b} 1\n"
	            "nocomma{a=\"1\" b=\"2\"} 1\n"
	            "# TYPE\n"
	            "also_good{x=\"\"} -2\n", &w, err, sizeof(err), &rc);
	is(w.out, "G good 1;G also_good|x= -2;", "only the well-formed lines are samples");
	ok(bad == 12, "12 bad lines counted (%u)", bad);
	is(err, "line 2: not a metric name", "the first bad line named");

	parse("", &w, err, sizeof(err), &rc);
	is(w.out, "", "empty input");
	parse("\n\n# just a comment\n#\n", &w, err, sizeof(err), &rc);
	is(w.out, "", "comments and blanks only");
	parse("last_no_newline 42", &w, err, sizeof(err), &rc);
	is(w.out, "G last_no_newline 42;", "a last line without a newline");

	w.stop_after = 2;
	parse("a 1\nb 2\nc 3\n", &w, err, sizeof(err), &rc);
	ok(rc == 7 && w.n == 2, "a callback's nonzero value stops the parse");
	w.stop_after = 0;

	/* a TYPE line's family names only its own samples */
	parse("# TYPE node_disk_io_now gauge\nnode_disk_io_now{device=\"vda\"} 1\n"
	      "node_disk_io_time_seconds_total{device=\"vda\"} 5\n", &w, err, sizeof(err), &rc);
	is(w.out, "G node_disk_io_now|device=vda 1;C node_disk_io_time_seconds_total|device=vda 5;",
	   "a family name that is a prefix of another does not type it");
}

/* One sample by hand. */
static struct prom_sample sample(const char *name, unsigned n, const char *const *kv)
{
	struct prom_sample s;
	memset(&s, 0, sizeof(s));
	s.name = name;
	for (unsigned i = 0; i < n; i++) {
		s.label[i].name = kv[2 * i];
		s.label[i].value = kv[2 * i + 1];
	}
	s.nlabel = n;
	return s;
}

static void test_selectors(void)
{
	static const char *const kv[] = { "mode", "user", "cpu", "1", "device", "vd\"a" };
	struct prom_sample s = sample("node_cpu_seconds_total", 3, kv);
	struct prom_sel sel;
	char err[256], key[256];

	ok(prom_sel_parse("node_cpu_seconds_total", &sel, err, sizeof(err)) == 0 &&
	   prom_sel_match(&sel, &s), "a bare name matches");
	prom_series_key(&sel, &s, key, sizeof(key));
	is(key, "node_cpu_seconds_total{cpu=\"1\",device=\"vd\\\"a\",mode=\"user\"}",
	   "the key: labels sorted, values escaped");
	prom_sel_free(&sel);

	ok(prom_sel_parse("  node_cpu_seconds_total { mode = \"user\", cpu!=\"0\" } ", &sel, err, sizeof(err)) == 0 &&
	   sel.nm == 2 && prom_sel_match(&sel, &s), "= and != with blanks");
	prom_sel_free(&sel);
	ok(prom_sel_parse("node_cpu_seconds_total{mode=\"idle\"}", &sel, err, sizeof(err)) == 0 &&
	   !prom_sel_match(&sel, &s), "= that differs does not match");
	prom_sel_free(&sel);
	ok(prom_sel_parse("node_cpu_seconds_total{mode=~\"us|sys\"}", &sel, err, sizeof(err)) == 0 &&
	   !prom_sel_match(&sel, &s), "=~ is anchored at both ends");
	prom_sel_free(&sel);
	ok(prom_sel_parse("node_cpu_seconds_total{mode=~\"user|system\",device!~\"loop.*\"}", &sel, err, sizeof(err)) == 0 &&
	   prom_sel_match(&sel, &s), "=~ and !~");
	prom_sel_free(&sel);
	ok(prom_sel_parse("node_cpu_seconds_total{nolabel=\"\"}", &sel, err, sizeof(err)) == 0 &&
	   prom_sel_match(&sel, &s), "a missing label is empty");
	prom_sel_free(&sel);
	ok(prom_sel_parse("node_cpu_seconds", &sel, err, sizeof(err)) == 0 &&
	   !prom_sel_match(&sel, &s), "another name does not match");
	prom_sel_free(&sel);

	ok(prom_sel_parse("sum by (mode) (node_cpu_seconds_total)", &sel, err, sizeof(err)) == 0 &&
	   sel.sum && sel.nby == 1 && prom_sel_match(&sel, &s), "sum by (mode) (...)");
	prom_series_key(&sel, &s, key, sizeof(key));
	is(key, "node_cpu_seconds_total{mode=\"user\"}", "a sum's key has its by labels only");
	prom_sel_free(&sel);
	ok(prom_sel_parse("sum by(mode,cpu)(node_cpu_seconds_total{mode!=\"idle\"})", &sel, err, sizeof(err)) == 0 &&
	   sel.nby == 2 && sel.nm == 1, "sum by without blanks, with matchers");
	prom_series_key(&sel, &s, key, sizeof(key));
	is(key, "node_cpu_seconds_total{cpu=\"1\",mode=\"user\"}", "by labels sorted");
	prom_sel_free(&sel);
	ok(prom_sel_parse("sum(node_cpu_seconds_total)", &sel, err, sizeof(err)) == 0 && sel.sum && sel.nby == 0,
	   "sum(...)");
	prom_series_key(&sel, &s, key, sizeof(key));
	is(key, "node_cpu_seconds_total", "a plain sum's key is the name");
	prom_sel_free(&sel);
	ok(prom_sel_parse("sum", &sel, err, sizeof(err)) == 0 && !sel.sum && strcmp(sel.name, "sum") == 0,
	   "a metric named sum");
	prom_sel_free(&sel);
	ok(prom_sel_parse("rate(mysql_global_status_innodb_data_fsyncs)", &sel, err, sizeof(err)) == 0 &&
	   sel.counter && !sel.sum && strcmp(sel.name, "mysql_global_status_innodb_data_fsyncs") == 0,
	   "rate(name): a counter");
	prom_sel_free(&sel);
	ok(prom_sel_parse(" rate ( sum by (mode) (node_cpu_seconds_total{mode!=\"idle\"}) ) ", &sel, err, sizeof(err)) == 0 &&
	   sel.counter && sel.sum && sel.nby == 1 && sel.nm == 1, "rate(sum by ...)");
	prom_sel_free(&sel);
	ok(prom_sel_parse("rate", &sel, err, sizeof(err)) == 0 && !sel.counter && strcmp(sel.name, "rate") == 0,
	   "a metric named rate");
	prom_sel_free(&sel);

	static const struct { const char *text, *why; } badsel[] = {
		{ "", "not a metric name at ''" },
		{ "9x", "not a metric name at '9x'" },
		{ "x{a=1}", "the value of label 'a' is not in double quotes" },
		{ "x{a~\"1\"}", "no =, !=, =~ or !~ after label 'a'" },
		{ "x{a=\"1\"", "no '}' closes the label matchers" },
		{ "x{a=\"1\" b=\"2\"}", "no ',' or '}' after the matcher of label 'a'" },
		{ "x{a=~\"(\"}", "bad regular expression \"(\" for label 'a'" },
		{ "x y", "unexpected 'y'" },
		{ "sum by mode (x)", "no '(' after 'sum by'" },
		{ "sum by (mode) x", "no '(' after 'sum by (...)'" },
		{ "sum(x", "no ')' closes 'sum('" },
		{ "rate(x", "no ')' closes 'rate('" },
	};
	for (unsigned i = 0; i < sizeof(badsel) / sizeof(*badsel); i++) {
		int rc = prom_sel_parse(badsel[i].text, &sel, err, sizeof(err));
		ok(rc == -EINVAL && strcmp(err, badsel[i].why) == 0 && sel.name == NULL,
		   "bad selector '%s': %s", badsel[i].text, err);
	}
	prom_sel_free(NULL);
}

static void test_split(void)
{
	char buf[256], *out[8];
	unsigned n = prom_split("a{x=\"1,2\",y=\"}\"},sum by (a,b) (c), d ,,e{z=\"\\\",\"}", buf, sizeof(buf), out, 8);
	ok(n == 4, "4 selectors (%u)", n);
	if (n == 4) {
		is(out[0], "a{x=\"1,2\",y=\"}\"}", "commas in quotes and braces stay");
		is(out[1], "sum by (a,b) (c)", "commas in parentheses stay");
		is(out[2], "d ", "leading blanks go");
		is(out[3], "e{z=\"\\\",\"}", "an escaped quote does not end the value");
	}
	ok(prom_split("a,b,c", buf, sizeof(buf), out, 2) == 2, "at most max");
}

int main(void)
{
	test_parse();
	test_selectors();
	test_split();
	return tap_done();
}
