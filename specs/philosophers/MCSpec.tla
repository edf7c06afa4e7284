------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper: the constants of the default configuration.     *)
EXTENDS Spec

MC_N == 5
MC_Ordered == TRUE
=============================================================================
