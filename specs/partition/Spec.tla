------------------------------- MODULE Spec -------------------------------
(***************************************************************************)
(* Multi-QP data partition: Wang et al., "RDMA Load Balancing via Data     *)
(* Partition" (seed 003), Section III-B, Algorithms 1 and 2.               *)
(*                                                                         *)
(* Transfers of Size bytes each share QPs queue pairs.  The sender posts a *)
(* chunk on a QP only after the QP's last send completed (Alg. 1, line 6), *)
(* taking the next chunk of any transfer that has one.  Each chunk carries *)
(* the custom header: data ID, total data size, chunk offset.  A QP's      *)
(* completion hands its chunk to the receiver's reordering (Alg. 2), which *)
(* allocates the total size on a data ID's first chunk, places the chunk   *)
(* at its offset and completes the data ID when the byte count reaches the *)
(* total.  Bytes are symbolic: byte i of transfer t is t * Size + i + 1, a *)
(* hole is 0, so reassembly is compared with the original exactly.         *)
(*                                                                         *)
(* Variant selects the paper's design or one of four mistakes: "paper",   *)
(* "no-data-id", "arrival-offset", "last-chunk-full-size",                *)
(* "no-completion-wait" (the sender does not wait for a QP's completion   *)
(* before posting on it again; at most 2 outstanding, to stay finite).    *)
(* The Java twin is org.rdmacheck.model.partition.DataPartition, with the  *)
(* same variables, initial state and actions (equal state counts).         *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS Size, Chunk, QPCount, Transfers, Variant

ASSUME Size \in Nat \ {0} /\ Chunk \in Nat \ {0} /\ QPCount \in Nat \ {0} /\ Transfers \in Nat \ {0}
ASSUME Variant \in {"paper", "no-data-id", "arrival-offset", "last-chunk-full-size", "no-completion-wait"}

N == (Size + Chunk - 1) \div Chunk          \* chunks per transfer
Ids == 0 .. Transfers - 1                   \* transfers, and receiver data IDs
QP == 0 .. QPCount - 1
Hole == 0
Val(t, i) == t * Size + i + 1
TransferOf(v) == (v - 1) \div Size
Original(t) == [k \in 1 .. Size |-> Val(t, k - 1)]
ChunkLen(i) == IF i = N - 1 THEN Size - (N - 1) * Chunk ELSE Chunk
\* Without a data ID field every chunk looks alike to the receiver: ID 0.
HeaderId(t) == IF Variant = "no-data-id" THEN 0 ELSE t
\* chunks a QP may have outstanding when the sender posts (Algorithm 1, line 6)
Depth == IF Variant = "no-completion-wait" THEN 2 ELSE 1
\* the custom header (data ID, total data size, chunk offset) and the payload
Msg(t, i) == [dataId |-> HeaderId(t), totalSize |-> Size, offset |-> i * Chunk,
              payload |-> [k \in 1 .. ChunkLen(i) |-> Val(t, i * Chunk + k - 1)]]

(* The variables are the fields of the Java state (PartitionState), so that stored     *)
(* counterexamples validate against this spec.  Per-transfer, per-QP and per-data-ID    *)
(* arrays are sequences: element x + 1 belongs to transfer, QP or data ID x.           *)
VARIABLES nextChunk,  \* per transfer: index of the next chunk the split function returns
          qps,        \* per QP: chunks posted and not yet completed, oldest first
          buffers,    \* per data ID: the receiver's buffer, <<>> when none is allocated
          received,   \* per data ID: bytes received into the current buffer
          delivered,  \* buffers handed to the application: [dataId, data] records
          outside     \* [dataId, position] records: bytes written beyond an allocated buffer
vars == <<nextChunk, qps, buffers, received, delivered, outside>>

TypeOK ==
    /\ nextChunk \in [1 .. Transfers -> 0 .. N]
    /\ Len(qps) = QPCount /\ \A q \in QP : Len(qps[q + 1]) <= Depth
    /\ Len(buffers) = Transfers /\ \A s \in Ids : Len(buffers[s + 1]) \in {0, Size}
    /\ received \in [1 .. Transfers -> Nat]
    /\ \A d \in delivered : d.dataId \in Ids /\ Len(d.data) = Size
    /\ \A o \in outside : o.dataId \in Ids /\ o.position >= Size

Init ==
    /\ nextChunk = [k \in 1 .. Transfers |-> 0]
    /\ qps = [k \in 1 .. QPCount |-> <<>>]
    /\ buffers = [k \in 1 .. Transfers |-> <<>>]
    /\ received = [k \in 1 .. Transfers |-> 0]
    /\ delivered = {}
    /\ outside = {}

(* Algorithm 1, lines 6-8: QP q's last send completed; split transfer t's next chunk and post it. *)
Post(q, t) ==
    /\ Len(qps[q + 1]) < Depth
    /\ nextChunk[t + 1] < N
    /\ qps' = [qps EXCEPT ![q + 1] = Append(@, Msg(t, nextChunk[t + 1]))]
    /\ nextChunk' = [nextChunk EXCEPT ![t + 1] = @ + 1]
    /\ UNCHANGED <<buffers, received, delivered, outside>>

(* Algorithm 2, lines 7-9: QP q's oldest chunk completes and the receiver reorders it: it  *)
(* allocates the total size on the data ID's first chunk, places the bytes at the offset   *)
(* and completes the data ID once the byte count reaches the total.                       *)
Complete(q) ==
    /\ qps[q + 1] # <<>>
    /\ LET m     == Head(qps[q + 1])
           s     == m.dataId
           base  == IF buffers[s + 1] = <<>> THEN [k \in 1 .. m.totalSize |-> Hole] ELSE buffers[s + 1]
           \* arrival-offset: the next free position is "bytes received so far"
           at    == IF Variant = "arrival-offset" THEN received[s + 1] ELSE m.offset
           \* last-chunk-full-size: the length is assumed to be Chunk, not the payload's
           len   == IF Variant = "last-chunk-full-size" THEN Chunk ELSE Len(m.payload)
           Byte(j) == IF j < Len(m.payload) THEN m.payload[j + 1] ELSE Hole
           new   == [k \in 1 .. Len(base) |->
                        IF k - 1 >= at /\ k - 1 < at + len THEN Byte(k - 1 - at) ELSE base[k]]
           total == received[s + 1] + len
       IN /\ qps' = [qps EXCEPT ![q + 1] = Tail(@)]
          /\ outside' = outside \cup {[dataId |-> s, position |-> at + j] :
                                         j \in {j \in 0 .. len - 1 : at + j >= Len(base)}}
          /\ IF total >= m.totalSize
               THEN /\ delivered' = delivered \cup {[dataId |-> s, data |-> new]}
                    /\ buffers' = [buffers EXCEPT ![s + 1] = <<>>]
                    /\ received' = [received EXCEPT ![s + 1] = 0]
               ELSE /\ buffers' = [buffers EXCEPT ![s + 1] = new]
                    /\ received' = [received EXCEPT ![s + 1] = total]
                    /\ UNCHANGED delivered
          /\ UNCHANGED nextChunk

Next == (\E q \in QP, t \in Ids : Post(q, t)) \/ (\E q \in QP : Complete(q))

Spec == Init /\ [][Next]_vars /\ WF_vars(Next)

-----------------------------------------------------------------------------
(* Invariants: the same names as org.rdmacheck.properties.partition.PartitionProperties. *)

ReassembledEqualsOriginal == \A d \in delivered : \E t \in Ids : d.data = Original(t)

\* where a byte value is: in a chunk on a QP, in a receiver buffer, in a delivered buffer
InQp(v) == {<<q, j, k>> \in QP \X (1 .. Depth) \X (1 .. Chunk) :
               j <= Len(qps[q + 1]) /\ k <= Len(qps[q + 1][j].payload) /\ qps[q + 1][j].payload[k] = v}
InBuf(v) == {<<s, k>> \in Ids \X (1 .. Size) : k <= Len(buffers[s + 1]) /\ buffers[s + 1][k] = v}
InDelivered(v) == {<<d, k>> \in delivered \X (1 .. Size) : d.data[k] = v}
Copies(v) == Cardinality(InQp(v)) + Cardinality(InBuf(v)) + Cardinality(InDelivered(v))
Sent(t) == IF nextChunk[t + 1] * Chunk < Size THEN nextChunk[t + 1] * Chunk ELSE Size

NoChunkLost == \A t \in Ids : \A i \in 0 .. Sent(t) - 1 : Copies(Val(t, i)) >= 1
NoChunkDuplicated == \A t \in Ids : \A i \in 0 .. Size - 1 : Copies(Val(t, i)) <= 1
NoWriteOutsideBuffer == outside = {}
AtMostOneOutstandingPerQp == \A q \in QP : Len(qps[q + 1]) <= 1
Mixed(b) == \E j, k \in 1 .. Len(b) : b[j] # Hole /\ b[k] # Hole /\ TransferOf(b[j]) # TransferOf(b[k])
DataIdsNeverMix == (\A s \in Ids : ~Mixed(buffers[s + 1])) /\ (\A d \in delivered : ~Mixed(d.data))

(* Progress: the Java model checks AG EF AllTransfersComplete.  The state graph is finite and *)
(* acyclic (every step posts or completes a chunk), so under weak fairness <>goal is the same. *)
AllTransfersComplete ==
    /\ \A t \in Ids : nextChunk[t + 1] = N
    /\ \A q \in QP : qps[q + 1] = <<>>
    /\ \A s \in Ids : buffers[s + 1] = <<>>
    /\ Cardinality(delivered) = Transfers
EveryTransferCompletes == <>AllTransfersComplete
=============================================================================
