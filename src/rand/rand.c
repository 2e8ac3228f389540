/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rand: per-thread xoshiro256** generators and sysbench's distributions.
 *
 * The distributions reproduce the shapes sysbench 1.0.20 produces (see the
 * comment on each); the code and the generator are our own.
 */
#include "rand/rand.h"

#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* Process-wide settings; written only by rand_configure() (before workers
 * start), so readers need no synchronisation. */
static struct {
	struct rand_config cfg;
	uint64_t seed;            /* effective seed (never 0) */
	double iter_inv;          /* 1 / spec_iter */
	double pareto_power;      /* log(h) / log(1 - h) */
	double zipf_hx1;          /* H(1.5) - h(1): lower end of the hat's domain */
	double zipf_s;            /* rejection-inversion shortcut threshold */
	uint32_t unique_key[2];
} g;

struct rand_thread {
	uint64_t s[4];
	int seeded;
	/* H(n + 0.5) depends on the range; workloads draw from one range over
	 * and over, so remember it for the last (n, exponent) pair. */
	uint64_t zipf_n;
	double zipf_q;
	double zipf_hn;
};

static __thread struct rand_thread rt;

/* Threads that draw without rand_thread_init() get ids from here; the high
 * bit keeps them apart from worker ids 0..N-1. */
static atomic_uint lazy_tid = 0;

/* Its own cache line: every rand_unique() in every thread bumps it. */
static _Alignas(64) atomic_uint unique_next = 0;
static _Alignas(64) atomic_int unique_used = 0;

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static void seed_state(struct rand_thread *t, uint64_t seed, unsigned tid)
{
	/* Hash seed and tid together before expanding: starting splitmix at
	 * seed + tid * gamma would make thread k+1's state thread k's state
	 * shifted by one word. */
	uint64_t x = seed;
	x = splitmix64(&x) ^ ((uint64_t)tid * UINT64_C(0xd1342543de82ef95));
	x = splitmix64(&x);
	for (int i = 0; i < 4; i++)
		t->s[i] = splitmix64(&x);
	t->seeded = 1;
	t->zipf_n = 0;   /* n >= 1 always, so the cache misses next time */
}

static __attribute__((noinline)) void seed_lazily(void)
{
	unsigned n = atomic_fetch_add_explicit(&lazy_tid, 1,
					       memory_order_relaxed);
	seed_state(&rt, g.seed, 0x80000000u | n);
}

static inline uint64_t next64(void)
{
	uint64_t *s = rt.s;

	if (unlikely(!rt.seeded))
		seed_lazily();

	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

static inline double next_double(void)
{
	return (double)(next64() >> 11) * 0x1.0p-53;
}

/* Out of line so the common path of bounded() needs no saved registers. */
static __attribute__((noinline, cold))
uint64_t bounded_reject(uint64_t range, uint64_t lo, uint64_t hi)
{
	uint64_t threshold = -range % range;

	while (lo < threshold) {
		unsigned __int128 m = (unsigned __int128)next64() * range;
		lo = (uint64_t)m;
		hi = (uint64_t)(m >> 64);
	}
	return hi;
}

/* Uniform in [0, range), range >= 1, without modulo bias (Lemire 2019:
 * multiply-shift; a division happens only on the rare rejection path). */
static inline uint64_t bounded(uint64_t range)
{
	unsigned __int128 m = (unsigned __int128)next64() * range;
	uint64_t lo = (uint64_t)m;

	if (unlikely(lo < range))
		return bounded_reject(range, lo, (uint64_t)(m >> 64));
	return (uint64_t)(m >> 64);
}

static uint64_t clock_seed(void)
{
	struct timespec ts;
	uint64_t x;

	clock_gettime(CLOCK_REALTIME, &ts);
	/* pid too: clients started in the same instant on one host must not
	 * share a seed. */
	x = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	x ^= (uint64_t)getpid() << 40;
	x = splitmix64(&x);
	return x ? x : 1;
}

/* ---- zipfian helpers (rejection-inversion, Hörmann & Derflinger 1996) ----
 * Hat integral H(x) = (x^(1-q) - 1) / (1 - q), which tends to log(x) as
 * q -> 1, so one formula serves every exponent q >= 0 without dividing by
 * zero at q == 1. */

/* (exp(z) - 1) / z, finite at z = 0 */
static double expm1_over(double z)
{
	if (fabs(z) > 1e-8)
		return expm1(z) / z;
	return 1 + z * 0.5 * (1 + z / 3 * (1 + z * 0.25));
}

/* log(1 + z) / z, finite at z = 0 */
static double log1p_over(double z)
{
	if (fabs(z) > 1e-8)
		return log1p(z) / z;
	return 1 - z * (0.5 - z * (1.0 / 3 - z * 0.25));
}

static double zipf_H(double x, double q)
{
	double lx = log(x);
	return expm1_over((1 - q) * lx) * lx;
}

static double zipf_Hinv(double y, double q)
{
	double t = y * (1 - q);
	if (t < -1)
		t = -1;   /* rounding can step just outside H's range */
	return exp(log1p_over(t) * y);
}

static double zipf_h(double x, double q)
{
	return exp(-q * log(x));
}

/* ---- configuration ---- */

static const char *const rand_dist_names[] = {
	[RAND_UNIFORM] = "uniform",
	[RAND_GAUSSIAN] = "gaussian",
	[RAND_SPECIAL] = "special",
	[RAND_PARETO] = "pareto",
	[RAND_ZIPFIAN] = "zipfian",
};

const char *rand_dist_name(unsigned i)
{
	return i < sizeof(rand_dist_names) / sizeof(rand_dist_names[0]) ? rand_dist_names[i] : NULL;
}

int rand_dist_parse(const char *name, enum rand_dist *out)
{
	const char *n;

	if (!name)
		return -EINVAL;
	for (unsigned i = 0; (n = rand_dist_name(i)) != NULL; i++) {
		if (!strcmp(name, n)) {
			if (out)
				*out = (enum rand_dist)i;
			return 0;
		}
	}
	return -EINVAL;
}

int rand_configure(const struct rand_config *cfg)
{
	if (!cfg)
		return -EINVAL;
	/* Written so that NaN fails every test. */
	if ((unsigned)cfg->type > RAND_ZIPFIAN || cfg->spec_iter < 1 ||
	    !(cfg->spec_pct >= 0 && cfg->spec_pct <= 100) ||
	    !(cfg->spec_res >= 0 && cfg->spec_res <= 100) ||
	    !(cfg->pareto_h > 0 && cfg->pareto_h < 1) ||
	    !(cfg->zipf_exp >= 0 && isfinite(cfg->zipf_exp)))
		return -EINVAL;

	g.cfg = *cfg;
	g.seed = cfg->seed ? cfg->seed : clock_seed();
	g.iter_inv = 1.0 / cfg->spec_iter;
	g.pareto_power = log(cfg->pareto_h) / log(1.0 - cfg->pareto_h);

	double q = cfg->zipf_exp;
	g.zipf_hx1 = zipf_H(1.5, q) - 1;
	g.zipf_s = 2 - zipf_Hinv(zipf_H(2.5, q) - zipf_h(2, q), q);

	/* Once a unique value has been handed out the permutation must stay,
	 * or later values could repeat earlier ones. */
	if (!atomic_load_explicit(&unique_used, memory_order_relaxed)) {
		uint64_t x = g.seed ^ UINT64_C(0x243f6a8885a308d3);
		uint64_t k = splitmix64(&x);
		g.unique_key[0] = (uint32_t)k;
		g.unique_key[1] = (uint32_t)(k >> 32);
	}
	return 0;
}

uint64_t rand_seed_used(void)
{
	return g.seed;
}

/* sysbench's defaults, so that drawing before rand_configure() works. */
__attribute__((constructor)) static void rand_defaults(void)
{
	static const struct rand_config def = {
		.type = RAND_SPECIAL,
		.spec_iter = 12,
		.spec_pct = 1,
		.spec_res = 75,
		.pareto_h = 0.2,
		.zipf_exp = 0.8,
		.seed = 0,
	};
	rand_configure(&def);
}

void rand_thread_init(unsigned tid)
{
	seed_state(&rt, g.seed, tid);
}

/* ---- raw draws ---- */

uint64_t rand_u64(void)
{
	return next64();
}

double rand_double(void)
{
	return next_double();
}

double rand_uniform_double(void)
{
	return next_double();
}

/* ---- distributions ---- */

#define ORDER(a, b) do { if ((a) > (b)) { uint32_t t_ = (a); (a) = (b); (b) = t_; } } while (0)

uint32_t rand_uniform(uint32_t a, uint32_t b)
{
	ORDER(a, b);
	return a + (uint32_t)bounded((uint64_t)(b - a) + 1);
}

uint64_t rand_uniform_u64(uint64_t a, uint64_t b)
{
	if (a > b) {
		uint64_t t = a;
		a = b;
		b = t;
	}
	uint64_t range = b - a + 1;
	if (range == 0)   /* the whole 64-bit space */
		return next64();
	return a + bounded(range);
}

/* sysbench: the mean of spec_iter continuous uniforms over [0, b-a+1),
 * truncated; a bell curve whose variance shrinks as 1/spec_iter. */
uint32_t rand_gaussian(uint32_t a, uint32_t b)
{
	ORDER(a, b);
	double sum = 0;
	for (int i = 0; i < g.cfg.spec_iter; i++)
		sum += next_double();

	uint64_t off = (uint64_t)(sum * g.iter_inv * ((double)(b - a) + 1));
	if (off > b - a)   /* sum / iter can round up to 1.0 */
		off = b - a;
	return a + (uint32_t)off;
}

/* sysbench 1.0: with probability spec_res% the value is uniform over a hot
 * window of spec_pct% of the range centred on its middle (at least one
 * value wide), otherwise it is gaussian over the whole range. */
uint32_t rand_special(uint32_t a, uint32_t b)
{
	ORDER(a, b);
	if (next_double() * 100.0 >= g.cfg.spec_res)
		return rand_gaussian(a, b);

	uint64_t size = (uint64_t)(b - a) + 1;
	/* Multiply before dividing so whole percentages of round sizes come
	 * out exact. */
	uint64_t w = (uint64_t)((double)size * g.cfg.spec_pct / 100.0);
	if (w < 1)
		w = 1;
	if (w > size)
		w = size;
	return a + (uint32_t)((size - w) / 2 + bounded(w));
}

/* sysbench: a + (b-a+1) * u^(log h / log(1-h)); with h = 0.2 that is the
 * 80/20 rule (80% of draws land in the lowest 20% of the range). */
uint32_t rand_pareto(uint32_t a, uint32_t b)
{
	ORDER(a, b);
	double size = (double)(b - a) + 1;
	uint64_t off = (uint64_t)(size * pow(next_double(), g.pareto_power));
	if (off > b - a)
		off = b - a;
	return a + (uint32_t)off;
}

/* Exact bounded Zipf: P(rank k) proportional to k^-q over ranks 1..n, the
 * distribution sysbench draws from. Rejection-inversion needs no zeta(n)
 * sum, so a new range costs O(1) and every exponent >= 0 works; expected
 * iterations are close to 1. */
uint32_t rand_zipfian(uint32_t a, uint32_t b)
{
	ORDER(a, b);
	uint64_t n = (uint64_t)(b - a) + 1;
	double q = g.cfg.zipf_exp;

	if (unlikely(!rt.seeded))
		seed_lazily();
	if (rt.zipf_n != n || rt.zipf_q != q) {
		rt.zipf_n = n;
		rt.zipf_q = q;
		rt.zipf_hn = zipf_H((double)n + 0.5, q);
	}

	double hn = rt.zipf_hn, hx1 = g.zipf_hx1;
	for (;;) {
		/* u in (hx1, hn] */
		double u = hn + next_double() * (hx1 - hn);
		double x = zipf_Hinv(u, q);
		double k = floor(x + 0.5);

		if (k < 1)
			k = 1;
		else if (k > (double)n)
			k = (double)n;
		if (k - x <= g.zipf_s ||
		    u >= zipf_H(k + 0.5, q) - zipf_h(k, q))
			return a + (uint32_t)((uint64_t)k - 1);
	}
}

uint32_t rand_default(uint32_t a, uint32_t b)
{
	switch (g.cfg.type) {
	case RAND_GAUSSIAN: return rand_gaussian(a, b);
	case RAND_SPECIAL:  return rand_special(a, b);
	case RAND_PARETO:   return rand_pareto(a, b);
	case RAND_ZIPFIAN:  return rand_zipfian(a, b);
	case RAND_UNIFORM:
	default:            return rand_uniform(a, b);
	}
}

/* ---- unique values ---- */

/* A keyed bijection on 32 bits: every step (xor with a key, xorshift,
 * multiply by an odd constant) is invertible, so distinct counters give
 * distinct outputs; two rounds of a strong integer hash make the sequence
 * look random. */
static uint32_t unique_permute(uint32_t x)
{
	for (int r = 0; r < 2; r++) {
		x ^= g.unique_key[r];
		x ^= x >> 16;
		x *= 0x7feb352du;
		x ^= x >> 15;
		x *= 0x846ca68bu;
		x ^= x >> 16;
	}
	return x;
}

uint32_t rand_unique(void)
{
	if (unlikely(!atomic_load_explicit(&unique_used, memory_order_relaxed)))
		atomic_store_explicit(&unique_used, 1, memory_order_relaxed);
	return unique_permute(atomic_fetch_add_explicit(&unique_next, 1,
							 memory_order_relaxed));
}

/* ---- strings ---- */

/* Several characters come out of one 64-bit draw: multiplying the word by
 * the alphabet size yields a character in the high half and leaves the
 * rest for the next. Six characters of up to 62 symbols use about 36 bits,
 * keeping each one's bias below 1e-8. */
#define CHARS_PER_DRAW 6

static inline unsigned take_char(uint64_t *x, unsigned *left, unsigned radix)
{
	if (*left == 0) {
		*x = next64();
		*left = CHARS_PER_DRAW;
	}
	(*left)--;
	unsigned __int128 m = (unsigned __int128)*x * radix;
	*x = (uint64_t)m;
	return (unsigned)(m >> 64);
}

void rand_string(char *buf, const char *fmt, unsigned len)
{
	uint64_t x = 0;
	unsigned left = 0;

	for (unsigned i = 0; i < len; i++) {
		char c = fmt[i];
		if (c == '#')
			buf[i] = (char)('0' + take_char(&x, &left, 10));
		else if (c == '@')
			buf[i] = (char)('a' + take_char(&x, &left, 26));
		else
			buf[i] = c;
	}
}

unsigned rand_varstring(char *buf, unsigned min, unsigned max)
{
	static const char alnum[62] =
		"0123456789"
		"abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	uint64_t x = 0;
	unsigned left = 0;

	ORDER(min, max);
	unsigned n = rand_uniform(min, max);
	for (unsigned i = 0; i < n; i++)
		buf[i] = alnum[take_char(&x, &left, 62)];
	return n;
}
