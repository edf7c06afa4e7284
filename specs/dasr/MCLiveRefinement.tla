-------------------------- MODULE MCLiveRefinement --------------------------
(***************************************************************************)
(* Dart's receiver in the free network (Spec) keeps its service's liveness *)
(* promises (ApportionService!LiveSpec: a failed sender is eventually      *)
(* forgotten; an active sender is eventually sent its share, and applies   *)
(* the n it holds) under the fairness the receiver needs for them,         *)
(* FairSpec:                                                               *)
(*  - time passes: a soft-state timeout period, once it may elapse (every  *)
(*    live sender in flight has shown activity in it), does elapse         *)
(*    (WF of SoftStateTick; III-B's timestamps and 2-second idle timeout); *)
(*  - a live sender with a message in flight keeps sending packets (WF of  *)
(*    each Packet), so its activity is seen in every period;               *)
(*  - round trips go on: observation windows keep ending (WF of the window *)
(*    end, one RTT each), so ACKs with n keep leaving.                     *)
(* Spec's own WF_vars(Next) alone lets the network's windows end for ever  *)
(* while no timeout elapses, or messages start and end for ever while no   *)
(* window ends. Under no-timeout (no soft state) a failed                  *)
(* sender stays counted: LiveRefinement fails with a lasso; so it does     *)
(* with the knock-out rate-recovery (a sender keeps a larger n than it     *)
(* holds once the short flows ended: Recovered).                           *)
(* Same mapping and history as MCRefinement: the distinct-state count is   *)
(* Spec's.                                                                 *)
(***************************************************************************)
EXTENDS MCRefinement

FairSpec == /\ SpecH
            /\ WF_varsH(SoftStateTick /\ UNCHANGED lastSignal)
            /\ \A s \in Senders : WF_varsH(Packet(s) /\ UNCHANGED lastSignal)
            /\ WF_varsH(WindowEndH)

LiveRefinement == Service!LiveSpec
=============================================================================
