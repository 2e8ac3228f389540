/*
 * The C functions and types that Lua code reaches through LuaJIT's FFI.
 *
 * This file is the single source of truth for both sides: the C files that
 * implement these functions include it (so the compiler checks every
 * definition against it), and the build embeds its text verbatim as the
 * ffi.cdef string loaded into every lua_State. It must therefore stay plain
 * C declarations that LuaJIT's C parser accepts: no preprocessor lines, no
 * macros, only types from <stdint.h>/<stddef.h>/<stdbool.h>.
 * Native workload helpers declare theirs in src/native/native_ffi.h, which
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
} sb_stat_t;

/* ---- event loop (scheduler) ------------------------------------------ */

/* Finish the calling thread's event in progress (if any) and start the next
 * one. Returns 1 when an event should run now, 0 when the thread must stop
 * (time or event limit reached, or shutdown). */
int bench_event_next(int thread_id);
/* Finish the event in progress, if any (after event() returned true). */
void bench_event_finish(int thread_id);

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

/* Add n to counter `counter` (enum stats_ctr in stats/stats.h: 0 reads,
 * 1 writes, 2 other, 3 errors, 4 reconnects, 5 bytes read, 6 bytes written)
 * of the calling worker thread. No-op outside a worker. */
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

/* ---- histograms for scripts (sysbench.histogram) ---------------------- */
typedef struct bench_lua_hist bench_lua_hist;
bench_lua_hist *bench_hist_new(uint32_t size, double min, double max);
void bench_hist_free(bench_lua_hist *h);
void bench_hist_update(bench_lua_hist *h, double value);
void bench_hist_print(bench_lua_hist *h);
double bench_hist_percentile(bench_lua_hist *h, double pct);
