/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tsan: ThreadSanitizer annotations. In a -fsanitize=thread build they tell
 * TSan about synchronisation it cannot see (ck's spinlocks are inline
 * assembly) and about races that are deliberate (the memory workload's
 * shared buffer, as in sysbench); in every other build they are empty.
 */
#ifndef BENCH_UTIL_TSAN_H
#define BENCH_UTIL_TSAN_H

#include <stddef.h>

#if defined(__SANITIZE_THREAD__)
#define BENCH_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BENCH_TSAN 1
#endif
#endif

#ifdef BENCH_TSAN
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
void AnnotateBenignRaceSized(const char *file, int line, const volatile void *mem,
                             size_t size, const char *desc);
/* after taking / before releasing a lock TSan cannot see */
#define tsan_acquire(p) __tsan_acquire((void *)(p))
#define tsan_release(p) __tsan_release((void *)(p))
/* [p, p + n) is raced on by design: no reports for it */
#define tsan_benign_race(p, n, desc) \
	AnnotateBenignRaceSized(__FILE__, __LINE__, (p), (n), (desc))
#else
#define tsan_acquire(p) ((void)(p))
#define tsan_release(p) ((void)(p))
#define tsan_benign_race(p, n, desc) ((void)(p), (void)(n), (void)(desc))
#endif

#endif
