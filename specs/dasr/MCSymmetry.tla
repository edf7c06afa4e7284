----------------------------- MODULE MCSymmetry -----------------------------
(* The persistent loop under TLC's SYMMETRY, the twin of the explorer's       *)
(* `--symmetry` (the symmetric set of org.rdmacheck.model.dasr.DartLayout).    *)
(* Senders are model                                                           *)
(* values: Bottleneck is sender 0 (it crosses the network bottleneck and keeps *)
(* its name), Others are senders 1..N-1, which cross the same receiver link,   *)
(* start alike and are named by no property: SYMMETRY permutes them. The cfg   *)
(* replaces Senders, Bottlenecked and TenantOf (one tenant) by the definitions *)
(* below; every other definition of Spec is used as is. Renaming senders into  *)
(* model values is a bijection, so without SYMMETRY this module has exactly    *)
(* Spec's state count; with it TLC counts the classes of states equal up to a  *)
(* permutation of Others (TLC keeps the least permuted state of each class), *)
(* which is the explorer's reduced count. Spec's SumOver picks senders with    *)
(* CHOOSE, which depends on their names, but a sum does not depend on the      *)
(* order of its terms, so the spec stays symmetric. Only invariants and action *)
(* properties are checked: TLC's SYMMETRY is unsound for liveness.             *)
EXTENDS Spec, TLC

(* The cfg assigns model values to Bottleneck and SenderNames (TLC replaces     *)
(* the definitions), so that they need no CONSTANT declaration, which every     *)
(* configuration of the folder would then have to set. Others takes N - 1 of   *)
(* the pool SenderNames, so one cfg serves every sender count up to its size.  *)
Bottleneck == "sender 0"     \* replaced by a model value: sender 0
SenderNames == {}            \* replaced by a set of model values, at least N - 1 of them

ASSUME Persistent /\ Tenants = 1 /\ Bottleneck \notin SenderNames /\ Cardinality(SenderNames) >= N - 1

Others == CHOOSE S \in SUBSET SenderNames : Cardinality(S) = N - 1   \* senders 1..N-1
SymSenders == {Bottleneck} \cup Others
SymBottlenecked == Bottleneck
SymTenantOf(s) == 0
SenderPerms == Permutations(Others)
=============================================================================
