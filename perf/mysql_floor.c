/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mysql_floor: the floor of client CPU per transaction for sysbench's
 * oltp_read_write on MariaDB Connector/C's nonblocking API, for
 * perf/myfloor.sh (issue 18). No Lua, no statistics, no options beyond
 * what the workload needs: N connections spread over J threads (connection
 * i on thread i mod J, as bench --connections), each thread one
 * level-triggered epoll over its sockets, each connection a state machine
 * through the statements of one oltp_read_write transaction with the
 * default options:
 *   BEGIN; 10 point selects; a simple, a SUM, an ORDER BY and a DISTINCT
 *   range of 100 rows; an index update; a non-index update; a delete and
 *   an insert of the same id; COMMIT
 * every one a server-side prepared statement per table and connection,
 * prepared at the start as sysbench does, executed with
 * mysql_stmt_execute_start and, for a result set, stored
 * (mysql_stmt_store_result_start) and freed, as bench and sysbench do.
 * Parameters are bound once onto the connection's own buffers; ids are
 * uniform (xorshift), a table is drawn per statement group, as in
 * oltp_common.lua. A deadlock or lock wait timeout (1213, 1205, 1020)
 * restarts the transaction, as sysbench's default ignore list does.
 *
 * With MYSQL_FLOOR_NOREAD=1 in the environment the first read after a
 * request answers EAGAIN without a recv() (the statement waits for epoll
 * at once), as bench does under --connections (src/db/mysql.c,
 * my_nb_reads): the library's own read right after sending finds nothing
 * for most statements on loopback.
 *
 * Connecting and preparing are blocking and happen before the clock
 * starts, but they are in the process's CPU time, as they are in bench's
 * and sysbench's. Prints sysbench's "transactions:" line (and errors), so
 * perf scripts parse all three clients the same way.
 *
 * usage: mysql_floor HOST PORT USER PASSWORD DB TABLES TABLE_SIZE CONNS THREADS SECS
 * build: cc -O2 -pthread mysql_floor.c $(mariadb_config --cflags --libs)
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>

#include <mysql.h>
#include <ma_pvio.h>

enum { S_BEGIN, S_POINT, S_SIMPLE, S_SUM, S_ORDER, S_DISTINCT, S_IDXUPD, S_NONIDXUPD,
       S_DELETE, S_INSERT, S_COMMIT, S_KINDS };

static const char *const stmt_sql[S_KINDS] = {
	"BEGIN",
	"SELECT c FROM sbtest%d WHERE id=?",
	"SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?",
	"SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?",
	"SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c",
	"SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c",
	"UPDATE sbtest%d SET k=k+1 WHERE id=?",
	"UPDATE sbtest%d SET c=? WHERE id=?",
	"DELETE FROM sbtest%d WHERE id=?",
	"INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)",
	"COMMIT",
};

/* one transaction: the statement kinds in order */
static const unsigned char plan[] = {
	S_BEGIN, S_POINT, S_POINT, S_POINT, S_POINT, S_POINT, S_POINT, S_POINT, S_POINT,
	S_POINT, S_POINT, S_SIMPLE, S_SUM, S_ORDER, S_DISTINCT, S_IDXUPD, S_NONIDXUPD,
	S_DELETE, S_INSERT, S_COMMIT,
};
#define PLAN_LEN (sizeof(plan) / sizeof(plan[0]))
#define RANGE 100

struct conn {
	MYSQL *m;
	int fd;
	uint32_t events;          /* epoll interest now */
	MYSQL_STMT **st;          /* [table * S_KINDS + kind] */
	unsigned step;            /* index into plan */
	int phase;                /* 0: execute in flight, 1: store_result in flight */
	int table;                /* table of the current statement group */
	uint64_t rng;
	long long id, lo, hi, k;  /* parameter buffers, bound once */
	char c[121], pad[61];
	unsigned long c_len, pad_len;
	unsigned long long tx, errors;
	int done;
	/* MYSQL_FLOOR_NOREAD=1: the socket's methods, the first read after
	 * a write answered EAGAIN without a recv() (what bench does) */
	PVIO_METHODS methods;
	ssize_t (*lib_read)(MARIADB_PVIO *, uchar *, size_t);
	ssize_t (*lib_write)(MARIADB_PVIO *, const uchar *, size_t);
	int sent;
};

static struct {
	const char *host, *user, *pw, *db;
	unsigned port;
	int tables, table_size, conns, threads, secs;
} cfg;

static atomic_int stop;

static void die(const char *what, const char *msg)
{
	fprintf(stderr, "FATAL: %s: %s\n", what, msg);
	exit(1);
}

static uint64_t rnd(struct conn *c)
{
	uint64_t x = c->rng;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return c->rng = x;
}

static void rnd_digits(struct conn *c, char *s, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		if (i % 12 == 11)
			s[i] = '-';
		else
			s[i] = (char)('0' + rnd(c) % 10);
	}
}

static void bind_ll(MYSQL_BIND *b, long long *p)
{
	b->buffer_type = MYSQL_TYPE_LONGLONG;
	b->buffer = p;
}

static void bind_str(MYSQL_BIND *b, char *p, unsigned long *len, unsigned long cap)
{
	b->buffer_type = MYSQL_TYPE_STRING;
	b->buffer = p;
	b->buffer_length = cap;
	b->length = len;
}

static struct conn *pvio_conn(MARIADB_PVIO *p)
{
	return (struct conn *)(void *)((char *)p->methods - offsetof(struct conn, methods));
}

static ssize_t noread_read(MARIADB_PVIO *p, uchar *buf, size_t len)
{
	struct conn *c = pvio_conn(p);
	if (c->sent) {
		c->sent = 0;
		errno = EAGAIN;
		return -1;
	}
	return c->lib_read(p, buf, len);
}

static ssize_t noread_write(MARIADB_PVIO *p, const uchar *buf, size_t len)
{
	struct conn *c = pvio_conn(p);
	ssize_t r = c->lib_write(p, buf, len);
	if (r > 0)
		c->sent = 1;
	return r;
}

static void conn_noread(struct conn *c)
{
	MARIADB_PVIO *p = c->m->net.pvio;
	if (p == NULL || p->methods == NULL || p->ctls != NULL || p->methods->async_read == NULL ||
	    p->methods->async_write == NULL)
		die("MYSQL_FLOOR_NOREAD", "not a plain socket");
	c->methods = *p->methods;
	c->lib_read = p->methods->async_read;
	c->lib_write = p->methods->async_write;
	c->methods.async_read = noread_read;
	c->methods.async_write = noread_write;
	p->methods = &c->methods;
}

static void conn_open(struct conn *c, unsigned i)
{
	char sql[128];
	int t, k;

	c->rng = 0x9e3779b97f4a7c15ULL * (i + 1);
	if ((c->m = mysql_init(NULL)) == NULL)
		die("mysql_init", "out of memory");
	mysql_options(c->m, MYSQL_OPT_NONBLOCK, 0);
	if (!mysql_real_connect(c->m, cfg.host, cfg.user, cfg.pw, cfg.db, cfg.port, NULL, 0))
		die("mysql_real_connect", mysql_error(c->m));
	c->fd = (int)mysql_get_socket(c->m);
	if (getenv("MYSQL_FLOOR_NOREAD") && atoi(getenv("MYSQL_FLOOR_NOREAD")))
		conn_noread(c);
	c->st = calloc((size_t)cfg.tables * S_KINDS, sizeof(*c->st));
	if (c->st == NULL)
		die("calloc", "out of memory");
	c->c_len = 120;
	c->pad_len = 60;
	for (t = 1; t <= cfg.tables; t++) {
		for (k = 0; k < S_KINDS; k++) {
			MYSQL_STMT *s = mysql_stmt_init(c->m);
			MYSQL_BIND b[4];
			snprintf(sql, sizeof(sql), stmt_sql[k], t);
			if (s == NULL || mysql_stmt_prepare(s, sql, strlen(sql)))
				die("mysql_stmt_prepare", s ? mysql_stmt_error(s) : "out of memory");
			memset(b, 0, sizeof(b));
			switch (k) {
			case S_POINT: case S_IDXUPD: case S_DELETE:
				bind_ll(&b[0], &c->id);
				break;
			case S_SIMPLE: case S_SUM: case S_ORDER: case S_DISTINCT:
				bind_ll(&b[0], &c->lo);
				bind_ll(&b[1], &c->hi);
				break;
			case S_NONIDXUPD:
				bind_str(&b[0], c->c, &c->c_len, sizeof(c->c));
				bind_ll(&b[1], &c->id);
				break;
			case S_INSERT:
				bind_ll(&b[0], &c->id);
				bind_ll(&b[1], &c->k);
				bind_str(&b[2], c->c, &c->c_len, sizeof(c->c));
				bind_str(&b[3], c->pad, &c->pad_len, sizeof(c->pad));
				break;
			}
			if (mysql_stmt_param_count(s) && mysql_stmt_bind_param(s, b))
				die("mysql_stmt_bind_param", mysql_stmt_error(s));
			c->st[(t - 1) * S_KINDS + k] = s;
		}
	}
}

/* set the parameters of plan step c->step; a new statement group draws
 * its table (the insert goes where its delete went) */
static MYSQL_STMT *conn_stmt(struct conn *c)
{
	int kind = plan[c->step];
	long long id;

	if (c->step == 0 || (plan[c->step - 1] != kind && kind != S_INSERT))
		c->table = (int)(rnd(c) % (uint64_t)cfg.tables);
	id = (long long)(rnd(c) % (uint64_t)cfg.table_size) + 1;
	switch (kind) {
	case S_POINT: case S_IDXUPD:
		c->id = id;
		break;
	case S_SIMPLE: case S_SUM: case S_ORDER: case S_DISTINCT:
		c->lo = id;
		c->hi = id + RANGE - 1;
		break;
	case S_NONIDXUPD:
		rnd_digits(c, c->c, 120);
		c->id = id;
		break;
	case S_DELETE:
		c->id = id;   /* the insert reuses it */
		break;
	case S_INSERT:
		c->k = (long long)(rnd(c) % (uint64_t)cfg.table_size) + 1;
		rnd_digits(c, c->c, 120);
		rnd_digits(c, c->pad, 60);
		break;
	}
	return c->st[c->table * S_KINDS + kind];
}

static void conn_want(struct conn *c, int epfd, int status)
{
	uint32_t ev = (status & MYSQL_WAIT_WRITE) && !(status & MYSQL_WAIT_READ) ? EPOLLOUT : EPOLLIN;
	if (ev != c->events) {
		struct epoll_event e = { .events = ev, .data.ptr = c };
		c->events = ev;
		if (epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &e))
			die("epoll_ctl", strerror(errno));
	}
}

/* Run c until it waits (returns) or is done. ready: the MYSQL_WAIT_*
 * flags the socket has, 0 to start the next statement. */
static void conn_run(struct conn *c, int epfd, int ready)
{
	MYSQL_STMT *s;
	int err, status;

	for (;;) {
		s = c->st[c->table * S_KINDS + plan[c->step]];
		if (ready == 0) {
			if (atomic_load_explicit(&stop, memory_order_relaxed)) {
				c->done = 1;
				epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL);
				return;
			}
			s = conn_stmt(c);
			c->phase = 0;
			status = mysql_stmt_execute_start(&err, s);
		} else if (c->phase == 0) {
			status = mysql_stmt_execute_cont(&err, s, ready);
		} else {
			status = mysql_stmt_store_result_cont(&err, s, ready);
		}
		if (status) {
			conn_want(c, epfd, status);
			return;
		}
		ready = 0;
		if (err) {
			unsigned e = mysql_stmt_errno(s);
			if (e != 1213 && e != 1205 && e != 1020)
				die("mysql_stmt_execute", mysql_stmt_error(s));
			c->errors++;
			c->step = 0;
			continue;
		}
		if (c->phase == 0 && mysql_stmt_field_count(s)) {
			c->phase = 1;
			status = mysql_stmt_store_result_start(&err, s);
			if (status) {
				conn_want(c, epfd, status);
				return;
			}
			if (err)
				die("mysql_stmt_store_result", mysql_stmt_error(s));
		}
		if (c->phase == 1)
			mysql_stmt_free_result(s);
		if (++c->step == PLAN_LEN) {
			c->step = 0;
			c->tx++;
		}
	}
}

struct worker {
	pthread_t tid;
	struct conn **conns;
	int n;
};

static void *worker_run(void *arg)
{
	struct worker *w = arg;
	struct epoll_event ev[64];
	int epfd = epoll_create1(EPOLL_CLOEXEC), i, left = w->n;

	if (epfd < 0)
		die("epoll_create1", strerror(errno));
	for (i = 0; i < w->n; i++) {
		struct conn *c = w->conns[i];
		struct epoll_event e = { .events = EPOLLIN, .data.ptr = c };
		c->events = EPOLLIN;
		if (epoll_ctl(epfd, EPOLL_CTL_ADD, c->fd, &e))
			die("epoll_ctl", strerror(errno));
	}
	for (i = 0; i < w->n; i++)
		conn_run(w->conns[i], epfd, 0);
	while (left > 0) {
		int n = epoll_wait(epfd, ev, 64, 100);
		if (n < 0 && errno != EINTR)
			die("epoll_wait", strerror(errno));
		for (i = 0; i < n; i++) {
			struct conn *c = ev[i].data.ptr;
			int ready = (ev[i].events & EPOLLIN ? MYSQL_WAIT_READ : 0) |
			            (ev[i].events & EPOLLOUT ? MYSQL_WAIT_WRITE : 0) |
			            (ev[i].events & (EPOLLERR | EPOLLHUP) ? MYSQL_WAIT_READ : 0);
			if (c->done)
				continue;
			conn_run(c, epfd, ready);
			if (c->done)
				left--;
		}
	}
	return NULL;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	struct conn *conns;
	struct worker *w;
	unsigned long long tx = 0, errors = 0;
	double t0, t1;
	int i;

	if (argc != 11) {
		fprintf(stderr, "usage: %s HOST PORT USER PASSWORD DB TABLES TABLE_SIZE CONNS THREADS SECS\n",
		        argv[0]);
		return 2;
	}
	cfg.host = argv[1];
	cfg.port = (unsigned)atoi(argv[2]);
	cfg.user = argv[3];
	cfg.pw = argv[4];
	cfg.db = argv[5];
	cfg.tables = atoi(argv[6]);
	cfg.table_size = atoi(argv[7]);
	cfg.conns = atoi(argv[8]);
	cfg.threads = atoi(argv[9]);
	cfg.secs = atoi(argv[10]);
	if (cfg.tables < 1 || cfg.table_size < RANGE || cfg.conns < 1 || cfg.threads < 1 ||
	    cfg.threads > cfg.conns || cfg.secs < 1)
		die("arguments", "TABLES >= 1, TABLE_SIZE >= 100, 1 <= THREADS <= CONNS, SECS >= 1");
	if (mysql_library_init(0, NULL, NULL))
		die("mysql_library_init", "failed");
	conns = calloc((size_t)cfg.conns, sizeof(*conns));
	w = calloc((size_t)cfg.threads, sizeof(*w));
	if (conns == NULL || w == NULL)
		die("calloc", "out of memory");
	for (i = 0; i < cfg.threads; i++)
		w[i].conns = calloc((size_t)cfg.conns / cfg.threads + 1, sizeof(struct conn *));
	for (i = 0; i < cfg.conns; i++) {
		struct worker *wk = &w[i % cfg.threads];
		conn_open(&conns[i], (unsigned)i);
		wk->conns[wk->n++] = &conns[i];
	}
	t0 = now_s();
	for (i = 0; i < cfg.threads; i++)
		if (pthread_create(&w[i].tid, NULL, worker_run, &w[i]))
			die("pthread_create", "failed");
	{
		struct timespec ts = { cfg.secs, 0 };
		while (nanosleep(&ts, &ts) && errno == EINTR)
			;
	}
	atomic_store(&stop, 1);
	t1 = now_s();
	for (i = 0; i < cfg.threads; i++)
		pthread_join(w[i].tid, NULL);
	for (i = 0; i < cfg.conns; i++) {
		tx += conns[i].tx;
		errors += conns[i].errors;
		for (int j = 0; j < cfg.tables * S_KINDS; j++)
			mysql_stmt_close(conns[i].st[j]);
		free(conns[i].st);
		mysql_close(conns[i].m);
	}
	printf("    transactions:                        %llu   (%.2f per sec.)\n", tx, tx / (t1 - t0));
	printf("    ignored errors:                      %llu   (%.2f per sec.)\n", errors,
	       errors / (t1 - t0));
	mysql_library_end();
	return 0;
}
