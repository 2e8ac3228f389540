/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sqlite: the SQLite driver, on libsqlite3 (Debian libsqlite3-dev). An
 * embedded target: every connection opens the same database file
 * (--sqlite-db), so the OLTP workloads run with no server at all.
 *
 * Each connection is its own sqlite3 handle in multi-thread mode
 * (SQLITE_OPEN_NOMUTEX: a connection is used by one thread at a time, so
 * SQLite's per-connection mutex would be pure cost). Concurrency between
 * connections is SQLite's: WAL (the default --sqlite-journal-mode) lets
 * readers run beside the one writer; a writer that finds the file locked
 * waits up to --sqlite-busy-timeout, then gets SQLITE_BUSY, which by
 * default (--sqlite-ignore-errors) is ignorable: the event restarts, as a
 * deadlock does on the server drivers. Before such an error is returned
 * inside a transaction the driver rolls the transaction back (SQLite
 * advises it, and the restarted event begins with BEGIN, which SQLite
 * refuses inside a transaction), so a ROLLBACK that finds no transaction
 * open is accepted and does nothing, as on MySQL and PostgreSQL.
 *
 * Statements are SQLite's own prepared statements; parameters are bound
 * at each execute from the caller's sql_bind buffers (text without a
 * copy: the buffers outlive the call). SQLite returns rows one step at a
 * time, but the API promises the row count with the result (rs->nrows),
 * so a result set is read whole into a per-connection arena that is
 * reused from statement to statement. A statement without columns counts
 * as a write when it changed rows (sqlite3_total_changes64() before and
 * after: sqlite3_changes() keeps its value across BEGIN, COMMIT and DDL).
 *
 * The load hook (bulk load of tab-separated rows) binds the values into a
 * prepared multi-row INSERT, inside a savepoint unless the caller has a
 * transaction open, so loading parses no SQL at all.
 *
 * Errors: sql_errno is SQLite's extended result code (the primary code is
 * sql_errno & 0xff), sql_errmsg its message with the code's name, and
 * sql_state a SQLSTATE by the primary code (SQLite has none): 40001 for
 * SQLITE_BUSY / SQLITE_LOCKED, 23000 for a constraint, 08001 when the
 * database cannot be opened, HY000 otherwise.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db/driver.h"
#include "opt/opt.h"
#include "util/log.h"

#define SQ_UNLIKELY(x) __builtin_expect(!!(x), 0)

static const struct opt_def sqlite_opts[] = {
	{ "sqlite-db", OPT_STRING,
	  "SQLite database file, created if missing (not ':memory:': each connection would "
	  "see its own database; for a database in memory use a file on tmpfs, e.g. "
	  "/dev/shm/sbtest.db)", "sbtest.db", 0, 0, 0, NULL },
	{ "sqlite-journal-mode", OPT_STRING,
	  "journal mode {wal, delete, truncate, persist, memory, off}", "wal", 0, 0, 0, NULL },
	{ "sqlite-synchronous", OPT_STRING, "when to sync to disk {off, normal, full}",
	  "normal", 0, 0, 0, NULL },
	{ "sqlite-busy-timeout", OPT_INT,
	  "milliseconds a statement waits for a locked database before failing with "
	  "SQLITE_BUSY (0: fail at once)", "5000", 0, 86400000, 0, NULL },
	{ "sqlite-cache-size", OPT_SIZE,
	  "page cache size of each connection (default: SQLite's, 2 MiB)", NULL, 0, 0, 0, NULL },
	{ "sqlite-mmap-size", OPT_SIZE,
	  "bytes of the database file read through mmap (0: no memory-mapped I/O)", "0",
	  0, 0, 0, NULL },
	{ "sqlite-ignore-errors", OPT_LIST,
	  "list of SQLite result codes to ignore (restart the event), by name or number, "
	  "primary or extended (SQLITE_BUSY, 5, SQLITE_BUSY_SNAPSHOT, 517), or \"all\"",
	  "SQLITE_BUSY,SQLITE_LOCKED", 0, 0, 0, NULL },
};

static const char *const sq_journal_modes[] = {
	"wal", "delete", "truncate", "persist", "memory", "off", NULL
};
static const char *const sq_sync_modes[] = { "off", "normal", "full", NULL };

/* The options, read once by init. */
static struct {
	const char *path;
	const char *journal_mode;
	const char *synchronous;
	int busy_timeout_ms;
	bool cache_set;
	int64_t cache_kib;
	uint64_t mmap_size;
	bool debug;
	int journal_warned;
} sq_cfg;

/* Connections get a process-wide generation number, so that a statement
 * prepared before a reconnect is prepared again on the new handle. */
static uint64_t sq_generation;

/* ---- result codes --------------------------------------------------------- */

#define SQ_CODE(x) { x, #x }
static const struct sq_code {
	int code;
	const char *name;
} sq_codes[] = {
	SQ_CODE(SQLITE_OK), SQ_CODE(SQLITE_ERROR), SQ_CODE(SQLITE_INTERNAL),
	SQ_CODE(SQLITE_PERM), SQ_CODE(SQLITE_ABORT), SQ_CODE(SQLITE_BUSY),
	SQ_CODE(SQLITE_LOCKED), SQ_CODE(SQLITE_NOMEM), SQ_CODE(SQLITE_READONLY),
	SQ_CODE(SQLITE_INTERRUPT), SQ_CODE(SQLITE_IOERR), SQ_CODE(SQLITE_CORRUPT),
	SQ_CODE(SQLITE_NOTFOUND), SQ_CODE(SQLITE_FULL), SQ_CODE(SQLITE_CANTOPEN),
	SQ_CODE(SQLITE_PROTOCOL), SQ_CODE(SQLITE_EMPTY), SQ_CODE(SQLITE_SCHEMA),
	SQ_CODE(SQLITE_TOOBIG), SQ_CODE(SQLITE_CONSTRAINT), SQ_CODE(SQLITE_MISMATCH),
	SQ_CODE(SQLITE_MISUSE), SQ_CODE(SQLITE_NOLFS), SQ_CODE(SQLITE_AUTH),
	SQ_CODE(SQLITE_FORMAT), SQ_CODE(SQLITE_RANGE), SQ_CODE(SQLITE_NOTADB),
	SQ_CODE(SQLITE_NOTICE), SQ_CODE(SQLITE_WARNING), SQ_CODE(SQLITE_ROW),
	SQ_CODE(SQLITE_DONE),
	/* the extended codes a benchmark meets */
	SQ_CODE(SQLITE_BUSY_RECOVERY), SQ_CODE(SQLITE_BUSY_SNAPSHOT),
	SQ_CODE(SQLITE_BUSY_TIMEOUT), SQ_CODE(SQLITE_LOCKED_SHAREDCACHE),
	SQ_CODE(SQLITE_LOCKED_VTAB), SQ_CODE(SQLITE_ABORT_ROLLBACK),
	SQ_CODE(SQLITE_READONLY_RECOVERY), SQ_CODE(SQLITE_READONLY_CANTLOCK),
	SQ_CODE(SQLITE_READONLY_ROLLBACK), SQ_CODE(SQLITE_READONLY_DBMOVED),
	SQ_CODE(SQLITE_READONLY_CANTINIT), SQ_CODE(SQLITE_READONLY_DIRECTORY),
	SQ_CODE(SQLITE_CANTOPEN_NOTEMPDIR), SQ_CODE(SQLITE_CANTOPEN_ISDIR),
	SQ_CODE(SQLITE_CANTOPEN_FULLPATH), SQ_CODE(SQLITE_CANTOPEN_CONVPATH),
	SQ_CODE(SQLITE_CORRUPT_VTAB), SQ_CODE(SQLITE_CORRUPT_SEQUENCE),
	SQ_CODE(SQLITE_CORRUPT_INDEX), SQ_CODE(SQLITE_CONSTRAINT_CHECK),
	SQ_CODE(SQLITE_CONSTRAINT_COMMITHOOK), SQ_CODE(SQLITE_CONSTRAINT_FOREIGNKEY),
	SQ_CODE(SQLITE_CONSTRAINT_FUNCTION), SQ_CODE(SQLITE_CONSTRAINT_NOTNULL),
	SQ_CODE(SQLITE_CONSTRAINT_PRIMARYKEY), SQ_CODE(SQLITE_CONSTRAINT_TRIGGER),
	SQ_CODE(SQLITE_CONSTRAINT_UNIQUE), SQ_CODE(SQLITE_CONSTRAINT_VTAB),
	SQ_CODE(SQLITE_CONSTRAINT_ROWID), SQ_CODE(SQLITE_CONSTRAINT_DATATYPE),
	SQ_CODE(SQLITE_IOERR_READ), SQ_CODE(SQLITE_IOERR_SHORT_READ),
	SQ_CODE(SQLITE_IOERR_WRITE), SQ_CODE(SQLITE_IOERR_FSYNC),
	SQ_CODE(SQLITE_IOERR_TRUNCATE), SQ_CODE(SQLITE_IOERR_NOMEM),
	SQ_CODE(SQLITE_IOERR_LOCK), SQ_CODE(SQLITE_IOERR_SHMOPEN),
	SQ_CODE(SQLITE_IOERR_SHMSIZE), SQ_CODE(SQLITE_IOERR_SHMMAP),
};

/* The name of a result code ("SQLITE_BUSY_SNAPSHOT"), or NULL. */
static const char *sq_code_name(int code)
{
	size_t i;
	for (i = 0; i < sizeof(sq_codes) / sizeof(sq_codes[0]); i++)
		if (sq_codes[i].code == code)
			return sq_codes[i].name;
	return NULL;
}

static bool sq_code_known(const char *name)
{
	size_t i;
	for (i = 0; i < sizeof(sq_codes) / sizeof(sq_codes[0]); i++)
		if (strcmp(sq_codes[i].name, name) == 0)
			return true;
	return false;
}

/* Is extended code `ext` in --sqlite-ignore-errors, by its number or name
 * or by its primary code's? */
static bool sq_ignorable(int ext)
{
	int codes[2] = { ext, ext & 0xff };
	char num[16];
	const char *name;
	int i;

	for (i = 0; i < 2; i++) {
		if (i == 1 && codes[1] == codes[0])
			break;
		snprintf(num, sizeof(num), "%d", codes[i]);
		if (db_code_in_list("sqlite-ignore-errors", num))
			return true;
		name = sq_code_name(codes[i]);
		if (name != NULL && db_code_in_list("sqlite-ignore-errors", name))
			return true;
	}
	return false;
}

/* A SQLSTATE for a primary result code (SQLite has none of its own). */
static const char *sq_state_of(int primary)
{
	switch (primary) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return "40001";   /* serialization failure */
	case SQLITE_CONSTRAINT:
		return "23000";   /* integrity constraint violation */
	case SQLITE_CANTOPEN:
	case SQLITE_NOTADB:
		return "08001";   /* unable to establish the connection */
	default:
		return "HY000";   /* general error */
	}
}

/* ---- per-connection state ------------------------------------------------- */

/* One cell of a result set read whole: its bytes in the arena. */
struct sq_cell {
	size_t off;
	uint32_t len;
	bool null;
};

struct sq_result {
	char *arena;            /* the values' bytes, NUL after each */
	size_t arena_len, arena_cap;
	struct sq_cell *cells;  /* nrows * nfields */
	size_t ncells, cells_cap;
	uint32_t nrows, nfields, row;
};

/* The load hook's cached statements for one table and column list. */
struct sq_loader {
	char *key;              /* "table\ncols" */
	unsigned ncols;
	unsigned batch;         /* rows of `multi` */
	sqlite3_stmt *multi;    /* INSERT ... VALUES (?,..),(?,..) x batch */
	sqlite3_stmt *single;   /* one row */
};

struct sq_conn {
	sqlite3 *db;
	uint64_t gen;
	struct sq_result rs;
	struct sq_loader load;
	int64_t busy_deadline_ns; /* the busy handler's current wait */
	bool opening;             /* in sq_open: wait at least SQ_OPEN_WAIT_MS */
};

struct sq_stmt {
	sqlite3_stmt *s;
	uint64_t gen;           /* generation prepared on */
	bool rollback;          /* a plain ROLLBACK: no-op outside a transaction */
	char *sql;              /* to prepare again after a reconnect */
	size_t len;
};

/* ---- errors --------------------------------------------------------------- */

/* Set c's error: extended code ext, SQLite's message text. An ignorable
 * error inside a transaction rolls the transaction back. Returns -EIO. */
static int sq_fail_msg(sql_connection *c, sqlite3 *db, int ext, const char *text)
{
	char msg[512];
	const char *name = sq_code_name(ext);
	int cls;

	if (name == NULL)
		name = sq_code_name(ext & 0xff);
	snprintf(msg, sizeof(msg), "%s (%s)", text, name ? name : "unknown result code");
	cls = sq_ignorable(ext) ? DB_ERROR_IGNORABLE : DB_ERROR_FATAL;
	db_set_error(c, cls, ext, sq_state_of(ext & 0xff), msg);
	if (cls == DB_ERROR_IGNORABLE && db != NULL && !sqlite3_get_autocommit(db))
		(void)sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -EIO;
}

/* sq_fail_msg with the handle's last error. */
static int sq_fail(sql_connection *c, sqlite3 *db)
{
	return sq_fail_msg(c, db, sqlite3_extended_errcode(db), sqlite3_errmsg(db));
}

static int sq_not_connected(sql_connection *c)
{
	db_set_error(c, DB_ERROR_FATAL, SQLITE_MISUSE, "08003", "not connected to the database");
	return -ENOTCONN;
}

static int sq_nomem(sql_connection *c)
{
	db_set_error(c, DB_ERROR_FATAL, SQLITE_NOMEM, "HY001", "out of memory");
	return -ENOMEM;
}

/* ---- options -------------------------------------------------------------- */

static bool sq_one_of(const char *v, const char *const *set)
{
	for (; v != NULL && *set != NULL; set++)
		if (strcasecmp(v, *set) == 0)
			return true;
	return false;
}

static int sq_check_database(void);

static int sqlite_init(void)
{
	const char *const *codes;
	unsigned i, nc;
	uint64_t cache;

	sq_cfg.path = opt_get_string("sqlite-db");
	if (sq_cfg.path == NULL || *sq_cfg.path == 0) {
		log_msg(LOG_FATAL, "--sqlite-db is empty: name the database file (SQLite would "
		        "make a private temporary database for each connection)");
		return -EINVAL;
	}
	if (strncmp(sq_cfg.path, "file:", 5) == 0) {
		log_msg(LOG_FATAL, "--sqlite-db=%s: URI file names are not supported; give the "
		        "database file's path (bench opens it read-write)", sq_cfg.path);
		return -EINVAL;
	}
	if (strcmp(sq_cfg.path, ":memory:") == 0) {
		log_msg(LOG_FATAL, "--sqlite-db=%s is not supported: each connection (thread) would "
		        "see its own database. For a database in memory use a file on tmpfs, "
		        "e.g. --sqlite-db=/dev/shm/sbtest.db", sq_cfg.path);
		return -EINVAL;
	}
	sq_cfg.journal_mode = opt_get_string("sqlite-journal-mode");
	if (!sq_one_of(sq_cfg.journal_mode, sq_journal_modes)) {
		log_msg(LOG_FATAL, "Invalid value for --sqlite-journal-mode: '%s' (expected wal, "
		        "delete, truncate, persist, memory or off)",
		        sq_cfg.journal_mode ? sq_cfg.journal_mode : "");
		return -EINVAL;
	}
	sq_cfg.synchronous = opt_get_string("sqlite-synchronous");
	if (!sq_one_of(sq_cfg.synchronous, sq_sync_modes)) {
		log_msg(LOG_FATAL, "Invalid value for --sqlite-synchronous: '%s' (expected off, "
		        "normal or full)", sq_cfg.synchronous ? sq_cfg.synchronous : "");
		return -EINVAL;
	}
	nc = opt_get_list("sqlite-ignore-errors", &codes);
	for (i = 0; i < nc; i++) {
		const char *s = codes[i];
		size_t len = strlen(s);
		if (strcmp(s, "all") == 0 || sq_code_known(s) ||
		    (len > 0 && len <= 9 && strspn(s, "0123456789") == len))
			continue;
		log_msg(LOG_FATAL, "Invalid value for --sqlite-ignore-errors: '%s' (expected SQLite "
		        "result codes by name or number, e.g. SQLITE_BUSY,SQLITE_LOCKED or 5,6, "
		        "or \"all\")", s);
		return -EINVAL;
	}
	sq_cfg.busy_timeout_ms = (int)opt_get_int("sqlite-busy-timeout");
	sq_cfg.cache_set = opt_is_set("sqlite-cache-size");
	cache = opt_get_size("sqlite-cache-size");
	if (sq_cfg.cache_set && cache < 1024) {
		log_msg(LOG_FATAL, "Invalid value for --sqlite-cache-size: %llu bytes (expected at "
		        "least 1K)", (unsigned long long)cache);
		return -EINVAL;
	}
	sq_cfg.cache_kib = (int64_t)(cache / 1024);
	sq_cfg.mmap_size = opt_get_size("sqlite-mmap-size");
	sq_cfg.debug = db_debug();

	/* Memory statistics take a global mutex on every allocation: off, or
	 * the threads serialise on it. Only possible before SQLite's first
	 * use in the process (else SQLITE_MISUSE, harmless). */
	(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	if (sqlite3_initialize() != SQLITE_OK) {
		log_msg(LOG_FATAL, "cannot initialise the SQLite library");
		return -EIO;
	}
	if (sq_cfg.debug)
		log_msg(LOG_NOTICE, "DEBUG: sqlite: library %s, database '%s'", sqlite3_libversion(),
		        sq_cfg.path);
	return sq_check_database();
}

/* ---- connections ---------------------------------------------------------- */

static int64_t sq_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The busy handler: wait for the lock in short, growing naps (10 us to
 * 1 ms) until --sqlite-busy-timeout has passed. SQLite's own handler
 * sleeps 1 ms at first and up to 100 ms, which is long beside the
 * transactions of a benchmark: the waiting thread would lose its turn
 * again and again. */
/* While a connection opens, it waits for the file at least this long,
 * whatever --sqlite-busy-timeout says: that option is about the measured
 * statements. With 0 a thread that opened while another one was writing
 * (or recovering the WAL index, which every first opener does) would fail
 * its thread_init and so the whole run. */
#define SQ_OPEN_WAIT_MS 10000

static int sq_busy(void *arg, int attempt)
{
	struct sq_conn *sc = arg;
	int64_t now = sq_now_ns();
	struct timespec nap;
	long us;
	int wait_ms = sq_cfg.busy_timeout_ms;

	if (sc->opening && wait_ms < SQ_OPEN_WAIT_MS)
		wait_ms = SQ_OPEN_WAIT_MS;
	if (attempt == 0)
		sc->busy_deadline_ns = now + (int64_t)wait_ms * 1000000;
	if (now >= sc->busy_deadline_ns)
		return 0;
	us = attempt < 7 ? 10L << attempt : 1000;
	nap.tv_sec = 0;
	nap.tv_nsec = us * 1000;
	nanosleep(&nap, NULL);
	return 1;
}

static void sq_dirname(char *dir, size_t size, const char *path)
{
	const char *slash = strrchr(path, '/');
	if (slash == NULL)
		snprintf(dir, size, ".");
	else if (slash == path)
		snprintf(dir, size, "/");
	else
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

/* Why the database can't be opened or used, in a user's words, into buf. */
static const char *sq_why(char *buf, size_t size, sqlite3 *db, int rc)
{
	char dir[PATH_MAX];
	struct stat st;
	int sys = db != NULL ? sqlite3_system_errno(db) : 0;
	const char *msg = db != NULL ? sqlite3_errmsg(db) : sqlite3_errstr(rc);

	if ((rc & 0xff) == SQLITE_CANTOPEN || (rc & 0xff) == SQLITE_READONLY) {
		sq_dirname(dir, sizeof(dir), sq_cfg.path);
		if (stat(dir, &st) != 0) {
			snprintf(buf, size, "the folder '%s' does not exist", dir);
			return buf;
		}
		if (!S_ISDIR(st.st_mode)) {
			snprintf(buf, size, "'%s' is not a folder", dir);
			return buf;
		}
		if (stat(sq_cfg.path, &st) == 0 && S_ISDIR(st.st_mode)) {
			snprintf(buf, size, "it is a folder");
			return buf;
		}
		if (access(dir, W_OK) != 0) {
			snprintf(buf, size, "the folder '%s' is not writable (SQLite creates the "
			         "database and its journal files there)", dir);
			return buf;
		}
		if (stat(sq_cfg.path, &st) == 0 && access(sq_cfg.path, W_OK) != 0) {
			snprintf(buf, size, "the file is not writable");
			return buf;
		}
	}
	if (rc == SQLITE_READONLY)
		snprintf(buf, size, "the file can only be opened read-only");
	else if (sys != 0)
		snprintf(buf, size, "%s (%s)", msg, strerror(sys));
	else
		snprintf(buf, size, "%s", msg);
	return buf;
}

/* Run one PRAGMA (or any statement) on a fresh handle; its first value
 * into val (may be NULL). SQLITE_OK or the error code. */
static int sq_exec1(sqlite3 *db, const char *sql, char *val, size_t size)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
	if (rc != SQLITE_OK)
		return rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW)
		if (val != NULL && sqlite3_column_text(s, 0) != NULL)
			snprintf(val, size, "%s", (const char *)sqlite3_column_text(s, 0));
	rc = sqlite3_finalize(s);
	return rc;
}

/* Open the handle and apply the options; 0 or the failing SQLite code
 * with *what the step that failed. */
/* The application id bench writes into a database file it created
 * ("bnch"): cleanup removes such a file once it holds nothing. */
#define SQ_APP_ID 0x626e6368

static bool sq_cleanup(void)
{
	const char *cmd = db_command();
	return cmd && strcmp(cmd, "cleanup") == 0;
}

static int sq_open(struct sq_conn *sc, const char **what)
{
	char sql[96], mode[32] = "";
	int rc, flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
	bool created;

	*what = "open";
	/* cleanup never creates the file it would clean */
	if (!sq_cleanup())
		flags |= SQLITE_OPEN_CREATE;
	created = access(sq_cfg.path, F_OK) != 0;
	rc = sqlite3_open_v2(sq_cfg.path, &sc->db, flags, NULL);
	if (rc != SQLITE_OK) {
		if (!(flags & SQLITE_OPEN_CREATE) && created)
			*what = NULL;           /* nothing to clean up */
		return rc;
	}
	sqlite3_extended_result_codes(sc->db, 1);
	sqlite3_busy_handler(sc->db, sq_busy, sc);
	if (sqlite3_db_readonly(sc->db, "main") == 1)
		return SQLITE_READONLY;

	*what = "use";
	/* reads the header: a file that is not a database fails here */
	if ((rc = sq_exec1(sc->db, "SELECT count(*) FROM sqlite_master", NULL, 0)) != SQLITE_OK)
		return rc;
	if (created && access(sq_cfg.path, F_OK) == 0) {
		snprintf(sql, sizeof(sql), "PRAGMA application_id = %d", SQ_APP_ID);
		if ((rc = sq_exec1(sc->db, sql, NULL, 0)) != SQLITE_OK)
			return rc;
	}
	snprintf(sql, sizeof(sql), "PRAGMA journal_mode = %s", sq_cfg.journal_mode);
	if ((rc = sq_exec1(sc->db, sql, mode, sizeof(mode))) != SQLITE_OK)
		return rc;
	if (strcasecmp(mode, sq_cfg.journal_mode) != 0 &&
	    __atomic_exchange_n(&sq_cfg.journal_warned, 1, __ATOMIC_RELAXED) == 0)
		log_msg(LOG_WARNING, "sqlite: journal mode '%s' requested, the database uses '%s'",
		        sq_cfg.journal_mode, mode);
	snprintf(sql, sizeof(sql), "PRAGMA synchronous = %s", sq_cfg.synchronous);
	if ((rc = sq_exec1(sc->db, sql, NULL, 0)) != SQLITE_OK)
		return rc;
	if (sq_cfg.cache_set) {
		snprintf(sql, sizeof(sql), "PRAGMA cache_size = -%lld", (long long)sq_cfg.cache_kib);
		if ((rc = sq_exec1(sc->db, sql, NULL, 0)) != SQLITE_OK)
			return rc;
	}
	snprintf(sql, sizeof(sql), "PRAGMA mmap_size = %llu", (unsigned long long)sq_cfg.mmap_size);
	if ((rc = sq_exec1(sc->db, sql, NULL, 0)) != SQLITE_OK)
		return rc;
	return SQLITE_OK;
}

static void sq_loader_reset(struct sq_loader *l)
{
	sqlite3_finalize(l->multi);
	sqlite3_finalize(l->single);
	free(l->key);
	memset(l, 0, sizeof(*l));
}

static void sq_conn_free(struct sq_conn *sc)
{
	if (sc == NULL)
		return;
	sq_loader_reset(&sc->load);
	/* v2: statements the caller still holds keep the handle alive until
	 * they are finalized (db_close after a reconnect) */
	sqlite3_close_v2(sc->db);
	free(sc->rs.arena);
	free(sc->rs.cells);
	free(sc);
}

/* A new connection with the options applied, or NULL after its FATAL
 * line; *rc and why (size bytes) tell what failed. */
static struct sq_conn *sq_connect(int *rc, char *why, size_t size)
{
	struct sq_conn *sc = calloc(1, sizeof(*sc));
	const char *what;

	if (sc == NULL) {
		*rc = SQLITE_NOMEM;
		snprintf(why, size, "out of memory");
		log_msg(LOG_FATAL, "out of memory for a SQLite connection");
		return NULL;
	}
	sc->opening = true;
	*rc = sq_open(sc, &what);
	sc->opening = false;
	if (*rc != SQLITE_OK) {
		sq_why(why, size, sc->db, *rc);
		if (what == NULL)
			log_msg(LOG_FATAL, "the SQLite database '%s' does not exist: nothing to "
			        "clean up", sq_cfg.path);
		else
			log_msg(LOG_FATAL, "cannot %s the SQLite database '%s': %s", what,
			        sq_cfg.path, why);
		sq_conn_free(sc);
		return NULL;
	}
	return sc;
}

/* Once per process, before any connection: can the database be opened
 * and used? So that a missing folder or a file that is not a database
 * is said once, not by every thread; it also switches a new file to the
 * journal mode while no other connection is open. */
static int sq_check_database(void)
{
	char why[PATH_MAX + 256];
	int rc;
	struct sq_conn *sc = sq_connect(&rc, why, sizeof(why));

	if (sc == NULL)
		return -EIO;
	sq_conn_free(sc);
	return 0;
}

static int sqlite_connect(sql_connection *c, unsigned seq)
{
	struct sq_conn *sc;
	char why[PATH_MAX + 256];
	int rc;

	sc = sq_connect(&rc, why, sizeof(why));
	if (sc == NULL) {
		db_set_error(c, DB_ERROR_FATAL, rc, sq_state_of(rc & 0xff), why);
		return rc == SQLITE_NOMEM ? -ENOMEM : -EIO;
	}
	sc->gen = __atomic_add_fetch(&sq_generation, 1, __ATOMIC_RELAXED);
	if (sq_cfg.debug)
		log_msg(LOG_NOTICE, "DEBUG: sqlite: connection %u opened '%s'", seq, sq_cfg.path);
	c->priv = sc;
	return 0;
}

/* After cleanup: whether the connection's database is a file bench
 * created (its application id) that holds nothing now. */
static bool sq_empty_own_file(struct sq_conn *sc)
{
	char v[32] = "", n[32] = "";

	if (sc == NULL || sc->db == NULL ||
	    sq_exec1(sc->db, "PRAGMA application_id", v, sizeof(v)) != SQLITE_OK ||
	    sq_exec1(sc->db, "SELECT count(*) FROM sqlite_master", n, sizeof(n)) != SQLITE_OK)
		return false;
	return strtol(v, NULL, 10) == SQ_APP_ID && strcmp(n, "0") == 0;
}

static void sqlite_disconnect(sql_connection *c)
{
	bool remove = sq_cleanup() && sq_empty_own_file(c->priv);

	sq_conn_free(c->priv);
	c->priv = NULL;
	if (remove) {
		static const char *const ext[] = { "", "-wal", "-shm", "-journal" };
		char p[PATH_MAX];
		for (unsigned i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
			snprintf(p, sizeof(p), "%s%s", sq_cfg.path, ext[i]);
			if (unlink(p) != 0 && errno != ENOENT)
				log_msg(LOG_WARNING, "sqlite: cannot remove '%s': %s", p, strerror(errno));
		}
		log_msg(LOG_NOTICE, "Removed the SQLite database '%s' (created by prepare, now empty)",
		        sq_cfg.path);
	}
}

/* ---- running a statement -------------------------------------------------- */

static int sq_arena_reserve(struct sq_result *r, size_t need)
{
	size_t cap;
	char *p;
	if (r->arena_len + need <= r->arena_cap)
		return 0;
	cap = r->arena_cap ? r->arena_cap : 4096;
	while (cap < r->arena_len + need)
		cap *= 2;
	p = realloc(r->arena, cap);
	if (p == NULL)
		return -ENOMEM;
	r->arena = p;
	r->arena_cap = cap;
	return 0;
}

/* Keep the current row of s: its columns' text in the arena. */
static int sq_keep_row(struct sq_result *r, sqlite3_stmt *s)
{
	uint32_t i;

	if (r->ncells + r->nfields > r->cells_cap) {
		size_t cap = r->cells_cap ? r->cells_cap * 2 : 64;
		struct sq_cell *p;
		while (cap < r->ncells + r->nfields)
			cap *= 2;
		p = realloc(r->cells, cap * sizeof(*p));
		if (p == NULL)
			return -ENOMEM;
		r->cells = p;
		r->cells_cap = cap;
	}
	for (i = 0; i < r->nfields; i++) {
		struct sq_cell *cell = &r->cells[r->ncells++];
		const unsigned char *t;
		int n;

		if (sqlite3_column_type(s, (int)i) == SQLITE_NULL) {
			cell->null = true;
			cell->off = 0;
			cell->len = 0;
			continue;
		}
		t = sqlite3_column_text(s, (int)i);
		n = sqlite3_column_bytes(s, (int)i);
		if (t == NULL || sq_arena_reserve(r, (size_t)n + 1))
			return -ENOMEM;
		memcpy(r->arena + r->arena_len, t, (size_t)n);
		r->arena[r->arena_len + (size_t)n] = 0;
		cell->null = false;
		cell->off = r->arena_len;
		cell->len = (uint32_t)n;
		r->arena_len += (size_t)n + 1;
	}
	r->nrows++;
	return 0;
}

/* Step s to its end, keeping the rows; fill rs as driver.h says. s is
 * reset (its bindings kept) whatever happens. */
static int sq_run(sql_connection *c, struct sq_conn *sc, sqlite3_stmt *s, sql_result *rs)
{
	struct sq_result *r = &sc->rs;
	int64_t before = sqlite3_total_changes64(sc->db);
	int ncols = sqlite3_column_count(s);
	int rc;

	r->nrows = 0;
	r->row = 0;
	r->ncells = 0;
	r->arena_len = 0;
	r->nfields = (uint32_t)ncols;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (SQ_UNLIKELY(sq_keep_row(r, s))) {
			sqlite3_reset(s);
			return sq_nomem(c);
		}
	}
	if (SQ_UNLIKELY(rc != SQLITE_DONE)) {
		/* the error is the step's; reset before a rollback may run */
		int ext = sqlite3_extended_errcode(sc->db);
		char msg[400];
		snprintf(msg, sizeof(msg), "%s", sqlite3_errmsg(sc->db));
		sqlite3_reset(s);
		r->nrows = 0;
		return sq_fail_msg(c, sc->db, ext, msg);
	}
	sqlite3_reset(s);
	if (ncols > 0) {
		rs->counter = SB_CNT_READ;
		rs->nrows = r->nrows;
		rs->nfields = r->nfields;
		rs->ptr = r;
	} else {
		int64_t changed = sqlite3_total_changes64(sc->db) - before;
		rs->counter = changed > 0 ? SB_CNT_WRITE : SB_CNT_OTHER;
		rs->nrows = changed > 0 ? (uint32_t)changed : 0;
		rs->nfields = 0;
		rs->ptr = NULL;
	}
	return 0;
}

/* Is sql a plain ROLLBACK (not ROLLBACK TO a savepoint)? */
static bool sq_is_rollback(const char *sql)
{
	const char *p = sql;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (strncasecmp(p, "ROLLBACK", 8) != 0)
		return false;
	p += 8;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (strncasecmp(p, "TRANSACTION", 11) == 0)
		p += 11;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ';')
		p++;
	return *p == 0;
}

/* A statement that did nothing (a ROLLBACK outside a transaction). */
static int sq_nothing(sql_result *rs)
{
	rs->counter = SB_CNT_OTHER;
	rs->nrows = 0;
	rs->nfields = 0;
	rs->ptr = NULL;
	return 0;
}

static int sqlite_query(sql_connection *c, const char *sql, size_t len, sql_result *rs)
{
	struct sq_conn *sc = c->priv;
	const char *p = sql, *end = sql + len, *tail;
	int rc;

	if (sc == NULL)
		return sq_not_connected(c);
	if (len > INT_MAX) {
		db_set_error(c, DB_ERROR_FATAL, SQLITE_TOOBIG, "54000", "statement over 2 GiB");
		return -E2BIG;
	}
	sq_nothing(rs);
	/* several statements separated by ';' run in turn; the last one's
	 * result is the call's */
	while (p < end) {
		sqlite3_stmt *s = NULL;
		if (sqlite3_prepare_v2(sc->db, p, (int)(end - p), &s, &tail) != SQLITE_OK)
			return sq_fail(c, sc->db);
		p = tail;
		if (s == NULL)   /* only blanks or a comment */
			continue;
		if (sqlite3_get_autocommit(sc->db) && sq_is_rollback(sqlite3_sql(s))) {
			sqlite3_finalize(s);
			sq_nothing(rs);
			continue;
		}
		rc = sq_run(c, sc, s, rs);
		sqlite3_finalize(s);
		if (rc)
			return rc;
	}
	return 0;
}

/* ---- prepared statements -------------------------------------------------- */

static void sq_stmt_free(struct sq_stmt *ps)
{
	if (ps == NULL)
		return;
	sqlite3_finalize(ps->s);
	free(ps->sql);
	free(ps);
}

/* Prepare ps->sql on sc. 0, -ENOTSUP for text that is not exactly one
 * statement (the core then emulates it: db_query runs them all), or the
 * error. */
static int sq_stmt_prepare(sql_statement *st, struct sq_conn *sc, struct sq_stmt *ps)
{
	const char *tail = NULL;

	sqlite3_finalize(ps->s);
	ps->s = NULL;
	if (sqlite3_prepare_v3(sc->db, ps->sql, (int)ps->len, SQLITE_PREPARE_PERSISTENT, &ps->s,
	                       &tail) != SQLITE_OK)
		return sq_fail(st->connection, sc->db);
	if (ps->s == NULL)
		return -ENOTSUP;
	while (tail != NULL && (*tail == ' ' || *tail == '\t' || *tail == '\n' ||
	                        *tail == '\r' || *tail == ';'))
		tail++;
	if (tail != NULL && tail < ps->sql + ps->len && *tail != 0)
		return -ENOTSUP;
	ps->gen = sc->gen;
	return 0;
}

static int sqlite_prepare(sql_statement *st, const char *sql, size_t len)
{
	struct sq_conn *sc = st->connection->priv;
	struct sq_stmt *ps;
	int rc;

	if (sc == NULL)
		return sq_not_connected(st->connection);
	if (len > INT_MAX)
		return -ENOTSUP;
	ps = calloc(1, sizeof(*ps));
	if (ps == NULL || (ps->sql = malloc(len + 1)) == NULL) {
		free(ps);
		return sq_nomem(st->connection);
	}
	memcpy(ps->sql, sql, len);
	ps->sql[len] = 0;
	ps->len = len;
	rc = sq_stmt_prepare(st, sc, ps);
	if (rc) {
		sq_stmt_free(ps);
		return rc;
	}
	ps->rollback = sq_is_rollback(ps->sql);
	/* SQLite's count wins (?NNN, :name) */
	db_stmt_set_nparams(st, (unsigned)sqlite3_bind_parameter_count(ps->s));
	st->priv = ps;
	return 0;
}

/* Bind the current values of the statement's parameters. */
static int sq_bind(sql_statement *st, struct sq_stmt *ps)
{
	sqlite3_stmt *s = ps->s;
	int n = sqlite3_bind_parameter_count(s), i, rc = SQLITE_OK;
	unsigned np;
	const sql_bind *params = db_stmt_params(st, &np);

	if (n == 0)
		return 0;
	if (params == NULL || np != (unsigned)n) {
		db_set_error(st->connection, DB_ERROR_FATAL, SQLITE_RANGE, "07001",
		             "parameters are not bound");
		return -EINVAL;
	}
	for (i = 0; i < n && rc == SQLITE_OK; i++) {
		const sql_bind *b = &params[i];
		if ((b->is_null && *b->is_null) || b->buffer == NULL) {
			rc = sqlite3_bind_null(s, i + 1);
			continue;
		}
		switch (b->type) {
		case SQL_TYPE_TINYINT:
			rc = sqlite3_bind_int(s, i + 1, *(const int8_t *)b->buffer);
			break;
		case SQL_TYPE_SMALLINT:
			rc = sqlite3_bind_int(s, i + 1, *(const int16_t *)b->buffer);
			break;
		case SQL_TYPE_INT:
			rc = sqlite3_bind_int(s, i + 1, *(const int32_t *)b->buffer);
			break;
		case SQL_TYPE_BIGINT:
			rc = sqlite3_bind_int64(s, i + 1, *(const int64_t *)b->buffer);
			break;
		case SQL_TYPE_FLOAT:
			rc = sqlite3_bind_double(s, i + 1, *(const float *)b->buffer);
			break;
		case SQL_TYPE_DOUBLE:
			rc = sqlite3_bind_double(s, i + 1, *(const double *)b->buffer);
			break;
		case SQL_TYPE_TIME:
		case SQL_TYPE_DATE:
		case SQL_TYPE_DATETIME:
		case SQL_TYPE_TIMESTAMP:
		case SQL_TYPE_CHAR:
		case SQL_TYPE_VARCHAR: {
			unsigned long dl = b->data_len ? *b->data_len : b->max_len;
			if (dl > b->max_len)
				dl = b->max_len;
			/* the caller's buffer outlives the execute: no copy */
			rc = sqlite3_bind_text(s, i + 1, b->buffer, (int)dl, SQLITE_STATIC);
			break;
		}
		default: {
			char msg[64];
			snprintf(msg, sizeof(msg), "unsupported type %d of parameter %d", b->type, i + 1);
			db_set_error(st->connection, DB_ERROR_FATAL, SQLITE_MISMATCH, "HY004", msg);
			return -EINVAL;
		}
		}
	}
	if (rc != SQLITE_OK)
		return sq_fail(st->connection, ((struct sq_conn *)st->connection->priv)->db);
	return 0;
}

static int sqlite_execute(sql_statement *st, sql_result *rs)
{
	struct sq_stmt *ps = st->priv;
	struct sq_conn *sc = st->connection->priv;
	int rc;

	if (SQ_UNLIKELY(sc == NULL))
		return sq_not_connected(st->connection);
	/* prepared on an earlier handle (reconnect) */
	if (SQ_UNLIKELY(ps->gen != sc->gen) && (rc = sq_stmt_prepare(st, sc, ps)) != 0)
		return rc == -ENOTSUP ? -EINVAL : rc;
	if (SQ_UNLIKELY(ps->rollback) && sqlite3_get_autocommit(sc->db))
		return sq_nothing(rs);
	if ((rc = sq_bind(st, ps)) != 0)
		return rc;
	return sq_run(st->connection, sc, ps->s, rs);
}

static void sqlite_close(sql_statement *st)
{
	sq_stmt_free(st->priv);
	st->priv = NULL;
}

/* ---- rows ----------------------------------------------------------------- */

static int sqlite_fetch_row(sql_result *rs, sql_row *row)
{
	struct sq_result *r = rs->ptr;
	const struct sq_cell *cell;
	uint32_t i;

	if (r == NULL || r->row >= r->nrows)
		return 0;
	cell = &r->cells[(size_t)r->row * r->nfields];
	for (i = 0; i < r->nfields; i++, cell++) {
		row->values[i].ptr = cell->null ? NULL : r->arena + cell->off;
		row->values[i].len = cell->len;
	}
	r->row++;
	return 1;
}

#define SQ_ARENA_KEEP (4u << 20)   /* larger arenas are freed after use */

static void sqlite_free_results(sql_result *rs)
{
	struct sq_result *r = rs->ptr;
	if (r != NULL && r->arena_cap > SQ_ARENA_KEEP) {
		free(r->arena);
		free(r->cells);
		r->arena = NULL;
		r->cells = NULL;
		r->arena_cap = r->arena_len = 0;
		r->cells_cap = r->ncells = 0;
		r->nrows = 0;
	}
	rs->ptr = NULL;
}

/* SQL's quoting: a quote is doubled. */
static size_t sqlite_escape(sql_connection *c, char *to, const char *from, size_t len)
{
	size_t i, j = 0;
	(void)c;
	for (i = 0; i < len; i++) {
		if (from[i] == '\'')
			to[j++] = '\'';
		to[j++] = from[i];
	}
	to[j] = 0;
	return j;
}

/* ---- bulk load ------------------------------------------------------------ */

#define SQ_LOAD_BATCH 64   /* rows per multi-row INSERT */

/* The loader's statements for table (cols), prepared when they change. */
static int sq_loader_prepare(sql_connection *c, struct sq_conn *sc, const char *table,
                             const char *cols)
{
	struct sq_loader *l = &sc->load;
	size_t klen = strlen(table) + strlen(cols) + 2, cap, pos;
	unsigned ncols = 1, i, j, batch;
	int maxvars;
	char *key, *sql;
	const char *p;

	key = malloc(klen);
	if (key == NULL)
		return sq_nomem(c);
	snprintf(key, klen, "%s\n%s", table, cols);
	if (l->key != NULL && strcmp(l->key, key) == 0) {
		free(key);
		return 0;
	}
	sq_loader_reset(l);
	l->key = key;
	for (p = cols; *p; p++)
		ncols += *p == ',';
	maxvars = sqlite3_limit(sc->db, SQLITE_LIMIT_VARIABLE_NUMBER, -1);
	batch = SQ_LOAD_BATCH;
	if ((int)(batch * ncols) > maxvars)
		batch = (unsigned)maxvars / ncols;
	if (batch == 0)
		batch = 1;
	cap = strlen(table) + strlen(cols) + 32 + (size_t)batch * (ncols * 2 + 3);
	sql = malloc(cap);
	if (sql == NULL)
		return sq_nomem(c);
	pos = (size_t)snprintf(sql, cap, "INSERT INTO %s (%s) VALUES ", table, cols);
	for (i = 0; i < batch; i++) {
		sql[pos++] = i ? ',' : '(';
		if (i)
			sql[pos++] = '(';
		for (j = 0; j < ncols; j++) {
			if (j)
				sql[pos++] = ',';
			sql[pos++] = '?';
		}
		sql[pos++] = ')';
		if (i == 0) {
			/* the one-row statement is this prefix */
			if (sqlite3_prepare_v3(sc->db, sql, (int)pos, SQLITE_PREPARE_PERSISTENT,
			                       &l->single, NULL) != SQLITE_OK) {
				free(sql);
				return sq_fail(c, sc->db);
			}
		}
	}
	if (sqlite3_prepare_v3(sc->db, sql, (int)pos, SQLITE_PREPARE_PERSISTENT, &l->multi,
	                       NULL) != SQLITE_OK) {
		free(sql);
		return sq_fail(c, sc->db);
	}
	free(sql);
	l->ncols = ncols;
	l->batch = batch;
	return 0;
}

/* Bind one text value: as an integer when it is the canonical text of one
 * (what the column's affinity would make of it anyway), else as text. */
static int sq_bind_value(sqlite3_stmt *s, int i, const char *v, size_t n)
{
	size_t k = v[0] == '-';
	int64_t x = 0;

	if (n > k && n - k <= 18 && (v[k] != '0' || n - k == 1)) {
		size_t d;
		for (d = k; d < n && v[d] >= '0' && v[d] <= '9'; d++)
			x = x * 10 + (v[d] - '0');
		if (d == n && !(k && x == 0))
			return sqlite3_bind_int64(s, i, k ? -x : x);
	}
	return sqlite3_bind_text(s, i, v, (int)n, SQLITE_STATIC);
}

/* Bind the row at *pp (one line) into s from parameter first+1; advance
 * *pp past the line. SQLITE_OK, or SQLITE_RANGE for a wrong value count. */
static int sq_bind_line(sqlite3_stmt *s, int first, unsigned ncols, const char **pp,
                        const char *end)
{
	const char *p = *pp;
	const char *eol = memchr(p, '\n', (size_t)(end - p));
	unsigned j;
	int rc;

	if (eol == NULL)
		eol = end;
	for (j = 0; j < ncols; j++) {
		const char *tab = j + 1 < ncols ? memchr(p, '\t', (size_t)(eol - p)) : eol;
		if (tab == NULL)
			return SQLITE_RANGE;
		if ((rc = sq_bind_value(s, first + (int)j + 1, p, (size_t)(tab - p))) != SQLITE_OK)
			return rc;
		p = tab + 1;
	}
	if (p - 1 != eol)
		return SQLITE_RANGE;
	*pp = eol < end ? eol + 1 : end;
	return SQLITE_OK;
}

/* Step s once (an INSERT); SQLITE_DONE or the error. */
static int sq_step_insert(sqlite3_stmt *s)
{
	int rc = sqlite3_step(s);
	if (rc == SQLITE_DONE)
		sqlite3_reset(s);
	return rc;
}

static int sqlite_load(sql_connection *c, const char *table, const char *cols,
                       const char *data, size_t len, sql_result *rs)
{
	struct sq_conn *sc = c->priv;
	struct sq_loader *l;
	const char *p = data, *end = data + len;
	size_t rows = 0, done = 0;
	bool own;
	int64_t before;
	int rc = SQLITE_DONE;
	sqlite3_stmt *failed = NULL;

	if (sc == NULL)
		return sq_not_connected(c);
	if ((rc = sq_loader_prepare(c, sc, table, cols)) != 0)
		return rc;
	rc = SQLITE_DONE;
	l = &sc->load;
	if (len == 0)
		return sq_nothing(rs);
	for (p = data; p < end; p++)
		rows += *p == '\n';
	if (end[-1] != '\n')
		rows++;
	p = data;
	before = sqlite3_total_changes64(sc->db);
	own = sqlite3_get_autocommit(sc->db);
	if (own && sqlite3_exec(sc->db, "SAVEPOINT bench_load", NULL, NULL, NULL) != SQLITE_OK)
		return sq_fail(c, sc->db);
	while (rows - done >= l->batch && rc == SQLITE_DONE) {
		unsigned i;
		for (i = 0; i < l->batch && rc == SQLITE_DONE; i++)
			if (sq_bind_line(l->multi, (int)(i * l->ncols), l->ncols, &p, end) != SQLITE_OK)
				rc = SQLITE_RANGE;
		if (rc == SQLITE_DONE && (rc = sq_step_insert(l->multi)) != SQLITE_DONE)
			failed = l->multi;
		done += l->batch;
	}
	while (done < rows && rc == SQLITE_DONE) {
		if (sq_bind_line(l->single, 0, l->ncols, &p, end) != SQLITE_OK)
			rc = SQLITE_RANGE;
		else if ((rc = sq_step_insert(l->single)) != SQLITE_DONE)
			failed = l->single;
		done++;
	}
	if (rc != SQLITE_DONE) {
		char msg[400];
		int ext;
		if (rc == SQLITE_RANGE && failed == NULL) {
			ext = SQLITE_RANGE;
			snprintf(msg, sizeof(msg), "bulk load: a row without exactly %u tab-separated "
			         "values", l->ncols);
		} else {
			ext = sqlite3_extended_errcode(sc->db);
			snprintf(msg, sizeof(msg), "%s", sqlite3_errmsg(sc->db));
		}
		if (failed != NULL)
			sqlite3_reset(failed);
		if (own) {
			(void)sqlite3_exec(sc->db, "ROLLBACK TO bench_load", NULL, NULL, NULL);
			(void)sqlite3_exec(sc->db, "RELEASE bench_load", NULL, NULL, NULL);
		}
		return sq_fail_msg(c, sc->db, ext, msg);
	}
	if (own && sqlite3_exec(sc->db, "RELEASE bench_load", NULL, NULL, NULL) != SQLITE_OK) {
		int r = sq_fail(c, sc->db);
		if (!sqlite3_get_autocommit(sc->db))
			(void)sqlite3_exec(sc->db, "ROLLBACK", NULL, NULL, NULL);
		return r;
	}
	rs->counter = SB_CNT_WRITE;
	rs->nrows = (uint32_t)(sqlite3_total_changes64(sc->db) - before);
	rs->nfields = 0;
	rs->ptr = NULL;
	return 0;
}

const struct db_driver_ops db_sqlite_ops = {
	.abi = DB_DRIVER_ABI,
	.server_info = db_sqlite_server_info,
	.name = "sqlite",
	.desc = "SQLite driver",
	.caps = DB_CAP_PREPARED | DB_CAP_MULTI_ROW | DB_CAP_LOAD,
	.opts = sqlite_opts,
	.nopts = sizeof(sqlite_opts) / sizeof(sqlite_opts[0]),
	.init = sqlite_init,
	.connect = sqlite_connect,
	.disconnect = sqlite_disconnect,
	.query = sqlite_query,
	.prepare = sqlite_prepare,
	.execute = sqlite_execute,
	.close = sqlite_close,
	.fetch_row = sqlite_fetch_row,
	.free_results = sqlite_free_results,
	.escape = sqlite_escape,
	.load = sqlite_load,
};
