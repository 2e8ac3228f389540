/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mysql: the MySQL/MariaDB driver, on the libmysqlclient API (built and
 * tested against MariaDB Connector/C, Debian libmariadb-dev).
 *
 * Per connection one struct my_conn behind sql_connection.priv; per server-side
 * prepared statement one struct my_stmt behind sql_statement.priv. A result keeps
 * rs->ptr = the my_conn, which knows whether a plain MYSQL_RES or a
 * statement's stored result is pending, so fetch/free need no allocation.
 *
 * Hot path (execute): parameters are bound once, straight onto the Lua-owned
 * sql_bind buffers, so an execute is mysql_stmt_execute plus either
 * mysql_stmt_store_result or mysql_stmt_affected_rows, nothing else. Result
 * columns are bound lazily on the first fetch, since benchmarks rarely look
 * at rows; that is also why STMT_ATTR_UPDATE_MAX_LENGTH is not used (it
 * would make every store_result walk every row): a column that does not fit
 * its buffer is refetched with mysql_stmt_fetch_column after growing it.
 *
 * The password is never logged, with or without --mysql-debug/--db-debug.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <mysql.h>
#include <errmsg.h>
#include <mysqld_error.h>

#include "db/counters.h"
#include "db/driver.h"
#include "util/clock.h"
#include "util/log.h"

#if defined(MARIADB_BASE_VERSION) || defined(MARIADB_PACKAGE_VERSION_ID)
#define MY_MARIADB 1
typedef my_bool my_flag;
#else
/* Oracle libmysqlclient 8: my_bool is gone, TLS is set by MYSQL_OPT_SSL_MODE. */
typedef bool my_flag;
#endif

/* MariaDB Connector/C's nonblocking API (mysql_*_start / _cont) */
#if defined(LIBMARIADB) || defined(MARIADB_PACKAGE_VERSION_ID)
#define MY_NB 1
#endif

/* Connector/C 3: its socket layer (pvio) is public, see my_blocking_reads() */
#if defined(MARIADB_PACKAGE_VERSION_ID) && MARIADB_PACKAGE_VERSION_ID >= 30000
#define MY_PVIO 1
#include <sys/socket.h>
#include <ma_pvio.h>
#endif

#ifndef ER_UNSUPPORTED_PS
#define ER_UNSUPPORTED_PS 1295
#endif
#ifndef ER_NEED_REPREPARE
#define ER_NEED_REPREPARE 1615
#endif

#define MY_LIKELY(x) __builtin_expect(!!(x), 1)
#define MY_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* Initial capacity of a result column buffer; grown on truncation. */
#define MY_COL_CAP 256

enum my_ssl_mode {
	MY_SSL_DISABLED = 0,
	MY_SSL_PREFERRED,
	MY_SSL_REQUIRED,
	MY_SSL_VERIFY_CA,
	MY_SSL_VERIFY_IDENTITY
};

static const char *const my_ssl_names[] = {
	"DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"
};

/* Option values, read once by my_init(); read-only afterwards. */
static struct {
	const char *const *hosts;
	unsigned nhosts;
	unsigned *ports;
	unsigned nports;
	const char *const *sockets;
	unsigned nsockets;
	const char *user;
	const char *password;
	enum my_ssl_mode ssl;
	const char *ssl_key, *ssl_cert, *ssl_ca, *ssl_cipher;
	bool compression;
	bool debug;          /* --mysql-debug: trace client library calls */
	bool dry_run;
	bool lib_inited;
	unsigned connect_timeout; /* --mysql-connect-timeout, seconds, 0: none */
} my_cfg;

#define MY_TRACE(...)                                                \
	do {                                                         \
		if (MY_UNLIKELY(my_cfg.debug))                       \
			log_msg(LOG_DEBUG, __VA_ARGS__);             \
	} while (0)

struct my_stmt;

struct my_conn {
	MYSQL *m;                 /* NULL in dry-run mode */
	MYSQL_RES *res;           /* pending plain result set */
	struct my_stmt *res_stmt; /* statement whose stored result is pending */
	MYSQL_STMT *res_s;        /* ... its handle (res_stmt->s), and the */
	uint64_t res_seq;         /* ... number of that result (my_fetch_stmt) */
	bool more_plain;          /* multi-statement query: results to drain */
	bool tcp;                 /* connected over TCP (for the TLS check) */
	const char *host, *sock;  /* where it connects (my_target) */
	unsigned port;
	struct my_stmt *stmts;    /* statements prepared on this connection */
	/* nonblocking (--connections): the step in flight and what it waits for */
	int nb_step;
	int nb_status;            /* MYSQL_WAIT_* */
	int nb_tries;
	MYSQL_RES *nb_res;
	sql_statement *nb_st;
	/* the execute in flight: nb_st's my_stmt and its handle, kept here so
	 * that continuing it reads no other connection state (each of those
	 * lines is a cache miss by the time the reply comes: 32 connections
	 * a thread, the server's work in between) */
	struct my_stmt *nb_xms;
	MYSQL_STMT *nb_xs;
	struct my_stmt *nb_ms;    /* being prepared (MY_NB_PREPARE, MY_NB_REPREP) */
	bool nb_ms_new;           /* ... a new statement (freed with mc) */
	MYSQL *nb_m;              /* being connected (MY_NB_CONNECT) */
	struct my_load *nb_load;  /* a LOAD DATA in flight (MY_NB_LOAD) */
	int64_t nb_deadline;      /* connect: give up at this clock_now_ns() */
	bool nb_timed_out;        /* ... and that time came */
#ifdef MY_PVIO
	PVIO_METHODS pvio_methods; /* the socket's methods, read replaced */
#ifdef MY_NB
	/* --connections: the library's nonblocking socket read and write
	 * (my_nb_reads); nb_sent: written since the last read; nb_there:
	 * how often a reply was already there at that read (a moving
	 * average, 0-255), nb_reads: the reads right after a write */
	ssize_t (*lib_async_read)(MARIADB_PVIO *, uchar *, size_t);
	ssize_t (*lib_async_write)(MARIADB_PVIO *, const uchar *, size_t);
	bool nb_sent;
	unsigned nb_there, nb_reads;
#endif
	/* --connections (my_shared_read_ahead): the reads under the
	 * read-ahead, and what one read took beyond what was asked, still to
	 * hand out (NULL when none): in the thread's buffer (ra_shared, until
	 * another connection of the thread reads: my_ra_spill) or malloc'd */
	ssize_t (*ra_read)(MARIADB_PVIO *, uchar *, size_t);
	ssize_t (*ra_async_read)(MARIADB_PVIO *, uchar *, size_t);
	my_bool (*ra_has_data)(MARIADB_PVIO *, ssize_t *);
	unsigned char *ra_rest;
	size_t ra_len, ra_pos, ra_cap;
	bool ra_shared, sk_shared;   /* ra_rest, sk_block: in the thread's buffer */
	/* a statement's rows counted rather than stored (my_sk_*): where
	 * they start in ra_rest, the next packet's offset, how many so far;
	 * once counted, their bytes (sk_block, sk_start to sk_end) and the
	 * library's state before them, for a fetch that wants them after all */
	size_t sk_start, sk_at, sk_end;
	uint64_t sk_rows;
	unsigned char *sk_block;
	struct my_sk_saved {
		enum_mysqlnd_stmt_state state;
		enum mysql_status status;
		unsigned server_status, warning_count, pkt_nr;
		my_ulonglong affected_rows;
		mysql_upsert_status upsert;
	} sk_saved;
#endif
};

struct my_stmt {
	struct my_conn *mc;       /* NULL once that connection was closed */
	struct my_stmt *next, *prev;
	MYSQL_STMT *s;            /* NULL in dry-run mode or when detached */
	char *sql;                /* kept to prepare again after a reconnect */
	size_t sql_len;
	MYSQL_BIND *pbind;        /* parameters, bound onto st->params */
	unsigned npbind;
	/* result columns as text, allocated on the first fetch */
	unsigned rcols;           /* columns the arrays below hold */
	MYSQL_BIND *rbind;
	unsigned long *rlen;
	my_flag *rnull;
	my_flag *rerr;
	char **rbuf;
	unsigned long *rcap;
	const char **rval;
	uint64_t rbound;          /* bind_result done for the result of this
	                           * mc->res_seq (0: none) */
};

/* ---- options -------------------------------------------------------------- */

static const struct opt_def my_opts[] = {
	{ "mysql-host", OPT_LIST, "MySQL server host", "localhost", 0, 0, 0, NULL },
	{ "mysql-port", OPT_LIST, "MySQL server port", "3306", 0, 0, 0, NULL },
	{ "mysql-socket", OPT_LIST, "MySQL socket", NULL, 0, 0, 0, NULL },
	{ "mysql-user", OPT_STRING, "MySQL user", "sbtest", 0, 0, 0, NULL },
	{ "mysql-password", OPT_STRING, "MySQL password", "", 0, 0, 0, NULL },
	{ "mysql-db", OPT_STRING, "MySQL database name", "sbtest", 0, 0, 0, NULL },
	/* sysbench's BOOL, extended with the client library's SSL modes */
	{ "mysql-ssl", OPT_STRING,
	  "use SSL connections, if available in the client library; MODE: DISABLED, "
	  "PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY (on: REQUIRED, off: DISABLED)",
	  "off", 0, 0,
	  OPT_F_BOOL_HELP, NULL },
	{ "mysql-ssl-key", OPT_FILE, "path name of the client private key file", NULL, 0, 0, 0, NULL },
	{ "mysql-ssl-cert", OPT_FILE, "path name of the client public key certificate file",
	  NULL, 0, 0, 0, NULL },
	{ "mysql-ssl-ca", OPT_FILE, "path name of the CA file", NULL, 0, 0, 0, NULL },
	{ "mysql-ssl-cipher", OPT_STRING, "use specific cipher for SSL connections", "", 0, 0, 0, NULL },
	{ "mysql-compression", OPT_BOOL, "use compression, if available in the client library",
	  "off", 0, 0, 0, NULL },
	{ "mysql-debug", OPT_BOOL, "trace all client library calls", "off", 0, 0, 0, NULL },
	{ "mysql-ignore-errors", OPT_LIST, "list of errors to ignore, or \"all\"",
	  "1213,1020,1205", 0, 0, 0, NULL },
	{ "mysql-connect-timeout", OPT_INT,
	  "seconds to wait for the connection and the server's handshake before giving up "
	  "(0: forever)", "60", 0, 86400, OPT_F_EXTRA, NULL },
	{ "mysql-dry-run", OPT_BOOL,
	  "Dry run, pretend that all MySQL client API calls are successful without executing them",
	  "off", 0, 0, 0, NULL },
};

static const char *my_nonempty(const char *s)
{
	return (s != NULL && *s != 0) ? s : NULL;
}

static int my_parse_ssl(const char *v, enum my_ssl_mode *out)
{
	unsigned i;
	int b;

	/* a bare --mysql-ssl arrives as "": on, like sysbench's BOOL */
	if (v == NULL || *v == 0) {
		*out = MY_SSL_REQUIRED;
		return 0;
	}
	for (i = 0; i < sizeof(my_ssl_names) / sizeof(my_ssl_names[0]); i++)
		if (strcasecmp(v, my_ssl_names[i]) == 0) {
			*out = (enum my_ssl_mode)i;
			return 0;
		}
	if (opt_parse_bool(v, &b) == 0) {
		*out = b ? MY_SSL_REQUIRED : MY_SSL_DISABLED;
		return 0;
	}
	return -EINVAL;
}

/* The database to connect to: --mysql-db, read at each connect (bench
 * slap points its clients at the schema it made, as mysqlslap's clients
 * connect to it; nothing else changes it during a run). */
static const char *my_db(void)
{
	return my_nonempty(opt_get_string("mysql-db"));
}

static int my_init(void)
{
	const char *const *ports;
	unsigned i;

	my_cfg.nhosts = opt_get_list("mysql-host", &my_cfg.hosts);
	my_cfg.nsockets = opt_get_list("mysql-socket", &my_cfg.sockets);
	my_cfg.nports = opt_get_list("mysql-port", &ports);
	my_cfg.user = opt_get_string("mysql-user");
	my_cfg.password = opt_get_string("mysql-password");
	/* MYSQL_PWD, as for the mysql client, when no --mysql-password was
	 * given (command line or --config-file): keeps it off the command line */
	if (!opt_is_set("mysql-password") && getenv("MYSQL_PWD") != NULL)
		my_cfg.password = getenv("MYSQL_PWD");
	my_cfg.ssl_key = my_nonempty(opt_get_string("mysql-ssl-key"));
	my_cfg.ssl_cert = my_nonempty(opt_get_string("mysql-ssl-cert"));
	my_cfg.ssl_ca = my_nonempty(opt_get_string("mysql-ssl-ca"));
	my_cfg.ssl_cipher = my_nonempty(opt_get_string("mysql-ssl-cipher"));
	my_cfg.compression = opt_get_bool("mysql-compression");
	my_cfg.debug = opt_get_bool("mysql-debug");
	my_cfg.dry_run = opt_get_bool("mysql-dry-run");
	my_cfg.connect_timeout = (unsigned)opt_get_int("mysql-connect-timeout");

	if (my_parse_ssl(opt_get_string("mysql-ssl"), &my_cfg.ssl) < 0) {
		log_msg(LOG_FATAL, "Invalid value for --mysql-ssl: '%s' (expected on, off, "
		        "DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY)",
		        opt_get_string("mysql-ssl"));
		return -EINVAL;
	}

	{
		const char *const *codes;
		unsigned nc = opt_get_list("mysql-ignore-errors", &codes);
		for (i = 0; i < nc; i++) {
			const char *c = codes[i];
			size_t len = strlen(c);
			if (strcmp(c, "all") == 0)
				continue;
			if (len == 0 || len > 9 || strspn(c, "0123456789") != len) {
				log_msg(LOG_FATAL, "Invalid value for --mysql-ignore-errors: '%s' "
				        "(expected error numbers, e.g. 1213,1205, or \"all\")", c);
				return -EINVAL;
			}
		}
	}

	if (my_cfg.ssl == MY_SSL_VERIFY_CA && my_cfg.ssl_ca == NULL) {
		log_msg(LOG_FATAL, "--mysql-ssl=VERIFY_CA needs the CA certificate: --mysql-ssl-ca");
		return -EINVAL;
	}

	free(my_cfg.ports);
	my_cfg.ports = NULL;
	if (my_cfg.nports == 0) {
		static const char *const defport[] = { "3306" };
		ports = defport;
		my_cfg.nports = 1;
	}
	my_cfg.ports = calloc(my_cfg.nports, sizeof(*my_cfg.ports));
	if (my_cfg.ports == NULL) {
		log_msg(LOG_FATAL, "out of memory");
		return -ENOMEM;
	}
	for (i = 0; i < my_cfg.nports; i++) {
		char *end;
		unsigned long p;
		errno = 0;
		p = strtoul(ports[i], &end, 10);
		if (errno || end == ports[i] || *end != 0 || ports[i][0] == '-' ||
		    p < 1 || p > 65535) {
			log_msg(LOG_FATAL, "Invalid value for --mysql-port: '%s'", ports[i]);
			free(my_cfg.ports);
			my_cfg.ports = NULL;
			return -EINVAL;
		}
		my_cfg.ports[i] = (unsigned)p;
	}

	/* like sysbench: the trace is useless without debug verbosity */
	if (my_cfg.debug)
		log_set_verbosity(LOG_DEBUG);

	/* also in dry-run: mysql_escape_string() needs the charsets */
	if (!my_cfg.lib_inited) {
		int rc = mysql_library_init(0, NULL, NULL);
		MY_TRACE("mysql_library_init(0, (nil), (nil)) = %d", rc);
		if (rc) {
			log_msg(LOG_FATAL, "mysql_library_init() failed");
			return -EIO;
		}
		my_cfg.lib_inited = true;
	}
	return 0;
}

static void my_done(void)
{
	free(my_cfg.ports);
	my_cfg.ports = NULL;
	if (my_cfg.lib_inited) {
		mysql_library_end();
		my_cfg.lib_inited = false;
	}
}

/* ---- threads --------------------------------------------------------------- */

static pthread_once_t my_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t my_thread_key;
static __thread bool my_thread_ready;

/* At a thread's end: its read-ahead buffer (my_ra_read), if it made one,
 * is the key's value. */
static void my_thread_end(void *value)
{
	if (value != (void *)1)
		free(value);
	mysql_thread_end();
}

static void my_key_create(void)
{
	pthread_key_create(&my_thread_key, my_thread_end);
}

/* The client library wants mysql_thread_init() in every thread that calls
 * it; the key's destructor pairs it with mysql_thread_end() at exit. */
static void my_thread_setup(void)
{
	my_flag rc;
	if (MY_LIKELY(my_thread_ready))
		return;
	rc = mysql_thread_init();
	MY_TRACE("mysql_thread_init() = %d", (int)rc);
	pthread_once(&my_key_once, my_key_create);
	pthread_setspecific(my_thread_key, (void *)1);
	my_thread_ready = true;
}

/* ---- errors ---------------------------------------------------------------- */

static bool my_conn_lost(unsigned err)
{
	return err == CR_SERVER_GONE_ERROR || err == CR_SERVER_LOST ||
	       err == CR_SERVER_LOST_EXTENDED;
}

/* Classify and record an error; returns the negative errno for the hook:
 * -ECONNRESET when the connection is gone (a reconnect may follow; priv
 * stays valid for disconnect), else -EIO. */
static int my_fail(sql_connection *c, unsigned err, const char *state, const char *msg)
{
	char code[16];
	int cls;

	snprintf(code, sizeof(code), "%u", err);
	cls = db_code_in_list("mysql-ignore-errors", code) ? DB_ERROR_IGNORABLE : DB_ERROR_FATAL;
	db_set_error(c, cls, (int)err, state, msg);
	return my_conn_lost(err) ? -ECONNRESET : -EIO;
}

static int my_fail_conn(sql_connection *c, MYSQL *m)
{
	return my_fail(c, mysql_errno(m), mysql_sqlstate(m), mysql_error(m));
}

static int my_fail_stmt(sql_connection *c, MYSQL_STMT *s)
{
	return my_fail(c, mysql_stmt_errno(s), mysql_stmt_sqlstate(s), mysql_stmt_error(s));
}

/* ---- connections ----------------------------------------------------------- */

static int my_set_tls(MYSQL *m)
{
	enum my_ssl_mode mode = my_cfg.ssl;
	int rc = 0;
#ifdef MY_MARIADB
	my_flag on = 1, off = 0;
	/* Connector/C 3.4 turns TLS and verification on by default: say what
	 * the mode wants either way. */
	if (mode == MY_SSL_DISABLED) {
		rc |= mysql_options(m, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &off);
		rc |= mysql_options(m, MYSQL_OPT_SSL_ENFORCE, &off);
		return rc;
	}
	/* Connector/C's certificate verification always includes the host
	 * name. VERIFY_CA leaves it off: with a CA file the chain is then still
	 * verified, without the host name (Connector/C 3.3; later versions may
	 * add the host check whenever a CA is given). */
	rc |= mysql_options(m, MYSQL_OPT_SSL_ENFORCE, &on);
	rc |= mysql_options(m, MYSQL_OPT_SSL_VERIFY_SERVER_CERT,
	                    mode == MY_SSL_VERIFY_IDENTITY ? &on : &off);
#else
	static const unsigned modes[] = {
		[MY_SSL_DISABLED] = SSL_MODE_DISABLED,
		[MY_SSL_PREFERRED] = SSL_MODE_PREFERRED,
		[MY_SSL_REQUIRED] = SSL_MODE_REQUIRED,
		[MY_SSL_VERIFY_CA] = SSL_MODE_VERIFY_CA,
		[MY_SSL_VERIFY_IDENTITY] = SSL_MODE_VERIFY_IDENTITY,
	};
	rc |= mysql_options(m, MYSQL_OPT_SSL_MODE, &modes[mode]);
	if (mode == MY_SSL_DISABLED)
		return rc;
#endif
	if (my_cfg.ssl_key)
		rc |= mysql_options(m, MYSQL_OPT_SSL_KEY, my_cfg.ssl_key);
	if (my_cfg.ssl_cert)
		rc |= mysql_options(m, MYSQL_OPT_SSL_CERT, my_cfg.ssl_cert);
	if (my_cfg.ssl_ca)
		rc |= mysql_options(m, MYSQL_OPT_SSL_CA, my_cfg.ssl_ca);
	if (my_cfg.ssl_cipher)
		rc |= mysql_options(m, MYSQL_OPT_SSL_CIPHER, my_cfg.ssl_cipher);
	return rc;
}

#ifdef MY_PVIO
/* Blocking reads (Connector/C). Its socket read is recv(MSG_DONTWAIT);
 * when the reply is not there yet, which is nearly always (the server is
 * still working on it), that fails with EAGAIN, poll() sleeps until the
 * reply arrives and a second recv() takes it: three system calls per
 * statement where one blocking recv() does the same wait. With no read
 * timeout that poll() waits forever, so a blocking recv() (the socket is
 * already in blocking mode after the connect; writes keep their own
 * MSG_DONTWAIT) behaves the same: same bytes, same errors, EINTR retried
 * like the library does. Measured on oltp_read_write, 4 threads (issue 3):
 * 3.9 -> 2.0 system calls per statement, 5-9% less client CPU. */
static ssize_t my_pvio_read(MARIADB_PVIO *pvio, uchar *buf, size_t len)
{
	my_socket fd;
	ssize_t r;

	if (pvio->methods->get_handle(pvio, &fd))
		return -1;
	do
		r = recv(fd, buf, len, 0);
	while (MY_UNLIKELY(r < 0 && errno == EINTR));
	return r;
}

/* Whether m's socket layer is one whose methods may be replaced: a plain
 * socket without TLS, from a library of the same Connector/C major.minor as
 * the headers we were built with (the methods table is copied with their
 * layout: the plugin interface of that series). */
static bool my_pvio_ours(MYSQL *m)
{
	MARIADB_PVIO *pvio = m->net.pvio;

	return mysql_get_client_version() / 100 == MARIADB_PACKAGE_VERSION_ID / 100 &&
	       pvio != NULL && pvio->methods != NULL && pvio->ctls == NULL &&
	       (pvio->type == PVIO_TYPE_SOCKET || pvio->type == PVIO_TYPE_UNIXSOCKET) &&
	       pvio->methods->get_handle != NULL;
}

/* Install my_pvio_read on a plain socket connection without read timeout;
 * anything else (TLS, a timeout, an unknown transport) keeps the library's
 * read. mc must outlive the MYSQL handle (my_disconnect frees it after
 * mysql_close). */
static void my_blocking_reads(struct my_conn *mc, MYSQL *m)
{
	MARIADB_PVIO *pvio = m->net.pvio;

	if (!my_pvio_ours(m) || pvio->timeout[PVIO_READ_TIMEOUT] >= 0 ||
	    pvio->methods->read == NULL || pvio->methods->blocking == NULL)
		return;
	if (pvio->methods->blocking(pvio, 1, NULL) != 0)
		return;
	mc->pvio_methods = *pvio->methods;
	mc->pvio_methods.read = my_pvio_read;
	pvio->methods = &mc->pvio_methods;
	MY_TRACE("blocking reads on %p", (void *)m);
}

#ifdef MY_NB
/* --connections: no read right after a request while replies are seldom
 * there by then. The library's nonblocking command sends the request and
 * at once tries recv(); the server on loopback has rarely answered by
 * then (oltp_read_write, 64 connections on 2 threads: 15-16 of a
 * transaction's 20 statements, at load average 40 and 175 alike, also
 * with a bare C client, perf/mysql_floor.c), so that recv() fails with
 * EAGAIN, the library
 * yields, and the reply is read once epoll says the socket is readable:
 * one system call per statement that finds nothing. Skipping it (the
 * first read after a write says EAGAIN without asking the kernel, so the
 * statement yields to the thread's epoll at once) makes a reply that was
 * already there cost a round through the scheduler instead, which is
 * worth it only while such replies are rare (a server that answers
 * before the client reads). The CPU time it saves on this machine is
 * within the noise (docs/connections.md); the system calls are counted.
 * So each connection keeps the share of replies found
 * there (nb_there, 128: half) from the reads it does: below half it
 * skips all but one in MY_NB_PROBE of them, at or above half it reads as
 * the library does. The bytes read and the errors are the library's own.
 * Not for TLS (its reads go another way) or a library of another series
 * (my_pvio_ours). */
#define MY_NB_PROBE 8
static struct my_conn *my_pvio_conn(MARIADB_PVIO *pvio)
{
	return (struct my_conn *)(void *)((char *)pvio->methods -
	                                  offsetof(struct my_conn, pvio_methods));
}

static ssize_t my_pvio_nb_read(MARIADB_PVIO *pvio, uchar *buf, size_t len)
{
	struct my_conn *mc = my_pvio_conn(pvio);

	ssize_t r;

	if (!mc->nb_sent)
		return mc->lib_async_read(pvio, buf, len);
	mc->nb_sent = false;
	if (mc->nb_there < 128 && ++mc->nb_reads % MY_NB_PROBE != 0) {
		errno = EAGAIN;
		return -1;
	}
	r = mc->lib_async_read(pvio, buf, len);
	if (r >= 0)
		mc->nb_there += (256 - mc->nb_there) / 4;
	else
		mc->nb_there -= mc->nb_there / 4;
	return r;
}

static ssize_t my_pvio_nb_write(MARIADB_PVIO *pvio, const uchar *buf, size_t len)
{
	struct my_conn *mc = my_pvio_conn(pvio);
	ssize_t r = mc->lib_async_write(pvio, buf, len);

	if (r > 0)
		mc->nb_sent = true;
	return r;
}

static void my_nb_reads(struct my_conn *mc, MYSQL *m)
{
	MARIADB_PVIO *pvio = m->net.pvio;

	if (!my_pvio_ours(m) || pvio->methods->async_read == NULL ||
	    pvio->methods->async_write == NULL)
		return;
	mc->pvio_methods = *pvio->methods;
	mc->lib_async_read = pvio->methods->async_read;
	mc->lib_async_write = pvio->methods->async_write;
	mc->pvio_methods.async_read = my_pvio_nb_read;
	mc->pvio_methods.async_write = my_pvio_nb_write;
	mc->nb_sent = false;
	pvio->methods = &mc->pvio_methods;
	MY_TRACE("no read right after a write on %p", (void *)m);
}
#endif
#endif

/* --connections: what a connection keeps between statements, cut to what
 * a statement needs (my_slim, after the connect; plain connections only:
 * TLS keeps the library's buffers and stack, SSL_read may go deeper).
 * Measured with 2000 connections on 2 threads (docs/connections.md):
 *
 * - Read-ahead. The library gives every connection a 16 KB read-ahead
 *   cache (calloc'd: all of it resident) and reads up to 16 KB into it
 *   whenever it needs a packet. A worker thread runs its connections one
 *   at a time and a read never yields halfway, so one buffer per thread
 *   serves them all: the connection's cache is freed (the library then
 *   asks its socket methods for exactly the bytes it wants) and
 *   my_ra_read reads up to 16 KB into the thread's buffer, hands out what
 *   was asked and keeps the rest of that read (the rest of a reply: a few
 *   hundred bytes, malloc'd, freed once handed out). The same system
 *   calls as with the library's cache: one read per reply that has
 *   arrived.
 * - The async context's stack. The library's (256 KB, mmap'd) keeps the
 *   pages the connect and the login touched, and malloc's header page:
 *   16 KB resident each. A statement needs under 5 KB of it (2 pages of
 *   each stack were touched in the run), so the context is made again
 *   with a stack of MY_NB_STACK from the heap: 2 touched pages. */
#define MY_NB_STACK (64 * 1024)

#ifdef MY_PVIO
/* (my_pvio_conn is defined with my_nb_reads: MY_PVIO implies MY_NB) */
/* The thread's read-ahead buffer (PVIO_READ_AHEAD_CACHE_SIZE bytes),
 * malloc'd at its first read and freed with the thread (my_thread_end).
 * Not a static __thread array: glibc zeroes a thread's static TLS when it
 * starts the thread, so every thread, with or without MariaDB, had its
 * 16 KB resident (16 MB more peak RSS at --threads=1000, perf/core.sh). */
static __thread unsigned char *my_ra_buf;
/* The connection whose rest of a read (ra_rest, or the counted rows'
 * sk_block) is still in my_ra_buf, NULL when none. A connection's rest
 * stays there until another connection of the thread reads into the
 * buffer, which only happens once the first has yielded: a statement's
 * reply is mostly used up (or its rows counted) before that, so the rest
 * is rarely copied (it was malloc'd and copied at every reply: a quarter
 * of bench's L1 misses on oltp_read_write, perf/callgrind.sh DB=mysql). */
static __thread struct my_conn *my_ra_owner;
static void my_sk_drop(struct my_conn *mc);

/* A copy of n bytes at p in a block of its own with room for `room`
 * more (NULL: out of memory). */
static unsigned char *my_ra_copy(const unsigned char *p, size_t n, size_t room)
{
	unsigned char *b = malloc(n + room ? n + room : 1);
	if (b != NULL)
		memcpy(b, p, n);
	return b;
}

/* Before my_ra_buf is read into: the owner's bytes in it into blocks of
 * their own. 0, or -1 out of memory. */
static int my_ra_spill(void)
{
	struct my_conn *o = my_ra_owner;
	unsigned char *b;

	if (o->ra_shared) {
		if ((b = my_ra_copy(o->ra_rest + o->ra_pos, o->ra_len - o->ra_pos, 0)) == NULL)
			return -1;
		o->ra_rest = b;
		o->ra_len = o->ra_cap = o->ra_len - o->ra_pos;
		o->ra_pos = 0;
		o->ra_shared = false;
	}
	if (o->sk_shared) {
		if ((b = my_ra_copy(o->sk_block + o->sk_start, o->sk_end - o->sk_start, 0)) == NULL)
			return -1;
		o->sk_block = b;
		o->sk_end -= o->sk_start;
		o->sk_start = 0;
		o->sk_shared = false;
	}
	MY_TRACE("the rest of %p's read moved out of the thread's buffer", (void *)o->m);
	my_ra_owner = NULL;
	return 0;
}

/* mc's bytes in the thread's buffer are done with. */
static void my_ra_disown(struct my_conn *mc)
{
	if (my_ra_owner == mc && !mc->ra_shared && !mc->sk_shared)
		my_ra_owner = NULL;
}

/* A block of mc's (ra_rest or sk_block), in the thread's buffer when
 * *shared, else its own, is done with. */
static void my_ra_release(struct my_conn *mc, unsigned char **block, bool *shared)
{
	if (*shared) {
		*shared = false;
		my_ra_disown(mc);
	} else {
		free(*block);
	}
	*block = NULL;
}

/* ra_rest is used up. */
static void my_ra_done(struct my_conn *mc)
{
	my_ra_release(mc, &mc->ra_rest, &mc->ra_shared);
}

static ssize_t my_ra_read(MARIADB_PVIO *pvio, uchar *buf, size_t len,
                          ssize_t (*rd)(MARIADB_PVIO *, uchar *, size_t))
{
	struct my_conn *mc = my_pvio_conn(pvio);
	ssize_t r;

	if (mc->ra_rest != NULL) {
		size_t n = mc->ra_len - mc->ra_pos;

		if (n > len)
			n = len;
		memcpy(buf, mc->ra_rest + mc->ra_pos, n);
		mc->ra_pos += n;
		if (mc->ra_pos == mc->ra_len)
			my_ra_done(mc);
		return (ssize_t)n;
	}
	if (len >= PVIO_READ_AHEAD_CACHE_MIN_SIZE)
		return rd(pvio, buf, len);
	if (my_ra_owner != NULL && my_ra_spill()) {
		errno = ENOMEM;
		return -1;
	}
	if (MY_UNLIKELY(my_ra_buf == NULL)) {
		if ((my_ra_buf = malloc(PVIO_READ_AHEAD_CACHE_SIZE)) == NULL) {
			errno = ENOMEM;
			return -1;
		}
		my_thread_setup();   /* (done by the connect: the key exists) */
		pthread_setspecific(my_thread_key, my_ra_buf);
	}
	r = rd(pvio, my_ra_buf, PVIO_READ_AHEAD_CACHE_SIZE);
	if (r <= 0)
		return r;
	if ((size_t)r > len) {
		mc->ra_rest = my_ra_buf;
		mc->ra_pos = len;
		mc->ra_len = (size_t)r;
		mc->ra_cap = PVIO_READ_AHEAD_CACHE_SIZE;
		mc->ra_shared = true;
		my_ra_owner = mc;
		r = (ssize_t)len;
	}
	memcpy(buf, my_ra_buf, (size_t)r);
	return r;
}

static ssize_t my_ra_read_sync(MARIADB_PVIO *pvio, uchar *buf, size_t len)
{
	return my_ra_read(pvio, buf, len, my_pvio_conn(pvio)->ra_read);
}

static ssize_t my_ra_read_async(MARIADB_PVIO *pvio, uchar *buf, size_t len)
{
	return my_ra_read(pvio, buf, len, my_pvio_conn(pvio)->ra_async_read);
}

static my_bool my_ra_has_data(MARIADB_PVIO *pvio, ssize_t *len)
{
	struct my_conn *mc = my_pvio_conn(pvio);

	if (mc->ra_rest != NULL) {
		if (len)
			*len = (ssize_t)(mc->ra_len - mc->ra_pos);
		return 1;
	}
	return mc->ra_has_data(pvio, len);
}

/* The thread's read-ahead in place of the connection's cache, on a plain
 * socket whose cache is empty (right after the connect), over the methods
 * the connection has then (the library's, or my_nb_reads' in their place).
 * The methods table is copied with the layout of the headers we were built
 * with (my_pvio_ours). */
static void my_shared_read_ahead(struct my_conn *mc, MYSQL *m)
{
	MARIADB_PVIO *pvio = m->net.pvio;
	const PVIO_METHODS *now;

	if (!my_pvio_ours(m) || pvio->methods->read == NULL ||
	    pvio->methods->async_read == NULL || pvio->methods->has_data == NULL ||
	    pvio->cache == NULL || pvio->cache_pos != pvio->cache + pvio->cache_size)
		return;
	free(pvio->cache);
	pvio->cache = pvio->cache_pos = NULL;
	pvio->cache_size = 0;
	now = pvio->methods;
	mc->ra_read = now->read;
	mc->ra_async_read = now->async_read;
	mc->ra_has_data = now->has_data;
	if (now != &mc->pvio_methods)
		mc->pvio_methods = *now;
	mc->pvio_methods.read = my_ra_read_sync;
	mc->pvio_methods.async_read = my_ra_read_async;
	mc->pvio_methods.has_data = my_ra_has_data;
	pvio->methods = &mc->pvio_methods;
	MY_TRACE("shared read-ahead on %p", (void *)m);
}
#endif

static void my_slim(struct my_conn *mc, MYSQL *m)
{
#ifdef MY_NB
	size_t stack = MY_NB_STACK;
#endif

	if (mysql_get_ssl_cipher(m) != NULL)
		return;
#ifdef MY_NB
	mysql_options(m, MYSQL_OPT_NONBLOCK, &stack);
#endif
#ifdef MY_PVIO
	my_shared_read_ahead(mc, m);
#else
	(void)mc;
#endif
}

/* After the connect: no read/write timeout on the connection (as without
 * --mysql-connect-timeout), also for a reconnect by the library. */
static void my_lift_timeouts(MYSQL *m)
{
	unsigned none = 0;

	mysql_options(m, MYSQL_OPT_READ_TIMEOUT, &none);
	mysql_options(m, MYSQL_OPT_WRITE_TIMEOUT, &none);
#ifdef MY_PVIO
	{
		MARIADB_PVIO *pvio = m->net.pvio;
		if (pvio != NULL && pvio->methods != NULL && pvio->methods->set_timeout != NULL) {
			pvio->methods->set_timeout(pvio, PVIO_READ_TIMEOUT, 0);
			pvio->methods->set_timeout(pvio, PVIO_WRITE_TIMEOUT, 0);
		}
	}
#endif
}

static void my_connect_failed(const char *host, unsigned port, const char *sock,
                              unsigned err, const char *msg)
{
	if (sock)
		log_msg(LOG_FATAL, "unable to connect to MySQL server on socket '%s', aborting...",
		        sock);
	else
		log_msg(LOG_FATAL, "unable to connect to MySQL server on host '%s', port %u, "
		        "aborting...", host ? host : "localhost", port);
	log_msg(LOG_FATAL, "error %u: %s", err, msg);
}

/* Where connection number seq goes: round-robin over the sockets, or every
 * port of a host before the next host. */
static void my_target(struct my_conn *mc, unsigned seq)
{
	mc->host = NULL;
	mc->sock = NULL;
	mc->port = 0;
	if (my_cfg.nsockets) {
		mc->sock = my_cfg.sockets[seq % my_cfg.nsockets];
	} else {
		mc->port = my_cfg.ports[seq % my_cfg.nports];
		if (my_cfg.nhosts)
			mc->host = my_cfg.hosts[(seq / my_cfg.nports) % my_cfg.nhosts];
		if (mc->host != NULL && *mc->host == 0)
			mc->host = NULL;
	}
	mc->tcp = mc->sock == NULL && mc->host != NULL && strcmp(mc->host, "localhost") != 0;
}

/* A failed connect of mc (handle m, or NULL): the lines, c's error; m
 * closed, mc freed. */
static int my_connect_fail(sql_connection *c, struct my_conn *mc, MYSQL *m, unsigned err,
                           const char *msg)
{
	my_connect_failed(mc->host, mc->port, mc->sock, err, msg);
	if (my_cfg.connect_timeout && (err == CR_SERVER_LOST || err == 2013) &&
	    (strstr(msg, "system error: 110") != NULL || mc->nb_timed_out))
		log_msg(LOG_FATAL, "no answer from the MySQL server within "
		        "--mysql-connect-timeout=%u seconds", my_cfg.connect_timeout);
	db_set_error(c, DB_ERROR_FATAL, (int)err, m ? mysql_sqlstate(m) : "HY000", msg);
	if (m)
		mysql_close(m);
	free(mc);
	return -ECONNREFUSED;
}

/* mc's handle with the options set, ready for mysql_real_connect; NULL
 * after my_connect_fail. */
static MYSQL *my_handle(sql_connection *c, struct my_conn *mc, const char *fn)
{
	MYSQL *m = mysql_init(NULL);

	MY_TRACE("mysql_init(NULL) = %p", (void *)m);
	if (m == NULL) {
		my_connect_fail(c, mc, NULL, CR_OUT_OF_MEMORY, "out of memory");
		return NULL;
	}
#ifdef MY_NB
	/* --connections: the _start/_cont calls need the library's async
	 * context. The connect and the login (a TLS handshake too) run on its
	 * default stack (256 KB in Connector/C 3.3, mmap'd: only the pages a
	 * call touches cost memory); my_slim makes it smaller afterwards. The
	 * net buffer (calloc'd: all of it resident) starts at 1 KB instead of
	 * 8 KB: it holds one packet at a time (a row, a statement) and grows
	 * to the largest packet, as always. 7 KB less a connection where
	 * thousands are open. */
	if (db_co_active()) {
		unsigned long nbl = 1024;

		mysql_options(m, MYSQL_OPT_NONBLOCK, 0);
		mysql_optionsv(m, MYSQL_OPT_NET_BUFFER_LENGTH, &nbl);
	}
#endif
	if (my_cfg.compression) {
		mysql_options(m, MYSQL_OPT_COMPRESS, NULL);
		MY_TRACE("mysql_options(%p, MYSQL_OPT_COMPRESS, NULL)", (void *)m);
	}
	/* A server that accepts and never answers must not hang any command:
	 * the connect, the greeting and the login reads and writes are
	 * bounded; the timeouts on reads and writes are lifted once connected
	 * (a statement may legitimately take longer). */
	if (my_cfg.connect_timeout) {
		unsigned t = my_cfg.connect_timeout;
		mysql_options(m, MYSQL_OPT_CONNECT_TIMEOUT, &t);
		mysql_options(m, MYSQL_OPT_READ_TIMEOUT, &t);
		mysql_options(m, MYSQL_OPT_WRITE_TIMEOUT, &t);
	}
	if (my_set_tls(m)) {
		my_connect_fail(c, mc, m, CR_SSL_CONNECTION_ERROR,
		                "the client library rejected the --mysql-ssl options");
		return NULL;
	}
	MY_TRACE("%s(%p, \"%s\", \"%s\", %s, \"%s\", %u, \"%s\", "
	         "CLIENT_MULTI_STATEMENTS) ssl=%s", fn,
	         (void *)m, mc->host ? mc->host : "(null)", my_cfg.user ? my_cfg.user : "",
	         (my_cfg.password && *my_cfg.password) ? "<password>" : "\"\"",
	         my_db() ? my_db() : "(null)", mc->port, mc->sock ? mc->sock : "(null)",
	         my_ssl_names[my_cfg.ssl]);
	return m;
}

/* mysql_real_connect on m returned ok: check and finish the connection
 * (0, c->priv set), or fail. */
static int my_connected(sql_connection *c, struct my_conn *mc, MYSQL *m, bool ok)
{
	char msg[512];

	if (!ok) {
		unsigned err = mysql_errno(m);
		snprintf(msg, sizeof(msg), "%s", mysql_error(m));
		MY_TRACE("mysql_real_connect(%p) failed: %u", (void *)m, err);
		return my_connect_fail(c, mc, m, err, msg);
	}
	/* Connector/C 3.3 silently stays in clear text when the server offers no
	 * TLS unless certificates are verified; REQUIRED means required. Unix
	 * sockets are exempt, as in MySQL's own client. */
	if (my_cfg.ssl >= MY_SSL_REQUIRED && mc->tcp && mysql_get_ssl_cipher(m) == NULL)
		return my_connect_fail(c, mc, m, CR_SSL_CONNECTION_ERROR,
		                       "SSL connection error: SSL is required, but the "
		                       "server does not support it");
	if (my_cfg.ssl != MY_SSL_DISABLED)
		MY_TRACE("mysql_get_ssl_cipher(%p): \"%s\"", (void *)m,
		         mysql_get_ssl_cipher(m) ? mysql_get_ssl_cipher(m) : "(null)");
	if (db_debug())
		log_msg(LOG_NOTICE, "DEBUG: Connected to MySQL server %s (%s)%s%s",
		        mysql_get_host_info(m),
		        mysql_get_server_info(m), mysql_get_ssl_cipher(m) ? ", TLS cipher " : "",
		        mysql_get_ssl_cipher(m) ? mysql_get_ssl_cipher(m) : "");
	if (my_cfg.connect_timeout)
		my_lift_timeouts(m);
	/* the connection attributes (a hash of 8 KB) are sent: drop them */
	mysql_options(m, MYSQL_OPT_CONNECT_ATTR_RESET, NULL);
#ifdef MY_PVIO
	/* not under --connections: a blocking read would stall the thread */
	if (!db_co_active())
		my_blocking_reads(mc, m);
#ifdef MY_NB
	else
		my_nb_reads(mc, m);
#endif
#endif
	if (db_co_active())
		my_slim(mc, m);
	mc->m = m;
	c->priv = mc;
	return 0;
}

static int my_connect(sql_connection *c, unsigned seq)
{
	struct my_conn *mc;
	MYSQL *m;

	mc = calloc(1, sizeof(*mc));
	if (mc == NULL) {
		db_set_error(c, DB_ERROR_FATAL, CR_OUT_OF_MEMORY, "HY000", "out of memory");
		return -ENOMEM;
	}
	if (my_cfg.dry_run) {
		c->priv = mc;
		return 0;
	}
	my_thread_setup();
	my_target(mc, seq);
	if ((m = my_handle(c, mc, "mysql_real_connect")) == NULL)
		return -ECONNREFUSED;
	return my_connected(c, mc, m,
	                    mysql_real_connect(m, mc->host, my_cfg.user, my_cfg.password,
	                                       my_db(), mc->port, mc->sock,
	                                       CLIENT_MULTI_STATEMENTS) != NULL);
}

static void my_stmt_unlink(struct my_stmt *ms)
{
	struct my_conn *mc = ms->mc;
	if (mc == NULL)
		return;
	if (ms->prev)
		ms->prev->next = ms->next;
	else
		mc->stmts = ms->next;
	if (ms->next)
		ms->next->prev = ms->prev;
	if (mc->res_stmt == ms) {
		mc->res_stmt = NULL;
		mc->res_s = NULL;
	}
	ms->next = ms->prev = NULL;
	ms->mc = NULL;
}

static void my_stmt_link(struct my_conn *mc, struct my_stmt *ms)
{
	ms->mc = mc;
	ms->rbound = 0;   /* a new handle: nothing bound (res_seq is mc's) */
	ms->prev = NULL;
	ms->next = mc->stmts;
	if (mc->stmts)
		mc->stmts->prev = ms;
	mc->stmts = ms;
}

static void my_release(struct my_conn *mc);
static void my_stmt_free(struct my_stmt *ms);
struct my_load;
static void my_load_free(struct my_load *ld);

static void my_disconnect(sql_connection *c)
{
	struct my_conn *mc = c->priv;
	struct my_stmt *ms, *next;

	if (mc == NULL)
		return;
	if (mc->res) {
		mysql_free_result(mc->res);
		mc->res = NULL;
	}
	/* --connections: a connect or a prepare still in flight */
	if (mc->nb_m)
		mysql_close(mc->nb_m);
	if (mc->nb_ms) {
		if (mc->nb_ms->s)
			mysql_stmt_close(mc->nb_ms->s);
		mc->nb_ms->s = NULL;
		if (mc->nb_ms_new)
			my_stmt_free(mc->nb_ms);
	}
	if (mc->m) {
		MY_TRACE("mysql_close(%p)", (void *)mc->m);
		mysql_close(mc->m);
	}
	my_load_free(mc->nb_load);   /* a LOAD DATA in flight */
#ifdef MY_PVIO
	/* (closed on its worker thread: my_ra_owner is that thread's) */
	if (mc->ra_rest != NULL)
		my_ra_done(mc);
	if (mc->sk_block != NULL)
		my_sk_drop(mc);
#endif
	/* Statements outlive their connection (a reconnect prepares them again
	 * on first use): detach them. mysql_close() has invalidated their
	 * handles, so closing them now sends nothing to a server that may be
	 * gone; it only frees memory. */
	for (ms = mc->stmts; ms; ms = next) {
		next = ms->next;
		if (ms->s)
			mysql_stmt_close(ms->s);
		ms->s = NULL;
		ms->next = ms->prev = NULL;
		ms->mc = NULL;
	}
	free(mc);
	c->priv = NULL;
}

/* ---- queries --------------------------------------------------------------- */

static void my_set_affected(sql_result *rs, my_ulonglong n)
{
	if (n > 0 && n != (my_ulonglong)~0ULL) {
		rs->counter = SB_CNT_WRITE;
		rs->nrows = n;
	} else {
		rs->counter = SB_CNT_OTHER;
		rs->nrows = 0;
	}
}

static int my_query_result(sql_connection *c, struct my_conn *mc, MYSQL_RES *res,
                           sql_result *rs);

static int my_query(sql_connection *c, const char *sql, size_t len, sql_result *rs)
{
	struct my_conn *mc = c->priv;
	MYSQL_RES *res;
	MYSQL *m;
	int rc;

	if (MY_UNLIKELY(my_cfg.dry_run)) {
		rs->counter = SB_CNT_OTHER;
		return 0;
	}
	if (MY_UNLIKELY(mc == NULL || mc->m == NULL))
		return my_fail(c, CR_SERVER_GONE_ERROR, "HY000", "MySQL server has gone away");
	if (MY_UNLIKELY(mc->res || mc->res_stmt || mc->more_plain))
		my_release(mc);   /* the core frees first; this is a safety net */
	m = mc->m;
	rc = mysql_real_query(m, sql, (unsigned long)len);
	MY_TRACE("mysql_real_query(%p, \"%.*s\", %zu) = %d", (void *)m, (int)len, sql, len, rc);
	if (rc)
		return my_fail_conn(c, m);
	res = mysql_store_result(m);
	MY_TRACE("mysql_store_result(%p) = %p", (void *)m, (void *)res);
	return my_query_result(c, mc, res, rs);
}

/* A query's stored result (NULL: none, or an error) into rs. */
static int my_query_result(sql_connection *c, struct my_conn *mc, MYSQL_RES *res,
                           sql_result *rs)
{
	MYSQL *m = mc->m;

	if (res != NULL) {
		mc->res = res;
		rs->counter = SB_CNT_READ;
		rs->nrows = mysql_num_rows(res);
		rs->nfields = mysql_num_fields(res);
		rs->ptr = mc;
	} else if (mysql_field_count(m) != 0) {
		return my_fail_conn(c, m);
	} else {
		my_set_affected(rs, mysql_affected_rows(m));
		MY_TRACE("mysql_affected_rows(%p) = %llu", (void *)m,
		         (unsigned long long)mysql_affected_rows(m));
	}
	if (MY_UNLIKELY(mysql_more_results(m))) {
		/* the rest of a multi-statement query: drained by free_results */
		mc->more_plain = true;
		rs->ptr = mc;
	}
	return 0;
}

/* Bulk load with LOAD DATA LOCAL INFILE, the rows served from memory by a
 * local-infile handler installed for that one statement: it serves bench's
 * rows and nothing else (a request for any other name is refused), so no
 * file of this machine can be read through it. The client's LOCAL
 * capability is then put back in the library's guarded state: Connector/C's
 * "auto" mode, where a file request is honoured only in reply to a
 * statement that is itself a LOAD DATA (a script's own LOAD DATA LOCAL
 * works as under sysbench; a reply to any other statement asking for a
 * file gets "Load data local infile forbidden"). Setting the option to
 * plain "on", or back to its 0/1 value, would drop that guard (issue 16).
 * A server with local_infile off refuses the statement: -ENOTSUP. */
#if defined(LIBMARIADB) && defined(MARIADB_PACKAGE_VERSION_ID) && \
    MARIADB_PACKAGE_VERSION_ID >= 30000
#define MY_INFILE_GUARDED 2u /* LOCAL_INFILE_MODE_AUTO */
#endif
#define MY_INFILE_NAME "bench-rows"

struct my_infile {
	const char *data;
	size_t len, pos;
	bool refused;
};

static int my_infile_init(void **ptr, const char *name, void *userdata)
{
	struct my_infile *f = userdata;

	*ptr = f;
	f->pos = 0;
	f->refused = name == NULL || strcmp(name, MY_INFILE_NAME) != 0;
	return f->refused ? 1 : 0;
}

static int my_infile_read(void *ptr, char *buf, unsigned int len)
{
	struct my_infile *f = ptr;
	size_t n = f->len - f->pos < len ? f->len - f->pos : len;
	memcpy(buf, f->data + f->pos, n);
	f->pos += n;
	return (int)n;
}

static void my_infile_end(void *ptr)
{
	(void)ptr;
}

static int my_infile_error(void *ptr, char *msg, unsigned int len)
{
	struct my_infile *f = ptr;

	snprintf(msg, len, f && f->refused ? "bench: the server asked for a file other than "
	         "the rows of its LOAD DATA; refused" : "bench: cannot serve the rows");
	return CR_UNKNOWN_ERROR;
}

/* A LOAD DATA in flight: the rows it serves and its statement. */
struct my_load {
	struct my_infile f;
	char *sql;
	unsigned long sql_len;
	unsigned int after;       /* MYSQL_OPT_LOCAL_INFILE once it is done */
};

static void my_load_free(struct my_load *ld)
{
	if (ld == NULL)
		return;
	free(ld->sql);
	free(ld);
}

/* Make ld's statement for table (cols) and let mc's next statement (and
 * only its reply) ask for ld's rows: 0, or as my_fail. */
static int my_load_arm(sql_connection *c, struct my_conn *mc, struct my_load *ld,
                       const char *table, const char *cols)
{
	unsigned int was = 0, on;
	size_t cap = strlen(table) + strlen(cols) + 64;
	int n;

	if ((ld->sql = malloc(cap)) == NULL)
		return my_fail(c, CR_OUT_OF_MEMORY, "HY000", "out of memory");
	n = snprintf(ld->sql, cap, "LOAD DATA LOCAL INFILE '" MY_INFILE_NAME "' INTO TABLE %s (%s)",
	             table, cols);
	ld->sql_len = (unsigned long)n;
	(void)mysql_get_option(mc->m, MYSQL_OPT_LOCAL_INFILE, &was);
#ifdef MY_INFILE_GUARDED
	/* guarded even during our statement: it is a LOAD DATA, so the
	 * library lets its reply (and only its reply) ask for the rows */
	on = MY_INFILE_GUARDED;
	ld->after = was ? MY_INFILE_GUARDED : 0;
#else
	on = 1;
	ld->after = was ? 1 : 0;
#endif
	mysql_options(mc->m, MYSQL_OPT_LOCAL_INFILE, &on);
	mysql_set_local_infile_handler(mc->m, my_infile_init, my_infile_read, my_infile_end,
	                               my_infile_error, &ld->f);
	return 0;
}

/* ld's statement returned rc (mysql_real_query's): the option and the
 * handler as they were, ld's statement freed; 0 (rs filled), -ENOTSUP
 * when the server refuses LOCAL, or as my_fail. */
static int my_load_end(sql_connection *c, struct my_conn *mc, struct my_load *ld, int rc,
                       sql_result *rs)
{
	unsigned err;

	mysql_options(mc->m, MYSQL_OPT_LOCAL_INFILE, &ld->after);
	mysql_set_local_infile_default(mc->m);
	free(ld->sql);
	ld->sql = NULL;
	if (rc) {
		/* 1148 ER_NOT_ALLOWED_COMMAND, 4166 (MariaDB) local infile disabled */
		err = mysql_errno(mc->m);
		rc = my_fail_conn(c, mc->m);
		return err == 1148 || err == 4166 ? -ENOTSUP : rc;
	}
	my_set_affected(rs, mysql_affected_rows(mc->m));
	return 0;
}

static int my_load(sql_connection *c, const char *table, const char *cols,
                   const char *data, size_t len, sql_result *rs)
{
	struct my_conn *mc = c->priv;
	struct my_load ld = { { data, len, 0, false }, NULL, 0, 0 };
	int rc;

	if (MY_UNLIKELY(my_cfg.dry_run)) {
		rs->counter = SB_CNT_OTHER;
		return 0;
	}
	if (mc == NULL || mc->m == NULL)
		return my_fail(c, CR_SERVER_GONE_ERROR, "HY000", "MySQL server has gone away");
	if ((rc = my_load_arm(c, mc, &ld, table, cols)) != 0)
		return rc;
	rc = mysql_real_query(mc->m, ld.sql, ld.sql_len);
	return my_load_end(c, mc, &ld, rc, rs);
}

/* ---- prepared statements --------------------------------------------------- */

static int my_bind_now(struct my_stmt *ms, sql_statement *st)
{
	unsigned i, n;
	const sql_bind *params = db_stmt_params(st, &n);

	if (params == NULL || n == 0)
		return 0;
	if (ms->npbind < n) {
		MYSQL_BIND *b = realloc(ms->pbind, n * sizeof(*b));
		if (b == NULL)
			return -ENOMEM;
		ms->pbind = b;
		ms->npbind = n;
	}
	memset(ms->pbind, 0, n * sizeof(*ms->pbind));
	for (i = 0; i < n; i++) {
		const sql_bind *p = &params[i];
		MYSQL_BIND *b = &ms->pbind[i];

		b->buffer = p->buffer;
		b->is_null = (my_flag *)p->is_null;
		switch (p->type) {
		case SQL_TYPE_TINYINT:  b->buffer_type = MYSQL_TYPE_TINY; break;
		case SQL_TYPE_SMALLINT: b->buffer_type = MYSQL_TYPE_SHORT; break;
		case SQL_TYPE_INT:      b->buffer_type = MYSQL_TYPE_LONG; break;
		case SQL_TYPE_BIGINT:   b->buffer_type = MYSQL_TYPE_LONGLONG; break;
		case SQL_TYPE_FLOAT:    b->buffer_type = MYSQL_TYPE_FLOAT; break;
		case SQL_TYPE_DOUBLE:   b->buffer_type = MYSQL_TYPE_DOUBLE; break;
		case SQL_TYPE_TIME:
		case SQL_TYPE_DATE:
		case SQL_TYPE_DATETIME:
		case SQL_TYPE_TIMESTAMP:
		case SQL_TYPE_CHAR:
		case SQL_TYPE_VARCHAR:
			/* text: the server converts; length is read at execute */
			b->buffer_type = MYSQL_TYPE_STRING;
			b->buffer_length = p->max_len;
			b->length = p->data_len;   /* NULL: buffer_length */
			break;
		default:
			b->buffer_type = MYSQL_TYPE_NULL;
			break;
		}
	}
	if (ms->s && mysql_stmt_bind_param(ms->s, ms->pbind))
		return -EIO;
	MY_TRACE("mysql_stmt_bind_param(%p, %p) = 0", (void *)ms->s, (void *)ms->pbind);
	return 0;
}

/* Prepare ms->sql on mc into ms->s. 0, -ENOTSUP, or -errno with c's error set. */
static int my_stmt_open(sql_connection *c, struct my_conn *mc, struct my_stmt *ms)
{
	MYSQL_STMT *s = mysql_stmt_init(mc->m);
	int rc;

	MY_TRACE("mysql_stmt_init(%p) = %p", (void *)mc->m, (void *)s);
	if (s == NULL)
		return my_fail_conn(c, mc->m);
	rc = mysql_stmt_prepare(s, ms->sql, (unsigned long)ms->sql_len);
	MY_TRACE("mysql_stmt_prepare(%p, \"%.*s\", %zu) = %d", (void *)s, (int)ms->sql_len,
	         ms->sql, ms->sql_len, rc);
	if (rc) {
		if (mysql_stmt_errno(s) == ER_UNSUPPORTED_PS) {
			mysql_stmt_close(s);
			return -ENOTSUP;
		}
		rc = my_fail_stmt(c, s);
		mysql_stmt_close(s);
		return rc;
	}
	ms->s = s;
	my_stmt_link(mc, ms);
	return 0;
}

static void my_stmt_free(struct my_stmt *ms)
{
	unsigned i;
	for (i = 0; i < ms->rcols; i++)
		free(ms->rbuf[i]);
	free(ms->rbind);
	free(ms->rlen);
	free(ms->rnull);
	free(ms->rerr);
	free(ms->rbuf);
	free(ms->rcap);
	free(ms->rval);
	free(ms->pbind);
	free(ms->sql);
	free(ms);
}

/* A new statement of text sql (not prepared); NULL with c's error set. */
static struct my_stmt *my_stmt_new(sql_connection *c, const char *sql, size_t len)
{
	struct my_stmt *ms = calloc(1, sizeof(*ms));
	if (ms == NULL || (ms->sql = malloc(len + 1)) == NULL) {
		free(ms);
		db_set_error(c, DB_ERROR_FATAL, CR_OUT_OF_MEMORY, "HY000", "out of memory");
		return NULL;
	}
	memcpy(ms->sql, sql, len);
	ms->sql[len] = 0;
	ms->sql_len = len;
	return ms;
}

static int my_prepare(sql_statement *st, const char *sql, size_t len)
{
	sql_connection *c = st->connection;
	struct my_conn *mc = c->priv;
	struct my_stmt *ms;
	int rc;

	if ((ms = my_stmt_new(c, sql, len)) == NULL)
		return -ENOMEM;
	if (my_cfg.dry_run) {
		st->priv = ms;
		return 0;
	}
	if (mc == NULL || mc->m == NULL) {
		my_stmt_free(ms);
		return my_fail(c, CR_SERVER_GONE_ERROR, "HY000", "MySQL server has gone away");
	}
	rc = my_stmt_open(c, mc, ms);
	if (rc) {
		my_stmt_free(ms);
		return rc;
	}
	/* the server's count is the truth (the core's scan cannot see '?'
	 * inside comments) */
	db_stmt_set_nparams(st, (unsigned)mysql_stmt_param_count(ms->s));
	MY_TRACE("mysql_stmt_param_count(%p) = %u", (void *)ms->s, db_stmt_nparams(st));
	st->priv = ms;
	return 0;
}

static int my_bind_param(sql_statement *st)
{
	struct my_stmt *ms = st->priv;
	int rc;

	if (ms == NULL)
		return 0;
	rc = my_bind_now(ms, st);
	if (rc == -EIO)
		return my_fail_stmt(st->connection, ms->s);
	if (rc)
		db_set_error(st->connection, DB_ERROR_FATAL, CR_OUT_OF_MEMORY, "HY000", "out of memory");
	return rc;
}

/* After a reconnect (or ER_NEED_REPREPARE): prepare again on the current
 * connection and rebind the parameters. */
static int my_reprepare(sql_statement *st, struct my_stmt *ms)
{
	sql_connection *c = st->connection;
	struct my_conn *mc = c->priv;
	int rc;

	my_stmt_unlink(ms);
	if (ms->s) {
		mysql_stmt_close(ms->s);
		ms->s = NULL;
	}
	if (mc == NULL || mc->m == NULL)
		return my_fail(c, CR_SERVER_GONE_ERROR, "HY000", "MySQL server has gone away");
	rc = my_stmt_open(c, mc, ms);
	if (rc == -ENOTSUP)
		return my_fail(c, ER_UNSUPPORTED_PS, "HY000",
		               "This command is not supported in the prepared statement protocol yet");
	if (rc)
		return rc;
	rc = my_bind_now(ms, st);
	if (rc == -EIO)
		return my_fail_stmt(c, ms->s);
	if (rc) {
		db_set_error(c, DB_ERROR_FATAL, CR_OUT_OF_MEMORY, "HY000", "out of memory");
		return rc;
	}
	return 0;
}

static int my_exec_result(sql_connection *c, struct my_conn *mc, struct my_stmt *ms,
                          MYSQL_STMT *s, int rc, sql_result *rs);

static int my_execute(sql_statement *st, sql_result *rs)
{
	struct my_stmt *ms = st->priv;
	struct my_conn *mc = st->connection->priv;
	MYSQL_STMT *s;
	unsigned nf;
	int rc, tries = 0;

	if (MY_UNLIKELY(my_cfg.dry_run)) {
		rs->counter = SB_CNT_OTHER;
		return 0;
	}
	if (MY_UNLIKELY(mc != NULL && (mc->res || mc->res_stmt || mc->more_plain)))
		my_release(mc);
	if (MY_UNLIKELY(ms->mc != mc || ms->s == NULL)) {
		rc = my_reprepare(st, ms);
		if (rc)
			return rc;
	}
again:
	s = ms->s;
	rc = mysql_stmt_execute(s);
	MY_TRACE("mysql_stmt_execute(%p) = %d", (void *)s, rc);
	if (MY_UNLIKELY(rc)) {
		/* table definition changed under the statement: once more */
		if (mysql_stmt_errno(s) == ER_NEED_REPREPARE && tries++ == 0) {
			rc = my_reprepare(st, ms);
			if (rc)
				return rc;
			goto again;
		}
		return my_fail_stmt(st->connection, s);
	}
	nf = mysql_stmt_field_count(s);
	if (nf) {
		rc = mysql_stmt_store_result(s);
		MY_TRACE("mysql_stmt_store_result(%p) = %d", (void *)s, rc);
	}
	return my_exec_result(st->connection, mc, ms, s, rc, rs);
}

/* The rows of s ended in an error packet (a row failed on the server after
 * others were sent): nothing of the result is left on the connection. The
 * library's store_result leaves the statement waiting for a store, which
 * its free_result turns into "fetching", so the next execute of s would
 * first read the rest of a result the server never sends, and wait for it
 * for ever (Connector/C 3.3; with and without --connections). The
 * statement is told that its result was read to the end instead. */
static void my_stmt_failed_rows(MYSQL_STMT *s)
{
#ifdef MY_PVIO
	if (s->mysql != NULL && s->mysql->status == MYSQL_STATUS_READY &&
	    s->state == MYSQL_STMT_WAITING_USE_OR_STORE) {
		s->state = MYSQL_STMT_FETCH_DONE;
		return;
	}
#endif
	mysql_stmt_free_result(s);
}

/* After an execute of ms (its handle s) and, for a result set, its
 * store_result (rc): the outcome into rs. ms itself is not read. */
static int my_exec_result(sql_connection *c, struct my_conn *mc, struct my_stmt *ms,
                          MYSQL_STMT *s, int rc, sql_result *rs)
{
	unsigned nf = mysql_stmt_field_count(s);

	if (nf) {
		if (MY_UNLIKELY(rc)) {
			rc = my_fail_stmt(c, s);
			my_stmt_failed_rows(s);
			return rc;
		}
		rs->counter = SB_CNT_READ;
		rs->nrows = mysql_stmt_num_rows(s);
		rs->nfields = nf;
		MY_TRACE("mysql_stmt_num_rows(%p) = %llu", (void *)s, (unsigned long long)rs->nrows);
		mc->res_seq++;
		mc->res_stmt = ms;
		mc->res_s = s;
		rs->ptr = mc;
	} else {
		my_ulonglong n = mysql_stmt_affected_rows(s);
		MY_TRACE("mysql_stmt_affected_rows(%p) = %llu", (void *)s, (unsigned long long)n);
		my_set_affected(rs, n);
		if (MY_UNLIKELY(mysql_stmt_more_results(s))) {
			mc->res_seq++;
			mc->res_stmt = ms;
			mc->res_s = s;
			rs->ptr = mc;
		}
	}
	return 0;
}

/* ---- nonblocking (--connections) -------------------------------------------
 * Connector/C's _start/_cont calls: each step returns the MYSQL_WAIT_*
 * flags it waits for, or 0 when done; the core yields the coroutine until
 * the socket is ready and calls my_resume, which continues the step in
 * flight (query, store_result, execute, stmt_store_result). */
#ifdef MY_NB
enum { MY_NB_QUERY = 1, MY_NB_STORE, MY_NB_EXEC, MY_NB_SSTORE, MY_NB_CONNECT,
       MY_NB_PREPARE, MY_NB_REPREP, MY_NB_LOAD, MY_NB_SKIP };

static int my_nb_wait(struct my_conn *mc, int step, int status, struct db_wait *w)
{
	MYSQL *m = mc->m ? mc->m : mc->nb_m;
	mc->nb_step = step;
	mc->nb_status = status;
	w->fd = (int)mysql_get_socket(m);
	w->write = (status & MYSQL_WAIT_WRITE) && !(status & MYSQL_WAIT_READ);
	/* the library's own timeout (the connect timeout): it is told when
	 * it has passed */
	mc->nb_deadline = 0;
	if (status & MYSQL_WAIT_TIMEOUT)
		mc->nb_deadline = clock_now_ns() +
		                  (int64_t)mysql_get_timeout_value(m) * 1000000000LL;
	w->deadline_ns = mc->nb_deadline;
	return 1;
}

static int my_connect_start(sql_connection *c, unsigned seq, struct db_wait *w)
{
	struct my_conn *mc;
	MYSQL *m, *ret = NULL;
	int status;

	if (my_cfg.dry_run)
		return my_connect(c, seq);
	mc = calloc(1, sizeof(*mc));
	if (mc == NULL) {
		db_set_error(c, DB_ERROR_FATAL, CR_OUT_OF_MEMORY, "HY000", "out of memory");
		return -ENOMEM;
	}
	my_thread_setup();
	my_target(mc, seq);
	if ((m = my_handle(c, mc, "mysql_real_connect_start")) == NULL)
		return -ECONNREFUSED;
	status = mysql_real_connect_start(&ret, m, mc->host, my_cfg.user, my_cfg.password,
	                                  my_db(), mc->port, mc->sock,
	                                  CLIENT_MULTI_STATEMENTS);
	if (status == 0)
		return my_connected(c, mc, m, ret != NULL);
	mc->nb_m = m;
	c->priv = mc;
	return my_nb_wait(mc, MY_NB_CONNECT, status, w);
}

static int my_nb_exec(sql_connection *c, struct my_conn *mc, sql_result *rs,
                      struct db_wait *w);

/* Preparing ms (step MY_NB_PREPARE: a new statement, mc->nb_st's; or
 * MY_NB_REPREP: mc->nb_st's again, then execute it) ended with err. */
static int my_nb_prepped(sql_connection *c, struct my_conn *mc, struct my_stmt *ms,
                         int step, int err, sql_result *rs, struct db_wait *w)
{
	sql_statement *st = mc->nb_st;
	MYSQL_STMT *s = ms->s;
	int rc;

	mc->nb_ms = NULL;
	MY_TRACE("prepared %p (\"%.*s\"): %d", (void *)s, (int)ms->sql_len, ms->sql, err);
	if (err) {
		unsigned e = mysql_stmt_errno(s);
		if (e == ER_UNSUPPORTED_PS)
			rc = step == MY_NB_PREPARE ? -ENOTSUP :
			     my_fail(c, ER_UNSUPPORTED_PS, "HY000", "This command is not supported in the prepared statement protocol yet");
		else
			rc = my_fail_stmt(c, s);
		mysql_stmt_close(s);
		ms->s = NULL;
		if (step == MY_NB_PREPARE)
			my_stmt_free(ms);
		return rc;
	}
	my_stmt_link(mc, ms);
	if (step == MY_NB_PREPARE) {
		db_stmt_set_nparams(st, (unsigned)mysql_stmt_param_count(s));
		st->priv = ms;
		return 0;
	}
	rc = my_bind_now(ms, st);
	if (rc == -EIO)
		return my_fail_stmt(c, s);
	if (rc) {
		db_set_error(c, DB_ERROR_FATAL, CR_OUT_OF_MEMORY, "HY000", "out of memory");
		return rc;
	}
	return my_nb_exec(c, mc, rs, w);
}

/* Start preparing ms on mc (step as my_nb_prepped). */
static int my_nb_prep(sql_connection *c, struct my_conn *mc, struct my_stmt *ms, int step,
                      sql_result *rs, struct db_wait *w)
{
	int err = 0, status;

	ms->s = mysql_stmt_init(mc->m);
	if (ms->s == NULL) {
		int rc = my_fail_conn(c, mc->m);
		if (step == MY_NB_PREPARE)
			my_stmt_free(ms);
		return rc;
	}
	status = mysql_stmt_prepare_start(&err, ms->s, ms->sql, (unsigned long)ms->sql_len);
	MY_TRACE("mysql_stmt_prepare_start(%p, \"%.*s\", %zu) = %d", (void *)ms->s,
	         (int)ms->sql_len, ms->sql, ms->sql_len, status);
	if (status) {
		mc->nb_ms = ms;
		mc->nb_ms_new = step == MY_NB_PREPARE;
		return my_nb_wait(mc, step, status, w);
	}
	return my_nb_prepped(c, mc, ms, step, err, rs, w);
}

/* Prepare mc->nb_st's statement ms again (after a reconnect, or
 * ER_NEED_REPREPARE), then execute it. */
static int my_nb_reprep(sql_connection *c, struct my_conn *mc, struct my_stmt *ms,
                        sql_result *rs, struct db_wait *w)
{
	my_stmt_unlink(ms);
	if (ms->s) {
		mysql_stmt_close(ms->s);
		ms->s = NULL;
	}
	return my_nb_prep(c, mc, ms, MY_NB_REPREP, rs, w);
}

static int my_prepare_start(sql_statement *st, const char *sql, size_t len,
                            struct db_wait *w)
{
	sql_connection *c = st->connection;
	struct my_conn *mc = c->priv;
	struct my_stmt *ms;

	if (my_cfg.dry_run || mc == NULL || mc->m == NULL)
		return my_prepare(st, sql, len);
	if ((ms = my_stmt_new(c, sql, len)) == NULL)
		return -ENOMEM;
	mc->nb_st = st;
	return my_nb_prep(c, mc, ms, MY_NB_PREPARE, NULL, w);
}

/* The query was sent and answered (err from mysql_real_query): store. */
static int my_nb_stored(sql_connection *c, struct my_conn *mc, int err, sql_result *rs,
                        struct db_wait *w)
{
	int status;
	if (err)
		return my_fail_conn(c, mc->m);
	status = mysql_store_result_start(&mc->nb_res, mc->m);
	if (status)
		return my_nb_wait(mc, MY_NB_STORE, status, w);
	return my_query_result(c, mc, mc->nb_res, rs);
}

static int my_query_start(sql_connection *c, const char *sql, size_t len, sql_result *rs,
                          struct db_wait *w)
{
	struct my_conn *mc = c->priv;
	int err = 0, status;

	if (MY_UNLIKELY(my_cfg.dry_run))
		return my_query(c, sql, len, rs);
	if (MY_UNLIKELY(mc == NULL || mc->m == NULL))
		return my_fail(c, CR_SERVER_GONE_ERROR, "HY000", "MySQL server has gone away");
	if (MY_UNLIKELY(mc->res || mc->res_stmt || mc->more_plain))
		my_release(mc);
	MY_TRACE("mysql_real_query_start(%p, \"%.*s\", %zu)", (void *)mc->m, (int)len, sql, len);
	status = mysql_real_query_start(&err, mc->m, sql, (unsigned long)len);
	if (status)
		return my_nb_wait(mc, MY_NB_QUERY, status, w);
	return my_nb_stored(c, mc, err, rs, w);
}

/* The statement was executed (err from mysql_stmt_execute): store its
 * result set, if it has one. */
static int my_nb_executed(sql_connection *c, struct my_conn *mc, int err, sql_result *rs,
                          struct db_wait *w);

static int my_nb_exec(sql_connection *c, struct my_conn *mc, sql_result *rs,
                      struct db_wait *w)
{
	struct my_stmt *ms = mc->nb_st->priv;
	int err = 0, status;

	mc->nb_xms = ms;
	mc->nb_xs = ms->s;
	status = mysql_stmt_execute_start(&err, mc->nb_xs);
	MY_TRACE("mysql_stmt_execute_start(%p) = %d", (void *)mc->nb_xs, status);
	if (status)
		return my_nb_wait(mc, MY_NB_EXEC, status, w);
	return my_nb_executed(c, mc, err, rs, w);
}

#ifdef MY_PVIO
/* ---- rows counted, not stored (--connections) ------------------------------
 * A statement's result rows are almost never looked at by a benchmark, yet
 * mysql_stmt_store_result reads each row packet through the library's
 * packet layer, allocates it and copies it: 60% of the user time a bare C
 * client on Connector/C spends per oltp_read_write transaction (its 300
 * range-select rows; perf/callgrind.sh DB=mysql, docs/connections.md). So
 * where the read-ahead is ours (my_shared_read_ahead: a plain socket, the
 * library's own layout) the driver walks the rows' packets in ra_rest
 * itself, reading more from the socket as it comes, and counts them up to
 * the end-of-rows packet; the library is then left as its store_result
 * leaves it for an empty set (nothing stored, status and warnings from
 * that packet). The rows' bytes are kept until the next statement: a fetch
 * puts the library's state back, hands it the same bytes through ra_rest
 * and lets mysql_stmt_store_result store them, so what a script fetches is
 * what the library decoded. Anything not plain (an error packet, a row of
 * 16 MB or more, more result sets, a CALL's out-parameters, bytes after
 * the end, a closed socket) is left to the library's store_result, which
 * reads the same bytes from ra_rest first. */

/* Can the rows of s, just executed on m (whose read-ahead is ours), be
 * counted? */
static bool my_sk_can(const MYSQL *m, const MYSQL_STMT *s)
{
	return !m->net.compress && m->status == MYSQL_STATUS_STMT_RESULT &&
	       s->state == MYSQL_STMT_WAITING_USE_OR_STORE && !s->cursor_exists &&
	       !(m->server_status & (SERVER_MORE_RESULTS_EXIST | SERVER_PS_OUT_PARAMS));
}

/* Walk the packets in ra_rest from sk_at: 1 at a plain end of the rows
 * (status and warnings into *status, *warnings), 0 when more bytes are
 * needed, -1 for anything the library must read itself. */
static int my_sk_scan(struct my_conn *mc, unsigned *status, unsigned *warnings)
{
	const unsigned char *b = mc->ra_rest;
	size_t at = mc->sk_at, end = mc->ra_len;
	int rc = 0;

	while (end - at >= 4) {
		size_t len = b[at] | (size_t)b[at + 1] << 8 | (size_t)b[at + 2] << 16;
		const unsigned char *p = b + at + 4;
		if (len == 0xffffff || len == 0) {
			rc = -1;
			break;
		}
		if (end - at - 4 < len)
			break;
		if (p[0] == 0xfe && len <= 7) {    /* the end of the rows */
			at += 4 + len;
			if (len < 5 || at != end) {
				rc = -1;
				break;
			}
			*warnings = p[1] | (unsigned)p[2] << 8;
			*status = p[3] | (unsigned)p[4] << 8;
			rc = *status & (SERVER_MORE_RESULTS_EXIST | SERVER_PS_OUT_PARAMS) ? -1 : 1;
			break;
		}
		if (p[0] == 0xff) {                /* an error instead of a row */
			rc = -1;
			break;
		}
		mc->sk_rows++;
		at += 4 + len;
	}
	mc->sk_at = at;
	return rc;
}

/* More of the reply into ra_rest: > 0 bytes came, 0 none yet, < 0 the
 * socket is closed or failed (the library reads it again and says so). */
static ssize_t my_sk_fill(struct my_conn *mc, int fd)
{
	size_t room = 4096;
	ssize_t r;

	if (mc->ra_rest == NULL) {
		if ((mc->ra_rest = malloc(PVIO_READ_AHEAD_CACHE_SIZE)) == NULL)
			return -1;
		mc->ra_cap = PVIO_READ_AHEAD_CACHE_SIZE;
		mc->ra_len = mc->ra_pos = mc->sk_at = mc->sk_start = 0;
	} else if (mc->ra_shared) {
		/* the rows go on past this read: into a block of their own */
		size_t n = mc->ra_len - mc->ra_pos;
		unsigned char *b = my_ra_copy(mc->ra_rest + mc->ra_pos, n, PVIO_READ_AHEAD_CACHE_SIZE);
		if (b == NULL)
			return -1;
		mc->sk_at -= mc->ra_pos;
		mc->sk_start -= mc->ra_pos;
		mc->ra_rest = b;
		mc->ra_len = n;
		mc->ra_cap = n + PVIO_READ_AHEAD_CACHE_SIZE;
		mc->ra_pos = 0;
		mc->ra_shared = false;
		my_ra_disown(mc);
	}
	if (mc->ra_len - mc->sk_at >= 4) {
		/* room for all of the packet that has begun */
		const unsigned char *h = mc->ra_rest + mc->sk_at;
		size_t want = mc->sk_at + 4 + (h[0] | (size_t)h[1] << 8 | (size_t)h[2] << 16);
		if (want > mc->ra_len + room)
			room = want - mc->ra_len;
	}
	if (mc->ra_cap - mc->ra_len < room) {
		size_t cap = mc->ra_cap * 2 > mc->ra_len + room ? mc->ra_cap * 2 : mc->ra_len + room;
		unsigned char *nb = realloc(mc->ra_rest, cap);
		if (nb == NULL)
			return -1;
		mc->ra_rest = nb;
		mc->ra_cap = cap;
	}
	do
		r = recv(fd, mc->ra_rest + mc->ra_len, mc->ra_cap - mc->ra_len, MSG_DONTWAIT);
	while (r < 0 && errno == EINTR);
	if (r > 0) {
		mc->ra_len += (size_t)r;
		return r;
	}
	return r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? 0 : -1;
}

/* The library reads the rows itself (my_sk_can said no, or my_sk_scan or
 * my_sk_fill gave up): from what ra_rest holds, then the socket. */
static int my_sk_fallback(sql_connection *c, struct my_conn *mc, sql_result *rs,
                          struct db_wait *w)
{
	MYSQL_STMT *s = mc->nb_xs;
	int err = 0, status;

	if (mc->ra_rest != NULL && mc->ra_pos == mc->ra_len)
		my_ra_done(mc);   /* my_ra_read takes a kept rest as bytes to hand out */
	MY_TRACE("rows of %p left to the library's store_result", (void *)s);
	status = mysql_stmt_store_result_start(&err, s);
	if (status)
		return my_nb_wait(mc, MY_NB_SSTORE, status, w);
	return my_exec_result(c, mc, mc->nb_xms, s, err, rs);
}

/* Count the rows of the statement in flight (mc->nb_xs), waiting for the
 * socket as needed (MY_NB_SKIP); then the result, as my_exec_result. */
static int my_sk_step(sql_connection *c, struct my_conn *mc, sql_result *rs, struct db_wait *w)
{
	MYSQL *m = mc->m;
	MYSQL_STMT *s = mc->nb_xs;
	struct my_sk_saved *sv = &mc->sk_saved;
	unsigned status = 0, warnings = 0;
	int fd = (int)mysql_get_socket(m), rc;
	ssize_t got;

	while ((rc = my_sk_scan(mc, &status, &warnings)) == 0) {
		if ((got = my_sk_fill(mc, fd)) < 0)
			return my_sk_fallback(c, mc, rs, w);
		if (got == 0) {
			mc->nb_step = MY_NB_SKIP;
			mc->nb_status = MYSQL_WAIT_READ;
			mc->nb_deadline = 0;
			w->fd = fd;
			w->write = 0;
			w->deadline_ns = 0;
			return 1;
		}
	}
	if (rc < 0)
		return my_sk_fallback(c, mc, rs, w);
	/* the library as its store_result leaves it for an empty set */
	sv->state = s->state;
	sv->status = m->status;
	sv->server_status = m->server_status;
	sv->warning_count = m->warning_count;
	sv->affected_rows = m->affected_rows;
	sv->pkt_nr = m->net.pkt_nr;
	sv->upsert = s->upsert_status;
	s->state = MYSQL_STMT_FETCH_DONE;
	m->status = MYSQL_STATUS_READY;
	s->upsert_status.warning_count = m->warning_count = warnings;
	s->upsert_status.server_status = m->server_status = status;
	s->upsert_status.affected_rows = m->affected_rows = mc->sk_rows;
	/* the rows' bytes are kept for a fetch, out of the read-ahead's way */
	mc->sk_block = mc->ra_rest;
	mc->sk_shared = mc->ra_shared;
	mc->sk_end = mc->ra_len;
	mc->ra_rest = NULL;
	mc->ra_shared = false;
	MY_TRACE("rows of %p counted, not stored: %llu", (void *)s,
	         (unsigned long long)mc->sk_rows);
	rs->counter = SB_CNT_READ;
	rs->nrows = mc->sk_rows;
	rs->nfields = mysql_stmt_field_count(s);
	mc->res_seq++;
	mc->res_stmt = mc->nb_xms;
	mc->res_s = s;
	rs->ptr = mc;
	return 0;
}

/* Start counting the rows of mc->nb_xs, just executed. */
static int my_sk_start(sql_connection *c, struct my_conn *mc, sql_result *rs, struct db_wait *w)
{
	mc->sk_rows = 0;
	if (mc->ra_rest == NULL)
		mc->ra_len = mc->ra_pos = 0;
	mc->sk_start = mc->sk_at = mc->ra_pos;
	return my_sk_step(c, mc, rs, w);
}

/* A fetch from counted rows: the library's state put back and the rows'
 * bytes handed to its store_result. 0, or the library's error. */
static int my_sk_replay(struct my_conn *mc, MYSQL_STMT *s)
{
	MYSQL *m = mc->m;
	const struct my_sk_saved *sv = &mc->sk_saved;
	int rc;

	if (mc->ra_rest != NULL) {
		/* nothing may come between the rows and this fetch */
		my_sk_drop(mc);
		return -1;
	}
	mc->ra_rest = mc->sk_block;
	mc->ra_shared = mc->sk_shared;
	mc->ra_pos = mc->sk_start;
	mc->ra_len = mc->sk_end;
	mc->sk_block = NULL;
	mc->sk_shared = false;
	s->state = sv->state;
	m->status = sv->status;
	m->server_status = sv->server_status;
	m->warning_count = sv->warning_count;
	m->affected_rows = sv->affected_rows;
	m->net.pkt_nr = sv->pkt_nr;
	s->upsert_status = sv->upsert;
	rc = mysql_stmt_store_result(s);
	MY_TRACE("mysql_stmt_store_result(%p) = %d (the counted rows, for a fetch)", (void *)s, rc);
	return rc;
}

/* The counted rows are done with (the next statement, a free). */
static void my_sk_drop(struct my_conn *mc)
{
	my_ra_release(mc, &mc->sk_block, &mc->sk_shared);
}
#endif

static int my_nb_executed(sql_connection *c, struct my_conn *mc, int err, sql_result *rs,
                          struct db_wait *w)
{
	MYSQL_STMT *s = mc->nb_xs;
	int status;

	if (MY_UNLIKELY(err)) {
		if (mysql_stmt_errno(s) == ER_NEED_REPREPARE && mc->nb_tries++ == 0)
			return my_nb_reprep(c, mc, mc->nb_xms, rs, w);
		return my_fail_stmt(c, s);
	}
	if (mysql_stmt_field_count(s) == 0)
		return my_exec_result(c, mc, mc->nb_xms, s, 0, rs);
#ifdef MY_PVIO
	if (mc->ra_read != NULL)
		return my_sk_can(mc->m, s) ? my_sk_start(c, mc, rs, w) :
		                                 my_sk_fallback(c, mc, rs, w);
#endif
	err = 0;
	status = mysql_stmt_store_result_start(&err, s);
	if (status)
		return my_nb_wait(mc, MY_NB_SSTORE, status, w);
	return my_exec_result(c, mc, mc->nb_xms, s, err, rs);
}

static int my_execute_start(sql_statement *st, sql_result *rs, struct db_wait *w)
{
	struct my_stmt *ms = st->priv;
	struct my_conn *mc = st->connection->priv;

	if (MY_UNLIKELY(my_cfg.dry_run || mc == NULL))
		return my_execute(st, rs);
	if (MY_UNLIKELY(mc->res || mc->res_stmt || mc->more_plain))
		my_release(mc);
	mc->nb_st = st;
	mc->nb_tries = 0;
	if (MY_UNLIKELY(ms->mc != mc || ms->s == NULL))
		return my_nb_reprep(st->connection, mc, ms, rs, w);
	return my_nb_exec(st->connection, mc, rs, w);
}

/* The LOAD DATA in flight is done (err as mysql_real_query's). */
static int my_nb_loaded(sql_connection *c, struct my_conn *mc, int err, sql_result *rs)
{
	struct my_load *ld = mc->nb_load;
	int rc = my_load_end(c, mc, ld, err, rs);
	mc->nb_load = NULL;
	my_load_free(ld);
	return rc;
}

/* --connections: the bulk load's LOAD DATA LOCAL INFILE without waiting;
 * the local-infile handler serves the rows from the library's context as
 * the socket takes them. */
static int my_load_start(sql_connection *c, const char *table, const char *cols,
                         const char *data, size_t len, sql_result *rs, struct db_wait *w)
{
	struct my_conn *mc = c->priv;
	struct my_load *ld;
	int rc, err = 0, status;

	if (MY_UNLIKELY(my_cfg.dry_run || mc == NULL || mc->m == NULL))
		return my_load(c, table, cols, data, len, rs);
	if (MY_UNLIKELY(mc->res || mc->res_stmt || mc->more_plain))
		my_release(mc);
	if ((ld = calloc(1, sizeof(*ld))) == NULL)
		return my_fail(c, CR_OUT_OF_MEMORY, "HY000", "out of memory");
	ld->f.data = data;
	ld->f.len = len;
	if ((rc = my_load_arm(c, mc, ld, table, cols)) != 0) {
		free(ld);
		return rc;
	}
	mc->nb_load = ld;
	MY_TRACE("mysql_real_query_start(%p, \"%.*s\", %lu)", (void *)mc->m, (int)ld->sql_len,
	         ld->sql, ld->sql_len);
	status = mysql_real_query_start(&err, mc->m, ld->sql, ld->sql_len);
	if (status)
		return my_nb_wait(mc, MY_NB_LOAD, status, w);
	return my_nb_loaded(c, mc, err, rs);
}

static int my_resume(sql_connection *c, sql_result *rs, struct db_wait *w)
{
	struct my_conn *mc = c->priv;
	int err = 0, status, ready;
	MYSQL_STMT *s;

	if (MY_UNLIKELY(mc == NULL || (mc->m == NULL && mc->nb_m == NULL)))
		return my_fail(c, CR_SERVER_GONE_ERROR, "HY000", "MySQL server has gone away");
	ready = mc->nb_status & (MYSQL_WAIT_READ | MYSQL_WAIT_WRITE | MYSQL_WAIT_EXCEPT);
	if (MY_UNLIKELY(mc->nb_deadline) && clock_now_ns() >= mc->nb_deadline) {
		ready = MYSQL_WAIT_TIMEOUT;
		mc->nb_timed_out = true;
	}
	switch (mc->nb_step) {
	case MY_NB_CONNECT: {
		MYSQL *m = mc->nb_m, *ret = NULL;
		status = mysql_real_connect_cont(&ret, m, ready);
		if (status)
			return my_nb_wait(mc, MY_NB_CONNECT, status, w);
		mc->nb_m = NULL;
		c->priv = NULL;
		return my_connected(c, mc, m, ret != NULL);
	}
	case MY_NB_PREPARE:
	case MY_NB_REPREP: {
		struct my_stmt *ms = mc->nb_ms;
		status = mysql_stmt_prepare_cont(&err, ms->s, ready);
		if (status)
			return my_nb_wait(mc, mc->nb_step, status, w);
		return my_nb_prepped(c, mc, ms, mc->nb_step, err, rs, w);
	}
	case MY_NB_QUERY:
		status = mysql_real_query_cont(&err, mc->m, ready);
		if (status)
			return my_nb_wait(mc, MY_NB_QUERY, status, w);
		return my_nb_stored(c, mc, err, rs, w);
	case MY_NB_LOAD:
		status = mysql_real_query_cont(&err, mc->m, ready);
		if (status)
			return my_nb_wait(mc, MY_NB_LOAD, status, w);
		return my_nb_loaded(c, mc, err, rs);
	case MY_NB_STORE:
		status = mysql_store_result_cont(&mc->nb_res, mc->m, ready);
		if (status)
			return my_nb_wait(mc, MY_NB_STORE, status, w);
		return my_query_result(c, mc, mc->nb_res, rs);
	case MY_NB_EXEC:
		s = mc->nb_xs;
		status = mysql_stmt_execute_cont(&err, s, ready);
		if (status)
			return my_nb_wait(mc, MY_NB_EXEC, status, w);
		return my_nb_executed(c, mc, err, rs, w);
#ifdef MY_PVIO
	case MY_NB_SKIP:
		return my_sk_step(c, mc, rs, w);
#endif
	case MY_NB_SSTORE:
		s = mc->nb_xs;
		status = mysql_stmt_store_result_cont(&err, s, ready);
		if (status)
			return my_nb_wait(mc, MY_NB_SSTORE, status, w);
		return my_exec_result(c, mc, mc->nb_xms, s, err, rs);
	default:
		return my_fail(c, CR_COMMANDS_OUT_OF_SYNC, "HY000", "no statement in flight");
	}
}
#endif

static void my_close(sql_statement *st)
{
	struct my_stmt *ms = st->priv;

	if (ms == NULL)
		return;
	my_stmt_unlink(ms);
	if (ms->s) {
		MY_TRACE("mysql_stmt_close(%p)", (void *)ms->s);
		mysql_stmt_close(ms->s);
	}
	my_stmt_free(ms);
	st->priv = NULL;
}

/* ---- results ---------------------------------------------------------------- */

static int my_cols_reserve(struct my_stmt *ms, unsigned n)
{
	unsigned i, old = ms->rcols;

	if (n <= old)
		return 0;
#define MY_GROW(p) do {                                             \
		void *np_ = realloc((p), n * sizeof(*(p)));         \
		if (np_ == NULL)                                    \
			return -ENOMEM;                             \
		(p) = np_;                                          \
	} while (0)
	MY_GROW(ms->rbind);
	MY_GROW(ms->rlen);
	MY_GROW(ms->rnull);
	MY_GROW(ms->rerr);
	MY_GROW(ms->rbuf);
	MY_GROW(ms->rcap);
	MY_GROW(ms->rval);
#undef MY_GROW
	for (i = old; i < n; i++) {
		ms->rbuf[i] = malloc(MY_COL_CAP);
		if (ms->rbuf[i] == NULL) {
			ms->rcols = i;
			return -ENOMEM;
		}
		ms->rcap[i] = MY_COL_CAP;
	}
	ms->rcols = n;
	return 0;
}

static void my_col_bind(struct my_stmt *ms, unsigned i)
{
	MYSQL_BIND *b = &ms->rbind[i];
	memset(b, 0, sizeof(*b));
	b->buffer_type = MYSQL_TYPE_STRING;
	b->buffer = ms->rbuf[i];
	b->buffer_length = ms->rcap[i] - 1;   /* room for our terminator */
	b->length = &ms->rlen[i];
	b->is_null = &ms->rnull[i];
	b->error = &ms->rerr[i];
}

static int my_fetch_stmt(sql_result *rs, struct my_stmt *ms, sql_row *row)
{
	struct my_conn *mc = rs->ptr;
	MYSQL_STMT *s = ms->s;
	unsigned i, n = rs->nfields;
	int rc;

#ifdef MY_PVIO
	if (MY_UNLIKELY(mc->sk_block != NULL) && my_sk_replay(mc, s)) {
		if (mysql_stmt_errno(s))
			my_fail_stmt(rs->connection, s);
		else
			my_fail(rs->connection, CR_COMMANDS_OUT_OF_SYNC, "HY000",
			        "Commands out of sync; you can't run this command now");
		return -EIO;
	}
#endif
	if (ms->rbound != mc->res_seq) {
		if (my_cols_reserve(ms, n)) {
			db_set_error(rs->connection, DB_ERROR_FATAL, CR_OUT_OF_MEMORY, "HY000",
			             "out of memory");
			return -ENOMEM;
		}
		for (i = 0; i < n; i++)
			my_col_bind(ms, i);
		if (mysql_stmt_bind_result(s, ms->rbind)) {
			my_fail_stmt(rs->connection, s);
			return -EIO;
		}
		ms->rbound = mc->res_seq;
	}
	rc = mysql_stmt_fetch(s);
	if (rc == MYSQL_NO_DATA)
		return 0;
	if (rc == 1) {
		my_fail_stmt(rs->connection, s);
		return -EIO;
	}
	if (rc == MYSQL_DATA_TRUNCATED) {
		bool rebind = false;
		for (i = 0; i < n; i++) {
			unsigned long cap;
			char *nb;
			if (!ms->rerr[i] || ms->rnull[i])
				continue;
			for (cap = ms->rcap[i]; cap <= ms->rlen[i]; cap *= 2)
				;
			nb = realloc(ms->rbuf[i], cap);
			if (nb == NULL) {
				db_set_error(rs->connection, DB_ERROR_FATAL, CR_OUT_OF_MEMORY, "HY000",
				             "out of memory");
				return -ENOMEM;
			}
			ms->rbuf[i] = nb;
			ms->rcap[i] = cap;
			my_col_bind(ms, i);
			if (mysql_stmt_fetch_column(s, &ms->rbind[i], i, 0)) {
				my_fail_stmt(rs->connection, s);
				return -EIO;
			}
			rebind = true;
		}
		/* the library copied the old buffer addresses */
		if (rebind && mysql_stmt_bind_result(s, ms->rbind)) {
			my_fail_stmt(rs->connection, s);
			return -EIO;
		}
	}
	for (i = 0; i < n; i++) {
		if (ms->rnull[i]) {
			row->values[i].ptr = NULL;
			row->values[i].len = 0;
		} else {
			ms->rbuf[i][ms->rlen[i]] = 0;
			row->values[i].ptr = ms->rbuf[i];
			row->values[i].len = (uint32_t)ms->rlen[i];
		}
	}
	return 1;
}

static int my_fetch_row(sql_result *rs, sql_row *row)
{
	struct my_conn *mc = rs->ptr;
	MYSQL_ROW r;

	if (mc == NULL)
		return 0;
	if (mc->res) {
		unsigned long *len;
		unsigned i;
		r = mysql_fetch_row(mc->res);
		if (r == NULL)
			return 0;
		len = mysql_fetch_lengths(mc->res);
		for (i = 0; i < rs->nfields; i++) {
			row->values[i].ptr = r[i];
			row->values[i].len = (uint32_t)len[i];
		}
		return 1;
	}
	if (mc->res_stmt && rs->counter == SB_CNT_READ)
		return my_fetch_stmt(rs, mc->res_stmt, row);
	return 0;
}

/* Free whatever result is pending on mc. */
static void my_release(struct my_conn *mc)
{
	if (mc->res) {
		MY_TRACE("mysql_free_result(%p)", (void *)mc->res);
		mysql_free_result(mc->res);
		mc->res = NULL;
	}
	if (MY_UNLIKELY(mc->more_plain)) {
		mc->more_plain = false;
		while (mysql_more_results(mc->m) && mysql_next_result(mc->m) == 0) {
			MYSQL_RES *r = mysql_store_result(mc->m);
			if (r)
				mysql_free_result(r);
		}
	}
	if (mc->res_stmt) {
		MYSQL_STMT *s = mc->res_s;
#ifdef MY_PVIO
		if (mc->sk_block != NULL)
			my_sk_drop(mc);
#endif
		mc->res_stmt = NULL;
		mc->res_s = NULL;
		if (s) {
			MY_TRACE("mysql_stmt_free_result(%p)", (void *)s);
			mysql_stmt_free_result(s);
			while (MY_UNLIKELY(mysql_stmt_more_results(s)) &&
			       mysql_stmt_next_result(s) == 0)
				mysql_stmt_free_result(s);
		}
	}
}

static void my_free_results(sql_result *rs)
{
	struct my_conn *mc = rs->ptr;

	if (mc != NULL)
		my_release(mc);
	rs->ptr = NULL;
}

static size_t my_escape(sql_connection *c, char *to, const char *from, size_t len)
{
	struct my_conn *mc = c->priv;
	unsigned long n;

	if (mc != NULL && mc->m != NULL) {
		n = mysql_real_escape_string(mc->m, to, from, (unsigned long)len);
		if (n != (unsigned long)-1)
			return n;
	}
	return mysql_escape_string(to, from, (unsigned long)len);
}

/* sysbench's lines for a failed operation. */
static bool my_log_error(sql_connection *c, int op, const char *sql, size_t len)
{
	const char *msg = c->sql_errmsg ? c->sql_errmsg : "";

	switch (op) {
	case DB_OP_PREPARE:
		log_msg(LOG_FATAL, "mysql_stmt_prepare() failed");
		log_msg(LOG_FATAL, "MySQL error: %d \"%s\"", c->sql_errno, msg);
		return true;
	case DB_OP_BIND:
		log_msg(LOG_FATAL, "mysql_stmt_bind_param() failed");
		log_msg(LOG_FATAL, "MySQL error: %d \"%s\"", c->sql_errno, msg);
		return true;
	case DB_OP_BIND_COUNT:
		log_msg(LOG_FATAL, "Wrong number of parameters to mysql_stmt_bind_param");
		return true;
	case DB_OP_QUERY:
	case DB_OP_EXECUTE:
		log_msg(LOG_FATAL, "%s returned error %d (%s) for query '%.*s'",
		        op == DB_OP_QUERY ? "mysql_drv_query()" : "mysql_stmt_execute()",
		        c->sql_errno, msg, (int)len, sql);
		return true;
	default:
		return false;
	}
}

const struct db_driver_ops db_mysql_ops = {
	.abi = DB_DRIVER_ABI,
	.name = "mysql",
	.desc = "MySQL driver",
#ifdef MY_NB
	.caps = DB_CAP_PREPARED | DB_CAP_MULTI_ROW | DB_CAP_LOAD | DB_CAP_NONBLOCK |
	        DB_CAP_BACKSLASH_ESC,
	.query_start = my_query_start,
	.execute_start = my_execute_start,
	.resume = my_resume,
	.connect_start = my_connect_start,
	.prepare_start = my_prepare_start,
	.load_start = my_load_start,
#else
	.caps = DB_CAP_PREPARED | DB_CAP_MULTI_ROW | DB_CAP_LOAD | DB_CAP_BACKSLASH_ESC,
#endif
	.opts = my_opts,
	.nopts = sizeof(my_opts) / sizeof(my_opts[0]),
	.init = my_init,
	.done = my_done,
	.connect = my_connect,
	.disconnect = my_disconnect,
	.query = my_query,
	.prepare = my_prepare,
	.bind_param = my_bind_param,
	.execute = my_execute,
	.close = my_close,
	.fetch_row = my_fetch_row,
	.log_error = my_log_error,
	.free_results = my_free_results,
	.escape = my_escape,
	.load = my_load,
	.counters_default = my_counters_default,
	.counters_read = my_counters_read,
};
