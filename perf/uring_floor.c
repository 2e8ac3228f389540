/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * uring_floor: the smallest program that does what bench's io_uring mode
 * does in perf/fileio.sh -- random 16 KiB reads or writes over a set of
 * files, a queue of DEPTH requests per thread, one io_uring per thread,
 * a request resubmitted as soon as its completion is seen -- and nothing
 * else: no Lua, no statistics, no reports.  perf/fileio.sh runs it next
 * to bench and fio to tell bench's own overhead (bench / floor) apart
 * from what the machine gives any io_uring program (floor / fio).
 *
 * Its buffers are in a transparent huge page, as bench's by default
 * (--file-huge-buffers); with SMALL_PAGES=1 in the environment they are in
 * ordinary pages, as with --file-huge-buffers=off.
 *
 * usage: uring_floor read|write THREADS DEPTH SECONDS BLOCK DIRECT FILE...
 * prints: the IOPS of all threads together, one number.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int nfiles, writing, depth, secs, small_pages;
static int *fds;
static uint64_t block, blocks_per_file;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(const char *what, int err)
{
	fprintf(stderr, "uring_floor: %s: %s\n", what, strerror(err));
	exit(1);
}

/* Queue one request for buffer slot `slot` at a random block. */
static void queue_one(struct io_uring *ring, char *buf, int slot, uint64_t *x)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(ring);
	uint64_t f, off;
	int r;

	*x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;   /* xorshift64 */
	f = *x % (uint64_t)nfiles;
	off = ((*x >> 16) % blocks_per_file) * block;
	if (writing)
		io_uring_prep_write(sqe, fds[f], buf + (size_t)slot * block, (unsigned)block, off);
	else
		io_uring_prep_read(sqe, fds[f], buf + (size_t)slot * block, (unsigned)block, off);
	io_uring_sqe_set_data64(sqe, (uint64_t)slot);
	if ((r = io_uring_submit(ring)) < 0)
		die("io_uring_submit", -r);
}

static int wait_one(struct io_uring *ring)
{
	struct io_uring_cqe *cqe;
	int r, slot;

	if ((r = io_uring_wait_cqe(ring, &cqe)) < 0)
		die("io_uring_wait_cqe", -r);
	if (cqe->res < 0)
		die("I/O", -cqe->res);
	slot = (int)io_uring_cqe_get_data64(cqe);
	io_uring_cqe_seen(ring, cqe);
	return slot;
}

static void *worker(void *arg)
{
	uint64_t x = 0x9E3779B97F4A7C15ull * (uint64_t)((intptr_t)arg + 1), done = 0;
	struct io_uring ring;
	char *buf;
	int i, r;
	double end;
	size_t len;

	if ((r = io_uring_queue_init((unsigned)depth, &ring, 0)) < 0)
		die("io_uring_queue_init", -r);
	len = (size_t)depth * block;
	if (!small_pages)   /* whole 2 MiB pages, 2 MiB-aligned */
		len = (len + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
	if (posix_memalign((void **)&buf, small_pages ? 4096 : 2u << 20, len))
		die("posix_memalign", ENOMEM);
	if (!small_pages)
		madvise(buf, len, MADV_HUGEPAGE);
	memset(buf, 0x5a, (size_t)depth * block);
	end = now_s() + secs;
	for (i = 0; i < depth; i++)
		queue_one(&ring, buf, i, &x);
	/* Each completion frees its buffer slot, which is queued again at once. */
	for (;;) {
		int slot = wait_one(&ring);
		done++;
		if (now_s() >= end)
			break;
		queue_one(&ring, buf, slot, &x);
	}
	for (i = 1; i < depth; i++)   /* the rest still in flight */
		wait_one(&ring);
	io_uring_queue_exit(&ring);
	free(buf);
	return (void *)(uintptr_t)done;
}

int main(int argc, char **argv)
{
	int threads, direct, i;
	pthread_t *tid;
	struct stat st;
	uint64_t total = 0;
	double t0;

	if (argc < 8) {
		fprintf(stderr, "usage: uring_floor read|write THREADS DEPTH SECONDS BLOCK DIRECT FILE...\n");
		return 2;
	}
	writing = strcmp(argv[1], "write") == 0;
	small_pages = getenv("SMALL_PAGES") && strcmp(getenv("SMALL_PAGES"), "1") == 0;
	threads = atoi(argv[2]);
	depth = atoi(argv[3]);
	secs = atoi(argv[4]);
	block = strtoull(argv[5], NULL, 10);
	direct = atoi(argv[6]);
	nfiles = argc - 7;
	if (threads < 1 || depth < 1 || secs < 1 || block == 0) {
		fprintf(stderr, "uring_floor: bad arguments\n");
		return 2;
	}
	fds = calloc((size_t)nfiles, sizeof(*fds));
	for (i = 0; i < nfiles; i++) {
		fds[i] = open(argv[7 + i], (writing ? O_RDWR : O_RDONLY) | (direct ? O_DIRECT : 0));
		if (fds[i] < 0 || fstat(fds[i], &st) < 0)
			die(argv[7 + i], errno);
		blocks_per_file = (uint64_t)st.st_size / block;
	}
	if (blocks_per_file == 0) {
		fprintf(stderr, "uring_floor: files smaller than one block\n");
		return 2;
	}
	tid = calloc((size_t)threads, sizeof(*tid));
	t0 = now_s();
	for (i = 0; i < threads; i++)
		if ((errno = pthread_create(&tid[i], NULL, worker, (void *)(intptr_t)i)))
			die("pthread_create", errno);
	for (i = 0; i < threads; i++) {
		void *done;
		pthread_join(tid[i], &done);
		total += (uint64_t)(uintptr_t)done;
	}
	printf("%.0f\n", (double)total / (now_s() - t0));
	return 0;
}
