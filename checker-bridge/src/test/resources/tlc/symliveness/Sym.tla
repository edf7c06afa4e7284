---- MODULE Sym ----
\* A liveness property checked under SYMMETRY: TLC warns that it may miss violations.
EXTENDS Naturals, TLC
CONSTANT P
VARIABLE x
Init == x = [p \in P |-> 0]
Next == \E p \in P : x[p] < 2 /\ x' = [x EXCEPT ![p] = @ + 1]
Spec == Init /\ [][Next]_x /\ WF_x(Next)
Perms == Permutations(P)
Live == <>(\A p \in P : x[p] = 2)
====
