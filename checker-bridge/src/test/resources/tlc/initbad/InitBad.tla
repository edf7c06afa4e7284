---- MODULE InitBad ----
EXTENDS Naturals
VARIABLES x
Init == x \in {0, 7}
Next == x' = (x + 1) % 3
Below5 == x < 5
======================
