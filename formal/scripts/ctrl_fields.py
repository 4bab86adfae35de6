#!/usr/bin/env python3
"""Decode a 60-bit ptxalu control word (binary or hex) into its fields, names taken from
rtl/ptxalu_pkg.sv (parsed, so no encoding is copied here)."""
import os
import re
import sys

PKG = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "rtl", "ptxalu_pkg.sv")


def load_pkg(path=PKG):
    text = open(path).read()
    enums = {}
    for body, name in re.findall(r"typedef enum logic \[\d+:0\] \{(.*?)\}\s*(\w+)", text, re.S):
        enums[name] = {int(v): k for k, v in
                       ((m[0], m[1]) for m in re.findall(r"(\w+)\s*=\s*\d+'d(\d+)", body))}
    struct = re.search(r"typedef struct packed \{(.*?)\}\s*ctrl_t", text, re.S).group(1)
    fields = []
    for line in struct.splitlines():
        line = line.split("//")[0].strip().rstrip(";")
        if not line:
            continue
        m = re.match(r"logic\s*\[(\d+):0\]\s*(\w+)", line)
        if m:
            fields.append((m.group(2), int(m.group(1)) + 1, None))
            continue
        m = re.match(r"logic\s+(\w+)", line)
        if m:
            fields.append((m.group(1), 1, None))
            continue
        typ, name = line.split()
        width = max(enums[typ]).bit_length() if typ in enums else 1
        width = int(re.search(r"typedef enum logic \[(\d+):0\] \{[^}]*\}\s*" + typ, text,
                              re.S).group(1)) + 1
        fields.append((name, width, typ))
    return enums, fields


def decode(word):
    enums, fields = load_pkg()
    total = sum(w for _, w, _ in fields)
    out, pos = [], total
    for name, width, typ in fields:
        pos -= width
        v = (word >> pos) & ((1 << width) - 1)
        label = enums[typ].get(v, f"?{v}") if typ else (f"0x{v:x}" if width > 1 else str(v))
        out.append(f"{name}={label}")
    return " ".join(out)


if __name__ == "__main__":
    s = sys.argv[1]
    print(decode(int(s, 2) if set(s) <= {"0", "1"} and len(s) > 16 else int(s, 0)))
