/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pgsql_counters: PostgreSQL server counters for --server-stats, from the
 * cumulative statistics views, named "view.column": pg_stat_database for
 * the run's database, pg_stat_bgwriter (pg_stat_checkpointer from 17),
 * pg_stat_wal (14+), and two levels counted in pg_stat_activity. Every
 * role may read these views' counters. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "db/counters.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* The run's database and the server's shared work: commits, block reads
 * against hits, rows by kind, deadlocks, temp files, checkpoints, WAL. */
#define PG_DB_DEFAULTS \
	{ "pg_stat_database.xact_commit", "commit", 0 }, \
	{ "pg_stat_database.xact_rollback", "rollback", 0 }, \
	{ "pg_stat_database.blks_read", "blks_read", 0 }, \
	{ "pg_stat_database.blks_hit", "blks_hit", 0 }, \
	{ "pg_stat_database.tup_returned", NULL, 0 }, \
	{ "pg_stat_database.tup_fetched", NULL, 0 }, \
	{ "pg_stat_database.tup_inserted", NULL, 0 }, \
	{ "pg_stat_database.tup_updated", NULL, 0 }, \
	{ "pg_stat_database.tup_deleted", NULL, 0 }, \
	{ "pg_stat_database.deadlocks", NULL, 0 }, \
	{ "pg_stat_database.temp_bytes", "temp_MB", DB_CTR_BYTES }, \
	{ "pg_stat_activity.active", "active", DB_CTR_GAUGE }, \
	{ "pg_stat_activity.waiting", NULL, DB_CTR_GAUGE }, \
	{ "pg_stat_activity.wait_Lock", NULL, DB_CTR_GAUGE }, \
	{ "pg_stat_activity.wait_LWLock", NULL, DB_CTR_GAUGE }, \
	{ "pg_stat_activity.wait_IO", NULL, DB_CTR_GAUGE }, \
	{ "pg_stat_activity.wait_IPC", NULL, DB_CTR_GAUGE }, \
	{ "pg_stat_activity.wait_Client", NULL, DB_CTR_GAUGE }
#define PG_WAL_DEFAULTS \
	{ "pg_stat_wal.wal_records", NULL, 0 }, \
	{ "pg_stat_wal.wal_fpi", NULL, 0 }, \
	{ "pg_stat_wal.wal_bytes", "wal_MB", DB_CTR_BYTES }, \
	{ "pg_stat_wal.wal_buffers_full", NULL, 0 }, \
	{ "pg_stat_wal.wal_sync", NULL, 0 }     /* fsyncs (14 to 17) */

/* checkpoints: in pg_stat_bgwriter until 16 */
#define PG_BGW_DEFAULTS \
	{ "pg_stat_bgwriter.checkpoints_timed", NULL, 0 }, \
	{ "pg_stat_bgwriter.checkpoints_req", "ckpt_req", 0 }, \
	{ "pg_stat_bgwriter.buffers_checkpoint", NULL, 0 }, \
	{ "pg_stat_bgwriter.buffers_backend", NULL, 0 }

static const struct db_counter_def pg_default_13[] = {   /* 9.x .. 13 */
	PG_DB_DEFAULTS, PG_BGW_DEFAULTS,
};
static const struct db_counter_def pg_default_14[] = {   /* 14 .. 16 */
	PG_DB_DEFAULTS, PG_BGW_DEFAULTS, PG_WAL_DEFAULTS,
};
static const struct db_counter_def pg_default_17[] = {   /* 17 moved them */
	PG_DB_DEFAULTS,
	{ "pg_stat_checkpointer.num_timed", NULL, 0 },
	{ "pg_stat_checkpointer.num_requested", "ckpt_req", 0 },
	{ "pg_stat_checkpointer.buffers_written", NULL, 0 },
	PG_WAL_DEFAULTS,
};

/* The server's version number (150004), 0 when it cannot be read. */
static long pg_version(sql_connection *c)
{
	static const char q[] = "SELECT current_setting('server_version_num')";
	sql_result *rs = db_query(c, q, sizeof(q) - 1);
	sql_row *row;
	long v = 0;

	if (rs == NULL)
		return 0;
	if (rs->nrows && (row = db_fetch_row(rs)) != NULL && rs->nfields >= 1)
		v = (long)db_counter_value(&row->values[0]);
	db_free_results(rs);
	return v;
}

const struct db_counter_def *pg_counters_default(sql_connection *c, unsigned *n)
{
	long v = pg_version(c);
	if (v >= 170000) {
		*n = NELEM(pg_default_17);
		return pg_default_17;
	}
	if (v >= 140000) {
		*n = NELEM(pg_default_14);
		return pg_default_14;
	}
	*n = NELEM(pg_default_13);
	return pg_default_13;
}

/* The levels counted in pg_stat_activity: the run database's other
 * sessions running a statement, those of them waiting on something (a
 * lock, I/O, ...), and "wait_<Type>": its sessions (in any state) waiting
 * on a wait event of that wait_event_type (Lock, LWLock, IO, IPC, Client:
 * an idle session waits for its client). Into buf (len). */
static const char *pg_activity_where(const char *col, char *buf, size_t len)
{
	if (strcmp(col, "active") == 0)
		return "state = 'active'";
	if (strcmp(col, "waiting") == 0)
		return "state = 'active' AND wait_event IS NOT NULL";
	/* the name's characters are [A-Za-z0-9_] (db_counter_name_ok) */
	if (strncmp(col, "wait_", 5) == 0 && col[5]) {
		snprintf(buf, len, "wait_event_type = '%s'", col + 5);
		return buf;
	}
	return NULL;
}

/* One scalar subquery for "view.column" appended at sql+at (room len). */
static int pg_subquery(const char *name, char *sql, size_t len, size_t *at)
{
	const char *dot = strchr(name, '.');
	const char *col = dot + 1;
	int vlen = (int)(dot - name), w;

	if (vlen == 16 && strncmp(name, "pg_stat_activity", 16) == 0) {
		char wbuf[96];
		const char *where = pg_activity_where(col, wbuf, sizeof(wbuf));
		if (where == NULL)
			return -EINVAL;
		w = snprintf(sql + *at, len - *at,
		             "(SELECT count(*)::float8 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND %s)",
		             where);
	} else {
		/* the per-database views: the run's database only */
		int perdb = (vlen == 16 && strncmp(name, "pg_stat_database", 16) == 0) ||
		            (vlen == 26 && strncmp(name, "pg_stat_database_conflicts", 26) == 0);
		/* sum(): one figure also from a view with a row per table */
		w = snprintf(sql + *at, len - *at, "(SELECT sum(%s)::float8 FROM %.*s%s)",
		             col, vlen, name, perdb ? " WHERE datname = current_database()" : "");
	}
	if (w < 0 || (size_t)w >= len - *at)
		return -ENOSPC;
	*at += (size_t)w;
	return 0;
}

int pg_counters_read(sql_connection *c, const char *const *names, unsigned n,
                     double *values, unsigned *flags)
{
	size_t len = 16, at;
	sql_result *rs;
	sql_row *row;
	char *sql;
	int rc = 0;

	for (unsigned i = 0; i < n; i++) {
		if (!db_counter_name_ok(names[i], 1))
			return -EINVAL;
		len += strlen(names[i]) + 192;
		values[i] = NAN;
		if (strncmp(names[i], "pg_stat_activity.", 17) == 0)
			flags[i] |= DB_CTR_GAUGE;
	}
	if ((sql = malloc(len)) == NULL)
		return -ENOMEM;
	at = (size_t)snprintf(sql, len, "SELECT ");
	for (unsigned i = 0; i < n && rc == 0; i++) {
		if (i)
			sql[at++] = ',';
		rc = pg_subquery(names[i], sql, len, &at);
	}
	if (rc) {
		free(sql);
		return rc;
	}
	rs = db_query(c, sql, at);
	free(sql);
	if (rs == NULL)
		return -EIO;
	if (rs->nrows && (row = db_fetch_row(rs)) != NULL)
		for (unsigned i = 0; i < n && i < rs->nfields; i++)
			values[i] = db_counter_value(&row->values[i]);
	db_free_results(rs);
	return 0;
}
