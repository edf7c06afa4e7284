-------------------------- MODULE ApportionService --------------------------
(***************************************************************************)
(* What Dart's receiver promises its senders (direct apportioning of      *)
(* sending rates, DASR), written from seed 000 §III-A..E independently of  *)
(* the detailed twin (Spec.tla): nothing here is about the classifier's    *)
(* observations, in-flight message counts, timers, ACK delays or groups.  *)
(*                                                                         *)
(* The abstract state: which senders are active (a message of theirs has   *)
(* begun, or a look-ahead announced one, III-D: "Dart treats any flow as   *)
(* if it begins when the look-ahead notification first arrives", and the   *)
(* sender has not failed), which senders the receiver counts, which ones  *)
(* it has heard from in the current soft-state period (III-B: "each sender *)
(* in the AUSS is associated with a timestamp of the flow's last packet"), *)
(* the n each sender was last granted (0: none), the n each sender applies *)
(* (its rate is the line rate / n), whether the receiver defers to DCQCN   *)
(* (non-receiver congestion), whether it forwards ECN feedback, and what   *)
(* the last observation window showed the receiver (the environment's     *)
(* input: no ECN marks, marks at line rate, or marks below line rate).    *)
(* The period itself, its length and the timer are not here.              *)
(*                                                                         *)
(* The promises, each a conjunct of Next (a step of the receiver may do   *)
(* anything that keeps them):                                              *)
(*  Counted   -- every active sender is counted (III-B: a new message adds *)
(*               its sender; "decrements the sender count only when all    *)
(*               the messages from that sender terminate"): a sender       *)
(*               leaves the count only once it is no longer active.        *)
(*  Begun     -- a sender that becomes active is heard from in the current *)
(*               period: its flow's timestamp is set when the flow begins, *)
(*               and with the look-ahead it begins when the notification   *)
(*               first arrives (III-D: "Dart treats any flow as if it      *)
(*               begins when the look-ahead notification first arrives"), *)
(*               so a listed sender's soft state starts with the period   *)
(*               it is announced in and times out as any other flow's.     *)
(*  Isolated  -- one step counts new senders of one tenant only (III-E:    *)
(*               "AUSS tracking can be private to individual tenant's      *)
(*               flows ... false information from one tenant can not       *)
(*               affect other tenants' flows").                            *)
(*  Granted   -- a new grant is the sender's share: n = the number of      *)
(*               counted senders of its tenant, each sender counted once   *)
(*               (III-A/B: "n = |AUSS|"), or n = 1 while the receiver      *)
(*               defers to DCQCN (III-C: "Dart sets n = 1 in this state"). *)
(*  OneThrottle -- ECN feedback goes out only while every grant is n <= 1  *)
(*               (III-C: "to avoid DSR from interfering with DCQCN").      *)
(*  WithinCapacity -- once every active sender of a tenant holds its       *)
(*               current share, their rates sum to at most the line rate   *)
(*               (III-A: "an accurate and precise rate not to exceed").    *)
(*  LineRateStart -- a sender whose flow begins after it was idle (neither *)
(*               active nor counted) applies n = 1 (III-A: "All flows     *)
(*               begin at the full line rate because (1) we want to avoid *)
(*               penalizing the latency of short flows").                  *)
(*  FollowsCongestion -- the receiver defers to DCQCN only after a window  *)
(*               with marks below the line rate, and after such a window   *)
(*               it does defer and sends the marks back (III-C: at line   *)
(*               rate with marks, "This condition triggers DSR ... while  *)
(*               suppressing the ECN marks on the returning ACKs"; below  *)
(*               line rate with marks, Dart enters Non Receiver           *)
(*               Congestion, "the receiver allows ECN marks, which        *)
(*               trigger DCQCN at the senders"); ECN feedback goes back    *)
(*               after such a window only.                                 *)
(*  Staggered -- a sender's n changes only to the n the receiver had       *)
(*               already granted it, or to 1 where its flow begins or ends *)
(*               (III-A: "Dart piggybacks the sender count, the n value,   *)
(*               with ACKs to all the senders"; "The ACKs cause the sender *)
(*               NICs to throttle the rate to 1/n"; III-B: "The rate       *)
(*               throttling at the sender is staggered by the time         *)
(*               required for the receiver's ACK (with the piggy-backed n  *)
(*               value) to reach the sender"): no sender applies an n      *)
(*               before it was sent, or one it was never sent.             *)
(* The liveness promises, LiveSpec:                                       *)
(*  Forgotten -- a sender counted but no longer active (it failed) leaves  *)
(*               the count (III-B: "Any flow that is idle for long ... is  *)
(*               assumed to be dead and eliminated from the AUSS"; III-E:  *)
(*               "Any flow in the AUSS ... will naturally timeout and exit *)
(*               the AUSS when senders fail"), so a failed sender does not *)
(*               throttle the live ones for ever.                          *)
(*  Served    -- an active sender is eventually sent its current share     *)
(*               (III-A/B: DASR "specifies the appropriate sending rate in *)
(*               one RTT without repeated adjustments"; "converging in    *)
(*               only one RTT"), unless it stops being active first: a    *)
(*               receiver that never sends n leaves its senders at line   *)
(*               rate for ever. Which RTT is not said here (no clock).    *)
(*  Recovered -- an active sender eventually applies the n it holds,       *)
(*               smaller or larger than the one it applies, unless the     *)
(*               grant changes or it stops being active first (III-B: the  *)
(*               long flows throttle their rates "only for the duration of *)
(*               the short flows"; I: "When a sender completes, the        *)
(*               (instantaneous) sending rate is adjusted as per the new   *)
(*               sender count"): a sender that keeps a larger n than its   *)
(*               grant once the short flows ended stays throttled for      *)
(*               ever.                                                     *)
(* Not promised here: the rates' convergence under persistent combined     *)
(* congestion (III-C; the twin's RatesSettle).                             *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS
    Senders,          \* the senders
    TenantOf(_),      \* the tenant of a sender
    TenantIds,        \* the tenants
    LineRate          \* the line rate, in units every grant divides

VARIABLES
    active,           \* senders with a message begun or announced, alive
    counted,          \* senders the receiver counts
    grant,            \* [Senders -> Nat]: the n last granted to each sender, 0 = none
    dcqcnOnly,        \* the receiver defers to DCQCN (non-receiver congestion)
    echo,             \* ECN feedback forwarded to the senders
    heard,            \* senders heard from in the current soft-state period
    applied,          \* [Senders -> Nat]: the n each sender applies (rate = line rate / n)
    seen              \* what the last observation window showed: "none" (no ECN marks, or no window
                      \* yet), "marksAtLineRate", "marksBelowLineRate" (the receive throughput below line rate)

vars == <<active, counted, grant, dcqcnOnly, echo, heard, applied, seen>>

Signals == {"none", "marksAtLineRate", "marksBelowLineRate"}

TenantSenders(t) == {s \in Senders : TenantOf(s) = t}
Max(a, b) == IF a >= b THEN a ELSE b
Share(s, c, d) == IF d THEN 1 ELSE Max(1, Cardinality(c \cap TenantSenders(TenantOf(s))))

RECURSIVE SumOver(_, _)
SumOver(f, S) == IF S = {} THEN 0 ELSE LET x == CHOOSE y \in S : TRUE IN f[x] + SumOver(f, S \ {x})

TypeOK ==
    /\ active \subseteq Senders /\ counted \subseteq Senders
    /\ grant \in [Senders -> Nat] /\ dcqcnOnly \in BOOLEAN /\ echo \in BOOLEAN
    /\ heard \subseteq Senders
    /\ applied \in [Senders -> Nat] /\ seen \in Signals

Counted == active \subseteq counted
Begun == active' \ active \subseteq heard'
Isolated == \E t \in TenantIds : counted' \ counted \subseteq TenantSenders(t)
Granted == \A s \in Senders : grant'[s] \in {grant[s], 0, Share(s, counted', dcqcnOnly')}
OneThrottle == echo => \A s \in Senders : grant[s] <= 1
WithinCapacity ==
    \A t \in TenantIds :
        LET A == active \cap TenantSenders(t) IN
        (~dcqcnOnly /\ \A s \in A : grant[s] = Share(s, counted, dcqcnOnly))
            => SumOver([s \in A |-> LineRate \div grant[s]], A) <= LineRate
LineRateStart == \A s \in Senders : (s \notin active /\ s \notin counted /\ s \in active') => applied'[s] = 1
Staggered == \A s \in Senders :
                 applied'[s] # applied[s] => \/ applied'[s] = grant[s]
                                              \/ (applied'[s] = 1 /\ ~(s \in active /\ s \in active'))
FollowsCongestion ==
    /\ dcqcnOnly => seen = "marksBelowLineRate"
    /\ echo => seen = "marksBelowLineRate"
    /\ seen = "marksBelowLineRate" => dcqcnOnly /\ echo

Init ==
    /\ active = {} /\ counted = {}
    /\ grant = [s \in Senders |-> 0]
    /\ dcqcnOnly = FALSE /\ echo = FALSE
    /\ heard = {}
    /\ applied = [s \in Senders |-> 1]
    /\ seen = "none"

Next ==
    /\ active' \subseteq Senders /\ counted' \subseteq Senders
    /\ dcqcnOnly' \in BOOLEAN /\ echo' \in BOOLEAN
    /\ heard' \subseteq Senders
    /\ seen' \in Signals
    /\ Counted'
    /\ Begun
    /\ Isolated
    /\ Granted
    /\ OneThrottle'
    /\ WithinCapacity'
    /\ LineRateStart
    /\ Staggered
    /\ FollowsCongestion'

Spec == Init /\ [][Next]_vars

Forgotten == \A s \in Senders : (s \in counted /\ s \notin active) ~> (s \notin counted \/ s \in active)

Served == \A s \in Senders :
              s \in active ~> (s \notin active \/ grant[s] = Share(s, counted, dcqcnOnly))

(* A grant is a share, n <= the senders counted (Granted): k ranges over the shares there are. *)
Recovered == \A s \in Senders, k \in 1..Cardinality(Senders) :
                 (s \in active /\ grant[s] = k) ~> (s \notin active \/ grant[s] # k \/ applied[s] = k)

LiveSpec == Spec /\ Forgotten /\ Served /\ Recovered
=============================================================================
