-------------------------- MODULE PartitionService --------------------------
(***************************************************************************)
(* What multi-QP data partition promises the receiving application,       *)
(* written from seed 003 (Wang et al.), independently of the detailed twin *)
(* (Spec.tla): nothing here is about QPs, chunks, work requests, data IDs  *)
(* or reorder buffers.                                                     *)
(*                                                                         *)
(* §III-B: the sender splits each transfer into chunks and sends them on   *)
(* several QPs; the receiver "allocates memory according to the value of  *)
(* the total data size" and "combines the data chunks according to the    *)
(* data ID and the current chunk offset", so that the application gets    *)
(* the data it was sent, whatever the split: each transfer arrives whole,  *)
(* its bytes in their original order, never mixed with another transfer's *)
(* and never handed over twice.  The split is invisible here.              *)
(* Alg. 1, line 3 / Alg. 2, line 4: sending and receiving go on "until all *)
(* the data chunks are sent completely" and "accepted": under fair         *)
(* scheduling every transfer is eventually handed over.                    *)
(* The transfers are concurrent (data IDs tell apart "different data       *)
(* transmission task[s] at the same time"): no order between transfers is  *)
(* promised.                                                               *)
(*                                                                         *)
(* Bytes are symbolic: byte i (0-based) of transfer t is t * Size + i + 1, *)
(* so a byte out of place or from another transfer is a different value.   *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANTS
    Transfers,        \* transfers, numbered 0 .. Transfers - 1
    Size              \* bytes per transfer

VARIABLE app          \* how many times the application was handed each byte sequence (a bag:
                      \* byte sequence -> hand-overs), so a second hand-over is a step it sees

Message(t) == [k \in 1 .. Size |-> t * Size + k]
Messages == {Message(t) : t \in 0 .. Transfers - 1}

TypeOK == app \in [Messages -> 0 .. 1]

Init == app = [m \in Messages |-> 0]

(* Transfer t is handed to the application, whole and in order, once: never twice. *)
Deliver(t) ==
    /\ app[Message(t)] = 0
    /\ app' = [app EXCEPT ![Message(t)] = 1]

Next == \E t \in 0 .. Transfers - 1 : Deliver(t)

Spec == Init /\ [][Next]_app

(* Every transfer is eventually handed over. *)
FairSpec == Spec /\ \A t \in 0 .. Transfers - 1 : WF_app(Deliver(t))
=============================================================================
