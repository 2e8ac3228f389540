/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lrt_state: what the files of src/runtime share about a state: struct
 * lrt (one per thread, see runtime.h), the text of a Lua error and a few
 * stack helpers. Data and inline helpers only, so runtime.c and the
 * bridges (optbridge.c, sweepbridge.c, hookbridge.c) can all use it without
 * calling each other back. Private to the files of src/runtime.
 */
#ifndef BENCH_LRT_STATE_H
#define BENCH_LRT_STATE_H

#include <lua.h>

struct lrt_shared;

struct lrt {
	lua_State *L;
	int tid;
	/* --connections: the coroutine running a phase (anchored in the
	 * registry by co_ref) and the function it runs, for error lines */
	lua_State *co;
	int co_ref;
	const char *co_fname;
	/* --connections with a shared state (runtime.c's struct
	 * lrt_shared): that state, and this connection's environment
	 * (registry ref) */
	struct lrt_shared *sh;
	int env_ref;
};

/* One-line text of the error on top of the stack. */
static inline const char *lrt_errmsg(lua_State *L)
{
	const char *m = lua_tostring(L, -1);
	if (m)
		return m;
	if (lua_istable(L, -1)) {
		lua_getfield(L, -1, "sql_errmsg");
		m = lua_tostring(L, -1);
		lua_pop(L, 1);
		if (m)
			return m;
	}
	return "(error object is not a string)";
}

/* An error object marked { quiet = true } (sysbench.barrier() after another
 * thread failed): the cause was printed where it happened. */
static inline int lrt_error_quiet(lua_State *L)
{
	int quiet = 0;
	if (lua_istable(L, -1)) {
		lua_getfield(L, -1, "quiet");
		quiet = lua_toboolean(L, -1);
		lua_pop(L, 1);
	}
	return quiet;
}

/* 1 when the global fname of L is a function. */
static inline int lrt_global_function(lua_State *L, const char *fname)
{
	int r;
	lua_getglobal(L, fname);
	r = lua_isfunction(L, -1);
	lua_pop(L, 1);
	return r;
}

#endif
