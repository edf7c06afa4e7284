-------------------------------- MODULE Spec --------------------------------
(***************************************************************************)
(* Dart's receiver (seed 000, Section III; preprint seed 001, Section III):  *)
(*  - the three-state congestion machine of Figure 5 (III-C), driven by two  *)
(*    observables per window: ECN marks and receive throughput at line rate; *)
(*  - direct apportioning of sending rates (DASR, III-A) with the Active     *)
(*    Unique Sender Set and per-sender in-flight counts (III-B);             *)
(*  - look-ahead notifications of incast groups (III-D);                     *)
(*  - soft-state timeouts and per-tenant AUSS (III-B, III-E);                *)
(*  - senders applying the n of the latest ACK one window (one RTT) later;   *)
(*  - an abstract network: free (every observable combination in every      *)
(*    window) or persistent combined congestion: a closed loop of senders    *)
(*    with DCQCN reaction points (seed 004, 3.1) on an integer rate grid,    *)
(*    one receiver link and one network bottleneck, for the convergence      *)
(*    question of III-C.                                                     *)
(* Twin of the Java model org.rdmacheck.model.dasr.DartReceiverModel: same   *)
(* variables, same initial state, same actions, hence equal state counts.    *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS
    SendersPerTenant,   \* senders per tenant
    Messages,           \* in-flight (started or announced) messages per sender
    Tenants,            \* tenants, each with a private AUSS
    Groups,             \* static incast groups; group g lists senders g and g+1 (mod N)
    Lookahead,          \* BOOLEAN: look-ahead notifications on
    K,                  \* persistent loop: windows the classifier keeps its state before max-min is asked
    AiCredits,          \* persistent loop: R_AI credits per rate unit (0: DCQCN's R_AI = 40 Mb/s on the grid)
    BcWindows,          \* persistent loop: CNP-free windows per byte-counter event
    Variant,            \* "dart", "count-messages", "early-removal", "shared-lookahead",
                        \* "forward-ecn", "no-timeout", "persistent", "persistent-hysteresis",
                        \* "persistent-overload-marks"
    Knockouts           \* mechanisms knocked out (the Java catalogue's --knockout): a subset of
                        \* {"look-ahead", "soft-state-refresh", "nrc-fallback", "fig5-receiver-congestion",
                        \*  "fig5-non-receiver-congestion", "fig5-no-congestion", "auss-count", "soft-state-expiry",
                        \*  "line-rate-start", "look-ahead-begins-flow", "per-tenant-apportioning",
                        \*  "rate-recovery"}

ASSUME SendersPerTenant >= 1 /\ Messages >= 1 /\ Tenants >= 1 /\ Groups >= 0
ASSUME K >= 1 /\ AiCredits >= 0 /\ BcWindows >= 1
ASSUME Lookahead \in BOOLEAN
ASSUME Knockouts \subseteq {"look-ahead", "soft-state-refresh", "nrc-fallback", "fig5-receiver-congestion",
                            "fig5-non-receiver-congestion", "fig5-no-congestion", "auss-count", "soft-state-expiry",
                            "line-rate-start", "look-ahead-begins-flow", "per-tenant-apportioning",
                            "rate-recovery"}
ASSUME Variant \in {"dart", "count-messages", "early-removal", "shared-lookahead",
                    "forward-ecn", "no-timeout", "persistent", "persistent-hysteresis",
                    "persistent-overload-marks"}

N == SendersPerTenant * Tenants
(* Senders are 0..N-1; MCSymmetry renames them into model values (sender 0 kept  *)
(* apart), so that TLC's SYMMETRY can permute the interchangeable ones.          *)
Senders == 0..(N - 1)
Bottlenecked == 0     \* persistent loop: the sender behind the network bottleneck
TenantIds == 0..(Tenants - 1)
GroupIds == 0..(Groups - 1)
TenantOf(s) == s \div SendersPerTenant
TenantSenders(t) == {s \in Senders : TenantOf(s) = t}
Members(g) == {g % N, (g + 1) % N}

Persistent == Variant \in {"persistent", "persistent-hysteresis", "persistent-overload-marks"}
StandingQueueMarks == Variant # "persistent-overload-marks"   \* DCQCN's fixed point keeps marking
CountMessages == Variant = "count-messages"
(* The knock-out "auss-count" is early-removal's end rule on the paper's design (Java Design.EndRule); *)
(* "soft-state-expiry" is no-timeout's.                                                             *)
EarlyRemoval == Variant = "early-removal" \/ "auss-count" \in Knockouts
SharedLookahead == Variant = "shared-lookahead" /\ "look-ahead" \notin Knockouts
ForwardEcn == Variant = "forward-ecn"
SoftStateTimeouts == Variant # "no-timeout" /\ "soft-state-expiry" \notin Knockouts
Hysteresis == Variant \in {"persistent-hysteresis"}
(* The knock-out "look-ahead" is the paper's "DASR w/o LA" (III-D, VI-C) on the same workload: a     *)
(* group's first message still carries its list and the listed senders' messages follow, but the     *)
(* receiver ignores the list: it neither counts the listed senders nor sends them rate limits before  *)
(* their packets arrive; they enter the AUSS when their messages start, at line rate as every flow    *)
(* begins (III-A). `announced` then records the workload's promise of the coming messages only.       *)
(* A receiver that ignores the lists has no scope to share: shared-lookahead keeps its own tenant's.  *)
LookaheadAtReceiver == "look-ahead" \notin Knockouts
(* III-B: a packet of a sender refreshes its soft state ("the timestamp of the flow's last packet"). *)
(* Knocked out ("soft-state-refresh"), only a message's start or end sets the timestamp; the        *)
(* environment's record of arrivals (arrived) is then apart from the receiver's soft state.        *)
Refresh == "soft-state-refresh" \notin Knockouts
(* III-C: in NonReceiverCongestion the ACKs carry n = 1, "to avoid DSR from interfering with DCQCN".   *)
(* Knocked out ("nrc-fallback"), they carry the count there too, as in the other states.              *)
NrcFallback == "nrc-fallback" \notin Knockouts
(* III-A: "All flows begin at the full line rate because (1) we want to avoid penalizing the latency *)
(* of short flows": an idle sender's next message begins at n = 1. Knocked out ("line-rate-start"),   *)
(* an idle sender keeps the n it last applied and its next message begins at that rate.              *)
LineRateStart == "line-rate-start" \notin Knockouts
(* III-B: DASR throttles the senders "only for the duration of the short flows": a sender applies    *)
(* the n of the ACK that reaches it, smaller or larger. Knocked out ("rate-recovery"), it applies the *)
(* larger of its n and the ACK's, so it stays throttled after the short flows end.                  *)
RateRecovery == "rate-recovery" \notin Knockouts
(* III-D: "Dart treats any flow as if it begins when the look-ahead notification first arrives", and *)
(* III-B: "each sender in the AUSS is associated with a timestamp of the flow's last packet": a      *)
(* look-ahead starts the listed senders' flows, so it gives them this period's timestamp as a start  *)
(* would. Knocked out ("look-ahead-begins-flow"), only the announcing sender's soft state is set; a  *)
(* listed sender keeps what it had, and the next timeout removes it with its announcement.           *)
LookAheadBeginsFlow == "look-ahead-begins-flow" \notin Knockouts
(* III-E: "Dart's AUSS tracking can be private to individual tenant's flows": the n in the ACKs to a *)
(* tenant's senders is its own AUSS's count, so the tenants apportion the line rate apart (III-A).    *)
(* Knocked out ("per-tenant-apportioning"), the receiver apportions by one count over every tenant's *)
(* AUSS, and one tenant's senders lower another tenant's rates.                                       *)
PerTenantApportioning == "per-tenant-apportioning" \notin Knockouts

ASSUME Persistent => (Tenants = 1 /\ SendersPerTenant >= 2)

Min(a, b) == IF a <= b THEN a ELSE b
Max(a, b) == IF a >= b THEN a ELSE b
(* The n a sender applies when an ACK with n = received reaches it (RateRecovery above). *)
Applies(old, received) == IF RateRecovery THEN received ELSE Max(old, received)
SetMin(S) == CHOOSE x \in S : \A y \in S : x <= y

RECURSIVE SumOver(_, _)
SumOver(f, S) == IF S = {} THEN 0
                 ELSE LET x == CHOOSE y \in S : TRUE IN f[x] + SumOver(f, S \ {x})

States == {"NoCongestion", "ReceiverCongestion", "NonReceiverCongestion"}
Observations == BOOLEAN \X BOOLEAN          \* <<ecn, lineRate>>

(* Figure 5 as a table of rows. The paper's reading: the next state depends on *)
(* the observation only. The other reading (variant persistent-hysteresis):    *)
(* NonReceiverCongestion is kept while the marks last.                          *)
(* A knock-out "fig5-..." removes the transitions into one state (Java's ReceiverMachine.without):  *)
(* marks at line rate then lead to NonReceiverCongestion, marks below it to ReceiverCongestion, and *)
(* a window without marks keeps the state.                                                          *)
PaperTarget(m, o) ==
    IF ~o[1] THEN "NoCongestion"
    ELSE IF Hysteresis /\ m = "NonReceiverCongestion" THEN "NonReceiverCongestion"
    ELSE IF o[2] THEN "ReceiverCongestion" ELSE "NonReceiverCongestion"
Target(m, o) ==
    LET t == PaperTarget(m, o) IN
    IF "fig5-receiver-congestion" \in Knockouts /\ o[1] /\ o[2] /\ t = "ReceiverCongestion"
        THEN "NonReceiverCongestion"
    ELSE IF "fig5-non-receiver-congestion" \in Knockouts /\ o[1] /\ ~o[2] /\ t = "NonReceiverCongestion"
        THEN "ReceiverCongestion"
    ELSE IF "fig5-no-congestion" \in Knockouts /\ ~o[1] /\ t = "NoCongestion" THEN m
    ELSE t
Table == {[from |-> m, obs |-> o, to |-> Target(m, o)] : m \in States, o \in Observations}
MachineNext(m, o) == (CHOOSE r \in Table : r.from = m /\ r.obs = o).to

(* the largest n in an ACK: a tenant's count, or every tenant's without per-tenant apportioning *)
MaxN == (IF CountMessages THEN SendersPerTenant * Messages ELSE SendersPerTenant)
            * (IF PerTenantApportioning THEN 1 ELSE Tenants)
IsMultiple(l, k) == \A i \in 1..k : l % i = 0
LineRate == SetMin({l \in 1..30000 : IsMultiple(l, MaxN)})   \* lcm(1..MaxN): rates in line rate / LineRate

VARIABLES
    mode,          \* the receiver machine's state
    flight,        \* [Senders -> Nat]: messages in flight (started, not ended)
    announced,     \* [GroupIds -> SUBSET Senders]: pre-counted by a look-ahead, not started
    auss,          \* [Senders -> Nat]: in-flight count in its tenant's AUSS (0: absent)
    fresh,         \* [Senders -> BOOLEAN]: activity seen since the last soft-state tick
    arrived,       \* [Senders -> BOOLEAN]: the environment's record of a packet arrival since the last
                   \* tick, apart from fresh only without the refresh (else FALSE: no states added)
    failed,        \* [Senders -> BOOLEAN]
    applied,       \* [Senders -> Nat]: the n the sender applies (rate = line rate / applied)
    ack,           \* [Senders -> Nat]: n in the latest ACK in flight to it (0: none)
    ecnEcho,       \* ECN feedback in flight to the senders
    sinceChange,   \* [TenantIds -> 0..2]: window boundaries since the tenant's advertised n changed
    rp,            \* [Senders -> reaction point]: DCQCN rate state (persistent network; RpNone otherwise)
    modeAge        \* persistent network: window ends since the machine state changed, capped at K

vars == <<mode, flight, announced, auss, fresh, arrived, failed, applied, ack, ecnEcho, sinceChange, rp, modeAge>>

TypeOK ==
    /\ mode \in States
    /\ flight \in [Senders -> 0..Messages]
    /\ announced \in [GroupIds -> SUBSET Senders]
    /\ auss \in [Senders -> 0..Messages]
    /\ fresh \in [Senders -> BOOLEAN]
    /\ arrived \in [Senders -> BOOLEAN]
    /\ failed \in [Senders -> BOOLEAN]
    /\ applied \in [Senders -> 1..MaxN]
    /\ ack \in [Senders -> 0..MaxN]
    /\ ecnEcho \in BOOLEAN
    /\ sinceChange \in [TenantIds -> 0..2]
    /\ DOMAIN rp = Senders
    /\ modeAge \in 0..K

AnnCount(s) == Cardinality({g \in GroupIds : s \in announced[g]})
Committed(s) == flight[s] + AnnCount(s)
Sending(s) == flight[s] > 0 /\ ~failed[s]
Tracked(s) == auss[s] > 0 \/ AnnCount(s) > 0
(* A packet of s arrived in this timeout period: the receiver's soft state records it, or without *)
(* the refresh the environment's own record.                                                      *)
Arrived(s) == IF Refresh THEN fresh[s] ELSE arrived[s]
(* arrived after a packet of s arrives *)
ArrivalOf(s) == IF Refresh THEN arrived ELSE [arrived EXCEPT ![s] = TRUE]

(* n as the receiver counts it: |AUSS| (or the message count, variant count-messages) *)
Counted(a, t) == IF CountMessages THEN SumOver(a, TenantSenders(t))
                 ELSE Cardinality({s \in TenantSenders(t) : a[s] > 0})
(* the count that apportions tenant t's rates: its own AUSS's (III-E), or every tenant's (knock-out) *)
Apportioned(a, t) == IF PerTenantApportioning THEN Counted(a, t)
                     ELSE SumOver([u \in TenantIds |-> Counted(a, u)], TenantIds)
(* n in the ACKs: 1 in NonReceiverCongestion (III-C; NrcFallback), else the count (at least 1) *)
Advertised(m, a, t) == IF NrcFallback /\ m = "NonReceiverCongestion" THEN 1 ELSE Max(1, Apportioned(a, t))


(* ---- Persistent combined congestion: the closed loop (seed 000 III-C).       *)
(* Sender 0 crosses a network bottleneck of capacity C = L/(2N), half its DASR  *)
(* share; every sender shares the receiver link of capacity L. A sender sends   *)
(* at min(L / applied n, R_C): Dart's apportioned rate and its DCQCN reaction   *)
(* point are two limiters (n = 1 in NRC "to avoid DSR from interfering with     *)
(* DCQCN", III-C). One window = DCQCN's timer T = alpha interval K = 55 us.     *)
PLineRate == SetMin({l \in 1..1000 : IsMultiple(l, SendersPerTenant) /\ l % (2 * N) = 0
                                         /\ (l - l \div (2 * N)) % (Max(N - 1, 1)) = 0})
C == PLineRate \div (2 * N)
Share(s) == IF s = Bottlenecked THEN C ELSE (PLineRate - C) \div Max(N - 1, 1)   \* max-min share
F == 5                        \* fast-recovery events (seed 004, 3.1)
AlphaLevels == 4              \* alpha = level / 4
AlphaFloor == 1               \* decay stops at 1/4 (a CNP's rise g(1 - alpha) is below the grid)
AlphaWindows == 64            \* CNP-free windows per alpha grid step: (1/4) / g, g = 1/256
\* R_AI = 40 Mb/s at a 40 Gb/s line rate: credits per grid unit, rounded half up
AI == IF AiCredits > 0 THEN AiCredits ELSE Max(1, (80000 + 40 * PLineRate) \div (80 * PLineRate))
SinceCap == Max((AlphaLevels - AlphaFloor) * AlphaWindows, (F + 1) * BcWindows) + 1

RpNone == [rc |-> 0, rt |-> 0, alpha |-> 0, since |-> 0, credit |-> 0]
RpStart == [rc |-> PLineRate, rt |-> PLineRate, alpha |-> AlphaLevels, since |-> 0, credit |-> 0]

(* eq. (1): R_T = R_C, R_C = R_C (1 - alpha/2) rounded down, at least one unit. *)
Cut(r) == [rc |-> Max(1, (r.rc * (2 * AlphaLevels - r.alpha)) \div (2 * AlphaLevels)), rt |-> r.rc,
           alpha |-> r.alpha, since |-> 0, credit |-> r.credit]

(* One increase event with timer stage t and byte-counter stage b: fast        *)
(* recovery (eq. (3)), additive increase (eq. (4), R_AI credits), hyper increase. *)
Increase(v, t, b) ==
    IF Max(t, b) > F
    THEN LET c == v[3] + (IF Min(t, b) > F THEN Min(t, b) - F ELSE 1)
             rt2 == Min(PLineRate, v[2] + c \div AI)
         IN <<Min(PLineRate, (v[1] + rt2 + 1) \div 2), rt2, IF rt2 = PLineRate THEN 0 ELSE c % AI>>
    ELSE <<Min(PLineRate, (v[1] + v[2] + 1) \div 2), v[2], v[3]>>

(* A window without CNP: alpha decays (eq. (2)), the timer fires, and every     *)
(* BcWindows windows the byte counter.                                          *)
Quiet(r) ==
    IF r.since >= SinceCap /\ r.rc = PLineRate /\ r.rt = PLineRate THEN r
    ELSE LET s == r.since + 1
             v1 == Increase(<<r.rc, r.rt, r.credit>>, s, (s - 1) \div BcWindows)
             v2 == IF s % BcWindows = 0 THEN Increase(v1, s, s \div BcWindows) ELSE v1
         IN [rc |-> v2[1], rt |-> v2[2],
             alpha |-> IF s % AlphaWindows = 0 THEN Max(AlphaFloor, r.alpha - 1) ELSE r.alpha,
             since |-> s, credit |-> v2[3]]

Rate(s) == Min(PLineRate \div applied[s], rp[s].rc)
RateSum == SumOver([s \in Senders |-> Rate(s)], Senders)
Arrivals == Min(Rate(Bottlenecked), C) + SumOver([s \in Senders |-> Rate(s)], Senders \ {Bottlenecked})
(* RED band (seed 004, 3.1, 5): a link exactly full, or the receiver link one   *)
(* unit over, holds a queue in the band and may mark each of its senders or     *)
(* not; beyond, every sender crossing it is marked; below, none.               *)
Band == IF StandingQueueMarks THEN 1 ELSE 0
MustMark == {s \in Senders : Arrivals > PLineRate + Band \/ (s = Bottlenecked /\ Rate(Bottlenecked) > C)}
MayMark == IF StandingQueueMarks
           THEN {s \in Senders \ MustMark : \/ Arrivals \in {PLineRate, PLineRate + 1}
                                          \/ (s = Bottlenecked /\ Rate(Bottlenecked) = C)}
           ELSE {}

Init ==
    /\ mode = "NoCongestion"
    /\ flight = [s \in Senders |-> IF Persistent THEN 1 ELSE 0]
    /\ announced = [g \in GroupIds |-> {}]
    /\ auss = [s \in Senders |-> IF Persistent THEN 1 ELSE 0]
    /\ fresh = [s \in Senders |-> Persistent]
    /\ arrived = [s \in Senders |-> FALSE]
    /\ failed = [s \in Senders |-> FALSE]
    /\ applied = [s \in Senders |-> 1]
    /\ ack = [s \in Senders |-> 0]
    /\ ecnEcho = FALSE
    /\ sinceChange = [t \in TenantIds |-> 0]
    /\ rp = [s \in Senders |-> IF Persistent THEN RpStart ELSE RpNone]
    /\ modeAge = 0

(* A between-windows step: idle senders take their canonical form (not fresh, *)
(* line rate for the next message, III-A; no ACK), and tenants whose          *)
(* advertised n changed restart their one-RTT clock.                           *)
Commit(fl, an, au, fr, fa, ap, ak, ar) ==
    LET idle(s) == fl[s] = 0 /\ au[s] = 0 /\ \A g \in GroupIds : s \notin an[g]
    IN /\ flight' = fl /\ announced' = an /\ auss' = au /\ failed' = fa
       /\ fresh' = [s \in Senders |-> IF idle(s) THEN FALSE ELSE fr[s]]
       /\ arrived' = [s \in Senders |-> IF idle(s) THEN FALSE ELSE ar[s]]
       /\ applied' = [s \in Senders |-> IF idle(s) /\ LineRateStart THEN 1 ELSE ap[s]]
       /\ ack' = [s \in Senders |-> IF idle(s) THEN 0 ELSE ak[s]]
       /\ sinceChange' = [t \in TenantIds |->
                            IF Advertised(mode, au, t) # Advertised(mode, auss, t) THEN 0 ELSE sinceChange[t]]
       /\ UNCHANGED <<mode, ecnEcho, rp, modeAge>>

(* III-B: a new message adds its sender or increments its count. *)
MessageStart(s) ==
    /\ ~failed[s] /\ Committed(s) < Messages
    /\ Commit([flight EXCEPT ![s] = @ + 1], announced, [auss EXCEPT ![s] = @ + 1],
              [fresh EXCEPT ![s] = TRUE], failed, applied, ack, ArrivalOf(s))

(* III-D/E: the listed senders the receiver accepts from s's tenant. *)
Accepted(g, s) == {x \in Members(g) \ {s} : SharedLookahead \/ TenantOf(x) = TenantOf(s)}

(* III-D: the group's first message carries its list; the others count as started now *)
(* (not counted when the look-ahead is knocked out).                                   *)
LookAheadStart(g, s) ==
    /\ Lookahead /\ s \in Members(g) /\ ~failed[s] /\ announced[g] = {}
    /\ Committed(s) < Messages /\ \A x \in Accepted(g, s) : Committed(x) < Messages
    /\ LET A == Accepted(g, s) IN
       Commit([flight EXCEPT ![s] = @ + 1], [announced EXCEPT ![g] = A],
              [x \in Senders |-> auss[x] + (IF x = s \/ (x \in A /\ LookaheadAtReceiver) THEN 1 ELSE 0)],
              [x \in Senders |-> IF x = s \/ (x \in A /\ LookAheadBeginsFlow) THEN TRUE ELSE fresh[x]],
              failed, applied, ack,
              ArrivalOf(s))

(* A pre-counted sender's message starts: already counted (knocked out: it joins now). *)
AnnouncedStart(g, s) ==
    /\ Lookahead /\ s \in announced[g] /\ ~failed[s]
    /\ Commit([flight EXCEPT ![s] = @ + 1], [announced EXCEPT ![g] = @ \ {s}],
              IF LookaheadAtReceiver THEN auss ELSE [auss EXCEPT ![s] = @ + 1],
              [fresh EXCEPT ![s] = TRUE], failed, applied, ack, ArrivalOf(s))

(* III-B, Figure 4(b): decrement, remove at zero (early-removal: remove at once). *)
MessageEnd(s) ==
    /\ Sending(s)
    /\ Commit([flight EXCEPT ![s] = @ - 1], announced,
              [auss EXCEPT ![s] = IF EarlyRemoval THEN 0 ELSE IF @ > 0 THEN @ - 1 ELSE 0],
              [fresh EXCEPT ![s] = TRUE], failed, applied, ack, ArrivalOf(s))

(* A packet of a sending sender arrives in a period without one: it refreshes its soft state  *)
(* (III-B); knocked out, the receiver keeps the start's timestamp and only the arrival is kept. *)
Packet(s) ==
    /\ Sending(s) /\ ~Arrived(s)
    /\ Commit(flight, announced, auss, IF Refresh THEN [fresh EXCEPT ![s] = TRUE] ELSE fresh, failed, applied, ack,
              ArrivalOf(s))

Fail(s) ==
    /\ ~failed[s] /\ Committed(s) > 0
    /\ Commit(flight, announced, auss, fresh, [failed EXCEPT ![s] = TRUE], applied, [ack EXCEPT ![s] = 0], arrived)

(* III-B: one timeout period. Timing assumption, on the environment (the 2 s      *)
(* timeout is far longer than a live sender's gap between packets): it elapses    *)
(* only after a packet of every live sender with a message in flight arrived in   *)
(* it. The receiver's refresh is what turns those arrivals into soft state.        *)
SoftStateTick ==
    /\ SoftStateTimeouts
    /\ \A s \in Senders : Sending(s) => Arrived(s)
    /\ \E s \in Senders : Tracked(s)
    /\ LET stale(s) == Tracked(s) /\ ~fresh[s] IN
       Commit([s \in Senders |-> IF stale(s) /\ failed[s] THEN 0 ELSE flight[s]],
              [g \in GroupIds |-> {x \in announced[g] : ~stale(x)}],
              [s \in Senders |-> IF stale(s) THEN 0 ELSE auss[s]],
              [s \in Senders |-> IF Tracked(s) THEN FALSE ELSE fresh[s]], failed, applied, ack,
              [s \in Senders |-> FALSE])

(* End of an observation window (one RTT): the machine moves on the observation, *)
(* senders apply the n that reached them, new ACKs carry the new n, and ECN      *)
(* feedback leaves only if the new state forwards marks.                        *)
WindowEnd(o) ==
    LET next == MachineNext(mode, o)
        idle(s) == flight[s] = 0 /\ auss[s] = 0 /\ AnnCount(s) = 0
        \* a listed sender hears from the receiver before its packets arrive only through the look-ahead
        receives(s) == ~failed[s] /\ (flight[s] > 0 \/ auss[s] > 0 \/ (AnnCount(s) > 0 /\ LookaheadAtReceiver))
    IN /\ mode' = next
       /\ applied' = [s \in Senders |-> IF idle(s) /\ LineRateStart THEN 1 ELSE IF ack[s] # 0 THEN Applies(applied[s], ack[s]) ELSE applied[s]]
       /\ ack' = [s \in Senders |-> IF ~idle(s) /\ receives(s) THEN Advertised(next, auss, TenantOf(s)) ELSE 0]
       /\ fresh' = [s \in Senders |-> IF idle(s) THEN FALSE ELSE fresh[s]]
       /\ ecnEcho' = (o[1] /\ (next # "ReceiverCongestion" \/ ForwardEcn))
       /\ sinceChange' = [t \in TenantIds |->
                            IF Advertised(next, auss, t) # Advertised(mode, auss, t) THEN 1
                            ELSE Min(2, sinceChange[t] + 1)]
       /\ UNCHANGED <<flight, announced, auss, arrived, failed, rp, modeAge>>

(* The free network: congestion none/receiver/network/both, every observation. *)
Locations == [none |-> {<<FALSE, FALSE>>, <<FALSE, TRUE>>}, receiver |-> {<<TRUE, TRUE>>},
              network |-> {<<TRUE, FALSE>>}, both |-> {<<TRUE, TRUE>>, <<TRUE, FALSE>>}]
FreeObserve == \E loc \in DOMAIN Locations : \E o \in Locations[loc] : WindowEnd(o)

(* A window end of the persistent loop with marked senders M: the machine moves *)
(* on the observation; every sender applies the advertised n and, if marked and *)
(* the new state forwards marks, a CNP; feedback takes one RTT (12 us), inside  *)
(* the next window, so nothing stays in flight.                                 *)
LoopWindowEnd(M) ==
    LET o == <<M # {}, Arrivals >= PLineRate>>
        next == MachineNext(mode, o)
        fwd == next # "ReceiverCongestion" \/ ForwardEcn
    IN /\ Persistent /\ MustMark \subseteq M /\ M \subseteq MustMark \cup MayMark
       /\ mode' = next
       /\ applied' = [s \in Senders |-> Applies(applied[s], Advertised(next, auss, TenantOf(s)))]
       /\ rp' = [s \in Senders |-> IF fwd /\ s \in M THEN Cut(rp[s]) ELSE Quiet(rp[s])]
       /\ sinceChange' = [t \in TenantIds |-> 2]
       /\ modeAge' = IF next = mode THEN Min(K, modeAge + 1) ELSE 0
       /\ UNCHANGED <<flight, announced, auss, fresh, arrived, failed, ack, ecnEcho>>

LoopNext == \E X \in SUBSET MayMark : LoopWindowEnd(MustMark \cup X)

Next ==
    IF Persistent THEN LoopNext
    ELSE \/ \E s \in Senders : MessageStart(s)
         \/ \E g \in GroupIds, s \in Senders : LookAheadStart(g, s)
         \/ \E g \in GroupIds, s \in Senders : AnnouncedStart(g, s)
         \/ \E s \in Senders : MessageEnd(s) \/ Packet(s) \/ Fail(s)
         \/ SoftStateTick
         \/ FreeObserve

(* Fair marking: every window outcome (marked set, line-rate observation) that   *)
(* is enabled infinitely often happens infinitely often (marks in the RED band   *)
(* are random), as the Java catalogue's SF(each Observe).                        *)
FairMarking == \A M \in SUBSET Senders, lr \in BOOLEAN :
                   SF_vars(LoopWindowEnd(M) /\ (Arrivals >= PLineRate) = lr)

Spec == Init /\ [][Next]_vars /\ WF_vars(Next) /\ FairMarking

-----------------------------------------------------------------------------
(* Invariants *)

(* III-C "exhaustively covers all cases": one row per state and observation. *)
MachineTotal == \A m \in States, o \in Observations :
                    Cardinality({r \in Table : r.from = m /\ r.obs = o}) = 1

(* III-B: n counts each sender with a committed message exactly once. *)
NCountsUniqueSenders == \A t \in TenantIds :
    Counted(auss, t) = Cardinality({s \in TenantSenders(t) : Committed(s) > 0})

(* III-A: one RTT after the last change of n, rates in ReceiverCongestion sum to at most line rate. *)
RateSumAtMostLineRate ==
    mode = "ReceiverCongestion" =>
        \A t \in TenantIds : sinceChange[t] = 2 =>
            SumOver([s \in Senders |-> IF Sending(s) /\ TenantOf(s) = t THEN LineRate \div applied[s] ELSE 0],
                    Senders) <= LineRate

(* III-C: no sender gets ECN feedback (DCQCN cut) together with n > 1 (DASR cut). *)
(* Equal to the Java action property on Observe steps: a window end is enabled   *)
(* in every state.                                                               *)
NoDoubleThrottling == ecnEcho => \A s \in Senders : ack[s] <= 1

(* Action properties *)

(* III-C, Figure 5: the receiver reacts to where the congestion is. A window end of the free network *)
(* with congestion in the network only (marks below line rate) leaves in the DCQCN fall-back (marks  *)
(* forwarded, n <= 1 in every ACK); one with congestion at the receiver only or none leaves with ACKs *)
(* carrying the count (n = Max(1, |AUSS|) of the sender's tenant, or no ACK). Congestion in both     *)
(* places may show either observation and is not constrained. Equal to the Java action property on   *)
(* Observe steps: a step is checked for every location whose observation it is a window end on.      *)
ReactionFollowsCongestion ==
    [][~Persistent =>
         /\ \A o \in Locations["network"] :
               WindowEnd(o) => (ecnEcho' /\ \A s \in Senders : ack'[s] <= 1)
         /\ \A o \in Locations["receiver"] \cup Locations["none"] :
               WindowEnd(o) => \A s \in Senders : ack'[s] \in {0, Max(1, Counted(auss, TenantOf(s)))}]_vars

ActiveSenderKept ==
    [][\A s \in Senders : (auss[s] > 0 /\ auss'[s] = 0) => ~(flight'[s] > 0 /\ fresh[s])]_vars

(* III-B, III-D: a sender leaves the AUSS by a soft-state timeout only after a   *)
(* whole timeout period without activity ("any flow that is idle for long ... is *)
(* eliminated from the AUSS"; "Dart treats any flow as if it begins when the     *)
(* look-ahead notification first arrives"). In two halves: a step that is        *)
(* activity of a sender -- a message of it starts or ends (its flight changes,   *)
(* outside a tick), a look-ahead lists it, or a packet -- leaves it, if it is    *)
(* still in flight or tracked, recorded as active in the period (fresh); and a   *)
(* tick removes only senders without that record.                               *)
Listed(s) == \E g \in GroupIds : s \in announced'[g] /\ s \notin announced[g]
\* a packet's arrival shows in arrived only without the refresh (else fresh records it)
ActivityOf(s) == (flight'[s] # flight[s] /\ ~SoftStateTick) \/ Listed(s) \/ (arrived'[s] /\ ~arrived[s])
KeptAfter(s) == flight'[s] > 0 \/ auss'[s] > 0 \/ \E g \in GroupIds : s \in announced'[g]
TimeoutOnlyWhenIdle ==
    [][/\ \A s \in Senders : (ActivityOf(s) /\ KeptAfter(s)) => fresh'[s]
       /\ SoftStateTick => \A s \in Senders : (Tracked(s) /\ ~Tracked(s)') => ~fresh[s]]_vars

(* III-D, what the look-ahead is for: with an incast group's list in its first  *)
(* message "the receiver NIC can advertise rate limits to the 20 senders after   *)
(* just the first such message, even before the other senders' packets arrive   *)
(* at the receiver", so "the long flows back off quicker". What that protects is *)
(* the receiver's link when a listed sender arrives: in ReceiverCongestion, once  *)
(* the rate limits have reached the senders (one RTT after the tenant's last      *)
(* change of n, as RateSumAtMostLineRate: two window boundaries), a step in which *)
(* a listed sender's message starts (its flight grows and it leaves a group's     *)
(* list of coming messages) leaves the apportioned rates (line rate / applied n,  *)
(* III-A) of its tenant's sending senders summing to at most the line rate. It    *)
(* reads the step's effect on the workload, the rates, the machine's state and    *)
(* the clock; not the AUSS.                                                       *)
ListedArrival(s) == /\ flight'[s] = flight[s] + 1
                    /\ \E g \in GroupIds : s \in announced[g] /\ s \notin announced'[g]
TenantRateSum(t, fl, fa, ap) ==
    SumOver([x \in Senders |-> IF fl[x] > 0 /\ ~fa[x] /\ TenantOf(x) = t THEN LineRate \div ap[x] ELSE 0], Senders)
ListedArrivalWithinLineRate ==
    [][\A s \in Senders :
         (ListedArrival(s) /\ mode = "ReceiverCongestion" /\ sinceChange[TenantOf(s)] = 2)
            => TenantRateSum(TenantOf(s), flight', failed', applied') <= LineRate]_vars

(* III-A: "All flows begin at the full line rate because (1) we want to avoid    *)
(* penalizing the latency of short flows". A step in which an idle sender's flow *)
(* begins (nothing committed and no AUSS entry before, a message in flight or    *)
(* announced after: its message starts, its look-ahead, or one listing it)       *)
(* leaves it applying n = 1 until an ACK with its share reaches it. Java's       *)
(* NewMessageAtLineRate; the knock-out "line-rate-start" violates it.            *)
NewMessageAtLineRate ==
    [][\A s \in Senders : (Committed(s) = 0 /\ auss[s] = 0 /\ Committed(s)' > 0) => applied'[s] = 1]_vars

(* III-B: the throttling lasts "only for the duration of the short flows"; each *)
(* sender sends at line rate / n, n the count in the receiver's ACKs (III-A).    *)
(* A window end is the round trip's boundary: every sender with an ACK on its    *)
(* way applies that ACK's n afterwards, so when n falls the remaining senders    *)
(* speed back up. Java's ShareFollowsLatestN; "rate-recovery" violates it.       *)
ShareFollowsLatestN ==
    [][(~Persistent /\ FreeObserve) => \A s \in Senders : ack[s] # 0 => applied'[s] = ack[s]]_vars

(* III-E: a look-ahead announces only senders of the announcing tenant (the one *)
(* whose message started). Only a LookAheadStart fills an empty group record.    *)
TenantIsolation ==
    [][\A g \in GroupIds :
         (announced[g] = {} /\ announced'[g] # {}) =>
            \E s \in Senders : /\ flight'[s] = flight[s] + 1
                              /\ \A x \in announced'[g] : TenantOf(x) = TenantOf(s)]_vars

(* Persistent loop, (b): the sending rates of every window after a window end  *)
(* sum to at most the line rate.                                                *)
WindowRateSumAtMostLineRate == [][Persistent => RateSum' <= PLineRate]_vars

(* Persistent loop, (c): once the classifier kept its state K windows, every    *)
(* sender is within one unit of its max-min share.                              *)
MaxMinShareWithinK ==
    (Persistent /\ modeAge >= K) => \A s \in Senders : Rate(s) - Share(s) <= 1 /\ Share(s) - Rate(s) <= 1

(* Persistent loop, (a): every sender ends up at most one unit above its max-min *)
(* share for ever; (d): the classifier ends up keeping its state for ever.       *)
InBand == \A s \in Senders : Rate(s) <= Share(s) + 1
RatesSettle == <>[]InBand
ClassifierSettles == <>[](modeAge >= 1)
=============================================================================
