---- MODULE Counter ----
\* A bounded counter with a record, a set and a function in its state: exercises the value parser.
EXTENDS Integers, Sequences, TLC
CONSTANTS Limit, Procs
VARIABLES x, log, info
vars == <<x, log, info>>
Init == /\ x = 0
        /\ log = <<>>
        /\ info = [owner |-> CHOOSE p \in Procs : TRUE, seen |-> {}, tag |-> "a\"b", ok |-> TRUE, f |-> (0 :> -1)]
Inc == /\ x < Limit
       /\ x' = x + 1
       /\ log' = Append(log, x)
       /\ info' = [info EXCEPT !.seen = @ \cup {x}, !.f = @ @@ (x + 1 :> x)]
Next == Inc
Spec == Init /\ [][Next]_vars
TypeOK == x \in 0..Limit
Small == x < 3
======================
