"""The FPGA flow's per-row cache key (syn/flow/common.py script_key, jobs.py): a row is rerun
when a source its synthesis reads changes, and reused when only a file it does not read
changes, when the same sources come from another export (another path), or when a module it
does not instantiate changes inside (read as a header stub) or one that only such a module
names. Runs the flow's real iCE40 job
(Yosys synth_ice40, --no-pnr) on a design of a few gates: well under a second a run."""

import argparse
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from flow import common  # noqa: E402
from flow.jobs import Design  # noqa: E402

FILES = {
    "rtl/ptxalu_pkg.sv": "package ptxalu_pkg;\n  localparam int unsigned W = 4;\nendpackage\n",
    # top_a builds sub_b; sub_d is named only in a generate branch it does not take.
    "rtl/top_a.sv": "module top_a #(parameter bit P = 0) (\n"
                    "  input logic [3:0] x, input logic [3:0] y, output logic [3:0] z);\n"
                    "  if (P) begin : g_d\n    sub_d u_d (.x, .y, .z);\n"
                    "  end else begin : g_b\n    sub_b u_b (.x, .y, .z);\n  end\nendmodule\n",
    "rtl/sub_b.sv": "module sub_b (input logic [3:0] x, input logic [3:0] y,\n"
                    "  output logic [3:0] z);\n  assign z = x + y;\nendmodule\n",
    "rtl/sub_d.sv": "module sub_d (input logic [3:0] x, input logic [3:0] y,\n"
                    "  output logic [3:0] z);\n  leaf_e u_e (.x, .y, .z);\nendmodule\n",
    # Named only inside sub_d: not read at all.
    "rtl/leaf_e.sv": "module leaf_e (input logic [3:0] x, input logic [3:0] y,\n"
                     "  output logic [3:0] z);\n  assign z = x ^ y;\nendmodule\n",
    "rtl/other_c.sv": "module other_c (input logic a, output logic b);\n"
                      "  assign b = ~a;\nendmodule\n",
}
SPEC = {"unit": "a", "module": "top_a", "what": "the cache key test's design"}


class CacheKey(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.out = os.path.join(self.tmp, "out")
        os.makedirs(self.out)

    def tearDown(self):
        shutil.rmtree(self.tmp)
        common.ROOTS.update(src=None, out=None)

    def export(self, name):
        src = os.path.join(self.tmp, name)
        for path, text in FILES.items():
            os.makedirs(os.path.dirname(os.path.join(src, path)), exist_ok=True)
            with open(os.path.join(src, path), "w") as f:
                f.write(text)
        return src

    def run_row(self, src):
        """One run of the flow's iCE40 job on SRC into the same --out: (row, yosys ran)."""
        common.link_sources(src, self.out)
        common._digests.clear()  # a new run reads every file again
        srcs = common.Sources([os.path.join(src, "rtl")], os.path.join(src, "rtl",
                                                                       "ptxalu_pkg.sv"))
        d = Design(SPEC, 0, srcs, self.out, argparse.Namespace(
            src=src, seeds={"": 1}, no_pnr=True, no_abc9=True))
        self.assertTrue(d.elaborate(), d.error)
        d.job_ice40("ice40-hx8k")
        row = d.results["ice40-hx8k"]
        self.assertEqual(row.get("reason"), "area only: not placed and routed")
        self.assertGreater(row["luts"], 0)
        return row, not row.get("cached")

    def edit(self, src, path, old, new):
        with open(os.path.join(src, path)) as f:
            text = f.read()
        self.assertIn(old, text)
        with open(os.path.join(src, path), "w") as f:
            f.write(text.replace(old, new))

    def test_key(self):
        src = self.export("export1")
        first, ran = self.run_row(src)
        self.assertTrue(ran)
        again, ran = self.run_row(src)
        self.assertFalse(ran)
        self.assertEqual(again["key"], first["key"])
        self.assertEqual(again["date"], first["date"])  # the result keeps its own date
        # Another export of the same sources (another path): the same key, reused.
        src2 = self.export("export2")
        row, ran = self.run_row(src2)
        self.assertFalse(ran)
        self.assertEqual(row["key"], first["key"])
        # A file the design does not read, and the body of a module it does not build.
        self.edit(src2, "rtl/other_c.sv", "~a", "a")
        self.edit(src2, "rtl/sub_d.sv", "leaf_e u_e (.x, .y, .z);", "assign z = x | y;")
        self.edit(src2, "rtl/leaf_e.sv", "output logic [3:0] z", "output logic [3:0] z, output q")
        row, ran = self.run_row(src2)
        self.assertFalse(ran)
        self.assertEqual(row["key"], first["key"])
        # The header of that module is read (its stub): a port change reruns.
        self.edit(src2, "rtl/sub_d.sv", "output logic [3:0] z", "output logic [3:0] z, output q")
        row, ran = self.run_row(src2)
        self.assertTrue(ran)
        self.assertNotEqual(row["key"], first["key"])
        # A source it reads, even a comment (the bytes Yosys reads): rerun, another key.
        self.edit(src2, "rtl/sub_b.sv", "assign z = x + y;", "assign z = x + y;  // sum")
        row2, ran = self.run_row(src2)
        self.assertTrue(ran)
        self.assertNotIn(row2["key"], (first["key"], row["key"]))

    def test_board_reads_used_files_only(self):
        """A board design names a vendor primitive no file defines (its PLL): it elaborates
        anyway, and the files of the modules it does not build are left out or stubbed, as for
        the other rows (before, a board read every file, so any edit reran it)."""
        src = self.export("board")
        with open(os.path.join(src, "rtl/board_f.sv"), "w") as f:
            f.write("module board_f (input logic [3:0] x, output logic [3:0] z);\n"
                    "  logic clk;\n  VENDOR_PLL #(.DIV(2)) u_pll (.CLKI(x[0]), .CLKOP(clk));\n"
                    "  top_a u_a (.x, .y(x), .z);\nendmodule\n")
        common.link_sources(src, self.out)
        srcs = common.Sources([os.path.join(src, "rtl")], os.path.join(src, "rtl",
                                                                       "ptxalu_pkg.sv"))
        d = Design({"unit": "board", "module": "board_f", "board": True, "what": "a board"}, 0,
                   srcs, self.out, argparse.Namespace(src=src, seeds={"": 1}, no_pnr=True,
                                                      no_abc9=True))
        self.assertTrue(d.elaborate(), d.error)
        read = {os.path.relpath(f, src) for f in d.synth_files if f.startswith(src)}
        self.assertIn("rtl/sub_b.sv", read)
        self.assertNotIn("rtl/leaf_e.sv", read)
        self.assertNotIn("rtl/other_c.sv", read)
        self.assertNotIn("rtl/sub_d.sv", read)  # a header stub in its place
        self.assertTrue(any(f.endswith("stubs/sub_d.sv") for f in d.synth_files))


if __name__ == "__main__":
    unittest.main()
