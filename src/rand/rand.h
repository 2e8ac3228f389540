/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rand: per-thread pseudo-random numbers and sysbench's distributions.
 *
 * Every thread has its own generator state in thread-local storage
 * (xoshiro256**, seeded through splitmix64), so drawing never locks.
 * With a non-zero seed, a thread's sequence depends only on (seed, tid).
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

/* Seed the calling thread's generator for thread id tid (workers use
 * 0..N-1; the main thread uses N or any other id). */
void rand_thread_init(unsigned tid);

/* Raw 64 random bits / a double in [0, 1). Calling thread's state. */
uint64_t rand_u64(void);
double rand_double(void);

/* Distributions over the closed range [a, b] (a <= b; if a > b they are
 * swapped). All use the calling thread's state. */
uint32_t rand_uniform(uint32_t a, uint32_t b);
uint64_t rand_uniform_u64(uint64_t a, uint64_t b);
double rand_uniform_double(void);
uint32_t rand_gaussian(uint32_t a, uint32_t b);
uint32_t rand_special(uint32_t a, uint32_t b);
uint32_t rand_pareto(uint32_t a, uint32_t b);
uint32_t rand_zipfian(uint32_t a, uint32_t b);
uint32_t rand_default(uint32_t a, uint32_t b);   /* configured type */

/* A 32-bit value never returned before by any thread in this process
 * (until 2^32 calls). Lock-free. */
uint32_t rand_unique(void);

/* Fill buf[0..len) from fmt: '#' -> random digit, '@' -> random lowercase
 * letter, anything else copied. len = strlen(fmt); no terminator written. */
void rand_string(char *buf, const char *fmt, unsigned len);

/* Fill buf with a random string of random length in [min, max] of
 * alphanumeric characters; returns the length. buf holds at least max. */
unsigned rand_varstring(char *buf, unsigned min, unsigned max);

#endif
