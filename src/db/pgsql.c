/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pgsql: the PostgreSQL driver, on libpq.
 *
 * Statements are prepared server-side (PQprepare) with the parameter types
 * taken from the bound sql_bind types, as sysbench does, so the prepare is
 * deferred to the first bind_param of a statement that has placeholders.
 * Integer and floating-point parameters travel in binary format (no
 * formatting on the client, no parsing on the server); text parameters go
 * as text with an unspecified type, so the server infers it from the
 * context exactly as for a literal. Results always come back as text.
 *
 * After an ignorable error inside a transaction block PostgreSQL refuses
 * every statement until the block ends. The scripts restart the event,
 * which begins with BEGIN, so the driver rolls the aborted block back
 * before it returns the error (sysbench's pgsql driver did the same).
 * Fatal errors leave the transaction alone: a script that catches them may
 * still ROLLBACK TO SAVEPOINT.
 *
 * Threads: a connection and its statements are used by one thread at a
 * time; the only shared state is the configuration (written by init) and
 * an atomic connection generation counter.
 */
#include <endian.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "db/counters.h"
#include "db/driver.h"
#include "opt/opt.h"
#include "util/clock.h"
#include "util/log.h"

/* Type OIDs (pg_type.dat); libpq does not export them. */
#define PG_OID_UNKNOWN  0     /* let the server infer the type */
#define PG_OID_INT8     20
#define PG_OID_INT2     21
#define PG_OID_INT4     23
#define PG_OID_TEXT     25
#define PG_OID_FLOAT4   700
#define PG_OID_FLOAT8   701

static const struct opt_def pgsql_opts[] = {
	{ "pgsql-host", OPT_STRING, "PostgreSQL server host", "localhost", 0, 0, 0, NULL },
	{ "pgsql-port", OPT_INT, "PostgreSQL server port", "5432", 0, 0, 0, NULL },
	{ "pgsql-user", OPT_STRING, "PostgreSQL user", "sbtest", 0, 0, 0, NULL },
	{ "pgsql-password", OPT_STRING, "PostgreSQL password", "", 0, 0, 0, NULL },
	{ "pgsql-db", OPT_STRING, "PostgreSQL database name", "sbtest", 0, 0, 0, NULL },
	{ "pgsql-sslmode", OPT_STRING,
	  "SSL mode {disable, allow, prefer, require, verify-ca, verify-full}",
	  "prefer", 0, 0, OPT_F_EXTRA, NULL },
	{ "pgsql-ssl-root-cert", OPT_FILE,
	  "file with the certificate authorities to verify the server against",
	  NULL, 0, 0, OPT_F_EXTRA, NULL },
	{ "pgsql-connect-timeout", OPT_INT,
	  "seconds to wait for the connection and the server's startup reply before giving up "
	  "(0: forever)", "60", 0, 86400, OPT_F_EXTRA, NULL },
	{ "pgsql-ignore-errors", OPT_LIST,
	  "list of SQLSTATEs to ignore (restart the event), or \"all\"",
	  "40P01,23505,40001", 0, 0, OPT_F_EXTRA, NULL },
};

static const char *const pgsql_sslmodes[] = {
	"disable", "allow", "prefer", "require", "verify-ca", "verify-full"
};

/* The options, read once by init. */
static struct {
	char *hostbuf;          /* --pgsql-host, commas replaced by NULs */
	const char **hosts;     /* its entries, round-robin by connection seq */
	unsigned nhosts;
	char port[8];
	char connect_timeout[16]; /* --pgsql-connect-timeout; "0": forever */
	const char *user, *password, *db, *sslmode, *sslrootcert;
	bool debug;
} pg_cfg;

/* Connections get a process-wide generation number, so that a statement
 * prepared before a reconnect is prepared again on the new session. */
static uint64_t pg_generation;

/* The result of the last query on a connection: one live result per
 * connection (driver.c frees it before the next call). */
struct pg_result {
	PGresult *res;
	int row, nrows, nfields;
};

/* What each statement reads and writes comes first, in one cache line
 * (the struct is aligned to one): under --connections each connection's
 * turn finds it cold. */
struct pg_conn {
	_Alignas(64) PGconn *pg;
	uint64_t gen;
	struct pg_result rs;
	PGresult *nb_last;      /* nonblocking: the result kept so far */
	int nb_step;            /* nonblocking: what is in flight (PG_NB_*) */
	bool nb_retry;          /* ... the PREPARE is the retry with text types */
	bool nb_in;             /* in a nonblocking hook: pg_fail does not wait */
	bool nb_rollback;       /* ... an aborted block to roll back (pg_fail) */
	bool nb_sent;           /* the last pg_nb_wait left libpq nothing to
	                         * send: the resume after it need not flush */
	/* the first cache line ends here */
	int nb_rc;              /* ... the failure that ROLLBACK follows */
	sql_statement *nb_st;   /* ... the statement prepared or executed */
	struct pg_stmt *nb_ps;  /* ... a new statement being prepared */
	int64_t nb_deadline;    /* ... connect: give up at this clock_now_ns() */
	unsigned next_stmt;     /* for unique statement names */
	char *sql;              /* NUL-terminated copy, if the caller's isn't */
	size_t sql_cap;
	/* --connections: a COPY in flight (PG_NB_COPY; the rows are the
	 * caller's, kept alive while it waits) */
	const char *copy_data;
	size_t copy_len, copy_off;
	int copy_phase;         /* PG_COPY_* */
	bool copy_blocking;     /* ... libpq was in blocking mode before it */
};

enum { PG_COPY_START, PG_COPY_ROWS, PG_COPY_END };

/* How a parameter is converted on execute. */
enum pg_param_kind {
	PG_P_I8 = 0,            /* int8_t  -> int2, binary */
	PG_P_I16,               /* int16_t -> int2, binary */
	PG_P_I32,               /* int32_t -> int4, binary */
	PG_P_I64,               /* int64_t -> int8, binary */
	PG_P_F32,               /* float   -> float4, binary */
	PG_P_F64,               /* double  -> float8, binary */
	PG_P_TEXT               /* bytes   -> text, copied and NUL-terminated */
};

/* The first cache line (the struct is aligned to one) holds what an
 * execute sends, the second what it converts. */
struct pg_stmt {
	_Alignas(64) char name[24];
	unsigned nparams;
	bool typed;             /* types[] hold the bound types */
	uint64_t gen;           /* generation prepared on; 0 = not prepared */
	/* Per-parameter arrays, allocated once (block) when first bound. */
	const char **values;
	int *lengths;
	int *formats;
	/* the first cache line ends here */
	unsigned char *kinds;
	uint64_t *scratch;      /* binary values */
	char **text;            /* text buffers */
	size_t *text_cap;
	Oid *types;
	void *block;
	char *sql;              /* with $1, $2, ... */
	char old_name[24];      /* --connections: prepared under this name with
	                         * other types (bind_param), to be deallocated
	                         * before the next PREPARE ... */
	uint64_t old_gen;       /* ... on that session (0: none) */
};
_Static_assert(offsetof(struct pg_stmt, kinds) == 64, "pg_stmt: execute's fields in one line");
_Static_assert(offsetof(struct pg_conn, nb_rc) <= 64, "pg_conn: a statement's fields in one line");

/* ---- errors ------------------------------------------------------------- */

/* Copy the first line of msg into buf (libpq messages end with '\n' and
 * continue with hints on indented lines). */
static const char *pg_first_line(char *buf, size_t size, const char *msg)
{
	size_t n;
	if (msg == NULL || *msg == 0)
		return "unknown error";
	n = strcspn(msg, "\n");
	if (n >= size)
		n = size - 1;
	memcpy(buf, msg, n);
	buf[n] = 0;
	return buf;
}

/* Is SQLSTATE `state` ignorable (--pgsql-ignore-errors)? */
static int pg_class_of(const char *state)
{
	return state != NULL && *state && db_code_in_list("pgsql-ignore-errors", state)
	       ? DB_ERROR_IGNORABLE : DB_ERROR_FATAL;
}

static int pg_not_connected(sql_connection *c)
{
	/* 08003: connection_does_not_exist */
	db_set_error(c, pg_class_of("08003"), 0, "08003", "not connected to the server");
	return -ENOTCONN;
}

/* Set c's error from a failed result (NULL: out of memory or connection
 * trouble), free it, and roll back an aborted transaction block if the
 * error is ignorable. A lost connection reports SQLSTATE 08006 and is
 * fatal unless the list names it (or "all"): then the script's restart
 * hook may reconnect. Returns the negative errno for the caller. */
static int pg_fail(sql_connection *c, struct pg_conn *pc, PGresult *res)
{
	const char *state = NULL, *msg = NULL;
	char buf[512];
	int cls, rc = -EIO;
	bool lost;

	if (res != NULL) {
		state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
		msg = PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
		if (msg == NULL)
			msg = PQresultErrorMessage(res);
	}
	if (msg == NULL || *msg == 0) {
		/* libpq's own text: the server's message (the connection was
		 * lost) comes with its severity, "FATAL:  ...": drop it, so
		 * that the message reads as a result's primary message */
		msg = PQerrorMessage(pc->pg);
		if (strncmp(msg, "FATAL:  ", 8) == 0 || strncmp(msg, "ERROR:  ", 8) == 0 ||
		    strncmp(msg, "PANIC:  ", 8) == 0)
			msg += 8;
	}
	msg = pg_first_line(buf, sizeof(buf), msg);
	lost = PQstatus(pc->pg) == CONNECTION_BAD;
	if (lost) {
		/* One SQLSTATE for every way of losing the session, so that the
		 * scripts' "class 08" test sees them all: 08006 connection_failure
		 * for libpq's own errors (no SQLSTATE) and for the server's
		 * 57P01..57P03 (shut down, crashed) that preceded the close. */
		if (state == NULL || *state == 0 || strncmp(state, "57P0", 4) == 0)
			state = "08006";
		rc = -ENOTCONN;
	}
	cls = pg_class_of(state);
	db_set_error(c, cls, 0, state, msg);
	PQclear(res);

	/* --connections: pgsql_resume sends the ROLLBACK and yields */
	if (cls == DB_ERROR_IGNORABLE && !lost &&
	    PQtransactionStatus(pc->pg) == PQTRANS_INERROR) {
		if (pc->nb_in)
			pc->nb_rollback = true;
		else
			PQclear(PQexec(pc->pg, "ROLLBACK"));
	}
	return rc;
}

/* Leave COPY state after a script ran COPY, which we don't support. */
static void pg_abort_copy(PGconn *pg, ExecStatusType st)
{
	PGresult *r;
	char *buf;
	if (st == PGRES_COPY_IN || st == PGRES_COPY_BOTH)
		PQputCopyEnd(pg, "COPY is not supported by bench");
	if (st == PGRES_COPY_OUT || st == PGRES_COPY_BOTH)
		while (PQgetCopyData(pg, &buf, 0) > 0)
			PQfreemem(buf);
	while ((r = PQgetResult(pg)) != NULL)
		PQclear(r);
}

/* ---- results ------------------------------------------------------------ */

static uint64_t pg_parse_u64(const char *s)
{
	uint64_t n = 0;
	while (*s >= '0' && *s <= '9')
		n = n * 10 + (uint64_t)(*s++ - '0');
	return n;
}

/* Turn a PGresult into rs (taking ownership), or into c's error. */
static int pg_finish(sql_connection *c, struct pg_conn *pc, PGresult *res, sql_result *rs)
{
	ExecStatusType st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
	struct pg_result *r = &pc->rs;

	switch (st) {
	case PGRES_TUPLES_OK:
		r->res = res;
		r->row = 0;
		r->nrows = PQntuples(res);
		r->nfields = PQnfields(res);
		rs->counter = SB_CNT_READ;
		rs->nrows = (uint64_t)r->nrows;
		rs->nfields = (uint32_t)r->nfields;
		rs->ptr = r;
		return 0;
	case PGRES_COMMAND_OK:
	case PGRES_EMPTY_QUERY:
		/* "INSERT 0 1", "UPDATE 3"; "" for BEGIN, COMMIT, DDL */
		rs->nrows = pg_parse_u64(PQcmdTuples(res));
		rs->counter = rs->nrows ? SB_CNT_WRITE : SB_CNT_OTHER;
		rs->nfields = 0;
		rs->ptr = NULL;
		PQclear(res);
		return 0;
	case PGRES_COPY_IN:
	case PGRES_COPY_OUT:
	case PGRES_COPY_BOTH:
		PQclear(res);
		pg_abort_copy(pc->pg, st);
		db_set_error(c, DB_ERROR_FATAL, 0, "0A000", "COPY is not supported");
		return -ENOTSUP;
	default:
		return pg_fail(c, pc, res);
	}
}

/* ---- driver hooks ------------------------------------------------------- */

static int pgsql_init(void)
{
	const char *host, *mode;
	int64_t port;
	unsigned i, n;
	char *p, *save = NULL;

	mode = opt_get_string("pgsql-sslmode");
	for (i = 0; i < sizeof(pgsql_sslmodes) / sizeof(pgsql_sslmodes[0]); i++)
		if (mode != NULL && strcmp(mode, pgsql_sslmodes[i]) == 0)
			break;
	if (i == sizeof(pgsql_sslmodes) / sizeof(pgsql_sslmodes[0])) {
		log_msg(LOG_FATAL, "Invalid value for --pgsql-sslmode: '%s' (expected disable, allow, "
		        "prefer, require, verify-ca or verify-full)", mode ? mode : "");
		return -EINVAL;
	}
	{
		const char *const *codes;
		unsigned nc = opt_get_list("pgsql-ignore-errors", &codes);
		for (i = 0; i < nc; i++)
			if (strcmp(codes[i], "all") != 0 &&
			    (strlen(codes[i]) != 5 ||
			     strspn(codes[i], "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") != 5)) {
				log_msg(LOG_FATAL, "Invalid value for --pgsql-ignore-errors: '%s' "
				        "(expected SQLSTATEs: 5 characters, digits and capitals, "
				        "e.g. 40P01, or \"all\")", codes[i]);
				return -EINVAL;
			}
	}
	port = opt_get_int("pgsql-port");
	if (port < 1 || port > 65535) {
		log_msg(LOG_FATAL, "Invalid value for --pgsql-port: %lld (expected 1..65535)",
		        (long long)port);
		return -EINVAL;
	}

	/* A comma list of hosts: connection seq picks one, round-robin. */
	host = opt_get_string("pgsql-host");
	pg_cfg.hostbuf = strdup(host ? host : "");
	if (pg_cfg.hostbuf == NULL)
		goto nomem;
	for (n = 1, p = pg_cfg.hostbuf; *p; p++)
		n += *p == ',';
	pg_cfg.hosts = calloc(n, sizeof(*pg_cfg.hosts));
	if (pg_cfg.hosts == NULL)
		goto nomem;
	for (p = strtok_r(pg_cfg.hostbuf, ", ", &save); p != NULL; p = strtok_r(NULL, ", ", &save))
		pg_cfg.hosts[pg_cfg.nhosts++] = p;
	if (pg_cfg.nhosts == 0)          /* empty: libpq's default (socket) */
		pg_cfg.hosts[pg_cfg.nhosts++] = "";

	snprintf(pg_cfg.port, sizeof(pg_cfg.port), "%d", (int)port);
	snprintf(pg_cfg.connect_timeout, sizeof(pg_cfg.connect_timeout), "%lld",
	         (long long)opt_get_int("pgsql-connect-timeout"));
	pg_cfg.user = opt_get_string("pgsql-user");
	pg_cfg.password = opt_get_string("pgsql-password");
	pg_cfg.db = opt_get_string("pgsql-db");
	pg_cfg.sslmode = mode;
	pg_cfg.sslrootcert = opt_get_string("pgsql-ssl-root-cert");
	pg_cfg.debug = db_debug();
	return 0;
nomem:
	log_msg(LOG_FATAL, "out of memory");
	return -ENOMEM;
}

static void pgsql_done(void)
{
	free(pg_cfg.hosts);
	free(pg_cfg.hostbuf);
	pg_cfg.hosts = NULL;
	pg_cfg.hostbuf = NULL;
	pg_cfg.nhosts = 0;
}

/* Server notices (NOTICE: table does not exist, skipping; WARNING: no
 * transaction in progress) are noise in a benchmark, as in sysbench;
 * --db-debug shows them. */
static void pg_notice(void *arg, const char *msg)
{
	char buf[512];
	(void)arg;
	if (pg_cfg.debug)
		log_msg(LOG_NOTICE, "DEBUG: pgsql: %s", pg_first_line(buf, sizeof(buf), msg));
}

/* The connection keywords and values (NULL-terminated) for connection
 * number seq. */
static void pg_conn_params(unsigned seq, const char **kw, const char **val)
{
	const char *host = pg_cfg.hosts[seq % pg_cfg.nhosts];
	int n = 0;

	kw[n] = "host";             val[n++] = host;
	kw[n] = "port";             val[n++] = pg_cfg.port;
	kw[n] = "user";             val[n++] = pg_cfg.user;
	kw[n] = "password";         val[n++] = pg_cfg.password;
	kw[n] = "dbname";           val[n++] = pg_cfg.db;
	kw[n] = "sslmode";          val[n++] = pg_cfg.sslmode;
	if (pg_cfg.sslrootcert != NULL && *pg_cfg.sslrootcert) {
		kw[n] = "sslrootcert"; val[n++] = pg_cfg.sslrootcert;
	}
	kw[n] = "connect_timeout";  val[n++] = pg_cfg.connect_timeout;
	kw[n] = "application_name"; val[n++] = "bench";
	kw[n] = "client_encoding";  val[n++] = "UTF8";
	kw[n] = NULL;               val[n] = NULL;

	/* never the password, not even for --db-debug */
	if (pg_cfg.debug)
		log_msg(LOG_NOTICE, "DEBUG: pgsql: connecting to host '%s', port %s, user '%s', "
		        "database '%s', sslmode %s", host, pg_cfg.port,
		        pg_cfg.user ? pg_cfg.user : "", pg_cfg.db ? pg_cfg.db : "",
		        pg_cfg.sslmode);
}

/* A failed connect (why: libpq's message when NULL): the lines, c's
 * error; pc freed. */
static int pg_connect_fail(sql_connection *c, struct pg_conn *pc, const char *why)
{
	char buf[512];
	const char *full = why ? why : pc->pg ? PQerrorMessage(pc->pg) : "out of memory";
	const char *msg = pg_first_line(buf, sizeof(buf), full);

	/* libpq's whole message, as sysbench prints it (its last newline
	 * leaves an empty line); the error fields get the first line */
	log_msg(LOG_FATAL, "Connection to database failed: %s", full);
	if (strcmp(pg_cfg.connect_timeout, "0") != 0 && strstr(msg, "timeout expired"))
		log_msg(LOG_FATAL, "no answer from the PostgreSQL server within "
		        "--pgsql-connect-timeout=%s seconds", pg_cfg.connect_timeout);
	/* 08001: sqlclient_unable_to_establish_sqlconnection */
	db_set_error(c, DB_ERROR_FATAL, 0, "08001", msg);
	PQfinish(pc->pg);
	free(pc);
	return -ECONNREFUSED;
}

static int pg_connected(sql_connection *c, struct pg_conn *pc)
{
	PQsetNoticeProcessor(pc->pg, pg_notice, NULL);
	/* --connections: sending never waits for the socket either (PQexec,
	 * which the blocking paths use, still waits as it always does) */
	if (db_co_active())
		(void)PQsetnonblocking(pc->pg, 1);
	pc->gen = __atomic_add_fetch(&pg_generation, 1, __ATOMIC_RELAXED);
	if (pg_cfg.debug)
		log_msg(LOG_NOTICE, "DEBUG: pgsql: connected to server %d, SSL %s",
		        PQserverVersion(pc->pg), PQsslInUse(pc->pg) ? "on" : "off");
	c->priv = pc;
	return 0;
}

static struct pg_conn *pg_conn_new(sql_connection *c)
{
	struct pg_conn *pc = aligned_alloc(64, sizeof(*pc));
	if (pc)
		memset(pc, 0, sizeof(*pc));
	else {
		db_set_error(c, DB_ERROR_FATAL, 0, "", "out of memory");
		log_msg(LOG_FATAL, "Connection to database failed: out of memory");
	}
	return pc;
}

static int pgsql_connect(sql_connection *c, unsigned seq)
{
	const char *kw[14], *val[14];
	struct pg_conn *pc;

	pg_conn_params(seq, kw, val);
	if ((pc = pg_conn_new(c)) == NULL)
		return -ENOMEM;
	pc->pg = PQconnectdbParams(kw, val, 0);
	if (pc->pg == NULL || PQstatus(pc->pg) != CONNECTION_OK)
		return pg_connect_fail(c, pc, NULL);
	return pg_connected(c, pc);
}

static void pg_release(struct pg_result *r)
{
	if (r->res != NULL) {
		PQclear(r->res);
		r->res = NULL;
	}
}

static void pg_stmt_free(struct pg_stmt *ps);

static void pgsql_disconnect(sql_connection *c)
{
	struct pg_conn *pc = c->priv;
	if (pc == NULL)
		return;
	pg_release(&pc->rs);
	PQclear(pc->nb_last);
	pg_stmt_free(pc->nb_ps);   /* a prepare in flight (--connections) */
	PQfinish(pc->pg);
	free(pc->sql);
	free(pc);
	c->priv = NULL;
}

/* sql as a C string: Lua strings are NUL-terminated; copy anything else.
 * NULL (c's error set) when out of memory. */
static const char *pg_cstr(sql_connection *c, struct pg_conn *pc, const char *sql, size_t len)
{
	if (sql[len] == 0)
		return sql;
	if (len + 1 > pc->sql_cap) {
		char *p = realloc(pc->sql, len + 1);
		if (p == NULL) {
			db_set_error(c, DB_ERROR_FATAL, 0, "", "out of memory");
			return NULL;
		}
		pc->sql = p;
		pc->sql_cap = len + 1;
	}
	memcpy(pc->sql, sql, len);
	pc->sql[len] = 0;
	return pc->sql;
}

static int pgsql_query(sql_connection *c, const char *sql, size_t len, sql_result *rs)
{
	struct pg_conn *pc = c->priv;

	if (pc == NULL)
		return pg_not_connected(c);
	pg_release(&pc->rs);
	if ((sql = pg_cstr(c, pc, sql, len)) == NULL)
		return -ENOMEM;
	return pg_finish(c, pc, PQexec(pc->pg, sql), rs);
}

/* ---- nonblocking (--connections) ------------------------------------------
 * PQsendQuery / PQsendQueryPrepared send the statement (a short write the
 * socket takes at once); the caller then waits for the socket to be
 * readable without trying a read first (the reply is never there yet).
 * pgsql_resume reads what came (PQconsumeInput) and, once libpq has whole
 * results (PQisBusy), collects them as PQexec does: the last one, or the
 * first error. */

/* What is in flight (pg_conn.nb_step). */
enum {
	PG_NB_STATEMENT = 0,  /* a query or an execute */
	PG_NB_CONNECT,        /* PQconnectPoll */
	PG_NB_PREPARE,        /* a new statement without parameters */
	PG_NB_EXPREP,         /* a statement prepared before its execute */
	PG_NB_ROLLBACK,       /* the ROLLBACK after an ignorable error (nb_rc) */
	PG_NB_CLOSE,          /* DEALLOCATE of a closed statement (nb_ps) */
	PG_NB_REDEALLOC,      /* DEALLOCATE of a statement's old types, then
	                       * PG_NB_EXPREP */
	PG_NB_COPY,           /* COPY FROM STDIN: its start, rows, end */
};

static int pg_nb_wait(struct pg_conn *pc, struct db_wait *w)
{
	w->fd = PQsocket(pc->pg);
	/* under --connections libpq is in nonblocking mode: what the socket
	 * did not take yet (a statement of megabytes) goes first, then the
	 * reply is waited for (PQflush sends nothing when nothing is left) */
	w->write = PQflush(pc->pg) == 1;
	pc->nb_sent = !w->write;
	return 1;
}

/* Read what came and collect the results of the statement in flight as
 * PQexec does (the last one, or the first error; a COPY at once): 0 with
 * *out (the caller's), 1 (wait again), or < 0 (c's error set). */
static int pg_nb_collect(sql_connection *c, struct pg_conn *pc, PGresult **out,
                         struct db_wait *w)
{
	PGresult *r;

	if (!PQconsumeInput(pc->pg)) {
		PQclear(pc->nb_last);
		pc->nb_last = NULL;
		return pg_fail(c, pc, NULL);
	}
	while (!PQisBusy(pc->pg)) {
		r = PQgetResult(pc->pg);
		if (r == NULL) {
			*out = pc->nb_last;
			pc->nb_last = NULL;
			return 0;
		}
		switch (PQresultStatus(r)) {
		case PGRES_COPY_IN:
		case PGRES_COPY_OUT:
		case PGRES_COPY_BOTH:
			PQclear(pc->nb_last);
			pc->nb_last = NULL;
			*out = r;
			return 0;
		default:
			break;
		}
		if (pc->nb_last && PQresultStatus(pc->nb_last) == PGRES_FATAL_ERROR) {
			PQclear(r);
		} else {
			PQclear(pc->nb_last);
			pc->nb_last = r;
		}
	}
	return pg_nb_wait(pc, w);
}

static int pg_nb_connect_poll(sql_connection *c, struct pg_conn *pc, struct db_wait *w);
static int pg_nb_prepared(sql_connection *c, struct pg_conn *pc, PGresult *res,
                          sql_result *rs, struct db_wait *w);

/* Read and drop the results of the command in flight (a ROLLBACK or
 * DEALLOCATE of bench's own, whose outcome nobody asked for): 0 when all
 * came (or the connection failed: the caller's error stands), 1 to wait. */
static int pg_nb_drain(struct pg_conn *pc, struct db_wait *w)
{
	PGresult *r;

	if (!PQconsumeInput(pc->pg))
		return 0;
	while (!PQisBusy(pc->pg)) {
		if ((r = PQgetResult(pc->pg)) == NULL)
			return 0;
		PQclear(r);
	}
	return pg_nb_wait(pc, w);
}

/* Send a command of bench's own (step: what it is), without waiting. */
static int pg_nb_send_own(struct pg_conn *pc, const char *sql, int step, struct db_wait *w)
{
	if (!PQsendQuery(pc->pg, sql))
		return 0;   /* the connection failed: the next call says so */
	pc->nb_step = step;
	return pg_nb_wait(pc, w);
}

static int pg_nb_copy(sql_connection *c, struct pg_conn *pc, sql_result *rs,
                      struct db_wait *w);
static int pg_nb_redeallocated(sql_connection *c, struct pg_conn *pc, struct db_wait *w);

static int pg_nb_step(sql_connection *c, struct pg_conn *pc, sql_result *rs,
                      struct db_wait *w)
{
	PGresult *last = NULL;
	int rc;

	switch (pc->nb_step) {
	case PG_NB_ROLLBACK:
		if ((rc = pg_nb_drain(pc, w)) != 0)
			return rc;
		pc->nb_step = PG_NB_STATEMENT;
		return pc->nb_rc;
	case PG_NB_CLOSE:
		if ((rc = pg_nb_drain(pc, w)) != 0)
			return rc;
		pg_stmt_free(pc->nb_ps);
		pc->nb_ps = NULL;
		pc->nb_step = PG_NB_STATEMENT;
		return 0;
	case PG_NB_REDEALLOC:
		if ((rc = pg_nb_drain(pc, w)) != 0)
			return rc;
		return pg_nb_redeallocated(c, pc, w);
	case PG_NB_COPY:
		return pg_nb_copy(c, pc, rs, w);
	default:
		break;
	}
	if ((rc = pg_nb_collect(c, pc, &last, w)) != 0)
		return rc;
	if (pc->nb_step != PG_NB_STATEMENT)
		return pg_nb_prepared(c, pc, last, rs, w);
	return pg_finish(c, pc, last, rs);
}

/* A nonblocking hook's outcome rc: an ignorable error in a transaction
 * block (pg_fail) is followed by the ROLLBACK, sent here, and the caller
 * yields for its reply too (then gets rc). */
static int pg_nb_done(struct pg_conn *pc, int rc, struct db_wait *w)
{
	pc->nb_in = false;
	if (rc < 0 && pc->nb_rollback) {
		pc->nb_rollback = false;
		pc->nb_rc = rc;
		if (pg_nb_send_own(pc, "ROLLBACK", PG_NB_ROLLBACK, w) == 1)
			return 1;
	}
	return rc;
}

static int pgsql_resume(sql_connection *c, sql_result *rs, struct db_wait *w)
{
	struct pg_conn *pc = c->priv;
	bool sent;

	if (pc == NULL)
		return pg_not_connected(c);
	if (pc->nb_step == PG_NB_CONNECT)   /* on failure pc is gone */
		return pg_nb_connect_poll(c, pc, w);
	/* the rest of a statement the socket did not take at once; none
	 * when the wait began with everything sent (the usual case: the
	 * PGconn's output fields are not read again, a cache miss per
	 * statement) */
	sent = pc->nb_sent;
	pc->nb_sent = false;
	if (pc->nb_step != PG_NB_COPY && !sent && PQflush(pc->pg) == 1) {
		w->fd = PQsocket(pc->pg);
		w->write = 1;
		return 1;
	}
	pc->nb_in = true;
	return pg_nb_done(pc, pg_nb_step(c, pc, rs, w), w);
}

static int pgsql_query_start(sql_connection *c, const char *sql, size_t len, sql_result *rs,
                             struct db_wait *w)
{
	struct pg_conn *pc = c->priv;

	(void)rs;
	if (pc == NULL)
		return pg_not_connected(c);
	pg_release(&pc->rs);
	if ((sql = pg_cstr(c, pc, sql, len)) == NULL)
		return -ENOMEM;
	pc->nb_step = PG_NB_STATEMENT;
	pc->nb_in = true;
	if (!PQsendQuery(pc->pg, sql))
		return pg_nb_done(pc, pg_fail(c, pc, NULL), w);
	pc->nb_in = false;
	return pg_nb_wait(pc, w);
}

/* Bulk load with COPY ... FROM STDIN (text format: the caller's rows are
 * tab-separated lines without backslashes), one COPY per call. */
static int pgsql_load(sql_connection *c, const char *table, const char *cols,
                      const char *data, size_t len, sql_result *rs)
{
	struct pg_conn *pc = c->priv;
	PGresult *res;
	size_t cap = strlen(table) + strlen(cols) + 32;
	char *sql = malloc(cap);
	int rc, nonblocking;

	if (pc == NULL || sql == NULL) {
		free(sql);
		return pc == NULL ? pg_not_connected(c) : -ENOMEM;
	}
	if (len > INT_MAX) {
		free(sql);
		db_set_error(c, DB_ERROR_FATAL, 0, "54000", "bulk load batch over 2 GiB");
		return -E2BIG;
	}
	pg_release(&pc->rs);
	snprintf(sql, cap, "COPY %s (%s) FROM STDIN", table, cols);
	res = PQexec(pc->pg, sql);
	free(sql);
	if (res == NULL || PQresultStatus(res) != PGRES_COPY_IN)
		return pg_fail(c, pc, res);   /* COPY FROM STDIN answers COPY_IN or an error */
	PQclear(res);
	/* in blocking mode (a connection of --connections is not, and a
	 * script may call this through the FFI): these return 1, or -1 with
	 * the connection's error, which the COPY's result then carries */
	nonblocking = PQisnonblocking(pc->pg);
	if (nonblocking)
		(void)PQsetnonblocking(pc->pg, 0);
	if (len)
		(void)PQputCopyData(pc->pg, data, (int)len);
	(void)PQputCopyEnd(pc->pg, NULL);
	if (nonblocking)
		(void)PQsetnonblocking(pc->pg, 1);
	rc = pg_finish(c, pc, PQgetResult(pc->pg), rs);
	while ((res = PQgetResult(pc->pg)) != NULL)
		PQclear(res);
	return rc;
}

/* --connections: the bulk load's COPY without waiting. Rows go in
 * pieces of at most this many bytes, each flushed before the next (the
 * socket takes what it can; the coroutine yields until it takes more). */
#define PG_COPY_PIECE (64 * 1024)

static int pgsql_load_start(sql_connection *c, const char *table, const char *cols,
                            const char *data, size_t len, sql_result *rs, struct db_wait *w)
{
	struct pg_conn *pc = c->priv;
	size_t cap = strlen(table) + strlen(cols) + 32;
	char *sql;
	int ok;

	(void)rs;
	if (pc == NULL)
		return pg_not_connected(c);
	if (len > INT_MAX) {
		db_set_error(c, DB_ERROR_FATAL, 0, "54000", "bulk load batch over 2 GiB");
		return -E2BIG;
	}
	if ((sql = malloc(cap)) == NULL) {
		db_set_error(c, DB_ERROR_FATAL, 0, "", "out of memory");
		return -ENOMEM;
	}
	pg_release(&pc->rs);
	snprintf(sql, cap, "COPY %s (%s) FROM STDIN", table, cols);
	pc->nb_in = true;
	ok = PQsendQuery(pc->pg, sql);
	free(sql);
	if (!ok)
		return pg_nb_done(pc, pg_fail(c, pc, NULL), w);
	pc->nb_in = false;
	pc->copy_data = data;
	pc->copy_len = len;
	pc->copy_off = 0;
	pc->copy_phase = PG_COPY_START;
	pc->nb_step = PG_NB_COPY;
	return pg_nb_wait(pc, w);
}

/* Wait until the socket takes more (a flush returned 1). */
static int pg_nb_wait_write(struct pg_conn *pc, struct db_wait *w)
{
	w->fd = PQsocket(pc->pg);
	w->write = 1;
	return 1;
}

/* The COPY in flight: its COPY_IN answer, the rows, the end; then its
 * result is collected as a statement's (or its error's, when the server
 * refused the COPY). */
static int pg_nb_copy(sql_connection *c, struct pg_conn *pc, sql_result *rs,
                      struct db_wait *w)
{
	PGresult *res;
	int r;

	if (pc->copy_phase == PG_COPY_START) {
		if (!PQconsumeInput(pc->pg))
			return pg_fail(c, pc, NULL);
		if (PQisBusy(pc->pg))
			return pg_nb_wait(pc, w);
		res = PQgetResult(pc->pg);
		if (res == NULL || PQresultStatus(res) != PGRES_COPY_IN) {
			/* an error (refused, no table): collected as a
			 * statement's, up to the end of the command */
			pc->nb_step = PG_NB_STATEMENT;
			PQclear(pc->nb_last);
			pc->nb_last = res;
			return pg_nb_step(c, pc, rs, w);
		}
		PQclear(res);
		/* the rows must not block the thread either: libpq queues
		 * them and PQflush sends what the socket takes */
		pc->copy_blocking = !PQisnonblocking(pc->pg);
		if (pc->copy_blocking && PQsetnonblocking(pc->pg, 1))
			return pg_fail(c, pc, NULL);
		pc->copy_phase = PG_COPY_ROWS;
	}
	if (pc->copy_phase == PG_COPY_ROWS) {
		for (;;) {
			r = PQflush(pc->pg);
			if (r < 0)
				goto failed;
			if (r == 1)
				return pg_nb_wait_write(pc, w);
			if (pc->copy_off == pc->copy_len)
				break;
			{
				size_t n = pc->copy_len - pc->copy_off;
				if (n > PG_COPY_PIECE)
					n = PG_COPY_PIECE;
				r = PQputCopyData(pc->pg, pc->copy_data + pc->copy_off, (int)n);
				if (r < 0)
					goto failed;
				if (r == 0)   /* libpq's buffer is full */
					return pg_nb_wait_write(pc, w);
				pc->copy_off += n;
			}
		}
		r = PQputCopyEnd(pc->pg, NULL);
		if (r < 0)
			goto failed;
		if (r == 0)
			return pg_nb_wait_write(pc, w);
		pc->copy_phase = PG_COPY_END;
	}
	/* the end is queued: flushed, then the COPY's result as a statement's */
	r = PQflush(pc->pg);
	if (r < 0)
		goto failed;
	if (r == 1)
		return pg_nb_wait_write(pc, w);
	if (pc->copy_blocking)
		(void)PQsetnonblocking(pc->pg, 0);
	pc->copy_data = NULL;
	pc->nb_step = PG_NB_STATEMENT;
	return pg_nb_wait(pc, w);
failed:
	if (pc->copy_blocking)
		(void)PQsetnonblocking(pc->pg, 0);
	pc->copy_data = NULL;
	pc->nb_step = PG_NB_STATEMENT;
	return pg_fail(c, pc, NULL);
}

/* ---- prepared statements ------------------------------------------------ */

/* Rewrite '?' placeholders to $1, $2, ... Quoted text is copied as is, by
 * PostgreSQL's standard rule (db_sql_quoted_end): the same as driver.c's
 * placeholder count, so both agree on the number. */
static char *pg_rewrite(const char *sql, size_t len, unsigned *nparams)
{
	size_t i, j = 0, n = 0;
	char *out;

	for (i = 0; i < len; i++)
		n += sql[i] == '?';
	/* "$N": at most 11 bytes for an unsigned N (PQprepare refuses more
	 * than 65535 parameters itself) */
	out = malloc(len + n * 10 + 1);
	if (out == NULL)
		return NULL;
	n = 0;
	for (i = 0; i < len; i++) {
		char ch = sql[i];
		if (ch == '\'' || ch == '"' || ch == '`') {
			size_t end = db_sql_quoted_end(sql, len, i, 0);
			size_t k = (end < len ? end + 1 : end) - i;
			memcpy(out + j, sql + i, k);
			j += k;
			i += k - 1;
		} else if (ch == '?') {
			j += (size_t)sprintf(out + j, "$%zu", ++n);
		} else {
			out[j++] = ch;
		}
	}
	out[j] = 0;
	*nparams = (unsigned)n;
	return out;
}

static void pg_stmt_free(struct pg_stmt *ps)
{
	unsigned i;
	if (ps == NULL)
		return;
	if (ps->text != NULL)
		for (i = 0; i < ps->nparams; i++)
			free(ps->text[i]);
	free(ps->block);
	free(ps->sql);
	free(ps);
}

/* The per-parameter arrays, in one allocation made on the first bind. */
static int pg_stmt_arrays(struct pg_stmt *ps)
{
	size_t n = ps->nparams;
	char *p;

	if (ps->block != NULL || n == 0)
		return 0;
	p = calloc(1, n * (sizeof(uint64_t) + sizeof(char *) * 2 + sizeof(size_t) +
	                   sizeof(int) * 2 + sizeof(Oid) + 1));
	if (p == NULL)
		return -ENOMEM;
	ps->block = p;
	/* widest alignment first */
	ps->scratch = (uint64_t *)(void *)p;      p += n * sizeof(uint64_t);
	ps->values = (const char **)(void *)p;    p += n * sizeof(char *);
	ps->text = (char **)(void *)p;            p += n * sizeof(char *);
	ps->text_cap = (size_t *)(void *)p;       p += n * sizeof(size_t);
	ps->lengths = (int *)(void *)p;           p += n * sizeof(int);
	ps->formats = (int *)(void *)p;           p += n * sizeof(int);
	ps->types = (Oid *)(void *)p;             p += n * sizeof(Oid);
	ps->kinds = (unsigned char *)p;
	return 0;
}

/* Does res say that the server could not infer a parameter's type? */
static bool pg_undetermined(PGresult *res)
{
	const char *state;
	if (res == NULL || PQresultStatus(res) != PGRES_FATAL_ERROR)
		return false;
	state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
	return state != NULL && strcmp(state, "42P18") == 0;
}

/* Where the server could not infer a parameter's type from res's
 * PREPARE, give the parameters without a type the type text, so that a
 * retry can work: true when that changed a type. Text goes untyped, so
 * that it means what a literal means; but where the context gives no type
 * ("? IS NULL", "concat(?)") a literal would be text. Not inside a
 * transaction block, which the failed PREPARE has aborted. */
static bool pg_retype(struct pg_conn *pc, struct pg_stmt *ps, PGresult *res)
{
	unsigned i, n = 0;

	if (!pg_undetermined(res) || PQtransactionStatus(pc->pg) != PQTRANS_IDLE)
		return false;
	for (i = 0; i < ps->nparams; i++)
		if (ps->types[i] == PG_OID_UNKNOWN) {
			ps->types[i] = PG_OID_TEXT;
			n++;
		}
	return n > 0;
}

/* The PREPARE of ps answered res (taken): 0, ps prepared on this
 * session, or as pg_fail. */
static int pg_prepared(sql_connection *c, struct pg_conn *pc, struct pg_stmt *ps,
                       PGresult *res)
{
	if (res == NULL || PQresultStatus(res) != PGRES_COMMAND_OK) {
		ps->gen = 0;
		return pg_fail(c, pc, res);
	}
	PQclear(res);
	ps->gen = pc->gen;
	return 0;
}

/* Send PREPARE on the connection under a new name. */
static int pg_stmt_prepare(sql_statement *st, struct pg_conn *pc, struct pg_stmt *ps)
{
	PGresult *res;

	snprintf(ps->name, sizeof(ps->name), "bench_s%u", pc->next_stmt++);
	res = PQprepare(pc->pg, ps->name, ps->sql, (int)ps->nparams,
	                ps->nparams ? ps->types : NULL);
	if (pg_retype(pc, ps, res)) {
		PQclear(res);
		res = PQprepare(pc->pg, ps->name, ps->sql, (int)ps->nparams, ps->types);
	}
	return pg_prepared(st->connection, pc, ps, res);
}

static void pg_stmt_deallocate(struct pg_conn *pc, struct pg_stmt *ps)
{
	char sql[48];

	if (pc == NULL || ps->gen != pc->gen || PQstatus(pc->pg) != CONNECTION_OK)
		return;
	ps->gen = 0;
	/* in an aborted block this fails; the name is never reused anyway */
#ifdef LIBPQ_HAS_CLOSE_PREPARED
	PQclear(PQclosePrepared(pc->pg, ps->name));
#else
	snprintf(sql, sizeof(sql), "DEALLOCATE %s", ps->name);
	PQclear(PQexec(pc->pg, sql));
#endif
	(void)sql;
}

/* A new statement for sql (*out), not prepared: 0 or as prepare. */
static int pg_stmt_new(sql_statement *st, const char *sql, size_t len, struct pg_stmt **out)
{
	struct pg_stmt *ps;

	if (st->connection->priv == NULL)
		return pg_not_connected(st->connection);
	if ((ps = aligned_alloc(64, sizeof(*ps))) != NULL)
		memset(ps, 0, sizeof(*ps));
	if (ps == NULL || (ps->sql = pg_rewrite(sql, len, &ps->nparams)) == NULL) {
		free(ps);
		db_set_error(st->connection, DB_ERROR_FATAL, 0, "", "out of memory");
		return -ENOMEM;
	}
	if (ps->nparams != db_stmt_nparams(st)) {
		/* cannot happen with driver.c's count; let the core emulate */
		pg_stmt_free(ps);
		return -ENOTSUP;
	}
	*out = ps;
	return 0;
}

static int pgsql_prepare(sql_statement *st, const char *sql, size_t len)
{
	struct pg_conn *pc = st->connection->priv;
	struct pg_stmt *ps;
	int rc;

	if ((rc = pg_stmt_new(st, sql, len, &ps)) != 0)
		return rc;
	/* With placeholders, the types are known at bind time only. */
	if (ps->nparams == 0) {
		rc = pg_stmt_prepare(st, pc, ps);
		if (rc) {
			pg_stmt_free(ps);
			return rc;
		}
	}
	st->priv = ps;
	return 0;
}

static int pg_kind_of(int type, Oid *oid, int *len)
{
	switch (type) {
	case SQL_TYPE_TINYINT:  *oid = PG_OID_INT2;   *len = 2; return PG_P_I8;
	case SQL_TYPE_SMALLINT: *oid = PG_OID_INT2;   *len = 2; return PG_P_I16;
	case SQL_TYPE_INT:      *oid = PG_OID_INT4;   *len = 4; return PG_P_I32;
	case SQL_TYPE_BIGINT:   *oid = PG_OID_INT8;   *len = 8; return PG_P_I64;
	case SQL_TYPE_FLOAT:    *oid = PG_OID_FLOAT4; *len = 4; return PG_P_F32;
	case SQL_TYPE_DOUBLE:   *oid = PG_OID_FLOAT8; *len = 8; return PG_P_F64;
	case SQL_TYPE_TIME:
	case SQL_TYPE_DATE:
	case SQL_TYPE_DATETIME:
	case SQL_TYPE_TIMESTAMP:
	case SQL_TYPE_CHAR:
	case SQL_TYPE_VARCHAR:  *oid = PG_OID_UNKNOWN; *len = 0; return PG_P_TEXT;
	default:               return -1;
	}
}

/* A text buffer of at least need bytes for parameter i. */
static int pg_text_reserve(struct pg_stmt *ps, unsigned i, size_t need)
{
	char *p;
	if (need <= ps->text_cap[i])
		return 0;
	p = realloc(ps->text[i], need);
	if (p == NULL)
		return -ENOMEM;
	ps->text[i] = p;
	ps->text_cap[i] = need;
	return 0;
}

static int pgsql_bind_param(sql_statement *st)
{
	struct pg_stmt *ps = st->priv;
	struct pg_conn *pc = st->connection->priv;
	bool same = ps->typed;
	unsigned i, np;
	const sql_bind *params = db_stmt_params(st, &np);

	if (ps->nparams == 0)
		return 0;
	if (pc == NULL)
		return pg_not_connected(st->connection);
	if (params == NULL || np != ps->nparams) {
		db_set_error(st->connection, DB_ERROR_FATAL, 0, "", "parameters are not bound");
		return -EINVAL;
	}
	if (pg_stmt_arrays(ps))
		goto nomem;
	for (i = 0; i < ps->nparams; i++) {
		const sql_bind *b = &params[i];
		Oid oid;
		int len, kind = pg_kind_of(b->type, &oid, &len);
		if (kind < 0) {
			char msg[64];
			snprintf(msg, sizeof(msg), "unsupported type %d of parameter %u", b->type, i + 1);
			db_set_error(st->connection, DB_ERROR_FATAL, 0, "", msg);
			return -EINVAL;
		}
		if (kind == PG_P_TEXT && pg_text_reserve(ps, i, b->max_len + 1))
			goto nomem;
		same = same && ps->kinds[i] == kind;
	}
	/* The kinds imply the types (but for text, see pg_stmt_prepare), so
	 * the same kinds need no new PREPARE. */
	for (i = 0; i < ps->nparams; i++) {
		Oid oid;
		int len, kind = pg_kind_of(params[i].type, &oid, &len);
		if (!same)
			ps->types[i] = oid;
		ps->kinds[i] = (unsigned char)kind;
		ps->lengths[i] = len;
		ps->formats[i] = kind != PG_P_TEXT;
		ps->values[i] = kind == PG_P_TEXT ? ps->text[i] : (const char *)&ps->scratch[i];
	}
	ps->typed = true;
	if (same && ps->gen == pc->gen)
		return 0;
	/* new types: a new server-side statement. Under --connections the
	 * PREPARE goes with the next execute, without waiting (as after a
	 * reconnect), and so does the DEALLOCATE of the old one */
	if (db_co_active()) {
		if (ps->gen == pc->gen && ps->gen != 0) {
			memcpy(ps->old_name, ps->name, sizeof(ps->name));
			ps->old_gen = ps->gen;
		}
		ps->gen = 0;
		return 0;
	}
	pg_stmt_deallocate(pc, ps);
	return pg_stmt_prepare(st, pc, ps);
nomem:
	db_set_error(st->connection, DB_ERROR_FATAL, 0, "", "out of memory");
	return -ENOMEM;
}

/* The bound values into the statement's parameter arrays. */
static int pg_convert(struct pg_stmt *ps, const sql_bind *params)
{
	unsigned i;

	for (i = 0; i < ps->nparams; i++) {
		const sql_bind *b = &params[i];
		char *s = (char *)&ps->scratch[i];
		uint16_t u16;
		uint32_t u32;
		uint64_t u64;
		int16_t i16;

		if ((b->is_null && *b->is_null) || b->buffer == NULL) {
			ps->values[i] = NULL;
			continue;
		}
		ps->values[i] = s;
		/* network byte order; memcpy keeps clear of aliasing rules and
		 * compiles to plain loads and stores */
		switch (ps->kinds[i]) {
		case PG_P_I8:
			i16 = *(const int8_t *)b->buffer;
			memcpy(&u16, &i16, 2);
			u16 = htobe16(u16);
			memcpy(s, &u16, 2);
			break;
		case PG_P_I16:
			memcpy(&u16, b->buffer, 2);
			u16 = htobe16(u16);
			memcpy(s, &u16, 2);
			break;
		case PG_P_I32:
		case PG_P_F32:
			memcpy(&u32, b->buffer, 4);
			u32 = htobe32(u32);
			memcpy(s, &u32, 4);
			break;
		case PG_P_I64:
		case PG_P_F64:
			memcpy(&u64, b->buffer, 8);
			u64 = htobe64(u64);
			memcpy(s, &u64, 8);
			break;
		default: {
			size_t n = b->data_len ? *b->data_len : b->max_len;
			if (n >= ps->text_cap[i] && pg_text_reserve(ps, i, n + 1))
				return -ENOMEM;
			memcpy(ps->text[i], b->buffer, n);
			ps->text[i][n] = 0;
			ps->values[i] = ps->text[i];
			break;
		}
		}
	}
	return 0;
}

/* Before an execute: the parameters converted. 0 or as execute. */
static int pg_exec_args(sql_statement *st, struct pg_conn *pc, struct pg_stmt *ps)
{
	if (pc == NULL)
		return pg_not_connected(st->connection);
	pg_release(&pc->rs);
	if (ps->nparams) {
		unsigned np;
		const sql_bind *params = db_stmt_params(st, &np);
		if (!ps->typed || params == NULL) {
			db_set_error(st->connection, DB_ERROR_FATAL, 0, "", "parameters are not bound");
			return -EINVAL;
		}
		if (pg_convert(ps, params)) {
			db_set_error(st->connection, DB_ERROR_FATAL, 0, "", "out of memory");
			return -ENOMEM;
		}
	}
	return 0;
}

/* Before an execute: the parameters converted, the statement prepared on
 * this session. 0 or as execute. */
static int pg_exec_ready(sql_statement *st, struct pg_conn *pc, struct pg_stmt *ps)
{
	int rc = pg_exec_args(st, pc, ps);

	if (rc)
		return rc;
	/* prepared on an earlier session (reconnect), or not yet */
	if (ps->gen != pc->gen) {
		if (ps->old_gen == pc->gen && ps->old_gen != 0) {
			/* a statement rebound under --connections */
			uint64_t gen = ps->gen;
			char name[24];
			memcpy(name, ps->name, sizeof(name));
			memcpy(ps->name, ps->old_name, sizeof(name));
			ps->gen = ps->old_gen;
			pg_stmt_deallocate(pc, ps);
			memcpy(ps->name, name, sizeof(name));
			ps->gen = gen;
			ps->old_gen = 0;
		}
		if ((rc = pg_stmt_prepare(st, pc, ps)) != 0)
			return rc;
	}
	return 0;
}

static int pgsql_execute(sql_statement *st, sql_result *rs)
{
	struct pg_stmt *ps = st->priv;
	struct pg_conn *pc = st->connection->priv;
	int rc = pg_exec_ready(st, pc, ps);

	if (rc)
		return rc;
	return pg_finish(st->connection, pc,
	                 PQexecPrepared(pc->pg, ps->name, (int)ps->nparams, ps->values,
	                                ps->lengths, ps->formats, 0), rs);
}

/* --connections: send the PREPARE of ps (step PG_NB_PREPARE or
 * PG_NB_EXPREP; retry: again, with the types pg_retype gave). */
static int pg_nb_send_prepare(sql_connection *c, struct pg_conn *pc, struct pg_stmt *ps,
                              int step, bool retry, struct db_wait *w)
{
	if (!retry)
		snprintf(ps->name, sizeof(ps->name), "bench_s%u", pc->next_stmt++);
	pc->nb_step = step;
	pc->nb_retry = retry;
	if (!PQsendPrepare(pc->pg, ps->name, ps->sql, (int)ps->nparams,
	                   ps->nparams ? ps->types : NULL)) {
		ps->gen = 0;
		return pg_fail(c, pc, NULL);
	}
	return pg_nb_wait(pc, w);
}

static int pg_nb_send_exec(sql_connection *c, struct pg_conn *pc, struct pg_stmt *ps,
                           struct db_wait *w)
{
	pc->nb_step = PG_NB_STATEMENT;
	if (!PQsendQueryPrepared(pc->pg, ps->name, (int)ps->nparams, ps->values,
	                         ps->lengths, ps->formats, 0))
		return pg_fail(c, pc, NULL);
	return pg_nb_wait(pc, w);
}

/* The PREPARE in flight answered res: a new statement is ready, or the
 * statement to execute is sent. */
static int pg_nb_prepared(sql_connection *c, struct pg_conn *pc, PGresult *res,
                          sql_result *rs, struct db_wait *w)
{
	int step = pc->nb_step, rc;
	struct pg_stmt *ps = step == PG_NB_PREPARE ? pc->nb_ps : pc->nb_st->priv;

	(void)rs;
	if (!pc->nb_retry && pg_retype(pc, ps, res)) {
		PQclear(res);
		return pg_nb_send_prepare(c, pc, ps, step, true, w);
	}
	rc = pg_prepared(c, pc, ps, res);
	pc->nb_step = PG_NB_STATEMENT;
	if (step == PG_NB_PREPARE) {
		pc->nb_ps = NULL;
		if (rc)
			pg_stmt_free(ps);
		else
			pc->nb_st->priv = ps;
		return rc;
	}
	return rc ? rc : pg_nb_send_exec(c, pc, ps, w);
}

/* The DEALLOCATE of a statement's old types is done: its PREPARE. */
static int pg_nb_redeallocated(sql_connection *c, struct pg_conn *pc, struct db_wait *w)
{
	return pg_nb_send_prepare(c, pc, pc->nb_st->priv, PG_NB_EXPREP, false, w);
}

static int pgsql_execute_start(sql_statement *st, sql_result *rs, struct db_wait *w)
{
	struct pg_stmt *ps = st->priv;
	struct pg_conn *pc = st->connection->priv;
	int rc = pg_exec_args(st, pc, ps);

	(void)rs;
	if (rc)
		return rc;
	pc->nb_in = true;
	/* prepared on an earlier session (reconnect), or not yet: first
	 * the PREPARE, without waiting either (and before it the
	 * DEALLOCATE of the types it was prepared with on this session) */
	if (ps->gen != pc->gen) {
		pc->nb_st = st;
		if (ps->old_gen == pc->gen && ps->old_gen != 0) {
			char sql[48];
			ps->old_gen = 0;
			snprintf(sql, sizeof(sql), "DEALLOCATE %s", ps->old_name);
			if (pg_nb_send_own(pc, sql, PG_NB_REDEALLOC, w) == 1) {
				pc->nb_in = false;
				return 1;
			}
		}
		rc = pg_nb_send_prepare(st->connection, pc, ps, PG_NB_EXPREP, false, w);
	} else {
		rc = pg_nb_send_exec(st->connection, pc, ps, w);
	}
	return pg_nb_done(pc, rc, w);
}

static int pgsql_prepare_start(sql_statement *st, const char *sql, size_t len,
                               struct db_wait *w)
{
	struct pg_conn *pc = st->connection->priv;
	struct pg_stmt *ps;
	int rc;

	if ((rc = pg_stmt_new(st, sql, len, &ps)) != 0)
		return rc;
	/* With placeholders, the types are known at bind time only. */
	if (ps->nparams) {
		st->priv = ps;
		return 0;
	}
	pc->nb_ps = ps;
	pc->nb_st = st;
	pc->nb_in = true;
	rc = pg_nb_send_prepare(st->connection, pc, ps, PG_NB_PREPARE, false, w);
	if (rc < 0) {
		pc->nb_ps = NULL;
		pg_stmt_free(ps);
	}
	return pg_nb_done(pc, rc, w);
}

static int pgsql_connect_start(sql_connection *c, unsigned seq, struct db_wait *w)
{
	const char *kw[14], *val[14];
	struct pg_conn *pc;
	int t = atoi(pg_cfg.connect_timeout);

	pg_conn_params(seq, kw, val);
	if ((pc = pg_conn_new(c)) == NULL)
		return -ENOMEM;
	pc->pg = PQconnectStartParams(kw, val, 0);
	if (pc->pg == NULL || PQstatus(pc->pg) == CONNECTION_BAD)
		return pg_connect_fail(c, pc, NULL);
	/* libpq leaves the connect timeout to the caller in this mode */
	pc->nb_deadline = t > 0 ? clock_now_ns() + (int64_t)t * 1000000000LL : 0;
	pc->nb_step = PG_NB_CONNECT;
	c->priv = pc;
	/* as if PQconnectPoll had said PGRES_POLLING_WRITING */
	w->fd = PQsocket(pc->pg);
	w->write = 1;
	w->deadline_ns = pc->nb_deadline;
	return 1;
}

static int pg_nb_connect_poll(sql_connection *c, struct pg_conn *pc, struct db_wait *w)
{
	PostgresPollingStatusType st;

	if (pc->nb_deadline && clock_now_ns() >= pc->nb_deadline) {
		/* libpq's words for it */
		char why[300];
		snprintf(why, sizeof(why), "connection to server at \"%s\", port %s failed: "
		         "timeout expired\n", PQhost(pc->pg), PQport(pc->pg));
		c->priv = NULL;
		return pg_connect_fail(c, pc, why);
	}
	st = PQconnectPoll(pc->pg);
	switch (st) {
	case PGRES_POLLING_READING:
	case PGRES_POLLING_WRITING:
		break;
	case PGRES_POLLING_OK:
		pc->nb_step = PG_NB_STATEMENT;
		c->priv = NULL;
		return pg_connected(c, pc);
	default:
		c->priv = NULL;
		return pg_connect_fail(c, pc, NULL);
	}
	/* PQconnectPoll's last answer says which way to wait */
	w->fd = PQsocket(pc->pg);
	w->write = st == PGRES_POLLING_WRITING;
	w->deadline_ns = pc->nb_deadline;
	return 1;
}

/* --connections: close st, its DEALLOCATE sent without waiting (1, the
 * reply collected by pgsql_resume, which then frees the statement). */
static int pgsql_close_start(sql_statement *st, struct db_wait *w)
{
	struct pg_stmt *ps = st->priv;
	struct pg_conn *pc = st->connection->priv;
	char sql[48];

	if (ps == NULL)
		return 0;
	st->priv = NULL;
	if (pc == NULL || ps->gen != pc->gen || PQstatus(pc->pg) != CONNECTION_OK) {
		pg_stmt_free(ps);
		return 0;
	}
	pc->nb_ps = ps;   /* freed with the connection if it closes first */
#ifdef LIBPQ_HAS_CLOSE_PREPARED
	(void)sql;
	if (PQsendClosePrepared(pc->pg, ps->name)) {
		pc->nb_step = PG_NB_CLOSE;
		return pg_nb_wait(pc, w);
	}
#else
	snprintf(sql, sizeof(sql), "DEALLOCATE %s", ps->name);
	if (pg_nb_send_own(pc, sql, PG_NB_CLOSE, w) == 1)
		return 1;
#endif
	pc->nb_ps = NULL;
	pg_stmt_free(ps);
	return 0;
}

static void pgsql_close(sql_statement *st)
{
	struct pg_stmt *ps = st->priv;
	if (ps == NULL)
		return;
	if (st->connection != NULL)
		pg_stmt_deallocate(st->connection->priv, ps);
	pg_stmt_free(ps);
	st->priv = NULL;
}

/* ---- rows --------------------------------------------------------------- */

static int pgsql_fetch_row(sql_result *rs, sql_row *row)
{
	struct pg_result *r = rs->ptr;
	int i;

	if (r == NULL || r->res == NULL || r->row >= r->nrows)
		return 0;
	for (i = 0; i < r->nfields; i++) {
		sql_value *v = &row->values[i];
		if (PQgetisnull(r->res, r->row, i)) {
			v->ptr = NULL;
			v->len = 0;
		} else {
			v->ptr = PQgetvalue(r->res, r->row, i);
			v->len = (uint32_t)PQgetlength(r->res, r->row, i);
		}
	}
	r->row++;
	return 1;
}

static void pgsql_free_results(sql_result *rs)
{
	struct pg_result *r = rs->ptr;
	if (r != NULL)
		pg_release(r);
	rs->ptr = NULL;
}

static size_t pgsql_escape(sql_connection *c, char *to, const char *from, size_t len)
{
	struct pg_conn *pc = c->priv;
	int err = 0;
	if (pc == NULL)
		return PQescapeString(to, from, len);
	return PQescapeStringConn(pc->pg, to, from, len, &err);
}

/* sysbench's lines for a failed operation: the function that failed, its
 * status (PGRES_FATAL_ERROR) and the primary message; for a prepare,
 * libpq's whole message (with the LINE and caret lines). */
static bool pgsql_log_error(sql_connection *c, int op, const char *sql, size_t len)
{
	struct pg_conn *pc = c->priv;
	const char *msg = c->sql_errmsg ? c->sql_errmsg : "";

	switch (op) {
	case DB_OP_PREPARE:
	case DB_OP_BIND:   /* a statement with parameters is prepared here */
		log_msg(LOG_FATAL, "PQprepare() failed: %s",
		        pc != NULL && pc->pg != NULL ? PQerrorMessage(pc->pg) : msg);
		return true;
	case DB_OP_QUERY:
		log_msg(LOG_FATAL, "PQexec() failed: %d %s", (int)PGRES_FATAL_ERROR, msg);
		log_msg(LOG_FATAL, "failed query was: %.*s", (int)len, sql);
		return true;
	case DB_OP_EXECUTE:
		log_msg(LOG_FATAL, "PQexecPrepared() failed: %d %s", (int)PGRES_FATAL_ERROR, msg);
		return true;
	default:
		return false;
	}
}

const struct db_driver_ops db_pgsql_ops = {
	.abi = DB_DRIVER_ABI,
	.name = "pgsql",
	.desc = "PostgreSQL driver",
	.caps = DB_CAP_PREPARED | DB_CAP_MULTI_ROW | DB_CAP_LOAD | DB_CAP_NONBLOCK,
	.opts = pgsql_opts,
	.nopts = sizeof(pgsql_opts) / sizeof(pgsql_opts[0]),
	.init = pgsql_init,
	.done = pgsql_done,
	.connect = pgsql_connect,
	.disconnect = pgsql_disconnect,
	.query = pgsql_query,
	.prepare = pgsql_prepare,
	.bind_param = pgsql_bind_param,
	.execute = pgsql_execute,
	.close = pgsql_close,
	.fetch_row = pgsql_fetch_row,
	.log_error = pgsql_log_error,
	.free_results = pgsql_free_results,
	.escape = pgsql_escape,
	.load = pgsql_load,
	.query_start = pgsql_query_start,
	.execute_start = pgsql_execute_start,
	.connect_start = pgsql_connect_start,
	.prepare_start = pgsql_prepare_start,
	.resume = pgsql_resume,
	.close_start = pgsql_close_start,
	.load_start = pgsql_load_start,
	.counters_default = pg_counters_default,
	.counters_read = pg_counters_read,
};
