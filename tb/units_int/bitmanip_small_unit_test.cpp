// ptxalu_bitmanip_small (the small configuration's bit-serial bit manipulation unit) through
// the same tests as ptxalu_bitmanip: bitmanip_unit_test.cpp built for it (CombUnit drives a
// unit with clk_i through its handshake), plus its latency, hold and reset tests there.
#define PTXALU_BITMANIP_SMALL 1
#include "bitmanip_unit_test.cpp"
