/* SPDX-License-Identifier: GPL-2.0-or-later */
/* floor: the empty-event floor for perf/core.sh (not part of bench).
 *
 * Each thread runs the loop a bench worker runs for a script whose
 * event() is empty, minus everything bench adds: per event one
 * clock_gettime(CLOCK_MONOTONIC) (bench reads the clock once per event:
 * that read ends the previous event and starts the next one), a check of
 * a shared stop flag, and a count. The time limit is checked against the
 * same clock read, as bench's timer thread would set the flag.
 *
 * Prints the same two lines perf/core.sh reads from bench's report:
 *     total time:                          5.0001s
 *     total number of events:              300000000
 *
 * usage: floor THREADS SECONDS
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int64_t end_ns;
static int stop;

struct worker {
	pthread_t tid;
	uint64_t events;
	char pad[64];
};

static void *run(void *arg)
{
	struct worker *w = arg;
	uint64_t n = 0;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		int64_t t = now_ns();

		if (t >= end_ns) {
			__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
			break;
		}
		n++;
		/* keep the compiler from folding the loop */
		__asm__ volatile("" : "+r"(n));
	}
	w->events = n;
	return NULL;
}

int main(int argc, char **argv)
{
	int threads, i;
	double secs;
	int64_t start;
	uint64_t total = 0;
	struct worker *w;

	if (argc != 3 || (threads = atoi(argv[1])) < 1 || (secs = atof(argv[2])) <= 0) {
		fprintf(stderr, "usage: floor THREADS SECONDS\n");
		return 2;
	}
	w = calloc((size_t)threads, sizeof(*w));
	if (w == NULL)
		return 1;
	start = now_ns();
	end_ns = start + (int64_t)(secs * 1e9);
	for (i = 0; i < threads; i++)
		if (pthread_create(&w[i].tid, NULL, run, &w[i]) != 0) {
			fprintf(stderr, "floor: cannot create thread %d\n", i);
			return 1;
		}
	for (i = 0; i < threads; i++) {
		pthread_join(w[i].tid, NULL);
		total += w[i].events;
	}
	printf("    total time:                          %.4fs\n", (now_ns() - start) / 1e9);
	printf("    total number of events:              %llu\n", (unsigned long long)total);
	free(w);
	return 0;
}
