/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * threads: the shared mutexes and the event of the threads workload
 * (lua/threads.lua), a scheduler benchmark: every iteration yields the CPU
 * while holding a mutex that other threads may want.
 *
 * As in sysbench, an event uses one mutex for all its iterations, and
 * successive events (of all threads) take the mutexes round-robin.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

#include "ffi/native.h"

/* One mutex per cache line: neighbours must not contend by false sharing. */
struct threads_lock {
	_Alignas(64) pthread_mutex_t m;
};

static struct threads_lock *threads_locks;
static uint32_t threads_nlocks;
static _Alignas(64) uint32_t threads_next;   /* events started, all threads */

void native_threads_teardown(void)
{
	for (uint32_t i = 0; i < threads_nlocks; i++)
		pthread_mutex_destroy(&threads_locks[i].m);
	free(threads_locks);
	threads_locks = NULL;
	threads_nlocks = 0;
}

int native_threads_setup(uint32_t locks)
{
	native_threads_teardown();
	if (locks == 0)
		return -EINVAL;
	threads_locks = aligned_alloc(_Alignof(struct threads_lock),
	                              sizeof(*threads_locks) * locks);
	if (!threads_locks)
		return -ENOMEM;
	for (uint32_t i = 0; i < locks; i++)
		pthread_mutex_init(&threads_locks[i].m, NULL);
	threads_nlocks = locks;
	threads_next = 0;
	return 0;
}

void native_threads_event(uint32_t yields)
{
	pthread_mutex_t *m;

	if (threads_nlocks == 0)
		return;
	m = &threads_locks[__atomic_fetch_add(&threads_next, 1, __ATOMIC_RELAXED) %
	                   threads_nlocks].m;
	for (uint32_t i = 0; i < yields; i++) {
		pthread_mutex_lock(m);
		sched_yield();
		pthread_mutex_unlock(m);
	}
}
