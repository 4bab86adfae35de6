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
//   accept cycle  r_q = ta, tb_q = tb (the operands, extracted; no adder)
//   primary       r_q = ta + tb (vadd), ta - tb (the others but the shifts)
//   vabsdiff      then r_q = (d ^ n) + n, n = d < 0: |ta - tb|
//   vmin, vmax    then r_q = tb + (d if it is < 0, else 0) for vmin, (d if >= 0) for vmax
//   vshl          then s cycles r_q = r_q + r_q (s the amount: .clamp at 32, .wrap mod 32),
//                 the sign bit r_q[33] kept; over_q |= (r_q[32] != r_q[31]) before each
//   vshr          then s cycles r_q = r_q >>> 1
//   saturate      vset's compare from r_q (d: sign and zero), then ptxalu_video_sat:
//                 r_q = {S < 0, S < 0, S}, over_q = S outside the 33-bit range
//   finish        the adder adds ptxalu_video_finish's operands (S + c or S - c):
//                 r_q = the answer, on result_o from the next cycle on
// Cycles per form (the latency, from the accepting edge to the first cycle with out_valid_o):
//   vadd, vsub, vset                4
//   vabsdiff, vmin, vmax            5
//   vshl, vshr                      3 + s (3..35)
// (tb/common/video_small_latency.hpp holds the tests to this table; the formal miter
// miter_small_unit.sv states it on its own.) Every pass ends in a register (the extraction, the
// saturation and the secondary op in passes of their own: no path runs from the issue
// register through the adder), so result_o is r_q.
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

  logic [5:0] shamt;  // ptxalu_pkg::video_shamt: .clamp/.wrap (§8)
  assign shamt = ptxalu_pkg::video_shamt(req_i.ctrl.wrap, tb[31:0]);

  // ---- Handshake and passes ----------------------------------------------------------------
  logic       idle, start, busy, answer;  // answer: out_valid
  logic [5:0] cnt_q, cnt_d;               // shift steps left
  logic       steps;                      // the form steps after the primary op

  // The busy pass: the primary op, a step (vabsdiff, vmin, vmax: one; vshl, vshr: s),
  // saturate, finish.
  typedef enum logic [1:0] {
    PhPrimary = 2'd0,
    PhStep    = 2'd1,
    PhSat     = 2'd2,
    PhFinish  = 2'd3
  } phase_e;
  phase_e ph_q, ph_d;

  assign steps = op_absdiff || op_minmax || (op_shift && shamt != '0);

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

  // ---- The adder: the primary op, a step, the secondary op (finish) ------------------------
  logic [33:0] r_q, r_d, x, y, sum, sec_x, sec_y;
  logic [32:0] tb_q;
  logic        over_q, over_d, cin, sec_cin, keep;

  // vmin keeps a negative difference, vmax a non-negative one.
  assign keep = (req_i.ctrl.op == ptxalu_pkg::OpVmin) ? r_q[33] : !r_q[33];

  always_comb begin
    x   = sec_x;
    y   = sec_y;
    cin = sec_cin;
    if (ph_q == PhPrimary) begin
      x   = r_q;
      y   = {tb_q[32], tb_q} ^ {34{!op_add}};
      cin = !op_add;
    end else if (ph_q == PhStep) begin
      unique case (1'b1)
        op_absdiff: begin
          x   = r_q ^ {34{r_q[33]}};
          y   = '0;
          cin = r_q[33];
        end
        op_minmax: begin
          x   = r_q & {34{keep}};
          y   = {tb_q[32], tb_q};
          cin = 1'b0;
        end
        default: begin  // vshl (vshr does not read the adder)
          x   = r_q;
          y   = r_q;
          cin = 1'b0;
        end
      endcase
    end
  end

  assign sum = x + y + {33'd0, cin};

  logic [31:0] s, result;
  logic        s_neg, s_over;

  always_comb begin
    r_d    = {ta[32], ta};
    over_d = 1'b0;
    cnt_d  = shamt;
    ph_d   = !op_shift ? PhPrimary : steps ? PhStep : PhSat;
    if (busy) begin
      r_d   = sum;
      cnt_d = cnt_q - 6'd1;
      ph_d  = ph_q;
      unique case (ph_q)
        PhPrimary: ph_d = steps ? PhStep : PhSat;
        PhStep: begin
          over_d = over_q || (op_shl && (r_q[32] != r_q[31]));
          if (!op_shift || (cnt_q == 6'd1)) ph_d = PhSat;
          if (op_shr) begin
            r_d = {r_q[33], r_q[33:1]};
          end else if (op_shl) begin
            r_d[33] = r_q[33];
          end
        end
        PhSat: begin
          r_d    = {s_neg, s_neg, s};
          over_d = s_over;
          ph_d   = PhFinish;
        end
        PhFinish: r_d = {2'd0, result};
        default: ;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      r_q    <= '0;
      over_q <= 1'b0;
      cnt_q  <= '0;
      ph_q   <= PhPrimary;
      tb_q   <= '0;
    end else if (start || busy) begin
      r_q    <= r_d;
      if (start) tb_q <= tb;
      over_q <= over_d;
      cnt_q  <= cnt_d;
      ph_q   <= ph_d;
    end
  end

  // ---- Saturate: vset's compare or P through ptxalu_video_sat; finish on S from r_q --------
  logic        cmp_lt, cmp_eq, cmp_true;

  assign cmp_lt = r_q[33];
  assign cmp_eq = (r_q == '0);

  assign cmp_true = ptxalu_pkg::cmp_holds(req_i.ctrl.cmp, cmp_lt, cmp_eq);

  ptxalu_video_sat u_sat (
    .dsel_i    (req_i.ctrl.dsel),
    .dsigned_i (req_i.ctrl.dsigned),
    .sat_i     (req_i.ctrl.sat),
    .p_i       (op_vset ? {31'd0, cmp_true} : r_q[31:0]),
    .p_neg_i   (!op_vset && r_q[33]),
    .p_over_i  (!op_vset && (over_q || (r_q[33] != r_q[32]))),
    .s_o       (s),
    .s_neg_o   (s_neg),
    .s_over_o  (s_over)
  );

  ptxalu_video_finish u_finish (
    .dsel_i    (req_i.ctrl.dsel),
    .secop_i   (req_i.ctrl.secop),
    .dsigned_i (req_i.ctrl.dsigned),
    .vset_i    (op_vset),
    .s_i       (r_q[31:0]),
    .s_neg_i   (r_q[33]),
    .s_over_i  (over_q),
    .c_i       (req_i.c[31:0]),
    .sec_x_o   (sec_x),
    .sec_y_o   (sec_y),
    .sec_cin_o (sec_cin),
    .sec_sum_i (sum),
    .result_o  (result)
  );

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
                        req_i.ctrl.shiftamt};

endmodule
