-------------------------- MODULE MCLiveRefinement --------------------------
(***************************************************************************)
(* Dart's receiver in the free network (Spec) keeps its service's liveness *)
(* promise (ApportionService!LiveSpec: a failed sender is eventually       *)
(* forgotten) under the fairness the receiver needs for it, FairSpec:      *)
(*  - time passes: a soft-state timeout period, once it may elapse (every  *)
(*    live sender in flight has shown activity in it), does elapse         *)
(*    (WF of SoftStateTick; III-B's timestamps and 2-second idle timeout); *)
(*  - a live sender with a message in flight keeps sending packets (WF of  *)
(*    each Packet), so its activity is seen in every period.               *)
(* Spec's own WF_vars(Next) alone lets the network's windows end for ever  *)
(* while no timeout elapses. Under no-timeout (no soft state) a failed     *)
(* sender stays counted: LiveRefinement fails with a lasso.                *)
(* Same mapping as MCRefinement, so the distinct-state count is Spec's.    *)
(***************************************************************************)
EXTENDS MCRefinement

FairSpec == Spec /\ WF_vars(SoftStateTick) /\ \A s \in Senders : WF_vars(Packet(s))

LiveRefinement == Service!LiveSpec
=============================================================================
