// One 65x65 multiplier shared by vmad and mul/mad/mul24/mad24 (ptxalu_top and the FPGA flow's
// datapath wrapper build the same pair this way).
//
// The two units never issue in the same cycle, so one ptxalu_mult_core serves both: vmad_sel_i
// (the vmad unit's select bit) picks vmad's operands, else mult's. vmad's operands are 33-bit
// signed values; their exact 66-bit product is the low 66 bits of the 65x65 product of their
// sign extensions, which is what vmad reads back from product_o.
//
// Iterative = 1 (ptxalu_top's small configuration) builds ptxalu_mult_iter instead: the product
// is ready when out_valid_o is high, after in_valid_i started it; the caller holds the operands
// (vmad_sel_i, ctrl_i and c_i included) meanwhile. It also adds the operation's addend
// (ptxalu_mult_addend: mad's c, vmad's c and negations, from ctrl_i and c_i), so product_o is
// then the sum that ptxalu_mult and ptxalu_vmad read at AddInProduct = 1, shifted down to the
// destination's bit 0 (ptxalu_mult_iter's Window: 80 bits, zero above; vmad reads 66, mult
// 64 and .hi.sat's 34). It forms mul/mad's operands itself from the sources src_a_i/src_b_i
// digit by digit (ptxalu_mult_operands Digitwise, ptxalu_mult_iter KInput: the digit count
// from the type, 1, 2 or 4, 2 for vmad), so mult_a_i/mult_b_i are unused. Iterative = 0 answers
// at once: in_ready_o and out_valid_o are high, and clk_i, rst_ni, in_valid_i, out_ready_i,
// ctrl_i and c_i are unused.
//
// Stages (Iterative = 0 only; ptxalu_top's deep pipeline, ptxalu_pkg::DeepStages) registers the
// multiplier: 1, the combinational core's product (loaded with en_i[0]); 2, ptxalu_mult_pipe
// instead, its 16 partial products of the selected operands (en_i[0]), then their sum
// (en_i[1]); 3 (ptxalu_pkg::LockstepStages), the selected operands registered first (en_i[0],
// then the two of 2 on en_i[2:1]). product_o then answers for the operands (and vmad_sel_i) of
// Stages loads before,
// as the caller's result registers move (ptxalu_datapath delays the operation's other inputs
// alike). The registers have no reset: the caller tracks which of its stages hold a multiply.
module ptxalu_mult_share #(
  parameter bit          Iterative = 1'b0,
  parameter int unsigned Stages    = 0  // 0, 1, 2 or 3
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [2:0]    en_i,        // Stages > 0: the stage registers load
  input  logic          in_valid_i,
  output logic          in_ready_o,
  output logic          out_valid_o,
  input  logic          out_ready_i,
  input  logic          vmad_sel_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,  // Iterative = 1: the addend's operation and c
  input  logic [63:0]   c_i,
  input  logic [32:0]   vmad_a_i,
  input  logic [32:0]   vmad_b_i,
  input  logic [64:0]   mult_a_i,
  input  logic [64:0]   mult_b_i,
  input  logic [63:0]   src_a_i,     // Iterative = 1: mul/mad's sources a and b
  input  logic [63:0]   src_b_i,
  output logic [129:0]  product_o
);

  logic [64:0] core_a, core_b;

  if (Iterative) begin : g_iter
    // The operands as ptxalu_mult_iter reads them at KInput: digits below k, the sign at bit 64
    // (vmad's 33-bit operands: k = 2, the bits above 31 not read).
    logic [64:0] dig_a, dig_b;
    logic [2:0]  k;
    logic        is_24;
    ptxalu_mult_operands #(
      .Digitwise (1)
    ) u_operands (
      .ctrl_i  (ctrl_i),
      .a_i     (src_a_i),
      .b_i     (src_b_i),
      .is_24_o (is_24),
      .mul_a_o (dig_a),
      .mul_b_o (dig_b)
    );
    assign core_a = vmad_sel_i ? {vmad_a_i[32], dig_a[63:32], vmad_a_i[31:0]} : dig_a;
    assign core_b = vmad_sel_i ? {vmad_b_i[32], dig_b[63:32], vmad_b_i[31:0]} : dig_b;
    assign k      = (vmad_sel_i || is_24 || ptxalu_pkg::itype_w32(ctrl_i.itype)) ? 3'd2 :
                    ptxalu_pkg::itype_w16(ctrl_i.itype) ? 3'd1 : 3'd4;

    logic [64:0] add;
    logic [2:0]  add_shift;
    logic        add_neg, add_cin;
    ptxalu_mult_addend u_addend (
      .ctrl_i  (ctrl_i),
      .c_i     (c_i),
      .add_o   (add),
      .shift_o (add_shift),
      .neg_o   (add_neg),
      .cin_o   (add_cin)
    );

    ptxalu_mult_iter #(
      .Window (5),  // 16-bit digits: vmad's 66-bit sum
      .KInput (1)
    ) u_iter (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .in_valid_i  (in_valid_i),
      .in_ready_o  (in_ready_o),
      .a_i         (core_a),
      .b_i         (core_b),
      .k_i         (k),
      .add_i       (add),
      .add_shift_i (add_shift),
      .neg_i       (add_neg),
      .cin_i       (add_cin),
      .out_valid_o (out_valid_o),
      .out_ready_i (out_ready_i),
      .product_o   (product_o)
    );
    logic unused_en;
    assign unused_en = ^{en_i, mult_a_i, mult_b_i};
  end else begin : g_comb
    assign core_a = vmad_sel_i ? {{32{vmad_a_i[32]}}, vmad_a_i} : mult_a_i;
    assign core_b = vmad_sel_i ? {{32{vmad_b_i[32]}}, vmad_b_i} : mult_b_i;

    if (Stages >= 2) begin : g_pipe
      // The deep pipeline's two stages: the partial products of the selected operands, then
      // their sum (ptxalu_mult_pipe).
      // Stages = 3: the selected operands registered before them (en_i[0]).
      logic [64:0] pipe_a, pipe_b;
      ptxalu_en_reg #(.Width(130), .Bypass(Stages < 3)) u_operands_q (
        .clk_i, .rst_ni, .en_i(en_i[0]), .d_i({core_a, core_b}), .q_o({pipe_a, pipe_b}));
      ptxalu_mult_pipe u_pipe (
        .clk_i     (clk_i),
        .en_i      (en_i[Stages-1 -: 2]),
        .a_i       (pipe_a),
        .b_i       (pipe_b),
        .product_o (product_o)
      );
    end else begin : g_core
      logic [129:0] product;
      ptxalu_mult_core u_core (
        .a_i       (core_a),
        .b_i       (core_b),
        .product_o (product)
      );

      // The product, registered at Stages = 1.
      if (Stages == 1) begin : g_product_q
        ptxalu_en_reg #(
          .Width (130)
        ) u_product_q (
          .clk_i  (clk_i),
          .rst_ni (rst_ni),
          .en_i   (en_i[0]),
          .d_i    (product),
          .q_o    (product_o)
        );
      end else begin : g_product
        assign product_o = product;
      end
    end

    assign in_ready_o  = 1'b1;
    assign out_valid_o = 1'b1;
    logic unused_handshake;
    assign unused_handshake = rst_ni ^ in_valid_i ^ out_ready_i ^ clk_i ^ (^en_i) ^ (^ctrl_i) ^
                              (^c_i) ^ (^src_a_i) ^ (^src_b_i);
  end

endmodule
