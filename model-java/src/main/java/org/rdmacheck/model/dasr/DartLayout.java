package org.rdmacheck.model.dasr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.StateLayout;
import org.rdmacheck.model.layout.SymmetricSet;

/**
 * The declared state of the Dart receiver model (seed 000, III): the receiver (machine state,
 * Active Unique Sender Sets, look-ahead records, soft-state freshness), the senders (messages in
 * flight, failures, the n they apply and the n in the ACK on its way to them, DCQCN reaction points)
 * and the feedback in flight. The names are those of {@code specs/dasr/Spec.tla}'s variables.
 *
 * <p>Every AUSS holds only its own tenant's senders (a message start and a look-ahead both enter a
 * sender into its own tenant's set), so the sets are one array of in-flight counts per sender, as
 * in the TLA+ twin (0: absent). A look-ahead record of incast group g is one flag per member of the
 * group. The reaction points and the mode age exist only under the persistent network; under the
 * free network their bounds are 0..0 and they take no bits.
 */
public final class DartLayout {

    /** the receiver machine's state (Figure 5) */
    public final Field mode;
    /** per sender: messages in flight (started, not ended) */
    public final Field[] flight;
    /** per group, per member ({@link DartConfig#members}): announced by the group's look-ahead, not started */
    public final Field[][] announced;
    /** per sender: its in-flight count in its tenant's AUSS (0: not in the set) */
    public final Field[] auss;
    /** per sender: activity seen since the last soft-state tick */
    public final Field[] fresh;
    /**
     * per sender: the environment's record that a packet of it arrived since the last soft-state
     * tick, read by the timing assumption (a live sender's packets arrive within every timeout
     * period, seed 000, III-B). While the receiver refreshes a sender's soft state on each of its
     * packets, {@link #fresh} records every such arrival and this stays false (no states added);
     * with the refresh knocked out it is the separate record the assumption needs
     */
    public final Field[] arrived;
    /** per sender: crashed */
    public final Field[] failed;
    /** per sender: the n it applies (rate = line rate / n) */
    public final Field[] applied;
    /** per sender: the n in the ACK in flight to it (0: none) */
    public final Field[] ack;
    /** ECN feedback in flight to the senders */
    public final Field ecnEcho;
    /** per tenant: window boundaries since its advertised n last changed, 0..2 */
    public final Field[] sinceChange;
    /** per sender, its reaction point: R_C */
    public final Field[] rc;
    /** per sender, its reaction point: R_T */
    public final Field[] rt;
    /** per sender, its reaction point: alpha level */
    public final Field[] alpha;
    /** per sender, its reaction point: CNP-free windows */
    public final Field[] since;
    /** per sender, its reaction point: R_AI credits */
    public final Field[] credit;
    /** persistent network: window ends since the machine state last changed, capped at k */
    public final Field modeAge;
    /** the layout */
    public final StateLayout layout;
    /** persistent network: senders 1..n-1, interchangeable */
    private final SymmetricSet symmetric;

    DartLayout(DartConfig c) {
        int n = c.totalSenders();
        int m = c.messages();
        int maxN = c.maxN();
        boolean persistent = c.design().network().persistent();
        int lineRate = 0;
        int sinceMax = 0;
        int creditMax = 0;
        if (persistent) {
            RateLoop loop = RateLoop.of(c);
            DcqcnGrid grid = loop.grid();
            lineRate = loop.lineRate();
            // past the cap, every window without CNP is a hyper-increase event worth at least one
            // R_AI credit, so R_T reaches L within L * aiCredits windows and R_C follows within L
            sinceMax = grid.sinceCap() + lineRate * grid.aiCredits() + lineRate + 1;
            creditMax = grid.aiCredits() - 1;
        }
        StateLayout.Builder b = StateLayout.builder();
        mode = b.enumeration("mode", CongestionState.class);
        flight = b.integers("flight", n, 0, m);
        announced = new Field[c.groups()][];
        for (int g = 0; g < c.groups(); g++) {
            announced[g] = b.booleans("announced[" + g + "]", c.members(g).size());
        }
        auss = b.integers("auss", n, 0, m);
        fresh = b.booleans("fresh", n);
        failed = b.booleans("failed", n);
        applied = b.integers("applied", n, 1, maxN);
        ack = b.integers("ack", n, 0, maxN);
        ecnEcho = b.bool("ecnEcho");
        sinceChange = b.integers("sinceChange", c.tenants(), 0, 2);
        rc = b.integers("rc", n, 0, lineRate);
        rt = b.integers("rt", n, 0, lineRate);
        alpha = b.integers("alpha", n, 0, persistent ? DcqcnGrid.ALPHA_LEVELS : 0);
        since = b.integers("since", n, 0, sinceMax);
        credit = b.integers("credit", n, 0, creditMax);
        modeAge = b.integer("modeAge", 0, persistent ? c.loop().k() : 0);
        arrived = b.booleans("arrived", n);
        // persistent network: one tenant, no sender step, so the look-ahead records stay empty and
        // a sender's data is its block below; sender 0 crosses the bottleneck and keeps its name
        if (persistent) {
            Field[][] blocks = new Field[n - 1][];
            for (int i = 1; i < n; i++) {
                blocks[i - 1] = new Field[] {flight[i], auss[i], fresh[i], failed[i], applied[i], ack[i], rc[i], rt[i],
                    alpha[i], since[i], credit[i], arrived[i]};
            }
            symmetric = b.symmetric("senders 1.." + (n - 1), blocks);
        } else {
            symmetric = null;
        }
        layout = b.build();
    }

    /** @return the interchangeable senders, under the persistent network */
    public Optional<SymmetricSet> symmetric() {
        return Optional.ofNullable(symmetric);
    }

    /** @return every per-sender array, for footprints */
    List<Field> all(Field[]... arrays) {
        List<Field> out = new ArrayList<>();
        for (Field[] a : arrays) {
            out.addAll(List.of(a));
        }
        return out;
    }

    /** @return every look-ahead flag */
    List<Field> announcedFlags() {
        List<Field> out = new ArrayList<>();
        for (Field[] g : announced) {
            out.addAll(List.of(g));
        }
        return out;
    }
}
