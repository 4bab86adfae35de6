#!/usr/bin/env bash
# Builds the libFuzzer targets with Clang (ASan + UBSan, whole libraries instrumented for
# coverage) and runs each for a fixed time, PTXALU_FUZZ_JOBS (default 2) side by side.
#
#   tb/fuzz/run_fuzz.sh SECONDS [BUILD_DIR [TARGET...]]
#
# BUILD_DIR defaults to build-fuzz; TARGETs (model frontend run cli) default to all four, each run
# for SECONDS.
#
# Corpus: BUILD_DIR/fuzz/corpus/<target> (kept between runs), seeded from the generated seeds
# (every legal form), examples/*.ptx, and tb/fuzz/regressions/<target>. A crash, hang
# (-timeout), leak or UB report stops that target, leaves the input in
# BUILD_DIR/fuzz/artifacts/ and makes the script exit 1: copy it into
# tb/fuzz/regressions/<target>/ so the replay ctest keeps it fixed.
set -euo pipefail

seconds=${1:?usage: run_fuzz.sh SECONDS [BUILD_DIR]}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-$src/build-fuzz}
build=$(mkdir -p "$build" && cd "$build" && pwd)
shift $(($# < 2 ? $# : 2))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(model frontend run cli)
jobs=${PTXALU_FUZZ_JOBS:-2}

san="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# Only the areas the fuzz targets need (no RTL: its configure runs Verilator and Yosys).
CC=clang CXX=clang++ "$src/scripts/configure.sh" "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" \
  "-DPTXALU_AREAS=sim/model;sim/frontend;tb/fuzz;coverage" >/dev/null
cmake --build "$build" --target fuzz_model fuzz_frontend fuzz_run fuzz_cli fuzz_seeds -j"$jobs"

seeds=$build/fuzz/seeds
rm -rf "$seeds"
ASAN_OPTIONS=detect_leaks=0 "$build/tb/fuzz/fuzz_seeds" "$seeds" >/dev/null
for t in frontend run cli; do
  find "$src/examples" "$src/tb" -name '*.ptx' -size -64k -exec cp -t "$seeds/$t" {} + 2>/dev/null || true
done

# One target: run it for SECONDS and leave its verdict in BUILD_DIR/fuzz/<target>.result.
fuzz_one() {
  local t=$1 corpus=$build/fuzz/corpus/$1 artifacts=$build/fuzz/artifacts rc execs
  local log=$build/fuzz/$t.log result=$build/fuzz/$t.result
  mkdir -p "$corpus" "$artifacts"
  rc=0
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ASAN_OPTIONS=detect_leaks=1 \
    "$build/tb/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts/$t-" \
    "$corpus" "$seeds/$t" "$src/tb/fuzz/regressions/$t" >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "$rc ${execs:-0}" >"$result"
}

# The targets run side by side, PTXALU_FUZZ_JOBS at a time; each still gets its SECONDS.
echo "== ${targets[*]}: ${seconds}s each, $jobs at a time"
running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait

status=0
total=0
for t in "${targets[@]}"; do
  read -r rc execs <"$build/fuzz/$t.result"
  total=$((total + execs))
  if [ "$rc" -ne 0 ]; then
    status=1
    echo "fuzz_$t: FAILED (exit $rc) after $execs executions; see $build/fuzz/$t.log"
    grep -E "ERROR|invariant broken|SUMMARY|Test unit written" "$build/fuzz/$t.log" | head -20 || true
  else
    echo "fuzz_$t: $execs executions, 0 crashes, 0 hangs, 0 leaks ($(ls "$build/fuzz/corpus/$t" | wc -l) corpus files)"
  fi
done
echo "total: $total executions in $((${#targets[@]} * seconds))s; $([ $status -eq 0 ] && echo PASS || echo FAIL)"
exit $status
