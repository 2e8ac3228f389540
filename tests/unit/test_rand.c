/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests for src/rand: generator reproducibility, the shape of every
 * distribution, unique values and random strings.
 *
 * Fixed seeds make the statistical checks deterministic: thresholds sit at
 * the 99.9% level (or several standard errors), so a correct generator
 * passes and a biased or broken one fails.
 */
#include "rand/rand.h"
#include "tap.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SEED UINT64_C(20240611)

static struct rand_config defaults(void)
{
	struct rand_config c = {
		.type = RAND_UNIFORM,
		.spec_iter = 12,
		.spec_pct = 1,
		.spec_res = 75,
		.pareto_h = 0.2,
		.zipf_exp = 0.8,
		.seed = SEED,
	};
	return c;
}

static void configure(struct rand_config c)
{
	if (rand_configure(&c) != 0) {
		diag("rand_configure failed unexpectedly");
		exit(2);
	}
	rand_thread_init(0);
}

/* Upper critical value of chi-square with df degrees of freedom at 99.9%
 * (Wilson-Hilferty; within 0.5% for df >= 10). */
static double chi2_crit999(int df)
{
	double z = 3.0902, k = 2.0 / (9.0 * df);
	double t = 1 - k + z * sqrt(k);
	return df * t * t * t;
}

static int cmp_u32(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	return (a > b) - (a < b);
}

static int has_duplicate(uint32_t *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_u32);
	for (size_t i = 1; i < n; i++)
		if (v[i] == v[i - 1])
			return 1;
	return 0;
}

/* ---------------------------------------------------------------- */

static void test_parse(void)
{
	static const struct { const char *name; enum rand_dist d; } good[] = {
		{ "uniform", RAND_UNIFORM }, { "gaussian", RAND_GAUSSIAN },
		{ "special", RAND_SPECIAL }, { "pareto", RAND_PARETO },
		{ "zipfian", RAND_ZIPFIAN },
	};
	for (unsigned i = 0; i < 5; i++) {
		enum rand_dist d = (enum rand_dist)99;
		int rc = rand_dist_parse(good[i].name, &d);
		ok(rc == 0 && d == good[i].d, "rand_dist_parse(\"%s\")",
		   good[i].name);
	}
	enum rand_dist d = RAND_PARETO;
	ok(rand_dist_parse("normal", &d) == -EINVAL && d == RAND_PARETO,
	   "rand_dist_parse rejects \"normal\" and leaves *out alone");
	ok(rand_dist_parse("", &d) == -EINVAL, "rand_dist_parse rejects \"\"");
	ok(rand_dist_parse("Uniform", &d) == -EINVAL,
	   "rand_dist_parse is case-sensitive like sysbench");
	ok(rand_dist_parse("uniformx", &d) == -EINVAL,
	   "rand_dist_parse rejects a longer name");
	ok(rand_dist_parse(NULL, &d) == -EINVAL, "rand_dist_parse(NULL)");
}

static void test_configure(void)
{
	struct rand_config c = defaults();
	ok(rand_configure(&c) == 0, "defaults accepted");
	ok(rand_configure(NULL) == -EINVAL, "NULL config rejected");

	static const char *const bad[] = {
		"spec_iter 0", "spec_iter -3", "spec_pct -1", "spec_pct 100.5",
		"spec_pct NaN", "spec_res -0.1", "spec_res 101", "pareto_h 0",
		"pareto_h 1", "pareto_h 1.5", "pareto_h NaN", "zipf_exp -0.1",
		"zipf_exp NaN", "zipf_exp inf", "type 99",
	};
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		c = defaults();
		switch (i) {
		case 0:  c.spec_iter = 0; break;
		case 1:  c.spec_iter = -3; break;
		case 2:  c.spec_pct = -1; break;
		case 3:  c.spec_pct = 100.5; break;
		case 4:  c.spec_pct = NAN; break;
		case 5:  c.spec_res = -0.1; break;
		case 6:  c.spec_res = 101; break;
		case 7:  c.pareto_h = 0; break;
		case 8:  c.pareto_h = 1; break;
		case 9:  c.pareto_h = 1.5; break;
		case 10: c.pareto_h = NAN; break;
		case 11: c.zipf_exp = -0.1; break;
		case 12: c.zipf_exp = NAN; break;
		case 13: c.zipf_exp = INFINITY; break;
		case 14: c.type = (enum rand_dist)99; break;
		}
		ok(rand_configure(&c) == -EINVAL, "rejects %s", bad[i]);
	}

	c = defaults();
	c.spec_pct = 0; c.spec_res = 100; c.zipf_exp = 0; c.spec_iter = 1;
	ok(rand_configure(&c) == 0, "accepts the edges pct 0, res 100, "
	   "zipf_exp 0, spec_iter 1");
	c = defaults();
	c.spec_pct = 100; c.spec_res = 0; c.pareto_h = 0.999;
	ok(rand_configure(&c) == 0, "accepts pct 100, res 0, pareto_h 0.999");
}

/* ---------------------------------------------------------------- */

#define SEQ_LEN 1000

struct seq_job { uint64_t seed; unsigned tid; int init; uint64_t out[SEQ_LEN]; };

static void draw_seq(uint64_t *out)
{
	for (int i = 0; i < SEQ_LEN; i++)
		out[i] = rand_u64();
}

static void *seq_thread(void *arg)
{
	struct seq_job *j = arg;
	if (j->init)
		rand_thread_init(j->tid);
	draw_seq(j->out);
	return NULL;
}

static void run_seq_thread(struct seq_job *j)
{
	pthread_t th;
	pthread_create(&th, NULL, seq_thread, j);
	pthread_join(th, NULL);
}

static void test_seed(void)
{
	static uint64_t a[SEQ_LEN], b[SEQ_LEN];
	static struct seq_job j1, j2;
	struct rand_config c = defaults();

	c.seed = 0;
	int rc = rand_configure(&c);
	uint64_t used = rand_seed_used();
	ok(rc == 0 && used != 0 && used != SEED,
	   "seed 0 picks a non-zero seed from the clock (%llu)",
	   (unsigned long long)used);

	c.seed = SEED;
	rand_configure(&c);
	ok(rand_seed_used() == SEED, "explicit seed is reported back");

	rand_thread_init(3);
	draw_seq(a);
	rand_thread_init(3);
	draw_seq(b);
	ok(!memcmp(a, b, sizeof(a)), "same (seed, tid) gives the same first "
	   "%d values", SEQ_LEN);

	j1.tid = 3;
	j1.init = 1;
	run_seq_thread(&j1);
	ok(!memcmp(a, j1.out, sizeof(a)),
	   "another thread with the same (seed, tid) gets the same values");

	rand_thread_init(4);
	draw_seq(b);
	int same = 0;
	for (int i = 0; i < SEQ_LEN; i++)
		same += a[i] == b[i];
	ok(same == 0, "tid 4 differs from tid 3 (%d equal words)", same);

	c.seed = SEED + 1;
	rand_configure(&c);
	rand_thread_init(3);
	draw_seq(b);
	same = 0;
	for (int i = 0; i < SEQ_LEN; i++)
		same += a[i] == b[i];
	ok(same == 0, "another seed with tid 3 differs (%d equal words)", same);

	/* Neither thread calls rand_thread_init: must not crash, must not
	 * produce an all-zero or shared stream. */
	j1.init = j2.init = 0;
	run_seq_thread(&j1);
	run_seq_thread(&j2);
	int zeros = 0;
	same = 0;
	for (int i = 0; i < SEQ_LEN; i++) {
		zeros += j1.out[i] == 0;
		same += j1.out[i] == j2.out[i];
	}
	ok(zeros == 0 && same == 0,
	   "lazily seeded threads get distinct non-degenerate streams");

	/* Bit balance of the raw generator: every bit set about half the
	 * time (sd 0.0005 for 1M draws, so 0.003 is 6 sd). */
	rand_thread_init(0);
	unsigned long cnt[64] = { 0 };
	const int n = 1000000;
	for (int i = 0; i < n; i++) {
		uint64_t x = rand_u64();
		for (int k = 0; k < 64; k++)
			cnt[k] += (x >> k) & 1;
	}
	double worst = 0;
	for (int k = 0; k < 64; k++) {
		double d = fabs((double)cnt[k] / n - 0.5);
		if (d > worst)
			worst = d;
	}
	ok(worst < 0.003, "every bit of rand_u64 is set ~50%% (worst dev %.5f)",
	   worst);
}

/* ---------------------------------------------------------------- */

/* The stream sysbench 1.0.20 draws. The expected numbers are what
 * sysbench.rand.uniform_uint64() printed under sysbench 1.0.20 (x86-64,
 * glibc): --rand-seed=5, one thread, in the worker, in the main state and
 * in a parallel command's thread 0; tests/t/rand_compat.t compares whole
 * streams against the installed sysbench. */
static void test_sysbench_stream(void)
{
	static const uint32_t seeds[] = { 0, 1, 5, 42, 123456789, 2147483647u,
					  2147483648u, 4294967295u };
	int same = 1;
	for (unsigned k = 0; k < sizeof(seeds) / sizeof(seeds[0]); k++) {
		struct rand_glibc gs;
		rand_glibc_seed(&gs, seeds[k]);
		srandom(seeds[k]);
		for (int i = 0; i < 2000; i++)
			same &= rand_glibc_next(&gs) == (int32_t)random();
	}
	ok(same, "rand_glibc gives libc random()'s values for 8 seeds "
	   "(0, 2^31, 2^32-1 among them)");

	struct rand_config c = defaults();
	c.seed = 5;
	configure(c);
	rand_thread_init(0);
	uint64_t w0 = rand_u64(), w1 = rand_u64();
	ok(w0 == UINT64_C(11690631621109684197) &&
	   w1 == UINT64_C(11548090647718126998),
	   "seed 5, worker 0: sysbench's first two values (%llu, %llu)",
	   (unsigned long long)w0, (unsigned long long)w1);

	rand_main_init();
	w0 = rand_u64();
	c.seed = 77;   /* the main thread's stream ignores the seed */
	configure(c);
	rand_main_init();
	w1 = rand_u64();
	ok(w0 == UINT64_C(14972179374201007161) && w1 == w0,
	   "main thread: sysbench's first value whatever the seed (%llu)",
	   (unsigned long long)w0);

	rand_command_thread_init(0);
	w0 = rand_u64();
	rand_command_thread_init(1);
	w1 = rand_u64();
	ok(w0 == UINT64_C(5653903691552249273) &&
	   w1 == UINT64_C(7767753523285325478),
	   "parallel command threads 0 and 1: sysbench's first values");

	c.seed = 5;
	configure(c);
	rand_thread_init(0);
	double d = rand_double();
	ok(d == (double)(UINT64_C(11690631621109684197) >> 12) * 0x1.0p-52,
	   "rand_double is the top 52 bits as a fraction (%.17g)", d);
	rand_thread_init(0);
	rand_skip();
	ok(rand_u64() == UINT64_C(11548090647718126998),
	   "rand_skip draws exactly one value");

	/* bench's own stream leaves sysbench's alone */
	rand_thread_init(0);
	for (int i = 0; i < 100; i++)
		(void)rand_aux_double();
	ok(rand_u64() == UINT64_C(11690631621109684197),
	   "rand_aux_double does not move the sysbench stream");
}

static void test_uniform(void)
{
	configure(defaults());

	const int n = 1000000, k = 100;
	static unsigned long cnt[100];
	double crit = chi2_crit999(k - 1);

	/* one bucket per value */
	memset(cnt, 0, sizeof(cnt));
	int out = 0;
	for (int i = 0; i < n; i++) {
		uint32_t v = rand_uniform(1000, 1099);
		if (v < 1000 || v > 1099)
			out++;
		else
			cnt[v - 1000]++;
	}
	double chi = 0, e = (double)n / k;
	for (int i = 0; i < k; i++)
		chi += (cnt[i] - e) * (cnt[i] - e) / e;
	ok(out == 0 && chi < crit, "uniform [1000,1099]: chi2 %.1f < %.1f, "
	   "%d out of range", chi, crit, out);

	/* wide range, 100 equal buckets */
	memset(cnt, 0, sizeof(cnt));
	out = 0;
	for (int i = 0; i < n; i++) {
		uint32_t v = rand_uniform(0, 999999);
		if (v > 999999)
			out++;
		else
			cnt[v / 10000]++;
	}
	chi = 0;
	for (int i = 0; i < k; i++)
		chi += (cnt[i] - e) * (cnt[i] - e) / e;
	ok(out == 0 && chi < crit, "uniform [0,999999]: chi2 %.1f < %.1f",
	   chi, crit);

	/* A range that is not a power of two and close to 2^32, where modulo
	 * or float scaling biases would show: top 100 buckets by value. */
	uint32_t hi = 3000000000u;
	memset(cnt, 0, sizeof(cnt));
	out = 0;
	for (int i = 0; i < n; i++) {
		uint32_t v = rand_uniform(0, hi - 1);
		if (v >= hi)
			out++;
		else
			cnt[v / (hi / 100)]++;
	}
	chi = 0;
	for (int i = 0; i < k; i++)
		chi += (cnt[i] - e) * (cnt[i] - e) / e;
	ok(out == 0 && chi < crit, "uniform [0,3e9): chi2 %.1f < %.1f",
	   chi, crit);

	int seen[3] = { 0 };
	out = 0;
	for (int i = 0; i < 10000; i++) {
		uint32_t v = rand_uniform(5, 7);
		if (v < 5 || v > 7)
			out++;
		else
			seen[v - 5]++;
	}
	ok(out == 0 && seen[0] && seen[1] && seen[2],
	   "uniform [5,7] hits 5, 6 and 7 and nothing else");

	int all = 1;
	for (int i = 0; i < 1000; i++)
		all &= rand_uniform(42, 42) == 42;
	ok(all, "uniform [42,42] is always 42");

	/* sysbench's uint32 arithmetic: b - a + 1 wraps */
	int empty = 1, whole = 1, wrapped = 0;
	for (int i = 0; i < 10000; i++) {
		empty &= rand_uniform(1, 0) == 1 && rand_uniform(5, 4) == 5;
		whole &= rand_uniform(0, UINT32_MAX) == 0;
		/* 3e9 + [0, 2^32 - 2e9 + 1): past 2^32 - 1 it wraps to
		 * [0, 1e9], for a share (2^32 - 2e9 + 1 - 1294967296) /
		 * (2^32 - 2e9 + 1) = 0.4357 */
		uint32_t v = rand_uniform(3000000000u, 1000000000u);
		wrapped += v <= 1000000000u;
		whole &= v >= 3000000000u || v <= 1000000000u;
	}
	ok(empty, "uniform(1, 0) is 1 and uniform(5, 4) is 5 (an empty range "
	   "collapses to its lower bound)");
	ok(whole, "uniform(0, 2^32-1) is 0 (the range size wraps to 0)");
	ok(fabs(wrapped / 10000.0 - 0.4357) < 0.02, "uniform(3e9, 1e9) wraps "
	   "past 2^32 - 1 into [0, 1e9] (%d of 10000)", wrapped);

	int seen64[3] = { 0 };
	out = 0;
	for (int i = 0; i < 10000; i++) {
		uint64_t v = rand_uniform_u64(UINT64_MAX - 2, UINT64_MAX);
		if (v < UINT64_MAX - 2)
			out++;
		else
			seen64[v - (UINT64_MAX - 2)]++;
	}
	ok(!out && seen64[0] && seen64[1] && seen64[2],
	   "uniform_u64 at the top of the range hits all 3 values");

	int sw = 1;
	for (int i = 0; i < 1000; i++) {
		uint64_t v = rand_uniform_u64(UINT64_C(1) << 40, 10);
		sw &= v >= 10 && v <= UINT64_C(1) << 40;
	}
	ok(sw, "uniform_u64(a > b) swaps");

	/* 2^63 + 2^62 values: scaling by a float would leave gaps; check the
	 * mean and that the top bits are uniform over the range. */
	uint64_t r = (UINT64_C(3) << 62);
	memset(cnt, 0, sizeof(cnt));
	for (int i = 0; i < n; i++)
		cnt[(unsigned)((double)rand_uniform_u64(0, r - 1) / (double)r * k)]++;
	chi = 0;
	for (int i = 0; i < k; i++)
		chi += (cnt[i] - e) * (cnt[i] - e) / e;
	ok(chi < crit, "uniform_u64 [0, 3*2^62): chi2 %.1f < %.1f", chi, crit);

	int full_hi = 0;
	for (int i = 0; i < 1000; i++)
		full_hi += rand_uniform_u64(0, UINT64_MAX) >> 63;
	ok(full_hi > 400 && full_hi < 600,
	   "uniform_u64 over all 64 bits: top bit set %d/1000", full_hi);

	double mn = 1, mx = 0, sum = 0;
	for (int i = 0; i < n; i++) {
		double d = (i & 1) ? rand_double() : rand_uniform_double();
		sum += d;
		if (d < mn) mn = d;
		if (d > mx) mx = d;
	}
	/* sd of the mean is 0.29/1000 */
	ok(mn >= 0 && mx < 1 && fabs(sum / n - 0.5) < 0.0015,
	   "rand_double in [0,1) with mean %.5f", sum / n);
}

/* ---------------------------------------------------------------- */

static void moments(const uint32_t *v, int n, double *mean, double *var,
		    double *skew)
{
	double s = 0, s2 = 0, s3 = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	*mean = s / n;
	for (int i = 0; i < n; i++) {
		double d = v[i] - *mean;
		s2 += d * d;
		s3 += d * d * d;
	}
	*var = s2 / n;
	*skew = (s3 / n) / pow(*var, 1.5);
}

static uint32_t vals[1000000];

/* P(U1 + ... + Un <= x) for independent U(0,1) */
static double irwin_hall_cdf(int n, double x)
{
	double sum = 0, binom = 1, fact = 1;
	for (int i = 2; i <= n; i++)
		fact *= i;
	for (int k = 0; k <= n && k <= x; k++) {
		sum += ((k & 1) ? -1 : 1) * binom * pow(x - k, n);
		binom = binom * (n - k) / (k + 1);
	}
	return sum / fact;
}

static void test_gaussian(void)
{
	struct rand_config c = defaults();
	const int n = 200000;
	const uint32_t a = 0, b = 9999;
	double mean, var, skew;

	configure(c);
	int out = 0, below = 0;
	for (int i = 0; i < n; i++) {
		vals[i] = rand_gaussian(a, b);
		out += vals[i] > b;
		below += vals[i] < 5000;
	}
	moments(vals, n, &mean, &var, &skew);
	/* Continuous mean of the 12 uniforms is 5000, truncation subtracts
	 * 0.5; the sd of the sample mean is ~1.9. */
	ok(out == 0, "gaussian [0,9999] stays in range");
	ok(fabs(mean - 4999.5) < 10, "gaussian mean %.1f near the middle", mean);
	double want = 10000.0 * 10000.0 / 12 / 12;
	ok(fabs(var / want - 1) < 0.02, "gaussian variance %.0f ~ "
	   "(b-a+1)^2/12/spec_iter = %.0f", var, want);
	ok(fabs(skew) < 0.03 && fabs((double)below / n - 0.5) < 0.005,
	   "gaussian symmetric (skew %.4f, %.4f below the middle)", skew,
	   (double)below / n);
	/* Shape, not just moments: the share in the central third against
	 * the exact Irwin-Hall law of a sum of 12 uniforms. */
	int mid = 0;
	for (int i = 0; i < n; i++)
		mid += vals[i] >= 3334 && vals[i] < 6667;
	double pmid = irwin_hall_cdf(12, 12 * 0.6667) -
		      irwin_hall_cdf(12, 12 * 0.3334);
	ok(fabs((double)mid / n - pmid) < 0.003,
	   "gaussian: %.4f of draws in the central third (exact %.4f)",
	   (double)mid / n, pmid);

	c.spec_iter = 1;
	configure(c);
	for (int i = 0; i < n; i++)
		vals[i] = rand_gaussian(a, b);
	moments(vals, n, &mean, &var, &skew);
	want = 10000.0 * 10000.0 / 12;
	ok(fabs(var / want - 1) < 0.02, "spec_iter 1 makes gaussian uniform "
	   "(variance %.0f vs %.0f)", var, want);

	c.spec_iter = 12;
	configure(c);
	int ok1 = 1, seen0 = 0, seen1 = 0;
	for (int i = 0; i < 10000; i++) {
		uint32_t v = rand_gaussian(5, 5);
		ok1 &= v == 5;
		ok1 &= rand_gaussian(7, 6) == 7;
		v = rand_gaussian(6, 7);
		ok1 &= v == 6 || v == 7;
		seen0 |= v == 6;
		seen1 |= v == 7;
		v = rand_gaussian(UINT32_MAX - 1, UINT32_MAX);
		ok1 &= v >= UINT32_MAX - 1;
		v = rand_gaussian(0, UINT32_MAX);
		(void)v;
	}
	ok(ok1 && seen0 && seen1, "gaussian tiny ranges, an empty one (7, 6) "
	   "and top-of-range bounds");
}

/* The fraction of draws of rand_gaussian (same config) inside [lo, hi). */
static double gaussian_share(uint32_t a, uint32_t b, uint32_t lo, uint32_t hi,
			     int n)
{
	int in = 0;
	for (int i = 0; i < n; i++) {
		uint32_t v = rand_gaussian(a, b);
		in += v >= lo && v < hi;
	}
	return (double)in / n;
}

static void test_special(void)
{
	struct rand_config c = defaults();
	const int n = 400000;
	const uint32_t a = 1, b = 100000;
	/* sysbench puts the hot spot in the middle of the range */
	const uint32_t lo = a + 49500, hi = lo + 1000;

	configure(c);
	double g = gaussian_share(a, b, lo, hi, n);
	int in = 0, out = 0;
	for (int i = 0; i < n; i++) {
		uint32_t v = rand_special(a, b);
		out += v < a || v > b;
		in += v >= lo && v < hi;
	}
	double got = (double)in / n, want = 0.75 + 0.25 * g;
	/* sd of a share over 400k draws is < 0.0007 */
	ok(out == 0 && fabs(got - want) < 0.005,
	   "special: %.4f of draws in the central 1%% (want %.4f = 75%% + "
	   "25%% x gaussian's %.4f)", got, want, g);

	c.spec_pct = 10;
	c.spec_res = 50;
	configure(c);
	uint32_t lo10 = a + 45000, hi10 = lo10 + 10000;
	g = gaussian_share(a, b, lo10, hi10, n);
	in = 0;
	for (int i = 0; i < n; i++) {
		uint32_t v = rand_special(a, b);
		in += v >= lo10 && v < hi10;
	}
	got = (double)in / n;
	want = 0.5 + 0.5 * g;
	ok(fabs(got - want) < 0.005, "special pct 10 res 50: %.4f in the "
	   "central 10%% (want %.4f)", got, want);

	c.spec_res = 100;
	c.spec_pct = 1;
	configure(c);
	/* sysbench's window: the draw u in [0, 1) maps to u * (d + 1) past
	 * a + t/2 - t * pct/200, t = b - a, d = t * pct/100 */
	int all = 1;
	for (int i = 0; i < 10000; i++) {
		uint32_t v = rand_special(a, b);
		all &= v >= a + 49499 && v <= a + 50500;
	}
	ok(all, "special res 100: every draw in the hot window");

	c.spec_res = 0;
	configure(c);
	double mean, var, skew;
	for (int i = 0; i < n; i++)
		vals[i] = rand_special(0, 9999);
	moments(vals, n, &mean, &var, &skew);
	ok(fabs(var / (1e8 / 144) - 1) < 0.02,
	   "special res 0 is the gaussian (variance %.0f)", var);

	/* Tiny ranges and pct 0: the window is never empty. */
	c = defaults();
	c.spec_pct = 0;
	configure(c);
	int good = 1, mid = 0;
	for (int i = 0; i < 10000; i++) {
		uint32_t v = rand_special(10, 20);
		good &= v >= 10 && v <= 20;
		mid += v == 15;
		good &= rand_special(7, 7) == 7;
		v = rand_special(0, UINT32_MAX);
		(void)v;
	}
	ok(good && mid > 7000, "special: pct 0 and tiny ranges stay in range, "
	   "hot value 15 of [10,20] drawn %d/10000", mid);
}

static void test_pareto(void)
{
	struct rand_config c = defaults();
	const int n = 200000;
	const uint32_t a = 1, b = 1000000;
	const double size = 1000000;

	configure(c);
	int out = 0, low20 = 0;
	for (int i = 0; i < n; i++) {
		vals[i] = rand_pareto(a, b);
		out += vals[i] < a || vals[i] > b;
		low20 += vals[i] < a + 200000;
	}
	ok(out == 0, "pareto stays in [a,b]");
	ok(fabs((double)low20 / n - 0.8) < 0.006,
	   "pareto h=0.2: %.4f of draws in the lowest 20%% (80/20 rule)",
	   (double)low20 / n);

	qsort(vals, n, sizeof(vals[0]), cmp_u32);
	double p = log(0.2) / log(0.8);
	double med = size * pow(0.5, p);
	ok(vals[n / 2] - a < 2 * med && vals[n / 2] - a > med / 2 &&
	   vals[n / 2] < a + size / 20,
	   "pareto median %u far below the middle (theory %.0f)",
	   vals[n / 2] - a, med);

	/* Kolmogorov-Smirnov against the exact discrete CDF
	 * P(X - a <= k) = ((k + 1) / size)^(1/p); both sides of each step. */
	double d = 0;
	for (int i = 0; i < n; ) {
		int j = i;
		while (j < n && vals[j] == vals[i])
			j++;
		double k = vals[i] - a;
		double f_hi = pow((k + 1) / size, 1 / p);
		double f_lo = pow(k / size, 1 / p);
		double d1 = fabs((double)j / n - f_hi);
		double d2 = fabs((double)i / n - f_lo);
		if (d1 > d) d = d1;
		if (d2 > d) d = d2;
		i = j;
	}
	double dcrit = 1.949 / sqrt(n);
	ok(d < dcrit, "pareto KS D = %.5f < %.5f", d, dcrit);

	c.pareto_h = 0.5;   /* power 1: uniform */
	configure(c);
	double mean, var, skew;
	for (int i = 0; i < n; i++)
		vals[i] = rand_pareto(0, 9999);
	moments(vals, n, &mean, &var, &skew);
	ok(fabs(mean - 4999.5) < 20 && fabs(var / (1e8 / 12) - 1) < 0.02,
	   "pareto h=0.5 is uniform (mean %.1f)", mean);

	c.pareto_h = 0.999;
	configure(c);
	int good = 1;
	for (int i = 0; i < 10000; i++) {
		good &= rand_pareto(3, 3) == 3 && rand_pareto(3, 2) == 3;
		uint32_t v = rand_pareto(UINT32_MAX - 5, UINT32_MAX);
		good &= v >= UINT32_MAX - 5;
	}
	ok(good, "pareto: a == b, an empty range (3, 2) and top-of-range bounds");
}

static void zipf_check(double theta, uint32_t nitems, int n)
{
	struct rand_config c = defaults();
	c.zipf_exp = theta;
	configure(c);

	/* first 20 ranks individually, the rest pooled */
	enum { R = 20 };
	unsigned long cnt[R + 1] = { 0 };
	const uint32_t a = 500;
	int out = 0;
	for (int i = 0; i < n; i++) {
		uint32_t v = rand_zipfian(a, a + nitems - 1);
		if (v < a || v > a + nitems - 1)
			out++;
		else
			cnt[v - a < R ? v - a : R]++;
	}
	double norm = 0;
	for (uint32_t k = 1; k <= nitems; k++)
		norm += pow(k, -theta);
	double chi = 0, tail = 1;
	for (int k = 0; k <= R; k++) {
		double pk = k < R ? pow(k + 1, -theta) / norm : tail;
		if (k < R)
			tail -= pk;
		double e = pk * n;
		chi += (cnt[k] - e) * (cnt[k] - e) / e;
	}
	double ratio = (double)cnt[0] / cnt[1], want = pow(2, theta);
	double crit = chi2_crit999(R);
	/* relative sd of a ratio of two Poisson counts */
	double e1 = n / norm, e2 = e1 / want;
	double tol = 4.5 * sqrt(1 / e1 + 1 / e2);
	ok(out == 0 && fabs(ratio / want - 1) < tol,
	   "zipfian theta %.2f: rank1/rank2 = %.3f ~ 2^theta = %.3f (+-%.3f)",
	   theta, ratio, want, tol * want);
	ok(chi < crit, "zipfian theta %.2f n %u: chi2 %.1f < %.1f over the "
	   "first %d ranks + tail", theta, nitems, chi, crit, R);
}

static void test_zipfian(void)
{
	zipf_check(0.8, 1000, 1000000);
	zipf_check(1.0, 1000, 500000);
	zipf_check(2.0, 100000, 300000);
	zipf_check(0.0, 50, 300000);

	struct rand_config c = defaults();
	configure(c);
	/* alternate ranges: the per-thread cache must follow */
	int good = 1, top10 = 0, top1000 = 0;
	for (int i = 0; i < 100000; i++) {
		uint32_t v = rand_zipfian(1, 10);
		good &= v >= 1 && v <= 10;
		top10 += v == 10;
		v = rand_zipfian(1, 1000);
		good &= v >= 1 && v <= 1000;
		top1000 += v > 10;
		good &= rand_zipfian(9, 9) == 9;
		v = rand_zipfian(0, UINT32_MAX);
		(void)v;
	}
	ok(good && top10 > 0 && top1000 > 30000,
	   "zipfian alternating ranges stay in range and each uses its own n "
	   "(%d, %d)", top10, top1000);

	c.zipf_exp = 8;
	configure(c);
	int ones = 0;
	for (int i = 0; i < 10000; i++)
		ones += rand_zipfian(1, 1000000) == 1;
	ok(ones > 9900, "zipfian theta 8: %d/10000 draws are rank 1", ones);
}

static void test_default(void)
{
	static const enum rand_dist types[] = {
		RAND_UNIFORM, RAND_GAUSSIAN, RAND_SPECIAL, RAND_PARETO,
		RAND_ZIPFIAN
	};
	static uint32_t (*const fns[])(uint32_t, uint32_t) = {
		rand_uniform, rand_gaussian, rand_special, rand_pareto,
		rand_zipfian
	};
	static uint32_t x[1000], y[1000];

	for (int t = 0; t < 5; t++) {
		struct rand_config c = defaults();
		c.type = types[t];
		configure(c);
		for (int i = 0; i < 1000; i++)
			x[i] = rand_default(1, 100000);
		rand_thread_init(0);
		for (int i = 0; i < 1000; i++)
			y[i] = fns[t](1, 100000);
		ok(!memcmp(x, y, sizeof(x)), "rand_default follows type %d", t);
	}
}

/* ---------------------------------------------------------------- */

#define UNIQ_N 1000000

static void *uniq_thread(void *arg)
{
	uint32_t *out = arg;
	for (int i = 0; i < UNIQ_N / 2; i++)
		out[i] = rand_unique();
	return NULL;
}

static void test_unique(void)
{
	static uint32_t v[2 * UNIQ_N];

	configure(defaults());
	for (int i = 0; i < UNIQ_N; i++)
		v[i] = rand_unique();

	/* Looks random: not counting, bits balanced (sd 0.0005). */
	int steps = 0;
	unsigned long bits[32] = { 0 };
	for (int i = 0; i < UNIQ_N; i++) {
		steps += i && v[i] == v[i - 1] + 1;
		for (int k = 0; k < 32; k++)
			bits[k] += (v[i] >> k) & 1;
	}
	double worst = 0;
	for (int k = 0; k < 32; k++) {
		double d = fabs((double)bits[k] / UNIQ_N - 0.5);
		if (d > worst)
			worst = d;
	}
	ok(steps < 5 && worst < 0.003,
	   "unique values look random (%d +1 steps, worst bit dev %.5f)",
	   steps, worst);

	/* Reconfiguring after first use must not re-key (that could repeat). */
	struct rand_config c = defaults();
	c.seed = SEED + 7;
	configure(c);

	pthread_t t1, t2;
	pthread_create(&t1, NULL, uniq_thread, v + UNIQ_N);
	pthread_create(&t2, NULL, uniq_thread, v + UNIQ_N + UNIQ_N / 2);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);

	ok(!has_duplicate(v + UNIQ_N, UNIQ_N),
	   "2 threads x %d concurrent unique values: no repeat", UNIQ_N / 2);
	ok(!has_duplicate(v, UNIQ_N), "%d unique values: no repeat", UNIQ_N);
	ok(!has_duplicate(v, 2 * UNIQ_N),
	   "no repeat across all %d values, reconfigure included", 2 * UNIQ_N);
}

/* ---------------------------------------------------------------- */

static void test_strings(void)
{
	char buf[128];
	const char *fmt = "###-@@@-xyz#@";
	unsigned len = (unsigned)strlen(fmt);
	int digits[10] = { 0 }, letters[26] = { 0 }, good = 1;

	configure(defaults());
	for (int i = 0; i < 20000; i++) {
		memset(buf, '!', sizeof(buf));
		rand_string(buf, fmt, len);
		for (unsigned k = 0; k < len; k++) {
			char c = buf[k];
			if (fmt[k] == '#') {
				good &= c >= '0' && c <= '9';
				if (c >= '0' && c <= '9')
					digits[c - '0']++;
			} else if (fmt[k] == '@') {
				good &= c >= 'a' && c <= 'z';
				if (c >= 'a' && c <= 'z')
					letters[c - 'a']++;
			} else {
				good &= c == fmt[k];
			}
		}
		good &= buf[len] == '!';
	}
	ok(good, "rand_string: # digits, @ lowercase, rest copied, nothing "
	   "written past len");
	/* 80000 digits: 8000 each expected, sd ~85 */
	double chi = 0;
	for (int i = 0; i < 10; i++)
		chi += (digits[i] - 8000.0) * (digits[i] - 8000.0) / 8000.0;
	double chil = 0, el = 80000.0 / 26;
	for (int i = 0; i < 26; i++)
		chil += (letters[i] - el) * (letters[i] - el) / el;
	ok(chi < chi2_crit999(9) + 1 && chil < chi2_crit999(25),
	   "rand_string digits (chi2 %.1f) and letters (chi2 %.1f) uniform",
	   chi, chil);

	/* Long strings draw many characters per 64-bit word: every position
	 * must stay uniform and neighbours independent. */
	enum { LL = 240, NS = 5000 };
	static char lfmt[LL + 1], lbuf[LL];
	static unsigned zeros[LL];
	static unsigned long pairs[100];
	memset(lfmt, '#', LL);
	for (int i = 0; i < NS; i++) {
		rand_string(lbuf, lfmt, LL);
		for (int k = 0; k < LL; k++) {
			zeros[k] += lbuf[k] == '0';
			if (k)
				pairs[(lbuf[k - 1] - '0') * 10 + lbuf[k] - '0']++;
		}
	}
	/* per position: 500 expected, sd 21 */
	unsigned worst_pos = 0;
	for (int k = 0; k < LL; k++) {
		unsigned dev = zeros[k] > 500 ? zeros[k] - 500 : 500 - zeros[k];
		if (dev > worst_pos)
			worst_pos = dev;
	}
	double ep = (double)NS * (LL - 1) / 100, chip = 0;
	for (int i = 0; i < 100; i++)
		chip += (pairs[i] - ep) * (pairs[i] - ep) / ep;
	ok(worst_pos < 110 && chip < chi2_crit999(99),
	   "rand_string %d digits: each position uniform (worst |n0-500| %u), "
	   "digit pairs chi2 %.1f < %.1f", LL, worst_pos, chip,
	   chi2_crit999(99));

	memset(buf, '!', sizeof(buf));
	rand_string(buf, "", 0);
	ok(buf[0] == '!', "rand_string with an empty format writes nothing");

	/* sysbench's c column: 10 groups of 11 digits joined by '-' */
	char cfmt[128] = "";
	for (int i = 0; i < 10; i++)
		strcat(cfmt, i ? "-###########" : "###########");
	rand_string(buf, cfmt, (unsigned)strlen(cfmt));
	int cgood = strlen(cfmt) == 119;
	for (int i = 0; i < 119; i++)
		cgood &= (i % 12 == 11) ? buf[i] == '-' : isdigit((unsigned char)buf[i]) != 0;
	ok(cgood, "rand_string builds a 119-char c value");

	int lens[11] = { 0 }, chars[62] = { 0 }, vgood = 1;
	static const char alnum[] = "0123456789abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	for (int i = 0; i < 20000; i++) {
		memset(buf, '!', sizeof(buf));
		unsigned l = rand_varstring(buf, 5, 10);
		vgood &= l >= 5 && l <= 10 && buf[l] == '!';
		if (l <= 10)
			lens[l]++;
		for (unsigned k = 0; k < l && k < 10; k++) {
			const char *p = strchr(alnum, buf[k]);
			vgood &= p != NULL && buf[k] != '\0';
			if (p && buf[k])
				chars[p - alnum]++;
		}
	}
	int all_chars = 1, all_lens = 1;
	for (int i = 0; i < 62; i++)
		all_chars &= chars[i] > 0;
	for (int l = 5; l <= 10; l++)
		all_lens &= lens[l] > 3000 && lens[l] < 3700;
	ok(vgood, "rand_varstring: length in [5,10], alphanumeric, nothing "
	   "written past it");
	ok(all_lens && all_chars, "rand_varstring: every length about 1/6, all "
	   "62 characters appear");

	memset(buf, '!', sizeof(buf));
	unsigned l1 = rand_varstring(buf, 7, 7);
	unsigned l0 = rand_varstring(buf + 20, 0, 0);
	unsigned ls = rand_varstring(buf + 40, 9, 4);
	ok(l1 == 7 && buf[7] == '!' && l0 == 0 && buf[20] == '!' &&
	   ls >= 4 && ls <= 9, "rand_varstring: min == max, 0 and swapped "
	   "bounds (%u %u %u)", l1, l0, ls);
}

/* ---------------------------------------------------------------- */

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Report only: speed is a perf/ matter, never an assertion here. */
static void report_speed(void)
{
	const int n = 20000000;
	volatile uint32_t sink = 0;
	uint32_t acc = 0;

	configure(defaults());
	double t0 = now_ns();
	for (int i = 0; i < n; i++)
		acc += rand_uniform(1, 10000000);
	double t1 = now_ns();
	sink = acc;
	(void)sink;
	diag("rand_uniform: %.2f ns per call", (t1 - t0) / n);

	const int m = 2000000;
	struct { const char *name; uint32_t (*fn)(uint32_t, uint32_t); } f[] = {
		{ "rand_gaussian", rand_gaussian }, { "rand_special", rand_special },
		{ "rand_pareto", rand_pareto }, { "rand_zipfian", rand_zipfian },
	};
	for (unsigned k = 0; k < 4; k++) {
		t0 = now_ns();
		for (int i = 0; i < m; i++)
			acc += f[k].fn(1, 10000000);
		t1 = now_ns();
		diag("%s: %.2f ns per call", f[k].name, (t1 - t0) / m);
	}
	t0 = now_ns();
	for (int i = 0; i < m; i++)
		acc += rand_unique();
	t1 = now_ns();
	sink = acc;
	diag("rand_unique: %.2f ns per call", (t1 - t0) / m);
}

int main(void)
{
	test_parse();
	test_configure();
	test_seed();
	test_sysbench_stream();
	test_uniform();
	test_gaussian();
	test_special();
	test_pareto();
	test_zipfian();
	test_default();
	test_unique();
	test_strings();
	report_speed();
	return tap_done();
}
