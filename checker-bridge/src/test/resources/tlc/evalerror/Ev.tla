---- MODULE Ev ----
\* Next applies Head to the empty sequence once the queue has drained: an error in the spec.
EXTENDS Naturals, Sequences
VARIABLE q
Init == q = <<1, 2>>
Next == \/ /\ q /= <<>>
           /\ q' = Tail(q)
        \/ /\ q = <<>>
           /\ q' = <<Head(q)>>
====
