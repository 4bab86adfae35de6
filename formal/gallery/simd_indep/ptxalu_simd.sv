// An independent implementation of the ptxalu SIMD video unit (vadd2 ... vset4), written from
// the PTX ISA text (9.7.18.2) and CLARIFICATIONS.md only, by a helper who did not read ours
// (a held-out-style trial, 2026-11-29). With Stages > 0 one output register, loaded by en_i
// and cleared by rst_ni low (synchronous).
//
// Architecture: behavioural, one always_comb. Every lane value is carried as a 20-bit signed
// integer (enough for 17-bit extended operands and their sum/difference). A loop over the
// four byte slots computes the x4 form and a loop over the two half slots the x2 form; each
// slot calls the same lane function (operation, saturation) with a "half" flag choosing the
// clamp bounds. Merge and accumulate are then done on the 32-bit word.
module ptxalu_simd #(
  parameter int unsigned Stages = 0
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  // operation classes
  localparam logic [2:0] K_ADD = 3'd0;
  localparam logic [2:0] K_SUB = 3'd1;
  localparam logic [2:0] K_AVG = 3'd2;
  localparam logic [2:0] K_ABS = 3'd3;
  localparam logic [2:0] K_MIN = 3'd4;
  localparam logic [2:0] K_MAX = 3'd5;
  localparam logic [2:0] K_SET = 3'd6;

  // Extract element idx of the pool {b, a}: bytes 0..7 or halves 0..3, extended to 20 bits.
  function automatic logic signed [19:0] extract(input logic [31:0] a, input logic [31:0] b,
                                                 input logic [2:0] idx, input logic half,
                                                 input logic sgn);
    logic [15:0] e;
    if (half) begin
      case (idx[1:0])
        2'd0: e = a[15:0];
        2'd1: e = a[31:16];
        2'd2: e = b[15:0];
        default: e = b[31:16];
      endcase
      extract = sgn ? {{4{e[15]}}, e} : {4'd0, e};
    end else begin
      case (idx)
        3'd0: e = {8'd0, a[7:0]};
        3'd1: e = {8'd0, a[15:8]};
        3'd2: e = {8'd0, a[23:16]};
        3'd3: e = {8'd0, a[31:24]};
        3'd4: e = {8'd0, b[7:0]};
        3'd5: e = {8'd0, b[15:8]};
        3'd6: e = {8'd0, b[23:16]};
        default: e = {8'd0, b[31:24]};
      endcase
      extract = sgn ? {{12{e[7]}}, e[7:0]} : {12'd0, e[7:0]};
    end
  endfunction

  // One lane: primary op, then optional clamp by dtype and lane width.
  function automatic logic signed [19:0] lane(input logic [2:0] kind,
                                              input logic signed [19:0] va,
                                              input logic signed [19:0] vb,
                                              input logic [2:0] cmp, input logic sat,
                                              input logic dsgn, input logic half);
    logic signed [19:0] t, s, d, hi, lo;
    logic lt, eq, r;
    s  = va + vb;
    d  = va - vb;
    lt = va < vb;
    eq = va == vb;
    case (kind)
      K_ADD: t = s;
      K_SUB: t = d;
      K_AVG: t = (s >= 0) ? ((s + 20'sd1) >>> 1) : (s >>> 1);
      K_ABS: t = (d < 0) ? -d : d;
      K_MIN: t = lt ? va : vb;
      K_MAX: t = lt ? vb : va;
      default: begin
        case (cmp)
          3'd0: r = eq;
          3'd1: r = !eq;
          3'd2: r = lt;
          3'd3: r = lt || eq;
          3'd4: r = !lt && !eq;
          default: r = !lt;
        endcase
        t = r ? 20'sd1 : 20'sd0;
      end
    endcase
    if (half) begin
      hi = dsgn ? 20'sd32767 : 20'sd65535;
      lo = dsgn ? -20'sd32768 : 20'sd0;
    end else begin
      hi = dsgn ? 20'sd127 : 20'sd255;
      lo = dsgn ? -20'sd128 : 20'sd0;
    end
    if (sat && kind != K_SET) begin
      if (t > hi) t = hi;
      else if (t < lo) t = lo;
    end
    lane = t;
  endfunction

  logic [2:0] kind;
  logic       x2;

  always_comb begin
    kind = K_ADD;
    x2 = 1'b0;
    case (ctrl_i.op)
      ptxalu_pkg::OpVadd2:     begin kind = K_ADD; x2 = 1'b1; end
      ptxalu_pkg::OpVsub2:     begin kind = K_SUB; x2 = 1'b1; end
      ptxalu_pkg::OpVavrg2:    begin kind = K_AVG; x2 = 1'b1; end
      ptxalu_pkg::OpVabsdiff2: begin kind = K_ABS; x2 = 1'b1; end
      ptxalu_pkg::OpVmin2:     begin kind = K_MIN; x2 = 1'b1; end
      ptxalu_pkg::OpVmax2:     begin kind = K_MAX; x2 = 1'b1; end
      ptxalu_pkg::OpVset2:     begin kind = K_SET; x2 = 1'b1; end
      ptxalu_pkg::OpVadd4:     kind = K_ADD;
      ptxalu_pkg::OpVsub4:     kind = K_SUB;
      ptxalu_pkg::OpVavrg4:    kind = K_AVG;
      ptxalu_pkg::OpVabsdiff4: kind = K_ABS;
      ptxalu_pkg::OpVmin4:     kind = K_MIN;
      ptxalu_pkg::OpVmax4:     kind = K_MAX;
      ptxalu_pkg::OpVset4:     kind = K_SET;
      default: ;
    endcase
  end

  logic signed [19:0] t4 [4];
  logic signed [19:0] t2 [2];
  logic [31:0] merged, acc, comb_result;

  always_comb begin
    for (int i = 0; i < 4; i++) begin
      t4[i] = lane(kind,
                   extract(a_i, b_i, ctrl_i.asel[3*i +: 3], 1'b0, ctrl_i.asigned),
                   extract(a_i, b_i, ctrl_i.bsel[3*i +: 3], 1'b0, ctrl_i.bsigned),
                   ctrl_i.cmp, ctrl_i.sat, ctrl_i.dsigned, 1'b0);
    end
    for (int i = 0; i < 2; i++) begin
      t2[i] = lane(kind,
                   extract(a_i, b_i, ctrl_i.asel[3*i +: 3], 1'b1, ctrl_i.asigned),
                   extract(a_i, b_i, ctrl_i.bsel[3*i +: 3], 1'b1, ctrl_i.bsigned),
                   ctrl_i.cmp, ctrl_i.sat, ctrl_i.dsigned, 1'b1);
    end

    merged = c_i;
    acc = c_i;
    if (x2) begin
      for (int i = 0; i < 2; i++) begin
        if (ctrl_i.mask[i]) begin
          merged[16*i +: 16] = t2[i][15:0];
          acc = acc + {{12{t2[i][19]}}, t2[i]};
        end
      end
    end else begin
      for (int i = 0; i < 4; i++) begin
        if (ctrl_i.mask[i]) begin
          merged[8*i +: 8] = t4[i][7:0];
          acc = acc + {{12{t4[i][19]}}, t4[i]};
        end
      end
    end
    comb_result = (ctrl_i.secop == ptxalu_pkg::SecAdd) ? acc : merged;
  end

  if (Stages == 0) begin : g_comb
    assign result_o = comb_result;
  end else begin : g_reg
    logic [31:0] q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) q <= '0;
      else if (en_i) q <= comb_result;
    end
    assign result_o = q;
  end

endmodule
