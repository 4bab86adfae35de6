#!/usr/bin/env bash
# Runs every test of ptxalu:
#   1. the C++ suites that touch user input or the model again under ASan+UBSan (model, front end
#      and ptxalu command, RTL driver and RTL-against-model tests, fuzz replays, DPI C ABI);
#   2. a short libFuzzer run of each fuzz target (clang, ASan+UBSan);
#   3. the full build and ctest: model, front end, units and their Yosys netlists against the
#      model, the top against the model (random, exhaustive byte sweep, pipeline), lint and
#      synthesis, formal quick proofs and planted-bug tests, bad input, DPI, coverage, soak.
# Environment: PTXALU_JOBS (default nproc), PTXALU_FUZZ_SECONDS (default 15 per target).
set -euo pipefail
cd "$(dirname "$0")/.."
install_start=$(date +%s.%N)
install_load=$(cut -d' ' -f1-3 /proc/loadavg)
scripts/install-deps.sh

jobs=${PTXALU_JOBS:-$(nproc)}
fuzz_seconds=${PTXALU_FUZZ_SECONDS:-15}
start=$SECONDS
# Each phase's start goes to build-timing.tsv; scripts/test_timing.py makes the report of it.
timing=$PWD/build-timing.tsv
: >"$timing"
printf 'install\t%s\t%s\n' "$install_start" "$install_load" >>"$timing"
stamp() {
  echo "== [$((SECONDS - start)) s] $*"
  printf '%s\t%s\t%s\n' "$1" "$(date +%s.%N)" "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$timing"
}

configure() { scripts/configure.sh "$@" >/dev/null; }

stamp sanitizer-build "(ASan+UBSan)"
# Only the areas whose tests run under the sanitizers: their configure skips the unit netlists,
# formal and FPGA targets.
configure build-asan -DPTXALU_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DPTXALU_AREAS=sim/model;sim/rtl;sim/frontend;sim/dpi;tb/common;tb/model;tb/frontend;tb/rtl;tb/fuzz;coverage"
asan_tests=(tb/common/ctrl_fields_test tb/model/model_test tb/frontend/frontend_test
            tb/frontend/random_insn_test tb/frontend/cli_test tb/rtl/rtl_engine_test tb/rtl/rtl_random_test
            tb/fuzz/round_trip_test coverage/legal_forms_test)
targets=()
for t in "${asan_tests[@]}"; do targets+=("$(basename "$t")"); done
cmake --build build-asan -j"$jobs" --target "${targets[@]}" fuzz_seeds \
  fuzz_replay_model fuzz_replay_frontend fuzz_replay_run fuzz_replay_cli ptxalu_dpi dpi_c_abi_test
stamp sanitizer-tests
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for t in "${asan_tests[@]}"; do
  echo "-- $t"
  "build-asan/$t" --gtest_brief=1
done
build-asan/tb/fuzz/fuzz_seeds build-asan/tb/fuzz/seeds >/dev/null
for name in model frontend run cli; do
  build-asan/tb/fuzz/fuzz_replay_$name tb/fuzz/regressions/$name build-asan/tb/fuzz/seeds/$name
done
build-asan/sim/dpi/dpi_c_abi_test

stamp libfuzzer "${fuzz_seconds} s per target"
PTXALU_FUZZ_JOBS=$jobs tb/fuzz/run_fuzz.sh "$fuzz_seconds" "$PWD/build-fuzz"

stamp full-build
configure build -DCMAKE_BUILD_TYPE=Release -DPTXALU_REQUIRE_RTL=ON
cmake --build build -j"$jobs"
stamp ctest
ctest --test-dir build --output-on-failure -j"$jobs" | tee build/ctest.log
stamp end
python3 scripts/test_timing.py report "$timing" --ctest-log build/ctest.log \
  --ninja-log build/.ninja_log --out build/test-timing.json
# ctest's summary is the last thing a reader (and CI) sees.
grep -E "tests passed|tests failed" build/ctest.log | tail -1
