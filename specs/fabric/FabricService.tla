--------------------------- MODULE FabricService ---------------------------
(***************************************************************************)
(* What Dart's fabric promises the RDMA endpoints, written from seed 000  *)
(* §IV, independently of the detailed twin (Spec.tla): nothing here is    *)
(* about switches, buffers, lanes, DFTs or tokens.                         *)
(*                                                                         *)
(* §IV-A: "the network must guarantee in-order delivery semantics" -- the  *)
(* packets of each message reach its destination in the order sent, none  *)
(* lost, none twice (a lossless fabric: back pressure, no drops).          *)
(* §IV-C: a router failure "effectively cause[s] the in-flight packets to *)
(* be dropped", and "the senders must re-transmit the messages whose      *)
(* completion events have not been received": after the failure the       *)
(* first transmission of an incomplete message may stop short (loss is    *)
(* allowed) and a retransmission from its first packet arrives, itself in *)
(* order (the retransmission is visible as a second sequence).             *)
(* §IV: "our design is free from livelocks and deadlocks" -- under fair   *)
(* scheduling every message eventually arrives completely.                 *)
(*                                                                         *)
(* One message per flow, packets numbered 0 .. Packets-1.                  *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANTS
    FlowIds,          \* the flows (one message each)
    Packets           \* packets per message

VARIABLES
    first,            \* per flow: packets of the first transmission that reached the destination, in order
    second,           \* per flow: packets of the retransmission after a failure, in order
    down              \* whether a failure has happened

vars == <<first, second, down>>

Upto(n) == [i \in 1..n |-> i - 1]

TypeOK ==
    /\ \A f \in FlowIds : \E n \in 0..Packets : first[f] = Upto(n)
    /\ \A f \in FlowIds : \E n \in 0..Packets : second[f] = Upto(n)
    /\ down \in BOOLEAN

Init ==
    /\ first = [f \in FlowIds |-> <<>>]
    /\ second = [f \in FlowIds |-> <<>>]
    /\ down = FALSE

(* The next packet of the first transmission arrives (none after the retransmission began). *)
ArriveFirst(f) ==
    /\ second[f] = <<>>
    /\ Len(first[f]) < Packets
    /\ first' = [first EXCEPT ![f] = Append(@, Len(@))]
    /\ UNCHANGED <<second, down>>

(* After a failure, an incomplete message is sent again from its first packet, in order. *)
ArriveAgain(f) ==
    /\ down
    /\ Len(first[f]) < Packets
    /\ Len(second[f]) < Packets
    /\ second' = [second EXCEPT ![f] = Append(@, Len(@))]
    /\ UNCHANGED <<first, down>>

Fail ==
    /\ ~down
    /\ down' = TRUE
    /\ UNCHANGED <<first, second>>

Next == (\E f \in FlowIds : ArriveFirst(f) \/ ArriveAgain(f)) \/ Fail

Spec == Init /\ [][Next]_vars

(* Free of deadlock and livelock: each message keeps arriving until it is complete. *)
FairSpec == Spec /\ \A f \in FlowIds : WF_vars(ArriveFirst(f) \/ ArriveAgain(f))

Complete(f) == Len(first[f]) = Packets \/ Len(second[f]) = Packets
AllComplete == \A f \in FlowIds : Complete(f)
=============================================================================
