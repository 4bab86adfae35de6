// vmad spec, exactly the PTX pseudo-code (§9): 128-bit product of the extended operands,
// .po / product negation / c negation as one's complement plus lsb, c extended by the
// final signedness, scale by a right shift, the low 64 bits, optional 32-bit clamp.
//
// The exact product of two 33-bit values fits in 66 bits; it is named `prod` so that a proof
// may cut it (see formal/README: the product is proven around, not through).
module spec_vmad (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i, b_i, c_i,
  output logic [31:0]       result_o
);

  logic signed [32:0]  ta, tb;
  logic signed [65:0]  prod;
  logic [127:0]        tmp, c128;
  logic [31:0]         c_eff;
  logic                signed_final, lsb;
  logic [63:0]         result;

  // The part of x that sel selects, extended to 33 bits (by its top bit when sgn).
  function automatic logic signed [32:0] extract(input logic [31:0] x, input logic [2:0] sel,
                                                  input logic sgn);
    unique case (sel)
      ptxalu_pkg::SelB0: extract = $signed({{25{sgn & x[7]}},  x[7:0]});
      ptxalu_pkg::SelB1: extract = $signed({{25{sgn & x[15]}}, x[15:8]});
      ptxalu_pkg::SelB2: extract = $signed({{25{sgn & x[23]}}, x[23:16]});
      ptxalu_pkg::SelB3: extract = $signed({{25{sgn & x[31]}}, x[31:24]});
      ptxalu_pkg::SelH0: extract = $signed({{17{sgn & x[15]}}, x[15:0]});
      ptxalu_pkg::SelH1: extract = $signed({{17{sgn & x[31]}}, x[31:16]});
      default:           extract = $signed({sgn & x[31], x});
    endcase
  endfunction

  assign ta = extract(a_i, ctrl_i.asel[2:0], ctrl_i.asigned);
  assign tb = extract(b_i, ctrl_i.bsel[2:0], ctrl_i.bsigned);

  assign signed_final = ctrl_i.asigned || ctrl_i.bsigned || ctrl_i.neg_prod || ctrl_i.neg_c;

`ifdef SPEC_VMAD_CUT_PRODUCT
  // Product cut for the decomposed proof: left undriven, the proof ties it to the RTL's.
  // The operands the product is of, kept for the proof that they match the implementation's.
  (* keep *) logic signed [32:0] ta_mul, tb_mul;
  assign ta_mul = ta;
  assign tb_mul = tb;
  (* keep *) logic signed [65:0] prod_cut;
  assign prod = prod_cut;
`else
  assign prod = ta * tb;
`endif

  always_comb begin
    tmp   = {{62{prod[65]}}, prod};  // tmp[127:0] = ta * tb
    c_eff = c_i;
    lsb   = 1'b0;
    if (ctrl_i.po) begin
      lsb = 1'b1;
    end else if (ctrl_i.neg_prod) begin
      tmp = ~tmp;
      lsb = 1'b1;
    end else if (ctrl_i.neg_c) begin
      c_eff = ~c_i;
      lsb = 1'b1;
    end
    c128 = signed_final ? {{96{c_eff[31]}}, c_eff} : {96'd0, c_eff};
    tmp  = tmp + c128 + {127'd0, lsb};
    // switch(scale), shift 0 when no scale is given (§9).
    unique case (ctrl_i.scale)
      ptxalu_pkg::ScaleShr7:  result = tmp[70:7];
      ptxalu_pkg::ScaleShr15: result = tmp[78:15];
      default:                result = tmp[63:0];
    endcase
    if (ctrl_i.sat) begin
      if (signed_final) begin
        if ($signed(result) > $signed(64'h0000_0000_7fff_ffff))      result = 64'h0000_0000_7fff_ffff;
        else if ($signed(result) < $signed(64'hffff_ffff_8000_0000)) result = 64'hffff_ffff_8000_0000;
      end else begin
        if (result > 64'h0000_0000_ffff_ffff) result = 64'h0000_0000_ffff_ffff;
      end
    end
  end

  assign result_o = result[31:0];

endmodule
