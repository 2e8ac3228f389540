/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include <stdbool.h>
#include <stdint.h>
#include "runtime/runtime.h"
#include "scale/scale.h"
#include "runtime/lrt_state.h"
#include "runtime/optbridge.h"
#include "runtime/sweepbridge.h"
#include "ffi/core.h"
#include "opt/opt.h"
#include "util/log.h"
#include "config.h"

#include "runtime/ffi_cdef.h"
#include "runtime/sysbench_bc.h"
#include "runtime/cmdline_bc.h"
#include "runtime/report_bc.h"
#include "runtime/sql_bc.h"
#include "runtime/compat_bc.h"

/* --connections: the Lua state the connections of one worker thread
 * share (each in its own environment), and the script compiled once. */
struct lrt_shared {
	lua_State *L;
	unsigned refs;          /* connections using it */
	int first_tid;          /* the connection that compacts it */
	int chunk_ref;          /* the script's compiled chunk */
	int sysbench_ref;       /* the state's own `sysbench` table */
};

/* The calling worker thread's shared state (--connections). */
static __thread struct lrt_shared *lrt_thread_shared;

static struct {
	int argc;
	char **argv;
	char *command;
	int as_sysbench;     /* sysbench.version_string is sysbench's */
	const struct lrt_script *script;
} R;

static const struct {
	const char *name;
	const unsigned char *bc;
	size_t len;
} lrt_modules[] = {
	{ "sysbench.lua", luaJIT_BC_bench_sysbench, luaJIT_BC_bench_sysbench_SIZE },
	{ "sysbench.cmdline.lua", luaJIT_BC_bench_cmdline, luaJIT_BC_bench_cmdline_SIZE },
	{ "sysbench.report.lua", luaJIT_BC_bench_report, luaJIT_BC_bench_report_SIZE },
	{ "sysbench.compat.lua", luaJIT_BC_bench_compat, luaJIT_BC_bench_compat_SIZE },
};

/* sysbench.sql is loaded on first use (sysbench.__sql_on_demand in
 * sysbench.lua): these are the globals its sql.__legacy defines, stubs
 * until then. */
static const char *const lrt_sql_legacy[] = {
	"db_connect", "db_disconnect", "db_query", "db_prepare",
	"db_bind_param", "db_bind_result", "db_execute", "db_close",
	"db_store_results", "db_free_results", "db_bulk_insert_init",
	"db_bulk_insert_next", "db_bulk_insert_done",
};

/* The loader sysbench.__sql_on_demand calls: runs sysbench.sql.lua. */
static int lrt_sql_load(lua_State *L)
{
	if (luaL_loadbuffer(L, (const char *)luaJIT_BC_bench_sql, luaJIT_BC_bench_sql_SIZE,
	                    "sysbench.sql.lua"))
		return lua_error(L);
	lua_call(L, 0, 0);
	return 0;
}

/* ---- locating and reading the script ---------------------------------- */

static int file_exists(const char *p)
{
	return access(p, R_OK) == 0;
}

static char *read_all(FILE *f, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap), *nb;
	size_t r;
	if (buf == NULL)
		return NULL;
	while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			cap *= 2;
			nb = realloc(buf, cap);
			if (nb == NULL) {
				free(buf);
				return NULL;
			}
			buf = nb;
		}
	}
	if (ferror(f)) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

/* Built-ins come from the source tree when this binary is the one in the
 * build directory (so a stale installed copy never shadows edits), else
 * from the installed data directory. */
static const char *lrt_luadir_val;

static void lrt_luadir_init(void)
{
	static char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	const char *env = getenv("BENCH_LUA_DIR");
	lrt_luadir_val = BENCH_PKGDATADIR;
	if (env && *env) {
		lrt_luadir_val = env;
	} else if (n > 0) {
		char *slash;
		exe[n] = 0;
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			if (strcmp(exe, BENCH_BUILDDIR) == 0)
				lrt_luadir_val = BENCH_SRC_LUADIR;
		}
	}
}

/* Worked out once: starting workers call this at the same time. */
static const char *lrt_luadir(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, lrt_luadir_init);
	return lrt_luadir_val;
}

/* sysbench falls back to require(name): find the module's file on
 * package.path (LUA_PATH, with ";;" standing for LuaJIT's defaults) the way
 * require would. Returns 0 with the path in out, or -ENOENT. */
static int lrt_find_module(const char *name, char *out, size_t outlen)
{
	lua_State *L = luaL_newstate();
	int rc = -ENOENT;
	if (L == NULL)
		return -ENOMEM;
	luaL_openlibs(L);
	lua_getglobal(L, "package");
	lua_getfield(L, -1, "searchpath");
	if (lua_isfunction(L, -1)) {
		lua_pushstring(L, name);
		lua_getfield(L, -3, "path");
		if (lua_pcall(L, 2, 1, 0) == 0 && lua_isstring(L, -1)) {
			snprintf(out, outlen, "%s", lua_tostring(L, -1));
			rc = 0;
		}
	}
	lua_close(L);
	return rc;
}

int lrt_script_load(const char *workload, struct lrt_script *out)
{
	char path[PATH_MAX];
	FILE *f;
	int is_stdin = workload == NULL || strcmp(workload, "-") == 0;

	memset(out, 0, sizeof(*out));
	out->name = strdup(is_stdin ? "-" : workload);
	if (is_stdin) {
		out->chunkname = strdup("=stdin");
		f = stdin;
	} else {
		if (file_exists(workload) && strchr(workload, '/') == NULL &&
		    strlen(workload) > 4 && strcmp(workload + strlen(workload) - 4, ".lua") == 0)
			snprintf(path, sizeof(path), "%s", workload);
		else if (strchr(workload, '/') || (strlen(workload) > 4 &&
		         strcmp(workload + strlen(workload) - 4, ".lua") == 0))
			snprintf(path, sizeof(path), "%s", workload);
		else
			snprintf(path, sizeof(path), "%s/%s.lua", lrt_luadir(), workload);
		if (!file_exists(path)) {
			/* a plain name that is also a file in the current dir */
			if (file_exists(workload))
				snprintf(path, sizeof(path), "%s", workload);
			else if (lrt_find_module(workload, path, sizeof(path)) != 0) {
				log_msg(LOG_FATAL, "Cannot find benchmark '%s': no such built-in test, file or module",
				        workload);
				lrt_script_free(out);
				return -ENOENT;
			}
		}
		f = fopen(path, "r");
		if (f == NULL) {
			log_msg(LOG_FATAL, "cannot open '%s': %s", path, strerror(errno));
			lrt_script_free(out);
			return -errno;
		}
		out->path = strdup(path);
		out->chunkname = malloc(strlen(path) + 2);
		sprintf(out->chunkname, "@%s", path);
	}
	out->source = read_all(f, &out->len);
	if (f != stdin)
		fclose(f);
	if (out->source == NULL) {
		log_msg(LOG_FATAL, "cannot read the script '%s'", out->name);
		lrt_script_free(out);
		return -EIO;
	}
	R.script = out;
	lrt_opts_set_script(out);
	return 0;
}

void lrt_script_free(struct lrt_script *s)
{
	if (s == NULL)
		return;
	free(s->name);
	free(s->path);
	free(s->chunkname);
	free(s->source);
	memset(s, 0, sizeof(*s));
}

void lrt_set_cmdline(int argc, char **argv, const char *command)
{
	R.argc = argc;
	R.argv = argv;
	free(R.command);
	R.command = command ? strdup(command) : NULL;
}

void lrt_set_as_sysbench(int on)
{
	R.as_sysbench = on;
}

/* ---- state creation ------------------------------------------------------ */

/* sysbench.cmdline.print_test_options(): the list and a blank line */
static int lrt_print_options_cb(lua_State *L)
{
	(void)L;
	sb_print_test_options();
	return 0;
}

static void lrt_set_package_path(lua_State *L)
{
	/* Built on the Lua stack, not in PATH_MAX arrays on the C stack: the
	 * compiler probes every page of a large frame, and each worker thread
	 * would keep 16 KB more of its stack resident (16 MB at 1000
	 * threads). */
	const char *env = getenv("LUA_PATH");
	const char *path = R.script ? R.script->path : NULL;
	const char *slash = path ? strrchr(path, '/') : NULL;

	lua_getglobal(L, "package");
	if (slash)
		lua_pushlstring(L, path, (size_t)(slash - path));
	else
		lua_pushliteral(L, ".");
	lua_pushfstring(L, "%s/?.lua;./?.lua;%s/?.lua;%s%s", lua_tostring(L, -1),
	                lrt_luadir(), env ? env : "", env ? "" : ";");
	lua_setfield(L, -3, "path");
	lua_pop(L, 2);
}

static int lrt_state(const struct lrt_script *s, int tid, int run_script, struct lrt **out);

int lrt_create(const struct lrt_script *s, int tid, struct lrt **out)
{
	return lrt_state(s, tid, 1, out);
}

/* A state for thread tid with the modules loaded, and the script run
 * when run_script (else only its path is known). */
static int lrt_state(const struct lrt_script *s, int tid, int run_script, struct lrt **out)
{
	struct lrt *l = calloc(1, sizeof(*l));
	lua_State *L;
	size_t i;
	int k;

	if (l == NULL)
		return -ENOMEM;
	L = luaL_newstate();
	if (L == NULL) {
		free(l);
		log_msg(LOG_FATAL, "cannot create a Lua state: out of memory");
		return -ENOMEM;
	}
	l->L = L;
	l->tid = tid;
	luaL_openlibs(L);

	/* ffi as a global, with our declarations */
	lua_getglobal(L, "require");
	lua_pushstring(L, "ffi");
	if (lua_pcall(L, 1, 1, 0))
		goto lua_err;
	lua_pushvalue(L, -1);
	lua_setglobal(L, "ffi");
	lua_getfield(L, -1, "cdef");
	lua_pushstring(L, bench_ffi_cdef);
	if (lua_pcall(L, 1, 0, 0))
		goto lua_err;
	lua_pop(L, 1);

	/* the sysbench table the modules extend */
	lua_newtable(L);
	lua_pushinteger(L, tid < 0 ? 0 : tid);    /* sysbench: 0 in the main state */
	lua_setfield(L, -2, "tid");
	/* N instances of one benchmark (scale.h): per process, as tid is
	 * per thread */
	lua_pushinteger(L, scale_instance());
	lua_setfield(L, -2, "instance");
	lua_pushinteger(L, scale_instances());
	lua_setfield(L, -2, "instances");
	lua_pushstring(L, "1.0.20");
	lua_setfield(L, -2, "version");
	/* what --version prints, as in sysbench (main.c: the sysbench name) */
	lua_pushstring(L, R.as_sysbench ? "sysbench 1.0.20" : "bench " PACKAGE_VERSION);
	lua_setfield(L, -2, "version_string");
	lua_pushstring(L, PACKAGE_VERSION);
	lua_setfield(L, -2, "bench_version");
	lua_pushcfunction(L, lrt_print_options_cb);
	lua_setfield(L, -2, "__print_options");
	lua_newtable(L);                      /* cmdline */
	lua_newtable(L);                      /* argv */
	for (k = 0; k < R.argc; k++) {
		lua_pushstring(L, R.argv[k]);
		lua_rawseti(L, -2, k);
	}
	lua_setfield(L, -2, "argv");
	if (R.command) {
		lua_pushstring(L, R.command);
		lua_setfield(L, -2, "command");
	}
	if (s && s->path) {
		lua_pushstring(L, s->path);
		lua_setfield(L, -2, "script_path");
	}
	lua_setfield(L, -2, "cmdline");
	lua_setglobal(L, "sysbench");

	lrt_set_package_path(L);

	for (i = 0; i < sizeof(lrt_modules) / sizeof(lrt_modules[0]); i++) {
		if (luaL_loadbuffer(L, (const char *)lrt_modules[i].bc, lrt_modules[i].len,
		                    lrt_modules[i].name) || lua_pcall(L, 0, 0, 0))
			goto lua_err;
	}
	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "__sql_on_demand");
	lua_remove(L, -2);
	lua_pushcfunction(L, lrt_sql_load);
	lua_createtable(L, (int)(sizeof(lrt_sql_legacy) / sizeof(lrt_sql_legacy[0])), 0);
	for (i = 0; i < sizeof(lrt_sql_legacy) / sizeof(lrt_sql_legacy[0]); i++) {
		lua_pushstring(L, lrt_sql_legacy[i]);
		lua_rawseti(L, -2, (int)i + 1);
	}
	if (lua_pcall(L, 2, 0, 0))
		goto lua_err;
	/* What loading left (the cdef string, the parser's and the modules'
	 * temporaries) is freed before the script runs, which then reuses
	 * it: about 7 KB less peak RSS a thread at 1000 threads. */
	lua_gc(L, LUA_GCCOLLECT, 0);
	if (tid >= 0)
		lrt_publish_options(l, lrt_opts_legacy());
	lrt_push_current_step(L);
	/* sysbench 0.5 scripts read the worker's id (0 in the main state) and
	 * the script's path, as given, from globals */
	lua_pushinteger(L, tid >= 0 ? tid : 0);
	lua_setglobal(L, "thread_id");
	if (s && s->path) {
		lua_pushstring(L, s->name);
		lua_setglobal(L, "test");
	}

	if (s && run_script) {
		if (luaL_loadbuffer(L, s->source, s->len, s->chunkname)) {
			log_msg(LOG_FATAL, "%s", lrt_errmsg(L));
			goto err;
		}
		if (lua_pcall(L, 0, 0, 0)) {
			log_msg(LOG_FATAL, "%s", lrt_errmsg(L));
			goto err;
		}
		/* as sysbench: option values replace the script's own globals of
		 * the same name, except functions */
		if (tid >= 0 && lrt_opts_legacy())
			lrt_export_globals(l);
	}
	*out = l;
	return 0;

lua_err:
	log_msg(LOG_FATAL, "cannot initialise Lua: %s", lrt_errmsg(L));
err:
	lrt_destroy(l);
	return -EIO;
}

static void lrt_co_release(struct lrt *l);

void lrt_destroy(struct lrt *l)
{
	struct lrt_shared *sh;

	if (l == NULL)
		return;
	sh = l->sh;
	if (sh == NULL) {
		if (l->L)
			lua_close(l->L);
		free(l);
		return;
	}
	lrt_co_release(l);
	luaL_unref(sh->L, LUA_REGISTRYINDEX, l->env_ref);
	free(l);
	if (--sh->refs == 0) {
		lua_close(sh->L);
		if (lrt_thread_shared == sh)
			lrt_thread_shared = NULL;
		free(sh);
	}
}

/* This worker thread's shared state, made on first use (tid: the first
 * connection's). NULL after a logged failure. */
static struct lrt_shared *lrt_shared_get(const struct lrt_script *s, int tid)
{
	struct lrt_shared *sh = lrt_thread_shared;
	struct lrt *base = NULL;
	lua_State *L;

	if (sh != NULL)
		return sh;
	if ((sh = calloc(1, sizeof(*sh))) == NULL) {
		log_msg(LOG_FATAL, "cannot create a Lua state: out of memory");
		return NULL;
	}
	if (lrt_state(s, tid, 0, &base)) {
		free(sh);
		return NULL;
	}
	L = sh->L = base->L;
	free(base);
	sh->first_tid = tid;
	if (luaL_loadbuffer(L, s->source, s->len, s->chunkname)) {
		log_msg(LOG_FATAL, "%s", lrt_errmsg(L));
		lua_close(L);
		free(sh);
		return NULL;
	}
	sh->chunk_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lua_getglobal(L, "sysbench");
	sh->sysbench_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lrt_thread_shared = sh;
	return sh;
}

/* A shared state's garbage, bounded in bytes. LuaJIT starts a collection
 * when the heap reaches pause% of what the last one left (200: as much
 * garbage as live data), and a collection, incremental, does stepmul% of
 * the bytes allocated meanwhile in work (200: it ends after the program
 * has allocated about as much as the heap holds). Thousands of
 * connections make a state's live heap tens of MB (about 19 KB each:
 * their environments), so with the defaults a run's garbage grows by tens
 * of MB before a collection ends (oltp_point_select makes 43 bytes an
 * event: at 15000 events/s the 2000-connection run grew by 18 MB in 30 s).
 * Past LRT_GC_SLACK_KB of heap, the pause shrinks so that a collection
 * starts after that much garbage (at least 110) and stepmul grows so that
 * it ends within about as much more allocation; under it, the defaults
 * (64 connections are not affected). A collection's work stays the same
 * (a traversal of the heap); there are more of them, each in smaller
 * steps. Set from the heap's size, garbage included, before the
 * collection whose end sets the next threshold. */
#define LRT_GC_SLACK_KB 4096

static void lrt_gc_pace(lua_State *L)
{
	long kb = lua_gc(L, LUA_GCCOUNT, 0);
	long pause = 200, stepmul = 200;

	if (kb > LRT_GC_SLACK_KB) {
		pause = 100 + 100L * LRT_GC_SLACK_KB / kb;
		pause = pause < 110 ? 110 : pause;
		stepmul = 200L * kb / LRT_GC_SLACK_KB;
		stepmul = stepmul > 5000 ? 5000 : stepmul;
	}
	lua_gc(L, LUA_GCSETPAUSE, (int)pause);
	lua_gc(L, LUA_GCSETSTEPMUL, (int)stepmul);
}

int lrt_co_create(const struct lrt_script *s, int tid, struct lrt **out)
{
	struct lrt_shared *sh;
	struct lrt *l;
	lua_State *L;

	/* A script that declares no options gets the option values as
	 * globals (sysbench 0.5's way), set in a state's globals: its own. */
	if (lrt_opts_legacy() || s == NULL)
		return lrt_create(s, tid, out);
	if ((sh = lrt_shared_get(s, tid)) == NULL)
		return -EIO;
	if ((l = calloc(1, sizeof(*l))) == NULL) {
		log_msg(LOG_FATAL, "out of memory for connection %d", tid);
		return -ENOMEM;
	}
	L = l->L = sh->L;
	l->tid = tid;
	l->sh = sh;
	l->env_ref = LUA_NOREF;
	sh->refs++;
	lua_rawgeti(L, LUA_REGISTRYINDEX, sh->sysbench_ref);
	lua_getfield(L, -1, "__new_env");
	lua_pushinteger(L, tid);
	if (lua_pcall(L, 1, 1, 0))
		goto err;
	l->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lua_getfield(L, -1, "__run_in_env");
	lua_rawgeti(L, LUA_REGISTRYINDEX, sh->chunk_ref);
	lua_rawgeti(L, LUA_REGISTRYINDEX, l->env_ref);
	if (lua_pcall(L, 2, 0, 0))
		goto err;
	lua_pop(L, 1);
	lrt_gc_pace(L);
	*out = l;
	return 0;
err:
	log_msg(LOG_FATAL, "%s", lrt_errmsg(L));
	lua_settop(L, 0);
	lrt_destroy(l);
	return -EIO;
}

/* ---- calls ---------------------------------------------------------------- */

int lrt_has_function(struct lrt *l, const char *fname)
{
	return lrt_global_function(l->L, fname);
}

int lrt_own_thread_run(struct lrt *l)
{
	lua_State *L = l->L;
	int own;
	lua_getglobal(L, "thread_run");
	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "thread_run_default");
	own = lua_isfunction(L, -3) && !lua_rawequal(L, -3, -1);
	lua_pop(L, 3);
	return own;
}

int lrt_call(struct lrt *l, const char *fname, int tid)
{
	lua_State *L = l->L;
	lua_getglobal(L, fname);
	if (tid >= 0)
		lua_pushinteger(L, tid);
	if (lua_pcall(L, tid >= 0 ? 1 : 0, 0, 0)) {
		if (!lrt_error_quiet(L))
			log_msg(LOG_FATAL, "`%s' function failed: %s", fname, lrt_errmsg(L));
		lua_pop(L, 1);
		return -EIO;
	}
	return 0;
}

int lrt_call_counters(struct lrt *l, const char *fname,
                      void (*emit)(void *ud, const char *name, double v, int gauge),
                      void *ud, char *err, size_t len)
{
	lua_State *L = l->L;
	int top = lua_gettop(L);

	lua_getglobal(L, fname);
	if (lua_pcall(L, 0, 2, 0)) {
		snprintf(err, len, "%s", lrt_errmsg(L));
		lua_settop(L, top);
		return -EIO;
	}
	for (int t = 0; t < 2; t++) {
		int idx = top + 1 + t;
		if (!lua_istable(L, idx))
			continue;
		lua_pushnil(L);
		while (lua_next(L, idx)) {
			/* lua_tostring would turn a number key into a string in
			 * place and confuse lua_next: strings only */
			if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TNUMBER)
				emit(ud, lua_tostring(L, -2), lua_tonumber(L, -1), t);
			lua_pop(L, 1);
		}
	}
	lua_settop(L, top);
	return 0;
}

/* ---- coroutines (--connections) --------------------------------------- */

static void lrt_co_release(struct lrt *l)
{
	if (l->co) {
		luaL_unref(l->L, LUA_REGISTRYINDEX, l->co_ref);
		l->co = NULL;
	}
}

/* Resume l's coroutine with nargs arguments on its stack. */
static int lrt_co_go(struct lrt *l, int nargs)
{
	lua_State *co = l->co;
	int st;

	st = lua_resume(co, nargs);
	if (st == LUA_YIELD) {
		lua_settop(co, 0);
		return 1;
	}
	if (st != 0) {
		if (!lrt_error_quiet(co))
			log_msg(LOG_FATAL, "`%s' function failed: %s", l->co_fname, lrt_errmsg(co));
		lrt_co_release(l);
		return -EIO;
	}
	lrt_co_release(l);
	return 0;
}

int lrt_co_start(struct lrt *l, const char *fname)
{
	lua_State *L = l->L;

	lrt_co_release(l);
	if (l->sh) {
		lua_rawgeti(L, LUA_REGISTRYINDEX, l->env_ref);
		lua_getfield(L, -1, fname);
		lua_remove(L, -2);
	} else {
		lua_getglobal(L, fname);
	}
	if (!lua_isfunction(L, -1)) {
		lua_pop(L, 1);
		return 0;       /* thread_init/thread_done are optional */
	}
	l->co = lua_newthread(L);
	lua_insert(L, -2);
	lua_xmove(L, l->co, 1);
	l->co_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	l->co_fname = fname;
	lua_pushinteger(l->co, l->tid);
	return lrt_co_go(l, 1);
}

void lrt_compact(struct lrt *l)
{
	/* a shared state: once, by its first connection (a full collection
	 * per connection would cost the square of their number) */
	if (l->sh && l->tid != l->sh->first_tid)
		return;
	if (l->sh)
		lrt_gc_pace(l->L);
	lua_gc(l->L, LUA_GCCOLLECT, 0);
}

int lrt_co_resume(struct lrt *l)
{
	if (l->co == NULL)
		return 0;
	return lrt_co_go(l, 0);
}

/* Pushes sysbench.cmdline.commands[cmd] (or nil). */
static void lrt_push_command(lua_State *L, const char *cmd)
{
	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "cmdline");
	lua_getfield(L, -1, "commands");
	if (lua_istable(L, -1))
		lua_getfield(L, -1, cmd);
	else
		lua_pushnil(L);
	lua_replace(L, -4);
	lua_pop(L, 2);
}

int lrt_command_kind(struct lrt *l, const char *cmd)
{
	lua_State *L = l->L;
	int kind = 0;
	lrt_push_command(L, cmd);
	if (lua_istable(L, -1)) {
		lua_rawgeti(L, -1, 1);
		if (lua_isfunction(L, -1)) {
			lua_rawgeti(L, -2, 2);
			kind = lua_toboolean(L, -1) ? 2 : 1;
			lua_pop(L, 1);
		}
		lua_pop(L, 1);
	} else if (lua_isfunction(L, -1)) {
		kind = 1;
	}
	lua_pop(L, 1);
	return kind;
}

int lrt_run_command(struct lrt *l, const char *cmd)
{
	lua_State *L = l->L;
	lrt_push_command(L, cmd);
	if (lua_istable(L, -1)) {
		lua_rawgeti(L, -1, 1);
		lua_remove(L, -2);
	}
	if (!lua_isfunction(L, -1)) {
		lua_pop(L, 1);
		return -ENOENT;
	}
	if (l->tid >= 0)
		lua_pushinteger(L, l->tid);
	if (lua_pcall(L, l->tid >= 0 ? 1 : 0, 0, 0)) {
		if (!lrt_error_quiet(L))
			log_msg(LOG_FATAL, "`%s' function failed: %s", cmd, lrt_errmsg(L));
		lua_pop(L, 1);
		return -EIO;
	}
	return 0;
}

void lrt_list_commands(struct lrt *l, void (*fn)(void *ud, const char *name), void *ud)
{
	lua_State *L = l->L;

	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "cmdline");
	lua_getfield(L, -1, "commands");
	if (lua_istable(L, -1)) {
		lua_pushnil(L);
		while (lua_next(L, -2)) {
			lua_pop(L, 1);
			if (lua_type(L, -1) == LUA_TSTRING)
				fn(ud, lua_tostring(L, -1));
		}
	}
	lua_pop(L, 3);
}

const char *lrt_data_dir(void)
{
	return lrt_luadir();
}
