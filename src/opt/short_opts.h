/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * short_opts: single-letter spellings that a built-in workload borrows from
 * the tool it replaces (slap: mysqlslap's -c, -i, -a, ...), rewritten to
 * bench's long options before the command line is parsed. bench itself
 * has no short options, so they apply only after that workload's name.
 *
 * Thread-safety: main thread, before anything else reads argv.
 */
#ifndef BENCH_SHORT_OPTS_H
#define BENCH_SHORT_OPTS_H

/* Rewrite argv when its workload word has short options. On success
 * *out_argv is argv itself (nothing to do) or a new NULL-terminated array
 * (the caller frees it with short_opts_free) holding argv's own strings
 * and new "--name=value" strings. Returns 0, -ENOMEM, or -EINVAL after
 * printing one line on stderr (a short option bench spells otherwise, or
 * one missing its value). */
int short_opts_rewrite(int argc, char **argv, char ***out_argv);
void short_opts_free(char **argv_new, char **argv_orig);   /* NULL-safe */

/* The command a workload runs when none is given ("run" for slap, as
 * mysqlslap takes none), or NULL. */
const char *short_opts_default_command(const char *workload);

#endif
