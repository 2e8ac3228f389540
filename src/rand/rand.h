/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rand: per-thread pseudo-random numbers and sysbench's distributions.
 *
 * Every thread has its own generator state in thread-local storage, so
 * drawing never locks. The generator, its seeding and every distribution
 * follow sysbench 1.0.20's definitions, so that the same seed gives the
 * same numbers (docs/compat.md, "Random numbers"):
 *  - a thread's generator is xoroshiro128+ (rotations 55/14/36), its two
 *    words made of four values of glibc's random() stream: (r0<<32|r1,
 *    r2<<32|r3);
 *  - worker thread tid of `run` takes values 4*tid .. 4*tid+3 of the stream
 *    srandom(seed) starts (the order in which sysbench's threads start
 *    when they do not race); with seed 0 the seed comes from the clock;
 *  - the main thread takes values 0..3 of the default stream (srandom(1),
 *    whatever the seed: sysbench seeds it before reading --rand-seed), and
 *    values 4 and 5 seed rand_unique();
 *  - thread tid of a parallel command (prepare, cleanup, ...) takes values
 *    6+4*tid .. of the default stream: sysbench seeds nothing else there.
 * bench's own draws that sysbench does not make (--rate arrivals) come
 * from a second per-thread generator, rand_aux_*, so they leave the
 * sysbench stream untouched.
 *
 * The distribution parameters are process-wide and set once before any
 * worker starts (rand_configure).
 */
#ifndef BENCH_RAND_H
#define BENCH_RAND_H

#include <stdint.h>

enum rand_dist {
	RAND_UNIFORM = 0,
	RAND_GAUSSIAN,
	RAND_SPECIAL,
	RAND_PARETO,
	RAND_ZIPFIAN
};

struct rand_config {
	enum rand_dist type;    /* what rand_default() draws from */
	int spec_iter;          /* --rand-spec-iter [12] */
	double spec_pct;        /* --rand-spec-pct [1] */
	double spec_res;        /* --rand-spec-res [75] */
	double pareto_h;        /* --rand-pareto-h [0.2] */
	double zipf_exp;        /* --rand-zipfian-exp [0.8] */
	uint64_t seed;          /* --rand-seed; 0 = from the clock */
	unsigned instance;      /* scale's instance I: I > 0 mixes I into the
	                         * seed (each instance its own streams,
	                         * reproducible for a given --rand-seed) */
};

/* Parse a distribution name; returns 0 and *out, or -EINVAL. */
int rand_dist_parse(const char *name, enum rand_dist *out);
/* The name of distribution i (enum rand_dist order), NULL past the last. */
const char *rand_dist_name(unsigned i);

/* Set the process-wide configuration (copied). Returns 0 or -EINVAL for a
 * parameter out of range. Call before threads start. With seed 0 a seed is
 * taken from the clock; rand_seed_used() tells which. */
int rand_configure(const struct rand_config *cfg);
uint64_t rand_seed_used(void);

/* Seed the calling thread's generator: a worker of `run` (tid 0..N-1), the
 * main thread, a thread of a parallel command (tid 0..N-1). */
void rand_thread_init(unsigned tid);
void rand_main_init(void);
void rand_command_thread_init(unsigned tid);

/* glibc's random() (the additive feedback generator, TYPE_3) on a state of
 * our own, so that no other caller of random() in the process moves it. */
struct rand_glibc {
	int32_t t[31];
	unsigned f, r;
};
void rand_glibc_seed(struct rand_glibc *g, uint32_t seed);
int32_t rand_glibc_next(struct rand_glibc *g);

/* Raw 64 random bits / a double in [0, 1) (52 bits). Calling thread's
 * state. */
uint64_t rand_u64(void);
double rand_double(void);

/* Draw one value and drop it: where sysbench draws for its own use (an
 * event's end, a histogram update), so that the script's draws stay in
 * step with sysbench's. Only counted here; the next draw of the thread
 * takes the values owed (rand_gate is the count, plus RAND_GATE_UNSEEDED
 * until the thread is seeded: rand.c's business). */
#define RAND_GATE_UNSEEDED (UINT64_C(1) << 63)
extern __thread uint64_t rand_gate;
static inline void rand_skip(void)
{
	rand_gate++;
}

/* bench's own stream (xoshiro256**, seeded from (seed, tid)): draws that
 * must not move the sysbench stream. */
double rand_aux_double(void);

/* Distributions over the closed range [a, b], in sysbench's uint32
 * arithmetic: b - a + 1 wraps, so uniform(1, 0) is 1 and a larger
 * inversion wraps around. All use the calling thread's state. */
uint32_t rand_uniform(uint32_t a, uint32_t b);
uint64_t rand_uniform_u64(uint64_t a, uint64_t b);  /* bench's; a > b swapped */
double rand_uniform_double(void);
uint32_t rand_gaussian(uint32_t a, uint32_t b);
uint32_t rand_special(uint32_t a, uint32_t b);
uint32_t rand_pareto(uint32_t a, uint32_t b);
uint32_t rand_zipfian(uint32_t a, uint32_t b);
uint32_t rand_default(uint32_t a, uint32_t b);   /* configured type */

/* A 32-bit value never returned before by any thread in this process
 * (until 2^32 calls): sysbench's permutation of a shared counter. */
uint32_t rand_unique(void);

/* Fill buf[0..len) from fmt: '#' -> uniform('0', '9'), '@' ->
 * uniform('a', 'z'), anything else copied (sysbench's sb_rand_str); a
 * NUL in fmt ends the drawing and zeroes the rest, as sysbench's C string
 * does. len = the format's length; no terminator written. */
void rand_string(char *buf, const char *fmt, unsigned len);

/* (bench) Fill buf with a random string of random length in [min, max]
 * (swapped if min > max) of alphanumeric characters, one draw per
 * character; returns the length. buf holds at least max(min, max). */
unsigned rand_varstring(char *buf, unsigned min, unsigned max);

#endif
