----------------------------- MODULE MCLiveness -----------------------------
(* Liveness configuration: Delivered (<>Done), TimeDiverges and           *)
(* DeadlockFree under FairSpec (Spec.tla states the fairness and why);     *)
(* constants in MCLiveness.cfg.                                             *)
EXTENDS Spec
=============================================================================
