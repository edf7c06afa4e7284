---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* Go-Back-N (Spec) implements the reliable-connection service            *)
(* (ReliableService): a refinement mapping from the protocol's states to  *)
(* the service's, checked by TLC as PROPERTY Refinement (safety: every    *)
(* step of Spec is a step of the service or a stutter) and FairRefinement *)
(* (also the service's fairness: under FairSpec every message is          *)
(* delivered and completed).                                               *)
(*                                                                         *)
(* A history variable, app, records what the receiver hands to the       *)
(* application: the PSN of every packet it delivers, in the order         *)
(* delivered. The mapping reads messages off app, cut after each packet with *)
(* opcode Last (seed 002, II-A), so a receiver that skipped a packet, took *)
(* one twice or out of order would hand the application a message that is *)
(* not the one posted. app is a function of the other variables in every *)
(* correct variant (the PSNs 0..epsn-1), so the distinct-state count is   *)
(* Spec's.                                                                 *)
(***************************************************************************)
EXTENDS Spec

VARIABLE app     \* history: PSNs of the packets handed to the application, in order

hvars == <<vars, app>>

(* The receiver hands packet EPSN to the application (seed 002, II-A: a  *)
(* packet is processed only in sequence); every other action leaves the  *)
(* history alone. Each action keeps its name, so that TLC's traces name  *)
(* the step.                                                             *)
Deliver(delivering) == app' = IF delivering THEN Append(app, Head(data)) ELSE app

HSend == Send /\ UNCHANGED app
HReceiveData == ReceiveData /\ Deliver(Head(data) = epsn)
HReceiveCtrl == ReceiveCtrl /\ UNCHANGED app
HNakIntervalExpiry == NakIntervalExpiry /\ UNCHANGED app
HCheckEpsnExpiry == CheckEpsnExpiry /\ UNCHANGED app
HLoseData == LoseData /\ UNCHANGED app
HLoseCtrl == LoseCtrl /\ UNCHANGED app
HTimeout == Timeout /\ UNCHANGED app

HInit == Init /\ app = <<>>

HNext ==
    \/ HSend \/ HReceiveData \/ HReceiveCtrl \/ HNakIntervalExpiry \/ HCheckEpsnExpiry
    \/ HLoseData \/ HLoseCtrl \/ HTimeout

HSpec == HInit /\ [][HNext]_hvars
HFairSpec == HSpec /\ Fairness

(* Message k is carried by PSNs (k-1)*Packets .. k*Packets-1, in order. *)
Posted == [k \in 1..Messages |-> [i \in 1..Packets |-> (k - 1) * Packets + i - 1]]

(* app cut into messages after each Last packet; a trailing partial      *)
(* message is not yet delivered.                                         *)
RECURSIVE Cut(_)
Cut(s) ==
    IF \E j \in 1..Len(s) : IsLast(s[j])
    THEN LET j == CHOOSE j \in 1..Len(s) : IsLast(s[j]) /\ \A i \in 1..j-1 : ~IsLast(s[i])
         IN <<SubSeq(s, 1, j)>> \o Cut(SubSeq(s, j + 1, Len(s)))
    ELSE <<>>

(* The sender has completed message k once every PSN of it is released.  *)
Service == INSTANCE ReliableService WITH
    Msg <- Posted,
    delivered <- Cut(app),
    completed <- una \div Packets

Refinement == Service!Spec
FairRefinement == Service!FairSpec
=============================================================================
