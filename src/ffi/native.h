/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Native helpers of the built-in workloads (cpu, memory, threads, mutex),
 * called from the workloads in lua/ through the FFI. Embedded into
 * ffi.cdef with src/ffi/core.h: plain declarations only (see that
 * file).
 *
 * State that all threads share (buffers, mutex arrays) lives in the C
 * side: a workload's init() sets it up from the main lua_State, the
 * workers' event() calls then use it from their own lua_States, and done()
 * frees it after every worker has stopped.
 */

/* ---- messages and options (util.c) -------------------------------------- */

/* Print msg as a sysbench message of level (0 fatal, 1 alert, 2 warning,
 * 3 notice, 4 info, 5 debug): with its prefix ("FATAL: "...), only when
 * --verbosity is at least level. Thread-safe. */
void native_log(int level, const char *msg);
/* Mute (1) or unmute (0) the calling thread's messages, around a probe
 * whose failures are expected and said elsewhere (the OLTP table check's
 * connection). */
void native_log_mute(int on);
/* Pause (1) or resume (0) the calling thread's statistics: statements
 * run meanwhile are counted nowhere (the OLTP table check in thread_init). */
void native_stats_pause(int on);
/* Set core or workload option name to value, as if given on the command
 * line (main thread, before the workers start). 0 or -errno. */
int native_opt_set(const char *name, const char *value);

/* ---- instances sharing a table (scale/barrier.c) ------------------------- */

/* Through rows of the table bench_barrier in the database under test (the
 * workload's driver, a connection of its own per call), keyed by the run
 * id and tag (1 to 40 of A-Z a-z 0-9 . _ -): mark this instance's row;
 * wait until the instances first, first+stride, ... below N all marked
 * tag, at most --barrier-timeout seconds; clear every row of tag. who:
 * the prefix of the FATAL line a failure prints (naming what is waited
 * for; wait's also names the missing instances). 0 or a negative errno. */
int native_scale_mark(const char *tag, const char *who);
int native_scale_wait(const char *tag, uint32_t first, uint32_t stride, const char *who);
void native_scale_clear(const char *tag, const char *who);

/* ---- cpu ---------------------------------------------------------------- */

/* One cpu event: count the primes c with 3 <= c < max_prime by trial
 * division with 64-bit divisors 2..sqrt(c) (the same work as sysbench's
 * event, so events/s compare). Pure; thread-safe. */
uint32_t native_cpu_primes(uint32_t max_prime);

/* ---- memory ------------------------------------------------------------- */

/* What one memory event does to its block. */
enum native_mem_oper {
	NATIVE_MEM_NONE = 0,
	NATIVE_MEM_READ = 1,
	NATIVE_MEM_WRITE = 2
};

typedef struct native_mem_cfg {
	uint64_t block_size;    /* bytes per event: a power of two >= 8 */
	uint64_t total_size;    /* bytes over all threads; 0 = no limit */
	uint64_t working_set;   /* bytes per buffer: a multiple of block_size */
	uint32_t threads;       /* worker threads (ids 0..threads-1) */
	int32_t scope_local;    /* 1: a buffer per thread; 0: one shared */
	int32_t hugetlb;        /* 1: buffers from the HugeTLB pool */
	int32_t oper;           /* enum native_mem_oper */
	int32_t access_rnd;     /* 1: random blocks and random words */
	int32_t fast;           /* 1: bench's fast path (memset, summed
	                         * reads, budget taken in chunks); 0: the
	                         * per-word work of sysbench 1.0.20 */
} native_mem_cfg;

/* Check cfg, allocate and zero the buffers (main thread, before workers
 * start). Returns 0, or -EINVAL / -ENOMEM / another -errno with a message
 * in native_mem_error(). Replaces a previous setup. */
int native_mem_setup(const native_mem_cfg *cfg);
/* The message of the last failed native_mem_setup() ("" if none). */
const char *native_mem_error(void);
/* Worker thread_id: seed its generator and reset its position. */
void native_mem_thread_init(int thread_id);
/* Worker thread_id: one event (one block) unless the total size is used
 * up. Counts the bytes read or written (stats_count). Returns 1 if a
 * block was done, 0 when the total is reached (the thread should stop). */
int native_mem_event(int thread_id);
/* Free the buffers. No worker may be running. Safe to call twice. */
void native_mem_teardown(void);

/* ---- threads ------------------------------------------------------------ */

/* Create `locks` (>= 1) mutexes shared by all threads. 0 or -errno. */
int native_threads_setup(uint32_t locks);
/* One event: take the next mutex in round-robin order over all threads'
 * events, then `yields` times lock it, sched_yield(), unlock it. */
void native_threads_event(uint32_t yields);
/* Destroy the mutexes. No worker may be running. Safe to call twice. */
void native_threads_teardown(void);

/* ---- mutex -------------------------------------------------------------- */

/* Create `num` (>= 1) mutexes, each on its own cache line. 0 or -errno. */
int native_mutex_setup(uint32_t num);
/* The one event of a thread: `locks` times, spin `loops` empty iterations,
 * then lock a uniformly random mutex, increment a shared counter, unlock
 * (sysbench's mutex event). Uses the calling thread's rand_uniform(). */
void native_mutex_event(uint32_t locks, uint32_t loops);
/* Increments done so far by all threads. */
uint64_t native_mutex_counter(void);
/* Destroy the mutexes. No worker may be running. Safe to call twice. */
void native_mutex_teardown(void);

/* ---- fileio ------------------------------------------------------------- */

/* What the run does (--file-test-mode). */
enum native_fio_mode {
	NATIVE_FIO_SEQWR = 0,
	NATIVE_FIO_SEQREWR = 1,
	NATIVE_FIO_SEQRD = 2,
	NATIVE_FIO_RNDRD = 3,
	NATIVE_FIO_RNDWR = 4,
	NATIVE_FIO_RNDRW = 5
};

/* How requests are issued (--file-io-mode). */
enum native_fio_iomode {
	NATIVE_FIO_SYNC = 0,
	NATIVE_FIO_ASYNC = 1,
	NATIVE_FIO_MMAP = 2,
	NATIVE_FIO_URING = 3
};

/* Bits of native_fio_cfg.extra_flags (--file-extra-flags). */
enum native_fio_flag {
	NATIVE_FIO_F_SYNC = 1,
	NATIVE_FIO_F_DSYNC = 2,
	NATIVE_FIO_F_DIRECT = 4
};

typedef struct native_fio_cfg {
	uint64_t file_size;     /* bytes per file (as sysbench: total / num,
	                         * rounded down); the last request of a file
	                         * is short when block_size does not divide it */
	uint32_t num_files;
	uint32_t block_size;
	uint32_t threads;       /* worker threads (ids 0..threads-1) */
	int32_t mode;           /* enum native_fio_mode */
	int32_t io_mode;        /* enum native_fio_iomode */
	int32_t extra_flags;    /* enum native_fio_flag bits */
	uint32_t fsync_freq;    /* requests per thread between fsyncs; 0: none */
	int32_t fsync_all;      /* fsync after every write */
	int32_t fsync_end;      /* fsync every file when a thread ends */
	int32_t fdatasync;      /* 1: fdatasync() instead of fsync() */
	int32_t validate;       /* checksummed blocks, checked on read */
	uint32_t queue_depth;   /* async/io_uring requests in flight per thread */
	double rw_ratio;        /* reads per write (rndrw) */
	int32_t huge_buffers;   /* 1: I/O buffers in transparent huge pages */
	uint32_t merged;        /* seq modes: requests of merged blocks; 0, 1: one */
} native_fio_cfg;

/* The message of the last failed native_fio_* call ("" if none). */
const char *native_fio_error(void);
/* A hint (sysbench's WARNING line) for that failure, or "". */
const char *native_fio_hint(void);
/* Size of file `index` in bytes; 0 if it does not exist. */
uint64_t native_fio_file_size(uint32_t index);
/* Prepare, as sysbench: create file `index` of cfg if missing and write
 * checksummed blocks of block_size (opened with the extra flags) from its
 * end, rounded down to a block, until it holds at least file_size bytes
 * (a file big enough already is left alone). Adds the bytes written to
 * *written. Returns 0, or -errno with a message in native_fio_error(); a
 * file left short is never taken as prepared, because setup checks every
 * size. */
int native_fio_create_file(const native_fio_cfg *cfg, uint32_t index,
                           uint64_t *written);
/* Format bytes as sysbench does ("16Ki", "4.001Ki", "512"): with the unit
 * prefix, without the final "B". Thread-safe; returns buf. */
const char *native_fio_size_text(char *buf, uint32_t len, double bytes);
/* Cleanup: remove file `index` ("test_file.N"). 0, or -errno (a missing file
 * is not an error). */
int native_fio_remove_file(uint32_t index);
/* Run: check cfg, open every file (checking that it holds file_size bytes;
 * seqwr instead creates the files anew, as sysbench) and map it (mmap),
 * allocate per-thread buffers and queues. Main thread, before the workers.
 * Returns 0 or -errno with a message in native_fio_error() and maybe a
 * hint in native_fio_hint(). */
int native_fio_setup(const native_fio_cfg *cfg);
/* Worker thread_id: reset position and queue. 0 or -errno (message). */
int native_fio_thread_init(int thread_id);
/* Worker thread_id: one request (or one pending fsync). Counts it with
 * stats_count once it has completed. Returns 0, or -errno with a
 * message (an I/O error, a validation failure: the run must stop). */
int native_fio_event(int thread_id);
/* Worker thread_id at its end: wait for requests in flight, then fsync every
 * file if fsync_end and the mode writes. 0 or -errno (message). */
int native_fio_thread_done(int thread_id);
/* Monotonic clock in seconds, for prepare's throughput line. */
double native_fio_now(void);
/* Close files, unmap, free. No worker may be running. Safe to call twice. */
void native_fio_teardown(void);
