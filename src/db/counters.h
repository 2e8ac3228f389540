/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * counters: the drivers' server counters hooks (struct db_driver_ops,
 * ABI 6) for --server-stats, kept out of the drivers' main files: MySQL's
 * SHOW GLOBAL STATUS (mysql_counters.c), PostgreSQL's pg_stat_* views
 * (pgsql_counters.c). Both read through the public db_query/db_fetch_row,
 * on the observer's own connection. Contracts: driver.h's counters_default
 * and counters_read.
 */
#ifndef BENCH_DB_COUNTERS_H
#define BENCH_DB_COUNTERS_H

#include "db/driver.h"

const struct db_counter_def *my_counters_default(sql_connection *c, unsigned *n);
int my_counters_read(sql_connection *c, const char *const *names, unsigned n,
                     double *values, unsigned *flags);

const struct db_counter_def *pg_counters_default(sql_connection *c, unsigned *n);
int pg_counters_read(sql_connection *c, const char *const *names, unsigned n,
                     double *values, unsigned *flags);

/* Shared by both: 1 when name is 1..64 characters of [A-Za-z0-9_], and
 * (dots > 0) with exactly `dots` dots between such parts, else 0. Names go
 * into SQL text, so nothing else is let through. */
int db_counter_name_ok(const char *name, unsigned dots);

/* The text of a numeric column value as a double (NaN for NULL or text
 * that is not a number). */
double db_counter_value(const sql_value *v);

#endif
