---- MODULE TwoInvs ----
\* x counts up to 4 and y toggles. Hand count: 10 distinct states (x in 0..4, y in BOOLEAN), 19 transitions
\* (Inc is enabled in the 8 states with x < 4, Toggle in all 10; one of them, from the initial state, is
\* counted with Init's one state). BelowThree fails at x = 3 (shortest trace: 4 states), NoToggle at the first
\* Toggle (2 states), TypeOK holds; Grows is an action property, EventuallyFour a temporal formula.
EXTENDS Naturals
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\ y = FALSE
Inc == x < 4 /\ x' = x + 1 /\ UNCHANGED y
Toggle == y' = ~y /\ UNCHANGED x
Next == Inc \/ Toggle
Spec == Init /\ [][Next]_vars
TypeOK == x \in 0..4 /\ y \in BOOLEAN
BelowThree == x < 3
NoToggle == y = FALSE
Grows == x' >= x
EventuallyFour == <>(x = 4)
======================
