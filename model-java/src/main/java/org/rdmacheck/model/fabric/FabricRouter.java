package org.rdmacheck.model.fabric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rdmacheck.model.fabric.FabricOptions.Cleanup;
import org.rdmacheck.model.fabric.FabricOptions.DftKey;
import org.rdmacheck.model.fabric.FabricOptions.Knockout;
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
        FabricOptions o = config.options();
        List<DftSlot> table = s.dft().get(v);
        boolean end = p.seq() == config.packets() - 1;
        List<DftSlot> after = end && !o.off(Knockout.DFT_FREE_ON_END) ? free(table, p) : table;
        int e = s.failed();
        List<Hop> hops = new ArrayList<>();
        if (lane == 0) {
            int esc = net.escapeArc(e, v, p.flow());
            if (esc >= 0 && room(s, esc, 0)) {
                hops.add(hop(s, esc, 0, p, Hop.Kind.ESCAPE_FORWARD, after, false));
            }
            if (o.off(Knockout.NO_RETURN_FROM_VL0)) {
                int normal = net.ecmpArc(e, v, p.flow());
                if (normal >= 0 && room(s, normal, 1)) {
                    hops.add(hop(s, normal, 1, p, Hop.Kind.RETURN, after, false));
                }
            }
            return hops;
        }
        if (o.laneChange() == LaneChange.TABLE) {
            return byTable(s, v, p, inArc, table, after, end);
        }
        java.util.Optional<DftSlot> entry = o.off(Knockout.DFT_FOLLOW) ? java.util.Optional.empty() : lookup(table, p);
        int normal = net.ecmpArc(e, v, p.flow());
        if (entry.isPresent()) {
            DftSlot hit = entry.get();
            if (hit.lane() == 1 && isUTurn(hit.arc(), inArc) && o.uTurns() == UTurns.FORBIDDEN) {
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
                } else if (o.off(Knockout.DFT_HIT_WAITS) && room(s, normal, 1)) {
                    hops.add(hop(s, normal, 1, p, Hop.Kind.NORMAL, after, false));
                } else if (!o.off(Knockout.ESCAPE_ACCESS)) {
                    escape(s, v, p, table, after, hops);
                }
                return hops;
            }
        }
        List<Integer> alts = p.seq() == 0 && p.tokens() > 0 && table.size() < config.dftSize()
                ? deflectionArcs(s, v, normal, inArc) : List.of();
        boolean above = occupancy(s, normal, 1) >= config.threshold();
        if (!alts.isEmpty() && (above || o.off(Knockout.DEFLECTION_THRESHOLD))) {
            for (int alt : alts) {
                List<DftSlot> t = end ? after : with(table, new DftSlot(p.flow(), p.tokens(), alt, 1));
                hops.add(hop(s, alt, 1, spend(p), Hop.Kind.ALLOCATE, t, true));
            }
            if (above) {
                return hops;
            }
        }
        if (room(s, normal, 1)) {
            hops.add(hop(s, normal, 1, p, Hop.Kind.NORMAL, after, !alts.isEmpty()));
        } else {
            escape(s, v, p, table, after, hops);
        }
        return hops;
    }

    /**
     * A rule of the lane-rule family decides between IOFD's VL1 moves, the escape lane and waiting
     * (see {@link LaneRule} for its rows and columns).
     */
    /** What the lane rule sees: its row and column, IOFD's VL1 moves, the entry, the escape port. */
    private record TableView(int row, int column, List<Hop> vl1, java.util.Optional<DftSlot> entry, int esc) {
    }

    private TableView view(FabricState s, int v, FabricPacket p, int inArc, List<DftSlot> table,
                           List<DftSlot> after, boolean end) {
        FabricOptions o = config.options();
        int e = s.failed();
        java.util.Optional<DftSlot> entry = o.off(Knockout.DFT_FOLLOW) ? java.util.Optional.empty() : lookup(table, p);
        int normal = net.ecmpArc(e, v, p.flow());
        boolean earlier = earlierHere(s, v, p);
        List<Hop> vl1 = new ArrayList<>();
        int row;
        if (entry.isPresent() && entry.get().lane() == 0) {
            row = earlier ? 6 : 5;
            if (room(s, normal, 1)) {
                vl1.add(hop(s, normal, 1, p, Hop.Kind.NORMAL, after, false));
            }
        } else if (entry.isPresent() && p.tokens() > 0) {
            row = earlier ? 4 : 3;
            DftSlot hit = entry.get();
            boolean forbidden = isUTurn(hit.arc(), inArc) && o.uTurns() == UTurns.FORBIDDEN;
            if (!forbidden && room(s, hit.arc(), 1)) {
                vl1.add(hop(s, hit.arc(), 1, spend(p), Hop.Kind.DFT_HIT, after, false));
            } else if (!forbidden && o.off(Knockout.DFT_HIT_WAITS) && room(s, normal, 1)) {
                vl1.add(hop(s, normal, 1, p, Hop.Kind.NORMAL, after, false));
            }
        } else {
            row = p.seq() == 0 ? 0 : earlier ? 2 : 1;
            List<Integer> alts = p.seq() == 0 && p.tokens() > 0 && table.size() < config.dftSize()
                    ? deflectionArcs(s, v, normal, inArc) : List.of();
            boolean above = occupancy(s, normal, 1) >= config.threshold();
            if (!alts.isEmpty() && (above || o.off(Knockout.DEFLECTION_THRESHOLD))) {
                for (int alt : alts) {
                    List<DftSlot> t = end ? after : with(table, new DftSlot(p.flow(), p.tokens(), alt, 1));
                    vl1.add(hop(s, alt, 1, spend(p), Hop.Kind.ALLOCATE, t, true));
                }
            }
            if ((alts.isEmpty() || !above) && room(s, normal, 1)) {
                vl1.add(hop(s, normal, 1, p, Hop.Kind.NORMAL, after, !alts.isEmpty()));
            }
        }
        int esc = o.escapeLane() && !o.off(Knockout.ESCAPE_LANE) ? net.escapeArc(e, v, p.flow()) : -1;
        // a move to VL0 outside rows Z is recorded so that later packets follow it: it needs the end
        // packet (nothing to record), the message's entry here (replaced) or a free entry
        boolean recordable = row >= 5 || end || entry.isPresent() || table.size() < config.dftSize();
        boolean vl0Open = esc >= 0 && room(s, esc, 0) && recordable;
        int column = vl1.isEmpty() ? (vl0Open ? 2 : -1) : vl0Open ? 0 : 1;
        return new TableView(row, column, vl1, entry, esc);
    }

    /**
     * The lane-rule cell a VL1 packet's move consults (see {@link LaneRule}): {@code row * 3 + column},
     * or -1 when the rule is not consulted (both lanes blocked).
     *
     * @param s     the state
     * @param v     the switch
     * @param p     the packet, on VL1
     * @param inArc the arc it arrived on, -1 at its source ToR
     * @return the cell, or -1
     */
    int cell(FabricState s, int v, FabricPacket p, int inArc) {
        List<DftSlot> table = s.dft().get(v);
        boolean end = p.seq() == config.packets() - 1;
        List<DftSlot> after = end && !config.options().off(Knockout.DFT_FREE_ON_END) ? free(table, p) : table;
        TableView t = view(s, v, p, inArc, table, after, end);
        return t.column() < 0 ? -1 : t.row() * LaneRule.COLUMNS + t.column();
    }

    private List<Hop> byTable(FabricState s, int v, FabricPacket p, int inArc, List<DftSlot> table,
                              List<DftSlot> after, boolean end) {
        FabricOptions o = config.options();
        TableView view = view(s, v, p, inArc, table, after, end);
        if (view.column() < 0) {
            return List.of();
        }
        int row = view.row();
        int column = view.column();
        List<Hop> vl1 = view.vl1();
        java.util.Optional<DftSlot> entry = view.entry();
        int esc = view.esc();
        LaneRule.Action a = o.laneRule().at(row, column);
        if (a == LaneRule.Action.STAY) {
            return vl1;
        }
        if (a == LaneRule.Action.WAIT) {
            return List.of();
        }
        if (row >= 5) {
            return List.of(hop(s, esc, 0, p, Hop.Kind.ESCAPE_FOLLOW, after, false));
        }
        // the move is recorded so that the message's later packets find it (row Z)
        List<DftSlot> base = entry.isPresent() ? without(table, entry.get()) : table;
        if (end) {
            return List.of(hop(s, esc, 0, p, Hop.Kind.ESCAPE, after, false));
        }
        return List.of(hop(s, esc, 0, p, Hop.Kind.ESCAPE_ALLOCATE,
                with(base, new DftSlot(p.flow(), p.tokens(), esc, 0)), false));
    }

    /** Whether an earlier packet of the packet's message waits in a buffer at switch v. */
    private boolean earlierHere(FabricState s, int v, FabricPacket p) {
        Topology t = net.topology();
        for (int b = 0; b < s.buffers().size(); b++) {
            if (t.arcTo(net.bufArc(b / 2)) != v) {
                continue;
            }
            for (FabricPacket q : s.buffers().get(b)) {
                if (q.flow() == p.flow() && q.seq() < p.seq()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<DftSlot> without(List<DftSlot> table, DftSlot d) {
        List<DftSlot> t = new ArrayList<>(table);
        t.remove(d);
        return t;
    }

    /** seed 000 §IV-B: a blocked VL1 packet may move to the escape lane VL0, never back. */
    private void escape(FabricState s, int v, FabricPacket p, List<DftSlot> table, List<DftSlot> after, List<Hop> hops) {
        if (!config.options().escapeLane() || config.options().off(Knockout.ESCAPE_LANE)) {
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
            if (arc != normal && (!t.isHost(t.arcTo(arc)) || config.options().off(Knockout.TOR_NO_HOST)) && room(s, arc, 1)
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
        return !net.dead(s.failed(), arc)
                && (config.options().off(Knockout.PFC_PAUSE) || occupancy(s, arc, lane) < config.xoff());
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
        if (config.options().off(Knockout.TOKEN_SPENDING)) {
            return p;
        }
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
        return c.options().cleanup() == Cleanup.FLUSH && !c.options().off(Knockout.FAILURE_CLEANUP);
    }
}
