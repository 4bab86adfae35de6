// Bit manipulation, bit-serial: the small configuration's (ptxalu_pkg::CfgSmall) stand-in for
// ptxalu_bitmanip, with the same ops and results (popc, clz, bfind, fns, brev, bfe, bfi, bmsk,
// szext) from one result bit per cycle instead of 64-bit shifters, masks and counters side by
// side.
//
// Each op is the PTX pseudo-code's loop over the destination bits i = 0 .. w-1 (w = 64 for the
// 64-bit types, else 32), one i per cycle. Every step reads one bit of a at an index
// idx = off +- i (a counter set a step ahead), one bit of b at i (bfi), and compares one value
// with the field length:
//   popc   idx = i            count a[i]
//   clz    idx = i            remember the last i with a[i] set (the msb): clz = w-1-msb, or w
//   bfind  idx = i            the same on a, or ~a for a negative signed a; .shiftamt w-1-msb
//   fns    idx = base +- i    count mask[idx] for idx in 0..31 (offset 0: i = 0 only); the
//                             step whose count reaches n = |offset| remembers idx
//   brev   idx = w-1-i        d[i] = a[idx]
//   bfe    idx = pos + i      d[i] = a[idx] if i < len and idx <= msb, else the sign
//   bfi    idx = i - pos      d[i] = a[idx] if 0 <= idx < len, else b[i]
//   bmsk   idx = i - a[4:0]   d[i] = 1 if 0 <= idx < b[4:0] (clamp/wrap as in ptxalu_bitmanip)
//   szext  idx = i            d[i] = a[i] if i < b[4:0], else the sign
// The sign of bfe and szext is the last field bit read (bfe: a[min(pos+len-1, msb)]; a[msb]
// when no field bit exists; szext: a[N-1]), which the loop has read before any bit needs it,
// so it is a one-bit register rather than a second index. Result bits enter a shift register
// at bit w-1 and leave at bit 0 after w steps; the counting ops leave it zero and answer from
// their counters.
//
// Handshake (as ptxalu_divider and ptxalu_mult_iter, through ptxalu_seq_ctl) and ports:
// ptxalu_pkg::seq_req_t and seq_rsp_t, the small units' contract. The unit keeps no operand
// copy: the caller holds the request's ctrl and a .. d until the answer is taken (ptxalu_top
// holds its issue register meanwhile).
//
// Latency, from the accepting edge to the first cycle with out_valid: w + 1 cycles (33 for
// the 32-bit types and bmsk, szext, fns; 65 for the 64-bit types), whatever the operands.
module ptxalu_bitmanip_small (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  ptxalu_pkg::seq_req_t req_i,
  output ptxalu_pkg::seq_rsp_t rsp_o
);

  logic [5:0]  i_q;             // the destination bit of this step (ptxalu_seq_ctl's)
  logic [63:0] res_q, res_d;    // result bits, shifted in at bit w-1
  logic [6:0]  cnt_q, cnt_d;    // popc: set bits so far; fns: hits so far
  logic [5:0]  hit_q, hit_d;    // clz/bfind: the last set bit; fns: the n-th hit's index
  logic        seen_q, seen_d;  // hit_q is valid
  logic        sign_q, sign_d;  // bfe/szext: the last field bit read

  // ---- Type and op: decoded from the request while idle (the accepting cycle among those,
  // the caller holds the request from then on) and kept as flip-flops for the steps, so a
  // step reads no decode of the caller's ctrl (the UP5K's clock, syn/README.md). ---------------
  logic idle;  // ptxalu_seq_ctl's in_ready: the start values are loaded in every idle cycle
  logic is_w64, is_signed, is_w64_in, is_signed_in;
  logic op_popc, op_clz, op_bfind, op_fns, op_brev, op_bfe, op_bfi, op_bmsk, op_szext;
  logic op_brev_in, op_bfe_in, op_bfi_in, op_bmsk_in, op_fns_in;
  logic [7:0] len_in, len_q;  // bfe, bfi, bmsk, szext: the field length (below)

  assign {is_w64_in, is_signed_in} = ptxalu_pkg::bitmanip_type(req_i.ctrl.itype);
  assign op_brev_in = (req_i.ctrl.op == ptxalu_pkg::OpBrev);
  assign op_bfe_in  = (req_i.ctrl.op == ptxalu_pkg::OpBfe);
  assign op_bfi_in  = (req_i.ctrl.op == ptxalu_pkg::OpBfi);
  assign op_bmsk_in = (req_i.ctrl.op == ptxalu_pkg::OpBmsk);
  assign op_fns_in  = (req_i.ctrl.op == ptxalu_pkg::OpFns);

  // fns_ok (below) too: the answer's, so its compares on b and c are off the answer's path.
  logic fns_ok_q;
  ptxalu_en_reg #(.Width(20), .Reset(1'b1)) u_op_q (
      .clk_i, .rst_ni, .en_i(idle),
      .d_i({is_w64_in, is_signed_in, req_i.ctrl.op == ptxalu_pkg::OpPopc,
            req_i.ctrl.op == ptxalu_pkg::OpClz, req_i.ctrl.op == ptxalu_pkg::OpBfind, op_fns_in,
            op_brev_in, op_bfe_in, op_bfi_in, op_bmsk_in, req_i.ctrl.op == ptxalu_pkg::OpSzext,
            len_in, fns_ok}),
      .q_o({is_w64, is_signed, op_popc, op_clz, op_bfind, op_fns, op_brev, op_bfe, op_bfi,
            op_bmsk, op_szext, len_q, fns_ok_q}));

  logic a_msb, a_msb_in;
  assign a_msb    = is_w64 ? req_i.a[63] : req_i.a[31];
  assign a_msb_in = is_w64_in ? req_i.a[63] : req_i.a[31];

  // ---- fns operands: base = b, offset = c (32-bit) -----------------------------------------
  logic       offset_neg, offset_zero, fns_ok;
  logic [5:0] fns_n;  // which hit, 1..32 (when fns_ok)

  assign offset_neg  = req_i.c[31];
  assign offset_zero = (req_i.c[31:0] == '0);
  // base <= 31 (§18) and -32 <= offset <= 32: c[31:5] all zero (0..31) or 32, or all ones.
  assign fns_ok = (req_i.b[31:5] == '0) && ((req_i.c[31:5] == '0) ||
                                            (req_i.c[31:0] == 32'd32) || (req_i.c[31:5] == '1));
  assign fns_n  = offset_zero ? 6'd1 : (offset_neg ? 6'd0 - req_i.c[5:0] : req_i.c[5:0]);

  // ---- bmsk / szext clamps --------------------------------------------------------------------
  logic pos_ovf, width_ovf;
  // bmsk: position above 31; bmsk width, szext N above 31
  assign pos_ovf   = !req_i.ctrl.wrap && (req_i.a[31:5] != '0);
  assign width_ovf = !req_i.ctrl.wrap && (req_i.b[31:5] != '0);

  // ---- The step's index: idx = off + (+-i), a 10-bit signed counter ------------------------
  logic       sub_i;         // idx = off - i
  logic       sub_off;       // idx = i - off
  logic [7:0] off;
  logic [9:0] idx;

  // The start value (read while idle, from the request's decode); the direction (the steps).
  always_comb begin
    sub_off = 1'b0;
    off     = '0;
    unique case (1'b1)
      op_brev_in: off = is_w64_in ? 8'd63 : 8'd31;
      op_bfe_in:  off = req_i.b[7:0];
      op_bfi_in:  begin off = req_i.c[7:0]; sub_off = 1'b1; end
      op_bmsk_in: begin off = {3'd0, req_i.a[4:0]}; sub_off = 1'b1; end
      op_fns_in:  off = {3'd0, req_i.b[4:0]};
      default:    ;
    endcase
  end
  assign sub_i = op_brev || (op_fns && offset_neg);

  // Counted a step ahead (no adder between i_q and the bit select): loaded at the start with
  // step 0's off or -off, then one up (+i, i - off) or down (off - i) a step.
  logic [9:0] idx_q, idx_d;
  logic       start, busy;  // ptxalu_seq_ctl's, below
  always_comb begin
    idx_d = idx_q;
    if (idle) begin
      idx_d = (sub_off ? ~{2'd0, off} : {2'd0, off}) + 10'(sub_off);
    end else if (busy) begin
      idx_d = idx_q + (sub_i ? 10'h3ff : 10'd1);
    end
  end
  ptxalu_en_reg #(.Width(10), .Reset(1'b1)) u_idx_q (.clk_i, .rst_ni, .en_i(1'b1), .d_i(idx_d),
                                                     .q_o(idx_q));
  assign idx = idx_q;

  // ---- The step's bits ----------------------------------------------------------------------
  logic       a_bit, b_bit;
  logic       idx_nonneg;   // idx >= 0
  logic [7:0] len_lhs;
  logic       below_len;    // len_lhs < len
  logic       in_field;     // bfe, bfi, bmsk, szext: destination bit i takes a source bit
  logic       step_bit;     // the destination bit of this step
  logic       fns_hit;      // fns: mask[idx] counts at this step
  logic       lz_hit;       // clz/bfind: the searched value has bit i set

  // Right shifts rather than indexed bit-selects (those elaborate to $shiftx with 'x' out of
  // range, which the formal flow refuses). a_bit is only used where idx is in 0..w-1.
  assign a_bit      = 1'(req_i.a >> idx[5:0]);
  assign b_bit      = 1'(req_i.b >> i_q);
  assign idx_nonneg = !idx[9];

  always_comb begin
    len_in = '0;
    unique case (req_i.ctrl.op)
      ptxalu_pkg::OpBfe:   len_in = req_i.c[7:0];
      ptxalu_pkg::OpBfi:   len_in = req_i.d[7:0];
      ptxalu_pkg::OpBmsk,
      ptxalu_pkg::OpSzext: len_in = {3'd0, req_i.b[4:0]};
      default:             ;
    endcase
  end
  assign len_lhs   = (op_bfi || op_bmsk) ? idx[7:0] : {2'd0, i_q};
  assign below_len = (len_lhs < len_q);

  always_comb begin
    in_field = 1'b0;
    step_bit = 1'b0;
    unique case (1'b1)
      op_brev:  step_bit = a_bit;
      op_bfe:   begin
        // field bits that exist: i < len and pos + i <= msb
        in_field = below_len && (idx[9:6] == '0) && (is_w64 || !idx[5]);
        step_bit = in_field ? a_bit : (is_signed && (len_q != '0) && sign_q);
      end
      op_bfi:   begin
        in_field = idx_nonneg && below_len;
        step_bit = in_field ? a_bit : b_bit;
      end
      op_bmsk:  step_bit = !pos_ovf && idx_nonneg && (width_ovf || below_len);
      op_szext: begin
        in_field = width_ovf || below_len;
        step_bit = in_field ? a_bit : (is_signed && sign_q);
      end
      default:  ;
    endcase
  end

  assign fns_hit = a_bit && (idx[9:5] == '0) && (!offset_zero || i_q == '0);
  assign lz_hit  = a_bit ^ (op_bfind && is_signed && a_msb);

  // ---- Control ---------------------------------------------------------------------------------
  // Idle, busy until the last bit (i_q = w-1), answer held (ptxalu_seq_ctl).
  logic [63:0] answer;

  ptxalu_seq_ctl #(.StepW(6)) u_ctl (.clk_i, .rst_ni, .req_i, .skip_i(1'b0),
                                     .last_i(i_q == (is_w64 ? 6'd63 : 6'd31)),
                                     .result_i(answer), .start_o(start), .busy_o(busy),
                                     .step_o(i_q), .rsp_o);
  assign idle = rsp_o.in_ready;
  logic unused_start;  // the start values are loaded whenever idle (above)
  assign unused_start = start;

  always_comb begin
    res_d   = res_q;
    cnt_d   = cnt_q;
    hit_d   = hit_q;
    seen_d  = seen_q;
    sign_d  = sign_q;
    if (idle) begin
      res_d   = '0;
      cnt_d   = '0;
      hit_d   = '0;
      seen_d  = 1'b0;
      sign_d  = op_bfe_in && a_msb_in;  // bfe with no field bit: a[msb]
    end else if (busy) begin
      res_d = res_q >> 1;
      if (is_w64) begin
        res_d[63] = step_bit;
      end else begin
        res_d[31] = step_bit;
      end
      if (in_field) begin
        sign_d = a_bit;
      end
      if (op_popc) begin
        cnt_d = cnt_q + 7'(a_bit);
      end
      if ((op_clz || op_bfind) && lz_hit) begin
        hit_d  = i_q;
        seen_d = 1'b1;
      end
      if (op_fns && fns_hit) begin
        cnt_d = cnt_q + 7'd1;
        if (!seen_q && cnt_q[5:0] + 6'd1 == fns_n) begin
          hit_d  = idx[5:0];
          seen_d = 1'b1;
        end
      end
    end
  end

  ptxalu_en_reg #(.Width($bits({res_d, cnt_d, hit_d, seen_d, sign_d})), .Reset(1'b1)) u_state_q (
      .clk_i, .rst_ni, .en_i(1'b1), .d_i({res_d, cnt_d, hit_d, seen_d, sign_d}),
      .q_o({res_q, cnt_q, hit_q, seen_q, sign_q}));

  // ---- Answer: the shift register, or the counting ops' value (the shift register is 0 then) --
  logic [5:0]  hit_rev;  // w-1 - hit_q
  logic [63:0] count_val;

  assign hit_rev = is_w64 ? ~hit_q : {1'b0, ~hit_q[4:0]};

  always_comb begin
    count_val = '0;
    unique case (1'b1)
      op_popc:  count_val = {57'd0, cnt_q};
      op_clz:   count_val = seen_q ? {58'd0, hit_rev} : (is_w64 ? 64'd64 : 64'd32);
      op_bfind: count_val = !seen_q ? ptxalu_pkg::NotFound
                                              : {58'd0, req_i.ctrl.shiftamt ? hit_rev : hit_q};
      op_fns:   count_val = (seen_q && fns_ok_q) ? {58'd0, hit_q} : ptxalu_pkg::NotFound;
      default:  ;
    endcase
  end

  assign answer = res_q | count_val;

  // Fields these ops never set (legal words hold zero there), and operand bits no op reads.
  logic unused_bits;
  assign unused_bits = ^{req_i.ctrl.dsigned, req_i.ctrl.asigned, req_i.ctrl.bsigned,
                         req_i.ctrl.asel, req_i.ctrl.bsel, req_i.ctrl.dsel, req_i.ctrl.mask,
                         req_i.ctrl.secop, req_i.ctrl.sat, req_i.ctrl.cmp, req_i.ctrl.half,
                         req_i.ctrl.scale, req_i.ctrl.po, req_i.ctrl.neg_prod, req_i.ctrl.neg_c,
                         req_i.ctrl.relu, req_i.b[63:32], req_i.c[63:32], req_i.d[63:8]};

endmodule
