---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* The detailed data partition (Spec) implements its service              *)
(* (PartitionService): a refinement mapping checked by TLC as PROPERTY     *)
(* Refinement (every step of Spec hands the application a whole transfer   *)
(* not handed over before, or changes nothing it sees) and FairRefinement  *)
(* (under Spec's fairness every transfer is handed over).                  *)
(*                                                                         *)
(* The application sees every hand-over: app counts, for every byte        *)
(* sequence, the completed buffers that carry it (a bag, not a set: two    *)
(* buffers handed over with the same bytes under two data IDs are two      *)
(* hand-overs, which the service forbids), plus the hand-overs of a buffer *)
(* the application already held, over the transfers' data and any other    *)
(* bytes handed over (so wrong bytes are a step the service cannot take    *)
(* either). Spec's delivered is a set of [dataId, data] records, so a      *)
(* second hand-over of the same bytes under the same data ID leaves it as  *)
(* it was; the history variable again records it: every Reorder step that  *)
(* completes its data ID (the buffer is freed) hands over Reassembled(q),  *)
(* and when delivered already holds that record, judged before the step,   *)
(* its bytes join again. In a design that never does so again stays empty, *)
(* so the distinct-state count is Spec's (docs/partition.md).             *)
(***************************************************************************)
EXTENDS Spec

VARIABLE again

hvars == <<vars, again>>

(* Reorder(q) hands over a buffer the application already holds: the step completes the   *)
(* data ID (its buffer is freed) and delivered held the record before it.                 *)
HandedAgain(q) ==
    LET s == ReorderChunk(q).dataId IN
        /\ buffers'[s + 1] = <<>>
        /\ [dataId |-> s, data |-> Reassembled(q)] \in delivered

HReorder(q) == Reorder(q) /\ again' = IF HandedAgain(q) THEN again \cup {Reassembled(q)} ELSE again

HInit == Init /\ again = {}
HNext == (\E q \in QP : HReorder(q)) \/ (Next /\ ~(\E q \in QP : Reorder(q)) /\ UNCHANGED again)
HSpec == HInit /\ [][HNext]_hvars /\ Fairness

HandedData == {[k \in 1 .. Size |-> t * Size + k] : t \in 0 .. Transfers - 1} \cup {d.data : d \in delivered}
              \cup again

Service == INSTANCE PartitionService WITH
    Transfers <- Transfers,
    Size <- Size,
    app <- [m \in HandedData |-> Cardinality({d \in delivered : d.data = m}) + (IF m \in again THEN 1 ELSE 0)]

Refinement == Service!Spec
FairRefinement == Service!FairSpec
=============================================================================
