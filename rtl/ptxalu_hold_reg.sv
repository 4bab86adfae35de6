// ptxalu_hold_reg: the valid/ready handshake of a sequential unit (ptxalu_divider,
// ptxalu_mult_iter): idle, busy for as many cycles as the unit's operation needs, then the
// answer held, out_valid_o high, until out_ready_i takes it. The unit keeps its own datapath
// registers and loads them on start_o, steps them while busy_o; this module holds the state.
//
//   in_ready_o   high only while idle: no combinational path from in_valid_i or out_ready_i.
//   start_o      in_valid_i && in_ready_o, the cycle the operation is accepted.
//   skip_i       read with start_o: the answer needs no busy cycle (out_valid_o next cycle).
//   busy_o       a step of the operation this cycle; last_i says it is the last one.
//   out_valid_o  the answer is ready and stays until the cycle out_ready_i is high.
//
// The state encoding (idle 0, busy 1, done 2; 3 goes to idle) is what the divider's formal
// obligations read through their probes of state_q and state_d (formal/obligations.py).
module ptxalu_hold_reg (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic in_valid_i,
  output logic in_ready_o,
  input  logic skip_i,
  input  logic last_i,
  output logic start_o,
  output logic busy_o,
  output logic out_valid_o,
  input  logic out_ready_i
);

  typedef enum logic [1:0] {
    StIdle = 2'd0,
    StBusy = 2'd1,
    StDone = 2'd2
  } state_e;

  state_e state_q, state_d;

  always_comb begin
    state_d = state_q;
    unique case (state_q)
      StIdle: begin
        if (in_valid_i) begin
          state_d = skip_i ? StDone : StBusy;
        end
      end
      StBusy: begin
        if (last_i) begin
          state_d = StDone;
        end
      end
      StDone: begin
        if (out_ready_i) begin
          state_d = StIdle;
        end
      end
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StIdle;
    end else begin
      state_q <= state_d;
    end
  end

  assign in_ready_o  = (state_q == StIdle);
  assign start_o     = in_valid_i && in_ready_o;
  assign busy_o      = (state_q == StBusy);
  assign out_valid_o = (state_q == StDone);

endmodule
