---- MODULE Cl ----
\* A liveness property checked under a state constraint: TLC warns that the result may be wrong.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
Spec == Init /\ [][Next]_x /\ WF_x(Next)
Small == x < 2
Inv == x <= 3
Live == <>(x = 3)
====
