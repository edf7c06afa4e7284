------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper: the Java model's default parameters.            *)
EXTENDS Spec

MC_M == 6
MC_C == 3
MC_Reorder == FALSE
=============================================================================
