package org.rdmacheck.model.gbn;

import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.StateLayout;

/**
 * The declared state of the exhaustive Go-Back-N model: one sender, one receiver, a FIFO data
 * channel and a FIFO control channel of bounded capacity, and the loss budget. The names are those
 * of {@code specs/gbn/Spec.tla}'s variables, so traces map onto the TLA+ twin one to one; the bounds
 * (PSNs up to N = K·M) give the bit widths.
 */
public final class GbnLayout {

    /** sender: next PSN to transmit */
    public final Field next;
    /** sender: oldest unacknowledged PSN */
    public final Field una;
    /** receiver: expected PSN */
    public final Field epsn;
    /** receiver: a NAK interval is running */
    public final Field nakTimer;
    /** receiver: LPSN recorded by Check-EPSN while its timer runs, -1 when idle */
    public final Field ceLpsn;
    /** receiver: EPSN of the last NAK under the per-EPSN NAK policy, -1 otherwise */
    public final Field lastNak;
    /** data channel, oldest first: PSNs in flight */
    public final Fifo data;
    /** a data packet's PSN */
    public final Field dataPsn;
    /** control channel, oldest first: ACKs and NAKs in flight */
    public final Fifo ctrl;
    /** a control packet's kind */
    public final Field ctrlKind;
    /** a control packet's PSN */
    public final Field ctrlPsn;
    /** the loss budget still unused */
    public final Field lossesLeft;
    /** the layout */
    public final StateLayout layout;

    /**
     * @param total    packets N: PSNs are 0..N-1
     * @param capacity capacity of each channel
     * @param losses   the loss budget
     */
    GbnLayout(int total, int capacity, int losses) {
        StateLayout.Builder b = StateLayout.builder();
        next = b.integer("next", 0, total);
        una = b.integer("una", 0, total);
        epsn = b.integer("epsn", 0, total);
        nakTimer = b.bool("nakTimer");
        ceLpsn = b.integer("ceLpsn", -1, total - 1);
        lastNak = b.integer("lastNak", -1, total - 1);
        dataPsn = StateLayout.Builder.component("psn", 0, total - 1);
        data = b.fifo("data", capacity, dataPsn);
        ctrlKind = StateLayout.Builder.kind("kind", Ctrl.Kind.class);
        ctrlPsn = StateLayout.Builder.component("psn", 0, total);
        ctrl = b.fifo("ctrl", capacity, ctrlKind, ctrlPsn);
        lossesLeft = b.integer("lossesLeft", 0, losses);
        layout = b.build();
    }

    /**
     * @param kind ACK or NAK
     * @param psn  the PSN it carries
     * @return the control channel element's bits
     */
    public int ctrl(Ctrl.Kind kind, int psn) {
        return ctrlKind.bits(kind.ordinal()) | ctrlPsn.bits(psn);
    }
}
