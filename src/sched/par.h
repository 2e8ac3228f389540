/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * par: the barrier of a parallel command (prepare, cleanup, ... declared
 * with sysbench.cmdline.PARALLEL_COMMAND): its threads wait for each other
 * between phases (sysbench.barrier() in Lua, bench_par_barrier() through
 * the FFI), e.g. "create the table" -> "every thread loads its part" ->
 * "build the index".
 *
 * A thread that ends (its command returned, or failed) stops counting, so
 * the others never wait for it; once one thread has failed every wait
 * returns -1, so a failed phase cannot leave the rest blocked.
 */
#ifndef BENCH_SCHED_PAR_H
#define BENCH_SCHED_PAR_H

/* Before starting the n threads of a parallel command. */
void par_begin(unsigned n);
/* A thread of the command ended; failed != 0 if its command failed. */
void par_thread_end(int failed);
/* After joining them. */
void par_end(void);

#endif
