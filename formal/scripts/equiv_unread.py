"""SystemVerilog that Yosys 0.23's own front end reads otherwise than the language says
(misread: refused before Yosys runs, one line naming the file's line; misread_warning: refused
by a warning of Yosys' read) or not at all (unread_hint: what Yosys' error line holds, and what
to write instead)."""

import os
import re

# The data types of a declaration (a cast to one of them, a variable declared with a value).
TYPES = r"(?:logic|bit|reg|byte|shortint|int|longint|integer)"


def source_code(path):
    """A source file's text without its // comments."""
    return code(open(path, encoding="utf-8", errors="replace").read())


def code(text):
    return re.sub(r"//[^\n]*", "", text)


def misread(text, pkg):
    """'LINE: what' for source Yosys 0.23 would read otherwise than the language says, or None:
    a second package ptxalu_pkg (the flow reads `pkg`), a unary operator before a size cast
    (-N'(x): Yosys 0.23 negates the size; with a constant x silently, found by helper-92's
    video unit), a task argument `inout` (Yosys 0.23 never copies it back: the task's writes
    to it are lost, silently)."""
    text = code(text)
    line = lambda pos: text.count("\n", 0, pos) + 1  # noqa: E731
    m = re.search(r"^\s*package\s+ptxalu_pkg\b", text, re.M)
    if pkg and m:
        return (f"{line(m.start())}: declares package ptxalu_pkg, which the flow reads from "
                f"{pkg}: leave it out, or give it as --pkg")
    for m in re.finditer(r"([-+~!&|^])\s*(\d+|[A-Za-z_]\w*)\s*'\s*\(", text):
        before = text[:m.start()].rstrip()[-1:]  # "" at the start of the file
        after_operand = before.isalnum() or (before != "" and before in "_)]}'$")
        doubled = before == m.group(1) != "-"  # the second character of && || ^^
        if after_operand or doubled or m.group(2) in ("signed", "unsigned"):
            continue  # a binary operator; or a sign cast, which Yosys reads right
        return (f"{line(m.start())}: a unary {m.group(1)} before a size cast {m.group(2)}'(...): "
                f"Yosys 0.23 applies it to the size, not the value (-8'(3) reads as 3); write "
                f"{m.group(1)}({m.group(2)}'(...))")
    pos = variable_initializer(text)
    if pos is not None:
        return (f"{line(pos)}: a variable declared with a value from signals (logic x = expr;): "
                "by IEEE 1800 a one-time initialization, which Yosys 0.23 reads as a continuous "
                "assignment; write logic x; assign x = expr;")
    for t in re.finditer(r"\btask\b.*?\bendtask\b", text, re.S):
        m = re.search(r"\binout\b", t.group(0))
        if m:
            return (f"{line(t.start() + m.start())}: task argument inout: Yosys 0.23 does not "
                    "copy it back (the task's writes to it are lost); use output, or a function")
    return None


# Where module scope ends and begins (procedural code runs between them).
_SCOPE = re.compile(r"\b(module|endmodule|function|endfunction|task|endtask|always_comb|always_ff|"
                    r"always_latch|always|initial|final|begin|end|case|casez|casex|endcase|"
                    r"fork|join|join_any|join_none|generate|endgenerate)\b|;")
_OPEN, _CLOSE = {"begin", "case", "casez", "casex", "fork"}, \
    {"end", "endcase", "join", "join_any", "join_none"}
_DECL = re.compile(r"\s*(?::\s*\w+\b\s*)?(?:var\s+)?\b(?:" + TYPES + r"|\w+::\w+|\w+_t)\b"
                   r"[^=;(]*?\b\w+\s*(?:\[[^\]]*\]\s*)*=([^=][^;]*)$", re.S)


def variable_initializer(text):
    """The offset of a module-scope variable declaration whose initial value reads a signal
    (`logic s = f(ctrl_i);`, helper-93's v19: Yosys 0.23 made it an assign, Verilator keeps
    the value of time 0), or None. Constants (literals, parameters, package items) are
    fine."""
    consts = set(re.findall(r"\b(?:parameter|localparam|genvar)\b[^;=]*?\b(\w+)\s*(?:=|;|,)",
                            text))
    depth_sub, proc, start = 0, None, 0  # functions/tasks open; a procedural statement's depth
    for m in _SCOPE.finditer(text):
        word = m.group(1)
        if depth_sub == 0 and proc is None and word is None:  # a statement at module scope
            d = _DECL.match(text, start, m.start())
            if d:
                rhs = re.sub(r"\w+\s*::\s*\w+|\d*'[sS]?[bBoOdDhH][\w?]+|\$\w+|\b\w+\s*=(?!=)",
                             " ", d.group(1))  # (package items, literals, more declarators)
                if set(re.findall(r"\b[A-Za-z_]\w*\b", rhs)) - consts:
                    return d.start() + len(d.group(0)) - len(d.group(0).lstrip())
        if word in ("function", "task"):
            depth_sub += 1
        elif word in ("endfunction", "endtask"):
            depth_sub -= 1
        elif depth_sub == 0 and proc is None and word in (
                "always", "always_comb", "always_ff", "always_latch", "initial", "final"):
            proc = 0
        elif proc is not None and word in _OPEN:
            proc += 1
        elif proc is not None and word in _CLOSE:
            proc = proc - 1 if proc > 1 else None  # the block that was the statement ends
        elif proc == 0 and word is None:
            proc = None  # a procedural statement without begin ... end ends
        start = m.end()
    return None


def misread_warning(log):
    """'FILE:LINE: what' for a warning of Yosys' read (the lines of `log`) that says it misread
    the source, or None. A struct's member inside a function (`ctl.op` of an argument or a
    local of a struct type, `f.sat = ...` of a struct result) is an identifier Yosys 0.23 does
    not resolve: it declares a 1-bit wire of that name, its select out of range is undefined
    bits, and those would read as the user's own 'x (any value): wrong counterexamples, found
    by helper-93's integer unit. A name with `$func$` or a `.` in it is never one the user
    declared implicitly."""
    for line in log:
        m = re.match(r"(?:(.+?):(\d+): )?Warning: Identifier `\\([^']*)' is implicitly declared",
                     line.strip())
        if m and ("$func$" in m.group(3) or "." in m.group(3)):
            where = f"{m.group(1)}:{m.group(2)}" if m.group(1) else "(no line)"
            return f"{where}: {STRUCT_IN_FUNCTION}: Yosys 0.23 reads it as an undeclared " \
                "1-bit wire, its bits undefined; " + STRUCT_INSTEAD
    return None


STRUCT_IN_FUNCTION = ("a struct's member inside a function or task (an argument, a local or "
                      "the result of a struct type) or of an array's element")
STRUCT_INSTEAD = ("pass the fields as separate arguments, or a logic vector and its bit ranges "
                  "(an array: one struct variable per element)")


# SystemVerilog that Yosys 0.23's own front end does not read (its errors say only "syntax
# error, unexpected TOK_ID", or "Can't resolve task name `\\break'" at line 0; for `case ...
# inside` an error about casts at the line after): (pattern on the code of the line Yosys names
# or the one before it, the construct, what to write instead).
_UNREAD = ((r"\breturn\b", "`return`", "assign the function's name (f = value;)"),
           (r"\bimport\b", "a package import (import ptxalu_pkg::*;)",
            "name each item with its package (ptxalu_pkg::ctrl_t, ptxalu_pkg::OpVadd)"),
           (r"\bforeach\b", "`foreach`", "write a for loop"),
           (r"\bcase[xz]?\s*\(.*\)\s*inside\b", "`case ... inside`",
            "write a plain case, or casez with ? for the bits an item leaves free"),
           (r"\binside\b", "`inside`", "compare with == joined by ||"),
           (r"\b(?:priority|unique0?)\s+if\b", "`priority if` / `unique if`",
            "write a plain if ... else if"),
           (r"\bdo\b", "do ... while", "write a for loop"),
           (r"'\{", "an assignment pattern '{...}", "write a concatenation {...} or '0"),
           (r"\b(?:input|inout)\b[^;]*=", "a default value of a function's argument",
            "pass every argument"),
           (r"^\s*" + TYPES + r"\b[^;(]*=",
            "a variable declared with a value inside a block", "declare it, then assign it"),
           (r"\{\s*(?:<<|>>)", "a streaming operator {<<{...}}",
            "write the concatenation of the slices in the order wanted"),
           (r"\$bits\s*\(\s*\w+\s*::", "$bits of a package's type ($bits(ptxalu_pkg::ctrl_t))",
            "take $bits of a signal of that type ($bits(ctrl_i))"),
           (r"\w+\s*::\s*\w+\s*'\s*\(", "a cast to a package's type (ptxalu_pkg::op_e'(x))",
            "assign x to a variable of that type, or compare with the enum's items"),
           (r"\b" + TYPES + r"\s*(?:\[[^\]]*\]\s*)*'\s*\(",
            "a cast to a type (int'(x))", "a size cast N'(x), signed'(x) or unsigned'(x)"),
           (r"^(?!.*\b(?:function|task)\b).*\bautomatic\b", "a variable declared automatic",
            "leave the word out (an automatic function's locals are automatic already), or "
            "declare it in the module"),
           (r"^\s*(?:logic|bit|reg|wire)\s*(?:signed\s*)?\[[^\]]*\]\s*\[",
            "a packed array of more than one dimension", "use one packed dimension"))


def unread_hint(err):
    """`err` (a Yosys error line) and, when the line it names holds SystemVerilog Yosys 0.23
    does not read (_UNREAD; a `break` or `continue` it takes for a task), what to write."""
    m = re.search(r"Can't resolve task name `\\(break|continue)'", err)
    if m:
        return (f"{err} (`{m.group(1)}`: Yosys 0.23 does not read it; end the loop by its "
                "condition or a flag)")
    m = re.search(r"Latch inferred for signal `\\[^.]*\.\\?([^' \[]+)", err)
    if m:
        return (f"{err} ({m.group(1)} keeps its value on some path through the always_comb: "
                "give it a value at the top of the block)")
    if re.search(r"Failed to resolve identifier \\\S*(?:\$func\$|\.)", err):
        return f"{err} ({STRUCT_IN_FUNCTION}: Yosys 0.23 does not read it; {STRUCT_INSTEAD})"
    m = re.match(r"(?:ERROR: )?(.+?):(\d+): ERROR: ", err)
    if not m or not os.path.isfile(m.group(1)):
        return err
    with open(m.group(1), encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    n = int(m.group(2))
    for k in (n, n - 1):
        src = code(lines[k - 1]) if 0 < k <= len(lines) else ""
        for pattern, what, instead in _UNREAD:
            if re.search(pattern, src):
                at = "" if k == n else f" at line {k}"
                return f"{err} ({what}{at}: Yosys 0.23 does not read it; {instead})"
    return err
