---- MODULE Assertion ----
EXTENDS Naturals, TLC
VARIABLES x
Init == x = 0
Next == /\ x < 5
        /\ Assert(x # 2, "x must never step past 2")
        /\ x' = x + 1
======================
