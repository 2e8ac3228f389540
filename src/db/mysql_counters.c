/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mysql_counters: MySQL/MariaDB server counters for --server-stats, from
 * SHOW GLOBAL STATUS (no privilege needed), filtered on the server by
 * name. */
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

const struct db_counter_def *my_counters_default(sql_connection *c, unsigned *n)
{
	(void)c;
	*n = NELEM(my_default);
	return my_default;
}

int my_counters_read(sql_connection *c, const char *const *names, unsigned n,
                     double *values, unsigned *flags)
{
	size_t len = 64, at;
	sql_result *rs;
	sql_row *row;
	char *sql;
	int rc = 0;

	for (unsigned i = 0; i < n; i++) {
		if (!db_counter_name_ok(names[i], 0))
			return -EINVAL;
		len += strlen(names[i]) + 3;
		values[i] = NAN;
		if (my_is_gauge(names[i]))
			flags[i] |= DB_CTR_GAUGE;
	}
	if ((sql = malloc(len)) == NULL)
		return -ENOMEM;
	at = (size_t)snprintf(sql, len, "SHOW GLOBAL STATUS WHERE Variable_name IN (");
	for (unsigned i = 0; i < n; i++)
		at += (size_t)snprintf(sql + at, len - at, "%s'%s'", i ? "," : "", names[i]);
	snprintf(sql + at, len - at, ")");
	rs = db_query(c, sql, strlen(sql));
	free(sql);
	if (rs == NULL)
		return -EIO;
	while (rs->nrows && (row = db_fetch_row(rs)) != NULL) {
		const sql_value *k = &row->values[0];
		if (rs->nfields < 2 || k->ptr == NULL)
			continue;
		for (unsigned i = 0; i < n; i++)
			if (strlen(names[i]) == k->len && strncasecmp(names[i], k->ptr, k->len) == 0)
				values[i] = db_counter_value(&row->values[1]);
	}
	/* Threads_running counts the SHOW STATUS itself: without it */
	for (unsigned i = 0; i < n; i++) {
		if (strcasecmp(names[i], "Threads_running") == 0 && values[i] >= 1)
			values[i] -= 1;
	}
	db_free_results(rs);
	return rc;
}
