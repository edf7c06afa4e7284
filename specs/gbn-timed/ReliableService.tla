--------------------------- MODULE ReliableService ---------------------------
(***************************************************************************)
(* The service a reliable connection gives its applications, as seed 002  *)
(* II-A states it for RoCEv2's reliable transport: sequence numbers and    *)
(* ACK/NAK "verify the packet delivery order, prevent duplicate packets    *)
(* and out-of-sequence packets from being processed, and detect missing    *)
(* packets"; an ACK or NAK(n) tells the sender that every packet below n   *)
(* was received. Go-Back-N is one way to provide it; this module says      *)
(* nothing about packets, channels, timers or losses.                      *)
(*                                                                         *)
(* The sending application has posted the messages Msg[1], ..., Msg[K].    *)
(* The receiving application is handed whole messages, each once, in the  *)
(* order posted, with their contents intact (delivered is always a prefix *)
(* of Msg). The sender learns that a message is complete (its work        *)
(* completion) only after it was delivered; one acknowledgement may       *)
(* complete several messages at once. Under fairness every posted message *)
(* is eventually delivered and completed.                                 *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANT Msg          \* the posted messages, a sequence; each message any value

VARIABLES
    delivered,        \* the messages handed to the receiving application, in order
    completed         \* how many messages the sender has seen completed

vars == <<delivered, completed>>

K == Len(Msg)

TypeOK ==
    /\ delivered \in Seq({Msg[i] : i \in DOMAIN Msg})
    /\ completed \in 0..K

Init ==
    /\ delivered = <<>>
    /\ completed = 0

(* The receiving application gets the next message, whole. *)
Deliver ==
    /\ Len(delivered) < K
    /\ delivered' = Append(delivered, Msg[Len(delivered) + 1])
    /\ UNCHANGED completed

(* The sender learns that one or more delivered messages are complete. *)
Complete ==
    /\ completed < Len(delivered)
    /\ completed' \in completed + 1 .. Len(delivered)
    /\ UNCHANGED delivered

Next == Deliver \/ Complete

Spec == Init /\ [][Next]_vars

(* Every posted message is eventually delivered and completed. *)
FairSpec == Spec /\ WF_vars(Deliver) /\ WF_vars(Complete)

-----------------------------------------------------------------------------
(* What the service promises, stated as invariants of its own states. *)
DeliveredInOrder == delivered = SubSeq(Msg, 1, Len(delivered))
CompletedOnlyDelivered == completed <= Len(delivered)
AllDone == Len(delivered) = K /\ completed = K
Eventually == <>[]AllDone
=============================================================================
