"""The README's generated FPGA table: which rows of report.json it shows and how, the
marked-block rewrite that puts it into README.md (fpga_flow.py --readme), and the rows that
--previous reuses: only those of the same key (their bitstreams copied into the new report's
directory, or marked as the earlier run's)."""

import json

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from flow import common, report  # noqa: E402
from flow.common import tool  # noqa: E402


def row(unit, target, depth, **fields):
    return dict({"unit": unit, "target": target, "depth": depth, "date": "2026-11-26T22:31:00Z",
                 "load": 2.5}, **fields)


ROWS = [
    row("top", "ecp5-45f", 1, luts=None, reason="skipped: the run passed its --budget of 5400 s"),
    row("top", "ecp5-45f", 2, luts=12597, ffs=2120, dsps=20, fmax_mhz=63.2, latency=4,
        clocks={"clk": {"achieved": 63.2, "constraint": 100.0}}, bitstream="work/top-d2/x.bit"),
    row("top", "xilinx", 1, luts=7839, ffs=547, dsps=20, latency=3),
    row("top", "xilinx", 2, luts=None, reason="not synthesized: xc7 synthesis of the top"),
    row("top", "ice40-hx8k", 1, luts=23590, reason="does not fit ice40-hx8k: 23590 LUT4"),
    row("top", "ice40-hx8k", 2, luts=None, reason="not synthesized: depth 1 already does not fit"),
    row("board", "ulx3s-45f", 1, luts=17408, fmax_mhz=22.85,
        clocks={"clk_core": {"achieved": 22.85, "constraint": 12.5}}, bitstream="b.bit"),
    row("top-small", "ice40-up5k", 0, luts=4269, fmax_mhz=15.6, bitstream="s.bin"),
    row("datapath", "xilinx", 0, luts=5000, luts_vs_naive=0.3),
    row("simd", "ecp5-45f", 0, luts=2901, fmax_mhz=67.0),
]


class ReadmeTable(unittest.TestCase):
    def setUp(self):
        self.lines = report.readme_table(ROWS)
        self.body = [l for l in self.lines if l.startswith("| ") and not l.startswith("| design |")]

    def test_rows_shown(self):
        shown = [l.split(" | ")[0:2] for l in self.body]
        self.assertEqual(shown, [["| top, depth 1", "ecp5-45f"], ["| top, depth 2", "ecp5-45f"],
                                 ["| top, depth 1", "xilinx"], ["| board, depth 1", "ulx3s-45f"],
                                 ["| top-small, depth 0", "ice40-up5k"], ["| datapath", "xilinx"]])

    def test_notes(self):
        text = "\n".join(self.body)
        self.assertIn("| 63.2 | 4 | goal 100 MHz; bitstream |", text)
        self.assertIn("| 22.9 | - | goal 12.5 MHz; bitstream |", text)
        self.assertIn("| 15.6 | - | goal 30 MHz; bitstream |", text)  # iCE40: the device's goal
        self.assertIn("| skipped |", text)            # the reason up to its first ": "
        self.assertNotIn("ice40-hx8k", text)
        self.assertIn("0.30x the naive design's LUTs", text)
        self.assertIn("synthesis only", text)
        self.assertTrue(self.lines[-1].startswith("Measured 2026-11-26 22:31 to 2026-11-26 22:31"))

    def test_marked_block(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "README.md")
            with open(path, "w") as f:
                f.write(f"head\n{report.README_BEGIN}\nold\n{report.README_END}\ntail\n")
            tool.replace_marked_block(path, report.README_BEGIN, report.README_END, ["a", "b"])
            with open(path) as f:
                self.assertEqual(f.read(), f"head\n{report.README_BEGIN}\na\nb\n"
                                           f"{report.README_END}\ntail\n")
            with open(path, "w") as f:
                f.write("no markers\n")
            with self.assertRaises(tool.ToolError):
                tool.replace_marked_block(path, report.README_BEGIN, report.README_END, ["a"])


class PreviousRows(unittest.TestCase):
    def test_only_rows_of_the_same_key(self):
        with tempfile.TemporaryDirectory() as tmp:
            old_dir, out = os.path.join(tmp, "old"), os.path.join(tmp, "new")
            os.makedirs(os.path.join(old_dir, "work", "a"))
            os.makedirs(out)
            with open(os.path.join(old_dir, "work", "a", "design.bit"), "w") as f:
                f.write("bits")
            kept = [row("top", "ecp5-45f", 2, luts=1, key="k2", bitstream="work/a/design.bit"),
                    row("top", "ecp5-45f", 3, luts=1, key="k3",
                        bitstream="work/gone/design.bit"),
                    row("top", "ecp5-45f", 4, luts=1)]  # no key: never reused
            previous = os.path.join(old_dir, "report.json")
            with open(previous, "w") as f:
                json.dump(kept, f)
            common.PREVIOUS.update(rows=report.read_previous(previous), base=old_dir)
            common.ROOTS["out"] = out
            try:
                ident = ("top", None, "ecp5-45f")
                self.assertIsNone(common.previous_row(ident + (2,), "other key"))
                self.assertIsNone(common.previous_row(ident + (4,), None))
                r2 = common.previous_row(ident + (2,), "k2")
                self.assertTrue(r2["cached"])
                self.assertEqual(r2["date"], kept[0]["date"])  # its own date
                self.assertEqual(common.report_path(r2["bitstream"], out), "work/a/design.bit")
                with open(os.path.join(out, "work", "a", "design.bit")) as f:
                    self.assertEqual(f.read(), "bits")
                r3 = common.previous_row(ident + (3,), "k3")
                self.assertIsNone(r3["bitstream"])
                self.assertTrue(r3["bitstream_elsewhere"])
                self.assertIn("; bitstream |", report.readme_table([dict(
                    kept[1], **r3, fmax_mhz=50.0, clocks={"clk": {"constraint": 100.0}})])[2])
            finally:
                common.PREVIOUS.update(rows={}, base=None)
                common.ROOTS["out"] = None


if __name__ == "__main__":
    unittest.main()
