/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of src/db/driver.c, the layer between the Lua API and the
 * database drivers, with the scripted drivers of fake_driver.c: the
 * registry, statement counting (reads/writes/other, statement kinds,
 * transactions, bulk insert), error classes (ignorable, fatal, API
 * errors, the driver's own error lines), reconnects (automatic after a
 * lost connection whose error is ignorable, and explicit), and prepared
 * statements emulated client-side (parameters expanded into the text) next
 * to server-side ones, bulk insert and bulk load, nonblocking statements
 * through the coroutine hooks (db_set_co_hooks), --db-ps-mode=disable and
 * --db-debug (in a child process: read once), and threads counting apart.
 * driver.c counts into the calling thread's current recorder
 * (stats_set_current), as under the scheduler. Real-server tests are
 * tests/t/db_*.t.
 *
 * nanosleep is wrapped (-Wl,--wrap=nanosleep): driver.c's pauses between
 * reconnect attempts are recorded, not slept.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db/counters.h"
#include "db/driver.h"
#include "opt/core_opts.h"
#include "opt/opt.h"
#include "stats/stats.h"
#include "util/log.h"
#include "tap.h"
#include "capture.h"
#include "fake_driver.h"

/* ---- the pauses of reconnect attempts ------------------------------------ */

int __wrap_nanosleep(const struct timespec *req, struct timespec *rem);
static unsigned sleeps;
static double slept_s;

int __wrap_nanosleep(const struct timespec *req, struct timespec *rem)
{
	sleeps++;
	slept_s += req->tv_sec + req->tv_nsec / 1e9;
	return 0;
}

/* ---- statistics ---------------------------------------------------------- */

static struct stats *S;
static struct stats_thread *T;

/* A new recorder for the calling thread: each test counts from zero. */
static void fresh_stats(void)
{
	stats_destroy(S);
	if (stats_create(1, 0, 3, &S)) {
		printf("Bail out! stats_create failed\n");
		exit(1);
	}
	T = stats_thread(S, 0);
	stats_set_current(T);
}

/* "r=1 w=2 o=0 err=0 reconn=0" */
static char *counters(void)
{
	static char buf[128];
	snprintf(buf, sizeof(buf), "r=%" PRIu64 " w=%" PRIu64 " o=%" PRIu64
	         " err=%" PRIu64 " reconn=%" PRIu64, T->ctr[STATS_READS],
	         T->ctr[STATS_WRITES], T->ctr[STATS_OTHER], T->ctr[STATS_ERRORS],
	         T->ctr[STATS_RECONNECTS]);
	return buf;
}

/* The statement kinds recorded (--report-statements): "begin=1
 * insert=2/1err ..." in enum order, kinds with nothing left out. */
static char *kinds(void)
{
	static char buf[512];
	struct stats_snap *snap;
	size_t o = 0;

	buf[0] = 0;
	if (stats_snap_create(S, &snap) || stats_collect_stmt(S, snap))
		return "(no memory)";
	for (unsigned k = 0; k < STATS_NSTMT; k++) {
		const struct stats_rec *r = &snap->stmt[k];
		if (r->events == 0 && r->errors == 0)
			continue;
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s%s=%" PRIu64, o ? " " : "",
		                      stats_stmt_name(k), r->events);
		if (r->errors)
			o += (size_t)snprintf(buf + o, sizeof(buf) - o, "/%" PRIu64 "err", r->errors);
	}
	stats_snap_destroy(snap);
	return buf;
}

static sql_result *q(sql_connection *c, const char *sql)
{
	return db_query(c, sql, strlen(sql));
}

/* Run sql, which must fail, with the pauses counted from 0: what it
 * printed. */
static char *q_fails(sql_connection *c, const char *sql)
{
	sql_result *rs;
	char *out;

	sleeps = 0;
	slept_s = 0;
	capture_begin();
	rs = q(c, sql);
	out = capture_end();
	ok(rs == NULL, "%s: NULL", sql);
	return out;
}

/* ---- registry ------------------------------------------------------------ */

static int fake_counters_read(sql_connection *c, const char *const *names, unsigned n,
                              double *values, unsigned *flags)
{
	(void)c; (void)names; (void)n; (void)values; (void)flags;
	return 0;
}

/* What the drivers' counters hooks share (db/counters.h): the names let
 * into SQL text, and column values as numbers. */
static void test_counter_helpers(void)
{
	static const struct { const char *name; unsigned dots; int want; } names[] = {
		{ "Innodb_data_fsyncs", 0, 1 }, { "Com_commit", 0, 1 },
		{ "pg_stat_database.blks_read", 1, 1 }, { "a.b.c", 2, 1 },
		{ "", 0, 0 }, { "bad-name", 0, 0 }, { "x'y", 0, 0 }, { "a b", 0, 0 },
		{ "nodot", 1, 0 }, { "a.b", 0, 0 }, { ".b", 1, 0 }, { "a.", 1, 0 },
		{ "a..b", 2, 0 }, { "pg_stat_x.c;DROP", 1, 0 },
		{ "a123456789012345678901234567890123456789012345678901234567890123", 0, 1 },
		{ "a1234567890123456789012345678901234567890123456789012345678901234", 0, 0 },
	};
	static const struct { const char *text; double want; } vals[] = {
		{ "42", 42 }, { "-3.5", -3.5 }, { "1e3", 1000 }, { "18446744073709551615", 18446744073709551615.0 },
	};
	static const char *const not_numbers[] = { "ON", "", "12abc", NULL };

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		ok(db_counter_name_ok(names[i].name, names[i].dots) == names[i].want,
		   "counter name '%s' with %u dot(s): %s", names[i].name, names[i].dots,
		   names[i].want ? "ok" : "refused");
	for (unsigned i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		sql_value v = { (uint32_t)strlen(vals[i].text), vals[i].text };
		ok(db_counter_value(&v) == vals[i].want, "value '%s' = %g", vals[i].text, vals[i].want);
	}
	for (unsigned i = 0; i < sizeof(not_numbers) / sizeof(not_numbers[0]); i++) {
		sql_value v = { not_numbers[i] ? (uint32_t)strlen(not_numbers[i]) : 0, not_numbers[i] };
		ok(isnan(db_counter_value(&v)), "value %s%s%s: NaN", not_numbers[i] ? "'" : "",
		   not_numbers[i] ? not_numbers[i] : "NULL", not_numbers[i] ? "'" : "");
	}
}

static void test_registry(void)
{
	struct db_driver_ops bad = fake_ops;
	sql_driver *d;
	char *out;

	ok(db_register(&fake_ops) == 0, "register fake");
	ok(db_register(&fakeps_ops) == 0, "register fakeps");
	ok(db_register(&fake_ops) == -EEXIST, "a second driver named fake: -EEXIST");
	bad.name = "bad";
	bad.abi = DB_DRIVER_ABI + 1;
	ok(db_register(&bad) == -EINVAL, "a newer ABI: -EINVAL");
	bad.abi = 2;
	ok(db_register(&bad) == -EINVAL, "ABI 2 (before sysbench's types): -EINVAL");
	bad.abi = DB_DRIVER_ABI;
	bad.escape = NULL;
	ok(db_register(&bad) == -EINVAL, "no escape hook: -EINVAL");
	bad.escape = fake_ops.escape;
	bad.caps = DB_CAP_PREPARED;
	ok(db_register(&bad) == -EINVAL, "DB_CAP_PREPARED without prepare/execute/close: -EINVAL");
	bad.caps = DB_CAP_LOAD;
	ok(db_register(&bad) == -EINVAL, "DB_CAP_LOAD without load: -EINVAL");
	bad.caps = DB_CAP_NONBLOCK;
	ok(db_register(&bad) == -EINVAL, "DB_CAP_NONBLOCK without query_start/resume: -EINVAL");
	bad.caps = 0;
	bad.counters_read = fake_counters_read;
	ok(db_register(&bad) == -EINVAL, "counters_read without counters_default: -EINVAL");

	ok(db_init_options() == 0, "db_init_options");
	ok(opt_set("report-statements", "on") == 0 &&
	   opt_set("fake-ignore-errors", "1213,2013") == 0 &&
	   opt_set("db-driver", "fake") == 0, "options: --report-statements "
	   "--fake-ignore-errors=1213,2013 --db-driver=fake");

	capture_begin();
	db_print_help();
	out = capture_end();
	ok(strstr(out, "Compiled-in database drivers:\n"
	           "  fake - Fake driver\n"
	           "  fakeps - Fake driver with server-side prepared statements\n") != NULL &&
	   strstr(out, "fake options:\n  --fake-ignore-errors=[LIST,...] list of errors to ignore, or \"all\" [1213]\n") != NULL,
	   "help lists the registered drivers and their options");
	free(out);

	capture_begin();
	d = db_create("nosuch");
	out = capture_end();
	ok(d == NULL, "db_create(\"nosuch\"): NULL");
	ok_str(out, "FATAL: invalid database driver name: 'nosuch'\n", "... and sysbench's line");

	d = db_create(NULL);
	ok(d && strcmp(d->sname, "fake") == 0 && strcmp(d->lname, "Fake driver") == 0,
	   "db_create(NULL) takes --db-driver: %s / %s", d ? d->sname : "-", d ? d->lname : "-");
	ok(db_create("fake") == d && fake.inits == 1, "the same driver again, init() ran once (%u)",
	   fake.inits);
}

/* ---- counting ------------------------------------------------------------ */

/* Rows of 100000 bytes: a statement is sent before it would pass 512 KiB
 * (sysbench's packet size), so 6 rows go as 5 + 1. */
static void test_bulk_limit(sql_connection *c)
{
	size_t big = 100000;
	char *row = malloc(big + 1);
	unsigned i, rc = 0;

	memset(row, 'x', big);
	row[0] = '(';
	row[big - 1] = ')';
	row[big] = 0;
	fresh_stats();
	fake_reset();
	rc |= db_bulk_insert_init(c, "INSERT INTO t VALUES", 20);
	for (i = 0; i < 6; i++)
		rc |= db_bulk_insert_next(c, row, big);
	ok(rc == 0 && fake.queries == 1 && fake.last_len == 20 + 5 * big + 4,
	   "6 rows of 100000 bytes: the first 5 sent when the 6th would pass 512 KiB (%zu bytes)",
	   fake.last_len);
	rc |= db_bulk_insert_done(c);
	ok(rc == 0 && fake.queries == 2 && fake.last_len == 20 + big &&
	   strcmp(counters(), "r=0 w=2 o=0 err=0 reconn=0") == 0,
	   "... the 6th at done: two writes (%s)", counters());
	ok(db_bulk_insert_init(c, "INSERT INTO t VALUES", 20) == 0 &&
	   db_bulk_insert_next(c, row, big) == 0, "a new bulk insert");
	free(row);
	row = calloc(1, 600000);
	memset(row, 'y', 524288 - 20);
	ok_captured(db_bulk_insert_done(c) == 0 && db_bulk_insert_init(c, "INSERT INTO t VALUES", 20) == 0 &&
	            db_bulk_insert_next(c, row, strlen(row)) == 1,
	            "FATAL: Query length exceeds the maximum value (524288), aborting\n",
	            "one row that cannot fit: sysbench's FATAL line");
	db_bulk_insert_done(c);
	free(row);
}

static void test_counting(sql_driver *d)
{
	sql_connection *c;
	sql_result *rs;
	sql_row *row;

	fresh_stats();
	fake_reset();
	c = db_connection_create(d);
	ok(c != NULL && fake.connects == 1 && c->error == DB_ERROR_NONE, "connect");

	rs = q(c, "SELECT c FROM sbtest1 WHERE id=5");
	ok(rs && rs->counter == SB_CNT_READ && rs->nrows == FAKE_NROWS && rs->nfields == 2 &&
	   rs->statement == NULL, "a SELECT: a result set of 3 rows, 2 fields");
	ok(strcmp(counters(), "r=1 w=0 o=0 err=0 reconn=0") == 0, "counted as a read: %s",
	   counters());
	row = db_fetch_row(rs);
	ok(row && row->values[0].len == 1 && memcmp(row->values[0].ptr, "1", 1) == 0 &&
	   row->values[1].len == 3 && memcmp(row->values[1].ptr, "one", 3) == 0, "row 1: 1, one");
	row = db_fetch_row(rs);
	ok(row && row->values[1].ptr == NULL, "row 2: a NULL value has ptr NULL");
	row = db_fetch_row(rs);
	ok(row && row->values[1].len == 4 && memcmp(row->values[1].ptr, "it's", 4) == 0,
	   "row 3: it's");
	ok(db_fetch_row(rs) == NULL, "then the end of the set");
	ok(db_free_results(rs) == 0, "db_free_results");
	ok_captured(db_free_results(rs) == 1 && db_fetch_row(rs) == NULL,
	            "ALERT: attempt to free an invalid result set\n"
	            "ALERT: attempt to fetch row from an invalid result set\n",
	            "a freed result set: free and fetch again are sysbench's ALERTs");

	/* a transaction of oltp_read_write's kinds */
	fresh_stats();
	ok(q(c, "BEGIN") && q(c, "SELECT c FROM sbtest1 WHERE id=1") &&
	   q(c, "SELECT c FROM sbtest1 WHERE id BETWEEN 1 AND 100") &&
	   q(c, "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN 1 AND 100") &&
	   q(c, "SELECT c FROM sbtest1 WHERE id BETWEEN 1 AND 100 ORDER BY c") &&
	   q(c, "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN 1 AND 100 ORDER BY c") &&
	   q(c, "UPDATE sbtest1 SET k=k+1 WHERE id=1") &&
	   q(c, "UPDATE sbtest1 SET c='x' WHERE id=2") &&
	   q(c, "DELETE FROM sbtest1 WHERE id=3") &&
	   q(c, "INSERT INTO sbtest1 (id, k, c, pad) VALUES (3, 1, 'c', 'p')") &&
	   q(c, "COMMIT"), "one oltp_read_write transaction");
	ok(strcmp(counters(), "r=5 w=4 o=2 err=0 reconn=0") == 0,
	   "reads 5, writes 4, other 2 (BEGIN, COMMIT): %s", counters());
	ok(strcmp(kinds(), "point_select=1 range_select=1 sum_range=1 order_range=1 "
	          "distinct_range=1 insert=1 update=2 delete=1 begin=1 commit=1") == 0,
	   "statement kinds: %s", kinds());
	ok(q(c, "replace INTO t VALUES (1)") && q(c, "ROLLBACK") &&
	   q(c, "CREATE TABLE t (id INT)"), "REPLACE, ROLLBACK, DDL");
	ok(strcmp(counters(), "r=5 w=5 o=4 err=0 reconn=0") == 0, "counted: %s", counters());
	ok(strstr(kinds(), "insert=2 update=2 delete=1 begin=1 commit=1 rollback=1 other=1") != NULL,
	   "kinds: REPLACE is an insert (lower case too): %s", kinds());

	/* bulk insert: one statement, one write */
	fresh_stats();
	fake_reset();
	ok(db_bulk_insert_init(c, "INSERT INTO t VALUES", 20) == 0 &&
	   db_bulk_insert_next(c, "(1,'a')", 7) == 0 && db_bulk_insert_next(c, "(2,'b')", 7) == 0 &&
	   db_bulk_insert_next(c, "(3,'c')", 7) == 0 && fake.queries == 0 &&
	   db_bulk_insert_done(c) == 0, "bulk insert of 3 rows");
	ok(fake.queries == 1 && strcmp(fake.last_sql, "INSERT INTO t VALUES(1,'a'),(2,'b'),(3,'c')") == 0,
	   "sent as one statement: %s", fake.last_sql);
	ok(strcmp(counters(), "r=0 w=1 o=0 err=0 reconn=0") == 0 && strcmp(kinds(), "insert=1") == 0,
	   "counted as one write, one insert: %s; %s", counters(), kinds());
	ok(db_bulk_insert_done(c) == 0 && fake.queries == 1, "done again: nothing sent");
	ok_captured(db_bulk_insert_next(c, "(4,'d')", 7) == 1,
	            "ALERT: attempt to call bulk_insert_next() before bulk_insert_init()\n",
	            "bulk_insert_next after done: sysbench's ALERT");
	test_bulk_limit(c);

	db_connection_free(c);
	ok(fake.disconnects == 1, "db_connection_free disconnects");
}

/* ---- error classes ------------------------------------------------------- */

static void test_errors(sql_driver *d)
{
	int got, got2 = 1;
	sql_connection *c;
	sql_driver *dps;
	sql_statement *st;
	char *out;

	fresh_stats();
	fake_reset();
	c = db_connection_create(d);

	/* ignorable: the script restarts the event (sql.lua raises a restart
	 * for DB_ERROR_IGNORABLE) and counts it with db_count_ignored_error */
	out = q_fails(c, "FAIL 1213");
	ok(c->error == DB_ERROR_IGNORABLE && c->sql_errno == 1213 &&
	   strcmp(c->sql_state, "HY000") == 0 && strcmp(c->sql_errmsg, "fake error 1213") == 0,
	   "an error in --fake-ignore-errors: NULL, DB_ERROR_IGNORABLE, errno, state, message");
	ok_str(out, "", "... and nothing printed at the default verbosity");
	ok(strcmp(counters(), "r=0 w=0 o=0 err=0 reconn=0") == 0 &&
	   strcmp(kinds(), "other=0/1err") == 0,
	   "not a read/write/other; one failed statement of its kind: %s; %s", counters(), kinds());
	db_count_ignored_error();
	ok(strcmp(counters(), "r=0 w=0 o=0 err=1 reconn=0") == 0,
	   "db_count_ignored_error counts it: %s", counters());
	ok(q(c, "SELECT 1") && c->error == DB_ERROR_NONE, "the next statement clears the error");

	log_set_verbosity(LOG_DEBUG);
	capture_begin();
	q(c, "FAIL 1213");
	out = capture_end();
	log_set_verbosity(LOG_NOTICE);
	ok_str(out, "DEBUG: Ignoring error 1213 (HY000) fake error 1213 for query 'FAIL 1213'\n",
	       "--verbosity=5 shows the ignored error");

	/* fatal */
	out = q_fails(c, "FAIL 1064");
	ok(c->error == DB_ERROR_FATAL && c->sql_errno == 1064, "an error not in the list: fatal");
	ok_str(out, "FATAL: fake_drv_query() returned error 1064 (fake error 1064) for query 'FAIL 1064'\n",
	       "... the generic line for a driver without log_error");

	/* --fake-ignore-errors=all */
	opt_set("fake-ignore-errors", "all");
	ok(q(c, "FAIL 1064") == NULL && c->error == DB_ERROR_IGNORABLE, "'all' makes any error ignorable");
	opt_set("fake-ignore-errors", "1213,2013");

	/* a driver with its own lines (log_error) */
	dps = db_create("fakeps");
	db_connection_free(c);
	c = db_connection_create(dps);
	out = q_fails(c, "FAIL 1064");
	ok_str(out, "FATAL: fakeps: operation 0 failed: 1064 \"fake error 1064\" in 'FAIL 1064'\n",
	       "a driver's log_error hook replaces the generic line");

	/* prepare: a fatal failure is an API error (sysbench: "SQL API
	 * error"), an ignorable one keeps its SQL error so the event restarts */
	capture_begin();
	st = db_prepare(c, "BADPREP x", 9);
	out = capture_end();
	ok(st == NULL && c->error == DB_ERROR_FATAL && c->sql_state == NULL &&
	   c->sql_errmsg == NULL && c->sql_errno == 0,
	   "a failed prepare: NULL, fatal, no SQL state/message (an API error)");
	ok_str(out, "FATAL: fakeps: operation 2 failed: 1064 \"syntax error\" in 'BADPREP x'\n",
	       "... logged by the driver");
	capture_begin();
	st = db_prepare(c, "LOCKPREP x", 10);
	out = capture_end();
	ok(st == NULL && c->error == DB_ERROR_IGNORABLE && c->sql_errno == 1213 &&
	   c->sql_errmsg && strcmp(c->sql_errmsg, "Deadlock found") == 0,
	   "an ignorable prepare failure keeps its SQL error");
	ok_str(out, "", "... silently");

	/* a closed connection: API errors and ALERTs */
	fresh_stats();
	ok(db_connection_close(c) == 0, "close");
	capture_begin();
	got = q(c, "SELECT 1") == NULL;
	got2 = db_connection_close(c) == 0;
	out = capture_end();
	ok(got && got2, "%s", "q(c, \"SELECT 1\") == NULL and db_connection_close(c) == 0");
	ok(c->error == DB_ERROR_FATAL && c->sql_state == NULL && c->sql_errmsg == NULL,
	   "a query on a closed connection: an API error");
	ok_str(out, "ALERT: attempt to use an already closed connection\n"
	       "ALERT: attempt to close an already closed connection\n",
	       "... and sysbench's ALERTs, for the query and a second close");
	ok(strcmp(counters(), "r=0 w=0 o=0 err=0 reconn=0") == 0 && strcmp(kinds(), "") == 0,
	   "nothing counted");
	db_connection_free(c);
}

/* ---- reconnects ---------------------------------------------------------- */

static void test_reconnect(sql_driver *d)
{
	int got, got2 = 1;
	sql_connection *c;
	unsigned seq;
	char *out;

	fresh_stats();
	fake_reset();
	c = db_connection_create(d);
	seq = fake.last_seq;

	/* lost, 2013 ignorable: reconnect at once; the event restarts */
	out = q_fails(c, "LOSE");
	ok(c->error == DB_ERROR_IGNORABLE && c->sql_errno == 2013 &&
	   strcmp(c->sql_errmsg, "Lost connection to fake server") == 0,
	   "a lost connection with 2013 ignorable: the original error, ignorable");
	ok(fake.disconnects == 1 && fake.connects == 2 && fake.last_seq == seq && sleeps == 0,
	   "reconnected at once, same seq (host round-robin slot) (%u, %u, %u)",
	   fake.disconnects, fake.connects, sleeps);
	ok(strcmp(counters(), "r=0 w=0 o=0 err=0 reconn=1") == 0, "one reconnect counted: %s",
	   counters());
	ok_str(out, "", "silently");
	ok(q(c, "SELECT 1") != NULL && c->error == DB_ERROR_NONE, "the connection works again");

	/* the server comes back after 3 refused connects: growing pauses,
	 * the drivers' own failure lines muted */
	fake.fail_connects = 3;
	out = q_fails(c, "LOSE");
	ok(c->error == DB_ERROR_IGNORABLE && c->sql_errno == 2013 && fake.connect_calls == 6 &&
	   fake.connects == 3, "3 refused connects, then reconnected (%u calls)", fake.connect_calls);
	ok(sleeps == 3 && slept_s > 0.599 && slept_s < 0.601,
	   "pauses 0.1 + 0.2 + 0.3 s (%u, %.3f s)", sleeps, slept_s);
	ok_str(out, "", "the refused connects print nothing");
	ok(strcmp(counters(), "r=1 w=0 o=0 err=0 reconn=2") == 0, "reconnects: %s", counters());

	/* the server stays away: give up after 20 attempts, about 13 s */
	fake.fail_connects = 100;
	out = q_fails(c, "LOSE");
	ok(c->error == DB_ERROR_FATAL && c->sql_errno == 2013 &&
	   strcmp(c->sql_errmsg, "Lost connection to fake server") == 0,
	   "no reconnect: fatal, with the original error");
	ok(sleeps == 20 && slept_s > 13.199 && slept_s < 13.201,
	   "20 attempts, pauses growing to 0.8 s: 13.2 s (%u, %.3f s)", sleeps, slept_s);
	ok_str(out, "FATAL: lost the connection (Lost connection to fake server) and could not "
	       "reconnect: Can't connect to fake server\n", "one FATAL line with both reasons");
	ok(strcmp(counters(), "r=1 w=0 o=0 err=0 reconn=2") == 0, "no reconnect counted: %s",
	   counters());
	/* ... and the connection is closed, as after a failed explicit
	 * reconnect: not usable, no driver call */
	seq = fake.queries;
	out = q_fails(c, "SELECT 1");
	ok(c->error == DB_ERROR_FATAL && c->sql_errno == 0 && c->sql_state == NULL &&
	   c->sql_errmsg == NULL && fake.queries == seq,
	   "the next statement: an API error, not sent (%d)", c->sql_errno);
	ok_str(out, "ALERT: attempt to use an already closed connection\n", "... with sysbench's ALERT");
	db_connection_free(c);

	/* explicit reconnect (sysbench's con:reconnect()) */
	fake.fail_connects = 0;
	c = db_connection_create(d);
	ok(db_connection_reconnect(c) == 0 && c->error == DB_ERROR_NONE &&
	   q(c, "SELECT 1") != NULL, "db_connection_reconnect: 0, usable again");
	ok(strcmp(counters(), "r=2 w=0 o=0 err=0 reconn=3") == 0, "counted as a reconnect: %s",
	   counters());
	fake.fail_connects = 1;
	capture_begin();
	got = db_connection_reconnect(c) == DB_ERROR_FATAL;
	got2 = q(c, "SELECT 1") == NULL;
	out = capture_end();
	ok(got && got2, "%s", "db_connection_reconnect(c) == DB_ERROR_FATAL and q(c, \"SELECT 1\") == NULL");
	ok(strcmp(counters(), "r=2 w=0 o=0 err=1 reconn=3") == 0,
	   "a failed reconnect: DB_ERROR_FATAL, counted as an error: %s", counters());
	ok_str(out, "FATAL: fake: connection refused\n"
	       "ALERT: attempt to use an already closed connection\n",
	       "the driver's line; then the connection is closed");

	/* a closed connection is not reopened: sysbench's ALERT */
	fake.fail_connects = 0;
	seq = fake.connect_calls;
	capture_begin();
	got = db_connection_reconnect(c);
	out = capture_end();
	ok(got == 0 && fake.connect_calls == seq, "db_connection_reconnect on a closed connection: 0, "
	   "no connect (%u calls before, %u after)", seq, fake.connect_calls);
	ok_str(out, "ALERT: attempt to close an already closed connection\n", "... and an ALERT");
	db_connection_free(c);

	/* 2013 not ignorable: no reconnect */
	c = db_connection_create(d);
	opt_set("fake-ignore-errors", "1213");
	fake_reset();
	out = q_fails(c, "LOSE");
	ok(c->error == DB_ERROR_FATAL && fake.connect_calls == 0 && fake.disconnects == 0,
	   "a lost connection that is not ignorable: fatal, no reconnect");
	ok_str(out, "FATAL: fake_drv_query() returned error 2013 (Lost connection to fake server) "
	       "for query 'LOSE'\n", "the generic FATAL line");
	opt_set("fake-ignore-errors", "1213,2013");
	db_connection_free(c);
}

/* ---- prepared statements -------------------------------------------------- */

/* The parameters of every type, as sysbench.sql's bind arrays hold them. */
struct params {
	int8_t ti;
	int16_t si;
	int32_t i;
	int64_t bi;
	float f;
	double dbl;
	char vc[32];
	unsigned long vc_len;
	char ch[8];
	int32_t null_int;
	char is_null;
	sql_bind b[10];
};

static void params_init(struct params *p)
{
	memset(p, 0, sizeof(*p));
	p->ti = -5;
	p->si = 300;
	p->i = -7;
	p->bi = 1099511627776LL;
	p->f = 1.5f;
	p->dbl = 0.25;
	strcpy(p->vc, "it's \\ ok");
	p->vc_len = strlen(p->vc);
	strcpy(p->ch, "abXYZ");
	p->is_null = 1;
	p->b[0] = (sql_bind){ SQL_TYPE_TINYINT, &p->ti, NULL, 1, NULL };
	p->b[1] = (sql_bind){ SQL_TYPE_SMALLINT, &p->si, NULL, 2, NULL };
	p->b[2] = (sql_bind){ SQL_TYPE_INT, &p->i, NULL, 4, NULL };
	p->b[3] = (sql_bind){ SQL_TYPE_BIGINT, &p->bi, NULL, 8, NULL };
	p->b[4] = (sql_bind){ SQL_TYPE_FLOAT, &p->f, NULL, 4, NULL };
	p->b[5] = (sql_bind){ SQL_TYPE_DOUBLE, &p->dbl, NULL, 8, NULL };
	p->b[6] = (sql_bind){ SQL_TYPE_VARCHAR, p->vc, &p->vc_len, sizeof(p->vc), NULL };
	/* no data_len: max_len bytes */
	p->b[7] = (sql_bind){ SQL_TYPE_CHAR, p->ch, NULL, 2, NULL };
	p->b[8] = (sql_bind){ SQL_TYPE_INT, &p->null_int, NULL, 4, &p->is_null };
	p->b[9] = (sql_bind){ SQL_TYPE_VARCHAR, NULL, NULL, 0, NULL };
}

static sql_statement *prep(sql_connection *c, const char *sql)
{
	return db_prepare(c, sql, strlen(sql));
}

static void test_emulated(sql_driver *d)
{
	static const char ins[] = "INSERT INTO t VALUES (?,?,?,?,?,?,?,?,?,?)";
	sql_connection *c;
	sql_statement *st;
	sql_result *rs;
	struct params p;
	int32_t v = 42;
	sql_bind one = { SQL_TYPE_INT, &v, NULL, 4, NULL };
	char want[512];

	fresh_stats();
	fake_reset();
	params_init(&p);
	c = db_connection_create(d);
	st = prep(c, ins);
	ok(st && st->priv == NULL && db_stmt_nparams(st) == 10 && fake.queries == 0,
	   "fake has no server-side prepare: emulated, 10 placeholders, nothing sent");
	ok(db_bind_param(st, p.b, 10) == 0, "bind 10 parameters");
	rs = db_execute(st);
	ok(rs && rs->statement == st && fake.queries == 1, "execute: one query");
	ok(strcmp(fake.last_sql, "INSERT INTO t VALUES (-5,300,-7,1099511627776,1.500000,0.250000,"
	          "'it\\'s \\\\ ok','ab',NULL,NULL)") == 0,
	   "every type as an SQL literal (FLOAT, DOUBLE: sysbench's %%f), text escaped by the "
	   "driver, NULLs: %s", fake.last_sql);

	/* values are read at each execute: a script changes them in place */
	p.i = 123456;
	p.is_null = 0;
	p.null_int = -1;
	strcpy(p.vc, "x");
	p.vc_len = 1;
	p.dbl = -1e300;         /* 309 characters with %f */
	snprintf(want, sizeof(want), "INSERT INTO t VALUES (-5,300,123456,1099511627776,1.500000,"
	         "%f,'x','ab',-1,NULL)", -1e300);
	ok(db_execute(st) != NULL && strlen(want) > 300 && strcmp(fake.last_sql, want) == 0,
	   "the current values at the next execute: %s", fake.last_sql);
	p.f = -3.5e-7f;
	p.dbl = 4e-7;
	ok(db_execute(st) != NULL && strstr(fake.last_sql, ",-0.000000,0.000000,") != NULL,
	   "below 5e-7, 6 decimals round to (-)0.000000, as sysbench: %s", fake.last_sql);
	ok(strcmp(counters(), "r=0 w=3 o=0 err=0 reconn=0") == 0 && strcmp(kinds(), "insert=3") == 0,
	   "counted as writes and inserts by the prepared text: %s; %s", counters(), kinds());
	db_close(st);

	/* placeholders inside quoted literals are text */
	st = prep(c, "SELECT '?', \"?\", `?`, ? FROM t");
	ok(st && db_stmt_nparams(st) == 1 && db_bind_param(st, &one, 1) == 0 && db_execute(st) &&
	   strcmp(fake.last_sql, "SELECT '?', \"?\", `?`, 42 FROM t") == 0,
	   "'?' \"?\" `?` are not placeholders: %s", fake.last_sql);
	db_close(st);
	st = prep(c, "SELECT 'a\\'?', ? FROM t");
	ok(st && db_stmt_nparams(st) == 1 && db_bind_param(st, &one, 1) == 0 && db_execute(st) &&
	   strcmp(fake.last_sql, "SELECT 'a\\'?', 42 FROM t") == 0,
	   "nor after an escaped quote inside a literal: %s", fake.last_sql);
	db_close(st);
	/* MySQL's rule (fake's DB_CAP_BACKSLASH_ESC): the backslash escapes
	 * in '...' and "...", never in `...`; a doubled quote stays inside */
	st = prep(c, "SELECT 'a\\', ?");
	ok(st && db_stmt_nparams(st) == 0, "'a\\', ?: one literal to the end, no placeholder (%u)",
	   st ? db_stmt_nparams(st) : 99);
	db_close(st);
	st = prep(c, "SELECT `a\\`, 'it''s ?', ? FROM t");
	ok(st && db_stmt_nparams(st) == 1 && db_bind_param(st, &one, 1) == 0 && db_execute(st) &&
	   strcmp(fake.last_sql, "SELECT `a\\`, 'it''s ?', 42 FROM t") == 0,
	   "`a\\` ends at its backtick, 'it''s ?' holds no placeholder: %s", fake.last_sql);
	db_close(st);

	/* misuse */
	st = prep(c, "SELECT ? + ?");
	ok_captured(db_bind_param(st, &one, 1) == 1,
	            "FATAL: wrong number of parameters in prepared statement\n"
	            "FATAL: counted: 2, passed to bind_param(): 1\n",
	            "binding 1 parameter to 2 placeholders: 1 and sysbench's lines");
	ok_captured(db_bind_result(st, &one, 1) == 1,
	            "ALERT: binding results is not supported: fetch rows with db_fetch_row()\n",
	            "db_bind_result: 1 and an ALERT");
	db_close(st);

	/* an emulated statement that fails: as a query */
	st = prep(c, "FAIL ?");
	v = 1213;
	ok(db_bind_param(st, &one, 1) == 0 && db_execute(st) == NULL &&
	   c->error == DB_ERROR_IGNORABLE && c->sql_errno == 1213,
	   "an emulated statement's error keeps its class");
	db_close(st);
	db_connection_free(c);
}

static void test_native(void)
{
	sql_driver *d = db_create("fakeps");
	sql_connection *c;
	sql_statement *st, *st2;
	struct params p;

	fresh_stats();
	fake_reset();
	params_init(&p);
	c = db_connection_create(d);
	st = prep(c, "INSERT INTO t VALUES (?,?,?,?,?,?,?,?,?,?)");
	ok(st && st->priv && fake.prepares == 1, "fakeps prepares on the server");
	ok(db_bind_param(st, p.b, 10) == 0 && fake.bind_calls == 1, "bind: the driver's hook runs");
	ok(db_execute(st) && fake.executes == 1 && fake.queries == 0, "execute: no text query");
	ok(strcmp(fake.last_params, "TINYINT:-5,SMALLINT:300,INT:-7,BIGINT:1099511627776,"
	          "FLOAT:1.5,DOUBLE:0.25,VARCHAR:it's \\ ok,CHAR:ab,NULL,NULL") == 0,
	   "the driver gets the bound values, lengths (data_len, else max_len) and NULLs: %s",
	   fake.last_params);
	ok(strcmp(counters(), "r=0 w=1 o=0 err=0 reconn=0") == 0 && strcmp(kinds(), "insert=1") == 0,
	   "counted as a write and an insert: %s; %s", counters(), kinds());

	/* -ENOTSUP: the core emulates that one statement */
	st2 = prep(c, "NOPREP SELECT ?");
	p.i = 9;
	ok(st2 && st2->priv == NULL && db_bind_param(st2, &p.b[2], 1) == 0 && db_execute(st2) &&
	   fake.queries == 1 && strcmp(fake.last_sql, "NOPREP SELECT 9") == 0,
	   "a statement the driver cannot prepare (-ENOTSUP) is emulated: %s", fake.last_sql);
	db_close(st2);
	db_close(st);
	ok(fake.closes == 1, "close frees the server-side statement only");

	/* statements a script never closed go with their connection */
	st = prep(c, "SELECT ?");
	st2 = prep(c, "NOPREP ?");
	db_connection_free(c);
	ok(fake.closes == 2, "db_connection_free closes the open statements (ASan: no leak)");
}

/* ---- emulation under the standard string rule ----------------------------- */

/* PostgreSQL's (standard_conforming_strings) and SQLite's quoting: a quote
 * is doubled, a backslash is text. */
static size_t std_escape(sql_connection *c, char *to, const char *from, size_t len)
{
	size_t i, n = 0;
	(void)c;
	for (i = 0; i < len; i++) {
		if (from[i] == '\'')
			to[n++] = '\'';
		to[n++] = from[i];
	}
	to[n] = 0;
	return n;
}

/* The fake driver without DB_CAP_BACKSLASH_ESC: placeholders after a
 * backslash at the end of a literal are counted and filled; E'...' keeps
 * its backslash escapes. */
static void test_standard_strings(void)
{
	static struct db_driver_ops std_ops;
	static const char *const cases[][3] = {
		/* prepared text, placeholders, sent with 42 and 'x''y' bound */
		{ "SELECT 'a\\', ?", "1", "SELECT 'a\\', 42" },
		{ "SELECT \"b\\\", 'c\\', ?, ?", "2", "SELECT \"b\\\", 'c\\', 42, 'x''y'" },
		{ "SELECT E'a\\'?', ?", "1", "SELECT E'a\\'?', 42" },
		{ "SELECT e'\\\\', ?", "1", "SELECT e'\\\\', 42" },
		{ "SELECT name'a\\', ?", "1", "SELECT name'a\\', 42" },
		{ "SELECT 'it''s ?', ?", "1", "SELECT 'it''s ?', 42" },
	};
	int32_t v = 42;
	char text[] = "x'y";
	unsigned long text_len = 3;
	sql_bind b[2] = { { SQL_TYPE_INT, &v, NULL, 4, NULL },
	                  { SQL_TYPE_VARCHAR, text, &text_len, sizeof(text), NULL } };
	sql_driver *d = NULL;
	sql_connection *c;
	unsigned i;

	std_ops = fake_ops;
	std_ops.name = "fakestd";
	std_ops.caps &= ~(unsigned)DB_CAP_BACKSLASH_ESC;
	std_ops.opts = NULL;
	std_ops.nopts = 0;
	std_ops.escape = std_escape;
	ok(db_register(&std_ops) == 0 && (d = db_create("fakestd")) != NULL,
	   "register fakestd: fake with the standard string rule");
	if (d == NULL)
		return;
	c = db_connection_create(d);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sql_statement *st = prep(c, cases[i][0]);
		unsigned n = (unsigned)atoi(cases[i][1]);
		fake_reset();
		ok(st && db_stmt_nparams(st) == n && db_bind_param(st, b, n) == 0 &&
		   db_execute(st) && strcmp(fake.last_sql, cases[i][2]) == 0,
		   "standard strings: %s: %u placeholder(s), sent %s", cases[i][0],
		   st ? db_stmt_nparams(st) : 99, fake.last_sql);
		db_close(st);
	}
	db_connection_free(c);
}

/* ---- bulk load and nonblocking statements (fakeps) ------------------------ */

static void test_load(void)
{
	sql_driver *d = db_create("fakeps");
	sql_connection *c, *c2;
	int rc;

	fresh_stats();
	fake_reset();
	c = db_connection_create(d);
	ok(db_load(c, "t", "id,k", "1\t2\n3\t4\n", 8) == 0 &&
	   strcmp(fake.last_sql, "LOAD t (id,k): 1\t2\n3\t4\n") == 0,
	   "db_load: the driver's bulk path");
	ok(strcmp(counters(), "r=0 w=1 o=0 err=0 reconn=0") == 0, "one load: one write: %s",
	   counters());
	log_set_verbosity(LOG_INFO);
	ok_captured((rc = db_load(c, "noload", "id", "1\n", 2)) == 1 && c->error == DB_ERROR_NONE,
	            "fakeps: the server refuses bulk loading (LOAD DATA LOCAL is disabled); using INSERT\n",
	            "refused (-ENOTSUP): 1, the caller falls back to INSERT, an info line");
	log_set_verbosity(LOG_NOTICE);
	ok_captured(db_load(c, "fail", "id", "1\n", 2) == -1 && c->error == DB_ERROR_FATAL,
	            "FATAL: fakeps: operation 3 failed: 1062 \"Duplicate entry\" in 'bulk load of "
	            "2 bytes into fail (id)'\n", "a failed load: -1, described to the driver's log_error");
	ok(strcmp(counters(), "r=0 w=1 o=0 err=0 reconn=0") == 0, "neither counted: %s", counters());
	c2 = db_connection_create(db_create("fake"));
	ok(db_load(c2, "t", "id", "1\n", 2) == 1 && fake.queries == 0,
	   "a driver without DB_CAP_LOAD: 1 (use INSERT)");
	db_connection_free(c2);
	db_connection_free(c);
}

/* The scheduler's coroutine functions, as main.c installs them. */
static unsigned co_waits, co_forgets;
static int co_fd = -1;

static int co_active(void)
{
	return 1;
}

static void co_wait(int fd, int write, int64_t deadline_ns)
{
	(void)deadline_ns;
	co_waits++;
	co_fd = write ? -fd : fd;
}

static void co_forget(void)
{
	co_forgets++;
}

static const struct db_co_hooks co_hooks = { co_active, co_wait, co_forget };

static void test_nonblocking(void)
{
	sql_driver *d = db_create("fakeps");
	sql_connection *c;
	sql_statement *st;
	sql_result *rs;
	int32_t id = 5;
	sql_bind b = { SQL_TYPE_INT, &id, NULL, 4, NULL };

	fresh_stats();
	fake_reset();
	db_set_co_hooks(&co_hooks);
	c = db_connection_create(d);
	rs = db_query_nb(c, "SELECT 1", 8);
	ok(rs == (sql_result *)1 && fake.nb_starts == 1 && fake.queries == 0,
	   "db_query_nb: (sql_result *)1 while the reply is not there");
	ok(co_waits == 1 && co_fd == 7, "the coroutine waits for the driver's socket to be "
	   "readable (%u, fd %d)", co_waits, co_fd);
	ok(db_nb_resume(c) == (sql_result *)1, "resume: still waiting");
	ok(strcmp(counters(), "r=0 w=0 o=0 err=0 reconn=0") == 0, "nothing counted in flight");
	rs = db_nb_resume(c);
	ok(rs && rs != (sql_result *)1 && rs->counter == SB_CNT_READ && rs->nrows == FAKE_NROWS,
	   "resume: the result set");
	ok(db_fetch_row(rs) != NULL && db_free_results(rs) == 0, "rows fetched as after db_query");
	ok(strcmp(counters(), "r=1 w=0 o=0 err=0 reconn=0") == 0 &&
	   strcmp(kinds(), "point_select=1") == 0, "counted when it completes: %s; %s",
	   counters(), kinds());

	st = prep(c, "UPDATE t SET k=k+1 WHERE id=?");
	ok(st && db_bind_param(st, &b, 1) == 0 && db_execute_nb(st) == (sql_result *)1 &&
	   db_nb_resume(c) == (sql_result *)1 && (rs = db_nb_resume(c)) && rs != (sql_result *)1 &&
	   rs->counter == SB_CNT_WRITE && fake.executes == 1 &&
	   strcmp(fake.last_params, "INT:5") == 0, "db_execute_nb of a prepared statement");
	db_close(st);
	st = prep(c, "NOPREP DELETE FROM t WHERE id=?");
	ok(st && db_bind_param(st, &b, 1) == 0 && db_execute_nb(st) == (sql_result *)1 &&
	   db_nb_resume(c) == (sql_result *)1 && (rs = db_nb_resume(c)) && rs != (sql_result *)1 &&
	   strcmp(fake.last_sql, "NOPREP DELETE FROM t WHERE id=5") == 0,
	   "an emulated statement: its expanded text as a nonblocking query (the fake and the "
	   "classifier see NOPREP..., an other)");
	db_close(st);
	ok(db_query_nb(c, "FAIL 1213", 9) == (sql_result *)1 && db_nb_resume(c) == (sql_result *)1 &&
	   db_nb_resume(c) == NULL && c->error == DB_ERROR_IGNORABLE,
	   "an ignorable error at resume: NULL, ignorable");
	ok(strcmp(counters(), "r=1 w=1 o=1 err=0 reconn=0") == 0 &&
	   strcmp(kinds(), "point_select=1 update=1 other=1/1err") == 0,
	   "counted: %s; %s", counters(), kinds());
	ok_captured(db_nb_resume(c) == NULL && c->error == DB_ERROR_FATAL && c->sql_errmsg == NULL,
	            "ALERT: db_nb_resume(): no statement in flight\n",
	            "db_nb_resume with nothing in flight: an API error and an ALERT");
	ok(co_waits == 8, "a wait each time the driver had to wait: 4 statements x 2 (%u)", co_waits);
	db_connection_free(c);
	ok(co_forgets == 1, "closing the connection: its socket forgotten (%u)", co_forgets);
	ok_captured(db_create("fake") != NULL && db_create("fake") != NULL,
	            "WARNING: the fake driver has no nonblocking mode: under --connections each of "
	            "its statements blocks the whole thread (its connections take turns)\n",
	            "under --connections a driver without DB_CAP_NONBLOCK: one warning");
	db_set_co_hooks(NULL);
}

/* ---- --db-ps-mode=disable and --db-debug: read once per process ------------ */

/* In a child process, before any db_create(): fakeps with server-side
 * prepare disabled, and the debug lines. The exit status is a bit per
 * failed check. */
static int ps_disabled_child(void)
{
	sql_connection *c;
	sql_statement *st;
	int32_t id = 7;
	sql_bind b = { SQL_TYPE_INT, &id, NULL, 4, NULL };
	int fail = 0;
	char *out;

	if (db_register(&fake_ops) || db_register(&fakeps_ops) || db_init_options() ||
	    opt_set("db-ps-mode", "disable") || opt_set("db-debug", "on"))
		return 0x80;
	c = db_connection_create(db_create("fakeps"));
	capture_begin();
	st = prep(c, "SELECT ?");
	if (st == NULL || st->priv != NULL || fake.prepares != 0)
		fail |= 1;
	if (db_bind_param(st, &b, 1) || db_execute(st) == NULL || fake.executes != 0 ||
	    strcmp(fake.last_sql, "SELECT 7") != 0)
		fail |= 2;
	db_close(st);
	opt_set("db-ps-mode", "auto");   /* read once: still disabled */
	st = prep(c, "UPDATE t SET k=1 WHERE id=?");
	if (st == NULL || st->priv != NULL)
		fail |= 4;
	db_close(st);
	out = capture_end();
	/* emulated: the expanded text as a query; nothing prepared */
	if (strcmp(out, "DEBUG: Query: SELECT 7\n") != 0)
		fail |= 8;
	free(out);
	db_connection_free(c);
	return fail;
}

static void test_ps_disabled(void)
{
	int status = -1;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(ps_disabled_child());
	if (pid > 0)
		waitpid(pid, &status, 0);
	ok(pid > 0 && WIFEXITED(status) && (WEXITSTATUS(status) & 3) == 0,
	   "--db-ps-mode=disable: a driver with server-side prepare is emulated (status %#x)",
	   status);
	ok(pid > 0 && WIFEXITED(status) && (WEXITSTATUS(status) & 4) == 0,
	   "--db-ps-mode is read once per process");
	ok(pid > 0 && WIFEXITED(status) && (WEXITSTATUS(status) & 8) == 0,
	   "--db-debug: the query line, no prepare line");
}

/* ---- threads: each its own connection and recorder ------------------------ */

#define NTHREADS 4
#define NEVENTS 500

struct worker {
	pthread_t th;
	sql_driver *d;
	struct stats_thread *t;
	unsigned seq;
	int ok;
};

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	sql_connection *c;
	sql_statement *st;
	int32_t id = 0;
	sql_bind b = { SQL_TYPE_INT, &id, NULL, 4, NULL };
	int good = 1;

	stats_set_current(w->t);
	c = db_connection_create(w->d);
	if (c == NULL)
		return NULL;
	w->seq = fake.last_seq;
	st = db_prepare(c, "SELECT c FROM t WHERE id=?", 26);
	good = st && db_bind_param(st, &b, 1) == 0;
	for (int i = 0; good && i < NEVENTS; i++) {
		id = i;
		good = db_query(c, "BEGIN", 5) && db_execute(st) && db_query(c, "UPDATE t SET k=1", 16) &&
		       db_query(c, "COMMIT", 6);
	}
	db_close(st);
	db_connection_free(c);
	w->ok = good;
	return NULL;
}

static void test_threads(sql_driver *d)
{
	struct worker w[NTHREADS];
	struct stats *s;
	unsigned i, seqs = 0, good = 1;

	if (stats_create(NTHREADS, 0, 3, &s))
		return;
	for (i = 0; i < NTHREADS; i++) {
		w[i] = (struct worker){ .d = d, .t = stats_thread(s, i) };
		pthread_create(&w[i].th, NULL, worker_main, &w[i]);
	}
	for (i = 0; i < NTHREADS; i++)
		pthread_join(w[i].th, NULL);
	for (i = 0; i < NTHREADS; i++) {
		good &= w[i].ok && w[i].t->ctr[STATS_READS] == NEVENTS &&
		        w[i].t->ctr[STATS_WRITES] == NEVENTS && w[i].t->ctr[STATS_OTHER] == 2 * NEVENTS;
		seqs |= 1u << (w[i].seq % 32);
	}
	ok(good, "%d threads, each its own connection: every thread's counts in its own recorder",
	   NTHREADS);
	ok(__builtin_popcount(seqs) == NTHREADS, "connections numbered apart (seq)");
	stats_destroy(s);
}

int main(void)
{
	sql_driver *d;

	opt_init();
	if (core_opts_define()) {
		printf("Bail out! core_opts_define failed\n");
		return 1;
	}
	test_ps_disabled();
	test_registry();
	test_counter_helpers();
	d = db_create("fake");
	if (d == NULL) {
		printf("Bail out! no fake driver\n");
		return 1;
	}
	test_counting(d);
	test_errors(d);
	test_reconnect(d);
	test_emulated(d);
	test_standard_strings();
	test_native();
	test_load();
	test_nonblocking();
	test_threads(d);
	stats_set_current(NULL);
	stats_destroy(S);
	db_shutdown();
	opt_free();
	return tap_done();
}
