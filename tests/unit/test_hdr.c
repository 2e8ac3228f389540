/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit test of src/stats/hdr.c: percentiles against an exact sort, merge,
 * reset, clamping, precision per sig_figs and argument checking.
 *
 * HDR_TEST_N overrides the number of values per distribution (default
 * 1,000,000), e.g. to run quickly under valgrind.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "stats/hdr.h"
#include "tap.h"
#include "hdr_testutil.h"

#define LOWEST  1
#define HIGHEST (3600LL * 1000000000LL)

/* A local generator keeps the test independent of src/rand and its
 * thread-local state, and the sequence fixed across runs. */
static uint64_t sm_state = 0x2545f4914f6cdd1dULL;

static uint64_t splitmix64(void)
{
	uint64_t z = (sm_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double unit_rand(void)
{
	return (double)(splitmix64() >> 11) * 0x1.0p-53;
}

static int64_t gen_uniform(void)
{
	return 1 + (int64_t)(splitmix64() % 10000000);
}

static int64_t gen_exponential(void)
{
	return 1 + (int64_t)(-log(1.0 - unit_rand()) * 500000.0);
}

/* Pareto with shape 1.2: a heavy tail reaching ~1 s from a 10 us floor. */
static int64_t gen_pareto(void)
{
	return (int64_t)(10000.0 / pow(1.0 - unit_rand(), 1.0 / 1.2));
}

static int64_t gen_normal(void)
{
	double z = -6.0;
	int64_t v;

	for (int i = 0; i < 12; i++)
		z += unit_rand();
	v = (int64_t)(2000000.0 + 200000.0 * z);
	return v < 1 ? 1 : v;
}

/* Log-uniform over 1 ns .. 10 s: every magnitude equally represented. */
static int64_t gen_loguniform(void)
{
	return (int64_t)exp(unit_rand() * log(1e10));
}

/* Small integers, all represented exactly (bucket 0) or nearly so. */
static int64_t gen_small(void)
{
	return 1 + (int64_t)(splitmix64() % 3000);
}

struct dist {
	const char *name;
	int64_t (*gen)(void);
};

static const struct dist dists[] = {
	{ "uniform", gen_uniform },
	{ "exponential", gen_exponential },
	{ "pareto", gen_pareto },
	{ "normal", gen_normal },
	{ "loguniform", gen_loguniform },
	{ "small", gen_small },
};

/* Percentiles in parts per million so the exact rank is integer maths. */
static const int64_t ppms[] = { 500000, 900000, 950000, 990000, 999000,
				999900 };

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

static size_t test_n(void)
{
	const char *e = getenv("HDR_TEST_N");
	long n = e ? atol(e) : 0;

	return n > 0 ? (size_t)n : 1000000;
}

static struct hdr_hist *make(int64_t lo, int64_t hi, int sig)
{
	struct hdr_hist *h = NULL;
	int rc = hdr_create(lo, hi, sig, &h);

	if (rc) {
		diag("hdr_create(%lld, %lld, %d) failed: %d", (long long)lo,
		     (long long)hi, sig, rc);
		exit(1);
	}
	return h;
}

static void test_distribution(const struct dist *d, size_t n)
{
	int64_t *v = malloc(n * sizeof(*v));
	struct hdr_hist *h = make(LOWEST, HIGHEST, 3);
	double sum = 0, sq = 0, mean, sd;
	int all_ok = 1;

	for (size_t i = 0; i < n; i++) {
		v[i] = d->gen();
		hdr_record(h, v[i]);
		sum += (double)v[i];
	}
	qsort(v, n, sizeof(*v), cmp_i64);
	mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += ((double)v[i] - mean) * ((double)v[i] - mean);
	sd = sqrt(sq / (double)n);

	ok(hdr_count(h) == (int64_t)n, "%s: count %lld", d->name,
	   (long long)hdr_count(h));
	ok(hdr_min(h) == v[0], "%s: min %lld == %lld", d->name,
	   (long long)hdr_min(h), (long long)v[0]);
	ok(hdr_max(h) == v[n - 1], "%s: max %lld == %lld", d->name,
	   (long long)hdr_max(h), (long long)v[n - 1]);
	ok(hdr_value_at_percentile(h, 0) == v[0], "%s: p0 is min", d->name);
	ok(hdr_value_at_percentile(h, 100) == v[n - 1], "%s: p100 is max",
	   d->name);
	for (size_t k = 0; k < sizeof(ppms) / sizeof(ppms[0]); k++) {
		int64_t rank = (int64_t)((ppms[k] * (int64_t)n + 999999) /
					 1000000);
		int64_t exact = v[rank - 1];
		int64_t got = hdr_value_at_percentile(h, ppms[k] / 10000.0);
		/* The bucket holding the exact value reports its highest
		 * equivalent: never below, and less than 0.1% above. */
		int good = got >= exact &&
			   (double)(got - exact) <= 0.001 * (double)exact;

		all_ok &= good;
		ok(good, "%s: p%g = %lld, exact %lld", d->name,
		   ppms[k] / 10000.0, (long long)got, (long long)exact);
	}
	ok(fabs(hdr_mean(h) - mean) <= 0.001 * mean,
	   "%s: mean %.1f, exact %.1f", d->name, hdr_mean(h), mean);
	ok(fabs(hdr_stddev(h) - sd) <= 0.01 * sd,
	   "%s: stddev %.1f, exact %.1f", d->name, hdr_stddev(h), sd);
	ok(hdr_clamped(h) == 0, "%s: nothing clamped", d->name);
	if (!all_ok)
		diag("%s: percentile mismatch", d->name);
	hdr_destroy(h);
	free(v);
}


static void test_merge(size_t n)
{
	struct hdr_hist *a = make(LOWEST, HIGHEST, 3);
	struct hdr_hist *b = make(LOWEST, HIGHEST, 3);
	struct hdr_hist *u = make(LOWEST, HIGHEST, 3);
	struct hdr_hist *other = make(LOWEST, HIGHEST, 2);
	int same_pct = 1;

	for (size_t i = 0; i < n; i++) {
		int64_t x = gen_exponential(), y = gen_loguniform();

		hdr_record(a, x);
		hdr_record(b, y);
		hdr_record(u, x);
		hdr_record(u, y);
	}
	/* Out-of-range values must merge their clamped count too. */
	hdr_record(b, HIGHEST * 2);
	hdr_record(u, HIGHEST * 2);

	ok(hdr_add(a, b) == 0, "merge: hdr_add returns 0");
	ok(hdr_count(a) == hdr_count(u), "merge: count %lld == %lld",
	   (long long)hdr_count(a), (long long)hdr_count(u));
	ok(hdr_min(a) == hdr_min(u) && hdr_max(a) == hdr_max(u),
	   "merge: min/max of the union");
	ok(hdr_clamped(a) == 1, "merge: clamped count carried");
	ok(same_buckets(a, u), "merge: buckets equal the union's");
	for (double p = 0; p <= 100; p += 0.5)
		same_pct &= hdr_value_at_percentile(a, p) ==
			    hdr_value_at_percentile(u, p);
	same_pct &= hdr_value_at_percentile(a, 99.99) ==
		    hdr_value_at_percentile(u, 99.99);
	ok(same_pct, "merge: percentiles equal the union's");
	ok(hdr_mean(a) == hdr_mean(u), "merge: mean equals the union's");

	ok(hdr_add(a, other) == -EINVAL, "merge: different sig_figs refused");
	ok(hdr_count(a) == hdr_count(u), "merge: refused add changes nothing");
	hdr_destroy(other);
	other = make(LOWEST, HIGHEST / 2, 3);
	ok(hdr_add(a, other) == -EINVAL, "merge: different range refused");
	hdr_destroy(other);
	other = make(2, HIGHEST, 3);
	ok(hdr_add(a, other) == -EINVAL, "merge: different lowest refused");
	hdr_destroy(other);

	/* Adding an empty histogram must not disturb min/max. */
	other = make(LOWEST, HIGHEST, 3);
	ok(hdr_add(a, other) == 0 && hdr_min(a) == hdr_min(u) &&
	   hdr_max(a) == hdr_max(u) && same_buckets(a, u),
	   "merge: adding an empty histogram changes nothing");
	ok(hdr_add(other, a) == 0 && same_buckets(other, u),
	   "merge: into an empty histogram copies it");
	hdr_destroy(other);
	hdr_destroy(a);
	hdr_destroy(b);
	hdr_destroy(u);
}

static void test_reset(void)
{
	struct hdr_hist *h = make(LOWEST, HIGHEST, 3);
	size_t cur = 0;
	int64_t val, cnt, got[3][2];
	int nb = 0;

	for (int i = 0; i < 100000; i++)
		hdr_record(h, gen_loguniform());
	hdr_record(h, HIGHEST + 1);
	hdr_reset(h);
	ok(hdr_count(h) == 0 && hdr_min(h) == 0 && hdr_max(h) == 0 &&
	   hdr_clamped(h) == 0, "reset: count, min, max, clamped zero");
	ok(hdr_mean(h) == 0 && hdr_stddev(h) == 0 &&
	   hdr_value_at_percentile(h, 50) == 0 &&
	   hdr_value_at_percentile(h, 100) == 0, "reset: stats of empty are 0");
	ok(hdr_next_bucket(h, &cur, &val, &cnt) == 0, "reset: no buckets");

	/* Any count left behind by reset would show up next to these. */
	hdr_record(h, 7);
	hdr_record_n(h, 1000000, 3);
	hdr_record(h, 7);
	hdr_record(h, 5000000000LL);
	cur = 0;
	while (nb < 4 && hdr_next_bucket(h, &cur, &val, &cnt)) {
		if (nb < 3) {
			got[nb][0] = val;
			got[nb][1] = cnt;
		}
		nb++;
	}
	ok(nb == 3, "reset: exactly 3 buckets after re-recording (%d)", nb);
	ok(nb == 3 && got[0][0] == 7 && got[0][1] == 2 &&
	   got[1][0] >= 1000000 && got[1][0] < 1001000 && got[1][1] == 3 &&
	   got[2][0] >= 5000000000LL && got[2][0] < 5005000000LL &&
	   got[2][1] == 1, "reset: re-recorded buckets are exact");
	ok(hdr_count(h) == 6 && hdr_min(h) == 7 && hdr_max(h) == 5000000000LL,
	   "reset: count/min/max after re-recording");
	hdr_destroy(h);
}

static void test_clamp(void)
{
	struct hdr_hist *h = make(1000, 1000000, 3);
	size_t cur = 0;
	int64_t val, cnt;

	hdr_record(h, 5);
	hdr_record(h, 0);
	hdr_record(h, -7);
	hdr_record(h, 2000000);
	hdr_record(h, 500000);
	hdr_record_n(h, 999, 2);
	ok(hdr_clamped(h) == 6, "clamp: 6 values clamped (%lld)",
	   (long long)hdr_clamped(h));
	ok(hdr_count(h) == 7, "clamp: clamped values still counted");
	ok(hdr_min(h) == -7 && hdr_max(h) == 2000000,
	   "clamp: min/max are the unclamped values");
	ok(hdr_value_at_percentile(h, 0) == -7 &&
	   hdr_value_at_percentile(h, 100) == 2000000,
	   "clamp: p0/p100 are min/max");
	ok(hdr_next_bucket(h, &cur, &val, &cnt) && cnt == 5 && val >= 1000 &&
	   val <= 1001, "clamp: low values land in lowest's bucket (%lld x%lld)",
	   (long long)val, (long long)cnt);
	ok(hdr_value_at_percentile(h, 50) == val,
	   "clamp: p50 is lowest's bucket");
	ok(hdr_next_bucket(h, &cur, &val, &cnt) && cnt == 1 &&
	   val >= 500000 && val < 500500, "clamp: in-range value kept");
	ok(hdr_next_bucket(h, &cur, &val, &cnt) && cnt == 1 &&
	   val >= 1000000 && val < 1001000,
	   "clamp: high value lands in highest's bucket");
	ok(!hdr_next_bucket(h, &cur, &val, &cnt), "clamp: nothing else");
	ok(hdr_value_at_percentile(h, 90) <= hdr_max(h),
	   "clamp: percentile never above max");
	hdr_destroy(h);

	/* The full int64 range must work at its very top. */
	h = make(1, INT64_MAX, 3);
	hdr_record(h, INT64_MAX);
	hdr_record(h, 1);
	cur = 0;
	hdr_next_bucket(h, &cur, &val, &cnt);
	ok(hdr_next_bucket(h, &cur, &val, &cnt) && val == INT64_MAX &&
	   cnt == 1, "clamp: INT64_MAX recorded in the top bucket");
	ok(hdr_value_at_percentile(h, 99) == INT64_MAX && hdr_clamped(h) == 0,
	   "clamp: p99 of {1, INT64_MAX}");
	hdr_destroy(h);
}

static void test_record_n(void)
{
	struct hdr_hist *h = make(LOWEST, HIGHEST, 3);

	hdr_record_n(h, 100, 5);
	hdr_record_n(h, 200, 0);
	hdr_record_n(h, 300, -4);
	hdr_record_n(h, 400, 5);
	ok(hdr_count(h) == 10 && hdr_max(h) == 400,
	   "record_n: counts n, ignores n < 1");
	ok(hdr_value_at_percentile(h, 50) == 100 &&
	   hdr_value_at_percentile(h, 50.0001) == 400,
	   "record_n: p50 boundary exact");
	ok(hdr_mean(h) == 250.0, "record_n: mean of exact buckets");
	ok(hdr_stddev(h) == 150.0, "record_n: stddev of exact buckets");
	hdr_destroy(h);
}

/* Every value maps to a bucket whose highest equivalent is within
 * 10^-sig_figs of it, from lowest up (lowest > 1 included). */
static void test_precision(void)
{
	static const int64_t lows[] = { 1, 1000 };

	for (size_t l = 0; l < 2; l++) {
		for (int sig = 1; sig <= 5; sig++) {
			struct hdr_hist *h = make(lows[l], 1000000000000LL, sig);
			double lim = pow(10, -sig), worst = 0;
			int good = 1;

			for (int i = 0; i < 20000; i++) {
				int64_t v = lows[l] +
					(int64_t)exp(unit_rand() * log(1e12));
				size_t cur = 0;
				int64_t he = 0, cnt = 0;
				double rel;

				if (v > 1000000000000LL)
					v = 1000000000000LL;
				hdr_reset(h);
				hdr_record(h, v);
				if (!hdr_next_bucket(h, &cur, &he, &cnt) ||
				    he < v || cnt != 1) {
					good = 0;
					break;
				}
				rel = (double)(he - v) / (double)v;
				if (rel > worst)
					worst = rel;
			}
			ok(good && worst < lim,
			   "precision: lowest %lld sig %d worst %.3g < %g",
			   (long long)lows[l], sig, worst, lim);
			hdr_destroy(h);
		}
	}
}

static void test_iterate(void)
{
	struct hdr_hist *h = make(LOWEST, HIGHEST, 3);
	size_t cur = 0;
	int64_t val, cnt, prev = 0, total = 0;
	int ascending = 1;

	for (int i = 0; i < 200000; i++)
		hdr_record(h, gen_pareto());
	while (hdr_next_bucket(h, &cur, &val, &cnt)) {
		ascending &= val > prev && cnt > 0;
		prev = val;
		total += cnt;
	}
	ok(ascending, "iterate: strictly ascending non-empty buckets");
	ok(total == hdr_count(h), "iterate: counts sum to the total");
	ok(!hdr_next_bucket(h, &cur, &val, &cnt),
	   "iterate: stays at the end");
	hdr_destroy(h);
}

/* Pages of h's counts array that are mapped (read or written). */
static size_t resident_pages(const struct hdr_hist *h)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t n = (h->alloc_size + (size_t)pg - 1) / (size_t)pg, in = 0;
	unsigned char *v = calloc(n, 1);

	if (v == NULL || mincore(h->alloc, h->alloc_size, v)) {
		free(v);
		return (size_t)-1;
	}
	for (size_t i = 0; i < n; i++)
		in += v[i] & 1;
	free(v);
	return in;
}

/* Values of 100 ns, 1.5 ms and 100 ms are 36 pages of counts apart.
 * Recording them, adding them up, reading and clearing must map the
 * chunk table's page and the 3 chunks' (packed: the same page), not the
 * pages in between (a read maps a page too: 28 MB of RSS at 1000
 * threads), and must count as if they were all there. */
static void test_sparse(void)
{
	struct hdr_hist *src = make(LOWEST, HIGHEST, 3);
	struct hdr_hist *dst = make(LOWEST, HIGHEST, 3);
	size_t cur = 0, before, after;
	int64_t val, cnt;

	for (int i = 0; i < 1000; i++)
		hdr_record(src, 100 + i % 7);
	hdr_record_n(src, 100000000, 3);
	hdr_record(src, 1500000);       /* one more segment, 1.5 ms */
	before = resident_pages(src);
	ok(before != (size_t)-1 && before <= 2,
	   "sparse: recording mapped %zu pages of %zu", before,
	   src->alloc_size / 4096);
	ok(hdr_add(dst, src) == 0 && hdr_count(dst) == 1004, "sparse: add");
	/* the figures of the whole-range walk before segments (same code
	 * otherwise): 1000 values of 100..106, 1.5 ms once, 100 ms 3 times */
	ok(hdr_value_at_percentile(src, 99.7) == 1500159 &&
	   hdr_value_at_percentile(dst, 99.7) == 1500159 &&
	   hdr_value_at_percentile(dst, 99.8) == 100000000 &&
	   hdr_value_at_percentile(dst, 50) == 103,
	   "sparse: percentiles across the gap (%lld %lld)",
	   (long long)hdr_value_at_percentile(dst, 99.7),
	   (long long)hdr_value_at_percentile(dst, 50));
	ok(fabs(hdr_mean(src) - 300326.842) < 0.001 && hdr_mean(src) == hdr_mean(dst),
	   "sparse: mean (%.3f)", hdr_mean(src));
	ok(fabs(hdr_stddev(src) - 5456893.244) < 0.001 &&
	   hdr_stddev(src) == hdr_stddev(dst), "sparse: stddev (%.3f)", hdr_stddev(src));
	while (hdr_next_bucket(dst, &cur, &val, &cnt) && val < 1000)
		;
	ok(val == 1500159 && cnt == 1 && hdr_next_bucket(dst, &cur, &val, &cnt) &&
	   val == 100007935 && cnt == 3 && !hdr_next_bucket(dst, &cur, &val, &cnt),
	   "sparse: iteration crosses the gap");
	hdr_reset(src);
	after = resident_pages(src);
	ok(after == before, "sparse: add, stats and reset map no other page (%zu -> %zu)",
	   before, after);
	ok(resident_pages(dst) <= 2, "sparse: the sum maps as few (%zu)",
	   resident_pages(dst));
	hdr_record(src, 5000);
	cur = 0;
	ok(hdr_count(src) == 1 && hdr_next_bucket(src, &cur, &val, &cnt) && cnt == 1 &&
	   val >= 5000 && val < 5005 && !hdr_next_bucket(src, &cur, &val, &cnt),
	   "sparse: nothing left after reset but what came after");
	hdr_destroy(src);
	hdr_destroy(dst);
}

static void test_create(void)
{
	struct hdr_hist *h = NULL;

	ok(hdr_create(0, 100, 3, &h) == -EINVAL, "create: lowest 0");
	ok(hdr_create(-5, 100, 3, &h) == -EINVAL, "create: lowest < 0");
	ok(hdr_create(1000, 1999, 3, &h) == -EINVAL, "create: highest < 2*lowest");
	ok(hdr_create(1, 1, 3, &h) == -EINVAL, "create: highest == lowest");
	ok(hdr_create(1, 100, 0, &h) == -EINVAL, "create: sig_figs 0");
	ok(hdr_create(1, 100, 6, &h) == -EINVAL, "create: sig_figs 6");
	ok(h == NULL, "create: *out untouched on error");
	ok(hdr_create(1000, 2000, 3, &h) == 0 && hdr_lowest(h) == 1000 &&
	   hdr_highest(h) == 2000 && hdr_sig_figs(h) == 3,
	   "create: minimal range and accessors");
	hdr_destroy(h);
	h = NULL;
	ok(hdr_create(LOWEST, HIGHEST, 3, &h) == 0, "create: 1 ns..1 h");
	ok(h && hdr_memory_size(h) == 33 * 1024 * sizeof(int64_t),
	   "create: 1 ns..1 h at 3 digits is 32 buckets of 1024 (%zu bytes)",
	   h ? hdr_memory_size(h) : 0);
	hdr_destroy(h);
	ok(hdr_create((int64_t)1 << 61, INT64_MAX, 5, &h) == 0,
	   "create: huge lowest with 5 digits");
	hdr_destroy(h);
	hdr_destroy(NULL);
	ok(1, "destroy: NULL-safe");
}

int main(void)
{
	size_t n = test_n();

	diag("%zu values per distribution", n);
	for (size_t i = 0; i < sizeof(dists) / sizeof(dists[0]); i++)
		test_distribution(&dists[i], n);
	test_merge(n / 2);
	test_reset();
	test_clamp();
	test_record_n();
	test_precision();
	test_iterate();
	test_sparse();
	test_create();
	return tap_done();
}
