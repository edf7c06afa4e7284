----------------------------- MODULE MCLiveness -----------------------------
(* Liveness configuration of the persistent loop: RatesSettle and           *)
(* ClassifierSettles under Spec, which carries WF_vars(Next) and the fair    *)
(* marking of the Java catalogue (SF of every window outcome); constants in  *)
(* MCLiveness.cfg.                                                           *)
EXTENDS Spec
=============================================================================
