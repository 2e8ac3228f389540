/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpu: the event of the cpu workload (lua/cpu.lua).
 *
 * The arithmetic deliberately mirrors sysbench's cpu test: 64-bit
 * divisions, and the divisor bound compared as a double against sqrt(c).
 * A cleverer test (a sieve, 32-bit division, d * d <= c) would be faster
 * and make events/s incomparable with sysbench's.
 */
#include <math.h>
#include <stdint.h>

#include "ffi/native.h"

/* 1 if no divisor in [2, sqrt(c)] divides c. */
static inline int cpu_no_divisor(uint64_t c)
{
	const double root = sqrt((double)c);
	uint64_t d = 2;

	while ((double)d <= root) {
		if (c % d == 0)
			return 0;
		d++;
	}
	return 1;
}

uint32_t native_cpu_primes(uint32_t max_prime)
{
	uint32_t found = 0;

	for (uint64_t c = 3; c < max_prime; c++)
		found += cpu_no_divisor(c);
	return found;
}
