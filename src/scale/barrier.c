/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --barrier=db: the instances meet in a small table of the database under
 * test, bench_barrier (created if missing), one row per instance of the
 * run (run_id, instance), and a start row (instance -1) that the first
 * instance to see all N rows inserts with the start it computed from the
 * server's clock. Only this run's rows are touched: each instance deletes
 * its own row once it read the start, the last one also the start row.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "db/driver.h"
#include "scale/scale.h"
#include "util/log.h"

#define BARRIER_POLL_S 0.1
/* The start lies this far after the last arrival: every instance polls
 * within BARRIER_POLL_S and reads it with room to spare. */
#define BARRIER_MARGIN_US 500000LL

struct barrier {
	sql_connection *con;
	const char *run_id;     /* the rows' key: the run id, or RUNID.tag */
	const char *who;        /* the FATAL lines' prefix */
	int pg;                 /* PostgreSQL's clock expression, else MySQL's */
	char errmsg[256];
};

static double wall_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* sql on the barrier's connection, quiet: its result (free it with
 * db_free_results) or NULL with b->errmsg set. */
static sql_result *bq(struct barrier *b, const char *sql)
{
	sql_result *rs;

	log_mute_thread(1);
	rs = db_query(b->con, sql, strlen(sql));
	log_mute_thread(0);
	if (rs == NULL)
		snprintf(b->errmsg, sizeof(b->errmsg), "%s",
		         b->con->sql_errmsg && *b->con->sql_errmsg ? b->con->sql_errmsg : "statement failed");
	return rs;
}

/* A statement whose result is not read: 0 or -EIO. Only a result set
 * is freed (a write's result is the connection's, nothing to free). */
static int bexec(struct barrier *b, const char *sql)
{
	sql_result *rs = bq(b, sql);

	if (rs == NULL)
		return -EIO;
	if (rs->counter == SB_CNT_READ)
		db_free_results(rs);
	return 0;
}

static long long value_ll(const sql_row *row, unsigned i, int *null)
{
	char buf[32];
	const sql_value *v = &row->values[i];
	size_t n;

	*null = v->ptr == NULL;
	if (v->ptr == NULL)
		return 0;
	n = v->len < sizeof(buf) - 1 ? v->len : sizeof(buf) - 1;
	memcpy(buf, v->ptr, n);
	buf[n] = 0;
	return strtoll(buf, NULL, 10);
}

/* The server's clock in microseconds of the epoch, as an SQL expression. */
static const char *server_now_sql(const struct barrier *b)
{
	return b->pg ? "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT)"
	             : "CAST(UNIX_TIMESTAMP(SYSDATE(6)) * 1000000 AS SIGNED)";
}

/* The server's clock minus this machine's (seconds), from the quickest
 * of three readings (the reading lies mid-way through its round trip). */
static int server_offset(struct barrier *b, double *offset)
{
	char sql[160];
	double best_rtt = 1e9;
	int i, null;

	snprintf(sql, sizeof(sql), "SELECT %s", server_now_sql(b));
	for (i = 0; i < 3; i++) {
		double t0 = wall_now(), t1;
		sql_result *rs = bq(b, sql);
		sql_row *row;
		long long us;

		if (rs == NULL)
			return -EIO;
		row = db_fetch_row(rs);
		us = row && rs->nfields >= 1 ? value_ll(row, 0, &null) : 0;
		db_free_results(rs);
		t1 = wall_now();
		if (us == 0) {
			snprintf(b->errmsg, sizeof(b->errmsg), "the server's clock could not be read");
			return -EIO;
		}
		if (t1 - t0 < best_rtt) {
			best_rtt = t1 - t0;
			*offset = us / 1e6 - (t0 + t1) / 2;
		}
	}
	return 0;
}

/* What the table holds for this run: the instances present (present[i],
 * *count) and the start (*start_us, 0: none yet). */
static int poll_rows(struct barrier *b, unsigned n, unsigned char *present,
                     unsigned *count, long long *start_us)
{
	char sql[200];
	sql_result *rs;
	sql_row *row;

	snprintf(sql, sizeof(sql), "SELECT instance, start_us FROM bench_barrier WHERE run_id = '%s'", b->run_id);
	if ((rs = bq(b, sql)) == NULL)
		return -EIO;
	memset(present, 0, n);
	*count = 0;
	*start_us = 0;
	/* no fetch from an empty set: the driver calls that an error */
	while (rs->nrows > 0 && rs->nfields >= 2 && (row = db_fetch_row(rs)) != NULL) {
		int null;
		long long i = value_ll(row, 0, &null), s = value_ll(row, 1, &null);

		if (i == -1 && !null)
			*start_us = s;
		else if (i >= 0 && i < (long long)n && !present[i]) {
			present[i] = 1;
			(*count)++;
		}
	}
	db_free_results(rs);
	return 0;
}

/* "2, 5, 7" of the instances not present (at most ~40 named). */
static void missing_list(const unsigned char *present, unsigned n, char *buf, size_t len)
{
	size_t at = 0;
	unsigned i, named = 0, left = 0;

	buf[0] = 0;
	for (i = 0; i < n; i++) {
		if (present[i])
			continue;
		if (named < 40 && at + 16 < len) {
			at += (size_t)snprintf(buf + at, len - at, "%s%u", named ? ", " : "", i);
			named++;
		} else {
			left++;
		}
	}
	if (left && at + 24 < len)
		snprintf(buf + at, len - at, " and %u more", left);
}

/* This machine's name, reduced to characters that need no quoting. */
static void safe_host(char *host, size_t len)
{
	char *p;

	if (gethostname(host, len) != 0)
		snprintf(host, len, "unknown");
	host[len - 1] = 0;
	for (p = host; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '.' && *p != '-' && *p != '_')
			*p = '_';
}

/* Create bench_barrier if it is missing: 0, or -EIO after a FATAL line. */
static int barrier_table(struct barrier *b)
{
	int tries = 0;

	/* PostgreSQL's CREATE TABLE IF NOT EXISTS fails in all but one of
	 * the sessions that run it at the same moment (a unique violation in
	 * its catalog): the others find the table on the next try */
	while (bexec(b, "CREATE TABLE IF NOT EXISTS bench_barrier ("
	                "run_id VARCHAR(64) NOT NULL, instance INTEGER NOT NULL, "
	                "instances INTEGER NOT NULL, host VARCHAR(64) NOT NULL, "
	                "start_us BIGINT, PRIMARY KEY (run_id, instance))")) {
		struct timespec ts = { 0, 200000000L };

		if (++tries == 5) {
			log_msg(LOG_FATAL, "%s: cannot create the table bench_barrier: %s", b->who, b->errmsg);
			return -EIO;
		}
		nanosleep(&ts, NULL);
	}
	return 0;
}

static int barrier_register(struct barrier *b, unsigned instance, unsigned instances)
{
	char sql[512], host[64];

	if (barrier_table(b))
		return -EIO;
	safe_host(host, sizeof(host));
	snprintf(sql, sizeof(sql), "INSERT INTO bench_barrier (run_id, instance, instances, host) "
	         "VALUES ('%s', %u, %u, '%s')", b->run_id, instance, instances, host);
	if (bexec(b, sql)) {
		log_msg(LOG_FATAL, "%s: cannot register instance %u of run %s: %s "
		        "(the same instance twice, or rows a killed run left: remove them with "
		        "DELETE FROM bench_barrier WHERE run_id = '%s', or give another --run-id)",
		        b->who, instance, b->run_id, b->errmsg, b->run_id);
		return -EEXIST;
	}
	return 0;
}

/* This instance leaves: its row; the last one leaving also the start row. */
static void barrier_leave(struct barrier *b, unsigned instance, int last_check)
{
	char sql[200];
	sql_result *rs;
	sql_row *row;
	int null, last;

	snprintf(sql, sizeof(sql), "DELETE FROM bench_barrier WHERE run_id = '%s' AND instance = %u",
	         b->run_id, instance);
	(void)bexec(b, sql);
	if (!last_check)
		return;
	snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM bench_barrier WHERE run_id = '%s' AND instance >= 0",
	         b->run_id);
	if ((rs = bq(b, sql)) == NULL)
		return;
	row = db_fetch_row(rs);
	last = row && rs->nfields >= 1 && value_ll(row, 0, &null) == 0 && !null;
	db_free_results(rs);
	if (last) {
		snprintf(sql, sizeof(sql), "DELETE FROM bench_barrier WHERE run_id = '%s' AND instance = -1",
		         b->run_id);
		(void)bexec(b, sql);
	}
}

static int sleep_poll(int (*stop)(void))
{
	struct timespec ts = { 0, (long)(BARRIER_POLL_S * 1e9) };

	if (stop && stop())
		return -EINTR;
	nanosleep(&ts, NULL);
	return stop && stop() ? -EINTR : 0;
}

/* Connect b to the database under test (the workload's driver): 0, or a
 * negative errno after a FATAL line. */
static int barrier_open(struct barrier *b)
{
	b->con = db_side_connection(b->errmsg, sizeof(b->errmsg));
	if (b->con == NULL) {
		log_msg(LOG_FATAL, "%s: cannot connect to the database: %s", b->who, b->errmsg);
		return -ECONNREFUSED;
	}
	b->pg = strcmp(b->con->driver->sname, "pgsql") == 0;
	if (!b->pg && strcmp(b->con->driver->sname, "mysql") != 0) {
		log_msg(LOG_FATAL, "%s works with the mysql and pgsql drivers, not %s",
		        b->who, b->con->driver->sname);
		return -ENOTSUP;
	}
	return 0;
}

static void barrier_close(struct barrier *b)
{
	if (b->con == NULL)
		return;
	db_connection_close(b->con);
	db_connection_free(b->con);
	b->con = NULL;
}

int scale_barrier_db(const char *run_id, unsigned instance, unsigned instances,
                     double timeout, int (*stop)(void), double *start, double *agreed)
{
	struct barrier b = { .run_id = run_id, .who = "--barrier=db" };
	/* present: in the table at the last poll; came: ever seen there (a
	 * peer that gave up and left its row still came: it is not named
	 * missing) */
	unsigned char *present = calloc(instances, 1), *came = calloc(instances, 1);
	double deadline = wall_now() + timeout, offset = 0;
	long long start_us = 0;
	unsigned count = 0, ncame = 0, i;
	char sql[400];
	int rc;

	if (present == NULL || came == NULL) {
		free(present);
		free(came);
		return -ENOMEM;
	}
	if ((rc = barrier_open(&b)))
		goto out;
	if ((rc = barrier_register(&b, instance, instances)))
		goto out;
	log_text(LOG_NOTICE, "Waiting for %u instance(s) of run %s at the database barrier...\n",
	         instances, run_id);
	for (;;) {
		if ((rc = poll_rows(&b, instances, present, &count, &start_us)))
			break;
		if (start_us)
			break;
		for (i = 0; i < instances; i++)
			if (present[i] && !came[i]) {
				came[i] = 1;
				ncame++;
			}
		if (count >= instances) {
			/* the first to see all inserts the start; the others'
			 * inserts fail on the key and they read it next poll */
			snprintf(sql, sizeof(sql), "INSERT INTO bench_barrier (run_id, instance, instances, host, start_us) "
			         "SELECT '%s', -1, %u, 'start', %s + %lld", run_id, instances,
			         server_now_sql(&b), BARRIER_MARGIN_US);
			(void)bexec(&b, sql);
			continue;
		}
		if (wall_now() >= deadline) {
			char missing[400];
			missing_list(came, instances, missing, sizeof(missing));
			log_msg(LOG_FATAL, "--barrier=db: %u of %u instances of run %s came within --barrier-timeout=%.0f s; missing: %s",
			        ncame, instances, run_id, timeout, missing);
			barrier_leave(&b, instance, 0);
			rc = -ETIMEDOUT;
			goto out;
		}
		if ((rc = sleep_poll(stop))) {
			log_msg(LOG_FATAL, "--barrier=db: interrupted while waiting for the other instances");
			barrier_leave(&b, instance, 0);
			goto out;
		}
	}
	if (rc) {
		log_msg(LOG_FATAL, "--barrier=db: cannot read bench_barrier: %s", b.errmsg);
		goto out;
	}
	if ((rc = server_offset(&b, &offset))) {
		log_msg(LOG_FATAL, "--barrier=db: %s", b.errmsg);
		goto out;
	}
	*agreed = start_us / 1e6;
	*start = *agreed - offset;
	barrier_leave(&b, instance, 1);
out:
	barrier_close(&b);
	free(present);
	free(came);
	return rc;
}

/* ---- instances sharing a table -------------------------------------------- */

/* key := "RUNID.tag": 0, or -EINVAL after a FATAL line (no run id: not
 * one of several instances; a tag of other characters or too long). */
static int share_key(const char *who, const char *tag, char *key, size_t len)
{
	const char *run = scale_run_id(), *p;

	if (run == NULL || scale_instances() < 2) {
		log_msg(LOG_FATAL, "%s: coordinating instances needs --instance=I/N (or --instances=N) with N > 1", who);
		return -EINVAL;
	}
	for (p = tag; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '.' && *p != '_' && *p != '-')
			break;
	if (*tag == 0 || *p || strlen(run) + 1 + strlen(tag) >= len) {
		log_msg(LOG_FATAL, "%s: invalid coordination tag '%s' (1 to 40 of A-Z a-z 0-9 . _ -)", who, tag);
		return -EINVAL;
	}
	memcpy(key, run, strlen(run));
	key[strlen(run)] = '.';
	memcpy(key + strlen(run) + 1, tag, strlen(tag) + 1);
	return 0;
}

#define SHARE_KEY_LEN 58        /* 16 + 1 + 40 + NUL; bench_barrier takes 64 */

int scale_share_mark(const char *tag, const char *who)
{
	char key[SHARE_KEY_LEN];
	struct barrier b = { .run_id = key, .who = who };
	int rc;

	if ((rc = share_key(who, tag, key, sizeof(key))) || (rc = barrier_open(&b)))
		goto out;
	rc = barrier_register(&b, scale_instance(), scale_instances());
out:
	barrier_close(&b);
	return rc;
}

int scale_share_wait(const char *tag, unsigned first, unsigned stride, const char *who,
                     double timeout, int (*stop)(void))
{
	char key[SHARE_KEY_LEN], missing[400];
	struct barrier b = { .run_id = key, .who = who };
	unsigned n = scale_instances(), i, count, want = 0, have;
	unsigned char *present = calloc(n ? n : 1, 1);
	double deadline = wall_now() + timeout;
	long long start_us;
	int rc;

	if (present == NULL)
		return -ENOMEM;
	if (stride == 0)
		stride = 1;
	for (i = first; i < n; i += stride)
		want++;
	/* the table may not be there yet: the instance that marks first makes it */
	if ((rc = share_key(who, tag, key, sizeof(key))) || (rc = barrier_open(&b)) ||
	    (rc = barrier_table(&b)))
		goto out;
	for (;;) {
		if ((rc = poll_rows(&b, n, present, &count, &start_us))) {
			log_msg(LOG_FATAL, "%s: cannot read bench_barrier: %s", who, b.errmsg);
			goto out;
		}
		/* only the awaited instances count; the others read as present */
		have = 0;
		for (i = 0; i < n; i++) {
			int awaited = i >= first && (i - first) % stride == 0;
			if (!awaited)
				present[i] = 1;
			else if (present[i])
				have++;
		}
		if (have >= want)
			break;
		if (wall_now() >= deadline) {
			missing_list(present, n, missing, sizeof(missing));
			log_msg(LOG_FATAL, "%s: %u of %u done within --barrier-timeout=%.0f s; missing: %s",
			        who, have, want, timeout, missing);
			rc = -ETIMEDOUT;
			goto out;
		}
		if ((rc = sleep_poll(stop))) {
			log_msg(LOG_FATAL, "%s: interrupted while waiting for the other instances", who);
			goto out;
		}
	}
out:
	barrier_close(&b);
	free(present);
	return rc;
}

void scale_share_clear(const char *tag, const char *who)
{
	char key[SHARE_KEY_LEN], sql[160];
	struct barrier b = { .run_id = key, .who = who };

	if (share_key(who, tag, key, sizeof(key)) == 0 && barrier_open(&b) == 0) {
		snprintf(sql, sizeof(sql), "DELETE FROM bench_barrier WHERE run_id = '%s'", key);
		(void)bexec(&b, sql);
	}
	barrier_close(&b);
}
