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
#include "runtime/lrt_state.h"
#include "runtime/optbridge.h"
#include "ffi/core.h"
#include "opt/opt.h"
#include "util/log.h"
#include "sweep/sweep.h"
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
	int cur_ref;            /* sysbench.__cur: [1] = the running environment */
};

/* The calling worker thread's shared state (--connections). */
static __thread struct lrt_shared *lrt_thread_shared;

static struct {
	int argc;
	char **argv;
	char *command;
	const struct lrt_script *script;
	/* a sweep's current step: every new state gets sysbench.step */
	const struct sweep_step *step;
	unsigned step_index, step_count;
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

/* ---- state creation ------------------------------------------------------ */

/* An error object marked { quiet = true } (sysbench.barrier() after another
 * thread failed): the cause was printed where it happened. */
static int lrt_error_quiet(lua_State *L)
{
	int quiet = 0;
	if (lua_istable(L, -1)) {
		lua_getfield(L, -1, "quiet");
		quiet = lua_toboolean(L, -1);
		lua_pop(L, 1);
	}
	return quiet;
}


/* sysbench.cmdline.print_test_options(): the list and a blank line */
static int lrt_print_options_cb(lua_State *L)
{
	(void)L;
	sb_print_test_options();
	return 0;
}

static void lrt_set_package_path(lua_State *L)
{
	char buf[3 * PATH_MAX];
	char dir[PATH_MAX] = ".";
	const char *env = getenv("LUA_PATH");

	if (R.script && R.script->path) {
		const char *slash = strrchr(R.script->path, '/');
		if (slash) {
			size_t n = (size_t)(slash - R.script->path);
			if (n >= sizeof(dir))
				n = sizeof(dir) - 1;
			memcpy(dir, R.script->path, n);
			dir[n] = 0;
		}
	}
	snprintf(buf, sizeof(buf), "%s/?.lua;./?.lua;%s/?.lua;%s%s", dir, lrt_luadir(),
	         env ? env : "", env ? "" : ";");
	lua_getglobal(L, "package");
	lua_pushstring(L, buf);
	lua_setfield(L, -2, "path");
	lua_pop(L, 1);
}

/* ---- sweeps ------------------------------------------------------------ */

/* Push a copy of step st as the table scripts see (index, count, threads,
 * label, events, time and the script's own scalar fields). */
static void lrt_push_step(lua_State *L, const struct sweep_step *st,
                          unsigned index, unsigned count)
{
	unsigned k;

	lua_newtable(L);
	for (k = 0; k < st->nfields; k++) {
		const struct sweep_field *f = &st->fields[k];
		if (f->type == SWEEP_STR)
			lua_pushstring(L, f->str);
		else if (f->type == SWEEP_BOOL)
			lua_pushboolean(L, f->num != 0);
		else
			lua_pushnumber(L, f->num);
		lua_setfield(L, -2, f->key);
	}
	lua_pushinteger(L, (lua_Integer)index);
	lua_setfield(L, -2, "index");
	lua_pushinteger(L, (lua_Integer)count);
	lua_setfield(L, -2, "count");
	lua_pushinteger(L, (lua_Integer)st->threads);
	lua_setfield(L, -2, "threads");
	if (st->label) {
		lua_pushstring(L, st->label);
		lua_setfield(L, -2, "label");
	}
	if (st->has_events) {
		lua_pushnumber(L, (lua_Number)st->events);
		lua_setfield(L, -2, "events");
	}
	if (st->has_time) {
		lua_pushnumber(L, st->time);
		lua_setfield(L, -2, "time");
	}
}

/* The number at t[key] (on the top) into *v: 1 if present, 0 if absent,
 * -1 (after the error line) when it is not a number in [min, max]. */
static int lrt_step_number(lua_State *L, unsigned i, const char *key,
                           double min, double max, int integer, double *v)
{
	int rc = 0;

	lua_getfield(L, -1, key);
	if (!lua_isnil(L, -1)) {
		double x = lua_tonumber(L, -1);
		if (lua_type(L, -1) != LUA_TNUMBER || !(x >= min && x <= max) ||
		    (integer && x != (double)(int64_t)x)) {
			log_msg(LOG_FATAL, "sweep_steps(): step %u: '%s' must be %s in %.0f..%.0f",
			        i, key, integer ? "an integer" : "a number", min, max);
			rc = -1;
		} else {
			*v = x;
			rc = 1;
		}
	}
	lua_pop(L, 1);
	return rc;
}

/* The step table on the top of L into a new step of sw. */
static int lrt_read_step(lua_State *L, unsigned i, struct sweep *sw)
{
	struct sweep_step *st;
	double v = 0;
	int r;

	if (!lua_istable(L, -1)) {
		log_msg(LOG_FATAL, "sweep_steps(): step %u is not a table", i);
		return -EINVAL;
	}
	r = lrt_step_number(L, i, "threads", 1, 100000, 1, &v);
	if (r == 0)
		log_msg(LOG_FATAL, "sweep_steps(): step %u has no 'threads'", i);
	if (r <= 0)
		return -EINVAL;
	st = sweep_add(sw, (unsigned)v);
	if (st == NULL) {
		log_msg(LOG_FATAL, "sweep_steps(): too many steps (at most %u)", SWEEP_MAX_STEPS);
		return -ENOMEM;
	}
	if ((r = lrt_step_number(L, i, "events", 0, 9e18, 1, &v)) < 0)
		return -EINVAL;
	st->has_events = r;
	st->events = r ? (uint64_t)v : 0;
	if ((r = lrt_step_number(L, i, "time", 0, 1e9, 0, &v)) < 0)
		return -EINVAL;
	st->has_time = r;
	st->time = r ? v : 0;
	lua_pushnil(L);
	while (lua_next(L, -2)) {
		const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
		int t = lua_type(L, -1), rc = 0;

		if (key && strcmp(key, "label") == 0) {
			if (t != LUA_TSTRING) {
				log_msg(LOG_FATAL, "sweep_steps(): step %u: 'label' must be a string", i);
				lua_pop(L, 2);
				return -EINVAL;
			}
			st->label = strdup(lua_tostring(L, -1));
			rc = st->label ? 0 : -ENOMEM;
		} else if (key == NULL || strcmp(key, "threads") == 0 ||
		           strcmp(key, "events") == 0 || strcmp(key, "time") == 0 ||
		           strcmp(key, "index") == 0 || strcmp(key, "count") == 0) {
			/* read above, or set by the core */
		} else if (t == LUA_TSTRING) {
			rc = sweep_add_field(st, key, SWEEP_STR, lua_tostring(L, -1), 0);
		} else if (t == LUA_TNUMBER) {
			rc = sweep_add_field(st, key, SWEEP_NUM, NULL, lua_tonumber(L, -1));
		} else if (t == LUA_TBOOLEAN) {
			rc = sweep_add_field(st, key, SWEEP_BOOL, NULL, lua_toboolean(L, -1));
		}
		lua_pop(L, 1);
		if (rc) {
			lua_pop(L, 1);
			return rc;
		}
	}
	return 0;
}

int lrt_sweep_steps(struct lrt *l, struct sweep *sw)
{
	lua_State *L = l->L;
	struct sweep mine = { 0 };
	unsigned i, n;
	int rc = 0;

	if (!lrt_has_function(l, "sweep_steps"))
		return 0;
	lua_getglobal(L, "sweep_steps");
	lua_createtable(L, (int)sw->n, 0);        /* the --threads default */
	for (i = 0; i < sw->n; i++) {
		lua_createtable(L, 0, 1);
		lua_pushinteger(L, (lua_Integer)sw->steps[i].threads);
		lua_setfield(L, -2, "threads");
		lua_rawseti(L, -2, (int)i + 1);
	}
	if (lua_pcall(L, 1, 1, 0)) {
		if (!lrt_error_quiet(L))
			log_msg(LOG_FATAL, "`sweep_steps' function failed: %s", lrt_errmsg(L));
		lua_pop(L, 1);
		return -EIO;
	}
	if (lua_isnil(L, -1)) {
		lua_pop(L, 1);
		return 0;
	}
	if (!lua_istable(L, -1) || (n = (unsigned)lua_objlen(L, -1)) == 0) {
		log_msg(LOG_FATAL, "sweep_steps() must return nil or a non-empty list of steps");
		lua_pop(L, 1);
		return -EINVAL;
	}
	for (i = 1; i <= n && rc == 0; i++) {
		lua_rawgeti(L, -1, (int)i);
		rc = lrt_read_step(L, i, &mine);
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
	if (rc) {
		sweep_free(&mine);
		return rc;
	}
	sweep_free(sw);
	*sw = mine;
	sw->active = 1;
	return 1;
}

void lrt_set_step(struct lrt *main_state, const struct sweep_step *st,
                  unsigned index, unsigned count)
{
	lua_State *L = main_state->L;

	R.step = st;
	R.step_index = index;
	R.step_count = count;
	lua_getglobal(L, "sysbench");
	if (st)
		lrt_push_step(L, st, index, count);
	else
		lua_pushnil(L);
	lua_setfield(L, -2, "step");
	lua_getfield(L, -1, "opt");
	if (st && lua_istable(L, -1)) {
		/* what the step set in the registry (threads, events, time) */
		static const char *const names[] = { "threads", "events", "time" };
		unsigned k;
		for (k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			lua_pushnumber(L, (lua_Number)opt_get_int(names[k]));
			lua_setfield(L, -2, names[k]);
		}
	}
	lua_pop(L, 2);
	/* legacy scripts read the option as a global too (as the workers,
	 * whose globals come from the registry) */
	if (st && lrt_opts_legacy()) {
		lua_pushnumber(L, st->threads);
		lua_setglobal(L, "threads");
	}
}

int lrt_step_hook(struct lrt *l, const char *fname, const struct sweep_step *st,
                  unsigned index, unsigned count)
{
	lua_State *L = l->L;
	const struct report_result *r = &st->result;
	int nargs = 1;

	if (!lrt_has_function(l, fname))
		return 0;
	lua_getglobal(L, fname);
	lrt_push_step(L, st, index, count);
	if (strcmp(fname, "sweep_step_end") == 0) {
		static const char *const ck[] = { "events", "queries", "reads", "writes",
		                                  "other", "errors", "reconnects" };
		const uint64_t cv[] = { r->events, r->queries, r->reads, r->writes,
		                        r->other, r->errors, r->reconnects };
		static const char *const dk[] = { "time", "tps", "qps", "lat_min", "lat_avg",
		                                  "lat_max", "lat_p95", "lat_p99",
		                                  "time_events" };
		const double dv[] = { r->time, r->tps, r->qps, r->lat_min, r->lat_avg,
		                      r->lat_max, r->lat_p95, r->lat_p99,
		                      r->time_events };
		unsigned k;

		lua_newtable(L);
		for (k = 0; k < sizeof(ck) / sizeof(ck[0]); k++) {
			lua_pushnumber(L, (lua_Number)cv[k]);
			lua_setfield(L, -2, ck[k]);
		}
		for (k = 0; k < sizeof(dk) / sizeof(dk[0]); k++) {
			if (dv[k] < 0)          /* time_events: not measured */
				continue;
			lua_pushnumber(L, dv[k]);
			lua_setfield(L, -2, dk[k]);
		}
		nargs = 2;
	}
	if (lua_pcall(L, nargs, 0, 0)) {
		if (!lrt_error_quiet(L))
			log_msg(LOG_FATAL, "`%s' function failed: %s", fname, lrt_errmsg(L));
		lua_pop(L, 1);
		return -EIO;
	}
	return 0;
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
	lua_pushstring(L, "1.0.20");
	lua_setfield(L, -2, "version");
	lua_pushstring(L, "bench " PACKAGE_VERSION);
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
	if (R.step) {
		lua_getglobal(L, "sysbench");
		lrt_push_step(L, R.step, R.step_index, R.step_count);
		lua_setfield(L, -2, "step");
		lua_pop(L, 1);
	}
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
	lua_getfield(L, -1, "__cur");
	sh->cur_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	sh->sysbench_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lrt_thread_shared = sh;
	return sh;
}

/* Make l's environment the running one (sysbench.__cur[1]), for the
 * shared modules' code that reads a connection's own hooks. No string
 * key: this runs at every resume. */
static inline void lrt_env_enter(struct lrt *l)
{
	lua_State *L = l->L;
	lua_rawgeti(L, LUA_REGISTRYINDEX, l->sh->cur_ref);
	lua_rawgeti(L, LUA_REGISTRYINDEX, l->env_ref);
	lua_rawseti(L, -2, 1);
	lua_pop(L, 1);
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
	lrt_env_enter(l);
	lua_getfield(L, -1, "__run_in_env");
	lua_rawgeti(L, LUA_REGISTRYINDEX, sh->chunk_ref);
	lua_rawgeti(L, LUA_REGISTRYINDEX, l->env_ref);
	if (lua_pcall(L, 2, 0, 0))
		goto err;
	lua_pop(L, 1);
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
	int r;
	lua_getglobal(l->L, fname);
	r = lua_isfunction(l->L, -1);
	lua_pop(l->L, 1);
	return r;
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

	if (l->sh)
		lrt_env_enter(l);
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

/* ---- report hooks ------------------------------------------------------ */

static void lrt_report_end_cb(void *ud);

/* Which fields a hook's table has: sysbench's own, per hook. */
enum lrt_stat_kind { LRT_STAT_INTERMEDIATE, LRT_STAT_CUMULATIVE };

static void lrt_setnum(lua_State *L, const char *k, double v)
{
	lua_pushnumber(L, v);
	lua_setfield(L, -2, k);
}

/* Push the table a report hook gets: a plain table of Lua numbers with
 * exactly sysbench's fields for that hook (pairs() sees those), and bench's
 * other figures reachable through its metatable's __index. */
static void lrt_push_stat(lua_State *L, const sb_stat_t *st, enum lrt_stat_kind kind)
{
	int cum = kind == LRT_STAT_CUMULATIVE;

	lua_createtable(L, 0, 14);
	lrt_setnum(L, "threads_running", st->threads_running);
	lrt_setnum(L, "time_interval", st->time_interval);
	lrt_setnum(L, "time_total", st->time_total);
	lrt_setnum(L, "latency_pct", st->latency_pct);
	lrt_setnum(L, "events", (double)st->events);
	lrt_setnum(L, "reads", (double)st->reads);
	lrt_setnum(L, "writes", (double)st->writes);
	lrt_setnum(L, "other", (double)st->other);
	lrt_setnum(L, "errors", (double)st->errors);
	lrt_setnum(L, "reconnects", (double)st->reconnects);

	lua_createtable(L, 0, 1);              /* metatable */
	lua_createtable(L, 0, 16);             /* bench's other fields */
	if (cum) {
		lua_pushvalue(L, -3);
		lrt_setnum(L, "latency_min", st->latency_min);
		lrt_setnum(L, "latency_max", st->latency_max);
		lrt_setnum(L, "latency_avg", st->latency_avg);
		lrt_setnum(L, "latency_sum", st->latency_sum);
		lua_pop(L, 1);
		lrt_setnum(L, "queue_length", (double)st->queue_length);
		lrt_setnum(L, "concurrency", (double)st->concurrency);
	} else {
		lua_pushvalue(L, -3);
		lrt_setnum(L, "queue_length", (double)st->queue_length);
		lrt_setnum(L, "concurrency", (double)st->concurrency);
		lua_pop(L, 1);
		lrt_setnum(L, "latency_min", st->latency_min);
		lrt_setnum(L, "latency_max", st->latency_max);
		lrt_setnum(L, "latency_avg", st->latency_avg);
		lrt_setnum(L, "latency_sum", st->latency_sum);
	}
	lrt_setnum(L, "bytes_read", (double)st->bytes_read);
	lrt_setnum(L, "bytes_written", (double)st->bytes_written);
	lrt_setnum(L, "wait_avg", st->wait_avg);
	lrt_setnum(L, "wait_max", st->wait_max);
	lrt_setnum(L, "wait_pct", st->wait_pct);
	lrt_setnum(L, "service_avg", st->service_avg);
	lrt_setnum(L, "service_max", st->service_max);
	lrt_setnum(L, "service_pct", st->service_pct);
	lrt_setnum(L, "late", (double)st->late);
	lrt_setnum(L, "skipped", (double)st->skipped);
	if (st->time_events >= 0)       /* the final report's */
		lrt_setnum(L, "time_events", st->time_events);
	lua_setfield(L, -2, "__index");
	lua_setmetatable(L, -2);
}

static int lrt_hook(struct lrt *l, const char *name, const sb_stat_t *st,
                    enum lrt_stat_kind kind)
{
	lua_State *L = l->L;
	int handled;
	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "__call_hook");
	lua_pushstring(L, name);
	lrt_push_stat(L, st, kind);
	if (lua_pcall(L, 2, 1, 0)) {
		log_msg(LOG_FATAL, "`%s' hook failed: %s", name, lrt_errmsg(L));
		lua_pop(L, 2);
		return -EIO;
	}
	handled = lua_toboolean(L, -1);
	lua_pop(L, 2);
	fflush(stdout);
	return handled;
}

static int lrt_hook_intermediate(const sb_stat_t *st, void *ud)
{
	return lrt_hook(ud, "report_intermediate", st, LRT_STAT_INTERMEDIATE);
}

static int lrt_hook_cumulative(const sb_stat_t *st, void *ud)
{
	return lrt_hook(ud, "report_cumulative", st, LRT_STAT_CUMULATIVE);
}

static int lrt_hook_summary(const sb_stat_t *st, void *ud)
{
	return lrt_hook(ud, "report_summary", st, LRT_STAT_CUMULATIVE);
}

static int lrt_hook_defined(struct lrt *l, const char *name)
{
	int r;
	lua_getglobal(l->L, "sysbench");
	lua_getfield(l->L, -1, "hooks");
	lua_getfield(l->L, -1, name);
	r = lua_isfunction(l->L, -1);
	lua_pop(l->L, 3);
	return r;
}

void lrt_report_hooks(struct lrt *l, struct report_hooks *h)
{
	memset(h, 0, sizeof(*h));
	h->ud = l;
	h->end = lrt_report_end_cb;
	if (lrt_hook_defined(l, "report_intermediate"))
		h->intermediate = lrt_hook_intermediate;
	if (lrt_hook_defined(l, "report_cumulative"))
		h->cumulative = lrt_hook_cumulative;
	if (lrt_hook_defined(l, "report_summary"))
		h->summary = lrt_hook_summary;
}

static void lrt_report_end_cb(void *ud)
{
	lrt_report_end(ud);
}

void lrt_report_end(struct lrt *l)
{
	lua_getglobal(l->L, "sysbench");
	lua_getfield(l->L, -1, "__report_end");
	if (lua_pcall(l->L, 0, 0, 0))
		lua_pop(l->L, 1);
	lua_pop(l->L, 1);
	fflush(stdout);
}
