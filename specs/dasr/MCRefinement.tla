---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* Dart's receiver in the free network (Spec) implements its service       *)
(* (ApportionService): a refinement mapping checked by TLC as PROPERTY     *)
(* Refinement -- every step of Spec keeps the receiver's promises to its   *)
(* senders, or changes nothing they see.                                   *)
(*                                                                         *)
(* The mapping is a function of Spec's state and one history variable,    *)
(* lastSignal: what the last window end's observation showed (no marks,    *)
(* marks at line rate, marks below it), the network's input, which Spec   *)
(* does not keep. A window end records it; no other step changes it. In   *)
(* the paper's (memoryless) Figure 5 the machine's state after a window is *)
(* a function of that observation's class, so the history adds no state: *)
(* the distinct-state count is Spec's. The mapping:                       *)
(*  active    -- alive senders with a message in flight or announced;      *)
(*  counted   -- the senders in their tenant's AUSS;                       *)
(*  grant     -- the n in the latest ACK in flight to each sender;         *)
(*  dcqcnOnly -- the machine is in NonReceiverCongestion;                  *)
(*  echo      -- ECN feedback is in flight to the senders;                 *)
(*  heard     -- the senders marked fresh (activity seen in the current    *)
(*               soft-state period, which SoftStateTick ends);             *)
(*  applied   -- the n each sender applies;                                *)
(*  seen      -- lastSignal.                                               *)
(* The service is the free network's: under the persistent network        *)
(* (closed loop) the window ends are LoopWindowEnd's, which the history    *)
(* does not record, and no configuration checks the refinement there.     *)
(***************************************************************************)
EXTENDS Spec

VARIABLE lastSignal

varsH == <<vars, lastSignal>>

SignalOf(o) == IF ~o[1] THEN "none" ELSE IF o[2] THEN "marksAtLineRate" ELSE "marksBelowLineRate"

(* A window end of the free network with the observation it saw, recorded.  *)
WindowEndH == \E o \in Observations : WindowEnd(o) /\ lastSignal' = SignalOf(o)

InitH == Init /\ lastSignal = "none"
(* Every other step of Spec keeps the record. *)
NextH == IF Persistent THEN Next /\ UNCHANGED lastSignal
         ELSE \/ WindowEndH
              \/ Next /\ ~(\E o \in Observations : WindowEnd(o)) /\ UNCHANGED lastSignal

SpecH == InitH /\ [][NextH]_varsH /\ WF_varsH(NextH)

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
    heard <- {s \in Senders : fresh[s]},
    applied <- applied,
    seen <- lastSignal

Refinement == Service!Spec
=============================================================================
