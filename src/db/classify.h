/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * classify: which kind of SQL statement (--report-statements) a text is.
 * Pure: no state, any thread.
 */
#ifndef BENCH_DB_CLASSIFY_H
#define BENCH_DB_CLASSIFY_H

#include <stddef.h>
#include "stats/stats.h"

/* Classify one SQL statement by its text (leading white space and comments
 * skipped, keywords case-insensitive, quoted text ignored): SELECTs by
 * their shape (DISTINCT, SUM(...), ORDER BY, a range), INSERT/REPLACE,
 * UPDATE, DELETE, BEGIN/START TRANSACTION, COMMIT/END, ROLLBACK/ABORT;
 * anything else is STATS_STMT_OTHER. */
enum stats_stmt_kind db_stmt_classify(const char *sql, size_t len);

#endif
