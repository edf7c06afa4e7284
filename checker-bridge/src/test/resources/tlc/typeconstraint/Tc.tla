---- MODULE Tc ----
\* Counts modulo 4; Bad fails at x = 2 but is named only under TYPE_CONSTRAINT, which TLC ignores.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 4
Inv == x < 4
Bad == x < 2
====
