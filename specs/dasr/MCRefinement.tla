---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* Dart's receiver in the free network (Spec) implements its service       *)
(* (ApportionService): a refinement mapping checked by TLC as PROPERTY     *)
(* Refinement -- every step of Spec keeps the receiver's promises to its   *)
(* senders, or changes nothing they see.                                   *)
(*                                                                         *)
(* The mapping is a function of Spec's state (no history variable), so the *)
(* distinct-state count is Spec's:                                         *)
(*  active    -- alive senders with a message in flight or announced;      *)
(*  counted   -- the senders in their tenant's AUSS;                       *)
(*  grant     -- the n in the latest ACK in flight to each sender;         *)
(*  dcqcnOnly -- the machine is in NonReceiverCongestion;                  *)
(*  echo      -- ECN feedback is in flight to the senders;                 *)
(*  heard     -- the senders marked fresh (activity seen in the current    *)
(*               soft-state period, which SoftStateTick ends).             *)
(* Under the persistent network (closed loop) nothing of this moves but    *)
(* the machine's state: the service says nothing there.                    *)
(***************************************************************************)
EXTENDS Spec

Service == INSTANCE ApportionService WITH
    Senders <- Senders,
    TenantOf <- TenantOf,
    TenantIds <- TenantIds,
    LineRate <- LineRate,
    active <- {s \in Senders : ~failed[s] /\ Committed(s) > 0},
    counted <- {s \in Senders : auss[s] > 0},
    grant <- ack,
    dcqcnOnly <- (mode = "NonReceiverCongestion"),
    echo <- ecnEcho,
    heard <- {s \in Senders : fresh[s]}

Refinement == Service!Spec
=============================================================================
