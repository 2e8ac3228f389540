/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * legacy_opts: options of the sysbench 0.4/0.5 era, and which option values
 * legacy scripts see as globals.
 *
 * sysbench 1.0.20 rejects the era's --init-rng, --rand-init and
 * --mysql-engine-trx (unless the script is a legacy one, which then just
 * sees them as string globals), and its new-style scripts reject the
 * --oltp-* spellings. bench accepts them all with one WARNING line each
 * that says what they mean now, or that they are ignored:
 *   - a legacy script (no sysbench.cmdline.options) sees every --name=value
 *     as a global, as in sysbench; only the ignored ones warn;
 *   - a script that declares options gets an era option forwarded to its
 *     new name when the script declares that name (--oltp-table-size ->
 *     --table-size, --mysql-table-engine -> --mysql-storage-engine, ...),
 *     and the ignored ones are dropped.
 */
#ifndef BENCH_LEGACY_OPTS_H
#define BENCH_LEGACY_OPTS_H

struct opt;

/* The group of the options only a legacy script sees (its undeclared
 * --name=value options and the era options). */
#define LEGACY_OPTS_GROUP "legacy"

/* Call once the script's options are registered, before unknown options
 * are reported. legacy: the script declares no options. Prints the
 * warnings. Returns 0, or a negative errno after printing the error (a
 * value the new option rejects). */
int legacy_opts_apply(int legacy);

/* 1 if a legacy script sees this option as a global: sysbench 1.0.20's
 * own options (with its names) and the LEGACY_OPTS_GROUP ones. */
int legacy_opt_is_global(const struct opt *o);

/* 1 if the option's text should become a Lua number for a legacy script:
 * an undeclared --name=value whose text is a number written the way Lua
 * prints it ("1000", "0.5"; not "007", "1e3", "10K" or "on"). */
int legacy_opt_numeric(const struct opt *o, double *out);

#endif
