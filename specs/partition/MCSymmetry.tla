----------------------------- MODULE MCSymmetry -----------------------------
(* The data partition under TLC's SYMMETRY, the twin of the explorer's         *)
(* `--symmetry` (the QP set PartitionLayout declares).  The cfg replaces       *)
(* QP (1..QPCount in Spec) by SymQP, QPCount model values of the pool QPNames  *)
(* (assigned in the cfg), so that the per-QP variables are functions on model  *)
(* values and SYMMETRY permutes them.                                          *)
(* Renaming the QPs is a bijection on states, so without SYMMETRY this module  *)
(* has exactly MCSpec's state count; with it TLC counts the classes of states  *)
(* equal up to a permutation of the QPs (it keeps the least permuted state of  *)
(* each class), which is the explorer's reduced count. Only invariants and     *)
(* deadlock are checked: TLC's SYMMETRY is unsound for liveness.               *)
EXTENDS MCSpec, TLC

QPNames == {}     \* replaced in the cfg by a set of model values, at least QPCount of them
ASSUME Cardinality(QPNames) >= QPCount

SymQP == CHOOSE S \in SUBSET QPNames : Cardinality(S) = QPCount
QPPerms == Permutations(QP)
=============================================================================
