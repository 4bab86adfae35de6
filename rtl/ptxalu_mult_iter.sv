// Iterative signed multiplier with an addend: product_o = (neg_i ? ~(a_i * b_i) : a_i * b_i) +
// add_i * 2^(DigitWidth * add_shift_i) + cin_i modulo 2^(2*OpWidth) (two's complement, a_i * b_i
// exact), from one DigitWidth x DigitWidth unsigned product per cycle.
// ptxalu_top's small configuration (ptxalu_pkg::CfgSmall) builds it in place of the
// combinational 65x65 ptxalu_mult_core: at DigitWidth = 16 its one product is one iCE40
// SB_MAC16.
//
// Operands, OpWidth = Digits * DigitWidth + 1 bits, are read in radix 2^D (D = DigitWidth):
// if x is the sign extension of its low k*D + 1 bits, x = sum_{i<k} x_i 2^(D i) - s 2^(D k)
// with unsigned digits x_i and the sign s (the top bit). k, the fewest digits that hold both
// operands, is taken at the start (1 for 16-bit types, 2 for 32-bit and 24-bit types and
// vmad's 33-bit operands, 4 for 64-bit). The product is summed column by column (product
// scanning): column c = i + j gets
//   a_i * b_j                   for i, j < k   (the DxD product),
//   -s_a * b_j, -s_b * a_i      for i = k or j = k (a negation, no product),
//   s_a * s_b                   for i = j = k,
// into a signed accumulator; at the end of a column its low D bits are the product's digit c
// and the accumulator shifts right by D (arithmetically). Columns 2k+1 .. 2*Digits only shift
// the accumulator's sign out, so every digit slot holds the exact product whatever k is.
//
// The addend (ptxalu_mult_addend: mad's c, vmad's c and its negations) is added digit by digit
// as the product's digits leave the accumulator: at the end of column c the slot takes the
// column's digit (inverted when neg_i), the addend's digit c - add_shift_i (0 below it, its
// sign past its top) and the carry of the column before (cin_i before column 0), on a D-bit
// adder beside the accumulator's: no cycle is added, and mult/vmad need no adder of their own.
//
// KInput = 1 (ptxalu_top's small configuration) takes k from k_i (1..Digits; the caller
// knows it from the types) instead of the values: only the digits below k and the top bit,
// the sign s, are read, so x stands for sum_{i<k} x_i 2^(D i) - s 2^(D k) and its digits k ..
// Digits-1 may hold anything.
//
// Window < 2*Digits + 1 (ptxalu_top's small configuration: 5) keeps only that many digits,
// from the addend's digit add_shift_i up: product_o is then the sum above shifted right by
// DigitWidth * add_shift_i, its low Window * DigitWidth bits (zero above; add_shift_i + Window
// must not exceed 2*Digits + 1). ptxalu_mult_addend
// sets the shift to the destination's bit 0, so mult and vmad read their result from bit 0,
// and the digits below and above it take no register.
//
// Handshake: in_ready_o is high only while idle; an operation is accepted with in_valid_i &&
// in_ready_o. **a_i, b_i and the addend inputs must hold their values from that cycle until the
// product is taken** (ptxalu_top holds its issue register meanwhile), so the unit keeps no
// operand copy.
// out_valid_o stays high with product_o steady until out_ready_i (ptxalu_hold_reg).
//
// Latency, from the accepting edge to the first cycle with out_valid_o: one cycle per term,
// (k+1)^2, one per sign column, 2*(Digits-k), and 1, so 11 (k = 1), 14 (k = 2), 19 (k = 3),
// 26 (k = 4) cycles at Digits = 4.
//
// Critical path: the digit registers, the DxD product, the term select, the accumulator adder,
// the slot's adder (the operand and addend digit selects work a cycle ahead, on the next
// column and index).
module ptxalu_mult_iter #(
  parameter int unsigned DigitWidth = 16,
  parameter int unsigned Digits     = 4,
  parameter int unsigned Window     = 2 * Digits + 1,  // digit slots kept (see above)
  parameter bit          KInput     = 1'b0             // k from k_i (see above)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,

  input  logic                   in_valid_i,
  output logic                   in_ready_o,
  input  logic [Digits*DigitWidth:0] a_i,  // OpWidth = Digits * DigitWidth + 1 bits
  input  logic [Digits*DigitWidth:0] b_i,
  input  logic [$clog2(Digits+1)-1:0] k_i,         // KInput: digits per operand, 1 .. Digits
  input  logic [Digits*DigitWidth:0] add_i,        // signed, OpWidth bits
  input  logic [$clog2(Digits+1)-1:0] add_shift_i, // digits (0 .. Digits)
  input  logic                   neg_i,
  input  logic                   cin_i,

  output logic                   out_valid_o,
  input  logic                   out_ready_i,
  output logic [2*Digits*DigitWidth+1:0] product_o
);

  localparam int unsigned OpWidth  = Digits * DigitWidth + 1;
  localparam int unsigned D        = DigitWidth;
  localparam int unsigned NumCols  = 2 * Digits + 1;              // digit slots of the product
  localparam int unsigned IdxWidth = $clog2(NumCols + 1);         // column and digit indices
  // Column sums: fewer than Digits + 1 terms below 2^(2D) and a carry below 2^(D+3).
  localparam int unsigned AccWidth = 2 * D + $clog2(Digits + 1) + 2;

  logic [IdxWidth-1:0]   col_q, col_d;  // column c
  // The digit indices one-hot (bit n: index n, 0 .. Digits), so that the next index is a shift
  // and its digit select an AND-OR (the UP5K's clock, syn/README.md: the binary index's
  // increment and compares before the select were its critical path).
  logic [Digits:0]       i_q, i_d;      // digit index of a
  logic [Digits:0]       j_q, j_d;      // digit index of b, j = c - i
  logic [Digits:0]       k_oh_q, k_oh_d;  // k, the unsigned digits per operand, one-hot
  logic                  sc_q, sc_d;    // past column 2k: a sign column (col_q > 2k)
  logic [AccWidth-1:0]   acc_q, acc_d;  // signed column accumulator
  localparam bit        Windowed = (Window < NumCols);
  logic [Window*D-1:0]   slots_q;       // the product's digits, slot c = digit c + shift
  logic                  cy_q, cy_d;    // the addend's carry into the next slot

  // ---- Digits needed: the fewest k (1..Digits) whose k*D + 1 bits sign-extend to both ------
  function automatic logic sext_of(input logic [OpWidth-1:0] x, input int unsigned n);
    logic [OpWidth-1:0] top;
    top     = x >> (D * n);
    sext_of = (top == '0) || (top == ({OpWidth{1'b1}} >> (D * n)));
  endfunction

  logic [IdxWidth-1:0] k_in;
  always_comb begin
    k_in = IdxWidth'(Digits);
    for (int n = Digits - 1; n >= 1; n--) begin
      if (sext_of(a_i, n) && sext_of(b_i, n)) begin
        k_in = IdxWidth'(n);
      end
    end
    if (KInput) k_in = IdxWidth'(k_i);
  end

  // ---- This cycle's term ---------------------------------------------------------------------
  logic [D-1:0]        a_dig, b_dig, a_dig_q, b_dig_q;
  logic                a_sign, b_sign, i_is_sign;
  logic [2*D-1:0]      mac;
  logic [AccWidth-1:0] term, neg_src, sum;
  logic                term_neg;  // the term is -neg_src: the adder takes ~neg_src, carry in 1
  logic                col_end;   // the term of this cycle is its column's last

  // The term's digits and its flags (i = k, j = k, past column 2k, last of its column) come
  // from registers loaded the cycle before from the next (column, i, j) (the digit registers
  // below): the index updates, the digit select and the compares are then off the path through
  // the DxD product and the accumulator.
  assign a_sign    = a_sign_q;
  assign b_sign    = b_sign_q;
  assign a_dig     = a_dig_q;
  assign b_dig     = b_dig_q;
  assign i_is_sign = i_sign_q;
  assign col_end   = col_end_q;

  assign mac = a_dig * b_dig;  // the one DxD product (SB_MAC16 at D = 16)

  // -s_a * b_j or -s_b * a_i: the digit of the other operand, negated when that sign is set
  // (neg_dig_q, registered with the digits).
  assign neg_src = {{(AccWidth-D){1'b0}}, neg_dig_q};

  // The term's kind, decided a cycle ahead (one of them, or none past column 2k):
  //   i, j < k        the product a_i * b_j                      (term_mac_q)
  //   i = k xor j = k -neg_src                                    (term_neg_q)
  //   i = j = k       s_a * s_b                                   (term_ss_q: that product)
  assign term     = ({AccWidth{term_mac_q}} & AccWidth'(mac)) | ({AccWidth{term_neg_q}} & ~neg_src) |
                    AccWidth'(term_ss_q);
  assign term_neg = term_neg_q;

  // acc_q + term + term_neg as one adder: the carry in rides on a bit below the sums.
  logic [AccWidth:0] sum_ext;
  assign sum_ext = {acc_q, 1'b1} + {term, term_neg};
  assign sum     = sum_ext[AccWidth:1];
  logic unused_sum_ext;
  assign unused_sum_ext = sum_ext[0];

  // ---- Control: idle, busy, product held (ptxalu_hold_reg) -----------------------------------
  logic [IdxWidth-1:0] col_next;
  logic                start, busy, last;
  logic                unused_start;  // the start values are loaded whenever idle (below)
  assign unused_start = start;

  assign col_next = col_q + 1'b1;
  assign last     = col_end && (col_q == IdxWidth'(NumCols - 1));

  ptxalu_hold_reg u_hold (.clk_i, .rst_ni, .in_valid_i, .in_ready_o, .skip_i(1'b0), .last_i(last),
                          .start_o(start), .busy_o(busy), .out_valid_o, .out_ready_i);

  // ---- The addend's digit of this column and the slot's sum ----------------------------------
  // Registered a cycle ahead like the operand digits, for the next column (col_d): the
  // addend's digit and the column's place in it, rel (one-hot, bit p: column add_shift_i + p;
  // none below the shift), so the slot's adder alone follows the accumulator's. rel, wait (the
  // columns still below the shift, one-hot) and past (the column is above the addend's top
  // digit: its sign) move a column at a time, like the operand digits' indices, so no index
  // arithmetic precedes the digit select (the UP5K's clock, syn/README.md: col_d - add_shift_i
  // and its compares were its critical path). No reset: only a busy cycle reads them.
  localparam int unsigned RelW  = (Window > Digits) ? Window : Digits;
  localparam int unsigned WaitW = 1 << $bits(add_shift_i);  // every value the port can take
  logic [RelW-1:0]     rel_d, rel_q;
  logic [WaitW-1:0]    wait_d, wait_q;
  logic                past_d, past_q;
  logic [D-1:0]        add_dig_d, add_dig_q;
  logic [D:0]          slot_sum;   // the slot's digit and the carry into the next

  always_comb begin
    rel_d  = rel_q;
    wait_d = wait_q;
    past_d = past_q;
    if (in_ready_o) begin  // column 0: the addend's digit 0 iff there is no shift
      wait_d = WaitW'(1) << add_shift_i;
      rel_d  = RelW'(add_shift_i == '0);
      past_d = 1'b0;
    end else if (busy && col_end) begin
      wait_d = wait_q >> 1;
      rel_d  = {rel_q[RelW-2:0], wait_q[1]};
      past_d = past_q || rel_q[Digits-1];
    end
  end

  always_comb begin
    add_dig_d = {D{past_d && add_i[OpWidth-1]}};  // past its top digit: its sign
    for (int unsigned n = 0; n < Digits; n++) begin
      add_dig_d = add_dig_d | ({D{rel_d[n]}} & add_i[D*n +: D]);
    end
  end

  always_ff @(posedge clk_i) begin
    rel_q     <= rel_d;
    wait_q    <= wait_d;
    past_q    <= past_d;
    add_dig_q <= add_dig_d;
  end

  // neg_i from a flip-flop loaded in every idle cycle, the accepting one among them (the caller
  // holds it from then on), so the request's decode does not precede the slot's adder (the
  // UP5K's clock, syn/README.md). No reset: only a busy cycle reads it.
  logic neg_q;
  always_ff @(posedge clk_i) begin
    if (in_ready_o) neg_q <= neg_i;
  end

  assign slot_sum = {1'b0, sum[D-1:0] ^ {D{neg_q}}} + {1'b0, add_dig_q} + (D+1)'(cy_q);

  always_comb begin
    k_oh_d = k_oh_q;
    sc_d   = sc_q;
    col_d  = col_q;
    i_d    = i_q;
    j_d    = j_q;
    acc_d  = acc_q;
    cy_d   = cy_q;
    // Idle: the start values, loaded in every idle cycle, the accepting one among them (the
    // caller holds the operands from then on), so the digit registers below read the state,
    // not the handshake's in_valid_i.
    if (in_ready_o) begin
      k_oh_d = (Digits+1)'(1) << k_in;
      sc_d   = 1'b0;
      col_d  = '0;
      i_d    = (Digits+1)'(1);
      j_d    = (Digits+1)'(1);
      acc_d  = '0;
      cy_d   = cin_i;
    end else if (busy) begin
      if (col_end) begin
        acc_d = $signed(sum) >>> D;
        cy_d  = slot_sum[D];
        col_d = col_next;
        // Column c ends at i = j = k only for c = 2k: the columns after it are sign columns.
        sc_d  = sc_q || (i_is_sign && j_sign_q);
        // Column c ran i = max(0, c-k) .. min(c, k) and ends at i = k (c >= k, j = c - k)
        // or at j = 0 (c < k, i = c); column c + 1 starts at i = max(0, c+1-k), j = min(c+1, k).
        if (i_is_sign) begin
          i_d = j_q << 1;
          j_d = k_oh_q;
        end else begin
          i_d = (Digits+1)'(1);
          j_d = i_q << 1;
        end
      end else begin
        acc_d = sum;
        i_d   = i_q << 1;
        j_d   = j_q >> 1;
      end
    end
  end

  // ---- Digit and flag registers: the next cycle's term (i_d, j_d) -----------------------------
  // Loaded every cycle; when an operation is accepted col_d = i_d = 0, so the first term's
  // digits are ready in the first busy cycle. No reset: only a busy cycle reads them.
  logic [D-1:0]        a_dig_d, b_dig_d, neg_dig_q;
  logic                i_sign_d, j_sign_d, term_mac_q, term_neg_q, term_ss_q;
  logic                i_sign_q, j_sign_q, col_end_q, a_sign_q, b_sign_q;
  logic                sign_cols_d;
  assign sign_cols_d = sc_d;
  // k_oh_q, not k_oh_d: they differ only in an idle cycle, whose flags below are constants and
  // whose neg_dig_q the first term does not read, so the request's k_i does not precede them.
  assign i_sign_d    = |(i_d & k_oh_q);
  assign j_sign_d    = |(j_d & k_oh_q);

  always_comb begin
    a_dig_d = '0;
    b_dig_d = '0;
    for (int unsigned n = 0; n < Digits; n++) begin
      a_dig_d = a_dig_d | ({D{i_d[n]}} & a_i[D*n +: D]);
      b_dig_d = b_dig_d | ({D{j_d[n]}} & b_i[D*n +: D]);
    end
  end

  // The accepting cycle's flags are constants: column 0's one term is a_0 * b_0 (k >= 1), and
  // the operands' signs are registered then (the caller holds them), so no flag reads the
  // request's decode (the UP5K's clock, syn/README.md).
  always_ff @(posedge clk_i) begin
    a_dig_q     <= a_dig_d;
    b_dig_q     <= b_dig_d;
    neg_dig_q   <= i_sign_d ? (b_dig_d & {D{a_sign}}) : (a_dig_d & {D{b_sign}});
    if (in_ready_o) begin
      a_sign_q    <= a_i[OpWidth-1];
      b_sign_q    <= b_i[OpWidth-1];
      i_sign_q    <= 1'b0;
      j_sign_q    <= 1'b0;
      term_mac_q  <= 1'b1;
      term_neg_q  <= 1'b0;
      term_ss_q   <= 1'b0;
      col_end_q   <= 1'b1;
    end else begin
      i_sign_q    <= i_sign_d;
      j_sign_q    <= j_sign_d;
      term_mac_q  <= !sign_cols_d && !i_sign_d && !j_sign_d;
      term_neg_q  <= !sign_cols_d && (i_sign_d != j_sign_d);
      term_ss_q   <= !sign_cols_d && i_sign_d && j_sign_d && a_sign && b_sign;
      col_end_q   <= sign_cols_d || i_sign_d || j_d[0];
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      k_oh_q  <= (Digits+1)'(1);
      sc_q    <= 1'b0;
      col_q   <= '0;
      i_q     <= (Digits+1)'(1);
      j_q     <= (Digits+1)'(1);
      acc_q   <= '0;
      cy_q    <= 1'b0;
    end else begin
      k_oh_q  <= k_oh_d;
      sc_q    <= sc_d;
      col_q   <= col_d;
      i_q     <= i_d;
      j_q     <= j_d;
      acc_q   <= acc_d;
      cy_q    <= cy_d;
    end
  end

  // Digit slots: written once per column, no reset (out_valid_o guards them). Windowed, the
  // column's slot is its addend digit's (rel_q; none below the shift or above the window).
  logic [Window-1:0] slot_sel;
  for (genvar c = 0; c < Window; c++) begin : g_slot_sel
    assign slot_sel[c] = Windowed ? rel_q[c] : (col_q == IdxWidth'(c));
  end

  always_ff @(posedge clk_i) begin
    for (int unsigned c = 0; c < Window; c++) begin
      if (busy && col_end && slot_sel[c]) begin
        slots_q[D*c +: D] <= slot_sum[D-1:0];
      end
    end
  end

  if (Windowed) begin : g_window
    assign product_o = (2*OpWidth)'(slots_q);
  end else begin : g_full
    assign product_o = slots_q[2*OpWidth-1:0];
    // The slots above the product's width (D*NumCols >= 2*OpWidth) are sign copies.
    if (NumCols * D > 2 * OpWidth) begin : g_unused_slots
      logic unused_slots;
      assign unused_slots = ^slots_q[NumCols*D-1:2*OpWidth];
    end
  end

endmodule
