/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * optbridge: the option bridge between the option registry (src/opt) and
 * the Lua states. It declares a script's options in the registry (the
 * sysbench.cmdline.options table, sysbench's sb_lua_set_test_args() of
 * src/ffi/core.h), prints them for help (sb_print_test_options()), and
 * publishes the values into a state's sysbench.opt and, for a legacy script
 * that declares none, into its globals.
 *
 * runtime.c calls it when it loads the script and creates a state; it
 * calls nothing in runtime.c. Errors: 0 or a negative errno, the message
 * already printed. Declaring happens on the main thread before the workers
 * start; publishing runs in each state's thread.
 */
#ifndef BENCH_OPTBRIDGE_H
#define BENCH_OPTBRIDGE_H

#include "runtime/runtime.h"

/* Main state only: declare the options of sysbench.cmdline.options in the
 * registry under "<name> options". *ndeclared receives how many. */
int lrt_register_options(struct lrt *l, const char *name, unsigned *ndeclared);

/* Copy the registry's values into sysbench.opt (and legacy globals when
 * `legacy`). */
int lrt_publish_options(struct lrt *l, int legacy);

/* Print the script's options in help layout (sorted). */
void lrt_print_options(const char *name);

/* The script whose name groups the options of sb_lua_set_test_args() and
 * sb_print_test_options() (NULL: "script"); s must outlive its use. */
void lrt_opts_set_script(const struct lrt_script *s);

/* 1 once the main state published the options of a legacy script: every
 * state then gets them as globals too. */
int lrt_opts_legacy(void);

/* Set l's globals from the option values, as sysbench does for a legacy
 * script (after the script ran: they replace its globals, never a
 * function). */
void lrt_export_globals(struct lrt *l);

#endif
