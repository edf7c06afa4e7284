---- MODULE Prop ----
\* Small is a state predicate: given as PROPERTY it is a claim about the first state only, which
\* TLC checks on the initial states; it fails at x = 3. AlwaysSmall ([]Small) is checked everywhere.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 5
Small == x < 3
AlwaysSmall == []Small
Spec == Init /\ [][Next]_x
====
