/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Helpers shared by the unit tests of histograms. */
#ifndef BENCH_HDR_TESTUTIL_H
#define BENCH_HDR_TESTUTIL_H
#include <stddef.h>
#include <stdint.h>
#include "stats/hdr.h"

/* 1 if a and b hold the same counts in the same buckets (through the
 * public iterator), else 0. */
static inline int same_buckets(const struct hdr_hist *a, const struct hdr_hist *b)
{
	size_t ca = 0, cb = 0;
	int64_t va, na, vb, nb;
	int ra, rb;

	for (;;) {
		ra = hdr_next_bucket(a, &ca, &va, &na);
		rb = hdr_next_bucket(b, &cb, &vb, &nb);
		if (ra != rb)
			return 0;
		if (!ra)
			return 1;
		if (va != vb || na != nb)
			return 0;
	}
}
#endif
