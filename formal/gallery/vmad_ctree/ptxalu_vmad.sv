// Gallery (correct): vmad with c inside its product tree. The 33x33 product ta * tb is formed
// by radix-4 Booth recoding (17 rows, each 0, +-tb or +-2tb sign-extended to 80 bits); a
// negated product negates every row's digit instead of complementing a product word; c (or
// its complement for a negated c) and the +1 of .po or c's negation are two more rows of the
// same chain, which starts from c. No word is the product alone: the sum is the tree, then
// >> scale and .sat as the PTX pseudo-code reads.
module ptxalu_vmad (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [32:0]       mul_a_o,
  output logic [32:0]       mul_b_o,
  input  logic [65:0]       product_i,
  output logic [31:0]       result_o
);
  function automatic logic [32:0] part(input logic [31:0] w, input logic [2:0] sel,
                                       input logic sgn);
    unique case (sel)
      3'd1:    part = {{25{sgn & w[7]}}, w[7:0]};
      3'd2:    part = {{25{sgn & w[15]}}, w[15:8]};
      3'd3:    part = {{25{sgn & w[23]}}, w[23:16]};
      3'd4:    part = {{25{sgn & w[31]}}, w[31:24]};
      3'd5:    part = {{17{sgn & w[15]}}, w[15:0]};
      3'd6:    part = {{17{sgn & w[31]}}, w[31:16]};
      default: part = {sgn & w[31], w};
    endcase
  endfunction

  logic [32:0] ta, tb;
  assign ta      = part(a_i, ctrl_i.asel[2:0], ctrl_i.asigned);
  assign tb      = part(b_i, ctrl_i.bsel[2:0], ctrl_i.bsigned);
  assign mul_a_o = ta;
  assign mul_b_o = tb;

  logic sf, negp, negc, one;
  assign sf   = ctrl_i.asigned | ctrl_i.bsigned | ctrl_i.neg_prod | ctrl_i.neg_c;
  assign negp = !ctrl_i.po && ctrl_i.neg_prod;
  assign negc = !ctrl_i.po && !ctrl_i.neg_prod && ctrl_i.neg_c;
  assign one  = ctrl_i.po || negc;

  logic [34:0] a3;
  logic [79:0] b1;
  assign a3 = {ta[32], ta, 1'b0};
  assign b1 = {{47{tb[32]}}, tb};

  logic [79:0] rows [17];
  for (genvar i = 0; i < 17; i++) begin : g_row
    logic [2:0]  d;
    logic [79:0] mag;
    assign d = a3[2*i +: 3];
    always_comb begin
      unique case (d)
        3'b001, 3'b010, 3'b101, 3'b110: mag = b1;
        3'b011, 3'b100:                 mag = b1 << 1;
        default:                        mag = '0;
      endcase
    end
    assign rows[i] = (d[2] ^ negp ? -mag : mag) << (2 * i);
  end

  logic [79:0] c_row, total;
  assign c_row = (sf ? {{48{c_i[31]}}, c_i} : {48'd0, c_i}) ^ {80{negc}};
  always_comb begin
    total = c_row + {79'd0, one};
    for (int i = 0; i < 17; i++) total = total + rows[i];
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
    if (sf) begin
      if (!res[63] && res[62:31] != 32'd0) sat = 32'h7fff_ffff;
      if (res[63] && res[62:31] != 32'hffff_ffff) sat = 32'h8000_0000;
    end else if (res[63:32] != 32'd0) begin
      sat = 32'hffff_ffff;
    end
  end

  assign result_o = ctrl_i.op != ptxalu_pkg::OpVmad ? 32'd0 : ctrl_i.sat ? sat : res[31:0];

  logic unused;
  assign unused = ^{product_i, ctrl_i, total[79]};
endmodule
