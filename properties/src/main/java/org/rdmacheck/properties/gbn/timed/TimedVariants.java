package org.rdmacheck.properties.gbn.timed;

import static org.rdmacheck.properties.gbn.timed.TimedGbnProperties.*;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.properties.catalog.VariantSpec;

/** The variants of {@code gbn-timed}: the paper's schemes, and configurations that must fail. */
final class TimedVariants {

    private TimedVariants() {
    }

    static final List<VariantSpec> ALL = List.of(
            new VariantSpec("gbn", "Go-Back-N as in RoCEv2 (seed 002 II-A)", Set.of(NO_TIMEOUT)),
            new VariantSpec("gb0", "Go-Back-0: resend the whole message on NAK", Set.of(NO_TIMEOUT)),
            new VariantSpec("st", "Go-Back-N + Send-Twice of the last packet", Set.of()),
            new VariantSpec("ce", "Go-Back-N + Check-EPSN timer", Set.of(NO_TIMEOUT)),
            new VariantSpec("improved", "Improved Go-Back-N: ST + CE (seed 002 III-C)", Set.of()),
            new VariantSpec("improved-epsn", "Improved with the NAK rule of the ns-3 RDMA code the paper's "
                    + "simulations build on (nakPolicy=epsn): a new EPSN is NAKed at once, the same EPSN at most once "
                    + "per NAK interval; a rule that NAKed the same EPSN again within the interval would violate "
                    + "NoRedundantNak here (the knock-out nak-interval does). One 3-packet message, L = 2 (two "
                    + "gaps can follow each other within an interval, so the rule changes the graph) and a goodput "
                    + "bound of 25 %: NoTimeout fails by the loss-budget rule (both copies of the last packet), "
                    + "every other property holds", Set.of(NO_TIMEOUT), VariantSpec.Origin.PAPER,
                    Map.of("nakPolicy", "epsn", "losses", "2", "messages", "1", "packets", "3", "goodput", "25")),
            new VariantSpec("improved-short-rto", "Improved with an RTO below the round trip (timeout=1 = 8.192 us, "
                    + "tick 4096 ns: 2 ticks; RTT up to 4 ticks)",
                    Set.of(RETRANSMISSION_BOUND, NO_TIMEOUT, NO_PREMATURE_TIMEOUT, NO_STALLED_GAP, NO_SPURIOUS_RETRANSMISSION, NO_REDUNDANT_NAK,
                            WITHIN_K_RTOS, GOODPUT),
                    VariantSpec.Origin.MUTATION, Map.of("goodput", "33", "timeout", "1", "tickNs", "4096")),
            new VariantSpec("improved-psn-wrap", "Improved with 2-bit PSNs, a window of 4 (more than half of 2^b) "
                    + "and reordering",
                    Set.of(RETRANSMISSION_BOUND, IN_ORDER, NO_UNRECEIVED_RELEASE, "DeadlockFree", PROGRESS, NO_TIMEOUT,
                            NO_STALLED_GAP, NO_SPURIOUS_RETRANSMISSION, NO_REDUNDANT_NAK, NO_PSN_CONFUSION, WITHIN_K_RTOS, GOODPUT),
                    VariantSpec.Origin.MUTATION,
                    Map.of("goodput", "33", "psnBits", "2", "packets", "4", "messages", "1", "reorder", "true")),
            new VariantSpec("improved-reorder", "Improved over a network that reorders by at most one position "
                    + "(ECMP re-hash or failover: displacement d = 1)",
                    Set.of(RETRANSMISSION_BOUND, NO_TIMEOUT, NO_SPURIOUS_RETRANSMISSION, NO_REDUNDANT_NAK, GOODPUT),
                    VariantSpec.Origin.PAPER, Map.of("goodput", "33", "reorder", "true", "displacement", "1")),
            // the stored findings at the window's edge (TimedGbnEntry.LOSS_FINDINGS): 3-packet messages,
            // window 4, one loss; what gbn, gb0 and ce violate there beyond the loss-budget rule, which
            // flips NoTimeout and NoStalledGap (st and improved: nothing at L = 1, 1,060 and 1,335 states)
            new VariantSpec("gbn-three-packets", "Go-Back-N with 3-packet messages at L = 1: the first message's "
                    + "last ACK is lost and the window of 4 is full inside the second message, so the RTO fires "
                    + "(the loss-budget rule's window's edge); the sender goes back to UNA (PSN 0) over packets "
                    + "the receiver has, the duplicate of PSN 2 (the first message's last packet, AckReq) draws "
                    + "ACK(4), and PSN 3 is resent while it is on its way (NoSpuriousRetransmission): the go-back "
                    + "after an RTO of gbn-two-losses, here with one loss", Set.of(NO_SPURIOUS_RETRANSMISSION),
                    VariantSpec.Origin.PAPER, Map.of("packets", "3")),
            new VariantSpec("gb0-three-packets", "Go-Back-0 with 3-packet messages at L = 1: as gbn-three-packets, "
                    + "the go-back after the window's-edge RTO resends PSN 3 while the ACK the duplicate of PSN 2 drew "
                    + "is on its way (NoSpuriousRetransmission)", Set.of(NO_SPURIOUS_RETRANSMISSION),
                    VariantSpec.Origin.PAPER, Map.of("packets", "3")),
            new VariantSpec("ce-three-packets", "Check-EPSN with 3-packet messages at L = 1: as gbn-three-packets "
                    + "(Check-EPSN acts on a gap below a last packet, and there is none: the receiver has every "
                    + "packet sent; NoSpuriousRetransmission)", Set.of(NO_SPURIOUS_RETRANSMISSION),
                    VariantSpec.Origin.PAPER, Map.of("packets", "3")),
            // the stored findings at two losses (TimedGbnEntry.LOSS_FINDINGS): what each scheme
            // violates at L = 2 beyond the loss-budget rule, which flips NoTimeout and the others too
            new VariantSpec("gbn-two-losses", "Go-Back-N at L = 2: the first message's last ACK and the second "
                    + "message's last packet are lost; after the RTO the sender goes back to UNA over packets the "
                    + "receiver has, and the first duplicate's ACK is on its way back while the sender resends the "
                    + "third (NoSpuriousRetransmission)", Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("losses", "2")),
            new VariantSpec("gb0-two-losses", "Go-Back-0 at L = 2: as gbn-two-losses, the go-back after the RTO "
                    + "resends packets whose ACK is on its way (NoSpuriousRetransmission)",
                    Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER, Map.of("losses", "2")),
            new VariantSpec("st-two-losses", "Send-Twice at L = 2: the first packet is lost twice (seed 002's reason "
                    + "4); each go-back resends the window with second copies of the last packets, more than 12 "
                    + "packets on the wire for 4 (GoodputBound at 33 %)", Set.of(GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "losses", "2")),
            new VariantSpec("ce-two-losses", "Check-EPSN at L = 2: the first packet is lost twice (seed 002's reason "
                    + "4); the CE timer starts with what is left of the NAK interval, so both run out in the same "
                    + "tick, an out-of-order packet in that tick draws NAK(EPSN) and the CE timer sends NAK(EPSN) "
                    + "again: a redundant NAK within one NAK interval (seed 002 II-A's rule; III-C does not say that "
                    + "CE defers to a NAK just sent); go-backs resend packets whose ACK is on its way "
                    + "(NoSpuriousRetransmission) and put more than 12 packets on the wire for 4 (GoodputBound)",
                    Set.of(RETRANSMISSION_BOUND, NO_REDUNDANT_NAK, NO_SPURIOUS_RETRANSMISSION, GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "losses", "2")),
            new VariantSpec("improved-two-losses", "Improved at L = 2: the first packet is lost twice (seed 002's "
                    + "reason 4); as in ce-two-losses the CE timer and the NAK interval run out in the same tick and "
                    + "the receiver sends NAK(EPSN) twice (NoRedundantNak); the second NAK makes the sender go back "
                    + "again over packets whose ACK is on its way (NoSpuriousRetransmission), and the go-backs put "
                    + "more than 12 packets on the wire for 4 (GoodputBound at 33 %)",
                    Set.of(RETRANSMISSION_BOUND, NO_REDUNDANT_NAK, NO_SPURIOUS_RETRANSMISSION, GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "losses", "2")),
            // the stored findings at three losses (TimedGbnEntry.LOSS_FINDINGS): what gbn, gb0 and ce
            // violate at L = 3 beyond the rule and their two-loss findings (st and improved: nothing more)
            new VariantSpec("gbn-three-losses", "Go-Back-N at L = 3: PSN 0 is lost three times (after its first "
                    + "send, after the NAK's go-back and after the RTO's); each loss costs a go-back over the window "
                    + "of 4, and the 14th packet leaves before PSN 0 is delivered (GoodputBound at 33 % allows 13 for "
                    + "4; at L = 2 three windows, 12, keep it)", Set.of(GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "losses", "3")),
            new VariantSpec("gb0-three-losses", "Go-Back-0 at L = 3: as gbn-three-losses, PSN 0 lost three times "
                    + "costs four windows (GoodputBound at 33 %)", Set.of(GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "losses", "3")),
            new VariantSpec("ce-three-losses", "Check-EPSN at L = 3: PSN 1 is lost, its NAK is lost, and the CE "
                    + "timer's first NAK, one NAK interval later, too; CE's second NAK leaves in the tick the 16-tick "
                    + "RTO (running since PSN 0's send) expires, and the RTO fires with it in flight "
                    + "(NoPrematureTimeout): CE's retries, one per NAK interval of 6 ticks, race an RTO shorter than "
                    + "three intervals (seed 002's Table I: an RTO of 200 NAK intervals; with timeout=3, 32 ticks, "
                    + "it holds at L = 3)", Set.of(NO_PREMATURE_TIMEOUT), VariantSpec.Origin.PAPER,
                    Map.of("losses", "3")),
            // the stored finding of the ACK-request rule (TimedGbnEntry.ackRequestRule): where scope
            // gbn-timed's grid met it, 5-packet messages with window 4 and AckReq on last packets only
            new VariantSpec("gbn-five-packets", "Go-Back-N with 5-packet messages, window 4 and AckReq on last "
                    + "packets only (ackInterval=0), L = 1: the sender sends PSNs 0 to 3, none of which requests an "
                    + "ACK, and waits with the window full; the receiver has them in order and acknowledges nothing, "
                    + "so the RTO fires and the sender resends the same four, forever (Completion, NoTimeout, "
                    + "CompletionWithinKRtos, GoodputBound; a loss in the window leaves its gap to the RTO, "
                    + "NoStalledGap). It fails with no loss too: the ACK-request rule, seed 002 II-A's AckReq "
                    + "interval is what lets a message longer than the window complete (ackInterval=2 holds)",
                    Set.of(RETRANSMISSION_BOUND, PROGRESS, NO_TIMEOUT, NO_STALLED_GAP, WITHIN_K_RTOS, GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "packets", "5")),
            // the stored findings of improved with 3-packet messages (window 4) at two and three losses
            // (TimedGbnEntry.LOSS_FINDINGS): what it violates there beyond the loss-budget rule; at one
            // loss it violates nothing (1,335 states). Each property's trace was read: the double NAK is
            // improved-two-losses' mechanism, the spurious go-back is the window's-edge RTO of
            // gbn-three-packets (its last packet's copy and its ACK lost), so the default-shape finding
            // is not "at least" in packets (docs/gbn.md)
            new VariantSpec("improved-three-packets-two-losses", "Improved with 3-packet messages at L = 2: PSN 0 "
                    + "is lost twice and, as in improved-two-losses, the NAK interval and the CE timer run out in "
                    + "the same tick, so NAK(EPSN) goes out twice (NoRedundantNak); one copy of the first message's "
                    + "last packet and the other copy's ACK lost leave the window of 4 full inside the second "
                    + "message, and the RTO's go-back resends PSN 3 while the ACK the duplicate of PSN 2 drew is on "
                    + "its way (NoSpuriousRetransmission, gbn-three-packets' go-back); the go-backs put more than 12 "
                    + "packets on the wire before the 4th is delivered (GoodputBound at 33 %)",
                    Set.of(NO_REDUNDANT_NAK, NO_SPURIOUS_RETRANSMISSION, GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "packets", "3", "losses", "2")),
            // st at the same shape: the spurious go-back alone (its double NAK needs Check-EPSN)
            new VariantSpec("st-three-packets-two-losses", "Send-Twice with 3-packet messages at L = 2: one copy "
                    + "of the first message's last packet (PSN 2) and the other copy's ACK are lost, the window of "
                    + "4 is full inside the second message, and the RTO's go-back resends PSN 3 while the ACK the "
                    + "duplicate of PSN 2 drew is on its way (NoSpuriousRetransmission): gbn-three-packets' go-back "
                    + "at Send-Twice's budget of two losses, as in improved-three-packets-two-losses",
                    Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER, Map.of("packets", "3", "losses", "2")),
            new VariantSpec("improved-three-packets-three-losses", "Improved with 3-packet messages at L = 3: PSN 1 "
                    + "is lost, its NAK is lost, and Check-EPSN's first NAK, one NAK interval later, too; "
                    + "Check-EPSN's second NAK leaves in the tick the 16-tick RTO (running since PSN 0's send) "
                    + "expires, and the RTO fires with it in flight (NoPrematureTimeout): ce-three-losses' race. "
                    + "Send-Twice does not cover PSN 1 here, a middle packet sent once (with 2-packet messages it is "
                    + "a last packet, sent twice, and improved keeps the property at L = 3); with timeout=3, 32 "
                    + "ticks, it holds here too",
                    Set.of(NO_PREMATURE_TIMEOUT), VariantSpec.Origin.PAPER, Map.of("packets", "3", "losses", "3")),
            // the stored findings one step past those (TimedGbnEntry.LOSS_FINDINGS), where scope gbn-timed
            // met them: 4-packet messages at L = 2 (gbn, gb0, improved), 3-packet messages at L = 2 (ce) and
            // 3 messages at L = 2 (st, improved); each read from its traces as a mechanism already stored at
            // another shape, which the containment rule cannot carry across shapes (AckReq moves with the
            // packets per message; GoodputBound is a ratio of the transfer's size)
            new VariantSpec("gbn-four-packets-two-losses", "Go-Back-N with 4-packet messages at L = 2: PSN 2 is "
                    + "lost and NAKed, the go-back moves UNA to 2, the first message's last ACK (ACK(4), drawn by the "
                    + "resent PSN 3) is lost, and the window of 4 is full at PSN 5 inside the second message; the RTO "
                    + "goes back to UNA over packets the receiver has, and PSN 4 is resent while the ACK the duplicate "
                    + "of PSN 3 drew is on its way (NoSpuriousRetransmission): gbn-three-packets' go-back after the "
                    + "window's-edge RTO, the NAK's go-back moving the window so that it ends inside the next message",
                    Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER, Map.of("packets", "4", "losses", "2")),
            new VariantSpec("gb0-four-packets-two-losses", "Go-Back-0 with 4-packet messages at L = 2: as "
                    + "gbn-four-packets-two-losses (PSN 1 lost and NAKed, the first message's last ACK lost, the "
                    + "window full inside the second message), the RTO's go-back resends PSN 4 while the ACK the "
                    + "duplicate of PSN 3 drew is on its way (NoSpuriousRetransmission)",
                    Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER, Map.of("packets", "4", "losses", "2")),
            new VariantSpec("ce-three-packets-two-losses", "Check-EPSN with 3-packet messages at L = 2: PSN 0 is "
                    + "lost twice (seed 002's reason 4); as in ce-two-losses the CE timer starts with what is left "
                    + "of the NAK interval, both run out in the same tick, an out-of-order packet in that tick draws "
                    + "NAK(0) and the CE timer sends NAK(0) again (NoRedundantNak)",
                    Set.of(RETRANSMISSION_BOUND, NO_REDUNDANT_NAK), VariantSpec.Origin.PAPER, Map.of("packets", "3", "losses", "2")),
            new VariantSpec("improved-four-packets-two-losses", "Improved with 4-packet messages at L = 2: as in "
                    + "improved-two-losses the NAK interval and the CE timer run out in one tick and NAK(EPSN) goes "
                    + "out twice (NoRedundantNak, 27 steps: PSN 0 lost twice); with PSN 1 lost and PSN 2 lost again "
                    + "after the NAK's go-back, the double NAK(2) makes the sender go back a second time and resend "
                    + "PSN 2 while the ACK(4) drawn by PSN 3, the first message's last packet, is on its way "
                    + "(NoSpuriousRetransmission, 40 steps)",
                    Set.of(RETRANSMISSION_BOUND, NO_REDUNDANT_NAK, NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("packets", "4", "losses", "2")),
            new VariantSpec("st-three-messages-two-losses", "Send-Twice with 3 messages at L = 2: PSN 0 is lost "
                    + "twice (seed 002's reason 4), the NAK's go-back and then the RTO's resend the window with "
                    + "second copies of the last packets; 20 packets are on the wire when the 3rd of 6 is delivered "
                    + "(GoodputBound at 33 % allows 19): st-two-losses' go-backs in a 6-packet transfer",
                    Set.of(GOODPUT), VariantSpec.Origin.PAPER, Map.of("goodput", "33", "messages", "3", "losses", "2")),
            new VariantSpec("improved-three-messages-two-losses", "Improved with 3 messages at L = 2: PSN 0 is lost "
                    + "twice and, as in improved-two-losses, the NAK interval and the CE timer run out in one tick; "
                    + "the second NAK(0) makes the sender go back again and resend PSN 0 while the ACK(2) drawn by "
                    + "PSN 1, the first message's last packet, is on its way (NoSpuriousRetransmission, 41 steps, sending nothing past PSN "
                    + "3), and 20 packets are on the wire when the 3rd of 6 is delivered (GoodputBound at 33 % "
                    + "allows 19). Its NoRedundantNak is improved-two-losses' own trace, which the containment rule "
                    + "carries to more messages",
                    Set.of(RETRANSMISSION_BOUND, NO_SPURIOUS_RETRANSMISSION, GOODPUT), VariantSpec.Origin.PAPER, Map.of("goodput", "33", "messages", "3", "losses", "2")),
            // the next step past (TimedGbnEntry.LOSS_FINDINGS): 5-packet messages at L = 2 (gbn, gb0, improved),
            // where a NAK's go-back moves UNA so that the window of 4 reaches the first message's last packet
            // (the ACK-request rule's stall is left), 4-packet messages at L = 2 (ce) and three losses with
            // 3-packet messages (st); again mechanisms stored at other shapes
            new VariantSpec("gbn-five-packets-two-losses", "Go-Back-N with 5-packet messages at L = 2: PSN 2 is "
                    + "lost and NAKed, and the go-back moves UNA to 2, so the window of 4 reaches PSN 4, the first "
                    + "message's last packet (the ACK-request rule's stall at PSNs 0 to 3 is left); its ACK(5) is "
                    + "lost, the window is full at PSN 5, and the RTO goes back to PSN 2 over packets the receiver "
                    + "has; PSN 5 is resent while the ACK(6) drawn by the duplicate of PSN 4 is on its way "
                    + "(NoSpuriousRetransmission): gbn-four-packets-two-losses' go-back, one packet up",
                    Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER, Map.of("packets", "5", "losses", "2")),
            new VariantSpec("gb0-five-packets-two-losses", "Go-Back-0 with 5-packet messages at L = 2: as "
                    + "gbn-five-packets-two-losses, the NAK moves UNA to 2, the first message's last ACK is lost and "
                    + "the RTO's go-back resends PSN 5 while the ACK the duplicate of PSN 4 drew is on its way "
                    + "(NoSpuriousRetransmission)",
                    Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER, Map.of("packets", "5", "losses", "2")),
            new VariantSpec("ce-four-packets-two-losses", "Check-EPSN with 4-packet messages at L = 2: PSN 0 lost "
                    + "twice, the CE timer and the NAK interval run out in one tick and NAK(0) goes out twice "
                    + "(NoRedundantNak, ce-two-losses' double NAK); with PSN 1 lost and PSN 2 lost again after the "
                    + "NAK's go-back, the double NAK(2) makes the sender go back a second time and resend PSN 2 while "
                    + "the ACK(4) drawn by PSN 3 is on its way (NoSpuriousRetransmission), as in "
                    + "improved-four-packets-two-losses",
                    Set.of(RETRANSMISSION_BOUND, NO_REDUNDANT_NAK, NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("packets", "4", "losses", "2")),
            new VariantSpec("improved-five-packets-two-losses", "Improved with 5-packet messages at L = 2: PSN 2 is "
                    + "lost and NAKed, the go-back moves UNA so that the window reaches PSN 4, the first message's "
                    + "last packet; PSN 2 lost again, the CE timer and the NAK interval run out in one tick and "
                    + "NAK(2) goes out twice (NoRedundantNak); with PSN 3 lost instead, the double NAK(3) makes the "
                    + "sender go back a second time and resend PSN 3 while the ACK(5) drawn by PSN 4 is on its way "
                    + "(NoSpuriousRetransmission)",
                    Set.of(NO_REDUNDANT_NAK, NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("packets", "5", "losses", "2")),
            new VariantSpec("st-three-packets-three-losses", "Send-Twice with 3-packet messages at L = 3: PSN 0 is "
                    + "lost three times (after its first send, after the NAK's go-back and after the RTO's); each "
                    + "go-back resends the window with second copies of the last packets, and 20 packets are on the "
                    + "wire when the first of 6 is delivered (GoodputBound at 33 % allows 19): st-two-losses' "
                    + "go-backs, one loss and one packet per message more",
                    Set.of(GOODPUT), VariantSpec.Origin.PAPER, Map.of("goodput", "33", "packets", "3", "losses", "3")),
            // a third round past those (TimedGbnEntry.LOSS_FINDINGS): st's window's-edge go-back at four
            // packets (three losses), ce's double NAK at five packets, and goodput figures of three more shapes
            new VariantSpec("st-four-packets-three-losses", "Send-Twice with 4-packet messages at L = 3: PSN 2 "
                    + "is lost and NAKed, PSN 3 (the first message's last packet) lost once after the go-back and "
                    + "its other copy's ACK(4) lost; with UNA at 2 the window is full at PSN 5 inside the second "
                    + "message, and the RTO's go-back resends PSN 4 while the ACK(6) drawn by the duplicate of PSN 3 "
                    + "is on its way (NoSpuriousRetransmission): gbn-four-packets-two-losses' go-back at Send-Twice's "
                    + "budget, one loss more", Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("packets", "4", "losses", "3")),
            new VariantSpec("ce-five-packets-two-losses", "Check-EPSN with 5-packet messages at L = 2: as "
                    + "improved-five-packets-two-losses, PSN 2 lost, NAKed and lost again, the CE timer and the NAK "
                    + "interval run out in one tick and NAK(2) goes out twice (NoRedundantNak); with PSN 3 lost "
                    + "instead, the second NAK(3)'s go-back resends PSN 3 while the ACK(5) drawn by PSN 4 is on its "
                    + "way (NoSpuriousRetransmission)",
                    Set.of(NO_REDUNDANT_NAK, NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("packets", "5", "losses", "2")),
            new VariantSpec("gbn-three-packets-four-losses", "Go-Back-N with 3-packet messages at L = 4: PSN 0 is "
                    + "lost four times (after its first send and after each go-back, NAK and RTO); every loss costs a "
                    + "window, and 20 packets are on the wire when the first of 6 is delivered (GoodputBound at 33 % "
                    + "allows 19): gbn-three-losses' go-backs, one packet per message and one loss more",
                    Set.of(GOODPUT), VariantSpec.Origin.PAPER, Map.of("goodput", "33", "packets", "3", "losses", "4")),
            new VariantSpec("gb0-three-packets-three-losses", "Go-Back-0 with 3-packet messages at L = 3: PSN 0 lost "
                    + "and then PSN 2 lost twice; each NAK makes Go-Back-0 resend from the message's first packet, "
                    + "and 20 packets are on the wire when the 3rd of 6 is delivered (GoodputBound at 33 % allows 19)",
                    Set.of(GOODPUT), VariantSpec.Origin.PAPER, Map.of("goodput", "33", "packets", "3", "losses", "3")),
            new VariantSpec("improved-four-messages-two-losses", "Improved with 4 messages at L = 2: PSN 2 lost and "
                    + "NAKed, PSN 4 lost after the go-back, the CE timer and the NAK interval run out in one tick and "
                    + "NAK(4) goes out twice; the go-backs put 26 packets on the wire when the 6th of 8 is delivered "
                    + "(GoodputBound at 33 % allows 25): improved-three-messages-two-losses' goodput at 8 packets",
                    Set.of(RETRANSMISSION_BOUND, GOODPUT), VariantSpec.Origin.PAPER, Map.of("goodput", "33", "messages", "4", "losses", "2")),
            // a fourth round (TimedGbnEntry.LOSS_FINDINGS): where scope gbn-timed stopped after the third, each
            // again a mechanism stored at another shape: Check-EPSN's race with the RTO (ce-three-losses) with
            // 3- and 4-packet messages, st's window's-edge go-back at five packets, goodput figures of 6- and
            // 8-packet transfers
            new VariantSpec("gbn-three-messages-four-losses", "Go-Back-N with 3 messages at L = 4: PSN 0 is lost "
                    + "four times (after its first send and after each go-back: two by NAK, two by RTO); every loss "
                    + "costs a window, and 20 packets are on the wire when the first of 6 is delivered (GoodputBound "
                    + "at 33 % allows 19): gbn-three-packets-four-losses' go-backs in a transfer of the same 6 packets "
                    + "as 3 messages of 2", Set.of(GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "messages", "3", "losses", "4")),
            new VariantSpec("gb0-three-messages-three-losses", "Go-Back-0 with 3 messages at L = 3: PSN 1 (the "
                    + "first message's last packet) is lost three times, each NAK sending Go-Back-0 back to the "
                    + "message's first packet; 20 packets are on the wire when the 3rd of 6 is delivered (GoodputBound "
                    + "at 33 % allows 19)", Set.of(GOODPUT), VariantSpec.Origin.PAPER,
                    Map.of("goodput", "33", "messages", "3", "losses", "3")),
            new VariantSpec("st-five-packets-three-losses", "Send-Twice with 5-packet messages at L = 3: PSN 2 is "
                    + "lost and NAKed, the go-back moves UNA to 2 so that the window reaches PSN 4, the first "
                    + "message's last packet (the ACK-request rule's stall is left); one copy of PSN 4 is lost and "
                    + "the other copy's ACK(5); the window is full at PSN 5, the RTO goes back to PSN 2 over packets "
                    + "the receiver has, and PSN 5 is resent while the ACK(6) drawn by the duplicate of PSN 4 is on "
                    + "its way (NoSpuriousRetransmission): gbn-five-packets-two-losses' go-back at Send-Twice's budget",
                    Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER, Map.of("packets", "5", "losses", "3")),
            new VariantSpec("ce-three-packets-three-losses", "Check-EPSN with 3-packet messages at L = 3: PSN 1 (a "
                    + "middle packet) is lost, the NAK PSN 2's arrival draws is lost, and Check-EPSN's first NAK too; "
                    + "its second NAK leaves in the tick the 16-tick RTO expires (NoPrematureTimeout: ce-three-losses' "
                    + "race); and PSN 0 lost three times, NAK, Check-EPSN's NAK and the double NAK (the CE timer and "
                    + "the NAK interval run out in one tick) put 20 packets on the wire when the 3rd of 6 is "
                    + "delivered (GoodputBound at 33 % allows 19)", Set.of(RETRANSMISSION_BOUND, NO_PREMATURE_TIMEOUT, GOODPUT),
                    VariantSpec.Origin.PAPER, Map.of("goodput", "33", "packets", "3", "losses", "3")),
            new VariantSpec("improved-four-packets-three-losses", "Improved with 4-packet messages at L = 3: PSN 1 "
                    + "(a middle packet, sent once) is lost, the NAK PSN 2's arrival draws is lost, and Check-EPSN's "
                    + "first NAK too; its second NAK leaves in the tick the 16-tick RTO expires (NoPrematureTimeout: "
                    + "improved-three-packets-three-losses' race one packet up); and PSN 1 lost, then PSN 4 lost twice "
                    + "after the go-back with the double NAK(4), 26 packets on the wire when the 6th of 8 is "
                    + "delivered (GoodputBound at 33 % allows 25)", Set.of(RETRANSMISSION_BOUND, NO_PREMATURE_TIMEOUT, GOODPUT),
                    VariantSpec.Origin.PAPER, Map.of("goodput", "33", "packets", "4", "losses", "3")),
            // a fifth round: four losses at the default shape (st, improved) and at 4-packet messages (gb0)
            new VariantSpec("gb0-four-packets-four-losses", "Go-Back-0 with 4-packet messages at L = 4: PSN 0 lost "
                    + "once and PSN 2 three times, each NAK sending Go-Back-0 back to the message's first packet; 26 "
                    + "packets are on the wire when the 3rd of 8 is delivered (GoodputBound at 33 % allows 25)",
                    Set.of(GOODPUT), VariantSpec.Origin.PAPER, Map.of("goodput", "33", "packets", "4", "losses", "4")),
            new VariantSpec("st-four-losses", "Send-Twice at L = 4: one copy of PSN 1 (the first message's last "
                    + "packet) is lost and the other copy's ACK(2), then both copies of PSN 3; the RTO goes back to "
                    + "UNA (PSN 0) over packets the receiver has, and PSN 2 is resent while the ACK(3) drawn by the "
                    + "duplicate of PSN 1 is on its way (NoSpuriousRetransmission): gbn-two-losses' go-back after an "
                    + "RTO with every loss doubled", Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("losses", "4")),
            new VariantSpec("improved-four-losses", "Improved at L = 4: both copies of PSN 1 (the first message's "
                    + "last packet) are lost, the NAK PSN 2's arrival draws is lost, and Check-EPSN's first NAK too; "
                    + "its second NAK leaves in the tick the 16-tick RTO expires (NoPrematureTimeout): "
                    + "ce-three-losses' race with Send-Twice's second copy lost too",
                    Set.of(NO_PREMATURE_TIMEOUT), VariantSpec.Origin.PAPER, Map.of("losses", "4")),
            // a sixth round: Check-EPSN's race behind a suppressed NAK, 5-packet messages at L = 4
            new VariantSpec("ce-five-packets-four-losses", "Check-EPSN with 5-packet messages at L = 4: PSN 1 is "
                    + "lost and NAKed, the go-back moves UNA to 1 so that the window reaches PSN 4, the first "
                    + "message's last packet; PSN 2 is lost again inside the NAK interval (no NAK); PSN 4's arrival "
                    + "starts the CE timer with nothing left of the interval, its NAK(2) and the next are lost, and "
                    + "the third leaves in the tick the 16-tick RTO expires (NoPrematureTimeout): ce-three-losses' "
                    + "race behind a suppressed NAK", Set.of(NO_PREMATURE_TIMEOUT), VariantSpec.Origin.PAPER,
                    Map.of("packets", "5", "losses", "4")),
            new VariantSpec("improved-five-packets-four-losses", "Improved with 5-packet messages at L = 4: as "
                    + "ce-five-packets-four-losses, a NAK's go-back moves the window to the first message's last "
                    + "packet, a second loss inside the NAK interval draws no NAK, and Check-EPSN's third NAK races "
                    + "the 16-tick RTO (NoPrematureTimeout)", Set.of(NO_PREMATURE_TIMEOUT), VariantSpec.Origin.PAPER,
                    Map.of("packets", "5", "losses", "4")),
            // the stored findings over a network that spares last packets (lastPacketLoss=false), where the
            // findings above do not replay (TimedGbnEntry.SPARED_LAST_PACKETS): gbn-two-losses' go-back after
            // the RTO with the second message's last ACK lost in place of its last packet, and ce-three-losses'
            // race of Check-EPSN's retries with the 16-tick RTO with PSN 0 (a first packet) lost
            new VariantSpec("gbn-two-losses-last-packets-spared", "Go-Back-N at L = 2 over a network that never "
                    + "drops a message's last packet: both last ACKs, ACK(2) and ACK(4), are lost; the RTO fires, the "
                    + "sender goes back to UNA (PSN 0) over packets the receiver has, and resends PSN 2 while the "
                    + "ACK the duplicate of PSN 1 (the first message's last packet, AckReq) drew is on its way "
                    + "(NoSpuriousRetransmission): gbn-two-losses' go-back after the RTO, the second message's last "
                    + "ACK lost in place of its last packet", Set.of(NO_SPURIOUS_RETRANSMISSION),
                    VariantSpec.Origin.PAPER, Map.of("losses", "2", "lastPacketLoss", "false")),
            new VariantSpec("gb0-two-losses-last-packets-spared", "Go-Back-0 at L = 2 with last packets spared: "
                    + "as gbn-two-losses-last-packets-spared, both last ACKs lost, the RTO's go-back resends PSN 2 "
                    + "while the ACK the duplicate of PSN 1 drew is on its way (NoSpuriousRetransmission)",
                    Set.of(NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("losses", "2", "lastPacketLoss", "false")),
            new VariantSpec("ce-two-losses-last-packets-spared", "Check-EPSN at L = 2 with last packets spared: as "
                    + "gbn-two-losses-last-packets-spared (Check-EPSN acts on a gap, and there is none: the receiver "
                    + "has every packet), both last ACKs lost, the RTO's go-back resends PSN 2 while the ACK the "
                    + "duplicate of PSN 1 drew is on its way (NoSpuriousRetransmission)",
                    Set.of(RETRANSMISSION_BOUND, NO_SPURIOUS_RETRANSMISSION), VariantSpec.Origin.PAPER,
                    Map.of("losses", "2", "lastPacketLoss", "false")),
            new VariantSpec("ce-three-losses-last-packets-spared", "Check-EPSN at L = 3 with last packets spared: "
                    + "PSN 0 (a first packet) is lost, the NAK(0) the out-of-order PSNs 1 and 2 draw is lost, and "
                    + "Check-EPSN's first NAK(0), sent when the rest of the NAK interval runs out after PSN 3 (the "
                    + "last packet) arrives, too; its second NAK(0), one NAK interval of 6 ticks later, leaves one "
                    + "tick before the 16-tick RTO (running since PSN 0's send) expires, and the RTO fires while the "
                    + "gap waits (NoStalledGap): ce-three-losses' race of Check-EPSN's retries with an RTO shorter "
                    + "than three NAK intervals (seed 002 III-B: too small a timeout); with timeout=3 it holds",
                    Set.of(RETRANSMISSION_BOUND, NO_STALLED_GAP), VariantSpec.Origin.PAPER, Map.of("losses", "3", "lastPacketLoss", "false")),
            new VariantSpec("improved-three-losses-last-packets-spared", "Improved at L = 3 with last packets "
                    + "spared: as ce-three-losses-last-packets-spared, PSN 0 (a first packet, sent once: Send-Twice "
                    + "copies last packets only), the NAK(0) and Check-EPSN's first NAK(0) are lost, and the 16-tick "
                    + "RTO fires one tick after Check-EPSN's second NAK(0) leaves, while the gap waits (NoStalledGap); "
                    + "with timeout=3 (ce-timer-restart's coverage scope) it holds",
                    Set.of(RETRANSMISSION_BOUND, NO_STALLED_GAP), VariantSpec.Origin.PAPER, Map.of("losses", "3", "lastPacketLoss", "false")),
            new VariantSpec("gbn-no-rto", "Go-Back-N with the ACK timer disabled (IB timeout=0)",
                    Set.of("DeadlockFree", PROGRESS), VariantSpec.Origin.MUTATION, Map.of("timeout", "0")));

    /** Every property of gbn-timed has a variant above that violates it: none is structural. */
    static final Map<String, String> STRUCTURAL = Map.of(TimedGbnProperties.RTO_EXACT,
            "holds by construction in every variant: the ACK timer is the model's clock for the RTO, and no "
                    + "mechanism changes how long it runs once started (rto-restart only decides when it starts "
                    + "again); it guards the timer's arithmetic, and TimedTimerExactnessTest shows it rejects a "
                    + "timer armed one tick short on every arming step, or left unchanged by a tick, of improved's state "
                    + "space; the TLA+ twin states it too, and TLC rejects the twin mutated either way (MutatedSpecTest)");
}
