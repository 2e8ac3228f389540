/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rand: per-thread generators and sysbench's distributions.
 *
 * The generator, its seeding and the distributions compute what sysbench
 * 1.0.20 computes (rand.h; docs/compat.md "Random numbers"); the code is
 * our own.
 */
#include "rand/rand.h"

#include <errno.h>
#include <pthread.h>
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
	uint32_t glibc_seed;      /* what run's workers pass to srandom() */
	double iter_mult;         /* 1 / spec_iter */
	double pct_mult;          /* spec_pct / 100 */
	double pct_2_mult;        /* spec_pct / 200 */
	double res_mult;          /* 100 / (100 - spec_res) */
	double pareto_power;      /* log(h) / log(1 - h) */
	double zipf_hx1;          /* H(1.5) - h(1): lower end of the hat's domain */
	double zipf_s;            /* rejection-inversion shortcut threshold */
} g;

struct rand_thread {
	uint64_t s[2];            /* xoroshiro128+ (sysbench's stream) */
	uint64_t aux[4];          /* xoshiro256** (bench's own draws) */
	/* H(n + 0.5) depends on the range; workloads draw from one range over
	 * and over, so remember it for the last (n, exponent) pair. */
	uint32_t zipf_n;
	int zipf_valid;
	double zipf_q;
	double zipf_hn;
};

static __thread struct rand_thread rt;

/* rand.h: the draws owed to the stream, and RAND_GATE_UNSEEDED until the
 * thread is seeded; non-zero sends the next draw through rand_settle() */
__thread uint64_t rand_gate = RAND_GATE_UNSEEDED;

/* Threads that draw without an init get ids from here; the high bit keeps
 * them apart from worker ids 0..N-1. */
static atomic_uint lazy_tid = 0;

/* sysbench's unique sequence: a shared counter, permuted. Its own cache
 * line: every rand_unique() in every thread bumps it. */
static _Alignas(64) atomic_uint unique_index = 0;
static uint32_t unique_offset;

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

/* ---- glibc random() -------------------------------------------------------
 * The TYPE_3 additive generator: 31 words filled from the seed by the
 * Park-Miller step (16807 x mod 2^31-1, Schrage's form on 32-bit words),
 * then t[f] += t[r] with f running 3 places ahead of r; the first 310
 * outputs are discarded and each output is the sum shifted right by one. */

void rand_glibc_seed(struct rand_glibc *gs, uint32_t seed)
{
	int32_t w = (int32_t)(seed ? seed : 1);

	gs->t[0] = w;
	for (int i = 1; i < 31; i++) {
		int64_t hi = w / 127773, lo = w % 127773;
		int64_t x = 16807 * lo - 2836 * hi;
		if (x < 0)
			x += 2147483647;
		w = (int32_t)x;
		gs->t[i] = w;
	}
	gs->f = 3;
	gs->r = 0;
	for (int i = 0; i < 310; i++)
		rand_glibc_next(gs);
}

int32_t rand_glibc_next(struct rand_glibc *gs)
{
	uint32_t v = (uint32_t)gs->t[gs->f] + (uint32_t)gs->t[gs->r];

	gs->t[gs->f] = (int32_t)v;
	if (++gs->f == 31)
		gs->f = 0;
	if (++gs->r == 31)
		gs->r = 0;
	return (int32_t)(v >> 1);
}

/* Value number pos of the stream srandom(seed) starts. Threads seed in
 * about the order of their ids, so one cursor per stream, moved forward
 * under a lock and restarted only when asked for an earlier position,
 * keeps 1000 threads from replaying the stream 1000 times. */
struct glibc_cursor {
	struct rand_glibc st;
	uint32_t seed;
	uint64_t pos;             /* values drawn since the seed */
	int valid;
};

static pthread_mutex_t cursor_lock = PTHREAD_MUTEX_INITIALIZER;
static struct glibc_cursor cursors[2];   /* [0] run's, [1] the default */

static void glibc_values(int which, uint32_t seed, uint64_t pos,
			 uint32_t *out, unsigned n)
{
	struct glibc_cursor *c = &cursors[which];

	pthread_mutex_lock(&cursor_lock);
	if (!c->valid || c->seed != seed || c->pos > pos) {
		rand_glibc_seed(&c->st, seed);
		c->seed = seed;
		c->pos = 0;
		c->valid = 1;
	}
	while (c->pos < pos) {
		rand_glibc_next(&c->st);
		c->pos++;
	}
	for (unsigned i = 0; i < n; i++, c->pos++)
		out[i] = (uint32_t)rand_glibc_next(&c->st);
	pthread_mutex_unlock(&cursor_lock);
}

static void seed_aux(struct rand_thread *t, uint64_t seed, unsigned tid)
{
	/* Hash seed and tid together before expanding: starting splitmix at
	 * seed + tid * gamma would make thread k+1's state thread k's state
	 * shifted by one word. */
	uint64_t x = seed;
	x = splitmix64(&x) ^ ((uint64_t)tid * UINT64_C(0xd1342543de82ef95));
	x = splitmix64(&x);
	for (int i = 0; i < 4; i++)
		t->aux[i] = splitmix64(&x);
}

/* The thread's sysbench stream from values pos..pos+3 of a glibc stream,
 * as sysbench's sb_rand_thread_init() makes it. */
static void seed_thread(int which, uint32_t seed, uint64_t pos, unsigned tid)
{
	uint32_t r[4];

	glibc_values(which, seed, pos, r, 4);
	rt.s[0] = (uint64_t)r[0] << 32 | r[1];
	rt.s[1] = (uint64_t)r[2] << 32 | r[3];
	seed_aux(&rt, g.seed, tid);
	rand_gate = 0;
	rt.zipf_valid = 0;
}

/* A thread that draws before any init (none of bench's do): a stream of
 * its own from the seed, apart from every worker's. */
static __attribute__((noinline)) void seed_lazily(void)
{
	unsigned n = atomic_fetch_add_explicit(&lazy_tid, 1,
					       memory_order_relaxed);
	uint64_t x = g.seed ^ ((uint64_t)(0x80000000u | n) << 32);

	rt.s[0] = splitmix64(&x);
	rt.s[1] = splitmix64(&x) | 1;
	seed_aux(&rt, g.seed, 0x80000000u | n);
	rand_gate &= ~RAND_GATE_UNSEEDED;
	rt.zipf_valid = 0;
}

static inline uint64_t step(uint64_t *s)
{
	uint64_t s0 = s[0], s1 = s[1];
	uint64_t result = s0 + s1;
	s1 ^= s0;
	s[0] = rotl(s0, 55) ^ s1 ^ (s1 << 14);
	s[1] = rotl(s1, 36);
	return result;
}

/* Before a draw: seed a thread that was not, and take the values owed by
 * rand_skip() (the draws sysbench makes for itself: one per event, so an
 * event that draws nothing costs an increment, not a step). */
static __attribute__((noinline)) void rand_settle(void)
{
	if (rand_gate & RAND_GATE_UNSEEDED)
		seed_lazily();
	for (uint64_t n = rand_gate; n > 0; n--)
		(void)step(rt.s);
	rand_gate = 0;
}

static inline uint64_t next64(void)
{
	if (unlikely(rand_gate))
		rand_settle();
	return step(rt.s);
}

/* sysbench's double: the top 52 bits as the fraction of [1, 2), minus 1 */
static inline double next_double(void)
{
	return (double)(next64() >> 12) * 0x1.0p-52;
}

static inline uint64_t aux_next64(void)
{
	uint64_t *s = rt.aux;

	if (unlikely(rand_gate & RAND_GATE_UNSEEDED))
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

/* A double's conversion to uint32_t as sysbench's x86-64 build does it:
 * truncated to a 64-bit integer, then its low 32 bits (so a + x past
 * 2^32 wraps). Out of the 64-bit range (inf, NaN) the instruction gives
 * INT64_MIN, whose low bits are 0. */
static inline uint32_t to_u32(double x)
{
	if (likely(x > -0x1.0p63 && x < 0x1.0p63))
		return (uint32_t)(uint64_t)(int64_t)x;
	return 0;
}

/* The value a uint32_t function returns, zero-extended in the register:
 * LuaJIT's compiled traces read the whole 64-bit register of an FFI call
 * returning uint32_t, so a conversion that leaves its 64-bit intermediate
 * there (a + x past 2^32) would show up as a number above 2^32 - 1 in
 * compiled code and as the wrapped value in the interpreter (sysbench
 * 1.0.20 does that). bench returns the uint32 every time. */
static inline uint32_t ret32(uint32_t v)
{
#if defined(__x86_64__)
	__asm__("movl %k0, %k0" : "+r"(v));
#endif
	return v;
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
	return 1 + z * 0.5 * (1 + z * (1.0 / 3) * (1 + 0.25 * z));
}

/* log(1 + z) / z, finite at z = 0 */
static double log1p_over(double z)
{
	if (fabs(z) > 1e-8)
		return log1p(z) / z;
	return 1 - z * (0.5 - z * (1.0 / 3 - 0.25 * z));
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
	if (cfg->instance) {
		uint64_t x = g.seed ^ ((uint64_t)cfg->instance * 0xd1b54a32d192ed03ULL);
		g.seed = splitmix64(&x);
		if (g.seed == 0)
			g.seed = 1;
	}
	/* srandom() takes 32 bits; a longer --rand-seed folds in its high
	 * half (sysbench's is an int) */
	g.glibc_seed = (uint32_t)g.seed;
	if (g.seed >> 32)
		g.glibc_seed ^= (uint32_t)(g.seed >> 32);
	g.iter_mult = 1.0 / cfg->spec_iter;
	g.pct_mult = cfg->spec_pct / 100.0;
	g.pct_2_mult = cfg->spec_pct / 200.0;
	g.res_mult = 100.0 / (100.0 - cfg->spec_res);
	g.pareto_power = log(cfg->pareto_h) / log(1.0 - cfg->pareto_h);

	double q = cfg->zipf_exp;
	g.zipf_hx1 = zipf_H(1.5, q) - 1;
	g.zipf_s = 2 - zipf_Hinv(zipf_H(2.5, q) - zipf_h(2, q), q);
	return 0;
}

uint64_t rand_seed_used(void)
{
	return g.seed;
}

static uint32_t unique_permute(uint32_t x);

/* sysbench's defaults, so that drawing before rand_configure() works; and
 * the unique sequence's seed, values 4 and 5 of the default stream (after
 * the main thread's four), which no option changes in sysbench either. */
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
	uint32_t r[2];

	rand_configure(&def);
	glibc_values(1, 1, 4, r, 2);
	atomic_store_explicit(&unique_index,
			      unique_permute(unique_permute(r[1]) + 0x682f0161),
			      memory_order_relaxed);
	unique_offset = unique_permute(unique_permute(r[0]) + 0x46790905);
}

void rand_thread_init(unsigned tid)
{
	seed_thread(0, g.glibc_seed, (uint64_t)tid * 4, tid);
}

void rand_main_init(void)
{
	seed_thread(1, 1, 0, 0x7fffffffu);
}

void rand_command_thread_init(unsigned tid)
{
	seed_thread(1, 1, 6 + (uint64_t)tid * 4, tid);
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

double rand_aux_double(void)
{
	return (double)(aux_next64() >> 11) * 0x1.0p-53;
}

/* ---- distributions ----
 * sysbench's formulas in its types: b - a + 1 and b - a are uint32
 * arithmetic (so they wrap), a + <double> is a double converted back as
 * to_u32() does. */

uint32_t rand_uniform(uint32_t a, uint32_t b)
{
	return ret32(to_u32(a + next_double() * (uint32_t)(b - a + 1)));
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

/* the mean of spec_iter uniforms over [0, b-a+1), truncated: a bell curve
 * whose variance shrinks as 1/spec_iter */
uint32_t rand_gaussian(uint32_t a, uint32_t b)
{
	double t = (uint32_t)(b - a + 1), sum = 0;

	for (int i = 0; i < g.cfg.spec_iter; i++)
		sum += next_double() * t;
	return ret32(a + to_u32(sum * g.iter_mult));
}

/* One draw decides: below (b-a) of the stretched range (b-a) * 100 /
 * (100 - spec_res) the value is gaussian over the range; above it, the same
 * draw is mapped into a window of spec_pct% of the range centred on its
 * middle. */
uint32_t rand_special(uint32_t a, uint32_t b)
{
	double t = (uint32_t)(b - a);
	double rnd = next_double();

	if (rnd * (t * g.res_mult) < t) {
		double sum = 0;
		for (int i = 0; i < g.cfg.spec_iter; i++)
			sum += next_double();
		return ret32(to_u32(a + sum * t * g.iter_mult));
	}
	double res = rnd * (t * g.pct_mult + 1);
	res += t / 2 - t * g.pct_2_mult;
	return ret32(a + to_u32(res));
}

/* a + (b-a+1) * u^(log h / log(1-h)); with h = 0.2 that is the 80/20 rule
 * (80% of draws land in the lowest 20% of the range) */
uint32_t rand_pareto(uint32_t a, uint32_t b)
{
	double size = (uint32_t)(b - a + 1);
	return ret32(a + to_u32(size * pow(next_double(), g.pareto_power)));
}

/* (bench, as later sysbench versions) Exact bounded Zipf: P(rank k)
 * proportional to k^-q over ranks 1..n = b-a+1 (uint32), by
 * rejection-inversion (no zeta(n) sum, so a new range costs O(1) and every
 * exponent >= 0 works; expected iterations are close to 1). */
uint32_t rand_zipfian(uint32_t a, uint32_t b)
{
	uint32_t n = b - a + 1;
	double q = g.cfg.zipf_exp;

	if (unlikely(rand_gate))
		rand_settle();
	if (!rt.zipf_valid || rt.zipf_n != n || rt.zipf_q != q) {
		rt.zipf_n = n;
		rt.zipf_q = q;
		rt.zipf_hn = zipf_H(n + 0.5, q);
		rt.zipf_valid = 1;
	}

	double hn = rt.zipf_hn, hx1 = g.zipf_hx1;
	for (;;) {
		/* u in (hx1, hn] */
		double u = hn + next_double() * (hx1 - hn);
		double x = zipf_Hinv(u, q);
		uint32_t k = to_u32(x + 0.5);

		if (k < 1)
			k = 1;
		else if (k > n)
			k = n;
		if (k - x <= g.zipf_s ||
		    u >= zipf_H(k + 0.5, q) - zipf_h(k, q))
			return ret32(a + k - 1);
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

/* ---- unique values ----
 * Quadratic residues modulo the prime p = 2^32 - 5 (p = 3 mod 4) permute
 * [0, p): x -> x^2 mod p for x <= p/2, p - that above; the five values
 * from p up map to themselves. Two such permutations around an added
 * offset and a constant xor turn a shared counter into a sequence that
 * looks random and never repeats (Preshing's construction, as sysbench). */
static uint32_t unique_permute(uint32_t x)
{
	const uint32_t p = UINT32_C(4294967291);

	if (x >= p)
		return x;
	uint32_t r = (uint32_t)((uint64_t)x * x % p);
	return x <= p / 2 ? r : p - r;
}

uint32_t rand_unique(void)
{
	uint32_t i = atomic_fetch_add_explicit(&unique_index, 1,
					       memory_order_relaxed);
	return unique_permute((unique_permute(i) + unique_offset) ^
			      0x5bf03635);
}

/* ---- strings ---- */

/* uniform('0', '9') and uniform('a', 'z') of sysbench: the same double
 * arithmetic (a + u * size, then truncated), with the stream's state in
 * registers over the whole format */
void rand_string(char *buf, const char *fmt, unsigned len)
{
	uint64_t s[2];

	if (unlikely(rand_gate))
		rand_settle();
	s[0] = rt.s[0];
	s[1] = rt.s[1];
	for (unsigned i = 0; i < len; i++) {
		char c = fmt[i];
		if (c == '\0') {
			/* sysbench's C string ends here: the rest stays zero */
			memset(buf + i, 0, len - i);
			break;
		}
		if (c == '#')
			buf[i] = (char)(int)('0' + (double)(step(s) >> 12) * 0x1.0p-52 * 10);
		else if (c == '@')
			buf[i] = (char)(int)('a' + (double)(step(s) >> 12) * 0x1.0p-52 * 26);
		else
			buf[i] = c;
	}
	rt.s[0] = s[0];
	rt.s[1] = s[1];
}

unsigned rand_varstring(char *buf, unsigned min, unsigned max)
{
	static const char alnum[62] =
		"0123456789"
		"abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

	if (min > max) {
		unsigned t = min;
		min = max;
		max = t;
	}
	unsigned n = rand_uniform(min, max);
	for (unsigned i = 0; i < n; i++)
		buf[i] = alnum[rand_uniform(0, 61)];
	return n;
}
