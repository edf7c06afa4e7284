---- MODULE Stutter ----
\* Without fairness the behaviour may stutter forever at x = 0.
EXTENDS Naturals
VARIABLES x
vars == <<x>>
Init == x = 0
Next == x < 3 /\ x' = x + 1
Spec == Init /\ [][Next]_vars
Reaches3 == <>(x = 3)
======================
