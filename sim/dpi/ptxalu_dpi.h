/* ptxalu golden model as a C ABI, for SystemVerilog testbenches (`import "DPI-C"`) and any C
 * caller. Link libptxalu_dpi.so (or pass it to your simulator: -sv_lib / -ldflags).
 *
 * A control word is the 60-bit ptxalu_pkg::ctrl_t, exactly as the RTL's ctrl_i port takes it,
 * in the low bits of a 64-bit value (bits above 59 must be zero or the word is illegal).
 * Operands a, b, c, d are the instruction's sources by position (see the README).
 *
 * SystemVerilog declarations matching these functions are in ptxalu_dpi.svh.
 */
#ifndef PTXALU_DPI_H_
#define PTXALU_DPI_H_

#include <stdint.h>

#if defined(__GNUC__)
#define PTXALU_DPI_API __attribute__((visibility("default")))
#else
#define PTXALU_DPI_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if ctrl is the canonical encoding of a legal instruction form, else 0. */
PTXALU_DPI_API int ptxalu_model_is_legal(uint64_t ctrl);

/* Destination value of a legal form, truncated to its destination width, zero above; 0 for an
 * illegal word (what the RTL's result_o carries with illegal_o set). */
PTXALU_DPI_API uint64_t ptxalu_model_execute(uint64_t ctrl, uint64_t a, uint64_t b, uint64_t c, uint64_t d);

/* Destination width in bits (16, 32 or 64);
 * 0 for an illegal word. */
PTXALU_DPI_API int ptxalu_model_dst_width(uint64_t ctrl);

/* Number of source operands (1..4) and the width of source `index` (0 = a .. 3 = d); 0 for an
 * illegal word or an index the form does not read. */
PTXALU_DPI_API int ptxalu_model_num_srcs(uint64_t ctrl);
PTXALU_DPI_API int ptxalu_model_src_width(uint64_t ctrl, int index);

/* PTX text of one instruction ("vadd4.s32.s32.s32.sat d, a, b, c;", operands named
 * anything) to its control word. Returns 0 and writes *ctrl on success; on a syntax or
 * legality error returns 1, leaves *ctrl 0, and the message is ptxalu_last_error(). Returns 2
 * if this library was built without the front end. */
PTXALU_DPI_API int ptxalu_model_assemble(const char* insn, uint64_t* ctrl);

/* The message of the last failed ptxalu_model_assemble ("" if none). Valid until the next
 * call from the same thread. */
PTXALU_DPI_API const char* ptxalu_last_error(void);

/* Reproducible random stimulus (one generator per thread). ptxalu_default_seed() is
 * $PTXALU_SEED if set, else a fresh random seed; print it so a failure reproduces. */
PTXALU_DPI_API uint64_t ptxalu_default_seed(void);
PTXALU_DPI_API void ptxalu_random_seed(uint64_t seed);
/* A random legal control word: uniform over operations, then over each one's forms, then over
 * selector and mask values. */
PTXALU_DPI_API uint64_t ptxalu_random_ctrl(void);
/* A random 60-bit word that is NOT legal (for illegal_o checks). */
PTXALU_DPI_API uint64_t ptxalu_random_illegal_ctrl(void);
/* A random operand, biased to corner values (0, 1, all ones, lane MIN/MAX, small counts). */
PTXALU_DPI_API uint64_t ptxalu_random_operand(void);
/* Uniform in [0, bound) (bound > 0), from the same generator: for back-pressure etc. */
PTXALU_DPI_API uint32_t ptxalu_random_below(uint32_t bound);

#ifdef __cplusplus
}
#endif

#endif /* PTXALU_DPI_H_ */
