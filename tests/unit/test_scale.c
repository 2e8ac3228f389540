/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of src/scale/scale.c's pure parts: --start-at's time formats
 * and the split of --events among instances. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include "scale/scale.h"
#include "tap.h"

/* barrier.c is not linked: the pure functions never reach it */
int scale_barrier_db(const char *run_id, unsigned instance, unsigned instances,
                     double timeout, int (*stop)(void), double *start, double *agreed)
{
	(void)run_id; (void)instance; (void)instances; (void)timeout; (void)stop; (void)start; (void)agreed;
	return -ENOSYS;
}

static void time_ok(const char *text, double want)
{
	double v = -1;
	int rc = scale_parse_time(text, &v);
	ok(rc == 0 && fabs(v - want) < 1e-6, "'%s' is %.3f (got %d, %.6f)", text, want, rc, v);
}

static void time_bad(const char *text)
{
	double v;
	ok(scale_parse_time(text, &v) == -EINVAL, "'%s' is refused", text);
}

int main(void)
{
	static const struct { uint64_t total; unsigned n; } sp[] = {
		{ 10, 4 }, { 100, 3 }, { 7, 7 }, { 1000003, 64 }, { 5, 1 }, { 0, 3 },
	};
	unsigned k, i;

	/* 2026-12-03T14:00:00Z = 1796306400 */
	time_ok("2026-12-03T14:00:00Z", 1796306400.0);
	time_ok("2026-12-03t14:00:00z", 1796306400.0);
	time_ok("2026-12-03 14:00:00Z", 1796306400.0);
	time_ok("2026-12-03T15:00:00+01:00", 1796306400.0);
	time_ok("2026-12-03T09:30:00-04:30", 1796306400.0);
	time_ok("2026-12-03T14:00:00.25Z", 1796306400.25);
	time_ok("1796306400", 1796306400.0);
	time_ok("1796306400.5", 1796306400.5);
	time_ok("2024-02-29T00:00:00Z", 1709164800.0);
	time_bad("");
	time_bad("2026-12-03T14:00:00");       /* no offset: which zone? */
	time_bad("2026-12-03");
	time_bad("2026-13-03T14:00:00Z");
	time_bad("2026-12-03T24:00:00Z");
	time_bad("2026-12-03T14:00:00.Z");
	time_bad("2026-12-03T14:00:00+1:00");
	time_bad("2026-12-03T14:00:00Zjunk");
	time_bad("-5");
	time_bad("12s");
	time_bad("now");

	for (k = 0; k < sizeof(sp) / sizeof(sp[0]); k++) {
		uint64_t sum = 0, prev = UINT64_MAX, base = sp[k].total / sp[k].n;
		int mono = 1;
		for (i = 0; i < sp[k].n; i++) {
			uint64_t s = scale_share(sp[k].total, i, sp[k].n);
			if (s > prev || (s != base && s != base + 1))
				mono = 0;
			prev = s;
			sum += s;
		}
		ok(sum == sp[k].total && mono, "%llu over %u: shares add up, the larger ones first",
		   (unsigned long long)sp[k].total, sp[k].n);
	}
	ok(scale_share(10, 0, 4) == 3 && scale_share(10, 1, 4) == 3 &&
	   scale_share(10, 2, 4) == 2 && scale_share(10, 3, 4) == 2, "10 over 4: 3 3 2 2");
	return tap_done();
}
