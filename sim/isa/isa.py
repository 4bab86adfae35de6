#!/usr/bin/env python3
"""The instruction table (sim/isa/instructions.json): load, check, enumerate, generate.

Library (Python tools import it):  families(), ops(), ops_of(unit=..., selectors=...),
forms(family) -> every legal form as a dict of control-word fields.
Command line:
  isa.py --cpp OUT.inc          the C++ table of sim/isa/isa.cpp (rows and forms)
  isa.py --markdown FILE        the instruction table for readers (doc/INSTRUCTIONS.md)
  isa.py --check-markdown MD    exit 1 if MD is not what --markdown would write
  isa.py --list [UNIT]          the ops' enum names (OpVadd ...), one a line
Errors are one line on stderr and exit 2.
"""
import itertools
import json
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().with_name("instructions.json")

# Control-word fields a family may set (ptxalu_pkg::ctrl_t names), with the prefix of their
# enum members in the package and their zero value (what an unused field holds). Flags: None.
FIELDS = {
    "itype": ("It", "none"), "dsigned": (None, 0), "asigned": (None, 0), "bsigned": (None, 0),
    "dsel": ("Sel", "none"), "secop": ("Sec", "none"), "sat": (None, 0), "cmp": ("Cmp", "eq"),
    "half": ("Half", "none"), "wrap": (None, 0), "scale": ("Scale", "none"), "po": (None, 0),
    "neg_prod": (None, 0), "neg_c": (None, 0), "relu": (None, 0), "shiftamt": (None, 0),
}
SELECTORS = ("none", "scalar", "x2", "x4")
KEYS = {"family", "ops", "spec", "ptx", "sm", "unit", "latency", "selectors", "syntax",
        "fields", "rules", "gates", "excluded"}
OPTIONAL = {"gates", "excluded"}


class TableError(Exception):
    pass


def enum_name(field, value):
    """ptxalu_pkg member of a field value: ('itype', 'u16x2') -> 'ItU16x2'."""
    prefix = FIELDS[field][0]
    return prefix + value[0].upper() + value[1:]


def op_enum(op):
    return "Op" + op[0].upper() + op[1:]


def _check(fam):
    where = f"family {fam.get('family', '?')!r}"
    missing = KEYS - OPTIONAL - set(fam)
    if missing:
        raise TableError(f"{where}: missing key(s) {', '.join(sorted(missing))}")
    if set(fam) - KEYS:
        raise TableError(f"{where}: unknown key(s) {', '.join(sorted(set(fam) - KEYS))}")
    if fam["selectors"] not in SELECTORS:
        raise TableError(f"{where}: selectors must be one of {', '.join(SELECTORS)}")
    for field, values in fam["fields"].items():
        if field not in FIELDS:
            raise TableError(f"{where}: unknown field {field!r}")
        if not values or len(set(values)) != len(values):
            raise TableError(f"{where}: field {field!r} needs distinct values")
        flag = FIELDS[field][0] is None
        if any((v not in (0, 1)) if flag else not isinstance(v, str) for v in values):
            raise TableError(f"{where}: field {field!r} takes " + ("0/1" if flag else "names"))
    for rule in fam["rules"] + fam.get("gates", []):
        for part in ("when", "then") if "then" in rule else ("when",):
            for field, values in rule[part].items():
                if field not in fam["fields"] or not set(values) <= set(fam["fields"][field]):
                    raise TableError(f"{where}: a rule names {field}={values}, not in 'fields'")
        if "then" in rule and not rule.get("cite"):
            raise TableError(f"{where}: a rule has no 'cite'")
    for ex in fam.get("excluded", []):
        field = ex.get("field")
        if field not in FIELDS or not ex.get("cite"):
            raise TableError(f"{where}: an 'excluded' entry needs a known 'field' and a 'cite'")
        if set(ex.get("values", [])) & set(fam["fields"].get(field, [])) or \
                ("values" not in ex and field in fam["fields"]):
            raise TableError(f"{where}: 'excluded' names {field} values that 'fields' lists")


def load(path=TABLE):
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e:
        raise TableError(f"cannot read {path}: {e}") from None
    fams = data.get("families") if isinstance(data, dict) else None
    if not isinstance(fams, list):
        raise TableError(f"{path}: no 'families' list")
    seen = set()
    for fam in fams:
        if not isinstance(fam, dict):
            raise TableError(f"{path}: a family is not an object")
        _check(fam)
        for op in fam["ops"]:
            if op in seen:
                raise TableError(f"{path}: op {op!r} listed twice")
            seen.add(op)
    return fams


def families():
    return load()


def ops(fams=None):
    """(op, family) in table order (the package's op order)."""
    return [(op, fam) for fam in (fams or load()) for op in fam["ops"]]


def ops_of(unit=None, selectors=None, fams=None):
    """Enum names (OpVadd2 ...) of the ops of a unit and/or selector kind, in table order."""
    return [op_enum(op) for op, fam in ops(fams)
            if (unit is None or fam["unit"] == unit)
            and (selectors is None or fam["selectors"] == selectors)]


def _holds(form, cond):
    return all(form[f] in vals for f, vals in cond.items())


def forms(fam):
    """Every legal form of a family's op: a dict of all FIELDS (unused ones at zero)."""
    names = list(fam["fields"])
    out = []
    for combo in itertools.product(*(fam["fields"][n] for n in names)):
        form = {f: zero for f, (_, zero) in FIELDS.items()}
        form.update(zip(names, combo))
        if all(not _holds(form, r["when"]) or _holds(form, r["then"]) for r in fam["rules"]):
            out.append(form)
    return out


def _cpp_value(field, value):
    if FIELDS[field][0] is None:
        return "true" if value else "false"
    return "Pkg::" + enum_name(field, value)


def cpp(fams):
    lines = ["// Generated by sim/isa/isa.py from sim/isa/instructions.json: do not edit.",
             "// Included by sim/isa/isa.cpp inside namespace ptxalu::isa.",
             "", "// Every legal form, the fields it sets (selectors and mask are set by isa.cpp).",
             "constexpr Ctrl kForms[] = {"]
    rows = []
    first = 0
    for op, fam in ops(fams):
        fs = forms(fam)
        for form in fs:
            vals = "".join(f", .{f} = {_cpp_value(f, form[f])}" for f in FIELDS
                           if form[f] != FIELDS[f][1])
            lines.append(f"    {{.op = Pkg::{op_enum(op)}{vals}}},")
        gates = " ".join(
            ",".join(f"{f}={'|'.join(map(str, v))}" for f, v in g["when"].items())
            + f":{g['ptx']}:{g['sm']}" for g in fam.get("gates", []))
        rows.append(f'    {{"{op}", Pkg::{op_enum(op)}, "{fam["family"]}", '
                    f'Selectors::{fam["selectors"].capitalize()}, "{fam["unit"]}", '
                    f'"{fam["latency"]}", "{fam["ptx"]}", "{fam["sm"]}", "{fam["spec"]}", '
                    f'"{fam["syntax"]}", "{gates}", {first}, {len(fs)}}},')
        first += len(fs)
    lines += ["};", "", "constexpr Row kRows[] = {"] + rows + ["};", ""]
    lines += _cpp_rules(fams) + _cpp_value_names(fams)
    return "\n".join(lines)


def _cpp_value_names(fams):
    """Every enum value the table spells (and each field's zero), as the table spells it."""
    names = {f: {zero} for f, (prefix, zero) in FIELDS.items() if prefix is not None}
    for fam in fams:
        for f, values in fam["fields"].items():
            if f in names:
                names[f].update(values)
    lines = ["// The table's spelling of every enum value it names (and each field's zero).",
             "constexpr ValueName kValueNames[] = {"]
    for f, values in names.items():
        for v in sorted(values, key=lambda v: enum_name(f, v)):
            lines.append(f'    {{Field::{_field_enum(f)}, Pkg::{enum_name(f, v)}, "{v}"}},')
    return lines + ["};", ""]


def _cpp_mask(field, values):
    """C++ bit set of a field's values: bit v for value v ("(1u << Pkg::ItS32) | ...")."""
    if FIELDS[field][0] is None:
        return " | ".join(f"(1u << {int(v)})" for v in values)
    return " | ".join(f"(1u << Pkg::{enum_name(field, v)})" for v in values)


def _cpp_rules(fams):
    """The exclusion rules and excluded values, per op, for the front end's messages."""
    names = list(FIELDS)
    lines = ["// Per op, its family's rules: when every named field (mask != 0) holds one of its "
             "values,", "// each field named in `then` must hold one of its values.",
             "constexpr Rule kRuleRows[] = {"]
    for op, fam in ops(fams):
        for r in fam["rules"]:
            when = ", ".join(_cpp_mask(f, r["when"][f]) if f in r["when"] else "0" for f in names)
            then = ", ".join(_cpp_mask(f, r["then"][f]) if f in r["then"] else "0" for f in names)
            lines.append(f'    {{Pkg::{op_enum(op)}, {{{when}}}, {{{then}}}, "{r["cite"]}"}},')
    lines += ["};", "", "// Per op, field values outside its forms that a message explains.",
              "constexpr Excluded kExcludedRows[] = {"]
    for op, fam in ops(fams):
        for ex in fam.get("excluded", []):
            f = ex["field"]
            mask = _cpp_mask(f, ex["values"]) if "values" in ex else "~1u"
            if "values" not in ex and FIELDS[f][0] is not None:
                mask = f"~(1u << Pkg::{enum_name(f, FIELDS[f][1])})"
            lines.append(f'    {{Pkg::{op_enum(op)}, Field::{_field_enum(f)}, {mask}, '
                         f'"{ex["cite"]}"}},')
    return lines + ["};", ""]


def _field_enum(field):
    return "".join(w.capitalize() for w in field.split("_"))


def markdown(fams):
    out = ["# Instructions", "",
           "Generated by `sim/isa/isa.py --markdown` from `sim/isa/instructions.json` (the one",
           "instruction table; see `sim/isa/README.md`): do not edit. Legal forms are control",
           "words with every field chosen except the selectors and the mask (the contract:",
           "`doc/CANONICAL_FORMS.md`). PTX sections and CLARIFICATIONS: `../shared/spec/`.", "",
           "| ops | syntax | PTX ISA | target | unit | latency | forms per op | PTX § |",
           "|---|---|---|---|---|---|---|---|"]
    total = 0
    for fam in fams:
        n = len(forms(fam))
        total += n * len(fam["ops"])
        ptx, sm = fam["ptx"], fam["sm"]
        for g in fam.get("gates", []):
            cond = ", ".join(f"{f} {'/'.join(map(str, v))}" for f, v in g["when"].items())
            ptx += f" ({cond}: {g['ptx']})"
            sm += f" ({cond}: {g['sm']})"
        syntax = fam["syntax"].replace("{op}", "op" if len(fam["ops"]) > 1 else fam["ops"][0])
        out.append(f"| {' '.join(fam['ops'])} | `{syntax}` | {ptx} | {sm} | {fam['unit']} | "
                   f"{fam['latency']} | {n} | {fam['spec']} |")
    out += ["", f"{sum(len(f['ops']) for f in fams)} operations in {len(fams)} families, "
            f"{total} legal forms.", "", "## Modifier rules", ""]
    for fam in fams:
        for r in fam["rules"]:
            when = ", ".join(f"{f} {'/'.join(map(str, v))}" for f, v in r["when"].items())
            then = ", ".join(f"{f} {'/'.join(map(str, v))}" for f, v in r["then"].items())
            out.append(f"- {' '.join(fam['ops'])}: {when} only with {then} ({r['cite']})")
        for ex in fam.get("excluded", []):
            vals = "/".join(ex["values"]) if "values" in ex else "any"
            out.append(f"- {' '.join(fam['ops'])}: no {ex['field']} {vals} ({ex['cite']})")
    return "\n".join(out) + "\n"


def _write(path, text):
    try:
        p = Path(path)
        if not p.exists() or p.read_text() != text:  # keep the time stamp: no needless rebuilds
            p.write_text(text)
    except OSError as e:
        raise TableError(f"cannot write {path}: {e}") from None


def main(argv):
    usage = "usage: isa.py --cpp OUT | --markdown OUT | --check-markdown MD | --list [UNIT]"
    if not argv or argv[0] not in ("--cpp", "--markdown", "--check-markdown", "--list"):
        raise TableError(usage)
    fams = load()
    if argv[0] == "--list":
        print("\n".join(ops_of(argv[1] if len(argv) > 1 else None, fams=fams)))
        return 0
    if len(argv) != 2:
        raise TableError(usage)
    if argv[0] == "--cpp":
        _write(argv[1], cpp(fams))
    elif argv[0] == "--markdown":
        _write(argv[1], markdown(fams))
    else:
        try:
            current = Path(argv[1]).read_text()
        except OSError as e:
            raise TableError(f"cannot read {argv[1]}: {e}") from None
        if current != markdown(fams):
            print(f"{argv[1]} is stale: regenerate it with sim/isa/isa.py --markdown {argv[1]}")
            return 1
        print(f"{argv[1]} is up to date")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except TableError as e:
        print(f"isa.py: {e}", file=sys.stderr)
        sys.exit(2)
