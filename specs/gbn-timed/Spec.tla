------------------------------ MODULE Spec ----------------------------------
(***************************************************************************)
(* Timed RoCEv2 loss recovery: Go-Back-0, Go-Back-N, Send-Twice (ST) and  *)
(* Check-EPSN (CE) with clocks in integer ticks.                          *)
(*                                                                         *)
(* Wang et al., "Error Recovery of RDMA Packets in Data Center Networks"  *)
(* (seed 002): II-A (ACK request, NAK interval, ACK timeout), III-A (the  *)
(* causes of timeout), III-C (ST, CE and its timer T), IV (RTO values).   *)
(* RetransmissionBound states what each loss may cost each scheme's      *)
(* recovery (II-A's go-backs, III-C's second copies).                   *)
(*                                                                         *)
(* The twin of the Java model org.rdmacheck.model.gbn.timed.TimedGoBackN: *)
(* the same variables, initial state and actions, so equal constants give*)
(* equal distinct-state counts. Every packet, ACK and NAK takes DelayMin..*)
(* DelayMax ticks unless lost; the sender sends one packet per tick; the  *)
(* RTO (InfiniBand encoding 4.096 us * 2^Timeout, rounded down to ticks), *)
(* the NAK interval and the CE timer count down and fire at zero, before  *)
(* time moves on. PSNs travel modulo 2^PsnBits; the receiver reads the    *)
(* half-space below EPSN as old.                                          *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Packets, Messages, AckInterval,  \* M packets per message, K messages, AckReq interval (0: last)
    Losses, NetDuplicates,           \* loss and duplication budgets
    Reorder,                         \* TRUE: packets within the delay bounds arrive in any order
    Displacement,                    \* under Reorder: the most earlier-sent packets in flight one may overtake
    LastPacketLoss,                  \* FALSE: a message's last packet is never lost (ST's business set aside)
    DelayMin, DelayMax,              \* one-way delay bounds, ticks
    TickNs, Timeout,                 \* tick length in ns; IB local ACK timeout (0: no RTO)
    NakTicks,                        \* NAK interval, ticks
    PsnBits, Window,                 \* PSN width; packets outstanding at most
    MaxRtos, Goodput,                \* bounds of CompletionWithinKRtos and GoodputBound (percent; 0: none)
    Variant, Duplicates, NakPolicy,
    Knockouts                        \* mechanisms knocked out (the Java catalogue's --knockout), a subset of
                                     \* KnockoutNames

ASSUME Packets >= 1 /\ Messages >= 1 /\ AckInterval >= 0 /\ Losses >= 0 /\ NetDuplicates >= 0
ASSUME Reorder \in BOOLEAN /\ Displacement \in Nat /\ LastPacketLoss \in BOOLEAN /\ DelayMin >= 1 /\ DelayMax >= DelayMin /\ TickNs >= 1 /\ Timeout \in 0..31
ASSUME NakTicks >= 1 /\ PsnBits \in 1..24 /\ Window >= 1 /\ MaxRtos >= 0 /\ Goodput \in 0..100
ASSUME Variant \in {"gb0", "gbn", "st", "ce", "improved"} /\ Duplicates \in {"ack", "ignore"}
ASSUME NakPolicy \in {"interval", "epsn"}
KnockoutNames == {"send-twice", "check-epsn", "ack-request", "ack-interval", "ce-timer-restart",
                  "ce-reset-on-epsn", "nak-interval", "rto-restart", "ce-residual", "send-twice-on-retransmission"}
ASSUME Knockouts \subseteq KnockoutNames

N == Packets * Messages
Size == 2^PsnBits
GoBackZero == Variant = "gb0"
SendTwice == Variant \in {"st", "improved"}
CheckEpsn == Variant \in {"ce", "improved"}
Max(a, b) == IF a >= b THEN a ELSE b
Min(a, b) == IF a <= b THEN a ELSE b
RtoTicks == IF Timeout = 0 THEN -1 ELSE Max(1, (4096 * 2^Timeout) \div TickNs)
MaxSent == IF Goodput = 0 THEN 0 ELSE (N * 100 + Goodput - 1) \div Goodput

IsLast(p) == (p % Packets) = Packets - 1
MessageStart(p) == p - (p % Packets)
(* A mechanism of seed 002 is on unless knocked out; each knock-out is the guard of the Java rules     *)
(* (GbnConfig, Receiver, TimedGoBackN) written here beside the rule it removes.                       *)
Has(mechanism) == mechanism \notin Knockouts
AckReq(p) == Has("ack-request")
             /\ (IsLast(p) \/ (AckInterval > 0 /\ Has("ack-interval") /\ (p % Packets) % AckInterval = AckInterval - 1))
Copies(p) == IF SendTwice /\ Has("send-twice") /\ IsLast(p) THEN 2 ELSE 1
(* What one loss may cost (II-A): one go-back. Go-Back-N resends "the     *)
(* packet (PSN=n) and all subsequent packets", never more than the window *)
(* holds beyond UNA <= n; Go-Back-0 "the whole message ... from the first *)
(* data packet", up to Packets - 1 more below n. Under ST (III-C (1)) each *)
(* last packet in the resent span goes out twice: the most last packets   *)
(* any Span consecutive PSNs hold.                                        *)
Span == IF GoBackZero THEN Window + Packets - 1 ELSE Window
LastsIn(s, len) == Cardinality({p \in s..s+len-1 : IsLast(p)})
ResendPerLoss == Span + (IF SendTwice THEN LET k == {LastsIn(s, Span) : s \in 0..Packets-1}
                                          IN CHOOSE m \in k : \A o \in k : o <= m
                                     ELSE 0)
(* The copies of the first sends of PSNs 0..h-1: one each, two of a last  *)
(* packet under ST; what the sender puts on the wire beyond them is resent.*)
FirstSends(h) == h + (IF SendTwice THEN LastsIn(0, h) ELSE 0)
(* sent saturates one above both bounds: RetransmissionBound with all N   *)
(* sent and the budget spent, GoodputBound when asked.                    *)
SentCap == Max(FirstSends(N) + Losses * ResendPerLoss, MaxSent) + 1
Wire(s) == s % Size
\* the receiver's old/new rule, and the sender's reading relative to UNA
ReadByReceiver(w, e) == LET d == (w - Wire(e)) % Size IN IF d < Size \div 2 THEN e + d ELSE e - (Size - d)
ReadBySender(w, u) == u + ((w - Wire(u)) % Size)

Remove(s, i) == SubSeq(s, 1, i - 1) \o SubSeq(s, i + 1, Len(s))
Rank(k) == IF k = "ACK" THEN 0 ELSE 1
LessP(a, b) == a.seq < b.seq \/ (a.seq = b.seq /\ a.age < b.age)
LessR(a, b) == Rank(a.kind) < Rank(b.kind) \/ (a.kind = b.kind /\ (a.n < b.n \/ (a.n = b.n /\ a.age < b.age)))
NormP(s) == IF Reorder THEN SortSeq(s, LessP) ELSE s
NormR(s) == IF Reorder THEN SortSeq(s, LessR) ELSE s
(* FIFO: the oldest only; reordering: one that overtakes at most           *)
(* Displacement packets sent before it (a greater age) still in flight.    *)
Deliverable(s, i) ==
    IF Reorder THEN Len(SelectSeq(s, LAMBDA r : r.age > s[i].age)) <= Displacement ELSE i = 1
Down(t, by) == IF t < 0 THEN t ELSE t - by

VARIABLES next, high, una, rto, busy, epsn, nak, ce, ceLpsn, lastNak, data, ctrl, lossesLeft, dupsLeft,
          good, timeouts, sent

vars == <<next, high, una, rto, busy, epsn, nak, ce, ceLpsn, lastNak, data, ctrl, lossesLeft, dupsLeft,
          good, timeouts, sent>>

NakRecord == IF NakPolicy = "epsn" THEN epsn ELSE -1
(* A retransmission of a last packet goes out twice too, unless "send-twice-on-retransmission" is out. *)
CopiesNow(p) == IF p < high /\ ~Has("send-twice-on-retransmission") THEN 1 ELSE Copies(p)
Corrupted == good /= epsn
CanSend == ~busy /\ next < N /\ next - una < Window

TypeOK ==
    /\ next \in 0..N /\ high \in 0..N /\ una \in 0..N /\ rto \in Int /\ busy \in BOOLEAN
    /\ epsn \in Nat /\ nak \in -1..NakTicks /\ ce \in -1..NakTicks /\ ceLpsn \in Int /\ lastNak \in Int
    /\ data \in Seq([seq : 0..N-1, age : 0..DelayMax])
    /\ ctrl \in Seq([kind : {"ACK", "NAK"}, n : Nat, age : 0..DelayMax])
    /\ lossesLeft \in 0..Losses /\ dupsLeft \in 0..NetDuplicates /\ good \in 0..N
    /\ timeouts \in 0..MaxRtos+1 /\ sent \in 0..SentCap

Init ==
    /\ next = 0 /\ high = 0 /\ una = 0 /\ rto = -1 /\ busy = FALSE /\ epsn = 0 /\ nak = -1 /\ ce = -1
    /\ ceLpsn = -1 /\ lastNak = -1 /\ data = <<>> /\ ctrl = <<>> /\ lossesLeft = Losses
    /\ dupsLeft = NetDuplicates /\ good = 0 /\ timeouts = 0 /\ sent = 0

(* Sender: put packet next on the link (twice if last under ST); the RTO  *)
(* starts if it is idle.                                                   *)
Send ==
    /\ ~Corrupted /\ CanSend
    /\ data' = NormP(data \o [j \in 1..CopiesNow(next) |-> [seq |-> next, age |-> 0]])
    /\ next' = next + 1 /\ high' = Max(high, next + 1) /\ busy' = TRUE
    /\ sent' = Min(SentCap, sent + CopiesNow(next))
    /\ rto' = IF rto < 0 THEN RtoTicks ELSE rto
    /\ UNCHANGED <<una, epsn, nak, ce, ceLpsn, lastNak, ctrl, lossesLeft, dupsLeft, good, timeouts>>

(* The receiver hands a packet it reads as sequence number as to the     *)
(* application exactly when as is EPSN (seed 002, II-A: the PSN check     *)
(* keeps duplicate and out-of-sequence packets from being processed); it  *)
(* then expects as + 1. MCRefinement's history and InOrderExactlyOnce     *)
(* judge this decision, not EPSN's moves: a receiver that hands over a    *)
(* copy of EPSN - 1 again (duplicate detection missing) leaves EPSN where *)
(* it was.                                                                 *)
HandsOver(as) == as = epsn

(* The receiver's rules (Receiver.onData) on packet p read as sequence   *)
(* number as; then its timers: a NAK starts the NAK interval, CE waits    *)
(* for what is left of it (T), a packet EPSN restarts CE's timer.         *)
Receive(i) ==
    LET p == data[i]
        as == ReadByReceiver(Wire(p.seq), epsn)
        inOrder == HandsOver(as)
        dup == as < epsn
        record == ~inOrder /\ ~dup /\ CheckEpsn /\ Has("check-epsn") /\ IsLast(p.seq)
        held == ~inOrder /\ ~dup /\ Has("nak-interval") /\ nak >= 0 /\ (NakPolicy = "interval" \/ lastNak = epsn)
        nakSent == ~inOrder /\ ~dup /\ ~held
        reply == IF inOrder /\ AckReq(p.seq) THEN <<[kind |-> "ACK", n |-> as + 1, age |-> 0]>>
                 ELSE IF dup /\ Duplicates = "ack" /\ AckReq(p.seq) THEN <<[kind |-> "ACK", n |-> epsn, age |-> 0]>>
                 ELSE IF nakSent THEN <<[kind |-> "NAK", n |-> epsn, age |-> 0]>>
                 ELSE <<>>
        nak2 == IF nakSent THEN NakTicks ELSE nak
        ceLpsn2 == IF record THEN as ELSE IF inOrder /\ ~Has("ce-reset-on-epsn") THEN -1 ELSE ceLpsn
    IN
    /\ epsn' = IF inOrder THEN as + 1 ELSE epsn
    /\ ceLpsn' = ceLpsn2
    /\ lastNak' = IF nakSent THEN NakRecord ELSE lastNak
    /\ nak' = nak2
    /\ ce' = IF record THEN (IF Has("ce-residual") THEN Max(nak2, 0) ELSE NakTicks)
             ELSE IF inOrder /\ ceLpsn >= 0 /\ Has("ce-reset-on-epsn") THEN NakTicks
             ELSE IF ceLpsn2 < 0 THEN -1 ELSE ce
    /\ ctrl' = NormR(ctrl \o reply)
    /\ good' = IF inOrder /\ good = epsn /\ p.seq = epsn THEN good + 1 ELSE good
    /\ data' = Remove(data, i)

ReceiveData ==
    /\ ~Corrupted
    /\ \E i \in 1..Len(data) :
         /\ data[i].age >= DelayMin /\ Deliverable(data, i)
         /\ Receive(i)
    /\ UNCHANGED <<next, high, una, rto, busy, lossesLeft, dupsLeft, timeouts, sent>>

(* Sender: an ACK/NAK read beyond anything sent is dropped; otherwise it  *)
(* releases PSNs below n, a NAK goes back; the RTO restarts on progress.  *)
ReceiveCtrl ==
    /\ ~Corrupted
    /\ \E i \in 1..Len(ctrl) :
         /\ ctrl[i].age >= DelayMin /\ Deliverable(ctrl, i)
         /\ ctrl' = Remove(ctrl, i)
         /\ LET c == ctrl[i]
                as == ReadBySender(Wire(c.n), una)
                una2 == Max(una, as)
                next2 == IF c.kind = "ACK" THEN Max(next, una2)
                         ELSE IF GoBackZero THEN MessageStart(as) ELSE as
            IN IF as <= high
                 THEN /\ una' = una2 /\ next' = next2
                      /\ rto' = IF ~(next2 > una2) THEN -1
                               ELSE IF (Has("rto-restart") /\ una2 > una) \/ rto < 0 THEN RtoTicks ELSE rto
                 ELSE UNCHANGED <<una, next, rto>>
    /\ UNCHANGED <<high, busy, epsn, nak, ce, ceLpsn, lastNak, data, lossesLeft, dupsLeft, good, timeouts, sent>>

NakIntervalExpiry ==
    /\ ~Corrupted /\ nak = 0
    /\ nak' = -1
    /\ UNCHANGED <<next, high, una, rto, busy, epsn, ce, ceLpsn, lastNak, data, ctrl, lossesLeft, dupsLeft,
                   good, timeouts, sent>>

(* seed 002, III-C: when T runs out, NAK(EPSN) and restart with the full  *)
(* NAK interval if EPSN < LPSN; otherwise the CE timer stops.             *)
CheckEpsnExpiry ==
    /\ ~Corrupted /\ ce = 0
    /\ IF epsn < ceLpsn
         THEN /\ ctrl' = NormR(Append(ctrl, [kind |-> "NAK", n |-> epsn, age |-> 0]))
              /\ nak' = NakTicks /\ lastNak' = NakRecord
              /\ IF Has("ce-timer-restart") THEN ce' = NakTicks /\ UNCHANGED ceLpsn ELSE ce' = -1 /\ ceLpsn' = -1
         ELSE /\ ceLpsn' = -1 /\ ce' = -1
              /\ UNCHANGED <<ctrl, nak, lastNak>>
    /\ UNCHANGED <<next, high, una, rto, busy, epsn, data, lossesLeft, dupsLeft, good, timeouts, sent>>

(* ACK timeout: resend from the oldest unacknowledged packet.             *)
TimeoutStep ==
    /\ ~Corrupted /\ rto = 0
    /\ next' = una /\ rto' = -1 /\ timeouts' = Min(MaxRtos + 1, timeouts + 1)
    /\ UNCHANGED <<high, una, busy, epsn, nak, ce, ceLpsn, lastNak, data, ctrl, lossesLeft, dupsLeft, good, sent>>

LoseData ==
    /\ ~Corrupted /\ lossesLeft > 0
    /\ \E i \in 1..Len(data) : (LastPacketLoss \/ ~IsLast(data[i].seq)) /\ data' = Remove(data, i)
    /\ lossesLeft' = lossesLeft - 1
    /\ UNCHANGED <<next, high, una, rto, busy, epsn, nak, ce, ceLpsn, lastNak, ctrl, dupsLeft, good, timeouts, sent>>

LoseCtrl ==
    /\ ~Corrupted /\ lossesLeft > 0
    /\ \E i \in 1..Len(ctrl) : ctrl' = Remove(ctrl, i)
    /\ lossesLeft' = lossesLeft - 1
    /\ UNCHANGED <<next, high, una, rto, busy, epsn, nak, ce, ceLpsn, lastNak, data, dupsLeft, good, timeouts, sent>>

DuplicateData ==
    /\ ~Corrupted /\ dupsLeft > 0
    /\ \E i \in 1..Len(data) : data' = NormP(SubSeq(data, 1, i) \o <<data[i]>> \o SubSeq(data, i + 1, Len(data)))
    /\ dupsLeft' = dupsLeft - 1
    /\ UNCHANGED <<next, high, una, rto, busy, epsn, nak, ce, ceLpsn, lastNak, ctrl, lossesLeft, good, timeouts, sent>>

(* Time: one tick while anything is in flight or the link was used this   *)
(* tick; else a jump to the next expiry. Never past an urgent event.      *)
Running == {t \in {rto, nak, ce} : t > 0}
By == IF data /= <<>> \/ ctrl /= <<>> \/ busy THEN 1
      ELSE IF Running = {} THEN 0 ELSE CHOOSE t \in Running : \A u \in Running : t <= u
Tick ==
    /\ ~Corrupted /\ ~CanSend /\ rto /= 0 /\ nak /= 0 /\ ce /= 0
    /\ \A j \in 1..Len(data) : data[j].age < DelayMax
    /\ \A j \in 1..Len(ctrl) : ctrl[j].age < DelayMax
    /\ By > 0
    /\ data' = [j \in 1..Len(data) |-> [seq |-> data[j].seq, age |-> data[j].age + By]]
    /\ ctrl' = [j \in 1..Len(ctrl) |-> [kind |-> ctrl[j].kind, n |-> ctrl[j].n, age |-> ctrl[j].age + By]]
    /\ rto' = Down(rto, By) /\ nak' = Down(nak, By) /\ ce' = Down(ce, By) /\ busy' = FALSE
    /\ UNCHANGED <<next, high, una, epsn, ceLpsn, lastNak, lossesLeft, dupsLeft, good, timeouts, sent>>

Next ==
    \/ Send \/ ReceiveData \/ ReceiveCtrl \/ NakIntervalExpiry \/ CheckEpsnExpiry \/ TimeoutStep
    \/ LoseData \/ LoseCtrl \/ DuplicateData \/ Tick

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Termination, deadlock and fairness                                      *)

Done == una = N /\ epsn = N

(* The legitimate ends (TimedGoBackN.isFinal): every packet delivered and  *)
(* acknowledged with nothing in flight and every timer idle; or a packet  *)
(* accepted under a wrong PSN (Corrupted), where the model stops on       *)
(* purpose: InOrderExactlyOnce and Delivered report that end, not this.   *)
Final ==
    \/ Corrupted
    \/ Done /\ data = <<>> /\ ctrl = <<>> /\ nak < 0 /\ ce < 0 /\ rto < 0

(* The Java side's DeadlockFree: every state has a successor or is final. *)
(* An invariant, not TLC's deadlock check, because a final state has no   *)
(* successor by design (TLC would call it a deadlock).                    *)
DeadlockFree == Final \/ ENABLED Next

(* Fairness: weak fairness of every action but the network's faults.      *)
(* - Tick: time does not stop while nothing is due. No behaviour is Zeno: *)
(*   between two ticks only finitely many steps fit (one Send, since Send  *)
(*   sets busy and only Tick clears it; each reception consumes a packet  *)
(*   that a finitely often taken step put in flight; a timer restarts at a *)
(*   positive value and only Tick lowers it), and each tick lets By >= 1   *)
(*   tick pass, so time diverges in every infinite behaviour and fairness  *)
(*   on Tick asks only for what time does anyway.                          *)
(* - Send, ReceiveData, ReceiveCtrl, the three timer expiries: each is    *)
(*   urgent, Tick is disabled while the sender can send (the model's link *)
(*   carries one packet a tick), while a packet or ACK/NAK is DelayMax     *)
(*   ticks old, or while a timer is at zero (II-A, III-C: the NAK interval,*)
(*   the ACK timeout and CE's T fire when they run out); without fairness *)
(*   a behaviour could stop in front of such a deadline, where time cannot *)
(*   pass. Weak fairness is enough (the untimed twin needs strong fairness *)
(*   of its channels, whose capacity can disable a reception): a packet    *)
(*   that may be received stays receivable until it is received or lost.  *)
(* - LoseData, LoseCtrl, DuplicateData: no fairness; the budgets Losses  *)
(*   and NetDuplicates make them finitely many (fair loss).                *)
Fairness ==
    /\ WF_vars(Send) /\ WF_vars(ReceiveData) /\ WF_vars(ReceiveCtrl)
    /\ WF_vars(NakIntervalExpiry) /\ WF_vars(CheckEpsnExpiry) /\ WF_vars(TimeoutStep)
    /\ WF_vars(Tick)

FairSpec == Spec /\ Fairness

(* Completion under fairness: every message is delivered and acknowledged *)
(* (II-A: the requester's messages complete; the Java catalogue's         *)
(* Completion, AG EF done, is the branching-time cousin TLC cannot state). *)
Delivered == <>Done

(* The no-Zeno argument above, checked: every fair behaviour lets time    *)
(* pass infinitely often, or ends in a final state.                       *)
TimeDiverges == <>[]Final \/ []<><<Tick>>_vars

-----------------------------------------------------------------------------
(* Invariants and properties (names as in TimedGbnProperties) *)

NoUnreceivedRelease == una <= good
CompletionWithinKRtos == timeouts <= MaxRtos
(* A figure of merit, asked for with Goodput > 0: seed 002 states none.   *)
GoodputBound == Goodput = 0 \/ sent <= MaxSent
(* The resends stay within one go-back per loss the network made.        *)
RetransmissionBound == sent - FirstSends(high) <= (Losses - lossesLeft) * ResendPerLoss

(* A step that takes packet i off the data channel without a loss: its     *)
(* reception.                                                               *)
Took(i) == data' = Remove(data, i) /\ lossesLeft' = lossesLeft
(* Every packet handed to the application is the one the sender numbered  *)
(* EPSN, and moves EPSN on by one (a copy handed over again fails here,    *)
(* EPSN unchanged); EPSN moves only so.                                     *)
InOrderExactlyOnce ==
    [][/\ \A i \in 1..Len(data) : Took(i) /\ HandsOver(ReadByReceiver(Wire(data[i].seq), epsn))
                                   => data[i].seq = epsn /\ epsn' = epsn + 1
       /\ epsn' = epsn \/ (epsn' = epsn + 1 /\ \E i \in 1..Len(data) : data[i].seq = epsn /\ data' = Remove(data, i))]_vars

NoTimeout == [][~TimeoutStep]_vars

(* The RTO fires while an ACK/NAK beyond UNA or an unseen packet is in    *)
(* flight: premature.                                                      *)
Premature == (\E j \in 1..Len(ctrl) : ctrl[j].n > una) \/ (\E j \in 1..Len(data) : data[j].seq >= epsn)
NoPrematureTimeout == [][TimeoutStep => ~Premature]_vars

(* No packet is sent again while the receiver has it and an ACK/NAK        *)
(* covering it is on its way back.                                         *)
NoSpuriousRetransmission == [][Send => ~(next < good /\ \E j \in 1..Len(ctrl) : ctrl[j].n > next)]_vars

(* The RTO never fires while the receiver waits for a packet other than a *)
(* message's last one (III-A reasons 3 and 4: Check-EPSN's purpose).       *)
NoStalledGap == [][TimeoutStep => (epsn >= N \/ IsLast(epsn))]_vars

(* The ACK timer runs exactly the RTO (III-A: timeout retransmission "after   *)
(* the ACK timeout"; IV-A: the RTO is "a little larger than the RTT"): a step *)
(* that starts it (it was idle, or an ACK moved UNA on: the RTO restarts on    *)
(* progress) sets it to the full RTO; a tick lowers a running timer by exactly *)
(* the ticks it lets pass; no other step changes it but its expiry or the last *)
(* acknowledgement, which stop it.                                             *)
Elapsed == IF Tick THEN By ELSE 0
RtoExact ==
    [][rto' >= 0 => IF rto < 0 \/ (Has("rto-restart") /\ una' > una) THEN rto' = RtoTicks ELSE rto' = rto - Elapsed]_vars

(* No NAK storm (II-A, "redundant NAK"): the receiver never sends NAK(n)  *)
(* while a NAK(n), or packet n itself, is on its way.                      *)
NaksFor(c, n) == Len(SelectSeq(c, LAMBDA r : r.kind = "NAK" /\ r.n = n))
NoRedundantNak ==
    [][NaksFor(ctrl', epsn) > NaksFor(ctrl, epsn)
         => NaksFor(ctrl, epsn) = 0 /\ ~\E j \in 1..Len(data) : data[j].seq = epsn]_vars
=============================================================================
