-------------------------------- MODULE Spec --------------------------------
(***************************************************************************)
(* A producer sends messages 0..M-1 through a FIFO channel of capacity C   *)
(* to a consumer: the textbook reference model with a closed-form state    *)
(* count, sum over s in 0..M of (min(C, s) + 1).  With Reorder the channel *)
(* may swap its two oldest messages, which breaks in-order delivery.       *)
(* Java twin: model-java BoundedFifo (catalogue name fifo); the variables  *)
(* are exactly the fields of its State record.                             *)
(***************************************************************************)
EXTENDS Integers, Sequences

CONSTANTS M,        \* number of messages
          C,        \* channel capacity
          Reorder   \* whether the channel may swap its two oldest messages

ASSUME M \in Nat /\ M >= 1 /\ C \in Nat /\ C >= 1 /\ Reorder \in BOOLEAN

VARIABLES sent,      \* messages sent so far
          channel,   \* messages in flight, oldest first
          received,  \* last message received, -1 if none
          inOrder    \* whether every message was received in order so far

vars == <<sent, channel, received, inOrder>>

TypeOK ==
    /\ sent \in 0..M
    /\ channel \in Seq(0..(M - 1)) /\ Len(channel) <= C
    /\ received \in (0..(M - 1)) \cup {-1}
    /\ inOrder \in BOOLEAN

Init ==
    /\ sent = 0
    /\ channel = <<>>
    /\ received = -1
    /\ inOrder = TRUE

Send ==
    /\ sent < M
    /\ Len(channel) < C
    /\ channel' = Append(channel, sent)
    /\ sent' = sent + 1
    /\ UNCHANGED <<received, inOrder>>

Receive ==
    /\ channel # <<>>
    /\ received' = Head(channel)
    /\ inOrder' = (inOrder /\ Head(channel) = received + 1)
    /\ channel' = Tail(channel)
    /\ UNCHANGED sent

Swap ==
    /\ Reorder
    /\ Len(channel) >= 2
    /\ channel' = [channel EXCEPT ![1] = channel[2], ![2] = channel[1]]
    /\ UNCHANGED <<sent, received, inOrder>>

\* Every message sent and delivered: a final state, not a deadlock (the Java model's isFinal).
Done ==
    /\ sent = M
    /\ channel = <<>>
    /\ UNCHANGED vars

Next == Send \/ Receive \/ Swap \/ Done

Spec == Init /\ [][Next]_vars

\* Invariants.
InOrderDelivery == inOrder

=============================================================================
