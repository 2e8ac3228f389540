The final report's time_events (docs/lua-api.md): seconds from the start
of the run to the end of the last event, without what the workers run
after it (thread_done, closing their Lua states and connections). bench
slap's summary seconds are this figure. Each thread below runs 5 events of
20 ms, then sleeps 1 s in thread_done: the run's total time includes the
sleep, time_events does not (relations a loaded machine cannot break: the
sleep lasts at least 1 s, the events at least 0.1 s).

  $ B="timeout 120 $BENCH"
  $ cat > te.lua <<'LUA'
  > local n = 0
  > function event()
  >    n = n + 1
  >    if n > 5 then return true end
  >    os.execute("sleep 0.02")
  > end
  > function thread_done() os.execute("sleep 1") end
  > local function show(where, t, total)
  >    if t.time_events == nil then
  >       print(where .. ": no time_events")
  >       return
  >    end
  >    print(string.format("%s: after the last event %s, the events %s", where,
  >       total - t.time_events >= 1 and ">= 1 s" or string.format("%.3f s", total - t.time_events),
  >       t.time_events >= 0.1 and ">= 0.1 s" or string.format("%.3f s", t.time_events)))
  > end
  > sysbench.hooks.report_cumulative = function(st)
  >    show(sysbench.step and "step report" or "final report", st, st.time_total)
  >    return true
  > end
  > function sweep_step_end(step, result) show("sweep_step_end", result, result.time) end
  > LUA

The final report's stat (a field bench adds, not among pairs()):

  $ $B te.lua --threads=2 run | grep report
  final report: after the last event >= 1 s, the events >= 0.1 s
  $ cat > pairs.lua <<'LUA'
  > function event() return true end
  > sysbench.hooks.report_cumulative = function(st)
  >    local k = {}
  >    for name in pairs(st) do k[#k + 1] = name end
  >    table.sort(k)
  >    print(table.concat(k, " "), type(st.time_events))
  >    return true
  > end
  > LUA
  $ $B pairs.lua run | tail -1
  errors events latency_avg latency_max latency_min latency_pct latency_sum other reads reconnects threads_running time_interval time_total writes\tnumber (esc)

A sweep step's report and its sweep_step_end result:

  $ $B te.lua --threads=1,2 run | grep -E 'report|sweep_step_end'
  step report: after the last event >= 1 s, the events >= 0.1 s
  sweep_step_end: after the last event >= 1 s, the events >= 0.1 s
  step report: after the last event >= 1 s, the events >= 0.1 s
  sweep_step_end: after the last event >= 1 s, the events >= 0.1 s

Checkpoint reports come while the workers run: no time_events there.

  $ $B te.lua --threads=2 --report-checkpoints=1 run | grep report
  [ 1s ] Checkpoint report:
  final report: no time_events
  final report: after the last event >= 1 s, the events >= 0.1 s

A run whose events all ran in the warm-up counts none after it: 0.

  $ cat > warm.lua <<'LUA'
  > local n = 0
  > function event() n = n + 1 return n > 1 end
  > sysbench.hooks.report_cumulative = function(st)
  >    print("time_events", st.time_events)
  >    return true
  > end
  > LUA
  $ $B warm.lua --warmup-time=1 run | grep time_events
  time_events\t0 (esc)
