----------------------------- MODULE MCLiveness -----------------------------
(* Liveness configuration: Delivered (<>Done) under FairSpec, the fairness *)
(* of the Java catalogue's Delivered; constants in MCLiveness.cfg.         *)
EXTENDS Spec
=============================================================================
