/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweepbridge: the Lua side of sweeps (src/sweep): the script's
 * sweep_steps() read into a struct sweep, the current step published as
 * sysbench.step (and sysbench.opt.threads/events/time), and the
 * sweep_step_begin / sweep_step_end hooks.
 *
 * main.c calls it on the main thread between the steps; runtime.c calls
 * lrt_push_current_step() when it creates a state. It calls nothing in
 * runtime.c. Errors: 0 or a negative errno after one FATAL line.
 */
#ifndef BENCH_SWEEPBRIDGE_H
#define BENCH_SWEEPBRIDGE_H

#include <lua.h>

struct lrt;
struct sweep;
struct sweep_step;

/* Main state: call the script's sweep_steps(default) with sw's steps (the
 * --threads list) as the default. Returns 0 when there is no such function
 * or it returned nil (sw unchanged), 1 when sw was replaced by the steps it
 * returned (sw->active set), or a negative errno after one FATAL line. */
int lrt_sweep_steps(struct lrt *l, struct sweep *sw);

/* Make st (step index of count; NULL: none) the current step: the main
 * state's sysbench.step and sysbench.opt.threads now, and every state
 * created from now on gets sysbench.step. st must outlive its use. Main
 * thread, while no worker creates a state. */
void lrt_set_step(struct lrt *main_state, const struct sweep_step *st,
                  unsigned index, unsigned count);

/* Call fname(step) ("sweep_step_begin") or fname(step, result)
 * ("sweep_step_end") if the script defines it. Returns 0, or -EIO after
 * the FATAL line. */
int lrt_step_hook(struct lrt *l, const char *fname, const struct sweep_step *st,
                  unsigned index, unsigned count);

/* For runtime.c: set a new state's sysbench.step to the current step (no
 * change when there is none). The global `sysbench` table must exist. */
void lrt_push_current_step(lua_State *L);

#endif
