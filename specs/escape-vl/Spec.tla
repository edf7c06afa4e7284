------------------------------- MODULE Spec --------------------------------
(* Escape virtual lanes against deflection (seed 000 / 001, Section IV-B;  *)
(* Duato's theory, seed 000 ref [32]). Lossless switches keep one FIFO     *)
(* buffer of Capacity packets per (switch-to-switch arc, lane); a packet   *)
(* moves only when the next buffer has room (credit back-pressure); only   *)
(* the head of a buffer moves. VL0 is the escape lane (two lanes); packets *)
(* are injected on VL1. Routing is the breadth-first spanning tree from    *)
(* the first top-tier switch (tables in EscapeVlNets, generated from the   *)
(* Java model). The head packet may take its routed arc on its lane, be    *)
(* deflected (lane deflects, token left) to any other neighbour (the one  *)
(* it came from included), or move to VL0 on its routed arc; in variant    *)
(* escape-return a VL0 packet must return to VL1 at its next hop. The      *)
(* choice is free.                                                        *)
(* Same variables, initial state and actions as the escape-vl preset of    *)
(* the Java network model (org.rdmacheck.model.fabric.NetworkModel, its    *)
(* trace view), so distinct-state counts agree.                            *)
EXTENDS Integers, Sequences, FiniteSets, EscapeVlNets

CONSTANTS Network, Variant, Capacity, Tokens, Knockouts

ASSUME Variant \in {"dart", "one-lane", "escape-return", "escape-deflect", "lane-change-order", "escape-follow",
                    "unlimited-tokens"}
ASSUME Capacity \in 1..4 /\ Tokens \in 0..4
\* The mechanisms of seed 000 Section IV-B a configuration removes (the Java model's knock-outs, {} is
\* the design): "escape-move" no packet moves from VL1 to the escape lane; "updown-vl0" the escape
\* lane routes on every shortest path instead of the up*/down* tree; "escape-follow" no message's
\* later packets follow its escape (escape-follow's order-restoring rule); "no-return-from-vl0" a
\* VL0 packet may flow back to VL1 on its tree route.
ASSUME Knockouts \subseteq {"escape-move", "updown-vl0", "escape-follow", "no-return-from-vl0"}

\* The network's default workload for the variant, as in the Java entry: the ordering variants
\* send a two-packet message with cross traffic (net "<Network>order"), the others four
\* one-packet messages.
OrderVariant == Variant \in {"lane-change-order", "escape-follow"}
NetName == IF OrderVariant THEN Network \o "order" ELSE Network
ASSUME NetName \in DOMAIN Nets

N == Nets[NetName]
A == Len(N.from)
From(a) == N.from[a + 1]
To(a) == N.to[a + 1]
Out(s) == {a \in 0..(A - 1) : From(a) = s}
NextArc(s, d) == N.next[s + 1][d + 1]
Pk == N.packets
P == 0..(Len(Pk) - 1)
Src(p) == Pk[p + 1][1]
Dst(p) == Pk[p + 1][2]
Msg(p) == Pk[p + 1][3]
SeqNo(p) == Pk[p + 1][4]
Msgs == {Msg(p) : p \in P}

Lanes == IF Variant = "one-lane" THEN 1 ELSE 2
DeflectVl1 == Variant \in {"one-lane", "dart", "escape-return", "escape-deflect", "unlimited-tokens"}
\* Tokens a deflection spends: none in variant unlimited-tokens (Dart's lanes, unbounded deflection).
TokenCost == IF Variant = "unlimited-tokens" THEN 0 ELSE 1
Deflects(l) == IF Lanes = 1 \/ l = 1 THEN DeflectVl1 ELSE Variant = "escape-deflect"
\* "Packets/flows may move from non-escape VLs to escape VLs" (seed 000 Section IV-B).
ToEscape == Variant # "one-lane" /\ "escape-move" \notin Knockouts
FromEscape == Variant = "escape-return"
\* "... but not vice versa": knocked out, a VL0 packet may also go back to VL1.
MayReturn == "no-return-from-vl0" \in Knockouts
Follow == Variant = "escape-follow" /\ "escape-follow" \notin Knockouts
InjLane == Lanes - 1
Buf == 0..(A * Lanes - 1)
IsEscape(l) == Lanes = 2 /\ l = 0

\* Hop distances over the live switch-to-switch arcs: Within(k, d) holds the switches at most k hops
\* from d. The escape lane's routes: the up*/down* tree's next hop ("escape VLs that are guaranteed to
\* avoid cyclic buffer dependencies"), or with "updown-vl0" knocked out every arc that starts a
\* shortest path (minimal routing, which on a ring closes a cycle of VL0 buffers).
Sw == 0..(Len(N.next) - 1)
RECURSIVE Within(_, _)
Within(k, d) == IF k = 0 THEN {d}
                ELSE Within(k - 1, d) \cup {From(a) : a \in {b \in 0..(A - 1) : To(b) \in Within(k - 1, d)}}
Dist(s, d) == CHOOSE k \in 0..Cardinality(Sw) : s \in Within(k, d) /\ (k = 0 \/ s \notin Within(k - 1, d))
EscArcs(s, d) == IF "updown-vl0" \in Knockouts THEN {a \in Out(s) : Dist(To(a), d) = Dist(s, d) - 1}
                 ELSE {NextArc(s, d)}

VARIABLES buffers, status, tokens, escapeAt
vars == <<buffers, status, tokens, escapeAt>>

TypeOK ==
    /\ buffers \in [Buf -> Seq(P)]
    /\ \A b \in Buf : Len(buffers[b]) <= Capacity
    /\ status \in [P -> 0..2]
    /\ tokens \in [P -> 0..Tokens]
    /\ escapeAt \in [Msgs -> -1..(Len(N.next) - 1)]

Init ==
    /\ buffers = [b \in Buf |-> <<>>]
    /\ status = [p \in P |-> 0]
    /\ tokens = [p \in P |-> Tokens]
    /\ escapeAt = [m \in Msgs |-> -1]

Room(a, l) == Len(buffers[a * Lanes + l]) < Capacity
NextToInject(p) == IF SeqNo(p) = 0 THEN TRUE ELSE status[p - 1] # 0
OldestInFlight(p) == \A q \in P : Msg(q) = Msg(p) /\ SeqNo(q) < SeqNo(p) => status[q] = 2

\* p leaves buffer (arrival, lane) (or its source when inject) for buffer (a, l).
Move(p, arrival, lane, inject, a, l, tok, rec) ==
    /\ Room(a, l)
    /\ buffers' = IF inject THEN [buffers EXCEPT ![a * Lanes + l] = Append(@, p)]
                  ELSE [buffers EXCEPT ![a * Lanes + l] = Append(@, p),
                                       ![arrival * Lanes + lane] = Tail(@)]
    /\ status' = [status EXCEPT ![p] = 1]
    /\ tokens' = [tokens EXCEPT ![p] = tok]
    /\ escapeAt' = IF rec >= 0 THEN [escapeAt EXCEPT ![Msg(p)] = rec] ELSE escapeAt

Options(p, at, arrival, lane, inject) ==
    LET r == NextArc(at, Dst(p))
        \* onto (or along) the escape lane, on its routes
        Escape(tok, rec) == \E e \in EscArcs(at, Dst(p)) : Move(p, arrival, lane, inject, e, 0, tok, rec)
    IN
    IF Follow /\ lane # 0 /\ escapeAt[Msg(p)] = at
    THEN Escape(tokens[p], -1)
    ELSE IF IsEscape(lane) /\ FromEscape
    THEN Move(p, arrival, lane, inject, r, 1, tokens[p], -1)
    ELSE \/ IF IsEscape(lane) THEN Escape(tokens[p], -1) ELSE Move(p, arrival, lane, inject, r, lane, tokens[p], -1)
         \/ IsEscape(lane) /\ MayReturn /\ Move(p, arrival, lane, inject, r, 1, tokens[p], -1)
         \/ /\ Deflects(lane) /\ tokens[p] > 0
            /\ \E a \in Out(at) : a # r /\ Move(p, arrival, lane, inject, a, lane, tokens[p] - TokenCost, -1)
         \/ /\ lane # 0 /\ ToEscape
            /\ IF ~Follow THEN Escape(tokens[p], -1)
               ELSE /\ escapeAt[Msg(p)] = -1 /\ OldestInFlight(p)
                    /\ Escape(tokens[p], at)

Inject(p) ==
    /\ status[p] = 0 /\ NextToInject(p)
    /\ Options(p, Src(p), -1, InjLane, TRUE)

\* A delivered packet leaves the network with its tokens: they read 0 from then on (the Java
\* network model drops the packet, so its tokens are no longer state).
Deliver(b) ==
    LET p == Head(buffers[b]) IN
    /\ buffers' = [buffers EXCEPT ![b] = Tail(@)]
    /\ status' = [status EXCEPT ![p] = 2]
    /\ tokens' = [tokens EXCEPT ![p] = 0]
    /\ UNCHANGED escapeAt

HeadMove(b) ==
    /\ buffers[b] # <<>>
    /\ LET p == Head(buffers[b])
           arc == b \div Lanes
       IN IF To(arc) = Dst(p) THEN Deliver(b) ELSE Options(p, To(arc), arc, b % Lanes, FALSE)

AllDelivered == \A p \in P : status[p] = 2

\* Terminal stuttering once everything is delivered, so that TLC's deadlock
\* check reports only states with packets stuck in flight.
Done == AllDelivered /\ UNCHANGED vars

Next == Done \/ (\E p \in P : Inject(p)) \/ (\E b \in Buf : HeadMove(b))

Spec == Init /\ [][Next]_vars

\* Liveness under fair scheduling: every packet that can move (be injected, forwarded, deflected,
\* moved to the escape lane, delivered) eventually does, whichever move it takes: the Java
\* catalogue's WF(every move per packet). Routing choices stay free, so a packet that may be
\* deflected for ever (unlimited-tokens) livelocks.
PacketMoves(p) ==
    \/ Inject(p)
    \/ \E b \in Buf : buffers[b] # <<>> /\ Head(buffers[b]) = p /\ HeadMove(b)

FairSpec == Spec /\ \A p \in P : WF_vars(PacketMoves(p))

\* Every packet is eventually delivered: livelock freedom as well as deadlock freedom.
EventuallyDelivered == <>AllDelivered

\* Per-message order: a packet is delivered only after every earlier packet of its message.
InOrderDelivery == [][\A p \in P : (status[p] # 2 /\ status'[p] = 2) => OldestInFlight(p)]_vars
=============================================================================
