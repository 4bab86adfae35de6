// Scalar video unit on one 34-bit adder: the small configuration's (ptxalu_pkg::CfgSmall)
// stand-in for ptxalu_video, with the same ops (vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr,
// vset) and results. The operands are extracted as ptxalu_video and ptxalu_vmad extract them
// (ptxalu_vmad_operands: in the small top the same logic as vmad's, merged by synthesis), the
// saturation, secondary op and merge are ptxalu_video's (ptxalu_video_sat, ptxalu_video_finish);
// the primary op and the secondary op take turns on the one adder, and the shifts go one bit per
// cycle.
//
// r_q holds the primary value P exactly in 34 bits (vshl: its low 33 bits and the sign, with
// over_q set once a doubling left the 33-bit range), read by ptxalu_video_sat in the narrow
// form p = r_q[31:0], p_neg = r_q[33], p_over = over_q | (r_q[33] != r_q[32]).
//   accept cycle  r_q = ta, y_q = tb or ~tb (the operands, extracted; no adder)
//   primary       r_q = ta + tb (vadd), ta - tb (the others but the shifts)
//   vabsdiff      then r_q = (d ^ n) + n, n = d < 0: |ta - tb|
//   vmin, vmax    then r_q = tb + (d if it is < 0, else 0) for vmin, (d if >= 0) for vmax
//   vshl          then s cycles r_q = r_q + r_q (s the amount: .clamp at 32, .wrap mod 32),
//                 the sign bit r_q[33] kept; over_q |= (r_q[32] != r_q[31]) before each
//   vshr          then s cycles r_q = r_q >>> 1
//   flags         vset's compare from r_q (d: sign and zero) and ptxalu_video_sat's S on
//                 r_q into registers of their own (cmp_q; sat_q, sat_over_q)
//   saturate      r_q = {S < 0, S < 0, S} (vset: the compare), over_q = S outside the
//                 33-bit range
//   finish        the adder adds ptxalu_video_finish's operands (S + c or S - c):
//                 r_q = the answer, on result_o from the next cycle on
// Cycles per form (the latency, from the accepting edge to the first cycle with out_valid_o):
//   vadd, vsub, vset                5
//   vabsdiff, vmin, vmax            6
//   vshl, vshr                      4 + s (4..36)
// (tb/common/video_small_latency.hpp holds the tests to this table; the formal miter
// miter_small_unit.sv states it on its own.) Every pass ends in a register (the extraction, the
// saturation and the secondary op in passes of their own: no path runs from the issue
// register through the adder), so result_o is r_q. The flags pass (one cycle more since
// 2026-11-28) keeps ptxalu_video_sat's reductions and vset's compare apart from r_d's term
// select (UP5K: r_q -> the saturation -> r_d was the critical path, 37 ns). For the UP5K's
// 30 MHz (syn/README.md, small configuration) the adder's inputs come from flip-flops through
// one LUT (x: r_q by xmode_q; y: y_q, or r_q for vshl; the carry-in cin_q), all set a pass
// ahead, and its sign, the end of the carry chain, meets one multiplexer (two copies of r_d,
// one per sign).
//
// Handshake (through ptxalu_hold_reg) and ports: ptxalu_pkg::seq_req_t and seq_rsp_t, the
// small units' contract; it reads ctrl, a, b and c (their low 32 bits) of the request, which
// the caller holds until the answer is taken (ptxalu_top holds its issue register meanwhile).
module ptxalu_video_small (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  ptxalu_pkg::seq_req_t req_i,
  output ptxalu_pkg::seq_rsp_t rsp_o
);

  logic op_add, op_absdiff, op_minmax, op_shl, op_shr, op_shift, op_vset;

  assign op_add     = (req_i.ctrl.op == ptxalu_pkg::OpVadd);
  assign op_absdiff = (req_i.ctrl.op == ptxalu_pkg::OpVabsdiff);
  assign op_minmax  = (req_i.ctrl.op == ptxalu_pkg::OpVmin) || (req_i.ctrl.op == ptxalu_pkg::OpVmax);
  assign op_shl     = (req_i.ctrl.op == ptxalu_pkg::OpVshl);
  assign op_shr     = (req_i.ctrl.op == ptxalu_pkg::OpVshr);
  assign op_shift   = op_shl || op_shr;
  assign op_vset    = (req_i.ctrl.op == ptxalu_pkg::OpVset);

  // ---- Extract and extend (vshl/vshr read the amount as .u32, §8: bsigned = 0 when legal) ---
  logic [32:0] ta, tb;
  ptxalu_vmad_operands u_operands (.ctrl_i(req_i.ctrl), .a_i(req_i.a[31:0]), .b_i(req_i.b[31:0]),
                                   .ta_o(ta), .tb_o(tb));

  logic [5:0] shamt;  // ptxalu_pkg::video_shamt(wrap, tb): .clamp/.wrap (§8); below

  // ---- Handshake and passes ----------------------------------------------------------------
  logic       idle, start, busy, answer;  // answer: out_valid
  logic [5:0] cnt_q, cnt_d;               // shift steps left
  logic       steps;                      // the form steps after the primary op
  logic       shift_nz;                   // the shift amount s is not 0

  // The busy pass: the primary op, a step (vabsdiff, vmin, vmax: one; vshl, vshr: s),
  // flags, saturate, finish.
  typedef enum logic [2:0] {
    PhPrimary = 3'd0,
    PhStep    = 3'd1,
    PhFlags   = 3'd2,
    PhSat     = 3'd3,
    PhFinish  = 3'd4
  } phase_e;
  phase_e ph_q, ph_d;

  // shamt != 0 (a start's ph_d waits for it) without the extraction and the .clamp compare in
  // series: tb != 0 (.wrap: tb[4:0] != 0) is the extraction of a word whose byte k is 1 when
  // b's byte k (.wrap: its low five bits) is not 0. The field's low byte alone for .wrap; the
  // sign extension does not change whether it is 0.
  logic [31:0] nz_bytes, nz5_bytes;
  logic [32:0] nz_field, nz5_field;
  for (genvar k = 0; k < 4; k++) begin : g_nz  // bit 1: the byte's bits 7:5 are not all 0
    assign nz_bytes[8*k +: 8]  = {6'd0, |req_i.b[8*k+5 +: 3], |req_i.b[8*k +: 8]};
    assign nz5_bytes[8*k +: 8] = {7'd0, |req_i.b[8*k +: 5]};
  end
  ptxalu_video_extract u_nz (.word_i(nz_bytes), .sel_i(req_i.ctrl.bsel[2:0]), .signed_i(1'b0),
                             .value_o(nz_field));
  ptxalu_video_extract u_nz5 (.word_i(nz5_bytes), .sel_i(req_i.ctrl.bsel[2:0]),
                              .signed_i(1'b0), .value_o(nz5_field));
  assign shift_nz = req_i.ctrl.wrap ? nz5_field[0] : |nz_field;

  // The amount the same way (the UP5K's clock, syn/README.md: iss_ctrl_q -> the extraction ->
  // the .clamp compare -> cnt_q was a critical path, 34.8 ns): tb >= 32 iff the field's low
  // byte has a bit of 7:5 set or a byte of the field above it is not 0 (a sign extension only
  // copies a bit of the field, so the signedness does not matter); else tb's low five bits.
  assign shamt = (!req_i.ctrl.wrap && (nz_field[1] || nz_field[8] || nz_field[16] ||
                  nz_field[24])) ? 6'd32 : {1'b0, tb[4:0]};
  assign steps    = op_absdiff || op_minmax || (op_shift && shift_nz);

  ptxalu_hold_reg u_hold (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (req_i.in_valid),
    .in_ready_o  (idle),
    .skip_i      (1'b0),
    .last_i      (ph_q == PhFinish),
    .start_o     (start),
    .busy_o      (busy),
    .out_valid_o (answer),
    .out_ready_i (req_i.out_ready)
  );

  // ---- The adder's selects, decoded a pass ahead (from ph_q and the held request) ----------
  // The adder's x: r_q, through xmode_q (one LUT a bit): XkPass r_q; XkAbs r_q ^ sign
  // (vabsdiff's negation, carry-in the sign); XkNonNeg, XkNeg r_q where its sign is
  // non-negative (vmax keeps d >= 0) or negative (vmin keeps d < 0), else 0. In the finish
  // pass x = r_q is ptxalu_video_finish's S ({s_neg, s_neg, s}: the saturate pass wrote it).
  // Its y: y_q, or r_q too for vshl's doublings (yshl_q): y_q is the extended tb, inverted for
  // a difference, in the primary pass, tb itself for vmin/vmax's step, 0 for vabsdiff's and
  // the shifts, and ptxalu_video_finish's operand from c in the finish pass. r_d takes one
  // of the terms rsel names (one-hot, from ph_q and the op; RsLoad, none busy: the extracted
  // a), off the carry path.
  typedef enum logic [1:0] {
    XkPass   = 2'd0,
    XkAbs    = 2'd1,
    XkNonNeg = 2'd2,
    XkNeg    = 2'd3
  } xmode_e;
  typedef enum logic [2:0] {
    RsLoad, RsSum, RsShl, RsShr, RsSat, RsVset, RsFinish
  } rsel_e;

  xmode_e      xmode_q, xmode_d;
  logic [6:0]  rsel;            // one-hot, bit i for rsel_e i
  logic [33:0] y_q, y_d, sec_y;
  logic        yshl_q, yshl_d, cin_q, cin_d, sec_cin;
  always_comb begin
    xmode_d = XkPass;
    yshl_d  = 1'b0;
    cin_d   = 1'b0;
    y_d     = y_q;
    if (!busy) begin
      // A start: the first pass from the op alone (a vshl's yshl_d is not read when the shift
      // amount is 0 and the saturate pass comes next).
      cin_d  = !op_shift && !op_add;
      yshl_d = op_shl;
    end else begin
      // From ph_q, not ph_d (which waits for the shift amount): the primary pass of vabsdiff,
      // vmin, vmax is followed by their step; vshl's steps until the saturate pass (whose
      // adder is unread); the saturate pass by the finish.
      unique case (ph_q)
        PhPrimary: begin
          if (op_absdiff) begin  // the primary pass's sign is the step's carry-in
            xmode_d = XkAbs;
            cin_d   = sum[33];
          end else if (op_minmax) begin
            xmode_d = (req_i.ctrl.op == ptxalu_pkg::OpVmin) ? XkNeg : XkNonNeg;
          end
        end
        PhStep:  yshl_d = op_shl;
        PhSat:   cin_d  = sec_cin;
        default: ;
      endcase
    end
    // y: loaded at the start with the primary op's operand; after the primary pass vmin/vmax
    // take tb back (y_q was ~tb), vabsdiff 0; the finish's operand from c ahead of that pass.
    if (!busy) begin
      y_d = op_shift ? '0 : {tb[32], tb} ^ {34{!op_add}};
    end else if (ph_q == PhSat) begin
      y_d = sec_y;
    end else if (ph_q == PhPrimary) begin
      y_d = op_minmax ? ~y_q : '0;
    end
  end

  // r_d's term, from the pass (registered) and the held op: off the adder's carry path.
  always_comb begin
    rsel = '0;
    if (!busy) begin
      rsel[RsLoad] = 1'b1;
    end else begin
      unique case (ph_q)
        PhPrimary: rsel[RsSum] = 1'b1;
        PhStep: begin
          rsel[RsSum] = !op_shift;
          rsel[RsShl] = op_shl;
          rsel[RsShr] = op_shr;
        end
        PhFlags: ;  // r_q = 0: not read after the flags pass (sat_q and cmp_q are)
        PhSat: begin
          rsel[RsVset] = op_vset;
          rsel[RsSat]  = !op_vset;
        end
        default: rsel[RsFinish] = 1'b1;
      endcase
    end
  end

  // ---- The adder: the primary op, a step, the secondary op (finish) ------------------------
  logic [33:0]      r_q, r_d, x, y, sum;
  logic [67:0]      sec_x, sec_y_k;  // per copy below; sec_x: r_q in the finish pass, unread
  logic [1:0]       sec_cin_k;
  logic        over_q, over_d, cin;

  always_comb begin
    unique case (xmode_q)
      XkAbs:    x = r_q ^ {34{r_q[33]}};
      XkNonNeg: x = r_q & {34{!r_q[33]}};
      XkNeg:    x = r_q & {34{r_q[33]}};
      default:  x = r_q;
    endcase
  end
  assign y   = y_q | (r_q & {34{yshl_q}});
  assign cin = cin_q;
  assign sum = x + y + {33'd0, cin};

  logic [31:0] s;
  logic        s_neg, s_over, cmp_true;
  logic        cmp_q, sat_over_q;  // the flags pass's, read in the saturate pass
  logic [32:0] sat_q;              // {S < 0, S}

  // r_d: the one term rsel names (vshl keeps the sign bit; vset's saturate pass is its
  // compare alone: ptxalu_video_sat passes a 0 or 1 unchanged, never out of range). The
  // adder's sign, the last bit of its carry chain, picks between two copies made for either
  // value (kept apart, so the sign meets one multiplexer: the finish's .min/.max reads it).
  logic [67:0] r_by_sign;
  for (genvar k = 0; k < 2; k++) begin : g_by_sign
    logic [33:0] sum_k;
    logic [31:0] result;
    (* keep *) logic [33:0] r_k;
    assign sum_k = {k == 1, sum[32:0]};

    ptxalu_video_finish u_finish (
      .dsel_i    (req_i.ctrl.dsel),
      .secop_i   (req_i.ctrl.secop),
      .dsigned_i (req_i.ctrl.dsigned),
      .vset_i    (op_vset),
      .s_i       (r_q[31:0]),
      .s_neg_i   (r_q[33]),
      .s_over_i  (over_q),
      .c_i       (req_i.c[31:0]),
      .sec_x_o   (sec_x[34*k +: 34]),
      .sec_y_o   (sec_y_k[34*k +: 34]),
      .sec_cin_o (sec_cin_k[k]),
      .sec_sum_i (sum_k),
      .result_o  (result)
    );

    always_comb begin
      r_k = '0;
      if (rsel[RsLoad])   r_k = r_k | {ta[32], ta};
      if (rsel[RsSum])    r_k = r_k | sum_k;
      if (rsel[RsShl])    r_k = r_k | {r_q[33], sum_k[32:0]};
      if (rsel[RsShr])    r_k = r_k | {r_q[33], r_q[33:1]};
      if (rsel[RsSat])    r_k = r_k | {sat_q[32], sat_q};
      if (rsel[RsVset])   r_k = r_k | {33'd0, cmp_q};
      if (rsel[RsFinish]) r_k = r_k | {2'd0, result};
    end
    assign r_by_sign[34*k +: 34] = r_k;
  end
  assign r_d     = sum[33] ? r_by_sign[67:34] : r_by_sign[33:0];
  assign sec_y   = sec_y_k[33:0];  // the finish's operand from c: the same in both copies
  assign sec_cin = sec_cin_k[0];

  always_comb begin
    over_d = 1'b0;
    cnt_d  = shamt;
    ph_d   = !op_shift ? PhPrimary : steps ? PhStep : PhFlags;
    if (busy) begin
      cnt_d = cnt_q - 6'd1;
      ph_d  = ph_q;
      unique case (ph_q)
        PhPrimary: ph_d = steps ? PhStep : PhFlags;
        PhStep: begin
          over_d = over_q || (op_shl && (r_q[32] != r_q[31]));
          if (!op_shift || (cnt_q == 6'd1)) ph_d = PhFlags;
        end
        PhFlags: ph_d = PhSat;
        PhSat: begin
          over_d = !op_vset && sat_over_q;
          ph_d   = PhFinish;
        end
        default: ;
      endcase
    end
  end

  // Loaded in every idle cycle (the start values, from the held request), the accepting one
  // among them, so the enable reads the state, not the handshake's in_valid (the UP5K's clock,
  // syn/README.md); held while the answer waits.
  logic unused_start;
  assign unused_start = start;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      r_q     <= '0;
      over_q  <= 1'b0;
      cnt_q   <= '0;
      ph_q    <= PhPrimary;
      y_q     <= '0;
      xmode_q <= XkPass;
      yshl_q  <= 1'b0;
      cin_q   <= 1'b0;
    end else if (!answer) begin  // idle or busy: no handshake on the enable (see above)
      r_q     <= r_d;
      over_q  <= over_d;
      cnt_q   <= cnt_d;
      ph_q    <= ph_d;
      y_q     <= y_d;
      xmode_q <= xmode_d;
      yshl_q  <= yshl_d;
      cin_q   <= cin_d;
    end
  end

  // ---- Flags: vset's compare and P through ptxalu_video_sat into registers (loaded in every
  // cycle, read in the saturate pass after the flags pass); finish on S from r_q -------------
  logic        cmp_lt, cmp_eq;

  assign cmp_lt = r_q[33];
  assign cmp_eq = (r_q == '0);

  assign cmp_true = ptxalu_pkg::cmp_holds(req_i.ctrl.cmp, cmp_lt, cmp_eq);

  ptxalu_video_sat u_sat (
    .dsel_i    (req_i.ctrl.dsel),
    .dsigned_i (req_i.ctrl.dsigned),
    .sat_i     (req_i.ctrl.sat),
    .p_i       (r_q[31:0]),
    .p_neg_i   (r_q[33]),
    .p_over_i  (over_q || (r_q[33] != r_q[32])),
    .s_o       (s),
    .s_neg_o   (s_neg),
    .s_over_o  (s_over)
  );

  ptxalu_en_reg #(.Width(35)) u_flags_q (.clk_i, .rst_ni, .en_i(1'b1),
                                        .d_i({cmp_true, s_over, s_neg, s}),
                                        .q_o({cmp_q, sat_over_q, sat_q}));

  assign rsp_o.in_ready      = idle;
  assign rsp_o.out_valid     = answer;
  assign rsp_o.result        = {32'd0, r_q[31:0]};

  // Fields no scalar video form uses (zero in a legal word), the selectors' high bits, the
  // sources' high halves and d.
  logic unused_req;
  assign unused_req = ^{req_i.a[63:32], req_i.b[63:32], req_i.c[63:32], req_i.d,
                        req_i.ctrl.itype, req_i.ctrl.asel[11:3], req_i.ctrl.bsel[11:3],
                        req_i.ctrl.mask, req_i.ctrl.half, req_i.ctrl.scale, req_i.ctrl.po,
                        req_i.ctrl.neg_prod, req_i.ctrl.neg_c, req_i.ctrl.relu,
                        req_i.ctrl.shiftamt, sec_x, sec_y_k[67:34], sec_cin_k[1],
                        nz5_field[32:1]};

endmodule
