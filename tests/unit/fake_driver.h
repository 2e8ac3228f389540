/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fake_driver: two scripted in-memory database drivers for the unit tests
 * of src/db/driver.c, registered through struct db_driver_ops like the
 * real ones (mysql.c, pgsql.c, sqlite.c):
 *
 *   "fake"    no server-side prepare (driver.c emulates prepared
 *             statements: parameters are expanded into the text);
 *   "fakeps"  server-side prepare (DB_CAP_PREPARED), a log_error hook,
 *             bulk load (DB_CAP_LOAD: table "noload" is refused with
 *             -ENOTSUP, "fail" fails) and nonblocking statements
 *             (DB_CAP_NONBLOCK: the reply is there at the second resume).
 *
 * The "server" answers by the statement's first word:
 *   SELECT ...   a result set of FAKE_NROWS rows of 2 columns:
 *                ("1","one"), ("2",NULL), ("3","it's")
 *   INSERT, UPDATE, DELETE, REPLACE ...   one row changed (a write)
 *   FAIL <n>     error n (SQLSTATE "HY000", message "fake error <n>"),
 *                ignorable when n is in --fake-ignore-errors
 *   LOSE         the connection is lost (error 2013, -ECONNRESET),
 *                ignorable when 2013 is in --fake-ignore-errors; later
 *                statements on that connection fail with 2006, -ENOTCONN
 *   anything else   no rows (other)
 * fakeps' prepare: NOPREP... -> -ENOTSUP (driver.c emulates it),
 * BADPREP... -> fatal error 1064, LOCKPREP... -> error 1213 (ignorable
 * when listed).
 *
 * Escaping is MySQL's: ' and \ get a backslash.
 */
#ifndef BENCH_TEST_FAKE_DRIVER_H
#define BENCH_TEST_FAKE_DRIVER_H

#include "db/driver.h"

#define FAKE_NROWS 3

/* What the fake server saw, per thread (the calling thread's statements
 * only). Reset with fake_reset(). */
struct fake_server {
	unsigned inits;            /* init() calls */
	unsigned connects;         /* successful connects */
	unsigned connect_calls;    /* all connect() calls */
	unsigned fail_connects;    /* the next N connect() calls fail */
	unsigned disconnects;
	unsigned queries;          /* query() calls */
	unsigned prepares, executes, closes, bind_calls;
	unsigned nb_starts, nb_resumes;  /* nonblocking statements */
	unsigned last_seq;         /* seq of the last connect */
	char last_sql[1024];       /* text of the last query / executed statement */
	size_t last_len;           /* its length (last_sql may be cut) */
	char last_params[512];     /* fakeps: the parameters of the last execute,
	                            * "INT:5,NULL,VARCHAR:ab" */
};

extern __thread struct fake_server fake;
extern const struct db_driver_ops fake_ops;
extern const struct db_driver_ops fakeps_ops;

void fake_reset(void);

#endif
