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
        width = int(re.search(r"typedef enum logic \[(\d+):0\] \{[^}]*\}\s*" + typ, text,
                              re.S).group(1)) + 1
        fields.append((name, width, typ))
    return enums, fields


class Layout:
    """Where each ctrl_t field sits in the packed control word (the one place that slices it):
    fields[name] = (lsb, width, enum type or None); total, the word's width; enums as load_pkg."""

    def __init__(self, path=PKG):
        self.enums, order = load_pkg(path)
        self.order = [name for name, _, _ in order]
        self.total = sum(w for _, w, _ in order)
        self.fields, pos = {}, self.total
        for name, width, typ in order:
            pos -= width
            self.fields[name] = (pos, width, typ)

    def raw(self, word, name):
        lsb, width, _ = self.fields[name]
        return (word >> lsb) & ((1 << width) - 1)

    def value(self, word, name):
        """The field's enum name (None for a value the enum lacks), or its integer."""
        typ = self.fields[name][2]
        v = self.raw(word, name)
        return self.enums[typ].get(v) if typ else v


def decode(word, path=PKG):
    layout = Layout(path)
    out = []
    for name in layout.order:
        _, width, typ = layout.fields[name]
        v = layout.raw(word, name)
        label = layout.enums[typ].get(v, f"?{v}") if typ else (f"0x{v:x}" if width > 1 else str(v))
        out.append(f"{name}={label}")
    return " ".join(out)


if __name__ == "__main__":
    s = sys.argv[1]
    print(decode(int(s, 2) if set(s) <= {"0", "1"} and len(s) > 16 else int(s, 0)))
