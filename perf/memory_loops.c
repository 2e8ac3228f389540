/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memory_loops.c: an LD_PRELOAD timer for perf/memory_loops.sh. Loaded
 * into sysbench 1.0.20 or bench, it runs that binary's own memory-test
 * block loop in a tight loop before main() and prints the thread CPU time
 * per 8-byte word (minimum and median over repetitions), then exits. Thread
 * CPU time leaves out the time other processes take, so a loaded machine
 * can still compare the two loops' code.
 *
 * ML_RUN="TOOL OPER MODE BLOCK REPS EVENTS": TOOL sb or bench, OPER
 * none/read/write, MODE seq/rnd, BLOCK in bytes, EVENTS blocks per rep.
 * For sb, ML_SB="F_NONE_SEQ F_READ_SEQ F_WRITE_SEQ F_NONE_RND F_READ_RND
 * F_WRITE_RND BLOCK_SIZE_VAR RNG_GOT BUF_TLS" gives the offsets (hex) of
 * the stripped binary's loop functions, its block-size variable, the GOT
 * slot of its generator's TLS offset and the TLS offset of its buffer
 * pointer: memory_loops.sh passes those of the build it knows by its
 * build id. For bench, the exported native_mem_* functions (a whole event,
 * with bench's bookkeeping).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <time.h>
#include <unistd.h>

#include "../src/ffi/native.h"

static double ml_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int ml_cmp(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Point sysbench's globals at a zeroed block and return its loop. */
static void (*ml_sb_loop(int oper, int rnd, unsigned long bs))(void)
{
	unsigned long off[9];
	const char *e = getenv("ML_SB");
	uintptr_t base = getauxval(AT_PHDR) - 0x40, tp;
	uint64_t *buf, *rng;

	if (!e || sscanf(e, "%lx %lx %lx %lx %lx %lx %lx %lx %lx", &off[0], &off[1],
	                 &off[2], &off[3], &off[4], &off[5], &off[6], &off[7], &off[8]) != 9)
		return NULL;
	buf = aligned_alloc(4096, bs < 4096 ? 4096 : bs);
	if (!buf)
		return NULL;
	memset(buf, 0, bs);
	__asm__("mov %%fs:0, %0" : "=r"(tp));
	*(int64_t *)(base + off[6]) = (int64_t)bs;
	*(uint64_t **)(tp - off[8]) = buf;
	rng = (uint64_t *)(tp + *(int64_t *)(base + off[7]));
	rng[0] = 0x9e3779b97f4a7c15ull;
	rng[1] = 0xbf58476d1ce4e5b9ull;
	return (void (*)(void))(base + off[rnd * 3 + (oper == NATIVE_MEM_NONE ? 0 :
	                                             oper == NATIVE_MEM_READ ? 1 : 2)]);
}

__attribute__((constructor)) static void ml_run(void)
{
	const char *e = getenv("ML_RUN");
	char tool[8], oper[8], mode[8];
	unsigned long bs, reps, events;
	int op, rnd;
	void (*sb)(void) = NULL;
	int (*ev)(int) = NULL;
	double *v;

	if (!e || sscanf(e, "%7s %7s %7s %lu %lu %lu", tool, oper, mode, &bs, &reps,
	                 &events) != 6 || bs < 8 || reps == 0)
		return;
	op = !strcmp(oper, "none") ? NATIVE_MEM_NONE :
	     !strcmp(oper, "read") ? NATIVE_MEM_READ : NATIVE_MEM_WRITE;
	rnd = !strcmp(mode, "rnd");
	if (!strcmp(tool, "sb")) {
		sb = ml_sb_loop(op, rnd, bs);
	} else {
		int (*setup)(const native_mem_cfg *) = dlsym(RTLD_DEFAULT, "native_mem_setup");
		void (*init)(int) = dlsym(RTLD_DEFAULT, "native_mem_thread_init");
		native_mem_cfg c = { .block_size = bs, .threads = 1, .oper = op,
		                     .access_rnd = rnd };

		ev = dlsym(RTLD_DEFAULT, "native_mem_event");
		if (setup && init && ev && setup(&c) == 0)
			init(0);
		else
			ev = NULL;
	}
	v = calloc(reps, sizeof(*v));
	if ((!sb && !ev) || !v) {
		fprintf(stderr, "memory_loops: cannot set up %s\n", tool);
		_exit(1);
	}
	for (unsigned long r = 0; r < reps; r++) {
		const double t0 = ml_cpu_ns();

		for (unsigned long i = 0; i < events; i++) {
			if (sb)
				sb();
			else
				ev(0);
		}
		v[r] = (ml_cpu_ns() - t0) / ((double)events * (double)(bs / 8));
	}
	qsort(v, reps, sizeof(*v), ml_cmp);
	printf("%.3f %.3f\n", v[0], v[reps / 2]);
	fflush(stdout);
	_exit(0);
}
