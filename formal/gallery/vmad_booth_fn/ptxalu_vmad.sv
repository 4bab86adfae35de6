// Gallery (correct; held-out-style trial 5, 2026-11-29): vmad from the PTX pseudo-code, its
// 33x33 signed product computed by a function implementing radix-4 Booth with a for loop
// (17 digits of tb, each digit's multiple of ta negated as ~m + 1 and added in at bit 2i), no
// `*` anywhere. The rest follows the text at 128 bits: ~tmp / ~c with lsb, c128 extended by
// signedFinal, the shift, the 64-bit result, .sat as CLAMP by signed or unsigned compares.
// Our SharedMult = 0, AddInProduct = 0 (own product; product_i unused).
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

  // partSelectSignExtend: the selected byte, half or word, extended to 33 bits.
  function automatic logic [32:0] part_select(input logic [31:0] w, input logic [2:0] sel,
                                              input logic sgn);
    logic [31:0] v;
    logic [4:0]  top;  // the element's sign bit
    case (sel)
      ptxalu_pkg::SelB0: begin v = {24'd0, w[7:0]};   top = 5'd7;  end
      ptxalu_pkg::SelB1: begin v = {24'd0, w[15:8]};  top = 5'd7;  end
      ptxalu_pkg::SelB2: begin v = {24'd0, w[23:16]}; top = 5'd7;  end
      ptxalu_pkg::SelB3: begin v = {24'd0, w[31:24]}; top = 5'd7;  end
      ptxalu_pkg::SelH0: begin v = {16'd0, w[15:0]};  top = 5'd15; end
      ptxalu_pkg::SelH1: begin v = {16'd0, w[31:16]}; top = 5'd15; end
      default:           begin v = w;                 top = 5'd31; end
    endcase
    part_select = {1'b0, v};
    if (sgn && v[top]) begin
      for (int k = 0; k < 33; k++)
        if (k > top) part_select[k] = 1'b1;
    end
  endfunction

  // Radix-4 Booth: x * y for 33-bit two's complement x, y, exact in 66 bits.
  function automatic logic [65:0] booth_mul(input logic [32:0] x, input logic [32:0] y);
    logic [34:0] yy;   // {y[32], y, 0}: window i is yy[2i+2 : 2i]
    logic [65:0] acc, m, xs;
    logic [2:0]  win;
    yy  = {y[32], y, 1'b0};
    xs  = {{33{x[32]}}, x};
    acc = '0;
    for (int i = 0; i < 17; i++) begin
      win = yy[2*i +: 3];
      case (win)
        3'b001, 3'b010: m = xs;
        3'b011:         m = xs << 1;
        3'b100:         m = ~(xs << 1) + 66'd1;
        3'b101, 3'b110: m = ~xs + 66'd1;
        default:        m = '0;
      endcase
      acc = acc + (m << (2 * i));
    end
    booth_mul = acc;
  endfunction

  logic [32:0] ta, tb;
  assign ta = part_select(a_i, ctrl_i.asel[2:0], ctrl_i.asigned);
  assign tb = part_select(b_i, ctrl_i.bsel[2:0], ctrl_i.bsigned);
  assign mul_a_o = ta;
  assign mul_b_o = tb;

  logic [65:0] prod;
  assign prod = booth_mul(ta, tb);

  logic signed_final;
  assign signed_final = ctrl_i.asigned | ctrl_i.bsigned | ctrl_i.neg_prod | ctrl_i.neg_c;

  logic [127:0] tmp, c128;
  logic [63:0]  result;
  logic [31:0]  cw, clamped;
  logic         lsb;
  always_comb begin
    tmp = {{62{prod[65]}}, prod};
    cw  = c_i;
    lsb = 1'b0;
    if (ctrl_i.po) begin
      lsb = 1'b1;
    end else if (ctrl_i.neg_prod) begin
      tmp = ~tmp;
      lsb = 1'b1;
    end else if (ctrl_i.neg_c) begin
      cw  = ~cw;
      lsb = 1'b1;
    end
    c128 = signed_final ? {{96{cw[31]}}, cw} : {96'd0, cw};
    tmp  = tmp + c128 + {127'd0, lsb};
    case (ctrl_i.scale)
      ptxalu_pkg::ScaleShr7:  result = tmp[70:7];
      ptxalu_pkg::ScaleShr15: result = tmp[78:15];
      default:                result = tmp[63:0];
    endcase
    clamped = result[31:0];
    if (signed_final) begin
      if ($signed(result) > $signed({32'd0, ptxalu_pkg::S32Max}))
        clamped = ptxalu_pkg::S32Max;
      else if ($signed(result) < $signed({32'hffff_ffff, ptxalu_pkg::S32Min}))
        clamped = ptxalu_pkg::S32Min;
    end else if (result > {32'd0, ptxalu_pkg::U32Max}) begin
      clamped = ptxalu_pkg::U32Max;
    end
  end

  assign result_o = (ctrl_i.op != ptxalu_pkg::OpVmad) ? 32'd0 :
                    ctrl_i.sat ? clamped : result[31:0];

  logic unused;
  assign unused = ^{product_i, tmp[127:79], ctrl_i};
endmodule
