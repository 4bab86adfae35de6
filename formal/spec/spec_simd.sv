// SIMD video spec (vadd2..vmax2, vset2, vadd4..vmax4, vset4), written from the PTX
// pseudo-code: select and extend each lane's elements, compute t[i], saturate, then merge
// into c under the mask or accumulate into c (§1, §3, §4, §5).
//
// Lanes are loops; each lane's t[i] is spec_simd_t (spec_common.svh); values are exact signed
// integers in 24 bits.
module spec_simd (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i, b_i, c_i,
  output logic [31:0]       result_o
);

  logic is_x4;
  assign is_x4 = ctrl_i.op == ptxalu_pkg::OpVadd4 || ctrl_i.op == ptxalu_pkg::OpVsub4 ||
                 ctrl_i.op == ptxalu_pkg::OpVavrg4 || ctrl_i.op == ptxalu_pkg::OpVabsdiff4 ||
                 ctrl_i.op == ptxalu_pkg::OpVmin4 || ctrl_i.op == ptxalu_pkg::OpVmax4 ||
                 ctrl_i.op == ptxalu_pkg::OpVset4;

  // The element pool both selectors index: a's lanes, then b's (least significant first).
  logic [63:0] pool;
  assign pool = {b_i, a_i};

  logic [2:0]         sel_a, sel_b;
  logic [15:0]        ea, eb;
  logic signed [23:0] va, vb, lane_max, lane_min;
  logic [31:0]        merged, accum;
  logic [95:0]        tval;  // t of lane i in [24*i +: 24]
  integer             i, lanes;

`include "spec_common.svh"

  always_comb begin
    lanes  = is_x4 ? 4 : 2;
    merged = 32'd0;
    accum  = c_i;
    sel_a = '0; sel_b = '0; ea = '0; eb = '0;
    tval = '0;
    va = '0; vb = '0; lane_max = '0; lane_min = '0;
    // Every lane position is computed; those beyond the form's lanes are not read.
    for (i = 0; i < 4; i = i + 1) begin
      // Extract and sign- or zero-extend (extractAndSignExt_4 / _2).
      if (is_x4) begin
        sel_a = ctrl_i.asel[3*i +: 3];
        sel_b = ctrl_i.bsel[3*i +: 3];
        ea = {8'd0, pool[8*sel_a +: 8]};
        eb = {8'd0, pool[8*sel_b +: 8]};
        va = $signed({{16{ctrl_i.asigned & ea[7]}}, ea[7:0]});
        vb = $signed({{16{ctrl_i.bsigned & eb[7]}}, eb[7:0]});
        lane_max = ctrl_i.dsigned ? 24'sd127 : 24'sd255;
        lane_min = ctrl_i.dsigned ? -24'sd128 : 24'sd0;
      end else begin
        sel_a = {1'b0, ctrl_i.asel[3*i +: 2]};
        sel_b = {1'b0, ctrl_i.bsel[3*i +: 2]};
        ea = pool[16*sel_a +: 16];
        eb = pool[16*sel_b +: 16];
        va = $signed({{8{ctrl_i.asigned & ea[15]}}, ea});
        vb = $signed({{8{ctrl_i.bsigned & eb[15]}}, eb});
        lane_max = ctrl_i.dsigned ? 24'sd32767 : 24'sd65535;
        lane_min = ctrl_i.dsigned ? -24'sd32768 : 24'sd0;
      end

      tval[24*i +: 24] = spec_simd_t(ctrl_i.op, ctrl_i.cmp, ctrl_i.sat, va, vb,
                                     lane_max, lane_min);
    end
    // Merge: the lane's low bits, or c's lane in place (§1). Accumulate: t at its full
    // signed value, modulo 2^32 (§3).
    if (is_x4) begin
      for (i = 0; i < 4; i = i + 1) begin
        merged[8*i +: 8] = ctrl_i.mask[i] ? tval[24*i +: 8] : c_i[8*i +: 8];
      end
    end else begin
      for (i = 0; i < 2; i = i + 1) begin
        merged[16*i +: 16] = ctrl_i.mask[i] ? tval[24*i +: 16] : c_i[16*i +: 16];
      end
    end
    for (i = 0; i < 4; i = i + 1) begin
      if (i < lanes && ctrl_i.mask[i]) accum = accum + {{8{tval[24*i+23]}}, tval[24*i +: 24]};
    end
    result_o = (ctrl_i.secop == ptxalu_pkg::SecAdd) ? accum : merged;
  end

endmodule
