------------------------------- MODULE MCSpec -------------------------------
(* Model-checking wrapper for Spec: the constants are given in MCSpec.cfg.  *)
(* The default configuration is the Java catalogue's default (gbn entry):   *)
(* 3 packets, 1 message, AckReq every 2 packets, capacity 4, loss budget 1. *)
EXTENDS Spec
=============================================================================
