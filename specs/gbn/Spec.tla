-------------------------------- MODULE Spec --------------------------------
(***************************************************************************)
(* RoCEv2 reliable-connection loss recovery: Go-Back-0, Go-Back-N, and    *)
(* Go-Back-N with Send-Twice (ST) and Check-EPSN (CE).                    *)
(*                                                                         *)
(* Wang et al., "Error Recovery of RDMA Packets in Data Center Networks"  *)
(* (seed 002): II-A (ACK request, NAK interval, Go-Back-0/N), III-A (the  *)
(* four causes of timeout), III-C (ST and CE); Zhu et al., DCQCN (seed    *)
(* 004), section 7 (go-back-N under packet loss).                         *)
(*                                                                         *)
(* The twin of the Java model org.rdmacheck.model.gbn.GoBackN: the same   *)
(* variables, initial state and actions, so equal constants give equal    *)
(* distinct-state counts. Timers are untimed events: a NAK interval and   *)
(* the CE timer may end at any time; the ACK timeout (RTO) is far longer  *)
(* than an RTT and the NAK interval (Table I), so it fires only when      *)
(* nothing else can happen.                                               *)
(***************************************************************************)
EXTENDS Integers, Sequences

CONSTANTS
    Packets,      \* packets per message M
    Messages,     \* back-to-back messages K, PSNs continue
    AckInterval,  \* AckReq on every AckInterval-th packet of a message; 0: last only
    Capacity,     \* capacity of the data and of the control channel
    Losses,       \* loss budget L
    Variant,      \* "gb0", "gbn", "st", "ce" or "improved"
    Duplicates,   \* "ack": a duplicate with AckReq is acknowledged again; "ignore"
    NakPolicy,    \* "interval": one NAK per NAK interval (II-A as written);
                  \* "epsn": also NAK at once when EPSN differs from the last NAK's (ns-3)
    Pipeline,     \* BOOLEAN: TRUE, a message is posted at once (pipelined); FALSE, only once the
                  \* previous one completed (III-A, an application without the pipeline mode)
    Knockouts     \* mechanisms knocked out (the Java catalogue's --knockout), a subset of KnockoutNames

ASSUME Packets \in Nat \ {0} /\ Messages \in Nat \ {0} /\ AckInterval \in Nat
ASSUME Capacity \in Nat /\ Capacity >= 2 /\ Losses \in Nat
ASSUME Variant \in {"gb0", "gbn", "st", "ce", "improved"} /\ Duplicates \in {"ack", "ignore"}
ASSUME NakPolicy \in {"interval", "epsn"} /\ Pipeline \in BOOLEAN
KnockoutNames == {"send-twice", "check-epsn", "ack-request", "epsn-check", "duplicate-detection", "ack-timeout",
                  "ce-reset-on-epsn"}
ASSUME Knockouts \subseteq KnockoutNames
(* A mechanism of seed 002 is on unless knocked out; each knock-out is the Java rules' guard        *)
(* (GbnConfig, Receiver, GoBackN) written beside the rule it removes.                               *)
Has(mechanism) == mechanism \notin Knockouts

N == Packets * Messages                         \* PSNs are 0..N-1
GoBackZero == Variant = "gb0"
SendTwice == Variant \in {"st", "improved"}
CheckEpsn == Variant \in {"ce", "improved"}

IsLast(p) == (p % Packets) = Packets - 1         \* opcode "Last"
MessageStart(p) == p - (p % Packets)
AckReq(p) == Has("ack-request") /\ (IsLast(p) \/ (AckInterval > 0 /\ (p % Packets) % AckInterval = AckInterval - 1))
Copies(p) == IF SendTwice /\ Has("send-twice") /\ IsLast(p) THEN 2 ELSE 1
Max(a, b) == IF a >= b THEN a ELSE b
Ack(n) == [kind |-> "ACK", psn |-> n]
Nak(n) == [kind |-> "NAK", psn |-> n]
Remove(s, i) == SubSeq(s, 1, i - 1) \o SubSeq(s, i + 1, Len(s))

VARIABLES
    next,        \* sender: next PSN to transmit
    una,         \* sender: oldest unacknowledged PSN
    epsn,        \* receiver: expected PSN
    nakTimer,    \* receiver: a NAK interval is running
    ceLpsn,      \* receiver: LPSN recorded by CE while its timer runs; -1 idle
    lastNak,     \* receiver: EPSN of the last NAK ("epsn" policy); always -1 otherwise
    data,        \* data channel, oldest first
    ctrl,        \* control channel, oldest first
    lossesLeft   \* loss budget still unused

vars == <<next, una, epsn, nakTimer, ceLpsn, lastNak, data, ctrl, lossesLeft>>

NakRecord == IF NakPolicy = "epsn" THEN epsn ELSE -1   \* lastNak after sending NAK(epsn)

TypeOK ==
    /\ next \in 0..N /\ una \in 0..N /\ epsn \in 0..N
    /\ nakTimer \in BOOLEAN /\ ceLpsn \in {-1} \cup (0..N-1) /\ lastNak \in {-1} \cup (0..N-1)
    /\ data \in Seq(0..N-1) /\ Len(data) <= Capacity
    /\ ctrl \in Seq([kind : {"ACK", "NAK"}, psn : 0..N]) /\ Len(ctrl) <= Capacity
    /\ lossesLeft \in 0..Losses

Init ==
    /\ next = 0 /\ una = 0 /\ epsn = 0 /\ nakTimer = FALSE /\ ceLpsn = -1 /\ lastNak = -1
    /\ data = <<>> /\ ctrl = <<>> /\ lossesLeft = Losses

(* seed 002, III-A: an application that "doesn't support the pipeline mode, i.e., should wait    *)
(* for the previous flows to complete before it begins to send new flows". Its next message is     *)
(* posted, and so the message's first packet p may leave, only once the sender knows every PSN     *)
(* before p delivered (una >= p); pipelined (Pipeline), every message is posted at once. The mode   *)
(* matters for Send-Twice (III-C 1): pipelined, the next message's packets reveal a lost last       *)
(* packet (their NAK) and acknowledge it with their own ACK, so only the very last message's second *)
(* copy is ever needed; an application that waits sends nothing behind a message's last packet, and *)
(* that packet lost, or its ACK, waits for the RTO (III-A, reasons 1 and 2). The knock-out           *)
(* "send-twice" is compared there (the Java catalogue's coverage scope has pipeline=false).         *)
MessagePosted(p) == Pipeline \/ p # MessageStart(p) \/ una >= p

(* Sender: transmit packet next (twice if it is a last packet under ST), *)
(* once its message is posted.                                            *)
Send ==
    /\ next < N
    /\ MessagePosted(next)
    /\ Len(data) + Copies(next) <= Capacity
    /\ data' = data \o (IF Copies(next) = 2 THEN <<next, next>> ELSE <<next>>)
    /\ next' = next + 1
    /\ UNCHANGED <<una, epsn, nakTimer, ceLpsn, lastNak, ctrl, lossesLeft>>

(* Receiver: in order -> deliver, ACK if AckReq; duplicate -> ACK again if *)
(* AckReq and Duplicates = "ack"; out of order -> drop, NAK(epsn) unless a *)
(* NAK interval runs; CE records LPSN when the last packet is out of order.*)
(* The receiver takes packet p as the next one: delivers it, expects p + 1, ACKs if AckReq; the CE *)
(* timer keeps running (III-C: "only set the timer to the initial value"), unless the knock-out   *)
(* "ce-reset-on-epsn" has the in-order packet stop it. Without the EPSN check ("epsn-check") a    *)
(* packet ahead of EPSN, without duplicate detection ("duplicate-detection") one below it, is     *)
(* taken too.                                                                                      *)
Take(p) ==
    /\ epsn' = p + 1
    /\ ctrl' = IF AckReq(p) THEN Append(ctrl, Ack(p + 1)) ELSE ctrl
    /\ ceLpsn' = IF Has("ce-reset-on-epsn") THEN ceLpsn ELSE -1
    /\ UNCHANGED <<nakTimer, lastNak>>

ReceiveData ==
    /\ data /= <<>>
    /\ Len(ctrl) < Capacity
    /\ LET p == Head(data) IN
         CASE p = epsn ->
                Take(p)
           [] p < epsn /\ ~Has("duplicate-detection") -> Take(p)
           [] p > epsn /\ ~Has("epsn-check") -> Take(p)
           [] p < epsn ->
                /\ ctrl' = IF Duplicates = "ack" /\ AckReq(p) THEN Append(ctrl, Ack(epsn)) ELSE ctrl
                /\ UNCHANGED <<epsn, nakTimer, ceLpsn, lastNak>>
           [] OTHER ->
                /\ ceLpsn' = IF CheckEpsn /\ Has("check-epsn") /\ IsLast(p) THEN p ELSE ceLpsn
                /\ nakTimer' = TRUE
                /\ IF nakTimer /\ (NakPolicy = "interval" \/ lastNak = epsn)
                     THEN UNCHANGED <<ctrl, lastNak>>
                     ELSE ctrl' = Append(ctrl, Nak(epsn)) /\ lastNak' = NakRecord
                /\ UNCHANGED epsn
    /\ data' = Tail(data)
    /\ UNCHANGED <<next, una, lossesLeft>>

(* Sender: ACK(n) and NAK(n) release PSNs below n; NAK goes back to n      *)
(* (Go-Back-N) or to the message's first packet (Go-Back-0).              *)
ReceiveCtrl ==
    /\ ctrl /= <<>>
    /\ LET c == Head(ctrl) IN
         /\ una' = Max(una, c.psn)
         /\ next' = IF c.kind = "ACK" THEN Max(next, Max(una, c.psn))
                    ELSE IF GoBackZero THEN MessageStart(c.psn) ELSE c.psn
    /\ ctrl' = Tail(ctrl)
    /\ UNCHANGED <<epsn, nakTimer, ceLpsn, lastNak, data, lossesLeft>>

NakIntervalExpiry ==
    /\ nakTimer
    /\ nakTimer' = FALSE
    /\ UNCHANGED <<next, una, epsn, ceLpsn, lastNak, data, ctrl, lossesLeft>>

(* seed 002, III-C: when the CE timer runs out, NAK(EPSN) and restart if  *)
(* EPSN < LPSN; otherwise the timer stops.                                *)
CheckEpsnExpiry ==
    /\ ceLpsn >= 0
    /\ Len(ctrl) < Capacity
    /\ IF epsn < ceLpsn
         THEN /\ ctrl' = Append(ctrl, Nak(epsn))
              /\ nakTimer' = TRUE
              /\ lastNak' = NakRecord
              /\ UNCHANGED ceLpsn
         ELSE /\ ceLpsn' = -1
              /\ UNCHANGED <<ctrl, nakTimer, lastNak>>
    /\ UNCHANGED <<next, una, epsn, data, lossesLeft>>

LoseData ==
    /\ lossesLeft > 0
    /\ \E i \in 1..Len(data) : data' = Remove(data, i)
    /\ lossesLeft' = lossesLeft - 1
    /\ UNCHANGED <<next, una, epsn, nakTimer, ceLpsn, lastNak, ctrl>>

LoseCtrl ==
    /\ lossesLeft > 0
    /\ \E i \in 1..Len(ctrl) : ctrl' = Remove(ctrl, i)
    /\ lossesLeft' = lossesLeft - 1
    /\ UNCHANGED <<next, una, epsn, nakTimer, ceLpsn, lastNak, data>>

(* Nothing else can happen: exactly when no other action is enabled. The  *)
(* sender has nothing to send when every PSN is sent or, not pipelined,   *)
(* when the next message is not posted yet (its predecessor's last ACK    *)
(* lost: III-A, reason 2 across the message boundary).                    *)
Quiescent ==
    data = <<>> /\ ctrl = <<>> /\ (next >= N \/ ~MessagePosted(next)) /\ ~nakTimer /\ ceLpsn = -1

(* ACK timeout: resend from the oldest unacknowledged packet.             *)
Timeout ==
    /\ Has("ack-timeout")
    /\ una < N
    /\ Quiescent
    /\ next' = una
    /\ UNCHANGED <<una, epsn, nakTimer, ceLpsn, lastNak, data, ctrl, lossesLeft>>

Next ==
    \/ Send \/ ReceiveData \/ ReceiveCtrl \/ NakIntervalExpiry \/ CheckEpsnExpiry
    \/ LoseData \/ LoseCtrl \/ Timeout

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Invariants and properties *)

Done == una = N /\ epsn = N

(* The sender never releases a packet the receiver has not received.      *)
NoUnreceivedRelease == una <= epsn

(* The legitimate end (GoBackN.isFinal): every packet delivered and       *)
(* acknowledged, nothing in flight, no timer running.                     *)
Final == Done /\ data = <<>> /\ ctrl = <<>> /\ ~nakTimer /\ ceLpsn = -1

(* The Java side's DeadlockFree: every state has a successor or is final. *)
(* An invariant, not TLC's deadlock check, because a final state has no   *)
(* successor by design (TLC would call it a deadlock). Without the RTO    *)
(* (knock-out "ack-timeout", seed 002 II-A) a lost last packet or last ACK *)
(* leaves both ends waiting (III-A, reasons 1 and 2).                     *)
DeadlockFree == Final \/ ENABLED Next

(* In-order, exactly-once delivery: EPSN moves only by one, on receiving   *)
(* packet EPSN.                                                            *)
InOrderStep ==
    \/ epsn' = epsn
    \/ epsn' = epsn + 1 /\ data /= <<>> /\ Head(data) = epsn /\ data' = Tail(data)
InOrderExactlyOnce == [][InOrderStep]_vars

(* The ACK timeout never fires.                                            *)
NoTimeout == [][~Timeout]_vars

(* The ACK timeout never fires while the receiver waits for a packet other *)
(* than a message's last one (seed 002, III-A reasons 3 and 4: a gap whose *)
(* NAK was lost or suppressed, or whose retransmission was lost again;     *)
(* III-C: Check-EPSN NAKs it again).                                       *)
NoStalledGap == [][Timeout => epsn = N \/ IsLast(epsn)]_vars

-----------------------------------------------------------------------------
(* Liveness under fair loss (the Java catalogue's Delivered, GbnEntry):    *)
(* both channels are strongly fair (a receiver that can take the head of   *)
(* its channel infinitely often does so infinitely often), the sender and  *)
(* each timer weakly fair; losses are not fair, and the budget Losses      *)
(* makes them finitely many.                                               *)
Fairness ==
    /\ SF_vars(ReceiveData) /\ SF_vars(ReceiveCtrl)
    /\ WF_vars(Send) /\ WF_vars(NakIntervalExpiry) /\ WF_vars(CheckEpsnExpiry) /\ WF_vars(Timeout)

FairSpec == Spec /\ Fairness

(* Every message is delivered and acknowledged.                            *)
Delivered == <>Done
=============================================================================
