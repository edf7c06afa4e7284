---- MODULE Dl3 ----
\* Counts to 3 and stops there: deadlocks at x = 3.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
Inv == x <= 3
====
