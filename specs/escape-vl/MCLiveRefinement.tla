-------------------------- MODULE MCLiveRefinement --------------------------
(***************************************************************************)
(* Escape virtual lanes (Spec) against the fabric service's fairness,     *)
(* FabricService!FairSpec (seed 000 §IV: "our design is free from         *)
(* livelocks and deadlocks" -- every message eventually arrives whole),    *)
(* under the fairness the detailed twin needs for it: Spec's FairSpec,     *)
(* weak fairness of every packet's moves (a packet that can move is not    *)
(* ignored for ever; routing choices stay free), on the history-extended   *)
(* state of MCRefinement.                                                  *)
(*                                                                         *)
(* The workload's messages differ in length (one packet or two) while the  *)
(* service has one Packets per flow, so the service is instantiated once   *)
(* per message length (Service1, Service2: the workloads of EscapeVlNets   *)
(* have messages of one or two packets; TLC checks no [][A]_v under a      *)
(* quantifier, so the two are spelled out), over the messages of that      *)
(* length: the fair service asks each message for exactly its own packets. *)
(* The safety half of each instance is MCRefinement's Refinement           *)
(* restricted to those messages.                                           *)
(* Variant unlimited-tokens (deflection without a token budget) lets a     *)
(* packet be deflected for ever: FairRefinement fails with a lasso.        *)
(***************************************************************************)
EXTENDS MCRefinement

\* Spec's PacketMoves(p) with the record of MCRefinement's HNext.
HPacketMoves(p) ==
    \/ HInject(p)
    \/ \E b \in Buf : buffers[b] # <<>> /\ Head(buffers[b]) = p /\ HHeadMove(b)

HFairSpec == HSpec /\ \A p \in P : WF_hvars(HPacketMoves(p))

Length(m) == Cardinality({p \in P : Msg(p) = m})
Lengths == {Length(m) : m \in Msgs}
MsgsOf(n) == {m \in Msgs : Length(m) = n}

Flows1 == MsgsOf(1)
Flows2 == MsgsOf(2)
Service1 == INSTANCE FabricService WITH
    FlowIds <- Flows1, Packets <- 1,
    first <- [m \in Flows1 |-> got[m]], second <- [m \in Flows1 |-> <<>>], down <- FALSE
Service2 == INSTANCE FabricService WITH
    FlowIds <- Flows2, Packets <- 2,
    first <- [m \in Flows2 |-> got[m]], second <- [m \in Flows2 |-> <<>>], down <- FALSE

ASSUME Lengths \subseteq {1, 2}
FairRefinement == Service1!FairSpec /\ Service2!FairSpec
=============================================================================
