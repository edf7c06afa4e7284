----------------------------- MODULE MCLiveness -----------------------------
(* Liveness configuration: the default constants of MCSpec, checked under   *)
(* the fair specification FairSpec for EventuallyDelivered.                 *)
EXTENDS MCSpec
=============================================================================
