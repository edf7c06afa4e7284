------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper: the default configuration of `rdmacheck check    *)
(* fabric` (variant repaired): 2x2 leaf-spine, one host per leaf, one       *)
(* 2-packet message h0 -> h1, DFT of 2, 2 tokens, threshold 1, ECN 2,       *)
(* Xoff 3, one background packet, one failure.                              *)
EXTENDS Spec

MC_FlowSeq == <<[src |-> 0, dst |-> 1, long |-> FALSE]>>
=============================================================================
