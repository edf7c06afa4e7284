-------------------------------- MODULE Spec --------------------------------
(***************************************************************************)
(* One fabric: in-order flow deflection with the deflected flow table      *)
(* (DFT), the escape virtual lane VL0 with up*/down* routing, PFC          *)
(* back-pressure on per-(port, lane) buffers, ECMP, and the failure of one *)
(* switch or link.  Seed 000 (Dart, IEEE/ACM ToN 2020) IV-A/B/C, VI-A.     *)
(*                                                                         *)
(* Every arc leaving a switch has one FIFO buffer per lane at its          *)
(* downstream end (lane 0 = VL0 escape, lane 1 = VL1 normal).  A packet    *)
(* moves only into a buffer below the PFC pause threshold Xoff: a paused   *)
(* upstream buffer cannot send.  On VL0 packets follow up*/down* and are   *)
(* never deflected.  On VL1 a packet consults the DFT first; a message's   *)
(* first packet is deflected when its ECMP buffer holds at least Threshold *)
(* packets, it has tokens and an entry is free; a blocked VL1 packet may   *)
(* move to VL0 (LaneChange "silent") or, with "follow", only a first       *)
(* packet does so and records it in the DFT for the later packets.  The    *)
(* end packet frees the entries it matches.  A failure drops every         *)
(* foreground packet in flight, the failed switch's DFT and the background *)
(* of the lost buffers; senders of incomplete messages restart; survivors  *)
(* keep their DFTs (Cleanup "none") or free the restarted messages'        *)
(* entries ("flush").  With FailDrops "link" (the narrower reading of      *)
(* IV-C) only the failed element's buffers lose their packets and only the *)
(* messages that lost one restart.                                         *)
(*                                                                         *)
(* PFC (seed 004 §4): a buffer pauses its upstream at Xoff and resumes it  *)
(* at Xoff - PfcHysteresis ("The switch sends RESUME message when the      *)
(* queue falls below t_PFC by two MTU"); with PfcHysteresis 1 the pause is *)
(* the occupancy's, otherwise a pause bit per buffer.  ECN (seed 004 §3.1, *)
(* CP: "an arriving packet is ECN-marked if the queue length exceeds a     *)
(* threshold"): a move into a buffer holding Ecn or more packets carries   *)
(* the mark, a field of the move (Hop.ecn), never of the state.            *)
(*                                                                         *)
(* Queueing (constant Queueing): "ingress", one FIFO per (arc, lane) at    *)
(* the arc's downstream end, the packet routed as it leaves it; or         *)
(* "egress", seed 004 §4's switch: the switch routes a packet as it        *)
(* arrives (seed 000 Fig. 7) into the egress queue of its output (port,    *)
(* lane) and tracks per ingress (port, lane) the packets it holds that     *)
(* came in there; PFC ("The switches and NICs track ingress queues") and   *)
(* the pause are the ingress's, ECN marking the egress queue's.            *)
(*                                                                         *)
(* The variables are those of the Java twin's trace view (model-java       *)
(* org.rdmacheck.model.fabric.NetworkModel), as sequences in the same      *)
(* order, so distinct-state counts are equal and Java traces validate.     *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    TopoKind, Tors, Spines, HostsPerTor, K,   \* topology, numbered as the Java generators
    FlowSeq,       \* sequence of [src |-> host, dst |-> host, long |-> BOOLEAN]
    Packets, DftSize, Tokens, Threshold, Ecn, Xoff, Background,
    Failures,      \* 0 or 1
    DftKey,        \* "message" (seed IV-A) or "message-tokens" (repair)
    UTurns,        \* "allowed" or "forbidden"
    LaneChange,    \* "silent" (seed IV-B) or "follow" (IOFD on lane changes)
    Cleanup,       \* "none" (seed IV-A/C) or "flush" (repair)
    FailDrops,     \* seed IV-C: "all" (every packet in flight is dropped) or "link" (what is on the failed element)
    EscapeLane,    \* BOOLEAN
    PfcHysteresis, \* PFC resumes at Xon = Xoff - PfcHysteresis (1: no hysteresis)
    Queueing,      \* "ingress" (a FIFO per ingress (arc, lane)) or "egress" (seed 004 §4: egress FIFOs, PFC per ingress)
    EscapeAt,      \* egress queueing: when a VL1 packet may move to VL0, "arrival" or also at the "head" of a blocked queue
    Knockouts      \* mechanisms knocked out (the Java catalogue's --knockout): a subset of
                   \* KnockoutNames, each switch below at the rule it removes

(*************************** Knock-outs ************************************)
(* Each mechanism of seed 000 IV-A/B/C and seed 004 3.1/4 the model carries, removed one at a time   *)
(* (default: none, the design).  Where a constant already says the same (EscapeLane, Cleanup) the     *)
(* knock-out is that constant's other value, so there is one switch per rule.                        *)
KnockoutNames == {"dft-follow", "dft-free-on-end", "token-spending", "deflection-threshold",
                  "tor-no-host-deflection", "long-flows-not-deflected", "escape-lane", "escape-access",
                  "no-return-from-vl0", "pfc-pause", "pfc-counts-background", "pfc-hysteresis", "ecn-mark",
                  "failure-cleanup", "dft-hit-waits"}
KO(m) == m \in Knockouts
\* seed IV-B: the escape lane VL0 (knocked out: no VL0, as EscapeLane = FALSE)
Escape == EscapeLane /\ ~KO("escape-lane")
\* seed IV-C repair: the failure notice frees the restarted messages' entries (knocked out: as Cleanup "none")
Flush == Cleanup = "flush" /\ ~KO("failure-cleanup")

ASSUME /\ TopoKind \in {"leafspine", "fattree"}
       /\ Packets >= 1 /\ DftSize >= 0 /\ Tokens >= 0 /\ Threshold >= 1 /\ Xoff > Threshold
       /\ Failures \in {0, 1} /\ FailDrops \in {"all", "link"}
       /\ DftKey \in {"message", "message-tokens"} /\ UTurns \in {"allowed", "forbidden"}
       /\ LaneChange \in {"silent", "follow"} /\ Cleanup \in {"none", "flush"} /\ EscapeLane \in BOOLEAN
       /\ PfcHysteresis >= 1 /\ PfcHysteresis <= Xoff
       /\ Queueing \in {"ingress", "egress"}
       /\ EscapeAt \in {"arrival", "head"} /\ (EscapeAt = "head" => Queueing = "egress")
       /\ Knockouts \subseteq KnockoutNames

(*************************** Topology **************************************)
H2 == K \div 2
HostCount == IF TopoKind = "leafspine" THEN Tors * HostsPerTor ELSE K * H2 * H2
NodeCount == IF TopoKind = "leafspine" THEN HostCount + Tors + Spines
             ELSE HostCount + K * H2 + K * H2 + H2 * H2
LeafSpineLink(l) ==
    LET nh == Tors * HostsPerTor IN
    IF l < nh THEN <<l, nh + l \div HostsPerTor>>
    ELSE LET m == l - nh IN <<nh + m \div Spines, nh + Tors + (m % Spines)>>
FatTreeLink(l) ==
    LET n == K * H2 * H2
        tor0 == n
        agg0 == tor0 + K * H2
        core0 == agg0 + K * H2
    IN IF l < n THEN <<l, tor0 + l \div H2>>
       ELSE IF l < 2 * n THEN LET m == l - n IN
            <<tor0 + m \div H2, agg0 + ((m \div H2) \div H2) * H2 + (m % H2)>>
       ELSE LET m == l - 2 * n IN
            <<agg0 + m \div H2, core0 + ((m \div H2) % H2) * H2 + (m % H2)>>
LinkCount == IF TopoKind = "leafspine" THEN Tors * HostsPerTor + Tors * Spines ELSE 3 * K * H2 * H2
LinkEnds == [l \in 0..LinkCount - 1 |-> IF TopoKind = "leafspine" THEN LeafSpineLink(l) ELSE FatTreeLink(l)]

Nodes == 0..NodeCount - 1
Hosts == 0..HostCount - 1
Switches == Nodes \ Hosts
Arcs == 0..2 * LinkCount - 1
FromOf == [a \in Arcs |-> IF (a % 2) = 0 THEN LinkEnds[a \div 2][1] ELSE LinkEnds[a \div 2][2]]
ToOf == [a \in Arcs |-> IF (a % 2) = 0 THEN LinkEnds[a \div 2][2] ELSE LinkEnds[a \div 2][1]]
Reverse(a) == IF (a % 2) = 0 THEN a + 1 ELSE a - 1
\* tiers: hosts 0, ToRs/leaves 1, aggregation/spines 2, cores 3
Tier(n) == IF n < HostCount THEN 0
           ELSE IF TopoKind = "leafspine" THEN (IF n < HostCount + Tors THEN 1 ELSE 2)
           ELSE IF n < HostCount + K * H2 THEN 1 ELSE IF n < HostCount + 2 * K * H2 THEN 2 ELSE 3
MaxTier == IF TopoKind = "leafspine" THEN 2 ELSE 3
OutArcs == [n \in Nodes |-> {a \in Arcs : FromOf[a] = n}]
Tor == {ToOf[a] : a \in {x \in Arcs : FromOf[x] \in Hosts}}

RECURSIVE SortedSeq(_)
SortedSeq(S) == IF S = {} THEN <<>>
                ELSE LET m == CHOOSE x \in S : \A y \in S : x <= y IN <<m>> \o SortedSeq(S \ {m})

QArcs == {a \in Arcs : FromOf[a] \in Switches}      \* buffered arcs, in arc order
BufArcs == SortedSeq(QArcs)
NB == Len(BufArcs)
BufOf == [a \in Arcs |-> IF a \in QArcs THEN Cardinality({x \in QArcs : x < a}) ELSE -1]
Buffers == 0..2 * NB - 1                              \* buffer b = 2 * bufferedArc + lane
BufArc(b) == BufArcs[(b \div 2) + 1]

(*************************** Failure elements ******************************)
FailNodes == IF Failures = 0 THEN <<>> ELSE SortedSeq(Switches \ Tor)
FailLinks == IF Failures = 0 THEN <<>>
             ELSE SortedSeq({l \in 0..LinkCount - 1 : LinkEnds[l][1] \in Switches /\ LinkEnds[l][2] \in Switches})
NE == 1 + Len(FailNodes) + Len(FailLinks)
Elems == 0..NE - 1
ElemNode(e) == IF e >= 1 /\ e <= Len(FailNodes) THEN FailNodes[e] ELSE -1
ElemLink(e) == IF e > Len(FailNodes) THEN FailLinks[e - Len(FailNodes)] ELSE -1
Dead(e, a) == \/ ElemLink(e) >= 0 /\ a \div 2 = ElemLink(e)
              \/ ElemNode(e) >= 0 /\ (FromOf[a] = ElemNode(e) \/ ToOf[a] = ElemNode(e))

(*************************** Flows, ECMP and escape routes *****************)
Flows == 0..Len(FlowSeq) - 1
Flow(f) == FlowSeq[f + 1]
\* seed IV-B: "long flows ... are not deflected": they carry no tokens (knocked out: a short flow's)
InitTokens(f) == IF Flow(f).long /\ ~KO("long-flows-not-deflected") THEN 0 ELSE Tokens
SrcTor(f) == ToOf[CHOOSE a \in Arcs : FromOf[a] = Flow(f).src]
IsDown(a) == Tier(ToOf[a]) < Tier(FromOf[a])
EcmpHash(f, s, n) == (f * 37 + s * 11 + n * 53) % 97
Hashed(v, f, C) == IF C = {} THEN -1
                   ELSE CHOOSE a \in C : \A b \in C :
                        EcmpHash(f, v, ToOf[a]) * 100000 + ToOf[a] <= EcmpHash(f, v, ToOf[b]) * 100000 + ToOf[b]
Min(S) == CHOOSE x \in S : \A y \in S : x <= y

\* Hop distances to host h over live arcs; hosts are not transit; -1: unreachable.
RECURSIVE Grow(_, _, _, _)
Grow(d, frontier, k, e) ==
    IF frontier = {} THEN d
    ELSE LET nxt == {m \in Switches : d[m] = -1 /\ \E a \in Arcs : FromOf[a] = m /\ ToOf[a] \in frontier /\ ~Dead(e, a)}
         IN Grow([n \in Nodes |-> IF n \in nxt THEN k + 1 ELSE d[n]], nxt, k + 1, e)
Dist(e, h) == Grow([n \in Nodes |-> IF n = h THEN 0 ELSE -1], {h}, 0, e)

\* Down-only distances, tier by tier upwards.
RECURSIVE DownUpTo(_, _, _, _)
DownUpTo(d, t, e, h) ==
    IF t > MaxTier THEN d
    ELSE DownUpTo([n \in Nodes |->
            IF Tier(n) = t /\ n \in Switches /\ n # ElemNode(e)
            THEN LET c == {d[ToOf[a]] + 1 : a \in {x \in OutArcs[n] : IsDown(x) /\ ~Dead(e, x) /\ d[ToOf[x]] >= 0}}
                 IN IF c = {} THEN -1 ELSE Min(c)
            ELSE d[n]], t + 1, e, h)
Down(e, h) == DownUpTo([n \in Nodes |-> IF n = h THEN 0 ELSE -1], 1, e, h)

\* Up*-then-down* distances, tier by tier downwards.
RECURSIVE UpDownFrom(_, _, _)
UpDownFrom(d, t, e) ==
    IF t < 1 THEN d
    ELSE UpDownFrom([n \in Nodes |->
            IF Tier(n) = t /\ n \in Switches /\ n # ElemNode(e) /\ d[n] < 0
            THEN LET c == {d[ToOf[a]] + 1 : a \in {x \in OutArcs[n] : ~IsDown(x) /\ ToOf[x] \in Switches
                                                        /\ ~Dead(e, x) /\ d[ToOf[x]] >= 0}}
                 IN IF c = {} THEN -1 ELSE Min(c)
            ELSE d[n]], t - 1, e)

\* TLCEval(x) = x: TLC builds the routing tables once, at startup.  Without it they stay a lazy
\* function whose entries TLC recomputes on application, and the ENABLED evaluations behind
\* FairSpec's fairness re-run the recursive distance computations on every state.
Routes == TLCEval([e \in Elems |-> [f \in Flows |->
    LET h == Flow(f).dst
        dist == Dist(e, h)
        dn == Down(e, h)
        ud == UpDownFrom(dn, MaxTier, e)
    IN [ecmp |-> [v \in Nodes |->
            IF v \in Hosts \/ dist[v] < 0 THEN -1
            ELSE Hashed(v, f, {a \in OutArcs[v] : dist[ToOf[a]] >= 0 /\ dist[ToOf[a]] = dist[v] - 1 /\ ~Dead(e, a)})],
        escape |-> [v \in Nodes |->
            IF v \in Hosts \/ ud[v] < 0 THEN -1
            ELSE IF dn[v] >= 0
                 THEN Hashed(v, f, {a \in OutArcs[v] : IsDown(a) /\ dn[ToOf[a]] = dn[v] - 1 /\ ~Dead(e, a)})
                 ELSE Hashed(v, f, {a \in OutArcs[v] : ~IsDown(a) /\ ToOf[a] \in Switches
                                                      /\ ud[ToOf[a]] = ud[v] - 1 /\ ~Dead(e, a)})]]]])
EcmpArc(e, v, f) == Routes[e][f].ecmp[v]
EscapeArc(e, v, f) == Routes[e][f].escape[v]

(*************************** State *****************************************)
VARIABLES
    buffers,     \* <<b |-> Seq(packet)>>, buffer b at position b + 1, head first
    background,  \* <<b |-> background packets>>
    dft,         \* <<node |-> sorted Seq(entry)>>, node n at position n + 1
    sent,        \* <<flow |-> packets sent>>
    expected,    \* <<flow |-> receiver's next expected packet>>
    failed,      \* failure element, 0 = none
    paused,      \* <<b |-> BOOLEAN>>: buffer b has paused its upstream (with hysteresis; else all FALSE)
    hostPaused   \* <<h |-> BOOLEAN>>: egress queueing, h's ToR has paused h's NIC (with hysteresis; else all FALSE)

vars == <<buffers, background, dft, sent, expected, failed, paused, hostPaused>>

Egress == Queueing = "egress"
\* Under egress queueing a packet also carries the ingress (arc, lane) it arrived on at the switch holding it,
\* numbered 2 * arc + lane + 1 (the Java twin's packet component "in").
Packet == IF Egress THEN [flow : Flows, seq : 0..Packets - 1, tokens : 0..Tokens, in : 1..2 * Cardinality(Arcs)]
          ELSE [flow : Flows, seq : 0..Packets - 1, tokens : 0..Tokens]
Entry == [flow : Flows, tokens : 0..Tokens, arc : Arcs, lane : 0..1]

TypeOK ==
    /\ buffers \in [1..2 * NB -> Seq(Packet)]
    /\ background \in [1..2 * NB -> 0..Threshold]
    /\ dft \in [1..NodeCount -> Seq(Entry)]
    /\ sent \in [1..Len(FlowSeq) -> 0..Packets]
    /\ expected \in [1..Len(FlowSeq) -> 0..Packets]
    /\ failed \in Elems
    /\ paused \in [1..2 * NB -> BOOLEAN]
    /\ hostPaused \in [1..HostCount -> BOOLEAN]

Occ(b) == background[b + 1] + Len(buffers[b + 1])
BufOn(a, l) == 2 * BufOf[a] + l

(* PFC, seed 004 §4: "When the queue exceeds a certain threshold, a PAUSE message is sent to the  *)
(* upstream entity. The uplink entity then stops sending on that link till it gets a RESUME        *)
(* message." and "The switch sends RESUME message when the queue falls below t_PFC by two MTU."     *)
(* The queue counted is the whole ingress buffer, background packets included.  With              *)
(* PfcHysteresis 1 the pause is the occupancy's (paused exactly at Xoff) and no bit is kept; with   *)
(* more, a bit set when the buffer reaches Xoff and cleared when it falls to Xon.  The knock-out    *)
(* "pfc-hysteresis" resumes as soon as the buffer holds fewer than Xoff.                            *)
(* The knock-out "pfc-counts-background" counts the modelled messages' packets alone (PfcOf); the    *)
(* knock-out "pfc-pause" lets the upstream send into a buffer at Xoff, where the packet finds no room  *)
(* and is dropped (Enqueued).                                                                        *)
Hysteresis == PfcHysteresis > 1
Xon == IF "pfc-hysteresis" \in Knockouts THEN Xoff - 1 ELSE Xoff - PfcHysteresis
PfcOf(i, n, bg) == IF (i % 2) = 1 /\ ~KO("pfc-counts-background") THEN n + bg ELSE n

(* Egress queueing, seed 004 §4: "The switches and NICs track ingress queues. When the queue exceeds a    *)
(* certain threshold, a PAUSE message is sent to the upstream entity"; "t_ECN is an egress queue          *)
(* threshold, while t_PFC is an ingress queue threshold"; "packets pending on all egress queues come from *)
(* a single ingress queue" in the worst case.  A switch's queues are its egress FIFOs (buffer b is the     *)
(* FIFO of arc BufArc(b) at its upstream end); what PFC counts for ingress (a, l) of switch ToOf[a] is the *)
(* packets pending on that switch's egress queues that arrived on (a, l), and (VL1) the background packets *)
(* that arc carries.  A host consumes what reaches it at once: its NIC's ingress queue never holds a      *)
(* packet, so it never pauses the ToR (no pause bit).  The other way, a PAUSE goes to "the immediate      *)
(* upstream entity (either another switch or a host NIC)": the ToR tracks the ingress queue of each host's *)
(* link as any other ingress, pausing the NIC at Xoff and resuming it at Xon (hostPaused, with hysteresis). *)
Tag(a, l) == 2 * a + l + 1
SrcArc(f) == CHOOSE a \in Arcs : FromOf[a] = Flow(f).src
\* Per ingress (a, l), numbered Tag(a, l), the packets pending that came in on it: a packet is held only by
\* the switch its ingress arc enters (in that switch's egress queues), so one tally of every queue gives each
\* switch's per-ingress counts.
Tags == 1..2 * Cardinality(Arcs)
RECURSIVE AddTags(_, _, _)
AddTags(acc, q, k) == IF k > Len(q) THEN acc ELSE AddTags([acc EXCEPT ![q[k].in] = @ + 1], q, k + 1)
RECURSIVE TallyFrom(_, _, _)
TallyFrom(bufs, i, acc) == IF i > Len(bufs) THEN acc
                           ELSE TallyFrom(bufs, i + 1, IF bufs[i] = <<>> THEN acc ELSE AddTags(acc, bufs[i], 1))
Tally(bufs) == TallyFrom(bufs, 1, [t \in Tags |-> 0])
\* the ingress queue (a, l) of switch ToOf[a] from a tally, background included; 0 at a host, which consumes at once
QueueOf(tally, bg, a, l) ==
    IF ToOf[a] \in Hosts THEN 0 ELSE tally[Tag(a, l)] + (IF l = 1 /\ a \in QArcs THEN bg[2 * BufOf[a] + 2] ELSE 0)
\* what PFC counts there (knocked out, "pfc-counts-background": the modelled messages' packets alone)
PfcOfIngress(tally, bg, a, l) ==
    IF KO("pfc-counts-background") /\ ToOf[a] \in Switches THEN tally[Tag(a, l)] ELSE QueueOf(tally, bg, a, l)
IngressQueue(bufs, bg, a, l) == QueueOf(Tally(bufs), bg, a, l)
IngressPfc(bufs, bg, a, l) == PfcOfIngress(Tally(bufs), bg, a, l)
\* The queue PFC is specified to count for the pause bit of buffer b, background included (the properties').
PfcQueue(b) == IF Egress THEN IngressQueue(buffers, background, BufArc(b), b % 2) ELSE background[b + 1] + Len(buffers[b + 1])

Paused(b) == IF Hysteresis THEN paused[b + 1]
             ELSE IF Egress THEN IngressPfc(buffers, background, BufArc(b), b % 2) >= Xoff
             ELSE PfcOf(b, Len(buffers[b + 1]), background[b + 1]) >= Xoff
\* Egress queueing: the ToR has paused the host's NIC (the host's ingress carries no background): on the count, or
\* with hysteresis by the host's pause bit.
HostArc(h) == CHOOSE a \in Arcs : FromOf[a] = h
HostPaused(f) == IF Hysteresis THEN hostPaused[Flow(f).src + 1]
                 ELSE IngressPfc(buffers, background, SrcArc(f), 1) >= Xoff
\* Egress queueing: the switch the arc of buffer b enters has paused that ingress, so b's head cannot leave.
HeldBack(b) == Egress /\ ~KO("pfc-pause") /\ Paused(b)
Room(a, l) == ~Dead(failed, a) /\ (KO("pfc-pause") \/ ~Paused(BufOn(a, l)))
\* A pause bit after a step, from what PFC counts then: set at Xoff, cleared at Xon, else kept.
Latch(was, n) == IF n >= Xoff THEN TRUE ELSE IF n <= Xon THEN FALSE ELSE was
\* The pause bits after a step, from the step's buffers and background (unchanged without hysteresis).
Settled(bufs, bg) ==
    IF ~Hysteresis THEN paused
    ELSE LET tally == IF Egress THEN Tally(bufs) ELSE <<>> IN
         [i \in 1..2 * NB |-> Latch(paused[i], IF Egress THEN PfcOfIngress(tally, bg, BufArc(i - 1), (i - 1) % 2)
                                               ELSE PfcOf(i - 1, Len(bufs[i]), bg[i]))]
\* Egress queueing: the hosts' pause bits after a step, by the same latch on the host's ingress at its ToR.
SettledHosts(bufs, bg) ==
    IF ~Hysteresis \/ ~Egress THEN hostPaused
    ELSE LET tally == Tally(bufs) IN
         [h \in 1..HostCount |-> Latch(hostPaused[h], PfcOfIngress(tally, bg, HostArc(h - 1), 1))]

(* ECN, seed 004 §3.1 (CP): "an arriving packet is ECN-marked if the queue length exceeds a        *)
(* threshold"; §4: t_ECN, "Once an egress queue exceeds this threshold, the switch starts marking   *)
(* packets on that queue".  A packet joining a buffer that holds Ecn or more is marked (the ingress *)
(* buffer is the model's one queue per port and lane).  The knock-out "ecn-mark" never marks.      *)
Marks(a, l) == "ecn-mark" \notin Knockouts /\ Occ(BufOn(a, l)) >= Ecn

Matches(d, p) == d.flow = p.flow /\ (DftKey = "message" \/ d.tokens = p.tokens)
Less(x, y) == \/ x.flow < y.flow
              \/ x.flow = y.flow /\ x.tokens < y.tokens
              \/ x.flow = y.flow /\ x.tokens = y.tokens /\ x.arc < y.arc
              \/ x.flow = y.flow /\ x.tokens = y.tokens /\ x.arc = y.arc /\ x.lane < y.lane
With(tab, d) == LET i == Cardinality({j \in 1..Len(tab) : Less(tab[j], d) \/ tab[j] = d})
                IN SubSeq(tab, 1, i) \o <<d>> \o SubSeq(tab, i + 1, Len(tab))
\* seed IV-A: a misroute spends one of the packet's tokens (knocked out: never spent)
Spend(p) == IF KO("token-spending") THEN p ELSE [p EXCEPT !.tokens = @ - 1]
\* The buffers after hop h's packet arrives: appended, or with "pfc-pause" knocked out dropped at a
\* buffer holding Xoff or more (no pause held it back, no room takes it).
\* Egress queueing: dropped when the ingress it arrived on holds Xoff or more (whatever its egress FIFO holds).
Enqueued(bufs, h) == LET i == BufOn(h.out, h.lane)
                         full == IF Egress THEN IngressPfc(buffers, background, (h.pkt.in - 1) \div 2, (h.pkt.in - 1) % 2) >= Xoff
                                 ELSE Occ(i) >= Xoff IN
                   IF KO("pfc-pause") /\ full THEN bufs
                   ELSE [bufs EXCEPT ![i + 1] = Append(@, h.pkt)]
IsUTurn(out, in) == in >= 0 /\ out = Reverse(in)
Hop(out, l, p, tab) == [out |-> out, lane |-> l, pkt |-> p, table |-> tab, ecn |-> Marks(out, l)]
\* Egress queueing: a switch routes a packet as it arrives, so a paused port does not keep the packet out of
\* the switch: beside the moves the decision offers when that port is paused, the packet may join the port's
\* egress queue and wait there for the RESUME (a live port only).
Wait(a, l, p, tab) == IF Egress /\ a >= 0 /\ ~Dead(failed, a) /\ ~Room(a, l) THEN {Hop(a, l, p, tab)} ELSE {}
\* The packet as switch ToOf[a] holds it after it arrived on (a, l) (a is the host's arc at its source ToR).
Pkt(f, s, k, a, l) == IF Egress THEN [flow |-> f, seq |-> s, tokens |-> k, in |-> Tag(a, l)]
                      ELSE [flow |-> f, seq |-> s, tokens |-> k]
AtIngress(p, a, l) == Pkt(p.flow, p.seq, p.tokens, a, l)
Fresh(f) == Pkt(f, sent[f + 1], InitTokens(f), SrcArc(f), 1)

DeflectionArcs(v, normal, in) ==
    {a \in OutArcs[v] : a # normal /\ (ToOf[a] \in Switches \/ KO("tor-no-host-deflection")) /\ Room(a, 1)
                        /\ ~(IsUTurn(a, in) /\ UTurns = "forbidden")}

\* seed IV-B: a blocked VL1 packet may move to VL0, never back.
EscapeHops(v, p, tab, after) ==
    LET esc == EscapeArc(failed, v, p.flow)
        end == p.seq = Packets - 1
    IN IF ~Escape \/ esc < 0 THEN {}
       ELSE IF ~Room(esc, 0) THEN {}
       ELSE IF LaneChange = "silent" THEN {Hop(esc, 0, p, after)}
       ELSE IF p.seq = 0 /\ Len(tab) < DftSize
            THEN {Hop(esc, 0, p, IF end THEN after
                                 ELSE With(tab, [flow |-> p.flow, tokens |-> p.tokens, arc |-> esc, lane |-> 0]))}
       ELSE {}

\* Every move switch v may give packet p on lane l, arrived on arc in (-1: from its host).
Route(v, p, l, in) ==
    LET tab == dft[v + 1]
        end == p.seq = Packets - 1
        \* seed IV-A: the end packet frees its message's entries (knocked out: never freed)
        after == IF end /\ ~KO("dft-free-on-end") THEN SelectSeq(tab, LAMBDA d : ~Matches(d, p)) ELSE tab
        \* seed IV-A: a packet matching an entry follows it (knocked out: entries are never consulted)
        hits == IF KO("dft-follow") THEN <<>> ELSE SelectSeq(tab, LAMBDA d : Matches(d, p))
        hit == Head(hits)
        normal == EcmpArc(failed, v, p.flow)
        alts == IF p.seq = 0 /\ p.tokens > 0 /\ Len(tab) < DftSize THEN DeflectionArcs(v, normal, in) ELSE {}
    IN IF l = 0
       THEN LET esc == EscapeArc(failed, v, p.flow) IN
            (IF esc >= 0 /\ Room(esc, 0) THEN {Hop(esc, 0, p, after)} ELSE Wait(esc, 0, p, after))
            \* seed IV-B: packets on VL0 "never flow back" (knocked out: back to VL1 on the ECMP port)
            \cup (IF KO("no-return-from-vl0") /\ normal >= 0 /\ Room(normal, 1) THEN {Hop(normal, 1, p, after)} ELSE {})
       ELSE IF hits # <<>> /\ hit.lane = 1 /\ IsUTurn(hit.arc, in) /\ UTurns = "forbidden" THEN {}
       ELSE IF hits # <<>> /\ hit.lane = 0
            THEN IF Room(hit.arc, 0) THEN {Hop(hit.arc, 0, p, after)} ELSE Wait(hit.arc, 0, p, after)
       ELSE IF hits # <<>> /\ p.tokens > 0
            \* seed IV-A: a hit whose port is full waits (knocked out: ECMP on VL1 if it has room); IV-B:
            \* every blocked VL1 packet may take VL0 (knocked out: not one pinned to its entry's port)
            THEN IF Room(hit.arc, 1) THEN {Hop(hit.arc, 1, Spend(p), after)}
                 ELSE Wait(hit.arc, 1, Spend(p), after)
                      \cup (IF KO("dft-hit-waits") /\ normal >= 0 /\ Room(normal, 1) THEN {Hop(normal, 1, p, after)}
                            ELSE IF KO("escape-access") THEN {}
                            ELSE EscapeHops(v, p, tab, after))
       ELSE LET deflections == {Hop(a, 1, Spend(p), IF end THEN after
                                      ELSE With(tab, [flow |-> p.flow, tokens |-> p.tokens, arc |-> a, lane |-> 1]))
                                : a \in alts}
            IN IF alts # {} /\ Occ(BufOn(normal, 1)) >= Threshold THEN deflections
               \* seed IV-B: deflection only at or above the threshold (knocked out: at any occupancy,
               \* beside the ECMP move)
               ELSE (IF KO("deflection-threshold") THEN deflections ELSE {})
                    \cup (IF Room(normal, 1) THEN {Hop(normal, 1, p, after)}
                          ELSE EscapeHops(v, p, tab, after) \cup Wait(normal, 1, p, after))

(*************************** Actions ***************************************)
Init ==
    /\ buffers = [b \in 1..2 * NB |-> <<>>]
    /\ background = [b \in 1..2 * NB |-> 0]
    /\ dft = [n \in 1..NodeCount |-> <<>>]
    /\ sent = [f \in 1..Len(FlowSeq) |-> 0]
    /\ expected = [f \in 1..Len(FlowSeq) |-> 0]
    /\ failed = 0
    /\ paused = [b \in 1..2 * NB |-> FALSE]
    /\ hostPaused = [h \in 1..HostCount |-> FALSE]

\* A host hands the next packet of its message to its ToR, which routes it.
Send(f) ==
    /\ sent[f + 1] < Packets
    /\ ~(Egress /\ ~KO("pfc-pause") /\ HostPaused(f))
    /\ LET p == Fresh(f)
           v == SrcTor(f)
       IN \E h \in Route(v, p, 1, -1) :
            /\ buffers' = Enqueued(buffers, h)
            /\ dft' = [dft EXCEPT ![v + 1] = h.table]
    /\ sent' = [sent EXCEPT ![f + 1] = @ + 1]
    /\ paused' = Settled(buffers', background)
    /\ hostPaused' = SettledHosts(buffers', background)
    /\ UNCHANGED <<background, expected, failed>>

\* The head packet of buffer b moves on as its switch decides.
Depart(b) ==
    /\ buffers[b + 1] # <<>>
    /\ ToOf[BufArc(b)] \in Switches
    /\ ~HeldBack(b)
    /\ LET a == BufArc(b)
           p == AtIngress(Head(buffers[b + 1]), a, b % 2)
           v == ToOf[a]
       IN \E h \in Route(v, p, b % 2, a) :
            /\ buffers' = Enqueued([buffers EXCEPT ![b + 1] = Tail(@)], h)
            /\ dft' = [dft EXCEPT ![v + 1] = h.table]
    /\ paused' = Settled(buffers', background)
    /\ hostPaused' = SettledHosts(buffers', background)
    /\ UNCHANGED <<background, sent, expected, failed>>

(* Seed 000 IV-B: "Packets/flows may move from non-escape VLs to escape VLs (which ensures that flows   *)
(* in non-escape VLs can always make forward progress)" -- the paper says may, not when.  Under egress  *)
(* queueing a packet chooses its lane as it arrives; with EscapeAt "head" a packet that is blocked in a  *)
(* non-escape VL later, at the head of its VL1 egress queue while the next switch has paused that       *)
(* ingress (HeldBack), may still move to the escape VL of the switch holding it: into that switch's VL0  *)
(* egress queue, as a packet routed there would take VL0 (a VL0 record of its message is followed; else  *)
(* the lane-change rule of EscapeHops decides and records), into a port with room.  It stays in the same *)
(* switch, so it keeps the ingress it came in on.                                                      *)
HeadHops(b) ==
    LET u == FromOf[BufArc(b)]
        p == Head(buffers[b + 1])
        tab == dft[u + 1]
        after == IF p.seq = Packets - 1 /\ ~KO("dft-free-on-end") THEN SelectSeq(tab, LAMBDA d : ~Matches(d, p)) ELSE tab
        hits == IF KO("dft-follow") THEN <<>> ELSE SelectSeq(tab, LAMBDA d : Matches(d, p))
    IN IF hits # <<>> /\ Head(hits).lane = 0
       THEN IF Room(Head(hits).arc, 0) THEN {Hop(Head(hits).arc, 0, p, after)} ELSE {}
       \* knocked out, "escape-access": not even at the head of a blocked queue
       ELSE IF KO("escape-access") THEN {}
       ELSE EscapeHops(u, p, tab, after)
HeadBlocked(b) == EscapeAt = "head" /\ (b % 2) = 1 /\ buffers[b + 1] # <<>> /\ HeldBack(b)
HeadEscape(b) ==
    /\ HeadBlocked(b)
    /\ \E h \in HeadHops(b) :
         /\ buffers' = Enqueued([buffers EXCEPT ![b + 1] = Tail(@)], h)
         /\ dft' = [dft EXCEPT ![FromOf[BufArc(b)] + 1] = h.table]
    /\ paused' = Settled(buffers', background)
    /\ hostPaused' = SettledHosts(buffers', background)
    /\ UNCHANGED <<background, sent, expected, failed>>

\* Buffer b's head leaves it: on to the next switch, or (EscapeAt "head") onto VL0 where it is.
Forward(b) == Depart(b) \/ HeadEscape(b)

\* The host port hands its head packet to the RC receiver: it accepts only the next expected one.
Deliver(b) ==
    /\ buffers[b + 1] # <<>>
    /\ ToOf[BufArc(b)] \in Hosts
    /\ LET p == Head(buffers[b + 1]) IN
         /\ buffers' = [buffers EXCEPT ![b + 1] = Tail(@)]
         /\ expected' = IF p.seq = expected[p.flow + 1] THEN [expected EXCEPT ![p.flow + 1] = @ + 1] ELSE expected
    /\ paused' = Settled(buffers', background)
    /\ hostPaused' = SettledHosts(buffers', background)
    /\ UNCHANGED <<background, dft, sent, failed>>

RECURSIVE Sum(_, _)
Sum(s, i) == IF i > Len(s) THEN 0 ELSE s[i] + Sum(s, i + 1)

\* A background packet joins a live VL1 buffer and stays.
InjectBackground(b) ==
    /\ Sum(background, 1) < Background
    /\ b % 2 = 1
    /\ ~Dead(failed, BufArc(b))
    /\ background[b + 1] < Threshold
    /\ ~Paused(b)
    /\ background' = [background EXCEPT ![b + 1] = @ + 1]
    /\ paused' = Settled(buffers, background')
    /\ hostPaused' = SettledHosts(buffers, background')
    /\ UNCHANGED <<buffers, dft, sent, expected, failed>>

\* seed IV-C: element e fails; in-flight packets are dropped; incomplete messages restart.
Fail(e) ==
    /\ Failures > 0 /\ failed = 0 /\ e \in 1..NE - 1
    /\ LET \* the background of a failed switch's queues or of the failed link (under egress queueing a
           \* switch's egress FIFOs are its own: lost with either end of their arc)
           lost(b) == LET a == BufArc(b) IN
                      IF Egress THEN Dead(e, a) ELSE ToOf[a] = ElemNode(e) \/ (Dead(e, a) /\ FromOf[a] # ElemNode(e))
           \* the buffers whose packets are dropped: every one ("all"), or the lost ones ("link")
           gone(b) == FailDrops = "all" \/ lost(b)
           \* the messages that lost a packet
           hit == {f \in Flows : \E b \in Buffers : gone(b) /\ \E i \in 1..Len(buffers[b + 1]) : buffers[b + 1][i].flow = f}
           \* "all": every incomplete message restarts (no switch can tell which a failure blocked);
           \* "link": those that lost a packet
           restart == {f \in Flows : expected[f + 1] < Packets /\ sent[f + 1] > 0 /\ (FailDrops = "all" \/ f \in hit)}
       IN /\ failed' = e
          /\ buffers' = [i \in 1..2 * NB |-> IF gone(i - 1) THEN <<>> ELSE buffers[i]]
          /\ background' = [i \in 1..2 * NB |-> IF lost(i - 1) THEN 0 ELSE background[i]]
          /\ sent' = [i \in 1..Len(FlowSeq) |-> IF (i - 1) \in restart THEN 0 ELSE sent[i]]
          /\ dft' = [i \in 1..NodeCount |->
                        IF i - 1 = ElemNode(e) THEN <<>>
                        ELSE IF Flush THEN SelectSeq(dft[i], LAMBDA d : d.flow \notin restart)
                        ELSE dft[i]]
          /\ paused' = Settled(buffers', background')
          /\ hostPaused' = SettledHosts(buffers', background')
    /\ UNCHANGED expected

Next ==
    \/ \E f \in Flows : Send(f)
    \/ \E b \in Buffers : Forward(b) \/ Deliver(b) \/ InjectBackground(b)
    \/ \E e \in Elems : Fail(e)

Spec == Init /\ [][Next]_vars

\* Fair scheduling (the Java catalogue's WF(Send per flow), WF(Forward|Deliver per arc, lane)): a
\* host that can send eventually does, and every buffer's head eventually leaves, whatever route
\* it takes. PFC pauses, routing choices, background packets and failures stay free.
FairSpec == Spec /\ (\A f \in Flows : WF_vars(Send(f))) /\ (\A b \in Buffers : WF_vars(Forward(b) \/ Deliver(b)))

(*************************** Properties ************************************)
AllDelivered == \A f \in Flows : expected[f + 1] = Packets

\* Every message reaches its destination (accepted completely), under fair scheduling.
EventuallyDelivered == <>AllDelivered
Delivers(b) == ToOf[BufArc(b)] \in Hosts /\ buffers[b + 1] # <<>> /\ buffers'[b + 1] = Tail(buffers[b + 1])
                /\ failed' = failed
DSeq(b) == Head(buffers[b + 1]).seq
DExp(b) == expected[Head(buffers[b + 1]).flow + 1]

InOrderDelivery == [][\A b \in Buffers : Delivers(b) => DSeq(b) <= DExp(b)]_vars
NoLossNoDuplicationFaultFree == [][\A b \in Buffers : Delivers(b) /\ failed = 0 => DSeq(b) = DExp(b)]_vars
InOrderAfterFailure == [][\A b \in Buffers : Delivers(b) /\ failed # 0 => DSeq(b) <= DExp(b)]_vars
\* Lossless back pressure (seed 004 4): no buffer holds more than Xoff packets, background included.
\* Under egress queueing per ingress (a, l) of a switch, background included (an egress FIFO may hold more).
LosslessBuffers == IF Egress
                   THEN LET tally == Tally(buffers) IN
                        \A a \in {x \in Arcs : ToOf[x] \in Switches} : \A l \in 0..1 : QueueOf(tally, background, a, l) <= Xoff
                   ELSE \A b \in Buffers : Occ(b) <= Xoff
\* Every packet is delivered to its own destination host (seed IV-A: ToRs never deflect to hosts).
DeliveredToDestination == [][\A b \in Buffers : Delivers(b) => ToOf[BufArc(b)] = Flow(Head(buffers[b + 1]).flow).dst]_vars
\* No routing deadlock (seed IV-B): some buffered head packet can move, when any is buffered.
NoRoutingDeadlock == \/ \A b \in Buffers : buffers[b + 1] = <<>>
                     \/ \E b \in Buffers : /\ buffers[b + 1] # <<>>
                                            /\ \/ ToOf[BufArc(b)] \in Hosts
                                               \/ HeadBlocked(b) /\ HeadHops(b) # {}
                                               \/ /\ ~HeldBack(b)
                                                  /\ Route(ToOf[BufArc(b)], AtIngress(Head(buffers[b + 1]), BufArc(b), b % 2),
                                                           b % 2, BufArc(b)) # {}
NoDftLeak == AllDelivered => \A i \in 1..NodeCount : dft[i] = <<>>
InFlight(f) == \E b \in 1..2 * NB : \E j \in 1..Len(buffers[b]) : buffers[b][j].flow = f
NoStaleDftEntry == \A i \in 1..NodeCount : \A j \in 1..Len(dft[i]) :
                      LET f == dft[i][j].flow IN (sent[f + 1] > 0 /\ sent[f + 1] < Packets) \/ InFlight(f)

\* PFC hysteresis, seed 004 §4: "The switch sends RESUME message when the queue falls below t_PFC by
\* two MTU" -- a step that resumes a paused upstream (clears its buffer's pause bit) leaves the buffer
\* holding at most Xoff - PfcHysteresis packets, background included, so the upstream may send
\* PfcHysteresis packets before the next PAUSE.  With PfcHysteresis 1 there is no bit: it holds by
\* construction.  The knock-out "pfc-hysteresis" violates it.
\* Under egress queueing a host's NIC is an upstream too: its ToR's ingress from it resumes it the same way.
HostQueue(h) == IngressQueue(buffers, background, HostArc(h), 1)
ResumeAtXon == [][/\ \A b \in Buffers :
                      paused[b + 1] /\ ~paused'[b + 1] => PfcQueue(b)' <= Xoff - PfcHysteresis
                  /\ \A h \in Hosts :
                      hostPaused[h + 1] /\ ~hostPaused'[h + 1] => HostQueue(h)' <= Xoff - PfcHysteresis]_vars

\* No pause flapping, the purpose seed 004 §4 gives the two MTU: at most one PAUSE/RESUME pair per
\* PfcHysteresis packets dequeued, stated without a counter.  Every PAUSE (a pause bit set) leaves its
\* buffer at Xoff or more and every RESUME (a bit cleared) at Xoff - PfcHysteresis or less, so between
\* a PAUSE and the next RESUME the buffer loses PfcHysteresis packets or more (dequeued, or dropped by a
\* failure), and between a RESUME and the next PAUSE it takes as many.  The second half is ResumeAtXon;
\* the first no knock-out removes.  The Java catalogue states the same step property (NoPauseFlapping).
NoPauseFlapping ==
    [][/\ \A b \in Buffers :
            /\ ~paused[b + 1] /\ paused'[b + 1] => PfcQueue(b)' >= Xoff
            /\ paused[b + 1] /\ ~paused'[b + 1] => PfcQueue(b)' <= Xoff - PfcHysteresis
       /\ \A h \in Hosts :
            /\ ~hostPaused[h + 1] /\ hostPaused'[h + 1] => HostQueue(h)' >= Xoff
            /\ hostPaused[h + 1] /\ ~hostPaused'[h + 1] => HostQueue(h)' <= Xoff - PfcHysteresis]_vars

\* The moves the step's routing decision offered: a host's send (the flow whose sent grew) or the
\* forward of a switch buffer's head (the buffer that lost its head to a switch).
StepHops ==
    UNION ({Route(SrcTor(f), Fresh(f), 1, -1)
               : f \in {g \in Flows : sent'[g + 1] = sent[g + 1] + 1}}
           \cup {IF HeadBlocked(c) THEN HeadHops(c)
                ELSE Route(ToOf[BufArc(c)], AtIngress(Head(buffers[c + 1]), BufArc(c), c % 2), c % 2, BufArc(c))
               : c \in {d \in Buffers : ToOf[BufArc(d)] \in Switches /\ buffers[d + 1] # <<>>
                                        /\ buffers'[d + 1] = Tail(buffers[d + 1])}})
Joins(b) == failed' = failed /\ Len(buffers'[b + 1]) = Len(buffers[b + 1]) + 1

\* ECN marks congestion, seed 004 §3.1 (CP: "an arriving packet is ECN-marked if the queue length
\* exceeds a threshold") and seed 000 §IV-B (congestion IOFD does not absorb incurs ECN marks, the
\* DCQCN fall-back): a packet that joins a buffer holding Ecn or more packets, background included,
\* joins it by a marked move.  Vacuous with Ecn >= Xoff: no packet joins a buffer holding Xoff (PFC),
\* so none ever joins one at Ecn.  The knock-out "ecn-mark" violates it.
EcnMarksCongestion ==
    [][\A b \in Buffers :
         Joins(b) /\ Occ(b) >= Ecn
         => \E h \in StepHops : BufOn(h.out, h.lane) = b /\ h.pkt = buffers'[b + 1][Len(buffers'[b + 1])] /\ h.ecn]_vars

\* Vacuity witnesses (docs/conformance.md, "Vacuous properties in a comparison"): each states that the
\* antecedent of one implication above is never met.  Where the Java catalogue declares that property
\* vacuous from the constants (no failure; PfcHysteresis 1; Ecn >= Xoff), conform has TLC check its
\* witness beside it, so TLC decides the vacuity on its own: the witness holding is the vacuity.
NoDeliveryAfterFailure == [][\A b \in Buffers : ~(Delivers(b) /\ failed # 0)]_vars
NoResume == [][/\ \A b \in Buffers : ~(paused[b + 1] /\ ~paused'[b + 1])
               /\ \A h \in Hosts : ~(hostPaused[h + 1] /\ ~hostPaused'[h + 1])]_vars
NoPauseChange == [][paused' = paused /\ hostPaused' = hostPaused]_vars
NoJoinAtEcn == [][\A b \in Buffers : ~(Joins(b) /\ Occ(b) >= Ecn)]_vars
=============================================================================
