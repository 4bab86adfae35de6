#!/usr/bin/env python3
"""ctest formal/equiv/shiftx-map: formal/scripts/equiv_shiftx.v (a variable part-select's
out-of-range bits: free in GATE, 0 in GOLD) against a reference written another way.

  test_shiftx.py [--work DIR] [--aig-bin FILE]

For each shape (B signed or not; A, B and Y widths from 1 bit, Y wider than A, B of 32 bits and
more), a `$shiftx` cell mapped by the file is proven equal (Yosys `sat -prove`, every input)
to a module that reads output bit i as A[j] for the j with B + i == j, compared one j at a time
(no shift, no range compare), else a fill bit:
- the GOLD map (-D EQUIV_GOLD) to the reference with fill 0;
- the GATE map with its free bits (`$anyseq`) set to 0, then to 1, to the reference with that
  fill (so every out-of-range bit is free, and no in-range bit is).
Yosys' own map of `$shiftx` (techmap.v) is no reference: in Yosys 0.23 it reads A for a
1-bit A and B at B = 1, and gives wrong bits for a B of 32 bits (found writing this test).
Exit 0 when every proof holds, 1 otherwise.
"""
import os
import sys

from flow_cases import REPO, parse_args, yosys_on

sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
import equiv_quick  # noqa: E402  (its map of GATE's free bits to a constant)

MAP = os.path.join(REPO, "formal", "scripts", "equiv_shiftx.v")
# (B signed, A width, B width, Y width)
SHAPES = [(0, 8, 3, 3), (0, 8, 3, 1), (1, 8, 3, 3), (1, 8, 4, 2), (0, 5, 2, 4), (0, 4, 3, 6),
          (1, 6, 3, 8), (0, 32, 5, 1), (0, 12, 4, 12), (1, 3, 2, 5), (1, 20, 5, 6),
          (0, 7, 32, 3), (1, 7, 32, 9), (0, 9, 34, 2), (0, 1, 1, 1), (1, 1, 1, 1)]
REF = """module ref_{fill} (input [{aw}:0] a, input [{bw}:0] b, output reg [{yw}:0] y);
  integer i, j;
  always @* begin
    for (i = 0; i <= {yw}; i = i + 1) begin
      y[i] = 1'b{fill};
      for (j = 0; j <= {aw}; j = j + 1)
        if ({hit}) y[i] = a[j];
    end
  end
endmodule
"""


def cell(signed, aw, bw, yw):
    return "\n".join([
        "module \\dut", f"  wire width {aw} input 1 \\a", f"  wire width {bw} input 2 \\b",
        f"  wire width {yw} output 3 \\y", "  cell $shiftx \\c", "    parameter \\A_SIGNED 0",
        f"    parameter \\B_SIGNED {signed}", f"    parameter \\A_WIDTH {aw}",
        f"    parameter \\B_WIDTH {bw}", f"    parameter \\Y_WIDTH {yw}",
        "    connect \\A \\a", "    connect \\B \\b", "    connect \\Y \\y", "  end", "end", ""])


def main():
    a = parse_args("shiftx-work")
    fill_maps = [equiv_quick.anyseq_fill_map(a.work, fill) for fill in (0, 1)]
    failed = 0
    for signed, aw, bw, yw in SHAPES:
        name = f"shape_{'s' if signed else 'u'}{aw}_{bw}_{yw}"
        with open(os.path.join(a.work, name + ".il"), "w") as f:
            f.write(cell(signed, aw, bw, yw))
        hit = "$signed(b) == j - i" if signed else "j >= i && b == j - i"
        refs = "".join(REF.format(fill=v, aw=aw - 1, bw=bw - 1, yw=yw - 1, hit=hit)
                       for v in (0, 1))
        gate = f"-map {MAP}; techmap -map "  # then the fill's map of $anyseq
        for label, mapping, fill in (("GOLD", f"-D EQUIV_GOLD -map {MAP}", 0),
                                     ("GATE, free bits 0", gate + fill_maps[0], 0),
                                     ("GATE, free bits 1", gate + fill_maps[1], 1)):
            passes = (f"rename ref_{fill} gold; design -stash ref; read_rtlil {name}.il; "
                      f"techmap {mapping}; rename dut gate; design -copy-from ref -as gold gold; "
                      "proc; techmap; miter -equiv -flatten -make_assert gold gate m; "
                      "hierarchy -top m; sat -verify -prove-asserts m")
            err = yosys_on(a.work, name + ".v", refs, passes)
            print(f"test_shiftx: {name} {label}: {'FAILED' if err else 'ok'}")
            if err:
                print(err)
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
