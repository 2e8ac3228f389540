/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * complete: the words a shell completion offers, read from this binary
 * (the option registry, the drivers, the workload scripts) so that the
 * completion cannot drift from the program. `bench --complete-options`
 * prints them; completion/bench (bash) reads that listing.
 *
 * Listing, one word a line, "KIND WORD" or "value --OPTION VALUE":
 *   workload NAME      built-in tests and the data directory's NAME.lua
 *   command NAME       prepare, run, ... and the workload's own commands
 *   subcommand NAME    merge, compare, plot, slap
 *   option --NAME      a boolean (takes =on|off, or nothing)
 *   option --NAME=     an option that needs a value
 *   file --NAME        --NAME takes a file name
 *   value --NAME V     an enumerated value of --NAME (BOOL: on, off;
 *                      --db-driver: the compiled-in drivers; --rand-type:
 *                      the distributions; else a {a,b,c} list of the
 *                      option's description)
 * Options: every option shown in help (core, database, drivers), and with
 * WORKLOAD those of that workload's script (or, for compare and plot,
 * theirs). A script that cannot be loaded adds nothing; whatever it
 * prints while loading is discarded.
 */
#ifndef BENCH_COMPLETE_H
#define BENCH_COMPLETE_H

struct complete_builtins {
	const char *const *workloads;   /* the C-named tests (cpu, fileio, ...) */
	unsigned nworkloads;
	const char *const *commands;    /* the standard commands */
	unsigned ncommands;
};

/* If argv is "bench --complete-options[=WORKLOAD]", print the listing for
 * WORKLOAD (NULL: none) to stdout and return 0 (1 if stdout fails); else
 * return -1 and print nothing. Call after the core and database options
 * are declared and before argv is parsed. */
int complete_main(int argc, char **argv, const struct complete_builtins *b);

#endif
