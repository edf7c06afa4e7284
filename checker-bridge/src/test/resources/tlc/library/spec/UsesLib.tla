---- MODULE UsesLib ----
EXTENDS LibMod
VARIABLE n
Init == n = 0
Next == n < Bound /\ n' = n + 1
Within == n <= Bound
====
