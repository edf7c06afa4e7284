---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* The detailed fabric (Spec) implements the fabric's service             *)
(* (FabricService): a refinement mapping checked by TLC as PROPERTY        *)
(* Refinement (every step of Spec is a step of the service or a stutter)   *)
(* and FairRefinement (also the service's fairness, under HFairSpec: every *)
(* message arrives completely).                                            *)
(*                                                                         *)
(* History variables pre and post record, per flow, the sequence numbers  *)
(* of the packets that reach a host, before and after the failure: what    *)
(* the network hands the receiving NIC, whether the RC receiver then       *)
(* accepts or discards them (a discarded packet that arrived out of order  *)
(* is a broken promise of the network). Fault-free, in an in-order design, *)
(* pre is the packets the receiver accepted (0 .. expected-1), a function  *)
(* of Spec's state, so the distinct-state count is Spec's.                 *)
(***************************************************************************)
EXTENDS Spec

VARIABLES pre, post

hvars == <<vars, pre, post>>

(* The flows of MCRefinement.cfg run by hand (one message h0 -> h1). The   *)
(* manifest's configurations give FlowSeq as a constant of their own (two *)
(* opposing messages, three packets, ...), which replaces this default.    *)
MC_FlowSeq == <<[src |-> 0, dst |-> 1, long |-> FALSE]>>

Arrive(b) ==
    LET p == Head(buffers[b + 1]) IN
        IF failed = 0
        THEN /\ pre' = [pre EXCEPT ![p.flow] = Append(@, p.seq)]
             /\ UNCHANGED post
        ELSE /\ post' = [post EXCEPT ![p.flow] = Append(@, p.seq)]
             /\ UNCHANGED pre

HSend(f) == Send(f) /\ UNCHANGED <<pre, post>>
HForward(b) == Forward(b) /\ UNCHANGED <<pre, post>>
HDeliver(b) == Deliver(b) /\ Arrive(b)
HInject(b) == InjectBackground(b) /\ UNCHANGED <<pre, post>>
HFail(e) == Fail(e) /\ UNCHANGED <<pre, post>>

HInit == Init /\ pre = [f \in Flows |-> <<>>] /\ post = [f \in Flows |-> <<>>]

HNext ==
    \/ \E f \in Flows : HSend(f)
    \/ \E b \in Buffers : HForward(b) \/ HDeliver(b) \/ HInject(b)
    \/ \E e \in Elems : HFail(e)

HSpec == HInit /\ [][HNext]_hvars

(* Spec's fairness (FairSpec), on the history-extended state. *)
HFairSpec == HSpec /\ (\A f \in Flows : WF_hvars(HSend(f)))
                   /\ (\A b \in Buffers : WF_hvars(HForward(b) \/ HDeliver(b)))

Service == INSTANCE FabricService WITH
    FlowIds <- Flows,
    Packets <- Packets,
    first <- pre,
    second <- post,
    down <- (failed # 0)

Refinement == Service!Spec
FairRefinement == Service!FairSpec
=============================================================================
