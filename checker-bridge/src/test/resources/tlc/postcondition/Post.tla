---- MODULE Post ----
\* The configuration asks for a POSTCONDITION, which came after TLC 2.18.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
Inv == x < 5
====
