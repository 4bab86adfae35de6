#!/usr/bin/env python3
"""ctest formal/report-readme: formal_report.write_readme, the measured block of
formal/README.md (ptxalu_formal.py --readme), on a README of our own in a temporary directory.

- a build directory without a full run's report (a fresh one, or only a partial run with
  PTXALU_FORMAL_ONLY): the block is left as it was (it used to be emptied, erasing the last
  full run's figures from formal/README.md);
- with a full run's report.json: the block holds its line and its slowest obligations, and the
  text outside the markers is kept.
Exit 0 when both hold, 1 otherwise.
"""
import json
import os
import sys
import tempfile

from formal_report import README_BEGIN, README_END, write_readme

OLD = "- Last full run, an earlier one's figures."


def main():
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        readme = os.path.join(tmp, "README.md")
        text = f"before\n{README_BEGIN}\n{OLD}\n{README_END}\nafter\n"
        with open(readme, "w") as f:
            f.write(text)
        out = os.path.join(tmp, "out")
        os.makedirs(out)
        partial = {"suite": {"full": False}, "obligations": []}
        with open(os.path.join(out, "report-partial.json"), "w") as f:
            json.dump(partial, f)
        rc = write_readme(readme, out)
        kept = open(readme).read() == text
        print(f"test_formal_report: no full report: {'ok' if rc == 0 and kept else 'FAILED'}")
        bad += not (rc == 0 and kept)
        suite = {"full": True, "started": "2026-11-29 10:00 UTC", "obligations": 2, "proven": 2,
                 "wall": 12.0, "jobs": 2, "cores": 2, "tool_seconds": 20.0, "cpu": 19.0,
                 "max_seconds": 15.0, "max_cpu": 14.0, "load_start": 1.0, "load_end": 1.5,
                 "load_processes": 0}
        rows = [{"obligation": "unit/slow", "engine": "abc", "result": "proven", "seconds": 15.0,
                 "cpu": 14.0},
                {"obligation": "unit/fast", "engine": "abc", "result": "proven", "seconds": 5.0,
                 "cpu": 5.0}]
        with open(os.path.join(out, "report.json"), "w") as f:
            json.dump({"suite": suite, "obligations": rows}, f)
        rc = write_readme(readme, out)
        new = open(readme).read()
        ok = (rc == 0 and OLD not in new and "2026-11-29 10:00 UTC: 2 obligations" in new and
              new.index("`unit/slow`") < new.index("`unit/fast`") and
              new.startswith("before\n") and new.endswith(f"{README_END}\nafter\n"))
        print(f"test_formal_report: a full report: {'ok' if ok else 'FAILED'}")
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
