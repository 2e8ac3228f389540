/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sqlite_floor: the smallest program that does what bench's
 * oltp_point_select does on SQLite -- the prepared statement
 * "SELECT c FROM sbtest1 WHERE id=?" with a random id, stepped to its end
 * and the value read, in a loop on one connection -- and nothing else: no
 * Lua, no statistics, no reports. perf/sqlite.sh runs it next to bench on
 * the same database file, with the connection set up as bench's driver
 * sets it up (WAL, synchronous=normal, multi-thread mode, no memory
 * statistics), so that bench / floor is bench's own cost per statement.
 *
 * usage: sqlite_floor FILE TABLE_SIZE SECONDS
 * prints: statements per second and statements done, two numbers.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(sqlite3 *db, const char *what)
{
	fprintf(stderr, "sqlite_floor: %s: %s\n", what, db ? sqlite3_errmsg(db) : "failed");
	exit(1);
}

int main(int argc, char **argv)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	uint64_t x = 88172645463325252ull, n = 0, size;
	double secs, t0, t;
	char value[256];
	int rc;

	if (argc != 4) {
		fprintf(stderr, "usage: sqlite_floor FILE TABLE_SIZE SECONDS\n");
		return 2;
	}
	size = strtoull(argv[2], NULL, 10);
	secs = atof(argv[3]);
	if (size == 0 || secs <= 0) {
		fprintf(stderr, "sqlite_floor: TABLE_SIZE and SECONDS must be positive\n");
		return 2;
	}
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL))
		die(db, "open");
	if (sqlite3_exec(db, "PRAGMA journal_mode = wal; PRAGMA synchronous = normal",
	                 NULL, NULL, NULL))
		die(db, "pragmas");
	if (sqlite3_prepare_v3(db, "SELECT c FROM sbtest1 WHERE id=?", -1,
	                       SQLITE_PREPARE_PERSISTENT, &st, NULL))
		die(db, "prepare");

	t0 = now_s();
	for (;;) {
		/* xorshift64: a uniform id, as bench's --rand-type=uniform */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		sqlite3_bind_int64(st, 1, (sqlite3_int64)(x % size + 1));
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			int len = sqlite3_column_bytes(st, 0);
			const unsigned char *c = sqlite3_column_text(st, 0);
			if (c != NULL && len < (int)sizeof(value))
				memcpy(value, c, (size_t)len);
		}
		if (rc != SQLITE_DONE)
			die(db, "step");
		sqlite3_reset(st);
		if ((++n & 1023) == 0 && (t = now_s()) - t0 >= secs)
			break;
	}
	printf("%.0f %llu\n", (double)n / (t - t0), (unsigned long long)n);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return value[0] == 0x7f;   /* keeps the copy from being optimised away */
}
