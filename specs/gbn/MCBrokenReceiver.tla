-------------------------- MODULE MCBrokenReceiver --------------------------
(***************************************************************************)
(* Two receivers that break the service, to show that the refinement     *)
(* check (MCRefinement) can fail:                                         *)
(*   "accept-ahead"      takes a packet beyond EPSN as if it were EPSN    *)
(*                       (no sequence check: a lost packet is skipped,    *)
(*                       the message handed over has a hole);             *)
(*   "deliver-duplicate" hands a duplicate below EPSN (a retransmitted or *)
(*                       Send-Twice copy) to the application again.       *)
(* Seed 002, II-A: the PSN check exists to prevent exactly these.         *)
(***************************************************************************)
EXTENDS MCRefinement

CONSTANT Fault   \* "accept-ahead" or "deliver-duplicate"

ASSUME Fault \in {"accept-ahead", "deliver-duplicate"}

AcceptAhead ==
    /\ Fault = "accept-ahead"
    /\ data /= <<>> /\ Len(ctrl) < Capacity
    /\ Head(data) > epsn
    /\ epsn' = Head(data) + 1
    /\ ctrl' = IF AckReq(Head(data)) THEN Append(ctrl, Ack(Head(data) + 1)) ELSE ctrl
    /\ data' = Tail(data)
    /\ Deliver(TRUE)
    /\ UNCHANGED <<next, una, nakTimer, ceLpsn, lastNak, lossesLeft>>

(* Spec's receiver where the fault does not replace it; a duplicate is    *)
(* delivered again under "deliver-duplicate".                             *)
FaultyReceiveData ==
    /\ ReceiveData
    /\ ~(Fault = "accept-ahead" /\ Head(data) > epsn)
    /\ Deliver(Head(data) = epsn \/ (Fault = "deliver-duplicate" /\ Head(data) < epsn))

BNext ==
    \/ HSend \/ FaultyReceiveData \/ AcceptAhead \/ HReceiveCtrl \/ HNakIntervalExpiry \/ HCheckEpsnExpiry
    \/ HLoseData \/ HLoseCtrl \/ HTimeout

BSpec == HInit /\ [][BNext]_hvars
=============================================================================
