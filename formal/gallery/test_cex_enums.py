#!/usr/bin/env python3
"""ctest formal/equiv/cex-enums: a counterexample names the value of an enum-typed port (our
SIMD lane's op_i is a ptxalu_pkg::op_e, cmp_i a cmp_e) as the package spells it, from the
enum_value_* attributes Yosys keeps on GOLD's ports (equiv_files.enum_names).

  test_cex_enums.py [--work DIR] [--aig-bin FILE]

GATE is the gallery's user-style lane (simd_lane_behav) with vavrg rounding down, which only
a vavrg op shows: the printout must read `op_i = 0x.. (OpVavrg2)` or `(OpVavrg4)`. The
differing bits are printed as runs (equiv_files.bit_runs: `bits 0-16, 23-31`, checked on a few
values; before 2026-11-29 the first 16 bit numbers and "...").
Exit 0 when it does, 1 otherwise.
"""
import os
import sys

from flow_cases import REPO, parse_args, run_case


sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
from equiv_files import bit_runs  # noqa: E402

RUNS = {0x1: "bit 0", 0x1d: "bits 0, 2-4", 0xff81ffff: "bits 0-16, 23-31", 1 << 100: "bit 100",
        0x5555: "bits 0, 2, 4, 6, 8, 10, 12, 14", 0x55555: "bits 0, 2, 4, 6, 8, 10, 12, 14, ..."}


def main():
    a = parse_args("cex-enums-work")
    wrong = {hex(v): (bit_runs(v), want) for v, want in RUNS.items() if bit_runs(v) != want}
    if wrong:
        print(f"test_cex_enums: bit_runs (got, wanted): {wrong}")
        return 1
    lane = os.path.join(REPO, "formal", "gallery", "simd_lane_behav", "ptxalu_simd_lane.sv")
    text = open(lane).read()
    right = "(s + 1) >>> 1 : s >>> 1"
    if text.count(right) != 1:
        print(f"test_cex_enums: {lane} no longer holds {right!r}")
        return 1
    gate = os.path.join(a.work, "ptxalu_simd_lane.sv")
    open(gate, "w").write(text.replace(right, "s >>> 1 : s >>> 1"))
    gold = os.path.join(REPO, "rtl", "ptxalu_simd_lane.sv")
    flags = ["--sim-seconds", "0", "--timeout", "100", "--work", os.path.join(a.work, "bug")]
    return run_case("test_cex_enums", "vavrg-floor", a, flags, (gold, gate, "ptxalu_simd_lane"),
                    1, "  (OpVavrg")


if __name__ == "__main__":
    sys.exit(main())
