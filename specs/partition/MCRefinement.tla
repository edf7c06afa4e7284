---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* The detailed data partition (Spec) implements its service              *)
(* (PartitionService): a refinement mapping checked by TLC as PROPERTY     *)
(* Refinement (every step of Spec hands the application a whole transfer   *)
(* not handed over before, or changes nothing it sees) and FairRefinement  *)
(* (under Spec's fairness every transfer is handed over).                  *)
(*                                                                         *)
(* The application sees the data of the buffers the receiver completed:   *)
(* app is the set of their byte sequences, a function of Spec's state (no  *)
(* history variable), so the distinct-state count is Spec's.               *)
(***************************************************************************)
EXTENDS Spec

Service == INSTANCE PartitionService WITH
    Transfers <- Transfers,
    Size <- Size,
    app <- {d.data : d \in delivered}

Refinement == Service!Spec
FairRefinement == Service!FairSpec
=============================================================================
