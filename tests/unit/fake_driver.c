/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The scripted drivers of the driver.c unit tests: see fake_driver.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "fake_driver.h"
#include "util/log.h"

/* one per thread: a thread's statements and counts are its own */
__thread struct fake_server fake;

/* driver.c's table of built-in drivers names the real ones; the tests
 * register theirs first, so db_init_options() never registers (or
 * touches) these. */
#ifdef HAVE_MYSQL
const struct db_driver_ops db_mysql_ops;
#endif
#ifdef HAVE_PGSQL
const struct db_driver_ops db_pgsql_ops;
#endif
#ifdef HAVE_SQLITE
const struct db_driver_ops db_sqlite_ops;
#endif

struct fake_conn {
	unsigned id;
	int alive;
	/* a nonblocking statement in flight: its text, or the statement */
	char *nb_sql;
	sql_statement *nb_st;
};

/* A pending result set: the next row to fetch. */
struct fake_rows {
	unsigned next;
};

static const struct opt_def fake_opts[] = {
	{ "fake-ignore-errors", OPT_LIST, "list of errors to ignore, or \"all\"", "1213",
	  0, 0, 0, NULL },
};

void fake_reset(void)
{
	unsigned inits = fake.inits;
	memset(&fake, 0, sizeof(fake));
	fake.inits = inits;
}

static int fake_init(void)
{
	fake.inits++;
	return 0;
}

static int fake_connect(sql_connection *c, unsigned seq)
{
	static unsigned ids;
	struct fake_conn *fc;

	fake.connect_calls++;
	if (fake.fail_connects) {
		fake.fail_connects--;
		/* as a real driver: its own line, and the error fields */
		log_msg(LOG_FATAL, "fake: connection refused");
		db_set_error(c, DB_ERROR_FATAL, 2003, "HY000", "Can't connect to fake server");
		return -ECONNREFUSED;
	}
	fc = calloc(1, sizeof(*fc));
	if (fc == NULL)
		return -ENOMEM;
	fc->id = __atomic_add_fetch(&ids, 1, __ATOMIC_RELAXED);
	fc->alive = 1;
	c->priv = fc;
	fake.connects++;
	fake.last_seq = seq;
	return 0;
}

static void fake_disconnect(sql_connection *c)
{
	struct fake_conn *fc = c->priv;

	fake.disconnects++;
	if (fc)
		free(fc->nb_sql);
	free(c->priv);
	c->priv = NULL;
}

static int fake_error(sql_connection *c, int code, const char *msg, int rc)
{
	char num[16], text[64];

	snprintf(num, sizeof(num), "%d", code);
	if (msg == NULL) {
		snprintf(text, sizeof(text), "fake error %d", code);
		msg = text;
	}
	db_set_error(c, db_code_in_list("fake-ignore-errors", num) ? DB_ERROR_IGNORABLE
	                                                            : DB_ERROR_FATAL,
	             code, "HY000", msg);
	return rc;
}

static int starts(const char *sql, size_t len, const char *word)
{
	size_t n = strlen(word);
	return len >= n && strncasecmp(sql, word, n) == 0;
}

/* The server: run sql on connection c. */
static int fake_run(sql_connection *c, const char *sql, size_t len, sql_result *rs)
{
	struct fake_conn *fc = c->priv;

	snprintf(fake.last_sql, sizeof(fake.last_sql), "%.*s", (int)len, sql);
	fake.last_len = len;
	if (fc == NULL || !fc->alive)
		return fake_error(c, 2006, "server has gone away", -ENOTCONN);
	if (starts(sql, len, "LOSE")) {
		fc->alive = 0;
		return fake_error(c, 2013, "Lost connection to fake server", -ECONNRESET);
	}
	if (starts(sql, len, "FAIL ")) {
		char num[16];
		snprintf(num, sizeof(num), "%.*s", (int)(len - 5 < 15 ? len - 5 : 15), sql + 5);
		return fake_error(c, atoi(num), NULL, -EIO);
	}
	if (starts(sql, len, "SELECT")) {
		struct fake_rows *r = calloc(1, sizeof(*r));
		if (r == NULL)
			return -ENOMEM;
		rs->counter = SB_CNT_READ;
		rs->nrows = FAKE_NROWS;
		rs->nfields = 2;
		rs->ptr = r;
		return 0;
	}
	if (starts(sql, len, "INSERT") || starts(sql, len, "UPDATE") ||
	    starts(sql, len, "DELETE") || starts(sql, len, "REPLACE")) {
		rs->counter = SB_CNT_WRITE;
		rs->nrows = 1;
		return 0;
	}
	rs->counter = SB_CNT_OTHER;
	return 0;
}

static int fake_query(sql_connection *c, const char *sql, size_t len, sql_result *rs)
{
	fake.queries++;
	return fake_run(c, sql, len, rs);
}

static int fake_fetch_row(sql_result *rs, sql_row *row)
{
	static const char *const col1[FAKE_NROWS] = { "one", NULL, "it's" };
	static const char *const col0[FAKE_NROWS] = { "1", "2", "3" };
	struct fake_rows *r = rs->ptr;

	if (r == NULL || r->next >= FAKE_NROWS)
		return 0;
	row->values[0].ptr = col0[r->next];
	row->values[0].len = 1;
	row->values[1].ptr = col1[r->next];
	row->values[1].len = col1[r->next] ? (uint32_t)strlen(col1[r->next]) : 0;
	r->next++;
	return 1;
}

static void fake_free_results(sql_result *rs)
{
	free(rs->ptr);
	rs->ptr = NULL;
}

/* MySQL's escaping: a backslash before ' and \. */
static size_t fake_escape(sql_connection *c, char *to, const char *from, size_t len)
{
	size_t i, n = 0;
	for (i = 0; i < len; i++) {
		if (from[i] == '\'' || from[i] == '\\')
			to[n++] = '\\';
		to[n++] = from[i];
	}
	to[n] = 0;
	return n;
}

/* ---- fakeps: server-side prepared statements ----------------------------- */

static int fakeps_prepare(sql_statement *st, const char *sql, size_t len)
{
	fake.prepares++;
	if (starts(sql, len, "NOPREP"))
		return -ENOTSUP;
	if (starts(sql, len, "BADPREP"))
		return fake_error(st->connection, 1064, "syntax error", -EIO);
	if (starts(sql, len, "LOCKPREP"))
		return fake_error(st->connection, 1213, "Deadlock found", -EIO);
	st->priv = strndup(sql, len);
	return st->priv ? 0 : -ENOMEM;
}

static int fakeps_bind_param(sql_statement *st)
{
	fake.bind_calls++;
	return 0;
}

/* The bound parameters as text: TYPE:value, NULL. */
static void fakeps_describe(const sql_statement *st)
{
	static const char *const tn[] = {
		[SQL_TYPE_NONE] = "NONE", [SQL_TYPE_TINYINT] = "TINYINT",
		[SQL_TYPE_SMALLINT] = "SMALLINT", [SQL_TYPE_INT] = "INT",
		[SQL_TYPE_BIGINT] = "BIGINT", [SQL_TYPE_FLOAT] = "FLOAT",
		[SQL_TYPE_DOUBLE] = "DOUBLE", [SQL_TYPE_TIME] = "TIME",
		[SQL_TYPE_DATE] = "DATE", [SQL_TYPE_DATETIME] = "DATETIME",
		[SQL_TYPE_TIMESTAMP] = "TIMESTAMP", [SQL_TYPE_CHAR] = "CHAR",
		[SQL_TYPE_VARCHAR] = "VARCHAR",
	};
	unsigned n, i;
	const sql_bind *b = db_stmt_params(st, &n);
	size_t o = 0, cap = sizeof(fake.last_params);
	char *p = fake.last_params, v[128];

	p[0] = 0;
	for (i = 0; b && i < n && o < cap; i++) {
		const char *sep = i ? "," : "";
		if ((b[i].is_null && *b[i].is_null) || b[i].buffer == NULL) {
			o += (size_t)snprintf(p + o, cap - o, "%sNULL", sep);
			continue;
		}
		switch (b[i].type) {
		case SQL_TYPE_TINYINT: snprintf(v, sizeof(v), "%d", *(int8_t *)b[i].buffer); break;
		case SQL_TYPE_SMALLINT: snprintf(v, sizeof(v), "%d", *(int16_t *)b[i].buffer); break;
		case SQL_TYPE_INT: snprintf(v, sizeof(v), "%" PRId32, *(int32_t *)b[i].buffer); break;
		case SQL_TYPE_BIGINT: snprintf(v, sizeof(v), "%" PRId64, *(int64_t *)b[i].buffer); break;
		case SQL_TYPE_FLOAT: snprintf(v, sizeof(v), "%g", *(float *)b[i].buffer); break;
		case SQL_TYPE_DOUBLE: snprintf(v, sizeof(v), "%g", *(double *)b[i].buffer); break;
		default:
			snprintf(v, sizeof(v), "%.*s",
			         (int)(b[i].data_len ? *b[i].data_len : b[i].max_len),
			         (const char *)b[i].buffer);
			break;
		}
		o += (size_t)snprintf(p + o, cap - o, "%s%s:%s", sep, tn[b[i].type], v);
	}
}

static int fakeps_execute(sql_statement *st, sql_result *rs)
{
	const char *sql = st->priv;
	fake.executes++;
	fakeps_describe(st);
	return fake_run(st->connection, sql, strlen(sql), rs);
}

static void fakeps_close(sql_statement *st)
{
	fake.closes++;
	free(st->priv);
	st->priv = NULL;
}

/* The driver's own words for a failed operation (as mysql.c's). */
static bool fakeps_log_error(sql_connection *c, int op, const char *sql, size_t len)
{
	if (op == DB_OP_BIND_COUNT)
		return false;
	log_msg(LOG_FATAL, "fakeps: operation %d failed: %d \"%s\" in '%.*s'", op,
	        c->sql_errno, c->sql_errmsg ? c->sql_errmsg : "", (int)len, sql);
	return true;
}

/* ---- fakeps: bulk load and nonblocking statements ------------------------ */

/* Loads into table "noload" are refused (-ENOTSUP), into "fail" fail;
 * otherwise one row per line is loaded. */
static int fakeps_load(sql_connection *c, const char *table, const char *cols,
                       const char *data, size_t len, sql_result *rs)
{
	uint32_t rows = 0;

	snprintf(fake.last_sql, sizeof(fake.last_sql), "LOAD %s (%s): %.*s", table, cols,
	         (int)len, data);
	if (strcmp(table, "noload") == 0) {
		db_set_error(c, DB_ERROR_FATAL, 1148, "42000", "LOAD DATA LOCAL is disabled");
		return -ENOTSUP;
	}
	if (strcmp(table, "fail") == 0)
		return fake_error(c, 1062, "Duplicate entry", -EIO);
	for (size_t i = 0; i < len; i++)
		rows += data[i] == '\n';
	rs->counter = SB_CNT_WRITE;
	rs->nrows = rows;
	return 0;
}

/* Start: nothing runs until resume (the "reply" is never there at once). */
static int fakeps_query_start(sql_connection *c, const char *sql, size_t len, sql_result *rs,
                              struct db_wait *w)
{
	struct fake_conn *fc = c->priv;

	fake.nb_starts++;
	free(fc->nb_sql);
	fc->nb_sql = strndup(sql, len);
	fc->nb_st = NULL;
	w->fd = 7;
	w->write = 0;
	return 1;
}

static int fakeps_execute_start(sql_statement *st, sql_result *rs, struct db_wait *w)
{
	struct fake_conn *fc = st->connection->priv;

	fake.nb_starts++;
	fc->nb_st = st;
	w->fd = 7;
	w->write = 0;
	return 1;
}

/* The first resume still waits, the second runs the statement. */
static int fakeps_resume(sql_connection *c, sql_result *rs, struct db_wait *w)
{
	struct fake_conn *fc = c->priv;
	int rc;

	if (++fake.nb_resumes % 2) {
		w->fd = 7;
		return 1;
	}
	if (fc->nb_st) {
		sql_statement *st = fc->nb_st;
		fc->nb_st = NULL;
		return fakeps_execute(st, rs);
	}
	fake.queries++;
	rc = fake_run(c, fc->nb_sql, strlen(fc->nb_sql), rs);
	free(fc->nb_sql);
	fc->nb_sql = NULL;
	return rc;
}

const struct db_driver_ops fake_ops = {
	.abi = DB_DRIVER_ABI,
	.name = "fake",
	.desc = "Fake driver",
	.caps = DB_CAP_BACKSLASH_ESC,     /* as its escape: MySQL's rule */
	.opts = fake_opts,
	.nopts = sizeof(fake_opts) / sizeof(fake_opts[0]),
	.init = fake_init,
	.connect = fake_connect,
	.disconnect = fake_disconnect,
	.query = fake_query,
	.fetch_row = fake_fetch_row,
	.free_results = fake_free_results,
	.escape = fake_escape,
};

const struct db_driver_ops fakeps_ops = {
	.abi = DB_DRIVER_ABI,
	.name = "fakeps",
	.desc = "Fake driver with server-side prepared statements",
	.caps = DB_CAP_PREPARED | DB_CAP_LOAD | DB_CAP_NONBLOCK | DB_CAP_BACKSLASH_ESC,
	.connect = fake_connect,
	.disconnect = fake_disconnect,
	.query = fake_query,
	.prepare = fakeps_prepare,
	.bind_param = fakeps_bind_param,
	.execute = fakeps_execute,
	.close = fakeps_close,
	.fetch_row = fake_fetch_row,
	.free_results = fake_free_results,
	.escape = fake_escape,
	.log_error = fakeps_log_error,
	.load = fakeps_load,
	.query_start = fakeps_query_start,
	.execute_start = fakeps_execute_start,
	.resume = fakeps_resume,
};
