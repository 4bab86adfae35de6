"""The formal obligations of ptxalu: what is proven, by which engine, under which timeout.

Read by scripts/ptxalu_formal.py. Each entry is a dict:
  name          obligation name (report key)
  engine        sat | abc-cec | abc-iprove | abc-dprove | sat-tempinduct | smtbmc-z3-bmc |
                smtbmc-z3-induction
  rtl / spec    unit-vs-spec miter (generated): RTL module, spec module, `ports` (inputs other
                than ctrl_i), `result_width`, `assume` (extra SV restriction on ctrl_i)
  miter_file    or a hand-written miter in formal/miter/ (with `rtl_tops`, `specs`)
  substitute    {rtl module: formal/abstract file} stand-ins (multiplier cuts, datapath cut)
  mutant        {file, find, replace}: planted bug; the obligation is that the proof FAILS
  quick         part of the formal-quick subset (CI)
"""

P = "ptxalu_pkg::"


def op_in(*ops):
    return "(" + " || ".join(f"ctrl_i.op == {P}{op}" for op in ops) + ")"


SIMD_X2 = ["OpVadd2", "OpVsub2", "OpVavrg2", "OpVabsdiff2", "OpVmin2", "OpVmax2", "OpVset2"]
SIMD_X4 = ["OpVadd4", "OpVsub4", "OpVavrg4", "OpVabsdiff4", "OpVmin4", "OpVmax4", "OpVset4"]
VIDEO = ["OpVadd", "OpVsub", "OpVabsdiff", "OpVmin", "OpVmax", "OpVshl", "OpVshr", "OpVset"]

P32 = [("a_i", 32), ("b_i", 32), ("c_i", 32)]
P64 = [("a_i", 64), ("b_i", 64), ("c_i", 64)]


def unit(name, rtl, spec, ops, ports, rw, engine="sat", timeout=120, quick=False, **kw):
    o = {"name": name, "engine": engine, "rtl": rtl, "spec": spec, "specs": [spec],
         "fixed_op": ops[0] if len(ops) == 1 else None,
         "ports": ports, "result_width": rw, "assume": op_in(*ops), "timeout": timeout,
         "quick": quick}
    o.update(kw)
    return o


def obligations():
    L = []
    # ---- SIMD video: whole unit against spec, every control value at once ----------------
    for op in SIMD_X2 + SIMD_X4:
        L.append(unit(f"simd/{op}", "ptxalu_simd", "spec_simd", [op], P32, 32, quick=True))
    L.append(unit("simd/all-ops", "ptxalu_simd", "spec_simd", SIMD_X2 + SIMD_X4, P32, 32,
                  engine="abc-cec", timeout=180))
    return L


def _simd_lanes():
    L = []
    for w in (8, 16):
        L.append({"name": f"simd/lane{w}-vs-scalar-spec", "engine": "sat",
                  "rtl_tops": ["ptxalu_simd_lane"], "specs": ["spec_simd_lane_scalar"],
                  "miter_file": "miter_simd_lane.sv", "top": "miter_simd_lane",
                  "params": {"Width": w}, "timeout": 60, "quick": True})
    L.append({"name": "simd/lanes-merge", "engine": "abc-cec", "rtl_tops": ["ptxalu_simd"],
              "specs": ["spec_simd_lane_scalar"], "miter_file": "miter_simd_lanes.sv",
              "top": "miter_simd_lanes", "timeout": 180, "quick": True})
    # Stages = 1 (ptxalu_top's default depth) is the combinational unit one en_i cycle later.
    L.append({"name": "simd/stages1-is-delayed-comb", "engine": "sat-tempinduct", "steps": 4,
              "rtl_tops": ["ptxalu_simd"], "specs": [], "miter_file": "miter_simd_stages.sv",
              "top": "miter_simd_stages", "timeout": 240, "quick": True})
    L.append({"name": "simd/lanes-accumulate", "engine": "abc-cec", "rtl_tops": ["ptxalu_simd"],
              "specs": ["spec_simd_lane_scalar"], "miter_file": "miter_simd_lanes.sv",
              "top": "miter_simd_lanes", "defines": ["LANES_ACCUMULATE"], "timeout": 180,
              "quick": True})
    return L


_base_obligations = obligations


INT_ALU = ["OpAdd", "OpSub", "OpMin", "OpMax", "OpAbs", "OpNeg", "OpSad"]
MULT = ["OpMul", "OpMad", "OpMul24", "OpMad24"]
BITS = ["OpPopc", "OpClz", "OpBfind", "OpFns", "OpBrev", "OpBfe", "OpBfi", "OpBmsk", "OpSzext"]
P4x64 = [("a_i", 64), ("b_i", 64), ("c_i", 64), ("d_i", 64)]


def _scalar_units():
    L = []
    # ABC: the unit's narrow 34-bit datapath against the spec's 80-bit one; Yosys sat needed
    # 90 s of CPU for vadd (&cec: 3-5 s per op). The planted bugs still run with sat.
    for op in VIDEO:
        L.append(unit(f"video/{op}", "ptxalu_video", "spec_video", [op], P32, 32, quick=True,
                      engine="abc-cec"))
    L.append(unit("vmad/cut-product", "ptxalu_vmad", "spec_vmad", ["OpVmad"], P32, 32,
                  substitute={"ptxalu_vmad_mult": "ptxalu_vmad_mult_cut.sv"},
                  defines=["SPEC_VMAD_CUT_PRODUCT"],
                  post_flatten=["connect -set u_spec.prod_cut u_rtl.g_own_mult.u_mult.free_product"],
                  sat_prove=["u_rtl.g_own_mult.u_mult.a_seen u_spec.ta_mul",
                             "u_rtl.g_own_mult.u_mult.b_seen u_spec.tb_mul"],
                  quick=True))
    L.append(unit("vmad/same-primitive", "ptxalu_vmad", "spec_vmad", ["OpVmad"], P32, 32,
                  engine="abc-cec", timeout=240))
    for op in INT_ALU:
        L.append(unit(f"intalu/{op}", "ptxalu_intalu", "spec_intalu", [op], P64, 64, quick=True))
    L.append(unit("mult/cut-product", "ptxalu_mult", "spec_mult", MULT, P64, 64,
                  substitute={"ptxalu_mult_core": "ptxalu_mult_core_cut.sv"},
                  defines=["SPEC_MULT_CUT_PRODUCT"],
                  post_flatten=["connect -set u_spec.prod_cut u_rtl.g_own_core.u_core.free_product"],
                  sat_prove=["u_rtl.g_own_core.u_core.a_seen u_spec.ta_mul",
                             "u_rtl.g_own_core.u_core.b_seen u_spec.tb_mul"],
                  quick=True))
    L.append(unit("dot/dp4a", "ptxalu_dot", "spec_dot", ["OpDp4a"], P32, 32, timeout=240))
    L.append(unit("dot/dp2a", "ptxalu_dot", "spec_dot", ["OpDp2a"], P32, 32, timeout=240,
                  engine="abc-cec"))
    for op in BITS:
        if op == "OpFns":
            continue  # the undecomposed fns miter does not finish: decomposed in _fns()
        # popc: the RTL's $countones and the spec's bit loop build different adder trees;
        # ABC's &cec matches them in about 2 minutes, sat in about 3 (as a loop the RTL took
        # 12 s, but cost 10% of simulation speed).
        popc = op == "OpPopc"
        L.append(unit(f"bitmanip/{op}", "ptxalu_bitmanip", "spec_bitmanip", [op], P4x64, 64,
                      timeout=480 if popc else 240, **({"engine": "abc-cec"} if popc else {})))
    L += _fns()
    L.append({"name": "decode/legality", "engine": "sat", "rtl": "ptxalu_decode",
              "rtl_tops": ["ptxalu_decode"], "specs": [], "miter_file": "miter_decode.sv",
              "top": "miter_decode", "timeout": 60, "quick": True})
    return L


def obligations():  # noqa: F811  (extended as families are added)
    return _base_obligations() + _simd_lanes() + _scalar_units() + _top() + _divider()


def _fns():
    """fns for every input, decomposed (formal/README.md, "fns"): base > 31 and offset 0 as
    direct miters; for base 0..31 and a non-zero offset, the RTL and the spec each satisfy the
    walk's one-step recursion (miter_fns_walk.sv: hit and step, forward and backward), and
    the recursion bottoms out in base > 31 (32 forward, 0xffffffff backward)."""
    L = [unit("bitmanip/OpFns/base-above-31", "ptxalu_bitmanip", "spec_bitmanip", ["OpFns"],
              P4x64, 64, timeout=120,
              compare="!(b_i[31:0] > 32'd31) || rtl_result == spec_result"),
         unit("bitmanip/OpFns/offset-zero", "ptxalu_bitmanip", "spec_bitmanip", ["OpFns"],
              P4x64, 64, timeout=120, drive={"c_i": "{c_i[63:32], 32'd0}"}, quick=True)]
    walk = {"rtl_tops": [], "specs": [], "miter_file": "miter_fns_walk.sv",
            "top": "miter_fns_walk", "timeout": 240}
    for d, backward in (("fwd", 0), ("bwd", 1)):
        L.append(dict(walk, name=f"bitmanip/OpFns/walk-{d}/rtl", engine="abc-cec",
                      rtl_tops=["ptxalu_bitmanip"], params={"Backward": backward}))
        for case in ("hit", "step"):
            L.append(dict(walk, name=f"bitmanip/OpFns/walk-{d}/spec-{case}", engine="abc-cec",
                          specs=["spec_bitmanip"], params={"Backward": backward},
                          defines=["FNS_IMPL=spec_bitmanip", f"FNS_CASE_{case.upper()}"]))
    return L


def _trials():
    L = []
    for op in ["OpPopc", "OpFns", "OpBfe"]:
        L.append(unit(f"trial/bitmanip/{op}", "ptxalu_bitmanip", "spec_bitmanip", [op], P4x64, 64,
                      engine="abc-cec", timeout=400))
    for op in ["OpDp4a", "OpDp2a"]:
        L.append(unit(f"trial/dot/{op}", "ptxalu_dot", "spec_dot", [op], P32, 32,
                      engine="abc-cec", timeout=400))
    return L


TOP_CUT = {m: "top_datapath_cut.sv" for m in
           ["ptxalu_simd", "ptxalu_video", "ptxalu_vmad", "ptxalu_intalu", "ptxalu_mult",
            "ptxalu_dot", "ptxalu_bitmanip", "ptxalu_divider", "ptxalu_mult_core"]}
TOP_PROBES = [f"connect -set probe_{p} u_dut.{w}" for p, w in [
    ("iss_valid", "iss_valid_q"), ("iss_illegal", "iss_illegal_q"), ("iss_a", "iss_a_q"),
    ("iss_ctrl", "iss_ctrl_q"), ("iss_unit", "iss_unit_q"), ("res_valid", "res_valid_q"),
    ("res_illegal", "res_illegal_q"), ("res_result", "res_result_q"),
    ("div_issued", "div_issued_q"), ("div_busy", "u_divider.busy_q")]]


def _top():
    base = {"rtl_tops": ["ptxalu_top"], "specs": [], "miter_file": "miter_top.sv",
            "top": "miter_top", "substitute": TOP_CUT, "post_flatten": TOP_PROBES}
    L = []
    o = dict(base, name="top/handshake-induction", engine="sat-tempinduct", steps=4,
             timeout=240, quick=True)
    L.append(o)
    # The default depth: two result registers, the SIMD result joining after the first.
    L.append(dict(base, name="top/handshake-induction-depth1", engine="sat-tempinduct",
                  steps=4, timeout=360, quick=True, params={"ExtraStages": 1},
                  post_flatten=TOP_PROBES + [
                      "connect -set probe_res_simd u_dut.res_simd_q",
                      "connect -set probe_simd_q u_dut.u_simd.g_stage.result_q"]))
    # No separate deeper BMC: `sat -tempinduct` checks the base cases (BMC from reset) up to
    # the induction length and then proves the step, which covers every depth. A 12-step sat BMC
    # and a 20-step yosys-smtbmc/z3 BMC of this design both ran past 4 minutes here.
    return L


DIV_PROBES = [f"connect -set probe_{p} u_dut.{w}" for p, w in [
    ("state", "state_q"), ("state_d", "state_d"), ("count", "count_q"), ("count_d", "count_d"),
    ("q", "quotient_q"), ("r", "remainder_q"), ("d", "divisor_q"), ("q_d", "quotient_d"),
    ("r_d", "remainder_d"), ("d_d", "divisor_d"), ("stage_q", "stage_quotient"),
    ("stage_r", "stage_remainder")]]
# The six flag registers (the miters gather them into probe_flags / probe_flags_d).
DIV_PROBES += [f"connect -set probe_{f}{s} u_dut.{f}{s}" for s in ("_q", "_d") for f in
               ["is_w16", "is_w32", "is_rem", "neg_quotient", "neg_remainder", "div_by_zero"]]


def _divider():
    # Decomposed (formal/README.md): iteration + hold, load, output logic, each one cycle over
    # free registers; for StepsPerCycle 4 (default) and 2.
    L = []
    div = {"engine": "sat", "rtl_tops": ["ptxalu_divider"], "specs": ["spec_div_mag"],
           "post_flatten": DIV_PROBES, "sat_args": ["-seq 1"], "timeout": 120, "quick": True}
    for steps in (4, 2):
        sfx = "" if steps == 4 else "-s2"
        L.append(dict(div, name=f"divider/iteration-step-64{sfx}",
                      miter_file="miter_divider_step.sv", top="miter_divider_step",
                      defines=["ITERATION", "HOLD"], params={"StepsPerCycle": steps}))
        L.append(dict(div, name=f"divider/load{sfx}", miter_file="miter_divider_step.sv",
                      top="miter_divider_step", defines=["LOAD"],
                      params={"StepsPerCycle": steps}))
    L.append(dict(div, name="divider/load-noearly", miter_file="miter_divider_step.sv",
                  top="miter_divider_step", defines=["LOAD"],
                  params={"StepsPerCycle": 4, "EarlyStart": 0}))
    L.append(dict(div, name="divider/output", miter_file="miter_divider_output.sv",
                  top="miter_divider_output"))
    # No end-to-end BMC against spec_div: at 16 bits it timed out (12 and 8 cycles, ~77 s of CPU
    # in 150-200 s) on relating the iteration to `/`; the decomposition above covers every width.
    return L


# ---- Non-vacuity: a planted bug in a copy of the RTL must make the named proof FAIL ---------
# (file, regex, replacement) applied once to a copy of rtl/ in the build directory.
MUTANTS = [
    ("simd/lane8-vs-scalar-spec", "lane-signed-max-off-by-one", "ptxalu_simd_lane.sv",
     r"\$signed\(\{3'b000, \{\(Width-1\)\{1'b1\}\}\}\)", "$signed({3'b000, {(Width-1){1'b1}}}) - 1"),
    ("simd/lane16-vs-scalar-spec", "lane-signed-max-off-by-one", "ptxalu_simd_lane.sv",
     r"\$signed\(\{3'b000, \{\(Width-1\)\{1'b1\}\}\}\)", "$signed({3'b000, {(Width-1){1'b1}}}) - 1"),
    ("simd/OpVadd4", "lane-signed-max-off-by-one", "ptxalu_simd_lane.sv",
     r"\$signed\(\{3'b000, \{\(Width-1\)\{1'b1\}\}\}\)", "$signed({3'b000, {(Width-1){1'b1}}}) - 1"),
    ("simd/OpVset2", "merge-from-b-not-c", "ptxalu_simd.sv",
     r"keep_c\[i\] \? c_i\[8\*i \+: 8\]", "keep_c[i] ? b_i[8*i +: 8]"),
    ("simd/lanes-merge", "merge-from-b-not-c", "ptxalu_simd.sv",
     r"keep_c\[i\] \? c_i\[8\*i \+: 8\]", "keep_c[i] ? b_i[8*i +: 8]"),
    ("simd/stages1-is-delayed-comb", "accumulate-reads-c-a-cycle-late", "ptxalu_simd.sv",
     r"assign accumulated = c_q \+", "assign accumulated = c_i +"),
    ("simd/lanes-accumulate", "accumulate-zero-extends", "ptxalu_simd.sv",
     r"\{\{8\{exact_byte\[9\]\}\}", "{{8{1'b0}}"),
    ("simd/all-ops", "accumulate-zero-extends", "ptxalu_simd.sv",
     r"\{\{8\{exact_byte\[9\]\}\}", "{{8{1'b0}}"),
    ("video/OpVshl", "clamp-at-31", "ptxalu_video.sv", r"shamt = 6'd32;", "shamt = 6'd31;"),
    ("video/OpVadd", "signed-byte-min-positive", "ptxalu_video.sv",
     r"lo_all\s*= &p\[31:7\];", "lo_all = 1'b0;"),
    ("vmad/cut-product", "po-without-plus-one", "ptxalu_vmad.sv",
     r"lsb = 1'b1;", "lsb = 1'b0;"),
    ("vmad/cut-product", "b-extended-by-atype", "ptxalu_vmad.sv",
     r"\.signed_i \(ctrl_i\.bsigned\)", ".signed_i (ctrl_i.asigned)"),
    ("vmad/same-primitive", "po-without-plus-one", "ptxalu_vmad.sv",
     r"lsb = 1'b1;", "lsb = 1'b0;"),
    ("intalu/OpAdd", "sat-max-off-by-one", "ptxalu_intalu.sv",
     r"66'h0_0000_0000_7fff_ffff", "66'h0_0000_0000_7fff_fffe"),
    ("mult/cut-product", "mul24-zero-extends", "ptxalu_mult.sv",
     r"ext = \{\{41\{sgn & x\[23\]\}\}", "ext = {{41{1'b0}}"),
    ("mult/cut-product", "hi32-off-by-one", "ptxalu_mult.sv",
     r"product\[63:32\]", "product[62:31]"),
    ("dot/dp4a", "product-zero-extended", "ptxalu_dot.sv",
     r"\{\{6\{product\[25\]\}\}, product\}", "{6'd0, product}"),
    ("dot/dp2a", "product-zero-extended", "ptxalu_dot.sv",
     r"\{\{6\{product\[25\]\}\}, product\}", "{6'd0, product}"),
    ("bitmanip/OpFns/base-above-31", "base-limit-63", "ptxalu_bitmanip.sv",
     r"fns_base_ok = \(b_i\[31:5\] == '0\)", "fns_base_ok = (b_i[31:6] == '0)"),
    ("bitmanip/OpFns/offset-zero", "offset-zero-reads-next-bit", "ptxalu_bitmanip.sv",
     r"fns_search = fns_mask & \(32'd1 << fns_base\);", "fns_search = fns_mask & (32'd2 << fns_base);"),
    ("bitmanip/OpFns/walk-fwd/rtl", "n-limit-31", "ptxalu_bitmanip.sv",
     r"\(offset_mag <= 32'd32\)", "(offset_mag <= 32'd31)"),
    ("bitmanip/OpFns/walk-bwd/rtl", "backward-index-off-by-one", "ptxalu_bitmanip.sv",
     r"offset_neg \? 5'd31 - fns_index", "offset_neg ? 5'd30 - fns_index"),
    # planted in a copy of the spec: the spec-side walk miters can fail too
    ("bitmanip/OpFns/walk-fwd/spec-hit", "count-without-minus-one", "spec/spec_bitmanip.sv",
     r"count = \(\(offset < 0\) \? -offset : offset\) - 1;", "count = ((offset < 0) ? -offset : offset);"),
    ("bitmanip/OpFns/walk-bwd/spec-step", "count-steps-by-two", "spec/spec_bitmanip.sv",
     r"count = count - 1;", "count = count - 2;"),
    ("bitmanip/OpClz", "lzc-of-zero-is-63", "ptxalu_pkg.sv",
     r"if \(!v\[63\]\)         begin n = n \+ 7'd1;  end", ""),
    ("bitmanip/OpBrev", "nibbles-not-swapped", "ptxalu_bitmanip.sv",
     r"\(\(a_reversed & 64'h0f0f_0f0f_0f0f_0f0f\) << 4\)", "(a_reversed & 64'h0f0f_0f0f_0f0f_0f0f)"),
    ("bitmanip/OpPopc", "top-bit-not-counted", "ptxalu_bitmanip.sv",
     r"\$countones\(a_w\)", "$countones(a_w[62:0])"),
    ("bitmanip/OpBfe", "len-zero-keeps-sign", "ptxalu_bitmanip.sv",
     r"assign bfe_sign = is_signed && \(bfe_len != '0\) && ", "assign bfe_sign = is_signed && "),
    ("decode/legality", "dsel-7-accepted", "ptxalu_decode.sv",
     r"assign dsel_valid = \(c\.dsel != 3'd7\);", "assign dsel_valid = 1'b1;"),
    ("divider/iteration-step-64", "fits-ignores-carry", "ptxalu_divider.sv",
     r"fits    = shifted\[64\] \|\| !trial\[64\];", "fits    = !trial[64];"),
    ("divider/iteration-step-64-s2", "fits-ignores-carry", "ptxalu_divider.sv",
     r"fits    = shifted\[64\] \|\| !trial\[64\];", "fits    = !trial[64];"),
    ("divider/iteration-step-64", "done-one-iteration-early", "ptxalu_divider.sv",
     r"if \(count_q == '0\) begin", "if (count_q == CountWidth'(1)) begin"),
    ("divider/load", "divisor-magnitude-wrong", "ptxalu_divider.sv",
     r"b_neg \? 64'd0 - b_ext : b_ext", "b_neg ? ~b_ext : b_ext"),
    ("divider/load-s2", "remainder-sign-from-both", "ptxalu_divider.sv",
     r"neg_remainder_d = a_neg;", "neg_remainder_d = a_neg ^ b_neg;"),
    ("divider/load", "early-start-one-digit-too-far", "ptxalu_divider.sv",
     r"\(skip_bound - 8'd1\) >> DigitShift", "skip_bound >> DigitShift"),
    ("divider/load-s2", "early-start-ignores-negation", "ptxalu_divider.sv",
     r"\{1'b0, a_lz\} - \{7'd0, a_neg\}", "{1'b0, a_lz}"),
    ("divider/output", "signs-swapped", "ptxalu_divider.sv",
     r"is_rem_q \? neg_remainder_q : neg_quotient_q", "is_rem_q ? neg_quotient_q : neg_remainder_q"),
    ("divider/output", "w32-mask-33-bits", "ptxalu_divider.sv",
     r"is_w32_q \? 64'h0000_0000_ffff_ffff", "is_w32_q ? 64'h0000_0001_ffff_ffff"),
    ("top/handshake-induction", "input-always-ready", "ptxalu_top.sv",
     r"assign in_ready_o = !iss_valid_q \|\| iss_fire;", "assign in_ready_o = 1'b1;"),
    ("top/handshake-induction-depth1", "simd-result-under-video-bit", "ptxalu_top.sv",
     r"res_simd_q <= iss_valid_q && iss_unit_q\[ptxalu_pkg::UnitSimd\];",
     "res_simd_q <= iss_valid_q && iss_unit_q[ptxalu_pkg::UnitVideo];"),
    ("top/handshake-induction-depth1", "simd-register-loads-while-stalled", "ptxalu_top.sv",
     r"assign simd_en       = res_ready\[0\] && ", "assign simd_en       = "),
    ("top/handshake-induction", "illegal-flag-dropped", "ptxalu_top.sv",
     r"res_illegal_q\[k\]         <= chain_illegal\[k\];", "res_illegal_q[k] <= 1'b0;"),
]

_with_top_and_div = obligations


def obligations():  # noqa: F811
    base = _with_top_and_div()
    by_name = {o["name"]: o for o in base}
    muts = []
    for target, mname, fname, find, repl in MUTANTS:
        o = dict(by_name[target])
        o["name"] = f"nonvacuity/{target}/{mname}"
        o["mutant"] = {"file": fname, "find": find, "replace": repl}
        # A counterexample is what is sought, and Yosys SAT finds one fastest; ABC's &cec
        # sweeps for equivalences first and can take minutes to refute a multiplier miter.
        if o["engine"].startswith("abc"):
            o["engine"] = "sat"
        o["timeout"] = min(o.get("timeout", 60), 180)
        muts.append(o)
    return base + muts
