/* SPDX-License-Identifier: GPL-2.0-or-later */
/* par: the barrier of a parallel command (see par.h). */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sched/par.h"
#include "ffi/core.h"

static struct {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int active;             /* inside a parallel command */
	unsigned live;          /* threads that have not ended */
	unsigned arrived;       /* of them, waiting at the barrier */
	unsigned long round;    /* completed barriers */
	int failed;
} P = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0, 0, 0 };

/* Release the waiters when every live thread has arrived. Caller holds mu. */
static void par_release_if_complete(void)
{
	if (P.arrived > 0 && P.arrived >= P.live) {
		P.arrived = 0;
		P.round++;
		pthread_cond_broadcast(&P.cv);
	}
}

void par_begin(unsigned n)
{
	pthread_mutex_lock(&P.mu);
	P.active = 1;
	P.live = n;
	P.arrived = 0;
	P.failed = 0;
	pthread_mutex_unlock(&P.mu);
}

void par_thread_end(int failed)
{
	pthread_mutex_lock(&P.mu);
	if (P.live)
		P.live--;
	if (failed) {
		P.failed = 1;   /* wakes every waiter with -1 */
		pthread_cond_broadcast(&P.cv);
	} else {
		par_release_if_complete();
	}
	pthread_mutex_unlock(&P.mu);
}

void par_end(void)
{
	pthread_mutex_lock(&P.mu);
	P.active = 0;
	pthread_mutex_unlock(&P.mu);
}

int bench_par_barrier(void)
{
	unsigned long round;
	int rc;

	pthread_mutex_lock(&P.mu);
	if (!P.active) {
		pthread_mutex_unlock(&P.mu);
		return 1;
	}
	round = P.round;
	P.arrived++;
	par_release_if_complete();
	while (P.round == round && !P.failed)
		pthread_cond_wait(&P.cv, &P.mu);
	rc = P.failed ? -1 : 0;   /* a failure wins over a completed round */
	pthread_mutex_unlock(&P.mu);
	return rc;
}
