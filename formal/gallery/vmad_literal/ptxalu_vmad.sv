// Gallery (correct): vmad written as the PTX pseudo-code reads (CLARIFICATIONS §9), at the
// text's own 128-bit width: element selection by one case per selector, a 33x33 signed
// product, the negations, c extended by signedFinal, the +1, then >> scale and .sat.
// Differs from rtl/ptxalu_vmad.sv in every datapath width (128 against 80 bits), in the
// element extraction (one mux per selector value) and in the saturation compares.
module ptxalu_vmad #(
  parameter bit SharedMult = 1'b0
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

  // partSelectSignExtend: sel 1..4 bytes b0..b3, 5..6 halves h0..h1, else the word.
  function automatic logic [32:0] part(input logic [31:0] w, input logic [2:0] sel,
                                       input logic sgn);
    logic [32:0] v;
    unique case (sel)
      3'd1:    v = {{25{sgn & w[7]}}, w[7:0]};
      3'd2:    v = {{25{sgn & w[15]}}, w[15:8]};
      3'd3:    v = {{25{sgn & w[23]}}, w[23:16]};
      3'd4:    v = {{25{sgn & w[31]}}, w[31:24]};
      3'd5:    v = {{17{sgn & w[15]}}, w[15:0]};
      3'd6:    v = {{17{sgn & w[31]}}, w[31:16]};
      default: v = {sgn & w[31], w};
    endcase
    part = v;
  endfunction

  logic signed [32:0] ta, tb;
  assign ta      = part(a_i, ctrl_i.asel[2:0], ctrl_i.asigned);
  assign tb      = part(b_i, ctrl_i.bsel[2:0], ctrl_i.bsigned);
  assign mul_a_o = ta;
  assign mul_b_o = tb;

  logic signed_final;
  assign signed_final = ctrl_i.asigned | ctrl_i.bsigned | ctrl_i.neg_prod | ctrl_i.neg_c;

  logic signed [127:0] ta_w, tb_w;
  assign ta_w = {{95{ta[32]}}, ta};
  assign tb_w = {{95{tb[32]}}, tb};

  logic [127:0] tmp, cc, total;
  logic         lsb;
  always_comb begin
    tmp = ta_w * tb_w;
    cc  = signed_final ? {{96{c_i[31]}}, c_i} : {96'd0, c_i};
    lsb = 1'b0;
    if (ctrl_i.po) begin
      lsb = 1'b1;
    end else if (ctrl_i.neg_prod) begin
      tmp = ~tmp;
      lsb = 1'b1;
    end else if (ctrl_i.neg_c) begin
      cc  = ~cc;
      lsb = 1'b1;
    end
    total = tmp + cc + {127'd0, lsb};
  end

  logic [63:0] res;
  always_comb begin
    unique case (ctrl_i.scale)
      ptxalu_pkg::ScaleShr7:  res = total[70:7];
      ptxalu_pkg::ScaleShr15: res = total[78:15];
      default:                res = total[63:0];
    endcase
  end

  logic [31:0] sat;
  always_comb begin
    sat = res[31:0];
    if (signed_final) begin
      if (!res[63] && res[62:31] != 32'd0) sat = 32'h7fff_ffff;
      if (res[63] && res[62:31] != 32'hffff_ffff) sat = 32'h8000_0000;
    end else if (res[63:32] != 32'd0) begin
      sat = 32'hffff_ffff;
    end
  end

  assign result_o = ctrl_i.op != ptxalu_pkg::OpVmad ? 32'd0 : ctrl_i.sat ? sat : res[31:0];

  logic unused;
  assign unused = ^{product_i, ctrl_i, total[127:79]};
endmodule
