#!/usr/bin/env python3
"""Summarises a Verilator coverage .dat by kind of point (line, branch, toggle) and lists the
points never hit, per kind: verilator_summary.json beside it. Usage: summarize_dat.py DAT OUT."""
import json
import re
import sys

FIELD = re.compile("\x01([^\x02]*)\x02([^\x01]*)")


def main():
    dat, out = sys.argv[1], sys.argv[2]
    kinds = {}
    with open(dat, encoding="latin-1") as f:
        for line in f:
            if not line.startswith("C '"):
                continue
            key, count = line[3:].rsplit("' ", 1)
            fields = dict(FIELD.findall(key))
            kind = fields.get("page", "?").split("/")[0].replace("v_", "")
            k = kinds.setdefault(kind, {"points": 0, "hit": 0, "missed": []})
            k["points"] += 1
            if int(count) > 0:
                k["hit"] += 1
            else:
                where = "%s:%s" % (fields.get("f", "?").split("/")[-1], fields.get("l", "?"))
                if fields.get("o"):
                    where += " " + fields["o"]
                k["missed"].append(where)
    for k in kinds.values():
        k["percent"] = round(100.0 * k["hit"] / k["points"], 2) if k["points"] else 100.0
    with open(out, "w") as f:
        json.dump(kinds, f, indent=2)
    for name, k in sorted(kinds.items()):
        print("verilator %-7s coverage: %d/%d points (%.2f%%)" % (name, k["hit"], k["points"], k["percent"]))


if __name__ == "__main__":
    main()
