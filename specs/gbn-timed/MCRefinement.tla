---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* Timed Go-Back-N (Spec) implements the reliable-connection service      *)
(* (ReliableService, the same module as specs/gbn's): PROPERTY Refinement *)
(* (safety: every step of Spec is a step of the service or a stutter) and *)
(* FairRefinement (also the service's fairness: under HFairSpec, FairSpec *)
(* with the history, every posted message is delivered and completed).    *)
(*                                                                         *)
(* A history variable, app, records the sequence number of every packet  *)
(* the receiver hands to the application (it moves EPSN on it): with PSNs *)
(* that wrap (PsnBits) the receiver may take a packet for EPSN that the   *)
(* sender numbered differently, and the message handed over is then not  *)
(* the one posted. The mapping cuts app after each packet with opcode     *)
(* Last (seed 002, II-A); completed is una \div Packets.                  *)
(***************************************************************************)
EXTENDS Spec

VARIABLE app     \* history: sequence numbers of the packets handed to the application, in order

hvars == <<vars, app>>

HInit == Init /\ app = <<>>

(* ReceiveData with the history: the packet received is handed over when *)
(* the receiver decides so (Spec's HandsOver), whether EPSN moves or not.  *)
HReceiveData ==
    /\ ~Corrupted
    /\ \E i \in 1..Len(data) :
         /\ data[i].age >= DelayMin /\ Deliverable(data, i)
         /\ Receive(i)
         /\ app' = IF HandsOver(ReadByReceiver(Wire(data[i].seq), epsn)) THEN Append(app, data[i].seq) ELSE app
    /\ UNCHANGED <<next, high, una, rto, busy, lossesLeft, dupsLeft, timeouts, sent>>

HSend == Send /\ UNCHANGED app
HReceiveCtrl == ReceiveCtrl /\ UNCHANGED app
HNakIntervalExpiry == NakIntervalExpiry /\ UNCHANGED app
HCheckEpsnExpiry == CheckEpsnExpiry /\ UNCHANGED app
HTimeoutStep == TimeoutStep /\ UNCHANGED app
HLoseData == LoseData /\ UNCHANGED app
HLoseCtrl == LoseCtrl /\ UNCHANGED app
HDuplicateData == DuplicateData /\ UNCHANGED app
HTick == Tick /\ UNCHANGED app

HNext ==
    \/ HSend \/ HReceiveData \/ HReceiveCtrl \/ HNakIntervalExpiry \/ HCheckEpsnExpiry \/ HTimeoutStep
    \/ HLoseData \/ HLoseCtrl \/ HDuplicateData \/ HTick

HSpec == HInit /\ [][HNext]_hvars
(* Spec's Fairness: each H-action is enabled exactly when its action is,  *)
(* and changes vars exactly when it does, so the conditions carry over.    *)
HFairSpec == HSpec /\ Fairness

Posted == [k \in 1..Messages |-> [i \in 1..Packets |-> (k - 1) * Packets + i - 1]]

RECURSIVE Cut(_)
Cut(s) ==
    IF \E j \in 1..Len(s) : IsLast(s[j])
    THEN LET j == CHOOSE j \in 1..Len(s) : IsLast(s[j]) /\ \A i \in 1..j-1 : ~IsLast(s[i])
         IN <<SubSeq(s, 1, j)>> \o Cut(SubSeq(s, j + 1, Len(s)))
    ELSE <<>>

Service == INSTANCE ReliableService WITH
    Msg <- Posted,
    delivered <- Cut(app),
    completed <- una \div Packets

Refinement == Service!Spec
FairRefinement == Service!FairSpec
=============================================================================
