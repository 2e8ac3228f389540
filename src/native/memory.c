/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memory: the buffers and the event of the memory workload (lua/memory.lua).
 *
 * An event reads, writes or merely visits one block. Each thread walks a
 * working set of whole blocks: the next block (seq) or a random one (rnd);
 * inside a block, seq touches every word in order and rnd touches as many
 * words as the block holds at random positions (sysbench's rnd mode). The
 * default working set is one block, which is exactly sysbench's test; a
 * larger one, bigger than the caches, measures memory bandwidth instead.
 *
 * Two ways to do an event's work. By default, sysbench 1.0.20's: a load
 * or a store per 64-bit word (see "sysbench's work" below), so that MiB/s
 * compare with sysbench's. With cfg.fast (--memory-fast=on), the fastest:
 * memset and vectorised sums.
 *
 * The total size is split among the threads as sysbench 1.0.20 splits it:
 * each thread does floor(floor(total / block) / threads) blocks, counted
 * down in its own counter (so 10 blocks on 3 threads are 9 events), in
 * both paths.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ffi/native.h"
#include "rand/rand.h"
#include "stats/stats.h"
#include "util/clock.h"
#include "util/tsan.h"

#ifndef MAP_HUGETLB
#define MAP_HUGETLB 0x40000
#endif

struct mem_thread {
	_Alignas(64) unsigned char *buf;   /* the buffer this thread walks */
	uint64_t pos;                      /* seq: next block index */
	uint64_t rng;                      /* LCG state (rnd, fast path) */
	uint64_t quota;                    /* blocks this thread has left */
	volatile uint64_t sink;            /* keeps reads from being elided */
};

static struct {
	native_mem_cfg cfg;
	int ready;
	uint64_t nblocks;                  /* blocks in the working set */
	uint64_t nwords;                   /* 64-bit words in a block */
	uint64_t budget;                   /* total_size / block_size */
	size_t map_len;                    /* bytes mapped per buffer */
	unsigned nbufs;
	unsigned char **bufs;              /* [nbufs] */
	struct mem_thread *thr;            /* [cfg.threads] */
} mem;

/* The calling thread's xoroshiro128+ state (rnd mode, default path): in
 * thread-local storage, as sysbench keeps its generator's, since that is
 * where each draw loads it from and stores it back to. */
static __thread uint64_t mem_xo[2];
/* The block of the calling thread's event (rnd read/write, default path):
 * thread-local too, as sysbench's buffer pointer is. */
static __thread uint64_t *mem_blk;

static char mem_errbuf[256];

const char *native_mem_error(void)
{
	return mem_errbuf;
}

__attribute__((format(printf, 1, 2)))
static void mem_set_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(mem_errbuf, sizeof(mem_errbuf), fmt, ap);
	va_end(ap);
}

/* The default huge page size in bytes (2 MiB if /proc says nothing). */
static size_t mem_hugepage_size(void)
{
	size_t kib = 0;
	char line[128];
	FILE *f = fopen("/proc/meminfo", "r");

	if (f) {
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "Hugepagesize: %zu kB", &kib) == 1)
				break;
		fclose(f);
	}
	return kib ? kib * 1024 : 2u << 20;
}

static unsigned char *mem_map(size_t len, int hugetlb)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | (hugetlb ? MAP_HUGETLB : 0);
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, flags, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

void native_mem_teardown(void)
{
	for (unsigned i = 0; mem.bufs && i < mem.nbufs; i++)
		if (mem.bufs[i])
			munmap(mem.bufs[i], mem.map_len);
	free(mem.bufs);
	free(mem.thr);
	memset(&mem, 0, sizeof(mem));
}

int native_mem_setup(const native_mem_cfg *cfg)
{
	const uint64_t bs = cfg->block_size;
	uint64_t ws = cfg->working_set ? cfg->working_set : bs;
	int err;

	native_mem_teardown();
	mem_errbuf[0] = '\0';
	if (bs < 8 || (bs & (bs - 1)) != 0) {
		mem_set_error("block size %llu is not a power of two >= 8",
		              (unsigned long long)bs);
		return -EINVAL;
	}
	if (ws % bs != 0) {
		mem_set_error("working set %llu is not a multiple of the block size %llu",
		              (unsigned long long)ws, (unsigned long long)bs);
		return -EINVAL;
	}
	if (cfg->threads == 0 || cfg->oper < NATIVE_MEM_NONE ||
	    cfg->oper > NATIVE_MEM_WRITE) {
		mem_set_error("bad thread count or operation");
		return -EINVAL;
	}

	mem.cfg = *cfg;
	mem.cfg.working_set = ws;
	mem.nblocks = ws / bs;
	mem.nwords = bs / sizeof(uint64_t);
	mem.budget = cfg->total_size / bs;
	mem.map_len = ws;
	if (cfg->hugetlb) {
		size_t hp = mem_hugepage_size();
		mem.map_len = (ws + hp - 1) / hp * hp;
	}
	mem.nbufs = cfg->scope_local ? cfg->threads : 1;
	mem.bufs = calloc(mem.nbufs, sizeof(*mem.bufs));
	mem.thr = aligned_alloc(64, sizeof(*mem.thr) * cfg->threads);
	if (!mem.bufs || !mem.thr) {
		err = -ENOMEM;
		mem_set_error("out of memory");
		goto err;
	}
	memset(mem.thr, 0, sizeof(*mem.thr) * cfg->threads);

	for (unsigned i = 0; i < mem.nbufs; i++) {
		mem.bufs[i] = mem_map(mem.map_len, cfg->hugetlb);
		if (!mem.bufs[i]) {
			err = -errno;
			if (cfg->hugetlb)
				mem_set_error("cannot allocate %zu bytes from the HugeTLB pool: %s"
				              " (reserve huge pages in /proc/sys/vm/nr_hugepages)",
				              mem.map_len, strerror(-err));
			else
				mem_set_error("cannot allocate %zu bytes: %s",
				              mem.map_len, strerror(-err));
			goto err;
		}
	}
	/* The shared buffer is faulted in now; a local one by its own
	 * thread in native_mem_thread_init() (first touch: its NUMA node). */
	if (!cfg->scope_local) {
		memset(mem.bufs[0], 0, mem.map_len);
		/* Threads of the global scope read and write the same blocks
		 * unsynchronised, as sysbench's do: the traffic is the point. */
		tsan_benign_race(mem.bufs[0], mem.map_len,
		                 "memory workload: shared buffer (global scope)");
	}
	for (unsigned t = 0; t < cfg->threads; t++) {
		mem.thr[t].buf = mem.bufs[cfg->scope_local ? t : 0];
		/* Spread sequential walkers of a shared buffer apart. */
		mem.thr[t].pos = mem.nblocks * t / cfg->threads;
	}
	mem.ready = 1;
	return 0;
err:
	native_mem_teardown();
	return err;
}

void native_mem_thread_init(int thread_id)
{
	struct mem_thread *t;

	if (!mem.ready || thread_id < 0 || (uint32_t)thread_id >= mem.cfg.threads)
		return;
	t = &mem.thr[thread_id];
	t->rng = rand_u64() | 1;
	mem_xo[0] = rand_u64() | 1;
	mem_xo[1] = rand_u64();
	t->quota = mem.budget / mem.cfg.threads;
	if (mem.cfg.scope_local)
		memset(t->buf, 0, mem.map_len);
}

/* Uniform in [0, n) from the thread's LCG (its high bits are the good
 * ones). Fast path only. */
static inline uint64_t mem_rand_below(uint64_t *state, uint64_t n)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint64_t)(((unsigned __int128)(*state >> 32) * n) >> 32);
}

/* ---- the fast path (--memory-fast=on) ------------------------------------ */

static uint64_t mem_fast_read_seq(const uint64_t *w, uint64_t n)
{
	/* Four independent sums: loads are not serialised by one add chain. */
	uint64_t a = 0, b = 0, c = 0, d = 0, i = 0;

	for (; i + 4 <= n; i += 4) {
		a += w[i];
		b += w[i + 1];
		c += w[i + 2];
		d += w[i + 3];
	}
	for (; i < n; i++)
		a += w[i];
	return a + b + c + d;
}

static uint64_t mem_fast_read_rnd(const uint64_t *w, uint64_t n, uint64_t *rng)
{
	uint64_t sum = 0;

	for (uint64_t i = 0; i < n; i++)
		sum += w[mem_rand_below(rng, n)];
	return sum;
}

static void mem_fast_write_rnd(uint64_t *w, uint64_t n, uint64_t *rng)
{
	for (uint64_t i = 0; i < n; i++)
		w[mem_rand_below(rng, n)] = i;
}

static void mem_fast_block(struct mem_thread *t, uint64_t *blk, uint64_t idx)
{
	const uint64_t n = mem.nwords;

	switch (mem.cfg.oper) {
	case NATIVE_MEM_READ:
		t->sink = mem.cfg.access_rnd ? mem_fast_read_rnd(blk, n, &t->rng)
		                             : mem_fast_read_seq(blk, n);
		break;
	case NATIVE_MEM_WRITE:
		if (mem.cfg.access_rnd)
			mem_fast_write_rnd(blk, n, &t->rng);
		else
			memset(blk, (int)(idx & 0xff), n * sizeof(uint64_t));
		break;
	default:
		/* none: only the event's bookkeeping, no memory traffic. */
		break;
	}
}

/* ---- sysbench's work (the default) ----------------------------------------
 *
 * sysbench 1.0.20 moves a block one 64-bit word at a time: every word is
 * its own load or store (never merged into wider vector moves), its loops
 * are unrolled by eight, "none" still walks the words (seq) or draws a
 * random position per word (rnd, one draw per word, the output unused),
 * and in rnd read/write a position is a xoroshiro128+ draw from the
 * thread's generator in thread-local storage, turned into a double in
 * [0, 1) (its top 52 bits as the mantissa) and multiplied by the words in
 * the block. The loops below do the same work in the same order (read off
 * sysbench 1.0.20's build: its loops are functions chosen at init, one per
 * mode), so that MiB/s compare (perf/memory.sh measures both side by
 * side). Volatile accesses keep the compiler from merging, vectorising or
 * dropping them. */

#define MEM_UNROLL 8    /* words per turn of the seq loops (spelt out) */

/* A compiler barrier: the loop over the words is kept, nothing is read. */
#define mem_barrier() __asm__ __volatile__("" ::: "memory")

static inline uint64_t mem_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* One xoroshiro128+ step on s[0..1] (sysbench 1.0.20's variant: rotations
 * 55 and 36, shift 14); returns its output. */
static inline uint64_t mem_xo_next(uint64_t *s0, uint64_t *s1)
{
	const uint64_t a = *s0, r = a + *s1;
	uint64_t b = *s1 ^ a;

	*s0 = mem_rotl(a, 55) ^ b ^ (b << 14);
	*s1 = mem_rotl(b, 36);
	return r;
}

/* A draw as a double in [0, 1): its top 52 bits become the mantissa of a
 * double in [1, 2), less one. */
static inline double mem_xo_unit(uint64_t r)
{
	union { uint64_t u; double d; } x = { .u = r >> 12 | UINT64_C(0x3ff) << 52 };

	return x.d - 1.0;
}

/* The value stored: the distance in words from the word to the end of the
 * block, worked out from the two addresses for every word, as sysbench
 * does (the empty asm keeps the compiler from folding the arithmetic of
 * eight words into one: each word costs its subtraction and shift). */
static inline uint64_t mem_left(uintptr_t end, volatile const uint64_t *p)
{
	__asm__("" : "+r"(end));
	return (end - (uintptr_t)p) >> 3;
}

static void mem_sb_write_seq(volatile uint64_t *w, uint64_t n)
{
	volatile uint64_t *const end = w + n;

	for (; w + MEM_UNROLL <= end; w += MEM_UNROLL) {
		w[0] = mem_left((uintptr_t)end, w);
		w[1] = mem_left((uintptr_t)end, w + 1);
		w[2] = mem_left((uintptr_t)end, w + 2);
		w[3] = mem_left((uintptr_t)end, w + 3);
		w[4] = mem_left((uintptr_t)end, w + 4);
		w[5] = mem_left((uintptr_t)end, w + 5);
		w[6] = mem_left((uintptr_t)end, w + 6);
		w[7] = mem_left((uintptr_t)end, w + 7);
	}
	for (; w < end; w++)
		*w = mem_left((uintptr_t)end, w);
}

static void mem_sb_read_seq(const volatile uint64_t *w, uint64_t n)
{
	uint64_t i = 0;

	for (; i + MEM_UNROLL <= n; i += MEM_UNROLL) {
		(void)w[i];
		(void)w[i + 1];
		(void)w[i + 2];
		(void)w[i + 3];
		(void)w[i + 4];
		(void)w[i + 5];
		(void)w[i + 6];
		(void)w[i + 7];
	}
	for (; i < n; i++)
		(void)w[i];
}

static void mem_sb_none_seq(uint64_t n)
{
	uint64_t i = 0;

	for (; i + MEM_UNROLL <= n; i += MEM_UNROLL)
		mem_barrier();
	for (; i < n; i++)
		mem_barrier();
}

/* rnd none: a draw per word and nothing else. */
static void mem_sb_none_rnd(uint64_t n)
{
	uint64_t s0 = mem_xo[0], s1 = mem_xo[1], i = 0;

	for (; i + MEM_UNROLL <= n; i += MEM_UNROLL) {
		(void)mem_xo_next(&s0, &s1);
		(void)mem_xo_next(&s0, &s1);
		(void)mem_xo_next(&s0, &s1);
		(void)mem_xo_next(&s0, &s1);
		(void)mem_xo_next(&s0, &s1);
		(void)mem_xo_next(&s0, &s1);
		(void)mem_xo_next(&s0, &s1);
		(void)mem_xo_next(&s0, &s1);
	}
	for (; i < n; i++)
		(void)mem_xo_next(&s0, &s1);
	mem_xo[0] = s0;
	mem_xo[1] = s1;
}

/* rnd read/write: a draw per word, its position loaded or stored. As
 * sysbench's loop: the generator's state is loaded from and stored back to
 * thread-local storage on every draw (stored before the position is worked
 * out), the position is the draw as a double times the words in the block,
 * the loop counts bytes (the value stored), and after each access the
 * block's address (thread-local) and size are read from memory again (the
 * barrier). How these loads and stores follow each other decides how fast
 * the loop runs on an out-of-order core, more than their number: an
 * earlier loop with the same instructions in another order ran at 0.6 of
 * sysbench's speed. */
static inline __attribute__((always_inline)) void mem_sb_rw_rnd(int write)
{
	for (uint64_t off = 0; off < mem.cfg.block_size; off += sizeof(uint64_t)) {
		uint64_t s0 = mem_xo[0], s1 = mem_xo[1];
		const uint64_t r = mem_xo_next(&s0, &s1);
		const double words = (double)((int64_t)mem.cfg.block_size >> 3);
		uint64_t at;

		mem_xo[1] = s1;
		mem_xo[0] = s0;
		at = (uint64_t)(mem_xo_unit(r) * words);
		if (write)
			((volatile uint64_t *)mem_blk)[at] = off;
		else
			(void)((volatile const uint64_t *)mem_blk)[at];
		mem_barrier();
	}
}

static void mem_sb_write_rnd(void)
{
	mem_sb_rw_rnd(1);
}

static void mem_sb_read_rnd(void)
{
	mem_sb_rw_rnd(0);
}

/* The part of sysbench's per-event bookkeeping that bench's scheduler
 * leaves out. sysbench reads the clock three times per event (its time
 * limit, the event's start and its end), bench once. It files each latency
 * in a histogram shared by all threads: a draw from the thread's generator
 * picks one of 128 copies of the slot array (to spread the threads), the
 * slot is a logarithm rounded with floor(), and the count is an atomic
 * add. bench's own histogram does none of that. At small blocks this is
 * most of an event, so it is repeated here (the copies are smaller than
 * sysbench's: only the cost matters). */
#define MEM_HIST_COPIES 128
#define MEM_HIST_SLOTS 8

static uint64_t mem_hist[MEM_HIST_COPIES][MEM_HIST_SLOTS];

static void mem_sb_bookkeeping(void)
{
	const int64_t a = clock_now_ns(), b = clock_now_ns();
	uint64_t s0 = mem_xo[0], s1 = mem_xo[1];
	const uint64_t copy = mem_xo_next(&s0, &s1) & (MEM_HIST_COPIES - 1);
	double slot;

	mem_xo[1] = s1;
	mem_xo[0] = s0;
	/* milliseconds, as sysbench files them; a clock read is well below
	 * one, so the slot is usually 0 */
	slot = floor(log((double)(b - a) / 1e6 + 1e-9) + 0.5);
	if (!(slot >= 0))
		slot = 0;
	else if (slot >= MEM_HIST_SLOTS)
		slot = MEM_HIST_SLOTS - 1;
	__atomic_fetch_add(&mem_hist[copy][(size_t)slot], 1, __ATOMIC_RELAXED);
}

static void mem_sb_block(uint64_t *blk)
{
	const uint64_t n = mem.nwords;
	const int rnd = mem.cfg.access_rnd;

	mem_blk = blk;

	switch (mem.cfg.oper) {
	case NATIVE_MEM_READ:
		if (rnd)
			mem_sb_read_rnd();
		else
			mem_sb_read_seq(blk, n);
		break;
	case NATIVE_MEM_WRITE:
		if (rnd)
			mem_sb_write_rnd();
		else
			mem_sb_write_seq(blk, n);
		break;
	default:
		if (rnd)
			mem_sb_none_rnd(n);
		else
			mem_sb_none_seq(n);
		break;
	}
}

int native_mem_event(int thread_id)
{
	struct mem_thread *t;
	uint64_t *blk, idx;
	const uint64_t bs = mem.cfg.block_size;

	if (!mem.ready || thread_id < 0 || (uint32_t)thread_id >= mem.cfg.threads)
		return 0;
	t = &mem.thr[thread_id];
	if (mem.cfg.total_size) {
		if (t->quota == 0)
			return 0;
		t->quota--;
	}

	if (mem.nblocks == 1) {
		idx = 0;
	} else if (mem.cfg.access_rnd) {
		idx = mem_rand_below(&t->rng, mem.nblocks);
	} else {
		idx = t->pos;
		if (++t->pos == mem.nblocks)
			t->pos = 0;
	}
	blk = (uint64_t *)(void *)(t->buf + idx * bs);

	if (mem.cfg.fast) {
		mem_fast_block(t, blk, idx);
	} else {
		mem_sb_bookkeeping();
		mem_sb_block(blk);
	}
	if (mem.cfg.oper == NATIVE_MEM_READ)
		stats_count(STATS_READ_BYTES, bs);
	else if (mem.cfg.oper == NATIVE_MEM_WRITE)
		stats_count(STATS_WRITTEN_BYTES, bs);
	return 1;
}
