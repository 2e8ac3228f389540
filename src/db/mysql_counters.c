/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mysql_counters: MySQL/MariaDB server counters for --server-stats, from
 * SHOW GLOBAL STATUS (no privilege needed), filtered on the server by
 * name, and for names "innodb_metrics.NAME" from
 * information_schema.INNODB_METRICS (a second statement, only when such
 * names are asked for). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "db/counters.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* What limited a run: buffer pool misses against requests, fsyncs, redo
 * log bytes, row lock waits, rows by kind, commits, threads running. */
static const struct db_counter_def my_default[] = {
	{ "Com_commit", "commit", 0 },
	{ "Com_rollback", NULL, 0 },
	{ "Questions", NULL, 0 },
	{ "Innodb_buffer_pool_read_requests", "bp_req", 0 },
	{ "Innodb_buffer_pool_reads", "bp_miss", 0 },
	{ "Innodb_buffer_pool_pages_flushed", NULL, 0 },
	{ "Innodb_buffer_pool_wait_free", NULL, 0 },
	{ "Innodb_buffer_pool_pages_dirty", NULL, DB_CTR_GAUGE },
	{ "Innodb_data_reads", NULL, 0 },
	{ "Innodb_data_writes", NULL, 0 },
	{ "Innodb_data_fsyncs", "fsync", 0 },
	{ "Innodb_os_log_written", "log_MB", DB_CTR_BYTES },
	{ "Innodb_log_waits", NULL, 0 },
	{ "Innodb_row_lock_waits", "lock_waits", 0 },
	{ "Innodb_row_lock_time", NULL, 0 },
	{ "Innodb_rows_read", NULL, 0 },
	{ "Innodb_rows_inserted", NULL, 0 },
	{ "Innodb_rows_updated", NULL, 0 },
	{ "Innodb_rows_deleted", NULL, 0 },
	{ "Threads_running", "running", DB_CTR_GAUGE },
	{ "Threads_connected", NULL, DB_CTR_GAUGE },
};

/* Status variables that are levels, not counts (for names a user adds). */
static int my_is_gauge(const char *name)
{
	static const char *const prefix[] = {
		"Threads_", "Open_", "Innodb_buffer_pool_pages_", "Innodb_buffer_pool_bytes_",
		"Innodb_row_lock_current_waits", "Innodb_row_lock_time_max",
		"Innodb_row_lock_time_avg", "Innodb_history_list_length", "Uptime",
		"Max_used_connections", "Memory_used", "Innodb_page_size",
		"Innodb_checkpoint_age", "Prepared_stmt_count",
	};
	for (unsigned i = 0; i < NELEM(prefix); i++)
		if (strncasecmp(name, prefix[i], strlen(prefix[i])) == 0)
			return strcasecmp(name, "Innodb_buffer_pool_pages_flushed") != 0;
	return 0;
}

/* "innodb_metrics.NAME": a row of information_schema.INNODB_METRICS
 * (MySQL 5.6+, MariaDB; reading it needs the PROCESS privilege). */
#define MY_IM_PREFIX "innodb_metrics."
#define MY_IM_LEN (sizeof(MY_IM_PREFIX) - 1)

static int my_is_im(const char *name)
{
	return strncasecmp(name, MY_IM_PREFIX, MY_IM_LEN) == 0;
}

/* INNODB_METRICS rows that are levels: its TYPE 'value' but the two that
 * count events, and the pending I/O requests. */
static int my_im_gauge(const char *name, const sql_value *type)
{
	if (strncasecmp(name, "os_pending_", 11) == 0)
		return 1;
	if (strcasecmp(name, "lock_deadlocks") == 0 || strcasecmp(name, "lock_timeouts") == 0)
		return 0;
	return type->ptr && type->len == 5 && strncasecmp(type->ptr, "value", 5) == 0;
}

/* One query for the names with (im) or without the prefix: "SHOW GLOBAL
 * STATUS WHERE Variable_name IN (...)" or "SELECT NAME, COUNT, TYPE FROM
 * information_schema.INNODB_METRICS WHERE NAME IN (...)"; the values
 * into values[]. 0 (nothing asked: nothing done), -ENOMEM, -EIO. */
static int my_read_some(sql_connection *c, const char *const *names, unsigned n,
                        double *values, unsigned *flags, int im)
{
	size_t len = 128, at;
	unsigned asked = 0;
	sql_result *rs;
	sql_row *row;
	char *sql;

	for (unsigned i = 0; i < n; i++)
		len += strlen(names[i]) + 3;
	if ((sql = malloc(len)) == NULL)
		return -ENOMEM;
	at = (size_t)snprintf(sql, len, im ? "SELECT NAME, COUNT, TYPE FROM information_schema.INNODB_METRICS WHERE NAME IN ("
	                                   : "SHOW GLOBAL STATUS WHERE Variable_name IN (");
	for (unsigned i = 0; i < n; i++)
		if (my_is_im(names[i]) == im)
			at += (size_t)snprintf(sql + at, len - at, "%s'%s'", asked++ ? "," : "",
			                       names[i] + (im ? MY_IM_LEN : 0));
	snprintf(sql + at, len - at, ")");
	if (asked == 0) {
		free(sql);
		return 0;
	}
	rs = db_query(c, sql, strlen(sql));
	free(sql);
	if (rs == NULL)
		return -EIO;
	while (rs->nrows && (row = db_fetch_row(rs)) != NULL) {
		const sql_value *k = &row->values[0];
		if (rs->nfields < (im ? 3u : 2u) || k->ptr == NULL)
			continue;
		for (unsigned i = 0; i < n; i++) {
			const char *nm = names[i] + (im ? MY_IM_LEN : 0);
			if (my_is_im(names[i]) != im || strlen(nm) != k->len ||
			    strncasecmp(nm, k->ptr, k->len) != 0)
				continue;
			values[i] = db_counter_value(&row->values[1]);
			if (im && my_im_gauge(nm, &row->values[2]))
				flags[i] |= DB_CTR_GAUGE;
		}
	}
	db_free_results(rs);
	return 0;
}

const struct db_counter_def *my_counters_default(sql_connection *c, unsigned *n)
{
	(void)c;
	*n = NELEM(my_default);
	return my_default;
}

int my_counters_read(sql_connection *c, const char *const *names, unsigned n,
                     double *values, unsigned *flags)
{
	int rc;

	for (unsigned i = 0; i < n; i++) {
		if (!db_counter_name_ok(names[i], my_is_im(names[i]) ? 1 : 0))
			return -EINVAL;
		values[i] = NAN;
		if (!my_is_im(names[i]) && my_is_gauge(names[i]))
			flags[i] |= DB_CTR_GAUGE;
	}
	if ((rc = my_read_some(c, names, n, values, flags, 0)) != 0 ||
	    (rc = my_read_some(c, names, n, values, flags, 1)) != 0)
		return rc;
	/* Threads_running counts the SHOW STATUS itself: without it */
	for (unsigned i = 0; i < n; i++) {
		if (strcasecmp(names[i], "Threads_running") == 0 && values[i] >= 1)
			values[i] -= 1;
	}
	return 0;
}
