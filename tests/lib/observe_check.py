# SPDX-License-Identifier: GPL-2.0-or-later
"""observe_check.py BEFORE AFTER RUN.json COUNTER...

For each COUNTER of a --server-stats json run (bench's lines in RUN.json)
and two reads by hand around it (BEFORE, AFTER: name<TAB>value lines):
  - every interval object has a server object (its counters, or skipped),
    and the intervals' deltas plus the final object's tail add up to the
    final object's total;
  - the total equals what the hand reads saw it move, less what the hand
    reads and bench's own sampling add: for counters that count every
    statement (Questions) or transaction (xact_commit), at least the total
    and at most the sampling's reads more, plus 3 for the hand reads and 4
    per thread for what the workers' connect and thread_init sent before the
    start sample; the others exactly.
Prints "<counter>: ok" or what is wrong; then one line with the number of
intervals, with counters or skipped (a late read on a loaded machine)."""
import json
import os
import sys

OWN = {"Questions", "pg_stat_database.xact_commit"}


def reads(path):
    out = {}
    with open(path) as f:
        for line in f:
            k, v = line.rstrip("\n").split("\t")
            out[k] = float(v)
    return out


def main():
    before, after = reads(sys.argv[1]), reads(sys.argv[2])
    objs = [json.loads(l) for l in open(sys.argv[3]) if l.startswith("{")]
    ivs = [o for o in objs if o["type"] == "interval"]
    final = [o for o in objs if o["type"] == "final"][0]
    srv = final["server"]
    with_srv = [o for o in ivs if "counters" in o.get("server", {})]
    for name in sys.argv[4:]:
        problems = []
        bare = [o for o in ivs if "server" not in o]
        if bare:
            problems.append("%d of %d intervals without a server object" % (len(bare), len(ivs)))
        total = srv["counters"][name]
        ssum = sum(o["server"]["counters"][name] for o in with_srv)
        ssum += srv["tail"]["counters"][name]
        if ssum != total:
            problems.append("intervals + tail %g != total %g" % (ssum, total))
        moved = after[name] - before[name]
        if name in OWN:
            extra = moved - total
            # what the connects and thread_init sent before the start
            # sample: OBSERVE_SETUP when the caller measured it (PostgreSQL
            # publishes a backend's counts late, so they fall before or
            # after the start sample with the machine's speed), else 4 a
            # thread
            setup = int(os.environ.get("OBSERVE_SETUP", 4 * final["threads"]))
            if not 0 <= extra <= srv["reads"] + 3 + setup:
                problems.append("moved %g, bench total %g, its reads %d" % (moved, total, srv["reads"]))
        elif moved != total:
            problems.append("moved %g by hand, bench total %g" % (moved, total))
        print("%s: %s" % (name, "; ".join(problems) if problems else "ok"))
    # a loaded machine may make a tick's read late (skipped): not all
    skipped = [o for o in ivs if o.get("server", {}).get("skipped")]
    good = len(ivs) >= 3 and len(with_srv) >= 2 and len(skipped) <= srv["skipped"]
    print("intervals: %s" % ("ok, >= 3, >= 2 with counters" if good else
                             "%d, %d with counters, %d skipped (final: %d)" % (
                                 len(ivs), len(with_srv), len(skipped), srv["skipped"])))


main()
