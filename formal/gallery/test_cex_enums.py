#!/usr/bin/env python3
"""ctest formal/equiv/cex-enums: a counterexample names the value of an enum-typed port (our
SIMD lane's op_i is a ptxalu_pkg::op_e, cmp_i a cmp_e) as the package spells it, from the
enum_value_* attributes Yosys keeps on GOLD's ports (equiv_files.enum_names).

  test_cex_enums.py [--work DIR] [--aig-bin FILE]

GATE is the gallery's user-style lane (simd_lane_behav) with vavrg rounding down, which only
a vavrg op shows: the printout must read `op_i = 0x.. (OpVavrg2)` or `(OpVavrg4)`.
Exit 0 when it does, 1 otherwise.
"""
import os
import sys

from flow_cases import REPO, parse_args, run_case


def main():
    a = parse_args("cex-enums-work")
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
