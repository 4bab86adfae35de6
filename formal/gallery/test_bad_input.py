#!/usr/bin/env python3
"""Bad input to formal/equiv.sh (issue 13 item 5): each must end with exactly one line on
stderr that names what is wrong, exit status 2, no Python traceback. Two near-misses that are not
bad input (exit 0): a combinational GATE without our unit's unused clk_i/en_i ports is proven,
and so is a GATE that lists rtl/ptxalu_pkg.sv, which the flow reads first.

  test_bad_input.py --case NAME --work DIR [--aig-bin B]   one case (ctest formal/equiv/bad/NAME)
  test_bad_input.py --list                    the case names

The GATE of each case is derived from the gallery's correct dot_ext9 by one text edit, so the
inputs differ from a good pair in the one way the case names. The near-miss edits our own
ptxalu_dot instead (its clk_i/en_i made constant wires) and skips the random simulations: the
flow then proves it at its product cut in about 2 s of CPU, where dot_ext9 took 21 s (Yosys'
bit-level AIG and the engine), near ctest's 60 s limit under load; what it tests is that the
missing ports are accepted, not the proof.
"""
import argparse
import os
import shutil
import subprocess
import sys

GALLERY = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(GALLERY))
# ptxalu_dot and the register it may instantiate (Bypass at Stages = 0)
GOLD = ",".join(os.path.join(REPO, "rtl", f) for f in ("ptxalu_dot.sv", "ptxalu_en_reg.sv"))
GOOD = os.path.join(GALLERY, "dot_ext9", "ptxalu_dot.sv")
OURS = os.path.join(REPO, "rtl", "ptxalu_dot.sv")

PKG = os.path.join(REPO, "rtl", "ptxalu_pkg.sv")
MY_PKG = """package my_util_pkg;
  function automatic logic [31:0] add(input logic [31:0] x, input logic [31:0] y);
    add = x + y;
  endfunction
endpackage
"""
TB = """module tb;
  integer fd;
  initial fd = $fopen("vectors.txt", "r");
endmodule
"""

# name: (edit of the good GATE (old, new) or None, extra arguments, words the message must hold)
CASES = {
    "missing-yosys": (None, {"path": True}, ["yosys not found"]),
    "top-missing": (("module ptxalu_dot (", "module my_dot ("), {}, ["no module ptxalu_dot"]),
    "port-name": (("input  logic [31:0]       c_i,", "input  logic [31:0]       acc_i,"),
                  {}, ["port", "c_i"]),
    "port-width": (("output logic [31:0]       result_o", "output logic [32:0]       result_o"),
                   {}, ["result_o", "32", "33"]),
    "port-direction": (("input  logic [31:0]       c_i,", "output logic [31:0]       c_i,"),
                       {}, ["c_i", "input", "output"]),
    "no-elaboration": (("assign hi   =", "assign hi   = = "), {}, ["does not elaborate"]),
    "our-own-file": (None, {"gate": GOLD}, ["our own rtl/"]),
    "no-such-file": (None, {"gate": "/nonexistent/ptxalu_dot.sv"}, ["no such file"]),
    "bad-usage": (None, {"args": ["ptxalu_dot"]}, ["expected GOLD GATE TOP"]),
    "unknown-option": (None, {"args": ["--frobnicate", GOLD, GOOD, "ptxalu_dot"]},
                       ["unrecognized arguments", "--frobnicate"]),
    "wide-cut-without-algebra": (None, {"args": ["--wide-cut-forms", r"\.sat", GOLD, GOOD,
                                                  "ptxalu_dot"]},
                                 ["--wide-cut-forms needs --engine algebra"]),
    "skip-forms-not-a-regex": (None, {"args": ["--skip-forms", "(", GOLD, GOOD, "ptxalu_dot"]},
                               ["--skip-forms '(' is not a regular expression"]),
    "pipeline-unbalanced": (("  assign result_o = (dp2a ? sum2 : sum4) + c_i;",
                             "  logic signed [31:0] sum4_q;\n  always_ff @(posedge clk_i) if (en_i) "
                             "sum4_q <= sum4;\n  assign result_o = (dp2a ? sum2 : sum4_q) + c_i;"),
                            {"flags": ["--pipeline"]},
                            ["GATE is not a balanced pipeline", "ptxalu_dot.sv:", "loaded 0 and 1"]),
    "pipeline-no-enable": (("  assign result_o = (dp2a ? sum2 : sum4) + c_i;",
                            "  always_ff @(posedge clk_i) result_o <= (dp2a ? sum2 : sum4) + c_i;"),
                           {"flags": ["--pipeline"]},
                           ["GATE is not a balanced pipeline", "not a flip-flop loaded by en_i"]),
    # a reset by rst_ni low is taken (ptxalu_simd's registers); by anything else it is not
    "pipeline-reset-other": (("  assign result_o = (dp2a ? sum2 : sum4) + c_i;",
                              "  always_ff @(posedge clk_i)\n    if (c_i[31]) result_o <= '0;\n"
                              "    else if (en_i) result_o <= (dp2a ? sum2 : sum4) + c_i;"),
                             {"flags": ["--pipeline"]},
                             ["GATE is not a balanced pipeline", "not a flip-flop loaded by en_i",
                              "ptxalu_dot.sv:32"]),
    "gold-param-malformed": (None, {"flags": ["--gold-param", "Stages"]},
                             ["--gold-param 'Stages'", "NAME=INTEGER"]),
    "no-clock-ports": (("  input  logic              clk_i,\n  input  logic              en_i,\n",
                        ""), {"exit": 0, "source": OURS, "gate_also": GOLD.split(",")[1:],
                              "wires": "  logic clk_i, en_i;  // not ports here\n  assign clk_i = "
                              "1'b0;\n  assign en_i = 1'b0;\n",
                              "flags": ["--word-seconds", "0", "--sim-seconds", "0"]},
                       ["EQUIVALENT"]),
    "second-ptxalu-pkg": (("module ptxalu_dot (",
                           "package ptxalu_pkg;\nendpackage\n\nmodule ptxalu_dot ("),
                          {}, ["declares package ptxalu_pkg", "--pkg"]),
    # Yosys 0.23 drops a task's writes to an inout argument: NOT EQUIVALENT for a correct unit
    "task-inout": (("module ptxalu_dot (", "module helper;\n  task automatic flip(inout logic x);"
                    "\n    x = ~x;\n  endtask\nendmodule\n\nmodule ptxalu_dot ("),
                   {}, ["ptxalu_dot.sv:4:", "task argument inout", "use output"]),
    # a combinational loop: Yosys 0.23's write_aiger crashes on it (no ERROR line)
    "comb-loop": (("  assign result_o = (dp2a ? sum2 : sum4) + c_i;",
                   "  logic loop_a, loop_b;\n  assign loop_a = loop_b ^ a_i[3];\n"
                   "  assign loop_b = loop_a & b_i[5];\n"
                   "  assign result_o = ((dp2a ? sum2 : sum4) + c_i) ^ {31'd0, loop_a};"),
                  {}, ["GATE has a combinational loop", "ptxalu_dot.sv:33", "ptxalu_dot.sv:34"]),
    # a latch from `always @*` (Yosys itself stops at one in always_comb: no-elaboration's path)
    "latch": (("  assign result_o = (dp2a ? sum2 : sum4) + c_i;",
               "  logic [31:0] held;\n  always @* begin\n    if (b_i[7]) held = (dp2a ? sum2 : sum4)"
               " + c_i;\n  end\n  assign result_o = held;"),
              {}, ["GATE has a latch", "ptxalu_dot.sv:33"]),
    # in an always_comb Yosys stops on it, naming the signal (its process at line 0 in a loop)
    "latch-always-comb": (("  assign result_o = (dp2a ? sum2 : sum4) + c_i;",
                           "  logic [31:0] held;\n  always_comb begin\n    if (b_i[7]) held = "
                           "(dp2a ? sum2 : sum4) + c_i;\n  end\n  assign result_o = held;"),
                          {}, ["does not elaborate", "Latch inferred", "held keeps its value",
                               "give it a value at the top"]),
    # SystemVerilog Yosys 0.23 does not read ("syntax error, unexpected TOK_ID"): named, with
    # what to write instead (equiv_unread.unread_hint)
    "sv-return": (("  logic dp2a, hi;", "  function automatic logic inv(input logic x);\n"
                   "    return !x;\n  endfunction\n  logic dp2a, hi;"),
                  {}, ["does not elaborate", "ptxalu_dot.sv:13:", "`return`: Yosys 0.23 does "
                       "not read it", "assign the function's name"]),
    "sv-break": (("  logic dp2a, hi;", "  logic [3:0] ones;\n  always_comb begin\n    ones = 0;"
                  "\n    for (int i = 0; i < 4; i++) begin\n      if (a_i[i]) break;\n"
                  "      ones = ones + 1;\n    end\n  end\n  logic dp2a, hi;"),
                 {}, ["does not elaborate", "`break`: Yosys 0.23 does not read it"]),
    "sv-type-cast": (("  logic dp2a, hi;", "  logic [31:0] wide;\n  assign wide = int'(a_i[7:0]);"
                      "\n  logic dp2a, hi;"),
                     {}, ["does not elaborate", "a cast to a type (int'(x)): Yosys 0.23 does not "
                          "read it", "a size cast N'(x)"]),
    "sv-priority-if": (("  logic dp2a, hi;", "  logic [3:0] first;\n  always_comb begin\n"
                        "    priority if (a_i[0]) first = 1;\n    else first = 0;\n  end\n"
                        "  logic dp2a, hi;"),
                       {}, ["does not elaborate", "`priority if` / `unique if`: Yosys 0.23 does "
                            "not read it", "a plain if"]),
    # Yosys stops at the item after `case (x) inside`, on a cast: the hint names the line before
    "sv-case-inside": (("  logic dp2a, hi;", "  logic [3:0] small;\n  always_comb begin\n"
                        "    case (a_i[7:0]) inside\n      8'd1, 8'd2: small = 1;\n"
                        "      default: small = 0;\n    endcase\n  end\n  logic dp2a, hi;"),
                       {}, ["does not elaborate", "ptxalu_dot.sv:15:", "`case ... inside` at "
                            "line 14: Yosys 0.23 does not read it", "casez"]),
    "sv-import": (("module ptxalu_dot (", "module ptxalu_dot import ptxalu_pkg::*; ("),
                  {}, ["does not elaborate", "a package import", "ptxalu_pkg::ctrl_t"]),
    # Yosys 0.23 reads -N'(x) as (-N)'(x): with a constant x silently x (helper-92's clamp bound
    # -W'(128) read as +128 made a false counterexample), else "Static cast with zero or
    # negative size!"; refused before Yosys runs (equiv_unread.misread)
    "unary-before-cast": (("  assign result_o = (dp2a ? sum2 : sum4) + c_i;",
                           "  assign result_o = (dp2a ? sum2 : sum4) + c_i - -32'(0);"),
                          {}, ["ptxalu_dot.sv:32: a unary - before a size cast 32'(...)",
                               "write -(32'(...))"]),
    # Yosys 0.23 reads a struct's member inside a function as an implicit 1-bit wire, its
    # select undefined bits (helper-93's integer unit: a false counterexample); refused by
    # the warning of the read (equiv_unread.misread_warning)
    # (in a case selector silently; in a compare Yosys stops: its error gets the same hint)
    "struct-member-in-function": (("  assign dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;",
                                   "  function automatic logic is_dp2a("
                                   "input ptxalu_pkg::ctrl_t c);\n    unique case (c.op)\n      ptxalu_pkg::OpDp2a: is_dp2a = 1;"
                                   "\n      default: is_dp2a = 0;\n    endcase\n  endfunction"
                                   "\n  assign dp2a = is_dp2a(ctrl_i);"),
                                  {}, ["GATE: ", "ptxalu_dot.sv:14: a struct's member inside a "
                                       "function", "separate arguments"]),
    "struct-member-compared": (("  assign dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;",
                                "  function automatic logic is_dp2a(input ptxalu_pkg::ctrl_t c);"
                                "\n    is_dp2a = c.op == ptxalu_pkg::OpDp2a;\n  endfunction"
                                "\n  assign dp2a = is_dp2a(ctrl_i);"),
                               {}, ["does not elaborate", "ptxalu_dot.sv:14:", "a struct's member "
                                    "inside a function", "separate arguments"]),
    # not bad input: a unary minus before a sign cast -signed'(x), which Yosys reads right
    # (helper-93's r06 was refused as a size cast before)
    "sign-cast-negated": (("assign result_o = c_q + products_q[31:0]",
                           "assign result_o = c_q - -signed'(products_q[31:0])"),
                          {"exit": 0, "source": OURS, "gate_also": GOLD.split(",")[1:],
                           "flags": ["--word-seconds", "0", "--sim-seconds", "0"]},
                          ["EQUIVALENT"]),
    # a module-scope variable with a value from signals: IEEE 1800 initializes it once,
    # Yosys 0.23 assigns it (helper-93's v19: a false EQUIVALENT); refused before Yosys runs
    "variable-initializer": (("  logic dp2a, hi;\n  assign dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;",
                              "  logic hi;\n  logic dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;"),
                             {}, ["ptxalu_dot.sv:13: a variable declared with a value from signals",
                                  "one-time initialization", "assign x = expr"]),
    "sv-package-type": (("  logic dp2a, hi;", "  logic [31:0] ctrl_bits;\n"
                         "  assign ctrl_bits = $bits(ptxalu_pkg::ctrl_t);\n  logic dp2a, hi;"),
                        {}, ["does not elaborate", "$bits of a package's type", "$bits(ctrl_i)"]),
    "sv-default-argument": (("  logic dp2a, hi;", "  function automatic logic inv(input logic x, "
                             "input logic y = 1'b0);\n    inv = !x ^ y;\n  endfunction\n"
                             "  logic dp2a, hi;"),
                            {}, ["does not elaborate", "a default value of a function's argument"]),
    "sv-stream": (("  logic dp2a, hi;", "  logic [31:0] swapped;\n  assign swapped = {<<8{a_i}};"
                   "\n  logic dp2a, hi;"),
                  {}, ["does not elaborate", "a streaming operator {<<{...}}: Yosys 0.23 does "
                       "not read it"]),
    # not bad input: a GATE directory with the user's own package (every *_pkg.sv of a directory
    # was left out before, helper-93's among them) and a copy of ptxalu_pkg.sv that differs from
    # ours (left out, with a note)
    "dir-own-package": (("assign result_o = c_q + products_q[31:0]",
                         "assign result_o = my_util_pkg::add(c_q, products_q[31:0])"),
                        {"exit": 0, "source": OURS, "dir_files": {
                            "ptxalu_en_reg.sv": GOLD.split(",")[1], "my_util_pkg.sv": MY_PKG,
                            "ptxalu_pkg.sv": "// an older copy\n" + open(PKG).read()},
                         "flags": ["--word-seconds", "0", "--sim-seconds", "0"]},
                        ["EQUIVALENT", "ptxalu_pkg.sv (package ptxalu_pkg) is left out"]),
    "dir-with-testbench": (None, {"dir_files": {"tb.sv": TB}},
                           ["does not elaborate", "tb.sv:3:", "every .sv file of the directory "
                            "is read"]),
    # not bad input: a GATE directory with a blank in its name (Yosys split the path there)
    "path-with-blank": (None, {"exit": 0, "source": OURS, "gate_subdir": "my unit",
                               "gate_also": GOLD.split(",")[1:],
                               "flags": ["--word-seconds", "0", "--sim-seconds", "0"]},
                        ["EQUIVALENT"]),
    # not bad input: GATE lists rtl/ptxalu_pkg.sv, which the flow reads first anyway (Yosys
    # said "enum item \ptxalu_pkg::OpVadd already exists" at a line of the user's file)
    "pkg-listed-too": (None, {"exit": 0, "source": OURS,
                              "gate_also": [os.path.join(REPO, "rtl", "ptxalu_pkg.sv")]
                              + GOLD.split(",")[1:],
                              "flags": ["--word-seconds", "0", "--sim-seconds", "0"]},
                       ["EQUIVALENT"]),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--case")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--work", default="bad-input-work")
    ap.add_argument("--aig-bin", help="the ptxalu-aig engine, passed on to the flow")
    a = ap.parse_args()
    if a.list:
        print("\n".join(CASES))
        return 0
    if a.case not in CASES:
        print(f"test_bad_input: error: no case {a.case}", file=sys.stderr)
        return 2
    edit, opts, words = CASES[a.case]
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    gate = opts.get("gate", ",".join([os.path.join(a.work, "ptxalu_dot.sv")] +
                                     opts.get("gate_also", [])))
    if "dir_files" in opts:  # GATE is the directory WORK, with these files beside its unit
        gate = a.work
        for name, text in opts["dir_files"].items():
            open(os.path.join(a.work, name), "w").write(
                open(text).read() if os.path.isfile(text) else text)
    text = open(opts.get("source", GOOD)).read()
    if edit:
        assert text.count(edit[0]) == 1, f"edit text not found once: {edit[0]!r}"
        text = text.replace(edit[0], edit[1])
    if "wires" in opts:  # after the port list
        end = text.index(");\n", text.index("module ptxalu_dot")) + 3
        text = text[:end] + "\n" + opts["wires"] + text[end:]
    open(os.path.join(a.work, "ptxalu_dot.sv"), "w").write(text)
    if "gate_subdir" in opts:  # GATE in a directory of that name (with a blank in it)
        sub = os.path.join(a.work, opts["gate_subdir"])
        os.makedirs(sub)
        open(os.path.join(sub, "ptxalu_dot.sv"), "w").write(text)
        gate = ",".join([sub] + opts.get("gate_also", []))
    env = dict(os.environ)
    if opts.get("path"):
        env["PATH"] = a.work  # a directory with no yosys in it
    args = opts.get("args", [GOLD, gate, "ptxalu_dot"])
    cmd = [sys.executable, os.path.join(REPO, "formal", "scripts", "ptxalu_equiv.py"),
           "--legal", "--work", os.path.join(a.work, "equiv")] + opts.get("flags", []) + \
        (["--aig-bin", a.aig_bin] if a.aig_bin else []) + args
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    err = p.stderr.strip().splitlines()
    print(f"exit {p.returncode}; stderr: {p.stderr.strip()}")
    if opts.get("exit", 2) == 0:
        ok = p.returncode == 0 and all(w in p.stdout for w in words)
        want = f"FAILED (want exit 0 and {words} on stdout)"
    else:
        ok = (p.returncode == 2 and len(err) == 1 and "Traceback" not in p.stderr
              and all(w.lower() in err[0].lower() for w in words))
        want = f"FAILED (want exit 2 and one line holding {words})"
    print(f"test_bad_input: {a.case}: {'ok' if ok else want}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
