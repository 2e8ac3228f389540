/* SPDX-License-Identifier: GPL-2.0-or-later */
/* clock: the monotonic clock in nanoseconds (vDSO, ~20 ns a call). */
#ifndef BENCH_CLOCK_H
#define BENCH_CLOCK_H
#include <stdint.h>
#include <time.h>

static inline int64_t clock_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The calling thread's CPU time in nanoseconds (0 when unknown). */
static inline int64_t clock_thread_cpu_ns(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return 0;
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Sleep until the monotonic time `deadline_ns` (restarts on EINTR). */
static inline void clock_sleep_until(int64_t deadline_ns)
{
	struct timespec ts = { deadline_ns / 1000000000LL, deadline_ns % 1000000000LL };
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0)
		;
}
#endif
