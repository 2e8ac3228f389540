/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileio: the I/O engines of the fileio workload (lua/fileio.lua).
 *
 * Every worker thread owns its buffers, its position and its request queue
 * (libaio context or io_uring ring), and issues its own requests: nothing on the hot path is shared but the file
 * descriptors, which the kernel lets any thread use concurrently. That is
 * the point of the design: sysbench hands out requests under one mutex,
 * which caps throughput on fast devices.
 *
 * Sequential modes split the block space into one contiguous range per
 * thread (the whole set for one thread, as sysbench), so that threads do
 * not write the same blocks; random modes pick a uniform file, then a
 * uniform block in it.
 *
 * Block layout (prepare always, writes under --validate): a crc32 of the
 * rest of the block, the file index and the byte offset, then payload. The
 * offset and index catch misdirected I/O, which a bare checksum would not.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#ifdef HAVE_LIBAIO
#include <libaio.h>
#endif
#ifdef HAVE_LIBURING
#include <liburing.h>
#endif

#include "ffi/native.h"
#include "rand/rand.h"
#include "opt/opt.h"
#include "stats/stats.h"
#include "util/clock.h"
#include "util/log.h"
#include "util/progress.h"


#define FIO_OP_READ  0
#define FIO_OP_WRITE 1
#define FIO_OP_FSYNC 2
#define FIO_NOPS     3

/* O_DIRECT wants buffers aligned to the logical block size; a page covers
 * every device we know of. */
#define FIO_ALIGN 4096
#define FIO_HDR   16    /* crc32, file index, offset */
#define FIO_UNSUMMED 0x80000000u   /* file index flag: no checksum */

/* --report-statements: each operation's latency goes to the worker's
 * statistics recorder under its kind, as SQL statements do under theirs. */
static const enum stats_stmt_kind fio_kind[FIO_NOPS] = {
	[FIO_OP_READ] = STATS_FILE_READ,
	[FIO_OP_WRITE] = STATS_FILE_WRITE,
	[FIO_OP_FSYNC] = STATS_FILE_FSYNC,
};

/* One request in flight (async / io_uring). */
struct fio_slot {
	unsigned char *buf;
	int64_t t0;
	uint64_t off;
	uint64_t len;
	uint32_t file;
	int op;
	int busy;                          /* in flight */
#ifdef HAVE_LIBAIO
	struct iocb iocb;
#endif
};

struct fio_thread {
	_Alignas(64) unsigned char *buf;   /* sync/mmap: one block */
	uint64_t seq_first, seq_end, seq_pos;   /* block range (seq modes) */
	uint64_t reqs;                     /* requests, for fsync_freq */
	uint64_t wseq;                     /* makes each written block differ */
	uint64_t nreads, nwrites;          /* issued (rndrw's read/write choice) */
	uint32_t fsync_left;               /* files still to fsync periodically */
	uint32_t fsync_next;
	int wrote;
	/* queues */
	struct fio_slot *slots;            /* [queue_depth] */
	struct fio_slot **free_slots;      /* stack of idle slots */
	unsigned nfree;
	unsigned inflight;
#ifdef HAVE_LIBAIO
	io_context_t aio;
	struct io_event *events;
#endif
#ifdef HAVE_LIBURING
	struct io_uring ring;
	int ring_ok;
#endif
};

static struct {
	native_fio_cfg cfg;
	int ready;
	uint64_t req;                      /* request unit: block, or merged blocks */
	uint64_t blocks_per_file;          /* requests per file, the last maybe short */
	uint64_t total_blocks;
	int *fds;                          /* [num_files] */
	unsigned char **maps;              /* [num_files] (mmap mode) */
	struct fio_thread *thr;            /* [threads] */
	unsigned char *area;               /* every thread's I/O buffers */
	size_t area_len;                   /* its mapped length */
	size_t stride;                     /* bytes per buffer in it */
	uint32_t per_thread;               /* buffers per thread in it */
	int per_op;                        /* --report-statements */
} fio;

/* mmap mode: a store into a mapped page the file system cannot back (full
 * disk) or a load from one it cannot read raises SIGBUS. The copy in
 * fio_event_sync() is armed: the handler jumps back there and the event
 * fails with the FATAL line the other I/O modes give. */
static __thread sigjmp_buf fio_bus_jmp;
static __thread volatile sig_atomic_t fio_bus_armed;
static struct sigaction fio_bus_old;
static int fio_bus_installed;

static void fio_on_sigbus(int sig, siginfo_t *si, void *uc)
{
	(void)si;
	(void)uc;
	if (fio_bus_armed) {
		fio_bus_armed = 0;
		siglongjmp(fio_bus_jmp, 1);
	}
	/* not ours: the default action */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void fio_bus_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fio_on_sigbus;
	/* NODEFER: the jump out leaves SIGBUS unblocked without a
	 * sigprocmask per event */
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGBUS, &sa, &fio_bus_old) == 0)
		fio_bus_installed = 1;
}

static __thread char fio_errbuf[512];
static __thread char fio_hintbuf[256];

const char *native_fio_error(void)
{
	return fio_errbuf;
}

const char *native_fio_hint(void)
{
	return fio_hintbuf;
}

const char *native_fio_size_text(char *buf, uint32_t len, double bytes)
{
	static const char units[] = "KMGTPEZY";
	unsigned i = 0;

	while (i < sizeof(units) - 1 && bytes >= 1024) {
		bytes /= 1024;
		i++;
	}
	if (i > 0)
		snprintf(buf, len, "%.5g%ci", bytes, units[i - 1]);
	else
		snprintf(buf, len, "%.5g", bytes);
	return buf;
}

__attribute__((format(printf, 1, 2)))
static int fio_fail(const char *fmt, ...)
{
	int e = errno ? errno : EIO;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(fio_errbuf, sizeof(fio_errbuf), fmt, ap);
	va_end(ap);
	return -e;
}

static void fio_name(char *buf, size_t len, uint32_t index)
{
	snprintf(buf, len, "test_file.%u", index);
}

double native_fio_now(void)
{
	return clock_now_ns() / 1e9;
}

/* ---- per-operation latency ----------------------------------------------- */

/* An operation of type op that began at t0 has ended: its latency under its
 * kind in the calling worker's recorder (with --report-statements). */
static void fio_record(int op, int64_t t0)
{
	struct stats_thread *st;
	int64_t t1;

	if (!fio.per_op || !(st = stats_current()))
		return;
	t1 = clock_now_ns();
	stats_record_stmt(st, fio_kind[op], t1, t1 - t0, 1);
}

/* ---- block contents -------------------------------------------------------- */

static void fio_stamp(unsigned char *blk, uint32_t bs, uint32_t file,
                      uint64_t off, uint64_t seq)
{
	uint32_t crc;

	memcpy(blk + 4, &file, 4);
	memcpy(blk + 8, &off, 8);
	if (bs >= FIO_HDR + 8)
		memcpy(blk + FIO_HDR, &seq, 8);
	crc = (uint32_t)crc32(0L, blk + 4, bs - 4);
	memcpy(blk, &crc, 4);
}

/* Writes without --validate still label the block with its place, but skip
 * the checksum (too dear for a benchmark's hot path): later validated reads
 * then check the place only. */
static void fio_label(unsigned char *blk, uint32_t file, uint64_t off)
{
	uint32_t f = file | FIO_UNSUMMED;

	memcpy(blk + 4, &f, 4);
	memcpy(blk + 8, &off, 8);
}

/* Checks a request of len bytes at off, block by block: the label of
 * every block, the checksum of every whole one that has it. */
static int fio_check(const unsigned char *buf, uint64_t len, uint32_t bs,
                     uint32_t file, uint64_t off)
{
	uint32_t crc, f;
	uint64_t o, at;
	char name[64];

	for (at = 0; at + FIO_HDR <= len; at += bs) {
		const unsigned char *blk = buf + at;
		memcpy(&crc, blk, 4);
		memcpy(&f, blk + 4, 4);
		memcpy(&o, blk + 8, 8);
		if ((f & ~FIO_UNSUMMED) == file && o == off + at &&
		    ((f & FIO_UNSUMMED) || len - at < bs ||
		     crc == (uint32_t)crc32(0L, blk + 4, bs - 4)))
			continue;
		fio_name(name, sizeof(name), file);
		errno = EIO;
		return fio_fail("Validation failed on file %s, offset %llu", name,
		                (unsigned long long)(off + at));
	}
	return 0;
}

/* Payload bytes that do not compress to nothing, so that the device does
 * real work even if it dedups or compresses. */
static void fio_fill(unsigned char *buf, size_t len, uint64_t seed)
{
	uint64_t x = seed * 0x9E3779B97F4A7C15ULL + 1;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		memcpy(buf + i, &x, 8);
	}
	for (; i < len; i++)
		buf[i] = (unsigned char)i;
}

/* ---- plain I/O helpers ---------------------------------------------------- */

static ssize_t fio_pwrite_all(int fd, const unsigned char *buf, size_t len,
                              uint64_t off)
{
	size_t done = 0;

	while (done < len) {
		ssize_t r = pwrite(fd, buf + done, len - done, (off_t)(off + done));
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0) {
			errno = ENOSPC;
			return -1;
		}
		done += (size_t)r;
	}
	return (ssize_t)done;
}

static ssize_t fio_pread_all(int fd, unsigned char *buf, size_t len,
                             uint64_t off)
{
	size_t done = 0;

	while (done < len) {
		ssize_t r = pread(fd, buf + done, len - done, (off_t)(off + done));
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0) {
			errno = EIO;   /* the file shrank under us */
			return -1;
		}
		done += (size_t)r;
	}
	return (ssize_t)done;
}

/* ---- prepare / cleanup ---------------------------------------------------- */

uint64_t native_fio_file_size(uint32_t index)
{
	char name[64];
	struct stat st;

	fio_name(name, sizeof(name), index);
	return stat(name, &st) == 0 ? (uint64_t)st.st_size : 0;
}

static int fio_open_flags(int extra)
{
	int flags = 0;

	if (extra & NATIVE_FIO_F_SYNC)
		flags |= O_SYNC;
	if (extra & NATIVE_FIO_F_DSYNC)
		flags |= O_DSYNC;
	if (extra & NATIVE_FIO_F_DIRECT)
		flags |= O_DIRECT;
	return flags;
}

int native_fio_create_file(const native_fio_cfg *cfg, uint32_t index,
                           uint64_t *written)
{
	char name[64];
	unsigned char *buf = NULL;
	uint64_t off, chunk_blocks, b, n;
	size_t chunk;
	off_t end;
	int fd, rc = 0;

	fio_errbuf[0] = 0;
	fio_hintbuf[0] = 0;
	fio_name(name, sizeof(name), index);
	if (cfg->block_size == 0) {
		errno = EINVAL;
		return fio_fail("Invalid value for file-block-size: 0.");
	}
	/* Write in chunks of whole blocks: far fewer syscalls than one per block. */
	chunk_blocks = (1u << 20) / cfg->block_size;
	if (chunk_blocks == 0)
		chunk_blocks = 1;
	chunk = (size_t)(chunk_blocks * cfg->block_size);
	if (posix_memalign((void **)&buf, FIO_ALIGN, chunk)) {
		errno = ENOMEM;
		return fio_fail("Cannot allocate %zu bytes for %s", chunk, name);
	}
	fd = open(name, O_CREAT | O_WRONLY | fio_open_flags(cfg->extra_flags), 0600);
	if (fd < 0) {
		rc = fio_fail("Can't open file '%s' errno = %d (%s)", name, errno,
		              strerror(errno));
		goto err;
	}
	end = lseek(fd, 0, SEEK_END);
	if (end < 0) {
		rc = fio_fail("Cannot seek in file '%s' errno = %d (%s)", name, errno,
		              strerror(errno));
		goto err;
	}
	/* From the last whole block on, so that blocks stay where the labels
	 * say (sysbench writes from the very end). */
	off = (uint64_t)end - (uint64_t)end % cfg->block_size;
	if ((uint64_t)end >= cfg->file_size)
		off = cfg->file_size;
	for (; off < cfg->file_size; off += n) {
		/* whole blocks only: the file may end beyond file_size */
		n = (cfg->file_size - off + cfg->block_size - 1) / cfg->block_size *
		    cfg->block_size;
		if (n > chunk)
			n = chunk;
		for (b = 0; b < n / cfg->block_size; b++) {
			unsigned char *blk = buf + b * cfg->block_size;
			fio_fill(blk, cfg->block_size, off / cfg->block_size + b);
			if (cfg->block_size >= FIO_HDR)
				fio_stamp(blk, cfg->block_size, index,
				          off + b * cfg->block_size, 0);
		}
		if (fio_pwrite_all(fd, buf, (size_t)n, off) < 0) {
			rc = fio_fail("Failed to write file! errno = %d (%s)", errno,
			              strerror(errno));
			goto err;
		}
		*written += n;
		progress_add((double)n);        /* prepare's line on a terminal */
	}
	if (fsync(fd) < 0) {
		rc = fio_fail("Cannot fsync file %s: %s", name, strerror(errno));
		goto err;
	}
err:
	if (fd >= 0 && close(fd) < 0 && rc == 0)
		rc = fio_fail("Cannot close file %s: %s", name, strerror(errno));
	free(buf);
	return rc;
}

int native_fio_remove_file(uint32_t index)
{
	char name[64];

	fio_errbuf[0] = 0;
	fio_name(name, sizeof(name), index);
	if (unlink(name) < 0 && errno != ENOENT)
		return fio_fail("Cannot remove file %s: %s", name, strerror(errno));
	return 0;
}

/* ---- setup / teardown ----------------------------------------------------- */

static bool fio_writes(void)
{
	int m = fio.cfg.mode;
	return m == NATIVE_FIO_SEQWR || m == NATIVE_FIO_SEQREWR ||
	       m == NATIVE_FIO_RNDWR || m == NATIVE_FIO_RNDRW;
}

static bool fio_seq(void)
{
	int m = fio.cfg.mode;
	return m == NATIVE_FIO_SEQWR || m == NATIVE_FIO_SEQREWR || m == NATIVE_FIO_SEQRD;
}

static bool fio_queued(void)
{
	return fio.cfg.io_mode == NATIVE_FIO_ASYNC || fio.cfg.io_mode == NATIVE_FIO_URING;
}

/* Bytes of the mapping at addr that are in transparent huge pages, from
 * /proc/self/smaps (0 when it cannot tell). */
static size_t fio_huge_bytes(const void *addr)
{
	char line[256], want[32];
	size_t kb = 0;
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		return 0;
	snprintf(want, sizeof(want), "%lx-", (unsigned long)(uintptr_t)addr);
	while (fgets(line, sizeof(line), f)) {
		if (strchr(line, '-') && strchr(line, '-') < strchr(line, ' '))
			in = strncmp(line, want, strlen(want)) == 0;
		else if (in && sscanf(line, "AnonHugePages: %zu kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb * 1024;
}

/* The I/O buffers of every thread in one mapping: per thread its sync
 * buffer, then queue_depth request buffers, each FIO_ALIGN-aligned.
 *
 * With cfg.huge_buffers the mapping is 2 MiB-aligned and advised into
 * transparent huge pages. Why: a block in ordinary pages lies on
 * block/4096 physically scattered pages, and the kernel gives the device
 * one DMA segment per page (a 16 KiB request is 4 segments, and on a
 * virtio disk 4 descriptors); in a huge page it is one. On this project's
 * virtio test machine that was 10-25% of the IOPS at depth 16 -- the
 * tool's cost, not the device's. fio and sysbench use ordinary pages
 * (--file-huge-buffers=off does too). The whole area is touched here, so
 * the pages exist before the clock starts. */
static int fio_buffers_map(void)
{
	const size_t huge = 2u << 20;
	size_t need, keep, len;
	unsigned char *p;

	fio.per_thread = 1 + (fio_queued() ? fio.cfg.queue_depth : 0);
	fio.stride = ((size_t)fio.req + FIO_ALIGN - 1) / FIO_ALIGN * FIO_ALIGN;
	if ((size_t)fio.per_thread * fio.cfg.threads > (SIZE_MAX - 2 * huge) / fio.stride) {
		errno = ENOMEM;
		return fio_fail("Cannot allocate I/O buffers: %u threads x %u buffers of %zu bytes",
		                fio.cfg.threads, fio.per_thread, fio.stride);
	}
	need = (size_t)fio.per_thread * fio.cfg.threads * fio.stride;
	keep = (need + huge - 1) / huge * huge;
	/* with huge pages: room to cut a 2 MiB-aligned piece of `keep` bytes */
	len = fio.cfg.huge_buffers ? keep + huge : need;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return fio_fail("Cannot allocate %zu bytes of I/O buffers: %s", need, strerror(errno));
	if (fio.cfg.huge_buffers) {
		size_t lead = (huge - (uintptr_t)p % huge) % huge;
		if (lead)
			munmap(p, lead);
		munmap(p + lead + keep, len - lead - keep);   /* len - lead > keep */
		p += lead;
		len = keep;
		if (madvise(p, len, MADV_HUGEPAGE) < 0)
			log_msg(LOG_DEBUG, "fileio: no transparent huge pages for the I/O buffers (madvise: %s)",
			        strerror(errno));
	}
	fio.area = p;
	fio.area_len = len;
	memset(p, 0, len);
	if (log_verbosity() >= LOG_DEBUG) {
		size_t h = fio_huge_bytes(p);
		log_msg(LOG_DEBUG, "fileio: %zu bytes of I/O buffers, %zu of them in huge pages",
		        need, h < need ? h : need);
	}
	return 0;
}

/* Buffer i (0: the sync buffer, 1..queue_depth: request buffers) of thread
 * tid. */
static unsigned char *fio_buffer(uint32_t tid, uint32_t i)
{
	return fio.area + ((size_t)tid * fio.per_thread + i) * fio.stride;
}

void native_fio_teardown(void)
{
	uint32_t i;

	if (fio.thr) {
		for (i = 0; i < fio.cfg.threads; i++) {
			struct fio_thread *t = &fio.thr[i];
			free(t->slots);
			free(t->free_slots);
#ifdef HAVE_LIBAIO
			if (t->aio)
				io_destroy(t->aio);
			free(t->events);
#endif
#ifdef HAVE_LIBURING
			if (t->ring_ok)
				io_uring_queue_exit(&t->ring);
#endif
		}
		free(fio.thr);
	}
	if (fio.area)
		munmap(fio.area, fio.area_len);
	if (fio.maps) {
		for (i = 0; i < fio.cfg.num_files; i++)
			if (fio.maps[i] && fio.maps[i] != MAP_FAILED)
				munmap(fio.maps[i], fio.cfg.file_size);
		free(fio.maps);
	}
	if (fio_bus_installed) {
		sigaction(SIGBUS, &fio_bus_old, NULL);
		fio_bus_installed = 0;
	}
	if (fio.fds) {
		for (i = 0; i < fio.cfg.num_files; i++)
			if (fio.fds[i] >= 0)
				close(fio.fds[i]);
		free(fio.fds);
	}
	memset(&fio, 0, sizeof(fio));
}

int native_fio_setup(const native_fio_cfg *cfg)
{
	char name[64];
	uint32_t i;
	int flags = O_RDWR, rc;

	native_fio_teardown();
	fio_errbuf[0] = 0;
	fio_hintbuf[0] = 0;
	fio.cfg = *cfg;
	fio.per_op = opt_get_bool("report-statements");
	if (cfg->num_files == 0 || cfg->block_size == 0 || cfg->threads == 0 ||
	    cfg->file_size == 0) {
		errno = EINVAL;
		rc = fio_fail("Invalid file layout: %u files of %llu bytes in blocks of %u",
		              cfg->num_files, (unsigned long long)cfg->file_size,
		              cfg->block_size);
		goto err;
	}
	if (cfg->validate && cfg->block_size < FIO_HDR) {
		errno = EINVAL;
		rc = fio_fail("--validate needs --file-block-size of at least %d", FIO_HDR);
		goto err;
	}
	if ((cfg->extra_flags & NATIVE_FIO_F_DIRECT) && cfg->block_size % 512) {
		errno = EINVAL;
		rc = fio_fail("O_DIRECT needs --file-block-size to be a multiple of 512");
		goto err;
	}
#ifndef HAVE_LIBAIO
	if (cfg->io_mode == NATIVE_FIO_ASYNC) {
		errno = ENOTSUP;
		rc = fio_fail("--file-io-mode=async: this build has no libaio");
		goto err;
	}
#endif
#ifndef HAVE_LIBURING
	if (cfg->io_mode == NATIVE_FIO_URING) {
		errno = ENOTSUP;
		rc = fio_fail("--file-io-mode=io_uring: this build has no liburing");
		goto err;
	}
#endif
	if (fio_queued() && fio.cfg.queue_depth == 0)
		fio.cfg.queue_depth = 1;
	/* As sysbench: sequential requests merge --file-merged-requests blocks;
	 * a request never crosses the end of a file, so the last one of each
	 * file is short when the request size does not divide the file size. */
	fio.req = cfg->block_size;
	if (cfg->merged > 1 && fio_seq())
		fio.req = (uint64_t)cfg->block_size * cfg->merged;
	fio.blocks_per_file = (cfg->file_size + fio.req - 1) / fio.req;
	fio.total_blocks = fio.blocks_per_file * cfg->num_files;
	flags |= fio_open_flags(cfg->extra_flags);
	if (cfg->validate && cfg->threads > 1 && !fio_seq() &&
	    fio.total_blocks < cfg->threads) {
		errno = EINVAL;
		rc = fio_fail("--validate with %u threads needs at least as many blocks (each thread checks its own), not %llu",
		              cfg->threads, (unsigned long long)fio.total_blocks);
		goto err;
	}

	fio.fds = malloc(cfg->num_files * sizeof(*fio.fds));
	fio.thr = calloc(cfg->threads, sizeof(*fio.thr));
	if (!fio.fds || !fio.thr) {
		errno = ENOMEM;
		rc = fio_fail("Out of memory");
		goto err;
	}
	for (i = 0; i < cfg->num_files; i++)
		fio.fds[i] = -1;
	for (i = 0; i < cfg->num_files; i++) {
		struct stat st;
		char have[32], want[32];
		fio_name(name, sizeof(name), i);
		/* seqwr is the creation test: it starts from empty files */
		if (cfg->mode == NATIVE_FIO_SEQWR) {
			int fd;
			/* a file that cannot be removed (a read-only file system)
			 * is said with unlink's errno, not O_EXCL's EEXIST */
			if (unlink(name) != 0 && errno != ENOENT) {
				rc = fio_fail("Cannot create file '%s' errno = %d (%s)", name,
				              errno, strerror(errno));
				goto err;
			}
			fd = open(name, O_CREAT | O_EXCL | O_WRONLY, 0600);
			if (fd < 0) {
				rc = fio_fail("Cannot create file '%s' errno = %d (%s)", name,
				              errno, strerror(errno));
				goto err;
			}
			close(fd);
		}
		log_msg(LOG_DEBUG, "Opening file: %s", name);
		fio.fds[i] = open(name, flags);
		if (fio.fds[i] < 0 && errno == EINVAL && (flags & O_DIRECT)) {
			rc = fio_fail("O_DIRECT is not supported by the file system of %s (open: %s)",
			              name, strerror(errno));
			goto err;
		}
		if (fio.fds[i] < 0) {
			rc = fio_fail("Cannot open file '%s' errno = %d (%s)", name, errno,
			              strerror(errno));
			snprintf(fio_hintbuf, sizeof(fio_hintbuf),
			         "Did you forget to run the prepare step?");
			goto err;
		}
		if (cfg->mode == NATIVE_FIO_SEQWR) {
			if (cfg->io_mode == NATIVE_FIO_MMAP &&
			    ftruncate(fio.fds[i], (off_t)cfg->file_size) < 0) {
				rc = fio_fail("ftruncate() failed on file %u errno = %d (%s)", i,
				              errno, strerror(errno));
				goto err;
			}
			continue;
		}
		if (fstat(fio.fds[i], &st) < 0) {
			rc = fio_fail("fstat() failed on file '%s' errno = %d (%s)", name,
			              errno, strerror(errno));
			goto err;
		}
		if ((uint64_t)st.st_size < cfg->file_size) {
			errno = EINVAL;
			rc = fio_fail("Size of file '%s' is %sB, but at least %sB is expected.",
			              name,
			              native_fio_size_text(have, sizeof(have), (double)st.st_size),
			              native_fio_size_text(want, sizeof(want), (double)cfg->file_size));
			snprintf(fio_hintbuf, sizeof(fio_hintbuf),
			         "Did you run 'prepare' with different --file-total-size or --file-num values?");
			goto err;
		}
	}
	if (cfg->io_mode == NATIVE_FIO_MMAP) {
		fio.maps = calloc(cfg->num_files, sizeof(*fio.maps));
		if (!fio.maps) {
			errno = ENOMEM;
			rc = fio_fail("Out of memory");
			goto err;
		}
		for (i = 0; i < cfg->num_files; i++) {
			fio.maps[i] = mmap(NULL, cfg->file_size, PROT_READ | PROT_WRITE,
			                   MAP_SHARED, fio.fds[i], 0);
			if (fio.maps[i] == MAP_FAILED) {
				fio.maps[i] = NULL;
				fio_name(name, sizeof(name), i);
				rc = fio_fail("Cannot mmap file %s: %s", name, strerror(errno));
				goto err;
			}
		}
		fio_bus_install();
	}
	if ((rc = fio_buffers_map()))
		goto err;
	for (i = 0; i < cfg->threads; i++) {
		struct fio_thread *t = &fio.thr[i];
		uint64_t per = fio.total_blocks / cfg->threads;
		if (per == 0) {
			t->seq_first = 0;
			t->seq_end = fio.total_blocks;
		} else {
			t->seq_first = per * i;
			t->seq_end = i + 1 == cfg->threads ? fio.total_blocks : per * (i + 1);
		}
		t->buf = fio_buffer(i, 0);
		fio_fill(t->buf, fio.req, i + 1);
	}
	fio.ready = 1;
	return 0;
err:
	rc = rc ? rc : -EINVAL;
	native_fio_teardown();
	return rc;
}

int native_fio_thread_init(int thread_id)
{
	struct fio_thread *t;
	unsigned s, qd = fio.cfg.queue_depth;

	if (!fio.ready || thread_id < 0 || (uint32_t)thread_id >= fio.cfg.threads) {
		errno = EINVAL;
		return fio_fail("fileio is not set up for thread %d", thread_id);
	}
	t = &fio.thr[thread_id];
	t->seq_pos = t->seq_first;
	if (!fio_queued())
		return 0;
	t->slots = calloc(qd, sizeof(*t->slots));
	t->free_slots = calloc(qd, sizeof(*t->free_slots));
	if (!t->slots || !t->free_slots) {
		errno = ENOMEM;
		return fio_fail("Out of memory");
	}
	for (s = 0; s < qd; s++) {
		t->slots[s].buf = fio_buffer((uint32_t)thread_id, s + 1);
		fio_fill(t->slots[s].buf, fio.req, (uint64_t)thread_id * qd + s + 7);
		t->free_slots[s] = &t->slots[s];
	}
	t->nfree = qd;
#ifdef HAVE_LIBAIO
	if (fio.cfg.io_mode == NATIVE_FIO_ASYNC) {
		int r = io_setup((int)qd, &t->aio);
		if (r < 0) {
			errno = -r;
			return fio_fail("io_setup(%u) failed: %s (raise /proc/sys/fs/aio-max-nr or lower --file-async-backlog)",
			                qd, strerror(-r));
		}
		t->events = calloc(qd, sizeof(*t->events));
		if (!t->events) {
			errno = ENOMEM;
			return fio_fail("Out of memory");
		}
	}
#endif
#ifdef HAVE_LIBURING
	if (fio.cfg.io_mode == NATIVE_FIO_URING) {
		int r = io_uring_queue_init(qd, &t->ring, 0);
		if (r < 0) {
			errno = -r;
			return fio_fail("io_uring_queue_init(%u) failed: %s", qd, strerror(-r));
		}
		t->ring_ok = 1;
	}
#endif
	return 0;
}

/* ---- the request ----------------------------------------------------------- */

/* Bytes of the request at off: a whole unit, or what is left of the file. */
static uint64_t fio_len(uint64_t off)
{
	uint64_t left = fio.cfg.file_size - off;
	return left < fio.req ? left : fio.req;
}

/* The next request of thread t: op, file and offset. */
static int fio_next(struct fio_thread *t, uint32_t *file, uint64_t *off)
{
	uint64_t blk;
	int op;

	switch (fio.cfg.mode) {
	case NATIVE_FIO_SEQWR:
	case NATIVE_FIO_SEQREWR:
	case NATIVE_FIO_SEQRD:
		blk = t->seq_pos++;
		if (t->seq_pos >= t->seq_end)
			t->seq_pos = t->seq_first;
		*file = (uint32_t)(blk / fio.blocks_per_file);
		*off = (blk % fio.blocks_per_file) * fio.req;
		return fio.cfg.mode == NATIVE_FIO_SEQRD ? FIO_OP_READ : FIO_OP_WRITE;
	default:
		if (fio.cfg.validate && fio.cfg.threads > 1) {
			/* --validate: thread i owns the blocks i, i + threads, ...
			 * (uniform over them), so that no other thread writes a
			 * block while this one reads or writes it: concurrent
			 * I/O to one block is not atomic and would read torn. */
			uint64_t n = fio.cfg.threads, tid = (uint64_t)(t - fio.thr);
			uint64_t mine = (fio.total_blocks - tid + n - 1) / n;
			blk = rand_uniform_u64(0, mine - 1) * n + tid;
			*file = (uint32_t)(blk / fio.blocks_per_file);
			*off = (blk % fio.blocks_per_file) * fio.req;
		} else {
			*file = fio.cfg.num_files > 1 ? rand_uniform(0, fio.cfg.num_files - 1) : 0;
			*off = rand_uniform_u64(0, fio.blocks_per_file - 1) * fio.req;
		}
		if (fio.cfg.mode == NATIVE_FIO_RNDRD)
			op = FIO_OP_READ;
		else if (fio.cfg.mode == NATIVE_FIO_RNDWR)
			op = FIO_OP_WRITE;
		else    /* as sysbench: keep this thread's reads/writes at the ratio */
			op = (t->nreads + 1.0) / (t->nwrites + 1.0) < fio.cfg.rw_ratio
			     ? FIO_OP_READ : FIO_OP_WRITE;
		if (op == FIO_OP_READ)
			t->nreads++;
		else
			t->nwrites++;
		return op;
	}
}

static int fio_sync_file(struct fio_thread *t, uint32_t file)
{
	char name[64];
	int64_t t0 = clock_now_ns();
	int r;

	if (fio.maps)
		r = msync(fio.maps[file], fio.cfg.file_size, MS_SYNC);
	else
		r = fio.cfg.fdatasync ? fdatasync(fio.fds[file]) : fsync(fio.fds[file]);
	if (r < 0) {
		fio_name(name, sizeof(name), file);
		return fio_fail("%s failed on file %s: %s",
		                fio.maps ? "msync()" : fio.cfg.fdatasync ? "fdatasync()" : "fsync()",
		                name, strerror(errno));
	}
	fio_record(FIO_OP_FSYNC, t0);
	stats_count(STATS_OTHER, 1);
	return 0;
}

/* Bookkeeping of a finished read or write: checks, counters, fsyncs due. */
static int fio_done(struct fio_thread *t, int op, uint32_t file, uint64_t off,
                    uint64_t len, const unsigned char *buf, int64_t t0)
{
	int rc;

	fio_record(op, t0);
	if (op == FIO_OP_READ) {
		if (fio.cfg.validate &&
		    (rc = fio_check(buf, len, fio.cfg.block_size, file, off)))
			return rc;
		stats_count(STATS_READS, 1);
		stats_count(STATS_READ_BYTES, len);
	} else {
		t->wrote = 1;
		stats_count(STATS_WRITES, 1);
		stats_count(STATS_WRITTEN_BYTES, len);
		if (fio.cfg.fsync_all && !fio_queued())
			return fio_sync_file(t, file);
	}
	return 0;
}

/* Labels every block of the request (checksummed under --validate, when
 * whole: a short one leaves the rest of its block on disk as it was). */
static void fio_prepare_write(struct fio_thread *t, unsigned char *buf,
                              uint32_t file, uint64_t off, uint64_t len)
{
	uint32_t bs = fio.cfg.block_size;
	uint64_t at;

	for (at = 0; at + FIO_HDR <= len; at += bs) {
		if (fio.cfg.validate && len - at >= bs)
			fio_stamp(buf + at, bs, file, off + at, ++t->wseq);
		else
			fio_label(buf + at, file, off + at);
	}
}

static int fio_io_error(int op, uint32_t file, uint64_t off, int err)
{
	char name[64];

	fio_name(name, sizeof(name), file);
	errno = err;
	return fio_fail("%s failed on file %s at offset %llu: %s",
	                op == FIO_OP_READ ? "Read" : "Write", name,
	                (unsigned long long)off, strerror(err));
}

static int fio_event_sync(struct fio_thread *t, int op, uint32_t file, uint64_t off)
{
	uint64_t len = fio_len(off);
	int64_t t0;
	ssize_t r;

	if (op == FIO_OP_WRITE)
		fio_prepare_write(t, t->buf, file, off, len);
	t0 = clock_now_ns();
	if (fio.maps) {
		if (sigsetjmp(fio_bus_jmp, 0)) {
			/* SIGBUS: a write the file system had no room for, or
			 * a page it could not read */
			struct statvfs sv;
			int err = EIO;
			if (op == FIO_OP_WRITE && fstatvfs(fio.fds[file], &sv) == 0 &&
			    sv.f_bavail == 0)
				err = ENOSPC;
			return fio_io_error(op, file, off, err);
		}
		fio_bus_armed = 1;
		if (op == FIO_OP_READ)
			memcpy(t->buf, fio.maps[file] + off, len);
		else
			memcpy(fio.maps[file] + off, t->buf, len);
		fio_bus_armed = 0;
	} else {
		r = op == FIO_OP_READ
		    ? fio_pread_all(fio.fds[file], t->buf, len, off)
		    : fio_pwrite_all(fio.fds[file], t->buf, len, off);
		if (r < 0)
			return fio_io_error(op, file, off, errno);
	}
	return fio_done(t, op, file, off, len, t->buf, t0);
}

/* A request of the queue has completed with result res (bytes or -errno). */
static int fio_complete(struct fio_thread *t, struct fio_slot *s, long res)
{
	int rc;

	t->inflight--;
	s->busy = 0;
	t->free_slots[t->nfree++] = s;
	if (res < 0)
		return fio_io_error(s->op, s->file, s->off, (int)-res);
	if ((uint64_t)res != s->len)
		return fio_io_error(s->op, s->file, s->off, EIO);
	rc = fio_done(t, s->op, s->file, s->off, s->len, s->buf, s->t0);
	if (rc == 0 && s->op == FIO_OP_WRITE && fio.cfg.fsync_all)
		rc = fio_sync_file(t, s->file);
	return rc;
}

/* Reap completions: at least min_nr of them (blocking), plus whatever else
 * is ready. */
static int fio_reap(struct fio_thread *t, unsigned min_nr)
{
	int rc = 0;

#ifdef HAVE_LIBAIO
	if (fio.cfg.io_mode == NATIVE_FIO_ASYNC) {
		while (min_nr > 0 || t->inflight > 0) {
			int n = io_getevents(t->aio, (long)min_nr, (long)t->inflight,
			                     t->events, NULL);
			int i;
			if (n == -EINTR)
				continue;
			if (n < 0) {
				errno = -n;
				return fio_fail("io_getevents() failed: %s", strerror(-n));
			}
			for (i = 0; i < n; i++) {
				int r = fio_complete(t, (struct fio_slot *)t->events[i].data,
				                     (long)t->events[i].res);
				if (r && rc == 0)
					rc = r;
			}
			min_nr = (unsigned)n >= min_nr ? 0 : min_nr - (unsigned)n;
			if (min_nr == 0)
				break;
		}
		return rc;
	}
#endif
#ifdef HAVE_LIBURING
	if (fio.cfg.io_mode == NATIVE_FIO_URING) {
		struct io_uring_cqe *cqe;
		unsigned head, n;
		int r;
		if (min_nr > 0) {
			r = io_uring_wait_cqe_nr(&t->ring, &cqe, min_nr);
			if (r < 0) {
				errno = -r;
				return fio_fail("io_uring_wait_cqe() failed: %s", strerror(-r));
			}
		}
		n = 0;
		io_uring_for_each_cqe(&t->ring, head, cqe) {
			r = fio_complete(t, io_uring_cqe_get_data(cqe), cqe->res);
			if (r && rc == 0)
				rc = r;
			n++;
		}
		io_uring_cq_advance(&t->ring, n);
		return rc;
	}
#endif
	(void)t;
	(void)min_nr;
	return rc;
}

static int fio_drain(struct fio_thread *t)
{
	int rc = 0;

	while (t->inflight > 0) {
		int r = fio_reap(t, 1);
		if (r && rc == 0)
			rc = r;
	}
	return rc;
}

static int fio_event_queued(struct fio_thread *t, int op, uint32_t file, uint64_t off)
{
	struct fio_slot *s;
	int rc;

	if (fio.cfg.validate) {
		/* --validate: never two requests of this thread on one block
		 * at once (a read racing a write reads torn) */
		unsigned i;
		for (i = 0; i < fio.cfg.queue_depth; i++)
			if (t->slots[i].busy && t->slots[i].file == file &&
			    t->slots[i].off == off) {
				if ((rc = fio_drain(t)))
					return rc;
				break;
			}
	}
	if (t->nfree == 0 && (rc = fio_reap(t, 1)))
		return rc;
	s = t->free_slots[--t->nfree];
	s->busy = 1;
	s->op = op;
	s->file = file;
	s->off = off;
	s->len = fio_len(off);
	if (op == FIO_OP_WRITE)
		fio_prepare_write(t, s->buf, file, off, s->len);
	s->t0 = clock_now_ns();
#ifdef HAVE_LIBAIO
	if (fio.cfg.io_mode == NATIVE_FIO_ASYNC) {
		struct iocb *cb = &s->iocb;
		if (op == FIO_OP_READ)
			io_prep_pread(cb, fio.fds[file], s->buf, s->len, (long long)off);
		else
			io_prep_pwrite(cb, fio.fds[file], s->buf, s->len, (long long)off);
		cb->data = s;
		for (;;) {
			int r = io_submit(t->aio, 1, &cb);
			if (r == 1)
				break;
			if (r == -EAGAIN && t->inflight > 0) {
				if ((rc = fio_reap(t, 1)))
					return rc;
				continue;
			}
			s->busy = 0; t->free_slots[t->nfree++] = s;
			return fio_io_error(op, file, off, r < 0 ? -r : EIO);
		}
	}
#endif
#ifdef HAVE_LIBURING
	if (fio.cfg.io_mode == NATIVE_FIO_URING) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&t->ring);
		int r;
		if (!sqe) {
			/* Cannot happen with ring entries >= queue depth; fail safe. */
			s->busy = 0; t->free_slots[t->nfree++] = s;
			return fio_io_error(op, file, off, EBUSY);
		}
		if (op == FIO_OP_READ)
			io_uring_prep_read(sqe, fio.fds[file], s->buf, (unsigned)s->len, off);
		else
			io_uring_prep_write(sqe, fio.fds[file], s->buf, (unsigned)s->len, off);
		io_uring_sqe_set_data(sqe, s);
		/* With the queue now full, the next event would wait for a
		 * completion anyway: submit and wait in one system call
		 * (io_uring_enter with GETEVENTS) instead of two. */
		r = t->nfree == 0 ? io_uring_submit_and_wait(&t->ring, 1)
		                  : io_uring_submit(&t->ring);
		if (r == -EINTR)        /* a signal before anything was submitted */
			r = io_uring_submit(&t->ring);
		if (r < 0) {
			s->busy = 0; t->free_slots[t->nfree++] = s;
			return fio_io_error(op, file, off, -r);
		}
	}
#endif
	t->inflight++;
	/* Reap what is already done without blocking, so completions are
	 * counted close to when they happened. */
	return fio_reap(t, 0);
}

int native_fio_event(int thread_id)
{
	struct fio_thread *t = &fio.thr[thread_id];
	uint32_t file;
	uint64_t off;
	int op, rc;

	if (t->fsync_left > 0) {
		/* An fsync covers only completed writes: wait for the queue. */
		if (fio_queued() && (rc = fio_drain(t)))
			return rc;
		t->fsync_left--;
		return fio_sync_file(t, t->fsync_next++);
	}
	op = fio_next(t, &file, &off);
	rc = fio_queued() ? fio_event_queued(t, op, file, off)
	                  : fio_event_sync(t, op, file, off);
	if (rc == 0 && fio.cfg.fsync_freq && fio_writes() &&
	    ++t->reqs % fio.cfg.fsync_freq == 0) {
		t->fsync_left = fio.cfg.num_files;
		t->fsync_next = 0;
	}
	return rc;
}

int native_fio_thread_done(int thread_id)
{
	struct fio_thread *t;
	uint32_t i;
	int rc = 0, r;

	if (!fio.ready || thread_id < 0 || (uint32_t)thread_id >= fio.cfg.threads)
		return 0;
	t = &fio.thr[thread_id];
	if (fio_queued())
		rc = fio_drain(t);
	if (fio.cfg.fsync_end && fio_writes())   /* as sysbench: every thread */
		for (i = 0; i < fio.cfg.num_files; i++)
			if ((r = fio_sync_file(t, i)) && rc == 0)
				rc = r;
	return rc;
}
