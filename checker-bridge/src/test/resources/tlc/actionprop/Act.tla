---- MODULE Act ----
\* Act is violated by the step 9 -> 0; distributed TLC 2.18 reports it VERIFIED without checking it.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 10
Act == [][x' > x]_x
Spec == Init /\ [][Next]_x
====
