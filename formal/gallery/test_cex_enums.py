#!/usr/bin/env python3
"""ctest formal/equiv/cex-enums: a counterexample names the value of an enum-typed port (our
SIMD lane's op_i is a ptxalu_pkg::op_e, cmp_i a cmp_e) as the package spells it, from the
enum_value_* attributes Yosys keeps on GOLD's ports (equiv_files.enum_names).

  test_cex_enums.py [--work DIR] [--aig-bin FILE]

GATE is the gallery's user-style lane (simd_lane_behav) with vavrg rounding down, which only
a vavrg op shows: the printout must read `op_i = 0x.. (OpVavrg2)` or `(OpVavrg4)`. The
differing bits are printed as runs (equiv_files.bit_runs: `bits 0-16, 23-31`, checked on a few
values; before 2026-11-29 the first 16 bit numbers and "...").
Inputs outside both sides' output cones (a combinational unit's en_i, read by lint's unused_*
XOR only) are named once, not listed (equiv_files.unread_by_both, checked on small netlists:
an input one side reads, through a cell or straight to an output, stays listed).
Exit 0 when it does, 1 otherwise.
"""
import argparse
import os
import sys

from flow_cases import REPO, parse_args, run_case


sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
from equiv_files import bit_runs, unread_by_both  # noqa: E402

RUNS = {0x1: "bit 0", 0x1d: "bits 0, 2-4", 0xff81ffff: "bits 0-16, 23-31", 1 << 100: "bit 100",
        0x5555: "bits 0, 2, 4, 6, 8, 10, 12, 14", 0x55555: "bits 0, 2, 4, 6, 8, 10, 12, 14, ..."}



def netlist(en_to):
    """A light netlist of `top`: y = a ^ b; en_i (bit 4) into `en_to` ('lint': an XOR whose
    output nothing reads; 'mux': y's select; 'out': straight to output e_o; 'cell': a
    submodule cell with no port_directions)."""
    ports = {"a": {"direction": "input", "bits": [2]}, "b": {"direction": "input", "bits": [3]},
             "en_i": {"direction": "input", "bits": [4]},
             "y": {"direction": "output", "bits": [6]}}
    xor = {"port_directions": {"A": "input", "B": "input", "Y": "output"},
           "connections": {"A": [2], "B": [3], "Y": [5]}}
    cells = {"x": xor, "lint": {"port_directions": {"A": "input", "Y": "output"},
                                "connections": {"A": [4], "Y": [7]}}}
    if en_to == "mux":
        cells["m"] = {"port_directions": {"A": "input", "B": "input", "S": "input",
                                          "Y": "output"},
                      "connections": {"A": [2], "B": [5], "S": [4], "Y": [6]}}
    else:
        xor["connections"]["Y"] = [6]
    if en_to == "out":
        ports["e_o"] = {"direction": "output", "bits": [4]}
    if en_to == "cell":
        cells["u"] = {"connections": {"en": [4], "q": [8]}}
        ports["q_o"] = {"direction": "output", "bits": [8]}
    return ("top", {"modules": {"top": {"ports": ports, "cells": cells}}})


def main():
    a = parse_args("cex-enums-work")
    wrong = {hex(v): (bit_runs(v), want) for v, want in RUNS.items() if bit_runs(v) != want}
    if wrong:
        print(f"test_cex_enums: bit_runs (got, wanted): {wrong}")
        return 1
    for gold, gate, want in (("lint", "lint", {"en_i"}), ("lint", "mux", set()),
                             ("out", "lint", set()), ("lint", "cell", set())):
        got = unread_by_both(argparse.Namespace(light_docs={"gold": netlist(gold),
                                                           "gate": netlist(gate)}))
        if got != want:
            print(f"test_cex_enums: unread_by_both, en_i to {gold}/{gate}: {got}, wanted {want}")
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
