---- MODULE Empty ----
\* No state satisfies Init: every invariant holds vacuously.
EXTENDS Naturals
VARIABLE x
Init == x \in {}
Next == x' = x + 1
Inv == x < 0
====
