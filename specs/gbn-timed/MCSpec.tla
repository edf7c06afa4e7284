------------------------------ MODULE MCSpec --------------------------------
(* Model-checking wrapper for Spec: the constants are given in MCSpec.cfg.  *)
(* The default configuration is the Java catalogue's default (gbn-timed):  *)
(* 2 messages x 2 packets, delay 1..2 ticks of 1024 ns, RTO timeout=2 (16   *)
(* ticks), NAK interval 6 ticks, 3-bit PSNs, window 4, loss budget 1.       *)
EXTENDS Spec
=============================================================================
