---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* In-order flow deflection with the DFT (Spec) implements the fabric's   *)
(* service, FabricService (seed 000 §IV-A, §IV-C; the module of            *)
(* specs/fabric, linked here): a refinement mapping checked by TLC as      *)
(* PROPERTY Refinement (every step of Spec is a step of the service or a   *)
(* stutter) and FairRefinement (also the service's fairness, under         *)
(* HFairSpec: every message arrives completely).                           *)
(*                                                                         *)
(* History variables pre and post record, per flow, the sequence numbers  *)
(* of the packets that a ToR hands the destination host, before and after *)
(* the failure: what the network delivers, whether the RC receiver then    *)
(* accepts or discards them (a packet that arrives out of order breaks the *)
(* network's promise even when the receiver drops it). Fault-free, in an   *)
(* in-order design, pre is the packets the receiver accepted               *)
(* (0 .. expected-1), a function of Spec's state, so the distinct-state    *)
(* count is Spec's. The service allows one failure: MaxFailures <= 1.      *)
(***************************************************************************)
EXTENDS Spec

ASSUME MaxFailures <= 1

VARIABLES pre, post

hvars == <<vars, pre, post>>

(* The flow of MCRefinement.cfg (one message h0 -> h1); the manifest's      *)
(* configurations give FlowSeq as a constant of their own.                  *)
MC_FlowSeq == <<[src |-> 0, dst |-> 1, long |-> FALSE]>>

Arrive(a) ==
    LET p == Head(queues[a]) IN
        IF failed = {}
        THEN /\ pre' = [pre EXCEPT ![p.flow] = Append(@, p.seq)]
             /\ UNCHANGED post
        ELSE /\ post' = [post EXCEPT ![p.flow] = Append(@, p.seq)]
             /\ UNCHANGED pre

HSend(f) == Send(f) /\ UNCHANGED <<pre, post>>
HForward(a) == Forward(a) /\ UNCHANGED <<pre, post>>
HDeliver(a) == Deliver(a) /\ Arrive(a)
HInject(a) == InjectBackground(a) /\ UNCHANGED <<pre, post>>
HFail(x) == Fail(x) /\ UNCHANGED <<pre, post>>

HInit == Init /\ pre = [f \in Flows |-> <<>>] /\ post = [f \in Flows |-> <<>>]

HNext ==
    \/ \E f \in Flows : HSend(f)
    \/ \E a \in QArcs : HForward(a) \/ HDeliver(a)
    \/ BackgroundLeft /\ \E a \in QArcs : HInject(a)
    \/ \E x \in Failable : HFail(x)

HSpec == HInit /\ [][HNext]_hvars

(* Spec's fairness (FairSpec), on the history-extended state. *)
HFairSpec == HSpec /\ (\A f \in Flows : WF_hvars(HSend(f)))
                   /\ (\A a \in QArcs : WF_hvars(HForward(a) \/ HDeliver(a)))

Service == INSTANCE FabricService WITH
    FlowIds <- Flows,
    Packets <- Packets,
    first <- pre,
    second <- post,
    down <- (failed # {})

Refinement == Service!Spec
FairRefinement == Service!FairSpec
=============================================================================
