/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit test of src/stats/stats.c: no sample is lost or counted twice when a
 * reader harvests while writers record, counters add up, snapshots merge
 * and reset, argument errors, and memory for many threads stays modest.
 *
 * STATS_TEST_K overrides the events per writer (default 2,000,000), e.g.
 * to run quickly under valgrind.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db/classify.h"
#include "stats/stats.h"
#include "tap.h"
#include "hdr_testutil.h"

#define MAXW 4

static uint64_t test_k(void)
{
	const char *e = getenv("STATS_TEST_K");
	long k = e ? atol(e) : 0;

	return k > 0 ? (uint64_t)k : 2000000;
}

/* Deterministic per (thread, event) so the expected totals can be
 * recomputed single-threaded; now and then beyond the histogram's range
 * so clamped values travel through the harvest too. */
static int64_t lat_of(unsigned t, uint64_t i)
{
	uint64_t x = (i + 1) * 0x9e3779b97f4a7c15ULL ^
		     (t + 1) * 0xd1b54a32d192ed03ULL;

	x ^= x >> 29;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 32;
	if (i % 100003 == 0)
		return STATS_HDR_HIGHEST + 1 + t;
	return 50 + (int64_t)(x % 20000000);
}

static int64_t wait_of(unsigned t, uint64_t i)
{
	return lat_of(t, i) / 4 + t;
}

struct writer {
	pthread_t th;
	struct stats_thread *st;
	unsigned tid;
	uint64_t k;
};

static int go;
static int done;

static void *writer_main(void *arg)
{
	struct writer *w = arg;

	while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
		;
	for (uint64_t i = 0; i < w->k; i++) {
		stats_record_event(w->st, lat_of(w->tid, i),
				   wait_of(w->tid, i));
		stats_inc(w->st, STATS_READS, 1);
		stats_inc(w->st, STATS_READ_BYTES, i & 1023);
		if ((i & 7) == 0)
			stats_inc(w->st, STATS_USER3, w->tid + 1);
	}
	__atomic_fetch_add(&done, 1, __ATOMIC_RELEASE);
	return NULL;
}


static void nap_us(long us)
{
	struct timespec ts = { 0, us * 1000 };

	nanosleep(&ts, NULL);
}

/*
 * nw writers record k events each while this thread harvests: straight
 * into one snapshot, or (via_add) into a scratch snapshot that is added to
 * the total and reset after every harvest. sleep_us > 0 spaces harvests.
 */
static void run_concurrent(unsigned nw, uint64_t k, unsigned flags,
			   int via_add, long sleep_us)
{
	struct stats *s = NULL;
	struct stats_snap *total = NULL, *tmp = NULL;
	struct writer w[MAXW];
	struct hdr_hist *ref_lat = NULL, *ref_wait = NULL;
	uint64_t exp_lat = 0, exp_wait = 0, exp_bytes = 0, exp_user3 = 0;
	uint64_t exp_tlat[MAXW] = { 0 };
	unsigned long harvests = 0, nonempty = 0;
	int wait = !!(flags & STATS_F_WAIT), per_thread = 1, others = 1;
	char tag[64];

	snprintf(tag, sizeof(tag), "%u writers%s%s%s", nw,
		 wait ? ", wait" : "", via_add ? ", snap_add" : "",
		 sleep_us ? ", sleeps" : "");
	if (stats_create(nw, flags, 3, &s) || stats_snap_create(s, &total) ||
	    stats_snap_create(s, &tmp)) {
		ok(0, "%s: setup", tag);
		return;
	}
	__atomic_store_n(&go, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&done, 0, __ATOMIC_RELAXED);
	for (unsigned i = 0; i < nw; i++) {
		w[i].st = stats_thread(s, i);
		w[i].tid = i;
		w[i].k = k;
		pthread_create(&w[i].th, NULL, writer_main, &w[i]);
	}
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&done, __ATOMIC_ACQUIRE) < (int)nw) {
		struct stats_snap *into = via_add ? tmp : total;
		uint64_t before = into->events;

		stats_harvest(s, into);
		harvests++;
		nonempty += into->events != before;
		if (via_add) {
			if (stats_snap_add(total, tmp)) {
				ok(0, "%s: snap_add during run", tag);
				break;
			}
			stats_snap_reset(tmp);
		}
		if (sleep_us)
			nap_us(sleep_us);
	}
	for (unsigned i = 0; i < nw; i++)
		pthread_join(w[i].th, NULL);
	/* What was recorded after the last in-loop harvest. */
	stats_harvest(s, tmp);
	stats_snap_add(total, tmp);
	stats_snap_reset(tmp);
	diag("%s: %lu harvests, %lu saw new events", tag, harvests, nonempty);

	hdr_create(STATS_HDR_LOWEST, STATS_HDR_HIGHEST, 3, &ref_lat);
	hdr_create(STATS_HDR_LOWEST, STATS_HDR_HIGHEST, 3, &ref_wait);
	for (unsigned t = 0; t < nw; t++) {
		for (uint64_t i = 0; i < k; i++) {
			int64_t l = lat_of(t, i), q = wait_of(t, i);

			hdr_record(ref_lat, l);
			hdr_record(ref_wait, q);
			exp_lat += (uint64_t)l;
			exp_tlat[t] += (uint64_t)l;
			exp_wait += (uint64_t)q;
			exp_bytes += i & 1023;
			if ((i & 7) == 0)
				exp_user3 += t + 1;
		}
	}

	ok(total->events == nw * k, "%s: events %llu == %llu", tag,
	   (unsigned long long)total->events, (unsigned long long)(nw * k));
	ok(hdr_count(total->lat) == (int64_t)(nw * k),
	   "%s: histogram count %lld", tag, (long long)hdr_count(total->lat));
	ok(total->lat_sum_ns == exp_lat, "%s: lat_sum %llu == %llu", tag,
	   (unsigned long long)total->lat_sum_ns,
	   (unsigned long long)exp_lat);
	ok(same_buckets(total->lat, ref_lat) &&
	   hdr_min(total->lat) == hdr_min(ref_lat) &&
	   hdr_max(total->lat) == hdr_max(ref_lat) &&
	   hdr_clamped(total->lat) == hdr_clamped(ref_lat),
	   "%s: latency histogram equals the single-threaded one", tag);
	if (wait) {
		ok(total->wait_sum_ns == exp_wait, "%s: wait_sum exact", tag);
		ok(same_buckets(total->wait, ref_wait),
		   "%s: wait histogram equals the single-threaded one", tag);
		ok(total->svc && total->svc_sum_ns == exp_lat - exp_wait &&
		   hdr_count(total->svc) == (int64_t)(nw * k),
		   "%s: service time = latency - wait, every event", tag);
	} else {
		ok(total->wait == NULL && total->wait_sum_ns == 0 &&
		   total->svc == NULL && total->svc_sum_ns == 0,
		   "%s: no wait data without STATS_F_WAIT", tag);
	}
	for (unsigned t = 0; t < nw; t++)
		per_thread &= total->thread_events[t] == k &&
			      total->thread_lat_sum_ns[t] == exp_tlat[t];
	ok(per_thread, "%s: per-thread events and latency sums exact", tag);
	ok(total->ctr[STATS_READS] == nw * k, "%s: READS counter %llu", tag,
	   (unsigned long long)total->ctr[STATS_READS]);
	ok(total->ctr[STATS_READ_BYTES] == exp_bytes &&
	   total->ctr[STATS_USER3] == exp_user3,
	   "%s: READ_BYTES and USER3 deltas add up", tag);
	for (int c = 0; c < STATS_NCTR; c++)
		if (c != STATS_READS && c != STATS_READ_BYTES &&
		    c != STATS_USER3)
			others &= total->ctr[c] == 0;
	ok(others, "%s: untouched counters stay 0", tag);

	/* Nothing new was recorded: a further harvest adds nothing. */
	stats_harvest(s, total);
	stats_harvest(s, total);
	ok(total->events == nw * k && total->ctr[STATS_READS] == nw * k &&
	   hdr_count(total->lat) == (int64_t)(nw * k),
	   "%s: idle harvests add nothing", tag);

	hdr_destroy(ref_lat);
	hdr_destroy(ref_wait);
	stats_snap_destroy(total);
	stats_snap_destroy(tmp);
	stats_destroy(s);
}

static void test_snap(void)
{
	struct stats *s = NULL, *s3 = NULL, *snw = NULL, *s2 = NULL;
	struct stats_snap *a = NULL, *b = NULL, *c3 = NULL, *cnw = NULL,
			  *c2 = NULL;
	struct stats_thread *t0, *t1;
	size_t cur = 0;
	int64_t v, n;

	if (stats_create(2, STATS_F_WAIT, 3, &s) ||
	    stats_create(3, STATS_F_WAIT, 3, &s3) ||
	    stats_create(2, 0, 3, &snw) || stats_create(2, STATS_F_WAIT, 2, &s2) ||
	    stats_snap_create(s, &a) || stats_snap_create(s, &b) ||
	    stats_snap_create(s3, &c3) || stats_snap_create(snw, &cnw) ||
	    stats_snap_create(s2, &c2)) {
		ok(0, "snap: setup");
		return;
	}
	ok(stats_nthreads(s) == 2 && a->nthreads == 2 && a->wait && !cnw->wait,
	   "snap: shaped like its stats");
	ok(a->events == 0 && hdr_count(a->lat) == 0 &&
	   a->thread_events[1] == 0, "snap: created zeroed");
	t0 = stats_thread(s, 0);
	t1 = stats_thread(s, 1);
	ok(t0 && t1 && t0 != t1 && stats_thread(s, 2) == NULL,
	   "snap: stats_thread by tid");
	ok(((uintptr_t)t0 & 63) == 0 && ((uintptr_t)t1 & 63) == 0,
	   "snap: thread recorders are cache-line aligned");

	stats_record_event(t0, 100, 10);
	stats_record_event(t0, 300, 30);
	stats_record_event(t1, 1000, 5);
	stats_inc(t0, STATS_WRITES, 4);
	stats_inc(t1, STATS_ERRORS, 1);
	stats_harvest(s, a);
	ok(a->events == 3 && a->lat_sum_ns == 1400 && a->wait_sum_ns == 45 &&
	   a->thread_events[0] == 2 && a->thread_events[1] == 1 &&
	   a->thread_lat_sum_ns[0] == 400 && a->thread_lat_sum_ns[1] == 1000,
	   "snap: harvest of a few events");
	ok(a->ctr[STATS_WRITES] == 4 && a->ctr[STATS_ERRORS] == 1,
	   "snap: harvest of counters");
	ok(hdr_value_at_percentile(a->lat, 50) == 300 &&
	   hdr_max(a->wait) == 30, "snap: harvested histograms");
	ok(a->svc && a->svc_sum_ns == 1355 && hdr_count(a->svc) == 3 &&
	   hdr_min(a->svc) == 90 && hdr_max(a->svc) == 995,
	   "snap: harvested service times (latency - wait)");

	stats_record_event(t1, 2000, 7);
	stats_inc(t0, STATS_WRITES, 1);
	stats_harvest(s, b);
	ok(b->events == 1 && b->ctr[STATS_WRITES] == 1 &&
	   b->ctr[STATS_ERRORS] == 0 && b->thread_events[0] == 0,
	   "snap: second harvest holds only the new period");

	ok(stats_snap_add(a, b) == 0, "snap: add returns 0");
	ok(a->events == 4 && a->lat_sum_ns == 3400 && a->wait_sum_ns == 52 &&
	   a->ctr[STATS_WRITES] == 5 && a->thread_events[1] == 2 &&
	   a->thread_lat_sum_ns[1] == 3000 && hdr_count(a->lat) == 4 &&
	   hdr_max(a->lat) == 2000 && hdr_count(a->wait) == 4,
	   "snap: add sums everything");
	ok(a->svc_sum_ns == 3348 && hdr_count(a->svc) == 4 &&
	   hdr_max(a->svc) == 1993, "snap: add sums service times");
	ok(stats_snap_add(a, c3) == -EINVAL, "snap: add refuses other nthreads");
	ok(stats_snap_add(a, cnw) == -EINVAL && stats_snap_add(cnw, a) == -EINVAL,
	   "snap: add refuses wait vs no wait");
	ok(stats_snap_add(a, c2) == -EINVAL, "snap: add refuses other sig_figs");
	ok(a->events == 4 && hdr_count(a->lat) == 4,
	   "snap: refused add leaves dst alone");

	stats_snap_reset(a);
	ok(a->events == 0 && a->lat_sum_ns == 0 && a->wait_sum_ns == 0 &&
	   a->ctr[STATS_WRITES] == 0 && a->thread_events[1] == 0 &&
	   a->thread_lat_sum_ns[0] == 0 && hdr_count(a->lat) == 0 &&
	   hdr_count(a->wait) == 0 && !hdr_next_bucket(a->lat, &cur, &v, &n),
	   "snap: reset zeroes everything");
	ok(a->svc_sum_ns == 0 && hdr_count(a->svc) == 0,
	   "snap: reset zeroes service times");
	stats_harvest(s, a);
	ok(a->events == 0 && a->ctr[STATS_WRITES] == 0,
	   "snap: harvest with nothing new adds nothing");

	stats_snap_destroy(a);
	stats_snap_destroy(b);
	stats_snap_destroy(c3);
	stats_snap_destroy(cnw);
	stats_snap_destroy(c2);
	stats_snap_destroy(NULL);
	stats_destroy(s);
	stats_destroy(s3);
	stats_destroy(snw);
	stats_destroy(s2);
	stats_destroy(NULL);
	ok(1, "snap: destroy NULL-safe");
}

static void test_create(void)
{
	struct stats *s = NULL;

	ok(stats_create(0, 0, 3, &s) == -EINVAL, "create: 0 threads");
	ok(stats_create(4, 0, 0, &s) == -EINVAL, "create: sig_figs 0");
	ok(stats_create(4, 0, 6, &s) == -EINVAL, "create: sig_figs 6");
	ok(stats_create(4, 0x80, 3, &s) == -EINVAL, "create: unknown flag");
	ok(s == NULL, "create: *out untouched on error");
	ok(stats_create(1, 0, 1, &s) == 0 && stats_nthreads(s) == 1,
	   "create: 1 thread, 1 digit");
	stats_destroy(s);
}

static long rss_kb(void)
{
	long pages = 0, rss = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (!f)
		return -1;
	if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
		rss = -1;
	fclose(f);
	return rss < 0 ? -1 : rss * (sysconf(_SC_PAGESIZE) / 1024);
}

/* The sanitizers and valgrind replace calloc with one that writes the
 * whole block, so the RSS bound cannot hold under them. */
static int under_checker(void)
{
	const char *pre = getenv("LD_PRELOAD");

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	return 1;
#endif
	return pre && strstr(pre, "vgpreload") != NULL;
}

/* The histograms' counts are calloc'd and only the pages a thread records
 * into become resident, so 1000 threads with waits cost little. */
static void test_many_threads(void)
{
	struct stats *s = NULL;
	struct stats_snap *snap = NULL;
	long before = rss_kb(), after;
	int each = 1;

	if (stats_create(1000, STATS_F_WAIT, 3, &s) ||
	    stats_snap_create(s, &snap)) {
		ok(0, "1000 threads: create");
		return;
	}
	for (unsigned i = 0; i < 1000; i++)
		stats_record_event(stats_thread(s, i), 200 + i, 10);
	stats_harvest(s, snap);
	stats_harvest(s, snap);
	after = rss_kb();
	for (unsigned i = 0; i < 1000; i++)
		each &= snap->thread_events[i] == 1 &&
			snap->thread_lat_sum_ns[i] == 200 + i;
	ok(snap->events == 1000 && each, "1000 threads: all events harvested");
	diag("1000 threads: RSS grew by %ld KiB (virtual counts: %zu KiB)",
	     after - before,
	     (size_t)4000 * hdr_memory_size(snap->lat) / 1024);
	if (under_checker())
		ok(1, "1000 threads: RSS # SKIP the checker's calloc touches "
		   "every page");
	else
		ok(before >= 0 && after - before < 64 * 1024,
		   "1000 threads with waits: RSS growth %ld KiB < 64 MiB",
		   after - before);
	stats_snap_destroy(snap);
	stats_destroy(s);
}

/* Statement kinds from the text: sysbench's OLTP statements and others. */
static void test_classify(void)
{
	static const struct { const char *sql; enum stats_stmt_kind k; } c[] = {
		{ "SELECT c FROM sbtest1 WHERE id=?", STATS_STMT_POINT_SELECT },
		{ "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?", STATS_STMT_RANGE_SELECT },
		{ "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?", STATS_STMT_SUM_RANGE },
		{ "select sum (k) from t where id between 1 and 9", STATS_STMT_SUM_RANGE },
		{ "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c", STATS_STMT_ORDER_RANGE },
		{ "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c", STATS_STMT_DISTINCT_RANGE },
		{ "SELECT id, k, c, pad FROM sbtest1 WHERE k IN (1, 2, 3)", STATS_STMT_POINT_SELECT },
		{ "SELECT count(k) FROM sbtest1 WHERE k BETWEEN 1 AND 5 OR k BETWEEN 9 AND 12", STATS_STMT_RANGE_SELECT },
		{ "SELECT c FROM t WHERE id >= 10 AND id < 20", STATS_STMT_RANGE_SELECT },
		{ "SELECT c FROM t WHERE c = 'a < b BETWEEN order by'", STATS_STMT_POINT_SELECT },
		{ "SELECT summary FROM t WHERE id = 1", STATS_STMT_POINT_SELECT },
		{ "SELECT c FROM t WHERE id = 1 -- ORDER BY", STATS_STMT_POINT_SELECT },
		{ "  /* hint */ (SELECT 1) UNION (SELECT 2)", STATS_STMT_POINT_SELECT },
		{ "UPDATE sbtest1 SET k=k+1 WHERE id=?", STATS_STMT_UPDATE },
		{ "DELETE FROM sbtest1 WHERE id=?", STATS_STMT_DELETE },
		{ "INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)", STATS_STMT_INSERT },
		{ "replace into t values (1)", STATS_STMT_INSERT },
		{ "BEGIN", STATS_STMT_BEGIN },
		{ "start  transaction", STATS_STMT_BEGIN },
		{ "START SLAVE", STATS_STMT_OTHER },
		{ "COMMIT", STATS_STMT_COMMIT },
		{ "END", STATS_STMT_COMMIT },
		{ "ROLLBACK", STATS_STMT_ROLLBACK },
		{ "CREATE TABLE t (id INT)", STATS_STMT_OTHER },
		{ "SELECTED", STATS_STMT_OTHER },
		{ "", STATS_STMT_OTHER },
	};
	unsigned i, bad = 0;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		enum stats_stmt_kind k = db_stmt_classify(c[i].sql, strlen(c[i].sql));
		if (k != c[i].k) {
			bad++;
			diag("'%s': %s, expected %s", c[i].sql, stats_stmt_name(k),
			     stats_stmt_name(c[i].k));
		}
	}
	ok(bad == 0, "%u statements classified by kind", i);
	/* the length is respected: "SELECT 1 ORDER" cut before ORDER BY */
	ok(db_stmt_classify("SELECT c FROM t ORDER BY c", 15) == STATS_STMT_POINT_SELECT,
	   "classification stops at the given length");
}

/* Labels: registry, per-label records in the harvest, errors counted from
 * the label on, statements collected once the writer is done. */
static void test_labels(void)
{
	struct stats *s;
	struct stats_snap *snap;
	struct stats_thread *t;
	int a, b, i;
	char name[16];

	a = stats_label_id("new_order");
	b = stats_label_id("payment");
	ok(a >= 0 && b == a + 1 && stats_label_id("new_order") == a,
	   "labels get stable ids (%d, %d)", a, b);
	ok(strcmp(stats_label_name((unsigned)b), "payment") == 0 &&
	   stats_label_name(STATS_MAX_LABELS) == NULL, "label names by id");
	ok(stats_label_id("") == -EINVAL && stats_label_id("a b") == -EINVAL &&
	   stats_label_id("stmt.x") == -EINVAL && stats_label_id(NULL) == -EINVAL,
	   "bad label names are refused");
	for (i = 0; stats_nlabels() < STATS_MAX_LABELS; i++) {
		snprintf(name, sizeof(name), "l%d", i);
		stats_label_id(name);
	}
	ok(stats_label_id("one-too-many") == -ENOSPC, "at most %d labels",
	   STATS_MAX_LABELS);

	if (stats_create(1, 0, 3, &s) || stats_snap_create(s, &snap)) {
		ok(0, "create");
		return;
	}
	t = stats_thread(s, 0);
	for (i = 0; i < 30; i++) {
		if (i % 3 == 0) {
			stats_set_label(t, (unsigned)a);
			stats_inc(t, STATS_ERRORS, 2);   /* after the label: counted */
		} else if (i % 3 == 1) {
			stats_inc(t, STATS_ERRORS, 1);   /* before it: not */
			stats_set_label(t, (unsigned)b);
		}
		stats_record_event(t, 1000 * (i + 1), 0);
	}
	stats_harvest(s, snap);
	ok(snap->events == 30 && snap->lbl[a].events == 10 && snap->lbl[b].events == 10,
	   "per-label events: %llu of 30 and %llu of 30",
	   (unsigned long long)snap->lbl[a].events, (unsigned long long)snap->lbl[b].events);
	ok(snap->lbl[a].errors == 20 && snap->lbl[b].errors == 0,
	   "per-label errors count from the label on (%llu, %llu)",
	   (unsigned long long)snap->lbl[a].errors, (unsigned long long)snap->lbl[b].errors);
	ok(hdr_max(snap->lbl[a].lat) == 28000 && hdr_min(snap->lbl[b].lat) == 2000,
	   "per-label latencies");
	ok(snap->lbl[5].lat != NULL && hdr_count(snap->lbl[5].lat) == 0,
	   "every registered label has a (here empty) histogram after a harvest");

	stats_record_stmt(t, STATS_STMT_POINT_SELECT, 10, 5000, 1);
	stats_record_stmt(t, STATS_STMT_POINT_SELECT, 11, 7000, 1);
	stats_record_stmt(t, STATS_STMT_UPDATE, 12, 1000, 0);
	stats_stmt_count_from(s, 100);
	stats_record_stmt(t, STATS_STMT_UPDATE, 99, 1000, 1);   /* before: dropped */
	stats_record_stmt(t, STATS_STMT_UPDATE, 100, 3000, 1);
	stats_snap_reset(snap);
	stats_collect_stmt(s, snap);
	ok(snap->have_stmt && snap->stmt[STATS_STMT_POINT_SELECT].events == 2 &&
	   snap->stmt[STATS_STMT_UPDATE].events == 1 &&
	   snap->stmt[STATS_STMT_UPDATE].errors == 1 &&
	   hdr_max(snap->stmt[STATS_STMT_POINT_SELECT].lat) == 7000,
	   "statement statistics: counts, errors, latency, count-from time");
	stats_snap_destroy(snap);
	stats_destroy(s);
}

int main(void)
{
	uint64_t k = test_k();

	diag("%llu events per writer", (unsigned long long)k);
	/* first, to measure RSS growth from a clean process */
	test_many_threads();
	test_classify();
	test_labels();
	test_create();
	test_snap();
	run_concurrent(2, k, 0, 0, 0);
	run_concurrent(3, k, STATS_F_WAIT, 1, 0);
	run_concurrent(4, k, STATS_F_WAIT, 0, 50);
	run_concurrent(4, k, 0, 1, 200);
	/* the same exactness where the writers fence (no membarrier(2)) */
	stats_set_asym_fence(0);
	run_concurrent(3, k, STATS_F_WAIT, 0, 0);
	stats_set_asym_fence(1);
	return tap_done();
}
