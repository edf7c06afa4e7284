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
(* packets in the order they were delivered. In an in-order design it is   *)
(* 0 .. k-1 for the k delivered packets, a function of status, so the      *)
(* distinct-state count is Spec's.                                         *)
(***************************************************************************)
EXTENDS Spec

VARIABLE got

hvars == <<vars, got>>

MaxPackets == 1 + CHOOSE n \in {SeqNo(p) : p \in P} : \A q \in P : SeqNo(q) <= n

(* The packet a step delivers (status becomes 2), appended to its message's record. *)
Record ==
    got' = [m \in Msgs |->
              IF \E p \in P : Msg(p) = m /\ status[p] # 2 /\ status'[p] = 2
              THEN Append(got[m], CHOOSE s \in {SeqNo(p) : p \in {q \in P : Msg(q) = m /\ status[q] # 2
                                                                     /\ status'[q] = 2}} : TRUE)
              ELSE got[m]]

HInit == Init /\ got = [m \in Msgs |-> <<>>]
HNext == Next /\ Record
HSpec == HInit /\ [][HNext]_hvars

Service == INSTANCE FabricService WITH
    FlowIds <- Msgs,
    Packets <- MaxPackets,
    first <- got,
    second <- [m \in Msgs |-> <<>>],
    down <- FALSE

Refinement == Service!Spec
=============================================================================
