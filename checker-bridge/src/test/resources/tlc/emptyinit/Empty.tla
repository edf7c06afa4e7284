---- MODULE Empty ----
\* No state satisfies Init: every invariant would hold vacuously, so none is VERIFIED.
EXTENDS Naturals
VARIABLE x
Init == x \in {}
Next == x' = x + 1
Inv == x < 0
====
