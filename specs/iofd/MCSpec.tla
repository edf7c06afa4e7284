------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper: the default configuration of the Java entry     *)
(* iofd (2x2 leaf-spine, one host per leaf, one 2-packet message h0 -> h1, *)
(* 2 DFT entries, 2 tokens, threshold 1, queues of 3, one background       *)
(* packet, one switch failure).                                            *)
EXTENDS Spec

MC_FlowSeq == <<[src |-> 0, dst |-> 1, long |-> FALSE]>>
=============================================================================
