// SystemVerilog imports of libptxalu_dpi.so (the ptxalu golden model); see ptxalu_dpi.h.
// `include this inside a module, interface or package. Control words are ptxalu_pkg::ctrl_t
// in the low 60 bits of a longint unsigned.
`ifndef PTXALU_DPI_SVH_
`define PTXALU_DPI_SVH_
import "DPI-C" function int ptxalu_model_is_legal(input longint unsigned ctrl);
import "DPI-C" function longint unsigned ptxalu_model_execute(
    input longint unsigned ctrl, input longint unsigned a, input longint unsigned b,
    input longint unsigned c, input longint unsigned d);
import "DPI-C" function int ptxalu_model_dst_width(input longint unsigned ctrl);
import "DPI-C" function int ptxalu_model_num_srcs(input longint unsigned ctrl);
import "DPI-C" function int ptxalu_model_src_width(input longint unsigned ctrl, input int index);
import "DPI-C" function int ptxalu_model_assemble(input string insn,
                                                  output longint unsigned ctrl);
import "DPI-C" function string ptxalu_last_error();
import "DPI-C" function longint unsigned ptxalu_default_seed();
import "DPI-C" function void ptxalu_random_seed(input longint unsigned seed);
import "DPI-C" function longint unsigned ptxalu_random_ctrl();
import "DPI-C" function longint unsigned ptxalu_random_illegal_ctrl();
import "DPI-C" function longint unsigned ptxalu_random_operand();
import "DPI-C" function int unsigned ptxalu_random_below(input int unsigned bound);
`endif
