#!/bin/sh
# Runs each fuzz target for SECONDS: fuzz/run.sh BINARY SECONDS TARGET...
# The corpus of each target grows in .build/fuzz/corpus/TARGET across runs; crashes, leaks,
# timeouts and slow inputs (over 2 s; replay them on a quiet machine before calling them a bug)
# are saved in .build/fuzz/findings/TARGET; the last lines of each log give the numbers
# docs/reliability.md records. FUZZ_JOBS=N runs N processes of each target at once on its
# shared corpus (one per core for long runs), logging to TARGET.log, TARGET-2.log, ….
set -eu
binary=$1 seconds=$2
shift 2
jobs=${FUZZ_JOBS:-1}
work=.build/fuzz
python3 fuzz/seeds.py "$work/seeds" "${CHOOSY_CORPUS:-../shared/corpus}"
mkdir -p "$work/logs"
status=0
for target in "$@"; do
  mkdir -p "$work/corpus/$target" "$work/findings/$target"
  echo "== $target: ${seconds}s, $jobs process(es)"
  pids="" logs="" job=1
  while [ "$job" -le "$jobs" ]; do
    log="$work/logs/$target.log"
    [ "$job" -gt 1 ] && log="$work/logs/$target-$job.log"
    # Swift's backtracer, reading memory after a trap, trips ASan and buries the trap's message.
    # Leak checking stays off (ASan's and libFuzzer's own, which reruns inputs that allocate more
    # than they free): it has not been tried against the Swift runtime's one-time caches.
    # ASan records no allocation stacks (malloc_context_size=0): a third more executions a second
    # on the lint target; replay a crash with ASAN_OPTIONS unset to see where its memory came from.
    CHOOSY_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0 "$binary" \
      -max_total_time="$seconds" -timeout=30 -report_slow_units=2 -rss_limit_mb=2048 -max_len=16384 -detect_leaks=0 -print_final_stats=1 \
      -artifact_prefix="$work/findings/$target/" "$work/corpus/$target" "$work/seeds/$target" \
      > "$log" 2>&1 &
    pids="$pids $!" logs="$logs $log" job=$((job + 1))
  done
  for pid in $pids; do wait "$pid" || status=1; done
  for log in $logs; do
    [ "$jobs" -gt 1 ] && echo "   $log:"
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$log" || true
    grep -E '(==[0-9]+==ERROR|Fatal error|runtime failure|deadly signal|invariant broken)' "$log" | head -5 || true
  done
  if [ "$jobs" -gt 1 ]; then
    # shellcheck disable=SC2086
    cat $logs | awk '/^stat::number_of_executed_units/ { total += $2 } END { print "   executions, all processes: " total }'
  fi
  echo "   findings: $(ls "$work/findings/$target" | wc -l) (in $work/findings/$target)"
done
exit $status
