package org.rdmacheck.model.iofd;

import java.util.ArrayList;
import java.util.List;

/**
 * The forwarding decision of a switch for an arriving packet (seed 000 §IV-A, Fig. 7, and §IV-B):
 * every packet consults the DFT first; on a hit with tokens left it is deflected to the entry's
 * port. Otherwise the message's first packet is chosen for deflection when its ECMP port is at or
 * above the deflection threshold, it has tokens and a DFT entry is free; it then goes to any other
 * live switch port with room (chosen nondeterministically: "a randomly-selected output port"),
 * never to a host. Everything else follows ECMP.
 */
final class Router {

    private final IofdConfig config;
    private final Fabric fabric;

    Router(IofdConfig config, Fabric fabric) {
        this.config = config;
        this.fabric = fabric;
    }

    /**
     * @param s  the state (queues and DFT before the packet arrives)
     * @param sw the switch's node id
     * @param p  the arriving packet
     * @return every decision the switch may take; empty if back-pressure holds the packet upstream
     */
    List<Route> route(IofdState s, int sw, Packet p) {
        IofdVariant v = config.variant();
        List<DftEntry> table = s.dft().get(fabric.switchOfNode(sw));
        int normal = fabric.normalArc(s.failed(), sw, p.flow());
        List<Route> routes = new ArrayList<>();
        if (normal < 0) {
            return routes; // only with failure-cleanup knocked out: a stale entry led the packet off every route
        }
        if (v.usesDft() && !config.off(IofdConfig.Knockout.DFT_FOLLOW)) {
            java.util.Optional<DftEntry> hit = DeflectedFlowTable.lookup(table, p, v);
            if (hit.isPresent() && p.tokens() > 0) {
                // seed 000 §IV-A: a matching packet is deflected to the port of the entry; §IV-C: a
                // flow blocked by a failure is not re-routed (only a stale entry can name a failed switch)
                if (hasRoom(s, hit.get().arc()) && !s.failed().contains(fabric.topology().arcTo(hit.get().arc()))) {
                    routes.add(new Route(normal, hit.get().arc(), spend(p), Route.DFT_HIT, table));
                } else if (config.off(IofdConfig.Knockout.DFT_HIT_WAITS) && hasRoom(s, normal)) {
                    routes.add(new Route(normal, normal, p, Route.NORMAL, table));
                }
                return routes;
            }
        }
        boolean below = config.off(IofdConfig.Knockout.DEFLECTION_THRESHOLD)
                && s.length(fabric.queueOfArc(normal)) < config.threshold();
        if (chosenForDeflection(s, p, normal) || below && startsDeflection(p)) {
            for (int alt : deflectionArcs(s, sw, normal)) {
                Packet out = spend(p);
                if (!v.usesDft()) {
                    routes.add(new Route(normal, alt, out, Route.PER_PACKET, table));
                } else if (table.size() < config.dftSize()) {
                    DftEntry e = new DftEntry(p.flow(), p.tokens(), alt);
                    routes.add(new Route(normal, alt, out, Route.ALLOCATE, DeflectedFlowTable.with(table, e, null)));
                } else if (v == IofdVariant.OVERWRITE) {
                    for (DftEntry victim : table) {
                        DftEntry e = new DftEntry(p.flow(), p.tokens(), alt);
                        routes.add(new Route(normal, alt, out, Route.OVERWRITE,
                                DeflectedFlowTable.with(table, e, victim)));
                    }
                }
            }
            if (!routes.isEmpty() && !below) {
                return routes;
            }
        }
        if (hasRoom(s, normal)) {
            routes.add(new Route(normal, normal, p, Route.NORMAL, table));
        }
        return routes;
    }

    /** seed 000 §IV-B: only above the threshold, only with spare tokens, only a message's first packet. */
    private boolean chosenForDeflection(IofdState s, Packet p, int normal) {
        return startsDeflection(p) && s.length(fabric.queueOfArc(normal)) >= config.threshold();
    }

    private boolean startsDeflection(Packet p) {
        boolean packetMayStart = p.seq() == 0 || config.variant() == IofdVariant.DEFLECT_MIDDLE
                || config.variant() == IofdVariant.NO_DFT;
        return packetMayStart && p.tokens() > 0;
    }

    /** Live switch ports other than the ECMP one, with room; ToRs never deflect to hosts (seed 000 §IV-A). */
    private List<Integer> deflectionArcs(IofdState s, int sw, int normal) {
        List<Integer> arcs = new ArrayList<>();
        var t = fabric.topology();
        for (int port = 0; port < t.degree(sw); port++) {
            int arc = t.arcAt(sw, port);
            int next = t.arcTo(arc);
            boolean hostOk = !t.isHost(next) || config.off(IofdConfig.Knockout.TOR_NO_HOST);
            if (arc != normal && hostOk && !s.failed().contains(next) && hasRoom(s, arc)) {
                arcs.add(arc);
            }
        }
        return arcs;
    }

    private boolean hasRoom(IofdState s, int arc) {
        return config.off(IofdConfig.Knockout.BACK_PRESSURE) || s.length(fabric.queueOfArc(arc)) < config.queue();
    }

    private Packet spend(Packet p) {
        return config.variant().spendsTokens() && !config.off(IofdConfig.Knockout.TOKEN_SPENDING) ? new Packet(p.flow(), p.seq(), p.tokens() - 1) : p;
    }
}
