/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The memory workload's events (src/native/memory.c): the work each path
 * does to a block, and the total spent exactly, not speeds. The default
 * path is sysbench's per-word work; --memory-fast=on (cfg.fast) is
 * bench's memset and summed reads. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rand/rand.h"
#include "tap.h"

/* The module itself, so that the tests see the buffers it writes. */
#include "native/memory.c"

/* Events counted in the stand-in for sysbench's latency histogram. */
static uint64_t hist_total(void)
{
	uint64_t k = 0;

	for (size_t c = 0; c < MEM_HIST_COPIES; c++)
		for (size_t s = 0; s < MEM_HIST_SLOTS; s++)
			k += mem_hist[c][s];
	return k;
}

/* The first words of the buffer thread_id walks. */
static const uint64_t *native_mem_peek(int thread_id)
{
	return (const uint64_t *)(const void *)mem.thr[thread_id].buf;
}

static native_mem_cfg cfg_of(uint64_t bs, uint64_t total, uint64_t ws,
                             int oper, int rnd, int fast, unsigned threads)
{
	native_mem_cfg c;

	memset(&c, 0, sizeof(c));
	c.block_size = bs;
	c.total_size = total;
	c.working_set = ws;
	c.threads = threads;
	c.oper = oper;
	c.access_rnd = rnd;
	c.fast = fast;
	return c;
}

/* Events until the total is spent, threads taking turns. */
static uint64_t run_all(unsigned threads, uint64_t cap)
{
	uint64_t n = 0;
	unsigned live = threads, done[8] = { 0 };

	while (live && n < cap)
		for (unsigned t = 0; t < threads; t++) {
			if (done[t])
				continue;
			if (native_mem_event((int)t))
				n++;
			else {
				done[t] = 1;
				live--;
			}
		}
	return n;
}

static int setup(native_mem_cfg c)
{
	int rc = native_mem_setup(&c);

	for (unsigned t = 0; rc == 0 && t < c.threads; t++)
		native_mem_thread_init((int)t);
	return rc;
}

/* The number of non-zero words among n. */
static uint64_t nonzero(const uint64_t *w, uint64_t n)
{
	uint64_t k = 0;

	for (uint64_t i = 0; i < n; i++)
		k += w[i] != 0;
	return k;
}

int main(void)
{
	const uint64_t bs = 1024, n = bs / 8;
	const uint64_t *w;
	uint64_t k, bad;

	rand_thread_init(0);

	/* seq write, sysbench's work: every word holds the words left to
	 * the end of the block (n .. 1), written one at a time. */
	ok(setup(cfg_of(bs, bs, 0, NATIVE_MEM_WRITE, 0, 0, 1)) == 0, "setup seq write");
	ok(native_mem_event(0) == 1, "one event");
	w = native_mem_peek(0);
	bad = 0;
	for (uint64_t i = 0; i < n; i++)
		bad += w[i] != n - i;
	ok(bad == 0, "seq write: word i holds n - i (%llu words differ)", (unsigned long long)bad);
	ok(native_mem_event(0) == 0, "total of one block spent after one event");

	/* The same with the fast path: memset of the block index's low byte
	 * (block 1 of a two-block working set: bytes 0x01). */
	ok(setup(cfg_of(bs, 2 * bs, 2 * bs, NATIVE_MEM_WRITE, 0, 1, 1)) == 0, "setup fast seq write");
	ok(run_all(1, 10) == 2, "fast: two events for two blocks");
	w = native_mem_peek(0);
	ok(w[0] == 0 && w[n - 1] == 0, "fast: block 0 set to its index, 0");
	ok(w[n] == 0x0101010101010101ull && w[2 * n - 1] == 0x0101010101010101ull,
	   "fast: block 1 set to bytes 0x01");

	/* rnd write, sysbench's work: n draws, each storing the byte offset
	 * its turn of the loop has reached (0, 8, ..., bs - 8) at a position
	 * in the block; some positions repeat. */
	ok(setup(cfg_of(bs, 64 * bs, 0, NATIVE_MEM_WRITE, 1, 0, 1)) == 0, "setup rnd write");
	ok(native_mem_event(0) == 1, "one rnd event");
	w = native_mem_peek(0);
	k = nonzero(w, n);
	bad = 0;
	for (uint64_t i = 0; i < n; i++)
		bad += w[i] >= bs || w[i] % 8 != 0;
	ok(bad == 0, "rnd write: every value is a byte offset in the block");
	/* distinct positions of n uniform draws over n: about 63% of n */
	ok(k > n / 3 && k < n, "rnd write: %llu of %llu words hit", (unsigned long long)k,
	   (unsigned long long)n);
	ok(run_all(1, 1000) == 63, "rnd write: the rest of the total, 63 events");
	ok(nonzero(w, n) > k, "more words hit after more events");

	/* read and none leave the block as it was (zero), in both paths */
	for (int fast = 0; fast <= 1; fast++)
		for (int oper = NATIVE_MEM_NONE; oper <= NATIVE_MEM_READ; oper++)
			for (int rnd = 0; rnd <= 1; rnd++) {
				ok(setup(cfg_of(bs, 16 * bs, 0, oper, rnd, fast, 1)) == 0, "setup");
				ok(run_all(1, 100) == 16, "%s %s %s: 16 events", fast ? "fast" : "sysbench",
				   oper == NATIVE_MEM_READ ? "read" : "none", rnd ? "rnd" : "seq");
				ok(nonzero(native_mem_peek(0), n) == 0, "and the block is untouched");
			}

	/* The total is split as sysbench 1.0.20 splits it, in both paths:
	 * each thread does floor(floor(total / block) / threads) events
	 * (1000 blocks on 3 threads: 999 events). The default path files
	 * every event in the histogram stand-in, the fast path none. */
	for (int fast = 0; fast <= 1; fast++)
		for (unsigned threads = 1; threads <= 4; threads++) {
			const uint64_t want = 1000 / threads * threads, before = hist_total();

			ok(setup(cfg_of(bs, 1000 * bs + 100, 0, NATIVE_MEM_WRITE, 0, fast, threads)) == 0,
			   "setup");
			k = run_all(threads, 100000);
			ok(k == want, "%s, %u threads: %llu events, want %llu",
			   fast ? "fast" : "sysbench", threads, (unsigned long long)k,
			   (unsigned long long)want);
			ok(hist_total() - before == (fast ? 0 : k), "%s, %u threads: %llu events filed",
			   fast ? "fast" : "sysbench", threads,
			   (unsigned long long)(hist_total() - before));
		}

	/* local scope: each thread writes its own buffer */
	{
		native_mem_cfg c = cfg_of(bs, 2 * bs, 0, NATIVE_MEM_WRITE, 0, 0, 2);
		c.scope_local = 1;
		ok(setup(c) == 0, "setup local");
		ok(native_mem_event(1) == 1, "thread 1 writes");
		ok(nonzero(native_mem_peek(1), n) == n && nonzero(native_mem_peek(0), n) == 0,
		   "local: only thread 1's buffer written");
	}

	native_mem_teardown();
	return tap_done();
}
