// Bit manipulation spec: popc, clz, bfind, fns, brev, bfe, bfi, bmsk, szext
// (PTX 9.7.1.14-22; §17, §18, §20), each a transcription of the pseudo-code with its loops
// as loops. Sources by position: bfe a, b=pos, c=len; bfi a, b, c=pos, d=len;
// fns a=mask, b=base, c=offset; bmsk a, b; szext a, b. The result is zero above the
// destination width (32 bits for popc, clz, bfind, fns, bmsk, szext; w for brev, bfe, bfi).
module spec_bitmanip (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i, c_i, d_i,
  output logic [63:0]       result_o
);

  logic   is64, is_signed;
  integer msb;

  always_comb begin
    is64 = ctrl_i.itype == ptxalu_pkg::ItU64 || ctrl_i.itype == ptxalu_pkg::ItS64 ||
           ctrl_i.itype == ptxalu_pkg::ItB64;
    is_signed = ctrl_i.itype == ptxalu_pkg::ItS32 || ctrl_i.itype == ptxalu_pkg::ItS64;
    msb = is64 ? 63 : 31;
  end

  // The source a at the instruction's width (zero above).
  logic [63:0] a;
  assign a = is64 ? a_i : {32'd0, a_i[31:0]};

  // ---- popc, clz, brev ------------------------------------------------------------------
  logic [31:0] popc_d, clz_d;
  logic [63:0] brev_d;
  logic        clz_done;

  always_comb begin
    popc_d = 32'd0;
    for (int i = 0; i < 64; i = i + 1) begin
      if (a[i]) popc_d = popc_d + 32'd1;
    end
    // while (d < max && (a & mask) == 0) { d++; a <<= 1; }: zeros from the msb down.
    clz_d = 32'd0;
    clz_done = 1'b0;
    for (int i = 63; i >= 0; i = i - 1) begin
      if (i <= msb && !clz_done) begin
        if (a[i]) clz_done = 1'b1;
        else      clz_d = clz_d + 32'd1;
      end
    end
    brev_d = 64'd0;
    for (int i = 0; i < 64; i = i + 1) begin
      if (i <= msb) brev_d[i] = a[msb - i];
    end
  end

  // ---- bfind ------------------------------------------------------------------------------
  logic [63:0] bf_a;
  logic [31:0] bfind_d;
  logic        bf_found;

  always_comb begin
    bf_a = a;
    if (is_signed && a[msb]) bf_a = is64 ? ~a : {32'd0, ~a[31:0]};  // negate negative inputs
    bfind_d = 32'hffff_ffff;
    bf_found = 1'b0;
    for (int i = 63; i >= 0; i = i - 1) begin
      if (i <= msb && !bf_found && bf_a[i]) begin
        bfind_d = i;
        bf_found = 1'b1;
      end
    end
    if (ctrl_i.shiftamt && bfind_d != 32'hffff_ffff) bfind_d = msb - bfind_d;
  end

  // ---- fns (mask = a, base = b, offset = c) -----------------------------------------------
  logic [31:0]        fns_mask, fns_d;
  logic signed [34:0] pos, count, offset;
  logic               fns_found;

  always_comb begin
    fns_mask = a_i[31:0];
    offset = $signed({{3{c_i[31]}}, c_i[31:0]});
    pos = $signed({3'b000, b_i[31:0]});  // §18: base > 31 reads mask bits that are zero
    fns_d = 32'hffff_ffff;
    fns_found = 1'b0;
    count = '0;
    if (offset == 0) begin
      if (pos < 32 && fns_mask[pos[4:0]]) fns_d = pos[31:0];
    end else begin
      count = ((offset < 0) ? -offset : offset) - 1;
      // The while loop: pos moves by one each iteration and leaves 0..31 within 32 steps.
      for (int k = 0; k < 33; k = k + 1) begin
        if (!fns_found && pos >= 0 && pos < 32) begin
          if (fns_mask[pos[4:0]]) begin
            if (count == 0) begin
              fns_d = pos[31:0];
              fns_found = 1'b1;
            end else begin
              count = count - 1;
            end
          end
          pos = (offset > 0) ? pos + 1 : pos - 1;
        end
      end
    end
  end

  // ---- bfe (a, pos = b, len = c) -----------------------------------------------------------
  logic [63:0] bfe_d;
  logic [8:0]  bfe_pos, bfe_len, top;
  logic        sbit;

  always_comb begin
    bfe_pos = {1'b0, b_i[7:0]};  // & 0xff (§17)
    bfe_len = {1'b0, c_i[7:0]};
    top = bfe_pos + bfe_len - 9'd1;
    if (top > msb) top = msb;
    // .b32/.b64 read as unsigned (the spec's own example is bfe.b32)
    if (!is_signed || bfe_len == 0) sbit = 1'b0;
    else                            sbit = a[top[5:0]];
    bfe_d = 64'd0;
    for (int i = 0; i < 64; i = i + 1) begin
      if (i <= msb) begin
        if (i < bfe_len && bfe_pos + i <= msb) bfe_d[i] = a[(bfe_pos + i) & 9'h3f];
        else                                   bfe_d[i] = sbit;
      end
    end
  end

  // ---- bfi (a, b, pos = c, len = d) --------------------------------------------------------
  // f = b; for (i = 0; i < len && pos+i <= msb; i++) f[pos+i] = a[i];  written per bit j of f
  // (j = pos + i): f[j] = a[j - pos] for pos <= j < pos + len, j <= msb.
  logic [63:0] bfi_d;
  logic [8:0]  bfi_pos, bfi_len;

  always_comb begin
    bfi_pos = {1'b0, c_i[7:0]};
    bfi_len = {1'b0, d_i[7:0]};
    bfi_d = is64 ? b_i : {32'd0, b_i[31:0]};
    for (int i = 0; i < 64; i = i + 1) begin
      if (i <= msb && i >= bfi_pos && i - bfi_pos < bfi_len) bfi_d[i] = a[(i - bfi_pos) & 63];
    end
  end

  // ---- bmsk (a, b; .wrap/.clamp) -------------------------------------------------------------
  logic [31:0] bm_a1, bm_b1, bm_mask0, bm_mask1, bmsk_d;
  logic [31:0] bm_sum;
  logic        sum_ovf, pos_ovf, width_ovf;

  always_comb begin
    bm_a1 = a_i[31:0] & 32'h1f;
    bm_mask0 = 32'hffff_ffff << bm_a1;
    bm_b1 = b_i[31:0] & 32'h1f;
    bm_sum = bm_a1 + bm_b1;
    bm_mask1 = 32'hffff_ffff << bm_sum;
    sum_ovf = bm_sum >= 32;
    pos_ovf = 1'b0;
    width_ovf = 1'b0;
    if (!ctrl_i.wrap) begin
      if (a_i[31:0] >= 32) begin
        pos_ovf = 1'b1;
        bm_mask0 = 32'd0;
      end
      if (b_i[31:0] >= 32) width_ovf = 1'b1;
    end
    if (sum_ovf || pos_ovf || width_ovf) bm_mask1 = 32'd0;
    else if (bm_b1 == 0)                 bm_mask1 = 32'hffff_ffff;
    bmsk_d = bm_mask0 & ~bm_mask1;
  end

  // ---- szext (a, b; .wrap/.clamp) ------------------------------------------------------------
  logic [31:0] sz_b1, sz_mask, sz_sign_pos, szext_d;
  logic        too_large, sign_bit;

  always_comb begin
    sz_b1 = b_i[31:0] & 32'h1f;
    too_large = b_i[31:0] >= 32 && !ctrl_i.wrap;
    sz_mask = too_large ? 32'd0 : (32'hffff_ffff << sz_b1);
    sz_sign_pos = (sz_b1 - 32'd1) & 32'h1f;
    if (sz_b1 == 0 || too_large || ctrl_i.itype != ptxalu_pkg::ItS32) sign_bit = 1'b0;
    else sign_bit = a_i[sz_sign_pos[4:0]];
    szext_d = (a_i[31:0] & ~sz_mask) | (sign_bit ? sz_mask : 32'd0);
  end

  always_comb begin
    unique case (ctrl_i.op)
      ptxalu_pkg::OpPopc:  result_o = {32'd0, popc_d};
      ptxalu_pkg::OpClz:   result_o = {32'd0, clz_d};
      ptxalu_pkg::OpBfind: result_o = {32'd0, bfind_d};
      ptxalu_pkg::OpFns:   result_o = {32'd0, fns_d};
      ptxalu_pkg::OpBrev:  result_o = brev_d;
      ptxalu_pkg::OpBfe:   result_o = bfe_d;
      ptxalu_pkg::OpBfi:   result_o = bfi_d;
      ptxalu_pkg::OpBmsk:  result_o = {32'd0, bmsk_d};
      ptxalu_pkg::OpSzext: result_o = {32'd0, szext_d};
      default:             result_o = 64'd0;
    endcase
  end

endmodule
