#!/usr/bin/env bash
# Configures a ptxalu build directory: scripts/configure.sh DIR [CMAKE ARGS...]
# A new directory gets Ninja when it is installed (it keeps both cores busy through the many
# small Verilator compiles); an existing one keeps the generator it was made with.
set -euo pipefail
dir=${1:?usage: scripts/configure.sh DIR [CMAKE ARGS...]}
shift
cd "$(dirname "$0")/.."
generator=()
if [[ ! -f $dir/CMakeCache.txt ]] && command -v ninja >/dev/null; then
  generator=(-G Ninja)
fi
exec cmake -S . -B "$dir" "${generator[@]}" "$@"
