// Gallery (correct; a held-out-style trial, 2026-11-27): vmad with the elements extended by
// $signed in a function, the product a 33x33 signed `*`, the negations as two's complement
// negation (-x, not ~x + 1), the sum in a 68-bit signed word, the scale by >>>, and .sat as
// clamps written with signed/unsigned compares against the bounds.
module ptxalu_vmad #(
  parameter bit SharedMult = 1'b0,
  parameter bit AddInProduct = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [32:0]       mul_a_o,
  output logic [32:0]       mul_b_o,
  input  logic [65:0]       product_i,
  output logic [31:0]       result_o
);


  function automatic logic signed [32:0] elem(input logic [31:0] w, input logic [2:0] sel,
                                              input logic sgn);
    logic signed [32:0] v;
    case (sel)
      3'd1: v = sgn ? $signed(w[7:0])   : $signed({1'b0, w[7:0]});
      3'd2: v = sgn ? $signed(w[15:8])  : $signed({1'b0, w[15:8]});
      3'd3: v = sgn ? $signed(w[23:16]) : $signed({1'b0, w[23:16]});
      3'd4: v = sgn ? $signed(w[31:24]) : $signed({1'b0, w[31:24]});
      3'd5: v = sgn ? $signed(w[15:0])  : $signed({1'b0, w[15:0]});
      3'd6: v = sgn ? $signed(w[31:16]) : $signed({1'b0, w[31:16]});
      default: v = sgn ? $signed(w) : $signed({1'b0, w});
    endcase
    elem = v;
  endfunction

  logic signed [32:0] ta, tb;
  assign ta = elem(a_i, ctrl_i.asel[2:0], ctrl_i.asigned);
  assign tb = elem(b_i, ctrl_i.bsel[2:0], ctrl_i.bsigned);
  assign mul_a_o = ta;
  assign mul_b_o = tb;

  logic sgn_res;
  assign sgn_res = ctrl_i.asigned | ctrl_i.bsigned | ctrl_i.neg_prod | ctrl_i.neg_c;

  logic signed [65:0] prod;
  assign prod = ta * tb;

  logic signed [67:0] pterm, cterm, total, shifted;
  always_comb begin
    pterm = prod;
    cterm = sgn_res ? $signed(c_i) : $signed({1'b0, c_i});
    if (ctrl_i.po) begin
      pterm = pterm + 68'sd1;
    end else if (ctrl_i.neg_prod) begin
      pterm = -pterm;
    end else if (ctrl_i.neg_c) begin
      cterm = -cterm;
    end
    total = pterm + cterm;
    case (ctrl_i.scale)
      ptxalu_pkg::ScaleShr7:  shifted = total >>> 7;
      ptxalu_pkg::ScaleShr15: shifted = total >>> 15;
      default:    shifted = total;
    endcase
  end

  logic [63:0] res;
  assign res = shifted[63:0];

  logic [31:0] clamped;
  always_comb begin
    clamped = res[31:0];
    if (sgn_res) begin
      if ($signed(res) > 64'sd2147483647) clamped = 32'h7fffffff;
      else if ($signed(res) < -64'sd2147483648) clamped = 32'h80000000;
    end else begin
      if (res > 64'd4294967295) clamped = 32'hffffffff;
    end
  end

  assign result_o = (ctrl_i.op == ptxalu_pkg::OpVmad) ? (ctrl_i.sat ? clamped : res[31:0]) : 32'd0;

  logic unused;
  assign unused = ^{product_i, shifted[67:64]};
endmodule
