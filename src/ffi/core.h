/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef BENCH_FFI_CORE_H
#define BENCH_FFI_CORE_H
/*
 * The C functions and types that Lua code reaches through LuaJIT's FFI.
 *
 * This file is the single source of truth for both sides: the C files that
 * implement these functions include it (so the compiler checks every
 * definition against it), and the build embeds its declarations (the text
 * without comments) as the ffi.cdef string loaded into every lua_State. It must therefore stay plain
 * C declarations that LuaJIT's C parser accepts: no macros, no preprocessor
 * lines but the include guard (the build drops lines starting with '#'),
 * only types from <stdint.h>/<stddef.h>/<stdbool.h>.
 * Native workload helpers declare theirs in src/ffi/native.h, which
 * is embedded the same way.
 */

/* Statistics passed to the report hooks (times in seconds). sb_stat_t is
 * sysbench's name for it. */
typedef struct bench_stat {
	uint32_t threads_running;
	double time_interval;
	double time_total;
	double latency_pct;     /* the first --percentile value */
	double latency_min;
	double latency_max;
	double latency_avg;
	double latency_sum;
	uint64_t events;
	uint64_t reads;
	uint64_t writes;
	uint64_t other;
	uint64_t errors;
	uint64_t reconnects;
	uint64_t bytes_read;
	uint64_t bytes_written;
	uint64_t queue_length;
	uint64_t concurrency;
	double wait_avg;        /* schedule lag under --rate */
	double wait_max;
	double wait_pct;
	double service_avg;     /* service time under --rate (latency - lag) */
	double service_max;
	double service_pct;
	uint64_t late;          /* --latency-limit: events over the limit */
	uint64_t skipped;       /* --latency-limit with --rate: arrivals skipped */
	/* final report only (else -1): seconds from the start (after the
	 * warm-up) to the end of the last event */
	double time_events;
} sb_stat_t;

/* ---- event loop (scheduler) ------------------------------------------ */

/* Finish the calling thread's event in progress (if any) and start the next
 * one. Returns 1 when an event should run now, 0 when the thread must stop
 * (time or event limit reached, or shutdown). */
int bench_event_next(int thread_id);
/* Finish the event in progress, if any (after event() returned true). */
void bench_event_finish(int thread_id);

/* 1 when the calling state is one connection's coroutine (--connections):
 * then bench_event_next may return 2, asking the caller to yield
 * (coroutine.yield) until its --rate arrival and call it again. */
int bench_co_active(void);
/* The connection (sysbench.tid) whose coroutine is running, or -1 outside
 * --connections: sysbench.sql finds the running connection's hooks by it
 * (sysbench.__envs). */
int bench_co_current(void);

/* sysbench 1.0's names, for scripts that define their own thread_run(). */
bool sb_more_events(int thread_id);
void sb_event_start(int thread_id);
void sb_event_stop(int thread_id);

/* ---- parallel commands ---------------------------------------------- */

/* In a parallel command (prepare, cleanup, ...): wait until every thread of
 * the command still running has called it. 0; -1 when a thread of the
 * command failed (then no barrier waits any more); 1 outside a parallel
 * command (returns at once). See sched/par.h. */
int bench_par_barrier(void);

/* ---- statistics from Lua ------------------------------------------- */

/* The counters of bench_stat_add(), named here once: C counts them as
 * stats/stats.h's enum stats_ctr, Lua reads them as ffi.C.BENCH_CTR_READS
 * etc. Reports show the first seven (sb_stat_t's reads, writes, other,
 * errors, reconnects, bytes_read, bytes_written). */
enum bench_ctr {
	BENCH_CTR_READS,          /* SQL reads / fileio read operations */
	BENCH_CTR_WRITES,         /* SQL writes / fileio write operations */
	BENCH_CTR_OTHER,          /* other SQL statements / fileio fsyncs */
	BENCH_CTR_ERRORS,         /* ignored errors */
	BENCH_CTR_RECONNECTS,
	BENCH_CTR_READ_BYTES,
	BENCH_CTR_WRITTEN_BYTES,
	BENCH_CTR_USER0,          /* free for workloads (in no report) */
	BENCH_CTR_USER1,
	BENCH_CTR_USER2,
	BENCH_CTR_USER3,
	BENCH_CTR_MAX             /* this one and above are bench's own */
};

/* Add n to counter `counter` (enum bench_ctr) of the calling worker
 * thread. No-op outside a worker or for a counter outside the enum. */
void bench_stat_add(int counter, uint64_t n);

/* sysbench.stats.label(): the id of label `name` (registered on first
 * use), or -22 (EINVAL: not 1..63 characters of [A-Za-z0-9_.-], or starting
 * with "stmt.") or -28
 * (ENOSPC: 64 labels exist). Thread-safe. */
int bench_label_id(const char *name);
/* Label the calling worker's event in progress (no-op outside a worker or
 * an event). */
void bench_event_label(int id);

/* Events the calling worker has started (counts restarts of one event as
 * one). */
uint64_t bench_thread_events(void);

/* 1 once the run is ending (time or event limit, signal, failure). */
int bench_stopping(void);

/* Seconds since the run started (monotonic clock), for scripts. */
double bench_time_since_start(void);

/* sysbench.progress (util/progress.h): a live progress line on a
 * terminal's stderr during a long command such as prepare. begin: the
 * first call while none is active starts it (total units; bytes != 0:
 * sizes) and returns 1 if the line shows; add: n more done (the line goes
 * when the total is reached); done: erase it; hide: erase it before other
 * output (drawn again at the next add). Thread-safe. */
int bench_progress_begin(const char *label, double total, int bytes);
void bench_progress_add(double n);
void bench_progress_done(void);
void bench_progress_hide(void);

/* sysbench.leftover (util/leftover.h): mark an object a command is
 * building as partly built (state 1) or complete (2), so that an
 * interrupted prepare names what it leaves behind. Thread-safe. */
void bench_leftover(const char *name, int state);

/* ---- random numbers (rand/rand.h) ------------------------------------ */
uint32_t rand_uniform(uint32_t a, uint32_t b);
uint64_t rand_uniform_u64(uint64_t a, uint64_t b);
double rand_uniform_double(void);
uint32_t rand_gaussian(uint32_t a, uint32_t b);
uint32_t rand_special(uint32_t a, uint32_t b);
uint32_t rand_pareto(uint32_t a, uint32_t b);
uint32_t rand_zipfian(uint32_t a, uint32_t b);
uint32_t rand_default(uint32_t a, uint32_t b);
uint32_t rand_unique(void);
void rand_string(char *buf, const char *fmt, unsigned len);
unsigned rand_varstring(char *buf, unsigned min, unsigned max);

/* ---- histograms for scripts: bench's extension ------------------------ */

typedef struct histogram sb_histogram_t;
/* Value below which pct percent of h's values lie: the upper edge of the
 * bucket where the count reaches pct, as sysbench's own latency
 * percentiles; 0 for an empty histogram. */
double bench_hist_percentile(sb_histogram_t *h, double pct);

/* ==== sysbench 1.0.20's FFI names =======================================
 * Every type, enum and function sysbench 1.0.20 declares with ffi.cdef in
 * its internal modules sysbench.lua, sysbench.rand.lua,
 * sysbench.histogram.lua and sysbench.cmdline.lua, plus the counter enum of
 * sysbench.sql.lua and sb_counter_inc/sb_counter_val, which sysbench
 * exports and third-party scripts declare themselves. Same names, same
 * layout, same meaning: scripts that call them (or repeat sysbench's
 * declarations) run unchanged. The functions are defined in runtime/api.c,
 * stats/stats.c (counting), sched/sched.c and runtime/runtime.c. */

/* Statistic counters (sysbench.sql.lua's copy of sb_counter.h's enum:
 * SB_CNT_TRX is C's SB_CNT_EVENT). */
typedef enum
{
  SB_CNT_OTHER,
  SB_CNT_READ,
  SB_CNT_WRITE,
  SB_CNT_TRX,
  SB_CNT_ERROR,
  SB_CNT_RECONNECT,
  SB_CNT_MAX
} sb_counter_type;

/* Count one `type` in the calling worker thread's statistics (the
 * thread_id argument is sysbench's; bench counts for the caller, which is
 * what scripts pass: sysbench.tid). SB_CNT_TRX counts an event (events and
 * tps, not latency); 6 and 7 (sysbench C's SB_CNT_BYTES_READ/WRITTEN) count
 * one byte. No-op outside a worker thread or for another value. */
void sb_counter_inc(int thread_id, sb_counter_type type);
/* Current value of worker thread_id's counter `type` since the start of
 * the run (0 for an unknown thread or type). */
uint64_t sb_counter_val(int thread_id, sb_counter_type type);

/* Pseudo-random numbers (sysbench.rand.lua), the calling thread's
 * generator; the distributions of --rand-type and its options. */
uint64_t sb_rand_uniform_uint64(void);
uint32_t sb_rand_default(uint32_t, uint32_t);
uint32_t sb_rand_uniform(uint32_t, uint32_t);
uint32_t sb_rand_gaussian(uint32_t, uint32_t);
uint32_t sb_rand_special(uint32_t, uint32_t);
uint32_t sb_rand_pareto(uint32_t, uint32_t);
/* A 32-bit value no thread got before (a permutation of the 32-bit
 * space, until 2^32 calls). */
uint32_t sb_rand_unique(void);
/* Write strlen(fmt) characters to buf: '#' a random digit, '@' a random
 * lowercase letter, anything else itself. No terminating NUL. */
void sb_rand_str(const char *, char *);
/* In [0, 1). */
double sb_rand_uniform_double(void);

/* Histograms (sysbench.histogram.lua): `size` buckets, logarithmic between
 * range_min and range_max; values outside go to the end buckets. new
 * returns NULL for size 0, range_min <= 0 or range_max <= range_min (or no
 * memory). update is thread-safe; print writes the non-empty buckets to
 * stdout as sysbench does. delete is NULL-safe. */
sb_histogram_t *sb_histogram_new(size_t size, double range_min,
                                 double range_max);
void sb_histogram_delete(sb_histogram_t *h);
void sb_histogram_update(sb_histogram_t *h, double value);
void sb_histogram_print(sb_histogram_t *h);

/* ---- options --------------------------------------------------------- */

/* The text the user gave option `name` (any of its spellings, on the
 * command line or in --config-file), or NULL when it was not given or is
 * not declared: for scripts that must tell a typed value from a default
 * (bench slap's --threads). The pointer stays valid for the run. */
const char *bench_opt_given(const char *name);

/* Script options (sysbench.cmdline.lua, from sb_option.h). */
typedef enum
{
  SB_ARG_TYPE_NULL,
  SB_ARG_TYPE_BOOL,
  SB_ARG_TYPE_INT,
  SB_ARG_TYPE_SIZE,
  SB_ARG_TYPE_DOUBLE,
  SB_ARG_TYPE_STRING,
  SB_ARG_TYPE_LIST,
  SB_ARG_TYPE_FILE,
  SB_ARG_TYPE_MAX
} sb_arg_type_t;

/* Option validation function (accepted, not called by bench). */
typedef bool sb_opt_validate_t(const char *, const char *);

typedef struct
{
  const char         *name;
  const char         *desc;
  const char         *value;
  sb_arg_type_t      type;
  sb_opt_validate_t  *validate;
} sb_arg_t;

/* Declare len script options (name, description, default value as text,
 * type) under the script's options, where command-line values given for
 * them apply; names already declared are kept. Main thread, before the
 * command runs. 0 on success, 1 on an invalid declaration (the error is
 * printed). */
int sb_lua_set_test_args(sb_arg_t *args, size_t len);
/* Print the script's options as `bench SCRIPT help` does. */
void sb_print_test_options(void);
#endif
