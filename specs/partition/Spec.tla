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

CONSTANTS Size, Chunk, QPs, Transfers, Variant

ASSUME Size \in Nat \ {0} /\ Chunk \in Nat \ {0} /\ QPs \in Nat \ {0} /\ Transfers \in Nat \ {0}
ASSUME Variant \in {"paper", "no-data-id", "arrival-offset", "last-chunk-full-size", "no-completion-wait"}

N == (Size + Chunk - 1) \div Chunk          \* chunks per transfer
Ids == 0 .. Transfers - 1                   \* transfers, and receiver data IDs
QP == 0 .. QPs - 1
Hole == 0
Val(t, i) == t * Size + i + 1
TransferOf(v) == (v - 1) \div Size
Original(t) == [k \in 1 .. Size |-> Val(t, k - 1)]
ChunkLen(i) == IF i = N - 1 THEN Size - (N - 1) * Chunk ELSE Chunk
\* Without a data ID field every chunk looks alike to the receiver: ID 0.
HeaderId(t) == IF Variant = "no-data-id" THEN 0 ELSE t
\* chunks a QP may have outstanding when the sender posts (Algorithm 1, line 6)
Depth == IF Variant = "no-completion-wait" THEN 2 ELSE 1
Msg(t, i) == [id |-> HeaderId(t), total |-> Size, offset |-> i * Chunk,
              payload |-> [k \in 1 .. ChunkLen(i) |-> Val(t, i * Chunk + k - 1)]]

VARIABLES next,       \* per transfer: index of the next chunk the split function returns
          qp,         \* per QP: chunks posted and not yet completed
          buf,        \* per data ID: the receiver's buffer, <<>> when none is allocated
          rcvd,       \* per data ID: bytes received into the current buffer
          delivered,  \* buffers handed to the application: [id, data] records
          outside     \* <<id, pos>>: bytes written beyond an allocated buffer
vars == <<next, qp, buf, rcvd, delivered, outside>>

TypeOK ==
    /\ next \in [Ids -> 0 .. N]
    /\ \A q \in QP : Len(qp[q]) \in Nat
    /\ \A s \in Ids : Len(buf[s]) \in {0, Size}
    /\ rcvd \in [Ids -> Nat]
    /\ \A d \in delivered : d.id \in Ids /\ Len(d.data) = Size
    /\ outside \subseteq Ids \X Nat

Init ==
    /\ next = [t \in Ids |-> 0]
    /\ qp = [q \in QP |-> <<>>]
    /\ buf = [s \in Ids |-> <<>>]
    /\ rcvd = [s \in Ids |-> 0]
    /\ delivered = {}
    /\ outside = {}

(* Algorithm 1, lines 6-8: QP q's last send completed; split transfer t's next chunk and post it. *)
Post(q, t) ==
    /\ Len(qp[q]) < Depth
    /\ next[t] < N
    /\ qp' = [qp EXCEPT ![q] = Append(@, Msg(t, next[t]))]
    /\ next' = [next EXCEPT ![t] = @ + 1]
    /\ UNCHANGED <<buf, rcvd, delivered, outside>>

(* Algorithm 2, lines 7-9: QP q's oldest chunk completes and the receiver reorders it. *)
Complete(q) ==
    /\ qp[q] # <<>>
    /\ LET m     == Head(qp[q])
           s     == m.id
           base  == IF buf[s] = <<>> THEN [k \in 1 .. m.total |-> Hole] ELSE buf[s]
           at    == IF Variant = "arrival-offset" THEN rcvd[s] ELSE m.offset
           len   == IF Variant = "last-chunk-full-size" THEN Chunk ELSE Len(m.payload)
           Byte(j) == IF j < Len(m.payload) THEN m.payload[j + 1] ELSE Hole
           new   == [k \in 1 .. Len(base) |->
                        IF k - 1 >= at /\ k - 1 < at + len THEN Byte(k - 1 - at) ELSE base[k]]
           total == rcvd[s] + len
       IN /\ qp' = [qp EXCEPT ![q] = Tail(@)]
          /\ outside' = outside \cup {<<s, at + j>> : j \in {j \in 0 .. len - 1 : at + j >= Len(base)}}
          /\ IF total >= m.total
               THEN /\ delivered' = delivered \cup {[id |-> s, data |-> new]}
                    /\ buf' = [buf EXCEPT ![s] = <<>>]
                    /\ rcvd' = [rcvd EXCEPT ![s] = 0]
               ELSE /\ buf' = [buf EXCEPT ![s] = new]
                    /\ rcvd' = [rcvd EXCEPT ![s] = total]
                    /\ UNCHANGED delivered
          /\ UNCHANGED next

Next == (\E q \in QP, t \in Ids : Post(q, t)) \/ (\E q \in QP : Complete(q))

Spec == Init /\ [][Next]_vars /\ WF_vars(Next)

-----------------------------------------------------------------------------
(* Invariants: the same names as org.rdmacheck.properties.partition.PartitionProperties. *)

ReassembledEqualsOriginal == \A d \in delivered : \E t \in Ids : d.data = Original(t)

\* where a byte value is: in a chunk on a QP, in a receiver buffer, in a delivered buffer
InQp(v) == {<<q, j, k>> \in QP \X (1 .. N * Transfers) \X (1 .. Chunk) :
               j <= Len(qp[q]) /\ k <= Len(qp[q][j].payload) /\ qp[q][j].payload[k] = v}
InBuf(v) == {<<s, k>> \in Ids \X (1 .. Size) : k <= Len(buf[s]) /\ buf[s][k] = v}
InDelivered(v) == {<<d, k>> \in delivered \X (1 .. Size) : d.data[k] = v}
Copies(v) == Cardinality(InQp(v)) + Cardinality(InBuf(v)) + Cardinality(InDelivered(v))
Sent(t) == IF next[t] * Chunk < Size THEN next[t] * Chunk ELSE Size

NoChunkLost == \A t \in Ids : \A i \in 0 .. Sent(t) - 1 : Copies(Val(t, i)) >= 1
NoChunkDuplicated == \A t \in Ids : \A i \in 0 .. Size - 1 : Copies(Val(t, i)) <= 1
NoWriteOutsideBuffer == outside = {}
AtMostOneOutstandingPerQp == \A q \in QP : Len(qp[q]) <= 1
Mixed(b) == \E j, k \in 1 .. Len(b) : b[j] # Hole /\ b[k] # Hole /\ TransferOf(b[j]) # TransferOf(b[k])
DataIdsNeverMix == (\A s \in Ids : ~Mixed(buf[s])) /\ (\A d \in delivered : ~Mixed(d.data))

(* Progress: the Java model checks AG EF AllTransfersComplete.  The state graph is finite and *)
(* acyclic (every step posts or completes a chunk), so under weak fairness <>goal is the same. *)
AllTransfersComplete ==
    /\ \A t \in Ids : next[t] = N
    /\ \A q \in QP : qp[q] = <<>>
    /\ \A s \in Ids : buf[s] = <<>>
    /\ Cardinality(delivered) = Transfers
EveryTransferCompletes == <>AllTransfersComplete
=============================================================================
