package org.rdmacheck.checker.fabric;

import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Fifo;

/**
 * The invariant {@code RoutesLive} of {@link BudgetDecision}: no packet on a dead arc, every VL0
 * packet on its escape route; every DFT entry that names a dead arc, or a VL0 entry that does not
 * name its message's escape route at the switch, belongs to a message with every packet sent and
 * none in flight (so no packet will ever match it); before the failure, a message with nothing sent
 * has no entry; no buffer holds more than {@code min(threshold, background)} background packets (the
 * bound {@link PacketBudget} counts with, checked where it is used). It does not read the receivers
 * ({@code expected}).
 */
final class RoutesCheck implements PackedModel.StateTest {
    private final NetworkModel m;
    private final NetworkLayout g;
    private final FabricNet net;
    private final org.rdmacheck.model.topology.Topology topology;
    private final ThreadLocal<org.rdmacheck.model.layout.Expansion> views;
    private final int backgroundCap;

    RoutesCheck(NetworkModel m) {
        this.m = m;
        this.g = m.fields();
        this.net = m.net();
        this.topology = net.topology();
        this.backgroundCap = Math.min(m.config().threshold(), m.config().background());
        this.views = ThreadLocal.withInitial(() -> org.rdmacheck.model.layout.Expansion.onPackedValues(g.layout));
    }

    @Override
    public boolean test(int[] s, int base) {
        int e = g.failed.get(s, base);
        org.rdmacheck.model.layout.Expansion x = views.get();
        x.load(s, base);
        int flows = m.config().flows().size();
        int packets = m.config().packets();
        boolean[] inFlight = new boolean[flows];
        for (org.rdmacheck.model.layout.Field bg : g.background) {
            if (x.get(bg) > backgroundCap) {
                return false; // more background than the count assumes
            }
        }
        for (int b = 0; b < g.buffers.length; b++) {
            Fifo q = g.buffers[b];
            int n = q == null ? 0 : x.length(q);
            int arc = net.bufArc(b / 2);
            if (n > 0 && net.dead(e, arc)) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                int f = g.pFlow.of(x.element(q, i));
                inFlight[f] = true;
                if (b % 2 == 0 && net.escapeArc(e, topology.arcFrom(arc), f) != arc) {
                    return false; // a VL0 packet off its escape route
                }
            }
        }
        for (int v = 0; v < g.dft.length; v++) {
            Fifo q = g.dft[v];
            for (int i = 0, n = q == null ? 0 : x.length(q); i < n; i++) {
                int d = x.element(q, i);
                int f = g.dFlow.of(d);
                int arc = g.dArc.of(d);
                boolean off = net.dead(e, arc) || g.dLane.of(d) == 0 && net.escapeArc(e, v, f) != arc;
                if (off && (inFlight[f] || x.get(g.sent[f]) < packets)) {
                    return false;
                }
                if (e == FabricNet.NONE && x.get(g.sent[f]) == 0) {
                    return false; // before the failure, only a message's own packets write its entries
                }
            }
        }
        return true;
    }
}

