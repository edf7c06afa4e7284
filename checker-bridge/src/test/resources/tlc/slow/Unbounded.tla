---- MODULE Unbounded ----
\* An unbounded state space: only a time limit ends the run.
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == \/ x' = x + 1 /\ y' = y
        \/ y' = y + 1 /\ x' = x
======================
