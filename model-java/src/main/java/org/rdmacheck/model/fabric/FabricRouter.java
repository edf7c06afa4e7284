package org.rdmacheck.model.fabric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rdmacheck.model.fabric.FabricOptions.Cleanup;
import org.rdmacheck.model.fabric.FabricOptions.DftKey;
import org.rdmacheck.model.fabric.FabricOptions.LaneChange;
import org.rdmacheck.model.fabric.FabricOptions.UTurns;
import org.rdmacheck.model.topology.Topology;

/**
 * The forwarding decision of a switch for the head packet of one of its (port, lane) buffers
 * (seed 000 §IV-A Fig. 7, §IV-B). On the escape lane VL0 a packet follows up*&#47;down* and is never
 * deflected. On VL1 it consults the DFT first: an entry sends it to its port (deflection, one token)
 * or, with lane changes that follow IOFD, onto VL0. Otherwise a message's first packet is deflected
 * when its ECMP buffer is at or above the deflection threshold, it holds a token and a DFT entry is
 * free: to any other live switch port with room (a nondeterministic choice; no host). With U-turns
 * forbidden no deflection, chosen or by a DFT entry, sends a packet back out of the port it arrived
 * on: such a choice is not offered, and a packet whose entry names its arrival port is held (IOFD
 * allows it no other port). This only removes behaviours, so a violation found with U-turns
 * forbidden is a behaviour of the unrestricted rule in which no packet ever makes a U-turn. Otherwise ECMP. A VL1 packet whose next buffer is
 * paused (PFC) may move to VL0 on its escape port, under the lane-change rule. A message's end
 * packet frees the entries it matches as it passes.
 */
final class FabricRouter {

    private final FabricConfig config;
    private final FabricNet net;

    FabricRouter(FabricConfig config, FabricNet net) {
        this.config = config;
        this.net = net;
    }

    /**
     * @param s     the state
     * @param v     the switch
     * @param p     the packet
     * @param lane  the lane it is on
     * @param inArc the arc it arrived on, -1 when its host hands it to its ToR
     * @return every move; empty if back-pressure holds it
     */
    List<Hop> route(FabricState s, int v, FabricPacket p, int lane, int inArc) {
        List<DftSlot> table = s.dft().get(v);
        boolean end = p.seq() == config.packets() - 1;
        List<DftSlot> after = end ? free(table, p) : table;
        int e = s.failed();
        List<Hop> hops = new ArrayList<>();
        if (lane == 0) {
            int esc = net.escapeArc(e, v, p.flow());
            if (esc >= 0 && room(s, esc, 0)) {
                hops.add(hop(s, esc, 0, p, Hop.Kind.ESCAPE_FORWARD, after, false));
            }
            return hops;
        }
        java.util.Optional<DftSlot> entry = lookup(table, p);
        if (entry.isPresent()) {
            DftSlot hit = entry.get();
            if (hit.lane() == 1 && isUTurn(hit.arc(), inArc) && config.options().uTurns() == UTurns.FORBIDDEN) {
                return hops; // no deflection goes back out of the arrival port, and IOFD allows no other port
            }
            if (hit.lane() == 0) {
                if (room(s, hit.arc(), 0)) {
                    hops.add(hop(s, hit.arc(), 0, p, Hop.Kind.ESCAPE_FOLLOW, after, false));
                }
                return hops;
            }
            if (p.tokens() > 0) {
                if (room(s, hit.arc(), 1)) {
                    hops.add(hop(s, hit.arc(), 1, spend(p), Hop.Kind.DFT_HIT, after, false));
                } else {
                    escape(s, v, p, table, after, hops);
                }
                return hops;
            }
        }
        int normal = net.ecmpArc(e, v, p.flow());
        List<Integer> alts = p.seq() == 0 && p.tokens() > 0 && table.size() < config.dftSize()
                ? deflectionArcs(s, v, normal, inArc) : List.of();
        if (!alts.isEmpty() && occupancy(s, normal, 1) >= config.threshold()) {
            for (int alt : alts) {
                List<DftSlot> t = end ? after : with(table, new DftSlot(p.flow(), p.tokens(), alt, 1));
                hops.add(hop(s, alt, 1, spend(p), Hop.Kind.ALLOCATE, t, true));
            }
            return hops;
        }
        if (room(s, normal, 1)) {
            hops.add(hop(s, normal, 1, p, Hop.Kind.NORMAL, after, !alts.isEmpty()));
        } else {
            escape(s, v, p, table, after, hops);
        }
        return hops;
    }

    /** seed 000 §IV-B: a blocked VL1 packet may move to the escape lane VL0, never back. */
    private void escape(FabricState s, int v, FabricPacket p, List<DftSlot> table, List<DftSlot> after, List<Hop> hops) {
        if (!config.options().escapeLane()) {
            return;
        }
        int esc = net.escapeArc(s.failed(), v, p.flow());
        if (esc < 0 || !room(s, esc, 0)) {
            return;
        }
        if (config.options().laneChange() == LaneChange.SILENT) {
            hops.add(hop(s, esc, 0, p, Hop.Kind.ESCAPE, after, false));
        } else if (p.seq() == 0 && table.size() < config.dftSize()) {
            boolean end = p.seq() == config.packets() - 1;
            List<DftSlot> t = end ? after : with(table, new DftSlot(p.flow(), p.tokens(), esc, 0));
            hops.add(hop(s, esc, 0, p, Hop.Kind.ESCAPE_ALLOCATE, t, false));
        }
    }

    private Hop hop(FabricState s, int arc, int lane, FabricPacket p, Hop.Kind kind, List<DftSlot> table,
                    boolean couldDeflect) {
        return new Hop(arc, lane, p, kind, table, occupancy(s, arc, lane) >= config.ecn(), couldDeflect);
    }

    /** Live switch ports other than the ECMP one, with room on VL1; ToRs never deflect to hosts. */
    private List<Integer> deflectionArcs(FabricState s, int v, int normal, int inArc) {
        Topology t = net.topology();
        List<Integer> arcs = new ArrayList<>();
        for (int port = 0; port < t.degree(v); port++) {
            int arc = t.arcAt(v, port);
            if (arc != normal && !t.isHost(t.arcTo(arc)) && room(s, arc, 1)
                    && !(isUTurn(arc, inArc) && config.options().uTurns() == UTurns.FORBIDDEN)) {
                arcs.add(arc);
            }
        }
        return arcs;
    }

    private static boolean isUTurn(int out, int inArc) {
        return inArc >= 0 && out == Topology.reverse(inArc);
    }

    /** Whether the buffer has room: not dead and below the PFC pause threshold (else its upstream is paused). */
    boolean room(FabricState s, int arc, int lane) {
        return !net.dead(s.failed(), arc) && occupancy(s, arc, lane) < config.xoff();
    }

    int occupancy(FabricState s, int arc, int lane) {
        return s.occupancy(2 * net.bufOfArc(arc) + lane);
    }

    private java.util.Optional<DftSlot> lookup(List<DftSlot> table, FabricPacket p) {
        for (DftSlot d : table) {
            if (matches(d, p)) {
                return java.util.Optional.of(d);
            }
        }
        return java.util.Optional.empty();
    }

    private boolean matches(DftSlot d, FabricPacket p) {
        return d.flow() == p.flow() && (config.options().key() == DftKey.MESSAGE || d.tokens() == p.tokens());
    }

    /** seed 000 §IV-A: "de-allocated when the end packet of an RDMA message passes through the switch". */
    private List<DftSlot> free(List<DftSlot> table, FabricPacket p) {
        List<DftSlot> t = new ArrayList<>(table.size());
        for (DftSlot d : table) {
            if (!matches(d, p)) {
                t.add(d);
            }
        }
        return t.size() == table.size() ? table : t;
    }

    private static List<DftSlot> with(List<DftSlot> table, DftSlot add) {
        List<DftSlot> t = new ArrayList<>(table);
        t.add(add);
        Collections.sort(t);
        return t;
    }

    private FabricPacket spend(FabricPacket p) {
        return new FabricPacket(p.flow(), p.seq(), p.tokens() - 1);
    }

    /**
     * @param table a DFT
     * @param flow  a message
     * @return the table without the message's entries (the repaired failure cleanup)
     */
    static List<DftSlot> without(List<DftSlot> table, int flow) {
        return table.stream().filter(d -> d.flow() != flow).toList();
    }

    static boolean flushes(FabricConfig c) {
        return c.options().cleanup() == Cleanup.FLUSH;
    }
}
