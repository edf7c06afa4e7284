---- MODULE View ----
\* Sum fails at x = y = 2; with VIEW x TLC visits one state per value of x and never sees it.
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == \/ x < 2 /\ x' = x + 1 /\ y' = y
        \/ y < 2 /\ y' = y + 1 /\ x' = x
Sum == x + y < 4
OnlyX == x
====
