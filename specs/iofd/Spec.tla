-------------------------------- MODULE Spec --------------------------------
(***************************************************************************)
(* In-order flow deflection (IOFD) with the deflected flow table (DFT),   *)
(* seed 000 (Dart, IEEE/ACM ToN 2020) Section IV-A/B/C.                    *)
(*                                                                         *)
(* Switches forward packets of RDMA messages through bounded FIFO output   *)
(* queues along ECMP paths.  Every packet consults its switch's DFT first; *)
(* on a hit (with tokens left) it is deflected to the entry's port.        *)
(* Otherwise a message's first packet is chosen for deflection when its    *)
(* ECMP port holds at least Threshold packets, it has tokens and a DFT     *)
(* entry is free; it then goes to any other live switch port with room,    *)
(* never to a host, and spends one token.  The entry is freed when the     *)
(* message's last packet leaves the switch and is never overwritten.       *)
(* Background packets join queues nondeterministically and stay           *)
(* (persistent congestion).  A non-ToR switch may fail: the failure is     *)
(* propagated to the senders, in-flight packets and their DFT state are    *)
(* dropped, and every incomplete message is retransmitted (IV-C).          *)
(*                                                                         *)
(* The DFT key is (message, tokens on arrival): a message looping back to  *)
(* a switch always carries fewer tokens, so passes stay apart.  Variant    *)
(* "flow-keyed" keys by the message alone and reorders.  The variables are *)
(* those of the Java twin (model-java org.rdmacheck.model.iofd), one to    *)
(* one, so the distinct-state counts are equal.                            *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    TopoKind,      \* "leafspine" or "fattree" (numbering as the Java generators)
    Tors,          \* leaf-spine: leaves
    Spines,        \* leaf-spine: spines
    HostsPerTor,   \* leaf-spine: hosts per leaf
    K,             \* fat-tree: radix
    FlowSeq,       \* sequence of [src |-> host, dst |-> host, long |-> BOOLEAN]
    Packets,       \* packets per message
    DftSize,       \* DFT entries per switch
    Tokens,        \* deflection tokens of a short message's packets
    Threshold,     \* deflection threshold (packets)
    Ecn,           \* ECN marking threshold (packets), for the configuration check
    QueueCap,      \* output queue capacity (packets)
    Background,    \* background packets that may be injected
    MaxFailures,   \* switch failures allowed
    Variant,       \* "dft", "no-dft", "overwrite", "deflect-middle",
                   \* "unlimited-tokens", "free-on-first", "flow-keyed"
    Knockouts      \* mechanisms knocked out (the Java catalogue's --knockout): a subset of KnockoutNames

(* The mechanisms of seed 000 IV-A/B/C the Java iofd catalogue declares, removed one at a time        *)
(* (default {}: the design).  "token-spending" is the variant "unlimited-tokens"'s rule: one switch.  *)
KnockoutNames == {"dft-follow", "dft-free-on-end", "token-spending", "deflection-threshold",
                  "tor-no-host-deflection", "long-flows-not-deflected", "back-pressure", "dft-hit-waits",
                  "failure-cleanup"}
KO(m) == m \in Knockouts

ASSUME /\ TopoKind \in {"leafspine", "fattree"}
       /\ Packets >= 1 /\ DftSize >= 0 /\ Tokens >= 0 /\ Threshold >= 1
       /\ QueueCap >= 1 /\ Background >= 0 /\ MaxFailures >= 0
       /\ Variant \in {"dft", "no-dft", "overwrite", "deflect-middle",
                       "unlimited-tokens", "free-on-first", "flow-keyed"}
       /\ Knockouts \subseteq KnockoutNames

(*************************** Topology **************************************)
\* The topology, the failure sets and the routing tables are constants.  TLC keeps a constant
\* definition's value lazy (a function constructor or a set filter is re-evaluated at every use), so
\* each one is wrapped in TLCEval (module TLC, the identity) and built once, at start-up; the state
\* space is unchanged.  Left lazy, every step of the k=4 fat-tree re-derived QArcs, OutArcs and the
\* link ends (and, before Normal was wrapped, the ECMP choice and Grow's breadth-first search).
H2 == K \div 2
HostCount == IF TopoKind = "leafspine" THEN Tors * HostsPerTor ELSE K * H2 * H2
NodeCount == IF TopoKind = "leafspine" THEN HostCount + Tors + Spines
             ELSE HostCount + K * H2 + K * H2 + H2 * H2

\* Link l (0-based) as <<a, b>>, in the order of the Java generators.
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
LinkEnds == TLCEval([l \in 0..LinkCount - 1 |->
                IF TopoKind = "leafspine" THEN LeafSpineLink(l) ELSE FatTreeLink(l)])

Nodes == 0..NodeCount - 1
Hosts == 0..HostCount - 1
Switches == TLCEval(Nodes \ Hosts)
Arcs == 0..2 * LinkCount - 1
From(a) == IF (a % 2) = 0 THEN LinkEnds[a \div 2][1] ELSE LinkEnds[a \div 2][2]
To(a) == IF (a % 2) = 0 THEN LinkEnds[a \div 2][2] ELSE LinkEnds[a \div 2][1]
FromOf == TLCEval([a \in Arcs |-> From(a)])
ToOf == TLCEval([a \in Arcs |-> To(a)])
QArcs == TLCEval({a \in Arcs : FromOf[a] \in Switches})          \* output queues
HostArcs == TLCEval({a \in QArcs : ToOf[a] \in Hosts})
OutArcs == TLCEval([s \in Switches |-> {a \in QArcs : FromOf[a] = s}])
TorOf == TLCEval([h \in Hosts |-> ToOf[CHOOSE a \in Arcs : FromOf[a] = h]])
Tor == TLCEval({TorOf[h] : h \in Hosts})
Failable == TLCEval(Switches \ Tor)

(*************************** Flows and ECMP ********************************)
Flows == 0..Len(FlowSeq) - 1
Flow(f) == FlowSeq[f + 1]
\* IV-B: long flows carry no tokens (knocked out: a short flow's)
InitTokens(f) == IF Flow(f).long /\ ~KO("long-flows-not-deflected") THEN 0 ELSE Tokens

FailSets == TLCEval({fs \in SUBSET Failable : Cardinality(fs) <= MaxFailures})

\* Hop distances to host h over live switches (hosts are not transit); -1: unreachable.
RECURSIVE Grow(_, _, _, _)
Grow(d, frontier, k, fs) ==
    IF frontier = {} THEN d
    ELSE LET nxt == {m \in Switches \ fs :
                        d[m] = -1 /\ \E a \in Arcs : FromOf[a] \in frontier /\ ToOf[a] = m}
         IN Grow([n \in Nodes |-> IF n \in nxt THEN k + 1 ELSE d[n]], nxt, k + 1, fs)
DistTo(h, fs) == Grow([n \in Nodes |-> IF n = h THEN 0 ELSE -1], {h}, 0, fs)
DstHosts == TLCEval({Flow(f).dst : f \in Flows})
Dist == TLCEval([fs \in FailSets |-> [h \in DstHosts |-> DistTo(h, fs)]])

EcmpHash(f, s, n) == (f * 37 + s * 11 + n * 53) % 97
\* ECMP: the next hop on a shortest live path with the least hash (rendezvous hashing).
EcmpArc(fs, s, f) ==
    LET d == Dist[fs][Flow(f).dst]
        c == {a \in OutArcs[s] : d[ToOf[a]] >= 0 /\ d[ToOf[a]] = d[s] - 1}
        key(a) == EcmpHash(f, s, ToOf[a]) * 100000 + ToOf[a]
    IN IF s \in fs \/ d[s] < 0 \/ c = {} THEN -1
       ELSE CHOOSE a \in c : \A b \in c : key(a) <= key(b)
\* TLCEval(x) = x: TLC builds the table once, at startup.  Without it the table is a lazy
\* function whose entries TLC recomputes on application; the ENABLED evaluations behind FairSpec's
\* fairness then re-ran the recursive DistTo on every state and the fair check stalled.
Normal == TLCEval([fs \in FailSets |-> [s \in Switches |-> [f \in Flows |-> EcmpArc(fs, s, f)]]])

(*************************** State *****************************************)
Packet == [flow : Flows, seq : 0..Packets - 1, tokens : 0..Tokens]
Entry == [flow : Flows, tokens : 0..Tokens, arc : QArcs]

VARIABLES
    queues,      \* [QArcs -> Seq(Packet)]: FIFO output queues, head first
    background,  \* [QArcs -> Nat]: background packets in each queue (they stay)
    dft,         \* [Switches -> SUBSET Entry]: deflected flow tables
    sent,        \* [Flows -> 0..Packets]: packets sent of the current transmission
    expected,    \* [Flows -> 0..Packets]: receiver's next expected packet
    failed       \* SUBSET Failable

vars == <<queues, background, dft, sent, expected, failed>>

TypeOK ==
    /\ queues \in [QArcs -> Seq(Packet)]
    /\ background \in [QArcs -> 0..Threshold]
    /\ \A s \in Switches : dft[s] \subseteq Entry
    /\ sent \in [Flows -> 0..Packets]
    /\ expected \in [Flows -> 0..Packets]
    /\ failed \subseteq Failable

QLen(a) == background[a] + Len(queues[a])
HasRoom(a) == QLen(a) < QueueCap
\* Lossless back pressure: a packet moves only into a queue with room (knocked out, "back-pressure":
\* it moves anyway, and is dropped at a full queue, Enqueued).
Room(a) == KO("back-pressure") \/ HasRoom(a)
Enqueued(qs, r) == IF HasRoom(r.out) THEN [qs EXCEPT ![r.out] = Append(@, r.pkt)] ELSE qs

RECURSIVE SumOver(_, _)
SumOver(fn, S) == IF S = {} THEN 0 ELSE LET x == CHOOSE y \in S : TRUE IN fn[x] + SumOver(fn, S \ {x})

(*************************** Deflection (IV-A/B) ***************************)
UsesDft == Variant # "no-dft"
\* IV-A: a deflection spends a token (knocked out, as the variant unlimited-tokens: never)
Unspent == Variant = "unlimited-tokens" \/ KO("token-spending")
Spend(p) == IF Unspent THEN p ELSE [p EXCEPT !.tokens = @ - 1]
Hits(tab, p) == {e \in tab : e.flow = p.flow /\ (Variant = "flow-keyed" \/ e.tokens = p.tokens)}
MayStart(p) == p.seq = 0 \/ Variant \in {"deflect-middle", "no-dft"}
ChosenForDeflection(p, n) == MayStart(p) /\ p.tokens > 0 /\ QLen(n) >= Threshold
\* IV-A: never to a host (knocked out, "tor-no-host-deflection": any live port)
DeflectionArcs(s, n) == {a \in OutArcs[s] : a # n /\ (ToOf[a] \notin Hosts \/ KO("tor-no-host-deflection"))
                                            /\ ToOf[a] \notin failed /\ Room(a)}
Decision(out, p, kind, tab) == [out |-> out, pkt |-> p, kind |-> kind, table |-> tab]

\* Every decision switch s may take for arriving packet p (empty: held upstream).
Routes(s, p) ==
    LET n == Normal[failed][s][p.flow]
        tab == dft[s]
        \* IV-A: a packet matching an entry follows it (knocked out, "dft-follow": never consulted)
        hits == IF UsesDft /\ ~KO("dft-follow") THEN Hits(tab, p) ELSE {}
        new(d) == [flow |-> p.flow, tokens |-> p.tokens, arc |-> d]
        D == DeflectionArcs(s, n)
        deflect ==
            IF ~UsesDft THEN {Decision(d, Spend(p), "deflect-packet", tab) : d \in D}
            ELSE IF Cardinality(tab) < DftSize
                 THEN {Decision(d, Spend(p), "deflect-allocate", tab \cup {new(d)}) : d \in D}
            ELSE IF Variant = "overwrite"
                 THEN {Decision(d, Spend(p), "deflect-overwrite", (tab \ {v}) \cup {new(d)}) : d \in D, v \in tab}
            ELSE {}
        normal == IF Room(n) THEN {Decision(n, p, "normal", tab)} ELSE {}
    IN IF hits # {} /\ p.tokens > 0
       THEN LET e == CHOOSE x \in hits : TRUE IN
            \* IV-A: a hit whose port is full waits (knocked out, "dft-hit-waits": ECMP if it has room).
            \* IV-C: a failed router takes no packet, and "flows blocked by failures are not allowed to
            \* locally reroute": a hit whose port leads to a failed switch (a stale entry, with
            \* "failure-cleanup" knocked out) waits too.
            IF ToOf[e.arc] \notin failed /\ Room(e.arc) THEN {Decision(e.arc, Spend(p), "dft-hit", tab)}
            ELSE IF KO("dft-hit-waits") THEN normal ELSE {}
       ELSE IF ChosenForDeflection(p, n) /\ deflect # {} THEN deflect
       \* IV-B: deflection only at or above the threshold (knocked out: at any occupancy, beside ECMP)
       ELSE IF KO("deflection-threshold") /\ MayStart(p) /\ p.tokens > 0 THEN deflect \cup normal
       ELSE normal

\* The table after p leaves its switch through arc a: the last packet frees its pass's entry.
AfterLeaving(tab, p, a) ==
    IF ~UsesDft \/ KO("dft-free-on-end") \/ p.seq # (IF Variant = "free-on-first" THEN 0 ELSE Packets - 1) THEN tab
    ELSE {e \in tab : ~(e.flow = p.flow /\ (Variant = "flow-keyed"
              \/ (e.arc = a /\ e.tokens = p.tokens + (IF Unspent THEN 0 ELSE 1))))}

(*************************** Actions ***************************************)
Init ==
    /\ queues = [a \in QArcs |-> <<>>]
    /\ background = [a \in QArcs |-> 0]
    /\ dft = [s \in Switches |-> {}]
    /\ sent = [f \in Flows |-> 0]
    /\ expected = [f \in Flows |-> 0]
    /\ failed = {}

\* The sender hands the next packet of its message to its ToR, which routes it.
Send(f) ==
    /\ sent[f] < Packets
    /\ LET p == [flow |-> f, seq |-> sent[f], tokens |-> InitTokens(f)]
           s == TorOf[Flow(f).src]
       IN \E r \in Routes(s, p) :
            /\ queues' = Enqueued(queues, r)
            /\ dft' = [dft EXCEPT ![s] = r.table]
    /\ sent' = [sent EXCEPT ![f] = @ + 1]
    /\ UNCHANGED <<background, expected, failed>>

\* The head packet of queue a leaves its switch; the next switch routes it.
Forward(a) ==
    /\ ToOf[a] \in Switches
    /\ queues[a] # <<>>
    /\ LET p == Head(queues[a])
           s == FromOf[a]
           m == ToOf[a]
       IN \E r \in Routes(m, p) :
            /\ queues' = Enqueued([queues EXCEPT ![a] = Tail(@)], r)
            /\ dft' = [dft EXCEPT ![s] = AfterLeaving(@, p, a), ![m] = r.table]
    /\ UNCHANGED <<background, sent, expected, failed>>

\* The ToR hands the head packet to the host; the RC receiver accepts only the next expected packet.
Deliver(a) ==
    /\ a \in HostArcs
    /\ queues[a] # <<>>
    /\ LET p == Head(queues[a]) IN
         /\ queues' = [queues EXCEPT ![a] = Tail(@)]
         /\ dft' = [dft EXCEPT ![FromOf[a]] = AfterLeaving(@, p, a)]
         /\ expected' = IF p.seq = expected[p.flow]
                        THEN [expected EXCEPT ![p.flow] = @ + 1] ELSE expected
    /\ UNCHANGED <<background, sent, failed>>

\* A background packet joins a live queue and stays there.  Next enables these steps only while
\* fewer than Background packets have been injected (BackgroundLeft), once per state rather than
\* once per arc: TLC does not cache the sum.
BackgroundLeft == SumOver(background, {q \in QArcs : background[q] # 0}) < Background
InjectBackground(a) ==
    /\ FromOf[a] \notin failed /\ ToOf[a] \notin failed
    /\ background[a] < Threshold
    /\ HasRoom(a)
    /\ background' = [background EXCEPT ![a] = @ + 1]
    /\ UNCHANGED <<queues, dft, sent, expected, failed>>

\* IV-C: switch x fails; in-flight packets and their DFT state are dropped; incomplete messages restart.
\* Knocked out ("failure-cleanup"): the failure notice frees no entry; only the failed switch's own
\* table is lost with it, and the survivors keep the dropped messages' entries.
Fail(x) ==
    /\ Cardinality(failed) < MaxFailures
    /\ x \in Failable \ failed
    /\ failed' = failed \cup {x}
    /\ queues' = [a \in QArcs |-> <<>>]
    /\ dft' = [s \in Switches |-> IF KO("failure-cleanup") /\ s # x THEN dft[s] ELSE {}]
    /\ sent' = [f \in Flows |-> IF expected[f] < Packets THEN 0 ELSE sent[f]]
    /\ UNCHANGED <<background, expected>>

Next ==
    \/ \E f \in Flows : Send(f)
    \/ \E a \in QArcs : Forward(a) \/ Deliver(a)
    \/ BackgroundLeft /\ \E a \in QArcs : InjectBackground(a)
    \/ \E x \in Failable : Fail(x)

Spec == Init /\ [][Next]_vars

(*************************** Properties ************************************)
AllDelivered == \A f \in Flows : expected[f] = Packets

\* Fair scheduling (the Java catalogue's WF(Send per flow), WF(Forward|Deliver per arc)): a sender
\* that can send eventually does, and every queue's head eventually leaves, whatever route it
\* takes. Routing choices, background packets and failures stay free.
FairSpec == Spec /\ (\A f \in Flows : WF_vars(Send(f))) /\ (\A a \in QArcs : WF_vars(Forward(a) \/ Deliver(a)))

\* Every message reaches its destination (accepted completely), under fair scheduling.
EventuallyDelivered == <>AllDelivered

\* A delivery step at host arc a: its head packet leaves without a failure.
Delivers(a) == failed' = failed /\ queues[a] # <<>> /\ queues'[a] = Tail(queues[a])
DeliveredSeq(a) == Head(queues[a]).seq
DeliveredExpected(a) == expected[Head(queues[a]).flow]

InOrderDelivery ==
    [][\A a \in HostArcs : Delivers(a) => DeliveredSeq(a) <= DeliveredExpected(a)]_vars
NoLossNoDuplicationFaultFree ==
    [][\A a \in HostArcs : Delivers(a) /\ failed = {} => DeliveredSeq(a) = DeliveredExpected(a)]_vars
InOrderAfterFailure ==
    [][\A a \in HostArcs : Delivers(a) /\ failed # {} => DeliveredSeq(a) <= DeliveredExpected(a)]_vars
\* Its vacuity witness (docs/conformance.md, "Vacuous properties in a comparison"): no delivery after a
\* failure.  Where the Java catalogue declares InOrderAfterFailure vacuous (no failure), conform has TLC
\* check it beside the property, so TLC decides the vacuity on its own.
NoDeliveryAfterFailure == [][\A a \in HostArcs : ~(Delivers(a) /\ failed # {})]_vars
\* An entry may vanish only where a packet of its own message leaves, or by a failure.
NoDftOverwrite ==
    [][failed' = failed =>
        \A s \in Switches : \A e \in dft[s] \ dft'[s] :
            \E a \in OutArcs[s] : queues[a] # <<>> /\ queues'[a] = Tail(queues[a])
                                  /\ Head(queues[a]).flow = e.flow]_vars

NoDftLeak == AllDelivered => \A s \in Switches : dft[s] = {}
DftWithinCapacity == \A s \in Switches : Cardinality(dft[s]) <= DftSize
TorNeverDeflectsToHost == \A a \in HostArcs : \A i \in 1..Len(queues[a]) : Flow(queues[a][i].flow).dst = ToOf[a]
LongFlowsKeepNoTokens == \A a \in QArcs : \A i \in 1..Len(queues[a]) :
                            Flow(queues[a][i].flow).long => queues[a][i].tokens = 0
DeflectionThresholdBelowEcn == Threshold < Ecn
=============================================================================
