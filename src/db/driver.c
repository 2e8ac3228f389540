/* The shared database layer: driver registry and options, statement
 * counting, error reporting, and prepared statements emulated client-side
 * where a driver or --db-ps-mode=disable calls for it. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "db/driver.h"
#include "lua/ffi_api.h"
#include "sched/sched.h"
#include "util/clock.h"
#include "stats/report.h"
#include "stats/stats.h"
#include "util/log.h"

extern const struct db_driver_ops db_mysql_ops;
extern const struct db_driver_ops db_pgsql_ops;

#define DB_MAX_DRIVERS 8

struct db_driver {
	const struct db_driver_ops *ops;
	int init_rc;
	int inited;
};

/* Per-connection bookkeeping behind db_conn.core. */
struct db_conn_core {
	db_result rs;
	unsigned seq;
	char errbuf[1024];
};

/* Per-statement bookkeeping behind db_stmt.core. */
struct db_stmt_core {
	char *sql;
	size_t sql_len;
	char *buf;          /* emulated statements: the expanded SQL */
	size_t buf_cap;
	int kind;           /* enum stats_stmt_kind of sql */
};

static void db_report_error(db_conn *c, const char *fn, const char *sql, size_t len);

static struct db_driver db_drivers[DB_MAX_DRIVERS];
static unsigned db_ndrivers;
static pthread_mutex_t db_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned db_conn_seq;
static int db_ps_disabled = -1;
static int db_debug_on = -1;
static int db_stmt_stats = -1;  /* --report-statements */

static const struct opt_def db_general_opts[] = {
	{ "db-driver", OPT_STRING, "specifies database driver to use ('help' to get list of available drivers)", "mysql", 0, 0, 0, NULL },
	{ "db-ps-mode", OPT_STRING, "prepared statements usage mode {auto, disable}", "auto", 0, 0, 0, NULL },
	{ "db-debug", OPT_BOOL, "print database-specific debug information", "off", 0, 0, 0, NULL },
};

int db_register(const struct db_driver_ops *ops)
{
	unsigned i;
	if (ops == NULL || ops->abi != DB_DRIVER_ABI || ops->name == NULL ||
	    ops->connect == NULL || ops->disconnect == NULL || ops->query == NULL ||
	    ops->fetch_row == NULL || ops->free_results == NULL || ops->escape == NULL ||
	    ((ops->caps & DB_CAP_PREPARED) &&
	     (ops->prepare == NULL || ops->execute == NULL || ops->close == NULL)) ||
	    ((ops->caps & DB_CAP_LOAD) && ops->load == NULL))
		return -EINVAL;
	for (i = 0; i < db_ndrivers; i++)
		if (strcmp(db_drivers[i].ops->name, ops->name) == 0)
			return -EEXIST;
	if (db_ndrivers == DB_MAX_DRIVERS)
		return -ENOSPC;
	db_drivers[db_ndrivers++].ops = ops;
	return 0;
}

static char *db_group_name(const struct db_driver_ops *ops, char *buf, size_t len)
{
	snprintf(buf, len, "%s options", ops->name);
	return buf;
}

int db_init_options(void)
{
	unsigned i;
	int rc;
	char g[64];

	if (db_ndrivers == 0) {
		if ((rc = db_register(&db_mysql_ops)) || (rc = db_register(&db_pgsql_ops)))
			return rc;
	}
	rc = opt_define("General database options", db_general_opts,
	                sizeof(db_general_opts) / sizeof(db_general_opts[0]));
	if (rc)
		return rc;
	for (i = 0; i < db_ndrivers; i++) {
		const struct db_driver_ops *o = db_drivers[i].ops;
		if (o->nopts && (rc = opt_define(db_group_name(o, g, sizeof(g)), o->opts, o->nopts)))
			return rc;
	}
	return 0;
}

void db_print_help(void)
{
	unsigned i;
	char g[64];
	printf("General database options:\n\n");
	opt_print_group(stdout, "General database options", 0);
	printf("\n\nCompiled-in database drivers:\n");
	for (i = 0; i < db_ndrivers; i++)
		printf("  %s - %s\n", db_drivers[i].ops->name, db_drivers[i].ops->desc);
	for (i = 0; i < db_ndrivers; i++) {
		const struct db_driver_ops *o = db_drivers[i].ops;
		printf("\n%s options:\n", o->name);
		opt_print_group(stdout, db_group_name(o, g, sizeof(g)), 0);
	}
}

void db_shutdown(void)
{
	unsigned i;
	for (i = 0; i < db_ndrivers; i++) {
		if (db_drivers[i].inited && db_drivers[i].init_rc == 0 && db_drivers[i].ops->done)
			db_drivers[i].ops->done();
		db_drivers[i].inited = 0;
	}
}

bool db_debug(void)
{
	if (db_debug_on < 0)
		db_debug_on = opt_get_bool("db-debug");
	return db_debug_on;
}

/* The calling worker's recorder when --report-statements is on, else NULL
 * (then statements are not timed at all). */
static inline struct stats_thread *db_stmt_recorder(void)
{
	if (__builtin_expect(db_stmt_stats < 0, 0))
		db_stmt_stats = opt_get_bool("report-statements");
	return db_stmt_stats ? sched_stats_self() : NULL;
}

/* Record one statement of kind (< 0: classify sql) that began at t0. */
static void db_stmt_done(struct stats_thread *t, int kind, const char *sql,
                         size_t len, int64_t t0, int ok)
{
	int64_t t1 = clock_now_ns();
	if (kind < 0)
		kind = (int)stats_stmt_classify(sql, len);
	stats_record_stmt(t, (enum stats_stmt_kind)kind, t1, t1 - t0, ok);
}

bool db_code_in_list(const char *opt, const char *code)
{
	const char *const *items;
	unsigned n = opt_get_list(opt, &items), i;
	for (i = 0; i < n; i++)
		if (strcmp(items[i], "all") == 0 || strcmp(items[i], code) == 0)
			return true;
	return false;
}

void db_set_error(db_conn *c, int cls, int sql_errno, const char *sql_state,
                  const char *msg)
{
	struct db_conn_core *k = c->core;
	c->error = cls;
	c->sql_errno = sql_errno;
	snprintf(c->sql_state, sizeof(c->sql_state), "%s", sql_state ? sql_state : "");
	snprintf(k->errbuf, sizeof(k->errbuf), "%s", msg ? msg : "");
	/* one line: drop a trailing newline (libpq ends messages with one) */
	k->errbuf[strcspn(k->errbuf, "\n")] = 0;
	c->sql_errmsg = k->errbuf;
}

/* ---- drivers and connections -------------------------------------------- */

db_driver *db_driver_get(const char *name)
{
	struct db_driver *d = NULL;
	unsigned i;

	if (name == NULL || *name == 0)
		name = opt_get_string("db-driver");
	for (i = 0; i < db_ndrivers; i++)
		if (strcmp(db_drivers[i].ops->name, name) == 0)
			d = &db_drivers[i];
	if (d == NULL) {
		log_msg(LOG_FATAL, "invalid database driver name: '%s'", name);
		return NULL;
	}
	pthread_mutex_lock(&db_mu);
	if (db_ps_disabled < 0) {
		const char *m = opt_get_string("db-ps-mode");
		if (m && strcmp(m, "auto") != 0 && strcmp(m, "disable") != 0) {
			pthread_mutex_unlock(&db_mu);
			log_msg(LOG_FATAL, "Invalid value for --db-ps-mode: '%s' (expected auto or disable)", m);
			return NULL;
		}
		db_ps_disabled = m && strcmp(m, "disable") == 0;
	}
	if (!d->inited) {
		d->init_rc = d->ops->init ? d->ops->init() : 0;
		d->inited = 1;
	}
	pthread_mutex_unlock(&db_mu);
	if (d->init_rc)
		return NULL;
	report_use_sql();
	return d;
}

const char *db_driver_name(const db_driver *drv)
{
	return drv->ops->name;
}

static db_conn *db_conn_alloc(db_driver *drv)
{
	db_conn *c = calloc(1, sizeof(*c) + sizeof(struct db_conn_core));
	if (c == NULL)
		return NULL;
	c->driver = drv;
	c->core = c + 1;
	c->sql_errmsg = "";
	return c;
}

db_conn *db_connect(db_driver *drv)
{
	db_conn *c;
	struct db_conn_core *k;
	if (drv == NULL)
		return NULL;
	c = db_conn_alloc(drv);
	if (c == NULL) {
		log_msg(LOG_FATAL, "out of memory for a database connection");
		return NULL;
	}
	k = c->core;
	k->seq = __atomic_fetch_add(&db_conn_seq, 1, __ATOMIC_RELAXED);
	if (drv->ops->connect(c, k->seq)) {
		free(c);
		return NULL;
	}
	return c;
}

static void db_release_result(db_conn *c)
{
	struct db_conn_core *k = c->core;
	if (k->rs.priv)
		c->driver->ops->free_results(&k->rs);
	k->rs.priv = NULL;
}

void db_disconnect(db_conn *c)
{
	if (c == NULL)
		return;
	db_release_result(c);
	c->driver->ops->disconnect(c);
	free(c);
}

int db_reconnect(db_conn *c)
{
	struct db_conn_core *k = c->core;
	int rc;
	db_release_result(c);
	c->driver->ops->disconnect(c);
	c->priv = NULL;
	rc = c->driver->ops->connect(c, k->seq);
	if (rc == 0) {
		c->error = DB_ERROR_NONE;
		bench_stat_add(STATS_RECONNECTS, 1);
	}
	return rc;
}

/* After a lost connection whose error the ignore list makes ignorable,
 * reconnect so the restarted event has a connection again (the script's
 * before_restart_event hook re-prepares its statements, as sysbench's
 * oltp_common does). A server that restarts takes a few seconds: retry
 * with a growing pause, about 15 s in all, then give up as fatal. */
static void db_recover(db_conn *c, int rc)
{
	struct db_conn_core *k = c->core;
	int saved_errno = c->sql_errno, attempt;
	char state[6], msg[sizeof(k->errbuf)];
	struct timespec pause = { 0, 100000000L };

	if ((rc != -ECONNRESET && rc != -ENOTCONN) || c->error != DB_ERROR_IGNORABLE)
		return;
	memcpy(state, c->sql_state, sizeof(state));
	snprintf(msg, sizeof(msg), "%s", k->errbuf);
	db_release_result(c);
	c->driver->ops->disconnect(c);
	c->priv = NULL;
	log_mute_thread(1);
	for (attempt = 0; attempt < 20; attempt++) {
		if (c->driver->ops->connect(c, k->seq) == 0)
			break;
		c->priv = NULL;
		nanosleep(&pause, NULL);
		if (pause.tv_nsec < 800000000L)
			pause.tv_nsec += 100000000L;
	}
	log_mute_thread(0);
	if (attempt == 20) {
		log_msg(LOG_FATAL, "lost the connection (%s) and could not reconnect: %s", msg,
		        c->sql_errmsg);
		db_set_error(c, DB_ERROR_FATAL, saved_errno, state, msg);
		return;
	}
	bench_stat_add(STATS_RECONNECTS, 1);
	/* the restarted event must see the original (ignorable) error */
	db_set_error(c, DB_ERROR_IGNORABLE, saved_errno, state, msg);
}

/* ---- statements --------------------------------------------------------- */

static void db_report_error(db_conn *c, const char *fn, const char *sql, size_t len)
{
	if (c->error == DB_ERROR_IGNORABLE) {
		log_msg(LOG_DEBUG, "Ignoring error %d (%s) %s for query '%.*s'", c->sql_errno,
		        c->sql_state, c->sql_errmsg, (int)len, sql);
		return;
	}
	if (c->sql_errno)
		log_msg(LOG_FATAL, "%s_drv_%s() returned error %d (%s) for query '%.*s'",
		        c->driver->ops->name, fn, c->sql_errno, c->sql_errmsg, (int)len, sql);
	else
		log_msg(LOG_FATAL, "%s_drv_%s() returned error %s (%s) for query '%.*s'",
		        c->driver->ops->name, fn, c->sql_state, c->sql_errmsg, (int)len, sql);
}

/* sysbench counts a statement as a read if it returned a result set, a
 * write if it changed rows, other otherwise. */
static inline void db_count(const db_result *rs)
{
	static const int ctr[] = {
		[DB_RESULT_NONE] = STATS_OTHER,
		[DB_RESULT_ROWS] = STATS_READS,
		[DB_RESULT_AFFECTED] = STATS_WRITES,
	};
	bench_stat_add(ctr[rs->kind], 1);
}

/* db_query for a statement of a known kind (< 0: classify if needed). */
static db_result *db_query_kind(db_conn *c, const char *sql, size_t len, int kind)
{
	struct db_conn_core *k = c->core;
	struct stats_thread *t = db_stmt_recorder();
	int64_t t0 = t ? clock_now_ns() : 0;
	int rc;
	db_release_result(c);
	memset(&k->rs, 0, sizeof(k->rs));
	k->rs.conn = c;
	if (db_debug())
		log_msg(LOG_NOTICE, "DEBUG: Query: %.*s", (int)len, sql);
	rc = c->driver->ops->query(c, sql, len, &k->rs);
	if (t)
		db_stmt_done(t, kind, sql, len, t0, rc == 0);
	if (rc) {
		if (c->error == DB_ERROR_NONE)
			c->error = DB_ERROR_FATAL;
		db_report_error(c, "query", sql, len);
		db_recover(c, rc);
		return NULL;
	}
	c->error = DB_ERROR_NONE;
	db_count(&k->rs);
	return &k->rs;
}

db_result *db_query(db_conn *c, const char *sql, size_t len)
{
	return db_query_kind(c, sql, len, -1);
}

int db_load(db_conn *c, const char *table, const char *cols, const char *data, size_t len)
{
	const struct db_driver_ops *o = c->driver->ops;
	struct db_conn_core *k = c->core;
	char what[256];
	int rc;

	if (!(o->caps & DB_CAP_LOAD))
		return 1;
	db_release_result(c);
	memset(&k->rs, 0, sizeof(k->rs));
	k->rs.conn = c;
	if (db_debug())
		log_msg(LOG_NOTICE, "DEBUG: Load: %zu bytes into %s (%s)", len, table, cols);
	rc = o->load(c, table, cols, data, len, &k->rs);
	if (rc == -ENOTSUP) {
		log_msg(LOG_INFO, "%s: the server refuses bulk loading (%s); using INSERT",
		        o->name, c->sql_errmsg ? c->sql_errmsg : "");
		c->error = DB_ERROR_NONE;
		return 1;
	}
	if (rc) {
		if (c->error == DB_ERROR_NONE)
			c->error = DB_ERROR_FATAL;
		snprintf(what, sizeof(what), "bulk load of %zu bytes into %s (%s)", len, table, cols);
		db_report_error(c, "load", what, strlen(what));
		db_recover(c, rc);
		return -1;
	}
	c->error = DB_ERROR_NONE;
	db_count(&k->rs);
	return 0;
}

/* '?' placeholders outside quoted literals. */
static unsigned db_count_placeholders(const char *s, size_t len)
{
	unsigned n = 0;
	char q = 0;
	size_t i;
	for (i = 0; i < len; i++) {
		if (q) {
			if (s[i] == '\\' && i + 1 < len)
				i++;
			else if (s[i] == q)
				q = 0;
		} else if (s[i] == '\'' || s[i] == '"' || s[i] == '`') {
			q = s[i];
		} else if (s[i] == '?') {
			n++;
		}
	}
	return n;
}

db_stmt *db_prepare(db_conn *c, const char *sql, size_t len)
{
	const struct db_driver_ops *o = c->driver->ops;
	db_stmt *st = calloc(1, sizeof(*st) + sizeof(struct db_stmt_core));
	struct db_stmt_core *k;
	int rc;

	if (st == NULL)
		return NULL;
	k = (struct db_stmt_core *)(st + 1);
	st->core = k;
	st->conn = c;
	st->nparams = db_count_placeholders(sql, len);
	k->sql = malloc(len + 1);
	if (k->sql == NULL) {
		free(st);
		return NULL;
	}
	memcpy(k->sql, sql, len);
	k->sql[len] = 0;
	k->sql_len = len;
	k->kind = (int)stats_stmt_classify(sql, len);
	if (!db_ps_disabled && (o->caps & DB_CAP_PREPARED)) {
		if (db_debug())
			log_msg(LOG_NOTICE, "DEBUG: Prepare: %.*s", (int)len, sql);
		rc = o->prepare(st, sql, len);
		if (rc && rc != -ENOTSUP) {
			if (c->error == DB_ERROR_NONE)
				c->error = DB_ERROR_FATAL;
			db_report_error(c, "prepare", sql, len);
			free(k->sql);
			free(st);
			return NULL;
		}
		if (rc == -ENOTSUP)
			st->priv = NULL;
	}
	c->error = DB_ERROR_NONE;
	return st;
}

int db_bind_param(db_stmt *st, db_bind *params, unsigned n)
{
	if (n != st->nparams) {
		log_msg(LOG_FATAL, "bind_param: the statement has %u placeholders, %u parameters given",
		        st->nparams, n);
		return -EINVAL;
	}
	st->params = params;
	if (st->priv && st->conn->driver->ops->bind_param) {
		struct db_stmt_core *k = st->core;
		int rc = st->conn->driver->ops->bind_param(st);
		/* drivers may prepare lazily here: report what the server said */
		if (rc) {
			if (st->conn->error == DB_ERROR_NONE)
				db_set_error(st->conn, DB_ERROR_FATAL, 0, "", "cannot bind the parameters");
			db_report_error(st->conn, "prepare", k->sql, k->sql_len);
		}
		return rc;
	}
	return 0;
}

static int db_buf_reserve(struct db_stmt_core *k, size_t need)
{
	char *nb;
	size_t cap;
	if (need <= k->buf_cap)
		return 0;
	cap = k->buf_cap ? k->buf_cap : 256;
	while (cap < need)
		cap *= 2;
	nb = realloc(k->buf, cap);
	if (nb == NULL)
		return -ENOMEM;
	k->buf = nb;
	k->buf_cap = cap;
	return 0;
}

/* Expand the placeholders with the bound values as SQL literals. */
static int db_expand(db_stmt *st, size_t *out_len)
{
	struct db_stmt_core *k = st->core;
	const struct db_driver_ops *o = st->conn->driver->ops;
	size_t i, pos = 0;
	unsigned p = 0;
	char q = 0;

	for (i = 0; i < k->sql_len; i++) {
		char ch = k->sql[i];
		if (db_buf_reserve(k, pos + 64))
			return -ENOMEM;
		if (q) {
			if (ch == q)
				q = 0;
			k->buf[pos++] = ch;
			continue;
		}
		if (ch == '\'' || ch == '"' || ch == '`') {
			q = ch;
			k->buf[pos++] = ch;
			continue;
		}
		if (ch != '?' || st->params == NULL || p >= st->nparams) {
			k->buf[pos++] = ch;
			continue;
		}
		{
			const db_bind *b = &st->params[p++];
			if (b->is_null) {
				pos += (size_t)sprintf(k->buf + pos, "NULL");
				continue;
			}
			switch (b->type) {
			case DB_TYPE_TINYINT:
				pos += (size_t)sprintf(k->buf + pos, "%d", *(int8_t *)b->buffer);
				break;
			case DB_TYPE_SMALLINT:
				pos += (size_t)sprintf(k->buf + pos, "%d", *(int16_t *)b->buffer);
				break;
			case DB_TYPE_INT:
				pos += (size_t)sprintf(k->buf + pos, "%" PRId32, *(int32_t *)b->buffer);
				break;
			case DB_TYPE_BIGINT:
				pos += (size_t)sprintf(k->buf + pos, "%" PRId64, *(int64_t *)b->buffer);
				break;
			case DB_TYPE_FLOAT:
				pos += (size_t)sprintf(k->buf + pos, "%.9g", *(float *)b->buffer);
				break;
			case DB_TYPE_DOUBLE:
				pos += (size_t)sprintf(k->buf + pos, "%.17g", *(double *)b->buffer);
				break;
			default:
				if (db_buf_reserve(k, pos + 2 * b->data_len + 3))
					return -ENOMEM;
				k->buf[pos++] = '\'';
				pos += o->escape(st->conn, k->buf + pos, b->buffer, b->data_len);
				k->buf[pos++] = '\'';
				break;
			}
		}
	}
	*out_len = pos;
	return 0;
}

db_result *db_execute(db_stmt *st)
{
	db_conn *c = st->conn;
	struct db_conn_core *ck = c->core;
	struct db_stmt_core *k = st->core;
	struct stats_thread *t;
	int64_t t0;
	size_t len;
	int rc;

	if (st->priv == NULL) {
		if (db_expand(st, &len)) {
			db_set_error(c, DB_ERROR_FATAL, 0, "", "out of memory");
			return NULL;
		}
		return db_query_kind(c, k->buf, len, k->kind);
	}
	db_release_result(c);
	memset(&ck->rs, 0, sizeof(ck->rs));
	ck->rs.conn = c;
	if (db_debug())
		log_msg(LOG_NOTICE, "DEBUG: Execute: %.*s", (int)k->sql_len, k->sql);
	t = db_stmt_recorder();
	t0 = t ? clock_now_ns() : 0;
	rc = c->driver->ops->execute(st, &ck->rs);
	if (t)
		db_stmt_done(t, k->kind, k->sql, k->sql_len, t0, rc == 0);
	if (rc) {
		if (c->error == DB_ERROR_NONE)
			c->error = DB_ERROR_FATAL;
		db_report_error(c, "execute", k->sql, k->sql_len);
		db_recover(c, rc);
		return NULL;
	}
	c->error = DB_ERROR_NONE;
	db_count(&ck->rs);
	return &ck->rs;
}

void db_close(db_stmt *st)
{
	struct db_stmt_core *k;
	if (st == NULL)
		return;
	k = st->core;
	if (st->priv) {
		db_release_result(st->conn);
		st->conn->driver->ops->close(st);
	}
	free(k->sql);
	free(k->buf);
	free(st);
}

int db_fetch_row(db_result *rs, db_row *row)
{
	if (rs == NULL || rs->priv == NULL)
		return 0;
	return rs->conn->driver->ops->fetch_row(rs, row);
}

void db_free_results(db_result *rs)
{
	if (rs == NULL || rs->conn == NULL)
		return;
	db_release_result(rs->conn);
}

void db_count_ignored_error(void)
{
	bench_stat_add(STATS_ERRORS, 1);
}
