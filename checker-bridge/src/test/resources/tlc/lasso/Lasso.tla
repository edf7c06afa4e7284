---- MODULE Lasso ----
\* x cycles 0 -> 1 -> 2 -> 1 -> 2 ...: "eventually x = 0 again" fails with a lasso back to state 2.
EXTENDS Naturals
VARIABLES x
vars == <<x>>
Init == x = 0
Next == x' = IF x = 2 THEN 1 ELSE x + 1
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
BackToZero == []<>(x = 0)
======================
