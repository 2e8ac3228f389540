/*
 * Native helpers of the built-in workloads (cpu, memory, threads, mutex),
 * called from the workloads in lua/ through the FFI. Embedded into
 * ffi.cdef with src/lua/ffi_api.h: plain declarations only (see that
 * file).
 *
 * State that all threads share (buffers, mutex arrays) lives in the C
 * side: a workload's init() sets it up from the main lua_State, the
 * workers' event() calls then use it from their own lua_States, and done()
 * frees it after every worker has stopped.
 */

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
 * up. Counts the bytes read or written (bench_stat_add). Returns 1 if a
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
