package org.rdmacheck.model.dasr;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Sizes of a Dart receiver model and its design. Senders are numbered 0..senders*tenants-1;
 * sender s belongs to tenant s / senders. Incast group g lists senders g and g+1 (mod the sender
 * count), so groups overlap and, with several tenants, some lists name another tenant's sender
 * (false information a tenant may send, seed 000, III-E).
 *
 * @param senders   senders per tenant, at least 1
 * @param messages  in-flight messages per sender (started or announced), at least 1
 * @param tenants   tenants, at least 1
 * @param groups    static incast groups, at least 0
 * @param lookahead whether look-ahead notifications are used (seed 000, III-D)
 * @param design    the design
 * @param loop      sizes of the persistent-congestion loop (ignored under the free network)
 */
public record DartConfig(int senders, int messages, int tenants, int groups, boolean lookahead, Design design,
                         LoopParams loop) {

    /** A configuration with the default loop sizes. */
    public DartConfig(int senders, int messages, int tenants, int groups, boolean lookahead, Design design) {
        this(senders, messages, tenants, groups, lookahead, design, LoopParams.DEFAULT);
    }

    /** Validates sizes. */
    public DartConfig {
        Objects.requireNonNull(design);
        Objects.requireNonNull(loop);
        if (senders < 1 || messages < 1 || tenants < 1 || groups < 0) {
            throw new IllegalArgumentException("senders, messages, tenants must be >= 1 and groups >= 0, got "
                    + senders + ", " + messages + ", " + tenants + ", " + groups);
        }
        if (design.network().persistent() && (tenants != 1 || senders < 2)) {
            throw new IllegalArgumentException("persistent combined congestion needs tenants = 1 and senders >= 2");
        }
    }

    /** @return total number of senders */
    public int totalSenders() {
        return senders * tenants;
    }

    /**
     * @param sender a sender id
     * @return its tenant
     */
    public int tenantOf(int sender) {
        return sender / senders;
    }

    /**
     * @param group a group id
     * @return its members, ascending
     */
    public List<Integer> members(int group) {
        int n = totalSenders();
        int a = group % n;
        int b = (group + 1) % n;
        List<Integer> m = new ArrayList<>();
        m.add(Math.min(a, b));
        if (a != b) {
            m.add(Math.max(a, b));
        }
        return List.copyOf(m);
    }

    /** @return the largest n a receiver can advertise under this design */
    public int maxN() {
        int perTenant = design.counting() == Design.SenderCounting.MESSAGES ? senders * messages : senders;
        return design.apportioning() == Design.Apportioning.RECEIVER_WIDE ? perTenant * tenants : perTenant;
    }
}
