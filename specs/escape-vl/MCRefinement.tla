---------------------------- MODULE MCRefinement ----------------------------
(***************************************************************************)
(* Escape virtual lanes (Spec) against the fabric's service,              *)
(* FabricService (seed 000 §IV-A: "the network must guarantee in-order     *)
(* delivery semantics"; the module of specs/fabric, linked here): a        *)
(* refinement mapping checked by TLC as PROPERTY Refinement -- every step  *)
(* of Spec hands a destination the next packet of its message, none lost   *)
(* ahead of it, none twice, or hands it nothing.                           *)
(*                                                                         *)
(* The service's flows are the workload's messages and its Packets the     *)
(* longest message's length. The messages differ in length (one packet or  *)
(* two), and the service's fairness asks every flow for Packets packets,   *)
(* so only the safety refinement is checked here; that every packet        *)
(* arrives is the twin's own EventuallyDelivered. This net has no failure: *)
(* the service's second transmission stays empty and down FALSE.           *)
(*                                                                         *)
(* History variable got records, per message, the sequence numbers of its  *)
(* packets in the order they were delivered: every Deliver step appends   *)
(* its packet, as the fabric's Arrive does (specs/fabric/MCRefinement),    *)
(* whether or not the packet's status changes. status keeps one value per  *)
(* packet, so a packet delivered twice leaves it as it was; the record     *)
(* does not, and the service (none twice) refuses the second Deliver.      *)
(* In an in-order design got is 0 .. k-1 for the k delivered packets, a    *)
(* function of status, so the distinct-state count is Spec's.              *)
(***************************************************************************)
EXTENDS Spec

VARIABLE got

hvars == <<vars, got>>

MaxPackets == 1 + CHOOSE n \in {SeqNo(p) : p \in P} : \A q \in P : SeqNo(q) <= n

(* A head move out of buffer b, with its record: a Deliver (the head has   *)
(* reached its destination: HeadMove's own test) appends the packet.       *)
Record(b) ==
    LET p == Head(buffers[b]) IN
        IF To(b \div Lanes) = Dst(p)
        THEN got' = [got EXCEPT ![Msg(p)] = Append(@, SeqNo(p))]
        ELSE UNCHANGED got

HInject(p) == Inject(p) /\ UNCHANGED got
HHeadMove(b) == HeadMove(b) /\ Record(b)

HInit == Init /\ got = [m \in Msgs |-> <<>>]
HNext == (Done /\ UNCHANGED got) \/ (\E p \in P : HInject(p)) \/ (\E b \in Buf : HHeadMove(b))
HSpec == HInit /\ [][HNext]_hvars

Service == INSTANCE FabricService WITH
    FlowIds <- Msgs,
    Packets <- MaxPackets,
    first <- got,
    second <- [m \in Msgs |-> <<>>],
    down <- FALSE

Refinement == Service!Spec
=============================================================================
