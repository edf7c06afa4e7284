---- MODULE Exit ----
\* Stops TLC at x = 2 with TLCSet("exit", TRUE), before Inv fails at x = 5.
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 10 /\ (x = 2 => TLCSet("exit", TRUE))
Inv == x < 5
====
