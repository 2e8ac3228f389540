/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runinfo: what a result file says about its run beyond the figures
 * (docs/report-formats.md): the workload (name, path, SHA-256 of its
 * text), the command line with passwords scrubbed, and the database
 * server (product, version, the settings that decide OLTP results),
 * which a reader installed by main.c fetches on a connection of its own,
 * once, when the json/csv final report first asks for it.
 *
 * Main thread only. The strings stay valid until runinfo_free().
 */
#ifndef BENCH_RUNINFO_H
#define BENCH_RUNINFO_H

#include <stddef.h>

/* The workload as loaded: name as given ("oltp_read_only", "x.lua"),
 * path read (NULL: stdin) and its text. 0 or -ENOMEM. */
int runinfo_set_workload(const char *name, const char *path, const char *text,
                         size_t len);
const char *runinfo_workload_name(void);   /* NULL until set */
const char *runinfo_workload_path(void);   /* NULL: stdin or not set */
const char *runinfo_workload_sha256(void); /* 64 hex digits, NULL until set */

/* The command line, each word of argv (argc of them) shell-quoted where
 * needed and joined by spaces, with the value of every password option
 * replaced by "***": --NAME=V where NAME contains "password" (any case),
 * --NAME V for such an option given without '=', and mysqlslap's -pV.
 * Call before the option parser overwrites argv. 0 or -ENOMEM. */
int runinfo_set_cmdline(int argc, char *const *argv);
const char *runinfo_cmdline(void);         /* NULL until set */
/* The scrubbed form of one command line (malloc'd; NULL: no memory). */
char *runinfo_scrub_cmdline(int argc, char *const *argv);

/* Called by the reader once per pair: "product" and "version" first,
 * then each setting, in the order they should be shown. */
typedef void (*runinfo_add_fn)(void *ud, const char *key, const char *value);
/* The reader: 1 after it filled the pairs, 0 when the run used no
 * database, a negative errno when reading failed (it said why). */
typedef int (*runinfo_reader_fn)(runinfo_add_fn add, void *ud);
void runinfo_set_server_reader(runinfo_reader_fn fn);
/* Do not read the server for this run's result (workers blocked in it
 * were abandoned: a connection would block as well); "database" is then
 * null. */
void runinfo_server_skip(void);

/* The server's pairs (reading them on the first call): the count, with
 * keys/values in *keys and *values (product and version among them). 0
 * when the run used no database or reading failed. */
unsigned runinfo_server(const char *const **keys, const char *const **values);
/* The value of key among the server's pairs, or NULL. */
const char *runinfo_server_get(const char *key);

/* Reading results back (bench compare, bench merge): one WARNING line
 * when status (a final line's "status", NULL: not stated) is not
 * "completed": "WARNING: CMD: 'NAME' did not complete (status: S): ...". */
void runinfo_warn_unfinished(const char *cmd, const char *name, const char *status);

/* bench merge: one WARNING when the workload's SHA-256 (a final line's
 * workload.sha256, NULL: not stated) differs from the first one stated
 * in this process: "WARNING: CMD: 'NAME' ran another workload ...". */
void runinfo_warn_workload(const char *cmd, const char *name, const char *sha256);

void runinfo_free(void);

#endif
