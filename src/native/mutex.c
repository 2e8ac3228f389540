/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mutex: the mutex array and the event of the mutex workload
 * (lua/mutex.lua): mostly uncontended lock/unlock pairs separated by busy
 * work, as sysbench's mutex test.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "ffi/native.h"
#include "rand/rand.h"

struct mutex_slot {
	_Alignas(64) pthread_mutex_t m;
};

static struct mutex_slot *mutex_slots;
static uint32_t mutex_nslots;
/* Incremented under whichever mutex was drawn, so two threads holding
 * different mutexes may lose an update, as in sysbench: the point is the
 * locking, not the count. Relaxed atomic load and store (not an atomic
 * add) keep that cost while avoiding a C data race. */
static _Alignas(64) uint64_t mutex_shared;

void native_mutex_teardown(void)
{
	for (uint32_t i = 0; i < mutex_nslots; i++)
		pthread_mutex_destroy(&mutex_slots[i].m);
	free(mutex_slots);
	mutex_slots = NULL;
	mutex_nslots = 0;
}

int native_mutex_setup(uint32_t num)
{
	native_mutex_teardown();
	if (num == 0)
		return -EINVAL;
	mutex_slots = aligned_alloc(_Alignof(struct mutex_slot),
	                            sizeof(*mutex_slots) * num);
	if (!mutex_slots)
		return -ENOMEM;
	for (uint32_t i = 0; i < num; i++)
		pthread_mutex_init(&mutex_slots[i].m, NULL);
	mutex_nslots = num;
	mutex_shared = 0;
	return 0;
}

void native_mutex_event(uint32_t locks, uint32_t loops)
{
	if (mutex_nslots == 0)
		return;
	for (uint32_t k = 0; k < locks; k++) {
		pthread_mutex_t *m = &mutex_slots[rand_uniform(0, mutex_nslots - 1)].m;

		/* The busy work: an empty loop the compiler must keep. */
		for (uint32_t i = 0; i < loops; i++)
			__asm__ __volatile__("" ::: "memory");
		pthread_mutex_lock(m);
		__atomic_store_n(&mutex_shared,
		                 __atomic_load_n(&mutex_shared, __ATOMIC_RELAXED) + 1,
		                 __ATOMIC_RELAXED);
		pthread_mutex_unlock(m);
	}
}

uint64_t native_mutex_counter(void)
{
	return __atomic_load_n(&mutex_shared, __ATOMIC_RELAXED);
}
