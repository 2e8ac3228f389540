/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * server_info: the built-in drivers' server_info hooks (driver.h, ABI 6):
 * the server's product and version and the settings that decide OLTP
 * results, for the result file (docs/report-formats.md, "server"). Plain
 * SQL through the driver.c API on the connection the core opened for it,
 * so this file needs no client library. A setting the server does not
 * have is left out; a statement it refuses (an old version) is skipped.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "db/driver.h"

/* A row's column i as a NUL-terminated copy (NULL for SQL NULL). */
static char *info_value(const sql_row *row, unsigned i)
{
	const sql_value *v = &row->values[i];
	return v->ptr ? strndup(v->ptr, v->len) : NULL;
}

int db_info_rows(sql_connection *c, const char *sql, const char *key, int lower,
                 db_info_add_fn add, void *ud)
{
	sql_result *rs = db_query(c, sql, strlen(sql));
	sql_row *row;

	if (rs == NULL)
		return -EIO;
	if (rs->counter != SB_CNT_READ || rs->nrows == 0 ||
	    rs->nfields < (key ? 1u : 2u))
		return 0;
	while ((row = db_fetch_row(rs)) != NULL) {
		char *k = key ? strdup(key) : info_value(row, 0);
		char *v = info_value(row, key ? 0 : 1);
		if (k && lower)
			for (char *p = k; *p; p++)
				*p = (char)tolower((unsigned char)*p);
		if (k && v)
			add(ud, k, v);
		free(k);
		free(v);
		if (key)
			break;
	}
	db_free_results(rs);
	return 0;
}

/* Collects one value (a product's version, the replica check). */
struct info_one {
	char *value;
};

static void info_keep(void *ud, const char *key, const char *value)
{
	struct info_one *o = ud;
	(void)key;
	free(o->value);
	o->value = strdup(value);
}

/* "product" (product, or product2 when the version names it) and
 * "version", from the one value sql returns. 0 or a negative errno. */
static int info_product(sql_connection *c, const char *sql, const char *product,
                        const char *product2, db_info_add_fn add, void *ud)
{
	struct info_one ver = { NULL };
	int rc = db_info_rows(c, sql, "version", 0, info_keep, &ver);

	if (rc == 0 && ver.value == NULL)
		rc = -EIO;
	if (rc == 0) {
		add(ud, "product", product2 && strstr(ver.value, product2) ? product2 : product);
		add(ud, "version", ver.value);
	}
	free(ver.value);
	return rc;
}

int db_mysql_server_info(sql_connection *c, db_info_add_fn add, void *ud)
{
	struct info_one replica = { NULL }, log_bin = { NULL };
	int rc;

	rc = info_product(c, "SELECT @@version", "MySQL", "MariaDB", add, ud);
	if (rc == 0)
		rc = db_info_rows(c, "SHOW GLOBAL VARIABLES WHERE Variable_name IN ("
		                  "'version_comment', 'innodb_buffer_pool_size', "
	                  "'innodb_flush_log_at_trx_commit', 'sync_binlog', "
	                  "'innodb_doublewrite', 'innodb_flush_method', "
	                  "'innodb_log_file_size', 'innodb_redo_log_capacity', "
	                  "'log_bin', 'binlog_format', 'read_only', "
	                  "'super_read_only', 'transaction_isolation', "
	                  "'tx_isolation', 'max_connections')", NULL, 1, add, ud);
	if (rc)
		return rc;
	/* replication role: a replica has a replica status row (MySQL 8.0.22
	 * and MariaDB 10.5 name it REPLICA, older ones SLAVE) */
	if (db_info_rows(c, "SHOW REPLICA STATUS", "r", 0, info_keep, &replica))
		(void)db_info_rows(c, "SHOW SLAVE STATUS", "r", 0, info_keep, &replica);
	(void)db_info_rows(c, "SELECT @@log_bin", "log_bin", 0, info_keep, &log_bin);
	add(ud, "replication_role", replica.value ? "replica"
	    : log_bin.value && strcmp(log_bin.value, "1") == 0 ? "source (binary log on, not a replica)"
	    : "none (not a replica, binary log off)");
	free(replica.value);
	free(log_bin.value);
	return 0;
}

int db_pgsql_server_info(sql_connection *c, db_info_add_fn add, void *ud)
{
	int rc = info_product(c, "SHOW server_version", "PostgreSQL", NULL, add, ud);

	if (rc == 0)
		rc = db_info_rows(c, "SELECT name, current_setting(name) FROM pg_settings WHERE name IN ("
	                  "'shared_buffers', 'synchronous_commit', 'fsync', "
	                  "'full_page_writes', 'wal_level', 'max_wal_size', "
	                  "'checkpoint_timeout', 'synchronous_standby_names', "
	                  "'wal_compression', 'default_transaction_isolation', "
	                  "'max_connections') ORDER BY name", NULL, 0, add, ud);
	if (rc == 0)
		rc = db_info_rows(c, "SELECT pg_is_in_recovery()::text", "pg_is_in_recovery", 0,
		                  add, ud);
	return rc;
}

int db_sqlite_server_info(sql_connection *c, db_info_add_fn add, void *ud)
{
	static const char *const pragmas[] = {
		"journal_mode", "synchronous", "page_size", "cache_size",
		"locking_mode", "temp_store",
	};
	char sql[64];
	int rc;

	rc = info_product(c, "SELECT sqlite_version()", "SQLite", NULL, add, ud);
	for (size_t i = 0; rc == 0 && i < sizeof(pragmas) / sizeof(pragmas[0]); i++) {
		snprintf(sql, sizeof(sql), "PRAGMA %s", pragmas[i]);
		rc = db_info_rows(c, sql, pragmas[i], 0, add, ud);
	}
	return rc;
}
