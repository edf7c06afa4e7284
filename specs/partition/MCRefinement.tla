---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* The detailed data partition (Spec) implements its service              *)
(* (PartitionService): a refinement mapping checked by TLC as PROPERTY     *)
(* Refinement (every step of Spec hands the application a whole transfer   *)
(* not handed over before, or changes nothing it sees) and FairRefinement  *)
(* (under Spec's fairness every transfer is handed over).                  *)
(*                                                                         *)
(* The application sees the data of the buffers the receiver completed:   *)
(* app counts, for every byte sequence, the completed buffers that carry   *)
(* it (a bag, not a set: two buffers handed over with the same bytes under *)
(* two data IDs are two hand-overs, which the service forbids), over the   *)
(* transfers' data and any other bytes handed over (so wrong bytes are a   *)
(* step the service cannot take either). It is a function of Spec's state  *)
(* (no history variable), so the distinct-state count is Spec's. Spec's    *)
(* delivered is a set of [dataId, data] records: a second hand-over of the *)
(* same bytes under the same data ID is no change of Spec's state, so no   *)
(* mapping can see it (docs/partition.md).                                 *)
(***************************************************************************)
EXTENDS Spec

HandedData == {[k \in 1 .. Size |-> t * Size + k] : t \in 0 .. Transfers - 1} \cup {d.data : d \in delivered}

Service == INSTANCE PartitionService WITH
    Transfers <- Transfers,
    Size <- Size,
    app <- [m \in HandedData |-> Cardinality({d \in delivered : d.data = m})]

Refinement == Service!Spec
FairRefinement == Service!FairSpec
=============================================================================
