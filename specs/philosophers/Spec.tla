-------------------------------- MODULE Spec --------------------------------
(***************************************************************************)
(* Dijkstra's dining philosophers, the textbook reference model of the     *)
(* rdmacheck explorer (model-java DiningPhilosophers).  Philosopher i      *)
(* needs forks i and (i % N) + 1.  In the naive variant everyone takes the *)
(* left fork first, so "everyone holds the left fork" is a deadlock; with  *)
(* Ordered the last philosopher takes the right fork first (a global       *)
(* resource order), which is deadlock-free.                                *)
(*                                                                         *)
(* The state is exactly the Java state view: phases is the sequence of     *)
(* phases, philosopher i (1-based here) is Java philosopher i - 1.         *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANTS N,        \* number of philosophers
          Ordered   \* whether the last philosopher takes its forks in the other order

ASSUME N \in Nat /\ N >= 2 /\ Ordered \in BOOLEAN

VARIABLES phases

vars == <<phases>>

Phases == {"THINKING", "HOLDS_FIRST", "EATING"}
Philosophers == 1..N

\* The fork a philosopher takes first and second.
First(i)  == IF Ordered /\ i = N THEN (i % N) + 1 ELSE i
Second(i) == IF Ordered /\ i = N THEN i ELSE (i % N) + 1

TypeOK == phases \in [Philosophers -> Phases]

\* A fork is free when nobody eats with it and nobody holds it as a first fork.
ForkFree(f) ==
    \A j \in Philosophers :
        /\ phases[j] = "EATING" => f \notin {First(j), Second(j)}
        /\ phases[j] = "HOLDS_FIRST" => f # First(j)

Init == phases = [i \in Philosophers |-> "THINKING"]

TakeFirst(i) ==
    /\ phases[i] = "THINKING"
    /\ ForkFree(First(i))
    /\ phases' = [phases EXCEPT ![i] = "HOLDS_FIRST"]

TakeSecond(i) ==
    /\ phases[i] = "HOLDS_FIRST"
    /\ ForkFree(Second(i))
    /\ phases' = [phases EXCEPT ![i] = "EATING"]

PutDown(i) ==
    /\ phases[i] = "EATING"
    /\ phases' = [phases EXCEPT ![i] = "THINKING"]

Next == \E i \in Philosophers : TakeFirst(i) \/ TakeSecond(i) \/ PutDown(i)

Spec == Init /\ [][Next]_vars

\* Invariants.
NeighboursNeverBothEat ==
    \A i \in Philosophers : ~(phases[i] = "EATING" /\ phases[(i % N) + 1] = "EATING")

=============================================================================
