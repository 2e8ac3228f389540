/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runtime: the Lua side of a run. One struct lrt per thread (the main
 * thread has one too), each with its own lua_State holding the built-in
 * modules and the workload script. runtime.c is the states' lifecycle
 * (script, creation, calls, coroutines); the option bridge is
 * optbridge.h, the sweeps' bridge sweepbridge.h and the report hooks'
 * bridge hookbridge.h.
 *
 * Errors: functions return 0 or a negative errno; Lua errors are printed
 * as one "FATAL: ..." line naming the script file and line before
 * returning -EIO. A struct lrt is used by one thread at a time.
 */
#ifndef BENCH_RUNTIME_H
#define BENCH_RUNTIME_H

#include <stddef.h>
#include "stats/report.h"

/* The workload's source, resolved once and shared read-only by every
 * state. */
struct lrt_script {
	char *name;        /* as given on the command line ("cpu", "x.lua", "-") */
	char *path;        /* file read, or NULL for stdin */
	char *chunkname;   /* "@path" or "=stdin" */
	char *source;
	size_t len;
};

struct lrt;

/* Find and read the workload: a built-in name (NAME.lua in the source tree
 * when run from the build directory, else in the installed data
 * directory), a path to a file, or "-"/NULL for stdin. Returns 0, or
 * -ENOENT after printing "FATAL: Cannot find benchmark '...'". */
int lrt_script_load(const char *workload, struct lrt_script *out);
void lrt_script_free(struct lrt_script *s);

/* Set what every state's sysbench.cmdline sees. argv is copied. */
void lrt_set_cmdline(int argc, char **argv, const char *command);

/* Under the sysbench name (main.c): sysbench.version_string is then
 * "sysbench 1.0.20", what --version prints. */
void lrt_set_as_sysbench(int on);

/* Create a state for thread tid (the main state uses tid = -1; its
 * scripts see sysbench.tid = 0, as sysbench's) with the modules and the
 * script loaded. */
int lrt_create(const struct lrt_script *s, int tid, struct lrt **out);
void lrt_destroy(struct lrt *l);          /* NULL-safe */

/* 1 if the global `fname` is a function. */
int lrt_has_function(struct lrt *l, const char *fname);

/* 1 if the script replaced thread_run() with its own. */
int lrt_own_thread_run(struct lrt *l);

/* Call global fname(tid) (tid < 0: no argument). Returns 0, or -EIO after
 * printing "FATAL: `fname' function failed: <error>". */
int lrt_call(struct lrt *l, const char *fname, int tid);

/* Call global fname() that returns up to two tables of name -> number
 * (counters, then gauges: --server-stats' server_counters hook): emit
 * (ud, name, value, gauge) for each string key with a number value (the
 * rest is skipped). 0, or -EIO with Lua's message in err (len bytes). */
int lrt_call_counters(struct lrt *l, const char *fname,
                      void (*emit)(void *ud, const char *name, double v, int gauge),
                      void *ud, char *err, size_t len);

/* --connections: run the global function fname(tid) of l as a coroutine
 * (start), or go on after it yielded (resume). 0: it returned (or l has no
 * such function), 1: it yielded, -EIO: it failed (logged as lrt_call). */
int lrt_co_start(struct lrt *l, const char *fname);
/* --connections: connection tid's state. The connections of a worker
 * thread share one Lua state, each running the script in an environment
 * of its own (sysbench.__new_env in sysbench.lua: its own globals,
 * sysbench.tid, sysbench.hooks, modules and 0.5 db_* connection); a
 * script that declares no options (legacy globals) gets a state of its
 * own, as from lrt_create. Call on the worker thread; lrt_destroy frees
 * it (the shared state with its last connection). */
int lrt_co_create(const struct lrt_script *s, int tid, struct lrt **out);
int lrt_co_resume(struct lrt *l);
/* Free what l's state no longer uses (a full garbage collection): what
 * loading the declarations, modules and script left, for --connections,
 * where thousands of states live side by side. */
void lrt_compact(struct lrt *l);

/* Look up sysbench.cmdline.commands[cmd]: 0 = none, 1 = serial,
 * 2 = parallel. */
int lrt_command_kind(struct lrt *l, const char *cmd);
/* Run that command's function in this state. */
int lrt_run_command(struct lrt *l, const char *cmd);
/* Call fn(ud, name) for each command of sysbench.cmdline.commands (in
 * the table's order, which Lua does not define). */
void lrt_list_commands(struct lrt *l, void (*fn)(void *ud, const char *name), void *ud);

/* The directory the built-in workloads are read from (BENCH_LUA_DIR, the
 * source tree for the build directory's binary, else the installed one). */
const char *lrt_data_dir(void);

#endif
