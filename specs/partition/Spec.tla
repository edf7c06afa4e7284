------------------------------- MODULE Spec -------------------------------
(***************************************************************************)
(* Multi-QP data partition: Wang et al., "RDMA Load Balancing via Data     *)
(* Partition" (seed 003), Section III-B, Algorithms 1 and 2, with both     *)
(* ends of every QP.                                                       *)
(*                                                                         *)
(* Sender (Alg. 1): a chunk is posted on a QP only when the QP's last send *)
(* completed (line 6), taking the next chunk of any transfer whose data ID *)
(* is free.  A send completes when its chunk's ACK is back: after the      *)
(* chunk landed in a receive buffer, not when it is posted.                *)
(* Receiver (Alg. 2): each QP has ReceiveWrs receive work requests.  A     *)
(* chunk lands only in a posted one; with none posted the receiver answers *)
(* RNR and the sender's NIC retries (RNR retry count 7 = for ever), so the *)
(* arrival waits.  The receiver polls a receive completion and reorders    *)
(* its chunk (lines 7, 9), then re-posts the buffer (line 8).              *)
(* Faults: up to Errors times a QP with a chunk in flight exhausts its     *)
(* retries and enters the error state, which flushes its send and posted   *)
(* receive work requests.  Recovery (not in the paper; the obvious one):   *)
(* the flushed chunk is posted again on any connected QP, the QP is        *)
(* reconnected, and the receiver re-posts its receive work requests.       *)
(* Data IDs: transfer t carries ID t % Ids and starts once the receiver    *)
(* completed transfer t - Ids (the application's reply, taken as instant). *)
(* Bytes are symbolic: byte i of transfer t is t * Size + i + 1, a hole 0. *)
(*                                                                         *)
(* Variant: "paper" or a mistake: "no-data-id", "arrival-offset",          *)
(* "last-chunk-full-size", "no-completion-wait" (at most 2 outstanding),   *)
(* "repost-before-consume" (line 8 before line 9 with the same buffer),    *)
(* "no-receive-repost" (line 8 left out: receive WRs are never re-posted), *)
(* "error-after-landing" (a lost ACK also errors the QP), "reuse-on-send-  *)
(* completion" (an ID is reused once the sender's sends completed),        *)
(* "rnr-retry-zero" (an RNR NAK errors the QP at once).                    *)
(* The Java twin is org.rdmacheck.model.partition.DataPartition, with the  *)
(* same variables, initial state and actions (equal state counts).         *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS Size, Chunk, QPCount, Transfers, Ids, ReceiveWrs, Errors, Variant,
    Knockouts           \* mechanisms knocked out (the Java catalogue's --knockout): a subset of
                        \* {"multi-qp-split"}; {} for the design

ASSUME Size \in Nat \ {0} /\ Chunk \in Nat \ {0} /\ QPCount \in Nat \ {0} /\ Transfers \in Nat \ {0}
ASSUME Ids \in Nat \ {0} /\ ReceiveWrs \in Nat \ {0} /\ Errors \in Nat
ASSUME Variant \in {"paper", "no-data-id", "arrival-offset", "last-chunk-full-size", "no-completion-wait",
                    "repost-before-consume", "no-receive-repost", "error-after-landing", "reuse-on-send-completion",
                    "rnr-retry-zero"}
ASSUME Knockouts \subseteq {"multi-qp-split"}

N == (Size + Chunk - 1) \div Chunk          \* chunks per transfer
Tr == 0 .. Transfers - 1                    \* transfers
Slots == 0 .. Ids - 1                       \* receiver data IDs
(* QPs are 1..QPCount, the indices of the per-QP sequences; nothing but those     *)
(* sequences names a QP, and no action or property depends on which QP is which, *)
(* so MCSymmetry can replace QP by a set of model values and reduce by SYMMETRY.  *)
QP == 1 .. QPCount
Hole == 0
Val(t, i) == t * Size + i + 1
TransferOf(v) == (v - 1) \div Size
Original(t) == [k \in 1 .. Size |-> Val(t, k - 1)]
ChunkLen(i) == IF i = N - 1 THEN Size - (N - 1) * Chunk ELSE Chunk
\* Without a data ID field every chunk looks alike to the receiver: ID 0.
HeaderId(t) == IF Variant = "no-data-id" THEN 0 ELSE t % Ids
\* send work requests a QP may have outstanding when the sender posts (Algorithm 1, line 6)
Depth == IF Variant = "no-completion-wait" THEN 2 ELSE 1
\* the custom header (data ID, total data size, chunk offset) and the payload
Msg(t, i) == [dataId |-> HeaderId(t), totalSize |-> Size, offset |-> i * Chunk,
              payload |-> [k \in 1 .. ChunkLen(i) |-> Val(t, i * Chunk + k - 1)]]
Msgs == {Msg(t, i) : t \in Tr, i \in 0 .. N - 1}
ChunkTransfer(m) == TransferOf(m.payload[1])

(* The variables are the values of the Java model's view (DataPartition.view), so that *)
(* stored counterexamples validate against this spec.  Per-transfer and per-data-ID     *)
(* arrays are sequences: element x + 1 belongs to transfer or data ID x; per-QP arrays  *)
(* are functions on QP, sequences with element q + 1 for QP q of the Java model.        *)
VARIABLES nextChunk,   \* per transfer: index of the next chunk the split function returns
          sendQueues,  \* per QP: [chunk, landed] send work requests not yet completed, oldest first
          resend,      \* chunks flushed by a QP error, to be posted again
          qpError,     \* per QP: in the error state
          errorsLeft,  \* QP errors the network may still cause
          posted,      \* per QP: receive work requests posted with an empty buffer
          completions, \* per QP: [chunk, reposted] receive completions not yet reordered
          buffers,     \* per data ID: the receiver's buffer, <<>> when none is allocated
          received,    \* per data ID: bytes received into the current buffer
          delivered,   \* buffers handed to the application: [dataId, data] records
          outside      \* [dataId, position] records: bytes written beyond an allocated buffer
vars == <<nextChunk, sendQueues, resend, qpError, errorsLeft, posted, completions, buffers, received,
          delivered, outside>>

TypeOK ==
    /\ nextChunk \in [1 .. Transfers -> 0 .. N]
    /\ DOMAIN sendQueues = QP
    /\ \A q \in QP : Len(sendQueues[q]) <= Depth
                     /\ \A j \in 1 .. Len(sendQueues[q]) : sendQueues[q][j].chunk \in Msgs
    /\ resend \subseteq Msgs
    /\ qpError \in [QP -> BOOLEAN]
    /\ errorsLeft \in 0 .. Errors
    /\ posted \in [QP -> 0 .. ReceiveWrs]
    /\ DOMAIN completions = QP
    /\ Len(buffers) = Ids /\ \A s \in Slots : Len(buffers[s + 1]) \in {0, Size}
    /\ received \in [1 .. Ids -> Nat]
    /\ \A d \in delivered : d.dataId \in Slots /\ Len(d.data) = Size
    /\ \A o \in outside : o.dataId \in Slots /\ o.position >= Size

Init ==
    /\ nextChunk = [k \in 1 .. Transfers |-> 0]
    /\ sendQueues = [k \in QP |-> <<>>]
    /\ resend = {}
    /\ qpError = [k \in QP |-> FALSE]
    /\ errorsLeft = Errors
    /\ posted = [k \in QP |-> ReceiveWrs]
    /\ completions = [k \in QP |-> <<>>]
    /\ buffers = [k \in 1 .. Ids |-> <<>>]
    /\ received = [k \in 1 .. Ids |-> 0]
    /\ delivered = {}
    /\ outside = {}

-----------------------------------------------------------------------------
(* Sender *)

SendPending(t) ==
    \/ \E q \in QP : \E j \in 1 .. Len(sendQueues[q]) : ChunkTransfer(sendQueues[q][j].chunk) = t
    \/ \E c \in resend : ChunkTransfer(c) = t

(* Transfer t may use its data ID: its own at first; a reused one once the receiver       *)
(* completed the transfer that held it, or (reuse-on-send-completion) once the sender      *)
(* polled that transfer's last send completion.                                          *)
DataIdFree(t) ==
    IF t < Ids THEN TRUE
    ELSE IF Variant = "reuse-on-send-completion"
         THEN nextChunk[t - Ids + 1] = N /\ ~SendPending(t - Ids)
         ELSE Cardinality({d \in delivered : d.dataId = HeaderId(t)}) >= t \div Ids

(* Algorithm 1, line 4: the sender's loop visits every QP; with the knock-out            *)
(* "multi-qp-split" it hands chunks to QP 1 alone (the explorer's QP 0).                    *)
SplitTo(q) == "multi-qp-split" \notin Knockouts \/ q = 1

CanPost(q) == ~qpError[q] /\ Len(sendQueues[q]) < Depth /\ SplitTo(q)

(* Algorithm 1, lines 6-8: QP q's last send completed; split transfer t's next chunk and post it. *)
Post(q, t) ==
    /\ CanPost(q)
    /\ nextChunk[t + 1] < N
    /\ DataIdFree(t)
    /\ sendQueues' = [sendQueues EXCEPT ![q] = Append(@, [chunk |-> Msg(t, nextChunk[t + 1]), landed |-> FALSE])]
    /\ nextChunk' = [nextChunk EXCEPT ![t + 1] = @ + 1]
    /\ UNCHANGED <<resend, qpError, errorsLeft, posted, completions, buffers, received, delivered, outside>>

(* Recovery: a chunk flushed by a QP error is posted again on a connected QP with room. *)
Resend(q, c) ==
    /\ CanPost(q)
    /\ c \in resend
    /\ resend' = resend \ {c}
    /\ sendQueues' = [sendQueues EXCEPT ![q] = Append(@, [chunk |-> c, landed |-> FALSE])]
    /\ UNCHANGED <<nextChunk, qpError, errorsLeft, posted, completions, buffers, received, delivered, outside>>

(* The ACK of QP q's oldest send is back and the sender polls its completion (line 6). *)
SendComplete(q) ==
    /\ sendQueues[q] # <<>>
    /\ Head(sendQueues[q]).landed
    /\ sendQueues' = [sendQueues EXCEPT ![q] = Tail(@)]
    /\ UNCHANGED <<nextChunk, resend, qpError, errorsLeft, posted, completions, buffers, received, delivered,
                   outside>>

(* The sender resets QP q and connects it again. *)
Reconnect(q) ==
    /\ qpError[q]
    /\ qpError' = [qpError EXCEPT ![q] = FALSE]
    /\ UNCHANGED <<nextChunk, sendQueues, resend, errorsLeft, posted, completions, buffers, received, delivered,
                   outside>>

-----------------------------------------------------------------------------
(* Network: arrival into a posted receive buffer, RNR, QP errors *)

InFlight(q) == {j \in 1 .. Len(sendQueues[q]) : ~sendQueues[q][j].landed}
FirstInFlight(q) == CHOOSE j \in InFlight(q) : \A k \in InFlight(q) : j <= k
Reposted(q) == {i \in 1 .. Len(completions[q]) : completions[q][i].reposted}

(* The receiver's NIC takes a posted receive work request for QP q's first chunk in flight. *)
(* A re-posted buffer whose chunk was not reordered yet (repost-before-consume) is taken    *)
(* first and overwritten.                                                                  *)
Arrive(q) ==
    /\ ~qpError[q]
    /\ InFlight(q) # {}
    /\ posted[q] > 0
    /\ LET j == FirstInFlight(q)
           m == sendQueues[q][j].chunk
           cq == completions[q]
           over == IF Reposted(q) = {} THEN cq
                   ELSE LET i == CHOOSE i \in Reposted(q) : \A k \in Reposted(q) : i <= k
                        IN [cq EXCEPT ![i] = [chunk |-> m, reposted |-> TRUE]]
       IN /\ sendQueues' = [sendQueues EXCEPT ![q][j].landed = TRUE]
          /\ posted' = [posted EXCEPT ![q] = @ - 1]
          /\ completions' = [completions EXCEPT ![q] = Append(over, [chunk |-> m, reposted |-> FALSE])]
    /\ UNCHANGED <<nextChunk, resend, qpError, errorsLeft, buffers, received, delivered, outside>>

(* QP q enters the error state: its send work requests complete in error and their chunks  *)
(* go back to the sender; its posted receive work requests are flushed.                   *)
Flush(q, cost) ==
    /\ resend' = resend \cup {sendQueues[q][j].chunk : j \in 1 .. Len(sendQueues[q])}
    /\ sendQueues' = [sendQueues EXCEPT ![q] = <<>>]
    /\ posted' = [posted EXCEPT ![q] = 0]
    /\ qpError' = [qpError EXCEPT ![q] = TRUE]
    /\ errorsLeft' = errorsLeft - cost
    /\ UNCHANGED <<nextChunk, completions, buffers, received, delivered, outside>>

(* A fault: the transport's retries are exhausted while a chunk is in flight (or, in       *)
(* error-after-landing, also while the ACK of a landed chunk is lost).                    *)
QpError(q) ==
    /\ ~qpError[q]
    /\ errorsLeft > 0
    /\ sendQueues[q] # <<>>
    /\ Variant = "error-after-landing" \/ \A j \in 1 .. Len(sendQueues[q]) : ~sendQueues[q][j].landed
    /\ Flush(q, 1)

(* rnr-retry-zero: an RNR NAK moves the QP to the error state at once. *)
RnrError(q) ==
    /\ Variant = "rnr-retry-zero"
    /\ ~qpError[q]
    /\ InFlight(q) # {}
    /\ posted[q] = 0
    /\ Flush(q, 0)

-----------------------------------------------------------------------------
(* Receiver *)

(* What reordering QP q's oldest receive completion makes of its data ID's buffer: the     *)
(* buffer allocated at the total size on the data ID's first chunk, the chunk's bytes placed *)
(* at the offset; the bytes counted (Reorder), and what the application is handed when the  *)
(* count reaches the total (MCRefinement reads the same buffer).                             *)
ReorderChunk(q) == Head(completions[q]).chunk
ReorderBase(q) ==
    LET m == ReorderChunk(q) IN
        IF buffers[m.dataId + 1] = <<>> THEN [k \in 1 .. m.totalSize |-> Hole] ELSE buffers[m.dataId + 1]
\* arrival-offset: the next free position is "bytes received so far"
ReorderAt(q) == IF Variant = "arrival-offset" THEN received[ReorderChunk(q).dataId + 1] ELSE ReorderChunk(q).offset
\* last-chunk-full-size: the length is assumed to be Chunk, not the payload's
ReorderLen(q) == IF Variant = "last-chunk-full-size" THEN Chunk ELSE Len(ReorderChunk(q).payload)
Reassembled(q) ==
    LET m    == ReorderChunk(q)
        base == ReorderBase(q)
        at   == ReorderAt(q)
        len  == ReorderLen(q)
        Byte(j) == IF j < Len(m.payload) THEN m.payload[j + 1] ELSE Hole
    IN [k \in 1 .. Len(base) |-> IF k - 1 >= at /\ k - 1 < at + len THEN Byte(k - 1 - at) ELSE base[k]]

(* Algorithm 2, lines 7 and 9: the receiver polls QP q's oldest receive completion and     *)
(* reorders its chunk (Reassembled) and completes the data ID once the byte count reaches   *)
(* the total: the buffer is handed to the application and freed.                          *)
Reorder(q) ==
    /\ completions[q] # <<>>
    /\ LET m     == ReorderChunk(q)
           s     == m.dataId
           base  == ReorderBase(q)
           at    == ReorderAt(q)
           len   == ReorderLen(q)
           new   == Reassembled(q)
           total == received[s + 1] + len
       IN /\ completions' = [completions EXCEPT ![q] = Tail(@)]
          /\ outside' = outside \cup {[dataId |-> s, position |-> at + j] :
                                         j \in {j \in 0 .. len - 1 : at + j >= Len(base)}}
          /\ IF total >= m.totalSize
               THEN /\ delivered' = delivered \cup {[dataId |-> s, data |-> new]}
                    /\ buffers' = [buffers EXCEPT ![s + 1] = <<>>]
                    /\ received' = [received EXCEPT ![s + 1] = 0]
               ELSE /\ buffers' = [buffers EXCEPT ![s + 1] = new]
                    /\ received' = [received EXCEPT ![s + 1] = total]
                    /\ UNCHANGED delivered
    /\ UNCHANGED <<nextChunk, sendQueues, resend, qpError, errorsLeft, posted>>

Consumed(q) == ReceiveWrs - posted[q]
               - Cardinality({i \in 1 .. Len(completions[q]) : ~completions[q][i].reposted})

(* Algorithm 2, line 8: a consumed receive buffer is posted again. *)
PostReceive(q) ==
    /\ Variant # "no-receive-repost"
    /\ ~qpError[q]
    /\ Consumed(q) > 0
    /\ posted' = [posted EXCEPT ![q] = @ + 1]
    /\ UNCHANGED <<nextChunk, sendQueues, resend, qpError, errorsLeft, completions, buffers, received, delivered,
                   outside>>

(* repost-before-consume: the buffer of the oldest completion not yet re-posted is posted  *)
(* again before reordering copied its chunk out.                                          *)
PostReceiveEarly(q) ==
    /\ Variant = "repost-before-consume"
    /\ ~qpError[q]
    /\ \E i \in 1 .. Len(completions[q]) : ~completions[q][i].reposted
    /\ LET free == {i \in 1 .. Len(completions[q]) : ~completions[q][i].reposted}
           i == CHOOSE i \in free : \A k \in free : i <= k
       IN completions' = [completions EXCEPT ![q][i].reposted = TRUE]
    /\ posted' = [posted EXCEPT ![q] = @ + 1]
    /\ UNCHANGED <<nextChunk, sendQueues, resend, qpError, errorsLeft, buffers, received, delivered, outside>>

(* The protocol is done: every chunk split and sent, every completion reordered.  A      *)
(* stuttering step here keeps TLC's deadlock check to the explorer's DeadlockFree (a state  *)
(* with no step that is not done).                                                        *)
Done ==
    /\ \A t \in Tr : nextChunk[t + 1] = N
    /\ \A q \in QP : sendQueues[q] = <<>> /\ completions[q] = <<>>
    /\ resend = {}
    /\ UNCHANGED vars

-----------------------------------------------------------------------------

Next ==
    \/ \E q \in QP, t \in Tr : Post(q, t)
    \/ \E q \in QP, c \in Msgs : Resend(q, c)
    \/ \E q \in QP : SendComplete(q) \/ Reconnect(q) \/ Arrive(q) \/ QpError(q) \/ RnrError(q)
                     \/ Reorder(q) \/ PostReceive(q) \/ PostReceiveEarly(q)
    \/ Done

(* Weak fairness of every protocol step on its own; the faults (QpError, RnrError) are not fair. *)
Fairness ==
    /\ \A q \in QP, t \in Tr : WF_vars(Post(q, t))
    /\ \A q \in QP, c \in Msgs : WF_vars(Resend(q, c))
    /\ \A q \in QP : /\ WF_vars(SendComplete(q)) /\ WF_vars(Reconnect(q)) /\ WF_vars(Arrive(q))
                     /\ WF_vars(Reorder(q)) /\ WF_vars(PostReceive(q)) /\ WF_vars(PostReceiveEarly(q))

Spec == Init /\ [][Next]_vars /\ Fairness

-----------------------------------------------------------------------------
(* Invariants: the same names as org.rdmacheck.properties.partition.PartitionProperties. *)

ReassembledEqualsOriginal == \A d \in delivered : \E t \in Tr : d.data = Original(t)

\* where a byte value is: in a chunk in flight, to be posted again, in a receive buffer,
\* in a reassembly buffer, delivered (a landed chunk is counted in its receive buffer)
\* <<q, j, k>>: byte k of the chunk of entry j of QP q's queue in seqs (send or completion queues)
Positions(seqs) == UNION {UNION {{<<q, j, k>> : k \in 1 .. Len(seqs[q][j].chunk.payload)} :
                                     j \in 1 .. Len(seqs[q])} : q \in QP}
InFlightCopies(v) == {x \in Positions(sendQueues) :
                         ~sendQueues[x[1]][x[2]].landed /\ sendQueues[x[1]][x[2]].chunk.payload[x[3]] = v}
InResend(v) == {<<c, k>> \in resend \X (1 .. Chunk) : k <= Len(c.payload) /\ c.payload[k] = v}
InReceiveBuffer(v) == {x \in Positions(completions) : completions[x[1]][x[2]].chunk.payload[x[3]] = v}
InBuf(v) == {<<s, k>> \in Slots \X (1 .. Size) : k <= Len(buffers[s + 1]) /\ buffers[s + 1][k] = v}
InDelivered(v) == {<<d, k>> \in delivered \X (1 .. Size) : d.data[k] = v}
Copies(v) == Cardinality(InFlightCopies(v)) + Cardinality(InResend(v)) + Cardinality(InReceiveBuffer(v))
             + Cardinality(InBuf(v)) + Cardinality(InDelivered(v))
Sent(t) == IF nextChunk[t + 1] * Chunk < Size THEN nextChunk[t + 1] * Chunk ELSE Size

NoChunkLost == \A t \in Tr : \A i \in 0 .. Sent(t) - 1 : Copies(Val(t, i)) >= 1
NoChunkDuplicated == \A t \in Tr : \A i \in 0 .. Size - 1 : Copies(Val(t, i)) <= 1
NoWriteOutsideBuffer == outside = {}
AtMostOneOutstandingPerQp == \A q \in QP : Len(sendQueues[q]) <= 1
Mixed(b) == \E j, k \in 1 .. Len(b) : b[j] # Hole /\ b[k] # Hole /\ TransferOf(b[j]) # TransferOf(b[k])
DataIdsNeverMix == (\A s \in Slots : ~Mixed(buffers[s + 1])) /\ (\A d \in delivered : ~Mixed(d.data))
(* Algorithm 2: line 2 registers ReceiveWrs buffers per QP, line 8 re-posts the one whose  *)
(* task completed: posted work requests plus completions not re-posted never exceed them.  *)
NoReceiveBufferOverbooked == \A q \in QP : Consumed(q) >= 0

(* Seed 003, III-B: "we assigned equal and small amount of data packets to each pair of QP *)
(* for sending at the beginning of the transmission. While we detect a complete            *)
(* information, add the next send task to the corresponding QP until all the data sent     *)
(* completed" (Algorithm 1, lines 3-8).  While a chunk waits to be sent (a transfer has one *)
(* not yet split whose data ID it may use, or a flushed chunk waits to be posted again),    *)
(* every QP whose last sending task completed may take it.  Which free QP takes it first is *)
(* the network's timing, left open: no property of behaviours alone can tell the split from *)
(* all chunks on one QP (a fast QP), so this one says that no free QP is shut out.          *)
ChunkWaits == (\E t \in Tr : nextChunk[t + 1] < N /\ DataIdFree(t)) \/ resend # {}
FreeQp(q) == ~qpError[q] /\ sendQueues[q] = <<>>
FreeQpMayPost ==
    \A q \in QP : FreeQp(q) /\ ChunkWaits =>
        \/ ENABLED (\E t \in Tr : Post(q, t))
        \/ ENABLED (\E c \in Msgs : Resend(q, c))

(* Every transfer complete: the protocol is done, no partial buffer, one delivery per transfer. *)
AllTransfersComplete ==
    /\ \A t \in Tr : nextChunk[t + 1] = N
    /\ \A q \in QP : sendQueues[q] = <<>> /\ completions[q] = <<>>
    /\ resend = {}
    /\ \A s \in Slots : buffers[s + 1] = <<>>
    /\ Cardinality(delivered) = Transfers

(* Liveness: the Java explorer checks the same formula under the same fairness           *)
(* (PartitionEntry.PROTOCOL_FAIR); EveryTransferCanComplete (AG EF) is explorer-only.     *)
EveryTransferCompletes == <>AllTransfersComplete
=============================================================================
