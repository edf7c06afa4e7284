---- MODULE Asym ----
\* Two processes as model values under SYMMETRY. Inv and Step name p1 and p2, so they are not
\* symmetric: a state in which p2 has moved and p1 has not violates Inv, but TLC keeps only the
\* least state of each class (the one in which p1 moved) and never evaluates Inv on it. Bounded is
\* symmetric and holds everywhere.
EXTENDS Naturals, TLC
CONSTANTS P, p1, p2
VARIABLE s
Init == s = [p \in P |-> 0]
Next == \E p \in P : s[p] = 0 /\ s' = [s EXCEPT ![p] = 1]
Inv == ~(s[p2] = 1 /\ s[p1] = 0)
Bounded == \A p \in P : s[p] \in {0, 1}
Step == [][~(s'[p2] = 1 /\ s[p1] = 0)]_s
Sym == Permutations(P)
====
