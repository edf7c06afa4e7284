package org.rdmacheck.model.iofd;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Operations on one switch's deflected flow table (seed 000 §IV-A): a small CAM of
 * (message, tokens) -&gt; output port entries, kept as a sorted list so equal tables are equal values.
 */
public final class DeflectedFlowTable {

    private DeflectedFlowTable() {
    }

    /**
     * The entry a packet matches, if any.
     *
     * @param table   the table
     * @param p       the arriving packet
     * @param variant the variant: {@link IofdVariant#FLOW_KEYED} matches on the flow alone
     * @return the matching entry, if any
     */
    public static java.util.Optional<DftEntry> lookup(List<DftEntry> table, Packet p, IofdVariant variant) {
        for (DftEntry e : table) {
            if (e.flow() == p.flow() && (variant == IofdVariant.FLOW_KEYED || e.tokens() == p.tokens())) {
                return java.util.Optional.of(e);
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * @param table the table
     * @param add   entry to add
     * @param drop  entry to remove first (an overwritten victim), or null
     * @return the new table, sorted
     */
    public static List<DftEntry> with(List<DftEntry> table, DftEntry add, DftEntry drop) {
        List<DftEntry> t = new ArrayList<>(table);
        if (drop != null) {
            t.remove(drop);
        }
        t.add(add);
        Collections.sort(t);
        return t;
    }

    /**
     * The table after packet {@code p} leaves the switch through {@code arc}. In the design the
     * message's last packet frees the entry of its pass (seed 000 §IV-A: "de-allocated when the end
     * packet of an RDMA message passes through the switch"); the variants free on the first packet or
     * free every entry of the flow.
     *
     * @param table   the table
     * @param p       the leaving packet (tokens as it leaves)
     * @param arc     the arc it leaves through
     * @param packets packets per message
     * @param variant the variant
     * @return the new table (the same object if nothing is freed)
     */
    public static List<DftEntry> afterLeaving(List<DftEntry> table, Packet p, int arc, int packets,
                                              IofdVariant variant) {
        return afterLeaving(table, p, arc, packets, variant, variant.spendsTokens());
    }

    /**
     * As {@link #afterLeaving(List, Packet, int, int, IofdVariant)}, with whether misroutes spend
     * tokens given explicitly (the token-spending knock-out).
     *
     * @param table   the table
     * @param p       the leaving packet (tokens as it leaves)
     * @param arc     the arc it leaves through
     * @param packets packets per message
     * @param variant the variant
     * @param spends  whether a misroute spent a token of the packet
     * @return the new table (the same object if nothing is freed)
     */
    public static List<DftEntry> afterLeaving(List<DftEntry> table, Packet p, int arc, int packets,
                                              IofdVariant variant, boolean spends) {
        if (table.isEmpty() || !variant.usesDft()) {
            return table;
        }
        int freeingSeq = variant == IofdVariant.FREE_ON_FIRST ? 0 : packets - 1;
        if (p.seq() != freeingSeq) {
            return table;
        }
        int arrivalTokens = p.tokens() + (spends ? 1 : 0);
        List<DftEntry> t = new ArrayList<>(table.size());
        for (DftEntry e : table) {
            boolean freed = e.flow() == p.flow() && (variant == IofdVariant.FLOW_KEYED
                    || e.arc() == arc && e.tokens() == arrivalTokens);
            if (!freed) {
                t.add(e);
            }
        }
        return t.size() == table.size() ? table : t;
    }
}
